//! Determinization for computer players (§5, R5). Hidden from a seat: every other blinder, the
//! bank, and the future of the random source. All other holdings are public. A determinized
//! world keeps the observer's own cash and the money total (§9.1), keeps every public
//! commitment payable (the auction's high bidder can pay the high bid, R11), and shares the
//! rest of the money between the other players and the bank at random.
//!
//! During the private setup (§3 step 5, R47) the other players' lands, nobles, walls and
//! shields are hidden too: each other player starts setup afresh in the drawn world, and one
//! who had finished is given the default setup of §3 step 6 (so whether each is done, the
//! only public fact, is kept).

use super::market::{Answer, Side};
use super::siege::SiegeStage;
use super::state::{MONEY_TOTAL, Phase, Player, Raja, Step};
use super::trade::Reply;
use crate::game::Seat;
use crate::rng::GameRng;

pub(super) fn determinize(game: &Raja, observer: Seat, rng: &mut GameRng) -> Raja {
    let mut world = game.clone();
    world.rng = rng.fork();
    if world.phase == Phase::Over {
        return world; // cash and the bank are revealed at the end
    }
    if world.phase == Phase::Setup {
        redraw_setups(&mut world, observer);
    }
    let own = world.players.get(observer.index()).map_or(0, |p| p.cash);
    let hidden = MONEY_TOTAL.saturating_sub(own);
    let others: Vec<usize> = (0..world.players.len()).filter(|i| *i != observer.index()).collect();
    // Floors: what each seat (and the bank) has publicly committed to pay.
    let (floors, bank_floor) = commitments(&world);
    let floors: Vec<u32> = others.iter().map(|i| floors[*i]).collect();
    let rest = hidden.saturating_sub(floors.iter().sum::<u32>() + bank_floor);
    // Random shares for each other player and the bank.
    let weights: Vec<u32> = (0..=others.len()).map(|_| rng.below(1_000) + 1).collect();
    let total: u32 = weights.iter().sum();
    let mut given = 0;
    for ((i, floor), weight) in others.iter().zip(&floors).zip(&weights) {
        let share = (u64::from(rest) * u64::from(*weight) / u64::from(total)) as u32;
        world.players[*i].cash = floor + share;
        given += floor + share;
    }
    world.bank = hidden.saturating_sub(given);
    world
}

/// What each seat, and the bank, must be able to pay in any world the observer could be in:
/// the auction's high bid (R11); in a market order's fill window (§4.3, R17, R18), the cost of a
/// buy order for the active player, and of a sell order for every player who offered to fill
/// it and for the bank (which buys when nobody fills); in a trade window (§4.10), the money the
/// proposer offers, the money the proposal asks of everyone who accepted it, and the money each
/// counter offers (the proposer may select any of them, and the exchange takes it at once); in
/// a siege, the ransom the defender offered (§4.6 step 6: the attacker may accept it).
fn commitments(world: &Raja) -> (Vec<u32>, u32) {
    let mut floors = vec![0; world.players.len()];
    let mut bank = 0;
    let mut commit = |i: usize, amount: u32| {
        if let Some(floor) = floors.get_mut(i) {
            *floor = (*floor).max(amount);
        }
    };
    if let Phase::Auction(auction) = &world.phase
        && let Some((seat, amount)) = auction.high
    {
        commit(seat.index(), amount);
    }
    if let (Some(active), Some(Step::Fill(order))) = (world.active(), world.step()) {
        match order.side {
            Side::Buy => commit(active.index(), order.cost),
            Side::Sell => {
                bank = order.cost;
                for (i, answer) in order.answers.iter().enumerate() {
                    if *answer == Answer::Offered {
                        commit(i, order.cost);
                    }
                }
            }
        }
    }
    if let (Some(active), Some(Step::Trade(proposal))) = (world.active(), world.step()) {
        commit(active.index(), proposal.give.money);
        for (i, reply) in proposal.replies.iter().enumerate() {
            match reply {
                Reply::Accepted => commit(i, proposal.get.money),
                Reply::Countered { give, .. } => commit(i, give.money),
                Reply::NotAsked | Reply::Waiting | Reply::Declined => {}
            }
        }
    }
    if let Some(siege) = world.siege()
        && let SiegeStage::Counter { offer, .. } = siege.stage
    {
        commit(siege.target.index(), offer);
    }
    (floors, bank)
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

    #[test]
    fn a_determinized_world_keeps_what_the_observer_knows_and_nothing_else() {
        let game = Raja::setup(&Default::default(), 3, GameRng::from_seed(4)).expect("setup");
        let mut moved = game.clone();
        // The same table, but the other players' blinders and the bank hold different sums.
        moved.players[1].cash += 20;
        moved.bank -= 20;
        moved.players[2].cash -= 30;
        moved.bank += 30;
        let observer = Seat(0);
        let a = game.determinize(observer, &mut GameRng::from_seed(9));
        let b = moved.determinize(observer, &mut GameRng::from_seed(9));
        assert_eq!(a, b, "the world drawn does not depend on others' hidden money");
        assert_eq!(a.players[0].cash, game.players[0].cash, "the observer's own cash is kept");
        let total: u32 = a.players.iter().map(|p| p.cash).sum::<u32>() + a.bank;
        assert_eq!(total, MONEY_TOTAL, "§9.1 holds");
        a.check_invariants().expect("a consistent world");
    }

    /// R47: during setup another player's lands are as hidden as its cash; whether it has
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
