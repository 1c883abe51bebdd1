//! Gunslinger Gang games for the golden tests and the benchmark, played through the engines'
//! public API: a seeded setup, then the seeded computer player's (legal) moves until a
//! chosen moment.

use engines::gunslinger_gang::{Phase, View};
use engines::{AnyGame, AnyView, GameKind, GameRng, Seat, Viewer};

use super::pending_seat;

/// A new Gunslinger Gang game.
pub fn setup(players: usize, seed: u64) -> AnyGame {
    AnyGame::setup(GameKind::GunslingerGang, &serde_json::json!({}), players, seed).expect("valid setup")
}

/// The Gunslinger Gang view of `game` for `viewer`.
pub fn view(game: &AnyGame, viewer: Viewer) -> View {
    let AnyView::GunslingerGang(view) = game.view(viewer) else { panic!("not a Gunslinger Gang game") };
    *view
}

/// Plays the seeded computer player's moves for whoever is pending until `stop` holds for
/// the public view (or the game ends).
pub fn play_until(game: &mut AnyGame, rng: &mut GameRng, stop: impl Fn(&View) -> bool) {
    for _ in 0..5_000 {
        let Some(seat) = pending_seat(game) else { return };
        if stop(&view(game, Viewer::Public)) {
            return;
        }
        let action = game.random_action(seat, rng).expect("a pending seat has a move");
        game.apply(seat, &action, &[]).unwrap_or_else(|e| panic!("{action} for {seat}: {e}"));
    }
    panic!("the game never reached the moment asked for");
}

/// A game of `players` from `seed`, played until `stop`.
pub fn played(players: usize, seed: u64, stop: impl Fn(&View) -> bool) -> AnyGame {
    let mut game = setup(players, seed);
    let mut rng = GameRng::from_seed(seed.wrapping_mul(7919));
    play_until(&mut game, &mut rng, stop);
    game
}

/// Whether `view` is in round `round`'s Planning with at least `plays` plays made.
pub fn planning(view: &View, round: u8, plays: u8) -> bool {
    view.round == round && view.phase == Phase::Planning && view.plays_done >= plays
}

/// The seat that must act in `view`.
pub fn acting(view: &View) -> Seat {
    view.pending.expect("someone is acting")
}

/// Two players in round 2's Planning, five plays made: two towns still face down, the
/// Saloon's sheriff and deputy held, items on the board and in hand.
pub fn two_players_planning() -> AnyGame {
    played(2, 5, |view| planning(view, 2, 5))
}

/// Four players in round 3's Planning, nine plays made: every town founded, buildings,
/// lawmen, items held and used, News attached.
pub fn four_players_planning() -> AnyGame {
    played(4, 3, |view| planning(view, 3, 9))
}

/// Three players in round 2's Resolution: a Hired Gun revealed with Gold Strike resolved
/// before it, running outlaws out of town; a Wager or flag on the board.
pub fn resolution() -> AnyGame {
    played(3, 3, |view| {
        let flagged = view.towns.iter().any(|t| t.gold_strike || t.collapse || !t.wagers.is_empty());
        let reveal = view.resolving.as_ref().is_some_and(|r| r.story.is_some() && r.ability.is_some());
        view.round >= 2 && reveal && flagged && view.towns.iter().map(|t| t.stack.len()).sum::<usize>() >= 5
    })
}

/// A finished four-player game whose first two places tie on VP and are separated by
/// sheriffs (R28).
pub fn finished() -> AnyGame {
    played(4, 12, |_| false)
}
