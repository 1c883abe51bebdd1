//! Conquest of Mars games for the golden tests and the benchmark, played through the
//! engines' public API: a seeded setup, then the seeded computer player's (legal) moves until
//! a chosen moment.

use engines::conquest_of_mars::View;
use engines::{AnyGame, AnyView, GameKind, GameRng, Seat, Viewer};

use super::pending_seat;

/// A new Conquest of Mars game.
pub fn setup(options: serde_json::Value, players: usize, seed: u64) -> AnyGame {
    AnyGame::setup(GameKind::ConquestOfMars, &options, players, seed).expect("valid setup")
}

/// The Conquest of Mars view of `game` for `viewer`.
pub fn view(game: &AnyGame, viewer: Viewer) -> View {
    let AnyView::ConquestOfMars(view) = game.view(viewer) else { panic!("not a Conquest of Mars game") };
    *view
}

/// Plays the seeded computer player's moves for whoever is pending until `stop` holds for
/// the public view (or the game ends).
pub fn play_until(game: &mut AnyGame, rng: &mut GameRng, stop: impl Fn(&View) -> bool) {
    for _ in 0..100_000 {
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
pub fn played(options: serde_json::Value, players: usize, seed: u64, stop: impl Fn(&View) -> bool) -> AnyGame {
    let mut game = setup(options, players, seed);
    let mut rng = GameRng::from_seed(seed.wrapping_mul(7919));
    play_until(&mut game, &mut rng, stop);
    game
}

/// Pyramids on the board, all players together.
pub fn on_board(view: &View) -> usize {
    view.cells.iter().map(|c| c.pyramids.len()).sum()
}

/// Three players at the start: the starting dice are shown and the first player is about to
/// make the first move on an empty grid of card backs.
pub fn opening() -> AnyGame {
    played(serde_json::json!({}), 3, 4, |v| v.phase == "Main")
}

/// Two players choosing their starting dice, one of them has chosen (sealed).
pub fn sealed_start() -> AnyGame {
    played(serde_json::json!({"dice_mix": "d6_only"}), 2, 9, |v| v.pending.len() == 1)
}

/// The first game from seed `from` on that reaches `stop` before it ends (random games
/// differ in whether they reach a given moment; the search is deterministic).
pub fn first_reaching(players: usize, from: u64, stop: impl Fn(&View) -> bool) -> AnyGame {
    for seed in from..from + 200 {
        let game = played(serde_json::json!({}), players, seed, &stop);
        if pending_seat(&game).is_some() {
            return game;
        }
    }
    panic!("no game from seed {from} on reaches the moment asked for");
}

/// Four players in an attack whose dice are being chosen: a fighter has chosen (sealed),
/// another is still choosing.
pub fn attack_commit() -> AnyGame {
    first_reaching(4, 21, |v| {
        v.attack.as_ref().is_some_and(|a| {
            a.stage == "commit" && a.fighters.iter().any(|f| f.committed) && a.fighters.iter().any(|f| !f.committed)
        }) && on_board(v) >= 6
    })
}

/// Three players in an attack after its first exchange: lines rolled, a loser choosing.
pub fn attack_casualty() -> AnyGame {
    first_reaching(3, 8, |v| {
        v.attack.as_ref().is_some_and(|a| a.stage == "casualty" && a.fighters.iter().all(|f| !f.line.is_empty()))
            && on_board(v) >= 6
    })
}

/// A finished four-player game.
pub fn finished() -> AnyGame {
    played(serde_json::json!({}), 4, 3, |_| false)
}

/// The seat the game waits for in `view`.
pub fn waiting(view: &View) -> Seat {
    *view.pending.first().expect("someone is deciding")
}
