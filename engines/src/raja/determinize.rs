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

use super::state::{MONEY_TOTAL, Phase, Player, Raja};
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
    // Floors: what a seat has publicly committed to pay.
    let floor = |i: usize| match &world.phase {
        Phase::Auction(auction) => auction.high.filter(|(seat, _)| seat.index() == i).map_or(0, |(_, amount)| amount),
        _ => 0,
    };
    let floors: Vec<u32> = others.iter().map(|i| floor(*i)).collect();
    let rest = hidden.saturating_sub(floors.iter().sum());
    // Random shares for each other player and the bank.
    let weights: Vec<u32> = (0..=others.len()).map(|_| rng.below(1_000) + 1).collect();
    let total: u32 = weights.iter().sum();
    let mut given = 0;
    for ((i, floor), weight) in others.iter().zip(&floors).zip(&weights) {
        let share = (u64::from(rest) * u64::from(*weight) / u64::from(total)) as u32;
        world.players[*i].cash = floor + share;
        given += floor + share;
    }
    world.bank = hidden - given;
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
