//! Determinization for computer players (§5, R5). Hidden from a seat: the future of the random
//! source and, during the private setup, the other players' lands. Cash is hidden from the
//! table's eyes but not from its memory: every payment is announced with its amount (§5, "a
//! diligent player can reconstruct cash"; the test
//! `every_purse_follows_from_the_public_announcements` keeps that ledger from public events
//! alone and finds every purse in it), and the bank is the rest of the money (§9.1). So a drawn
//! world keeps every purse and the bank as they are: a computer plays as a diligent player
//! who remembers the table.
//!
//! During the private setup (§3 step 5, R47) the other players' lands, nobles, walls and
//! shields are hidden: each other player starts setup afresh in the drawn world, and one who
//! had finished is given the default setup of §3 step 6 (so whether each is done, the only
//! public fact, is kept).

use super::state::{Phase, Player, Raja};
use crate::game::Seat;
use crate::rng::GameRng;

pub(super) fn determinize(game: &Raja, observer: Seat, rng: &mut GameRng) -> Raja {
    let mut world = game.clone();
    world.rng = rng.fork();
    if world.phase == Phase::Setup {
        redraw_setups(&mut world, observer);
    }
    world
}

/// R47: every other player's setup starts again; one who had finished takes the default.
fn redraw_setups(world: &mut Raja, observer: Seat) {
    for i in 0..world.players.len() {
        let seat = Seat(i as u8);
        if seat == observer {
            continue;
        }
        let real = &world.players[i];
        let done = real.set_up();
        let mut fresh = Player::new(real.colour, real.marker);
        fresh.cash = real.cash;
        fresh.resigned = real.resigned;
        world.players[i] = fresh;
        if done {
            // The default setup takes no chance and tells nobody anything (§3 step 6).
            world.take_default(seat, false, &mut Vec::new());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::state::{MONEY_TOTAL, Raja};
    use crate::game::{Game, Seat};
    use crate::rng::GameRng;

    /// §4.3, R17, R18: in a market order's fill window every world drawn can pay the order:
    /// the active buyer, the bank facing a sell order, and everyone who offered to fill it —
    /// the search never reaches a payment nobody can make.
    #[test]
    fn open_market_orders_stay_payable_in_every_world_drawn() {
        use super::super::market::{Answer, Side};
        use super::super::state::Step;
        let (mut buys, mut sells) = (0, 0);
        for seed in 0..40 {
            let mut game = Raja::setup(&Default::default(), 3, GameRng::from_seed(seed)).expect("setup");
            let mut chooser = GameRng::from_seed(!seed);
            let (mut actions, mut events) = (Vec::new(), Vec::new());
            while !game.pending().is_finished() && buys + sells < 60 {
                if let (Some(active), Some(Step::Fill(order))) = (game.active(), game.step().cloned()) {
                    for draw in 0..5 {
                        let observer = game.seats().find(|s| *s != active).expect("another seat");
                        let world = game.determinize(observer, &mut GameRng::from_seed(draw));
                        match order.side {
                            Side::Buy => assert!(world.players[active.index()].cash >= order.cost),
                            Side::Sell => {
                                assert!(world.bank >= order.cost, "the bank can buy");
                                for (i, answer) in order.answers.iter().enumerate() {
                                    if *answer == Answer::Offered && i != observer.index() {
                                        assert!(world.players[i].cash >= order.cost, "an offered filler can pay");
                                    }
                                }
                            }
                        }
                    }
                    if order.side == Side::Buy { buys += 1 } else { sells += 1 }
                }
                crate::ai::random_move(&mut game, &mut chooser, &mut actions, &mut events);
            }
        }
        assert!(buys > 0 && sells > 0, "both kinds of order were checked: {buys} buys, {sells} sells");
    }

    /// After setup a drawn world is the table itself with another future: every purse and the
    /// bank as they are (a diligent player knows them, §5), and other dice to come.
    #[test]
    fn a_drawn_world_after_setup_keeps_the_table_and_redraws_the_dice() {
        let mut game = Raja::setup(&Default::default(), 3, GameRng::from_seed(4)).expect("setup");
        for seat in game.seats().collect::<Vec<_>>() {
            game.apply(seat, &"timeout".parse().expect("action")).expect("default setup");
        }
        assert!(game.phase != super::super::state::Phase::Setup, "setup is over");
        let observer = Seat(0);
        let a = game.determinize(observer, &mut GameRng::from_seed(9));
        let b = game.determinize(observer, &mut GameRng::from_seed(10));
        assert_eq!(a.players, game.players, "every purse and holding is kept");
        assert_eq!(a.bank, game.bank, "the bank is kept");
        assert!(a.rng != game.rng && a.rng != b.rng, "the dice to come are drawn afresh");
        let total: u32 = a.players.iter().map(|p| p.cash).sum::<u32>() + a.bank;
        assert_eq!(total, MONEY_TOTAL, "§9.1 holds");
        a.check_invariants().expect("a consistent world");
    }

    /// R47: during setup another player's lands are hidden; whether it has
    /// finished stays as it is.
    #[test]
    fn other_setups_are_redrawn_and_their_progress_kept() {
        let mut game = Raja::setup(&Default::default(), 3, GameRng::from_seed(4)).expect("setup");
        let mut other = game.clone();
        // Seat 1 finishes by default in one world; in the other it builds its lands by hand.
        game.apply(Seat(1), &"timeout".parse().expect("action")).expect("default setup");
        let hand = other.legal_actions(Seat(1));
        let varied = hand.iter().find(|a| a.to_string() != hand[0].to_string()).unwrap_or(&hand[0]).clone();
        other.apply(Seat(1), &varied).expect("a setup step");
        while !other.players[1].set_up() {
            let legal = other.legal_actions(Seat(1));
            let last = legal.last().expect("a step").clone();
            other.apply(Seat(1), &last).expect("legal");
        }
        assert_ne!(game.players[1].lands, other.players[1].lands, "two different setups");
        let observer = Seat(0);
        let a = game.determinize(observer, &mut GameRng::from_seed(9));
        let b = other.determinize(observer, &mut GameRng::from_seed(9));
        assert_eq!(a.players[1], b.players[1], "the drawn setup does not depend on the real one");
        assert!(a.players[1].set_up() && !a.players[2].set_up(), "who has finished is kept");
        let view = |g: &Raja| serde_json::to_string(&g.view(crate::game::Viewer::Seat(observer))).expect("view");
        assert_eq!(view(&game), view(&a), "the observer sees the same table");
        a.check_invariants().expect("a consistent world");
    }
}
