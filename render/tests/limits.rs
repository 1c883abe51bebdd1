//! One phone screen, readable at 400 px: every game at every player count, drawn along seeded
//! random games for the public board and every seat's own, must be at most 1,600 px tall at
//! 960 px wide and at most 100 KB, with no text clipped by the picture or a panel, no two
//! lines of text overlapping, no essential text under about 11 px when the picture is shown
//! 400 px wide, and no identifier (a ruling number, a phase code) or broken grammar in it.
//! The golden boards (the longest stacks, the fullest towns) are held to the same limits.
//!
//! `cargo run --release -p render --example board_figures` prints the figures these hold.

mod common;

use common::limits::{identifiers, problems};
use common::walk::{Stop, walk};
use engines::{AnyGame, GameKind, Viewer};

/// Draws every stop of the walks of `kind` and fails with every problem found.
fn check_game(kind: GameKind, games: u64, every: usize) {
    let (low, high) = kind.players();
    let mut failures = Vec::new();
    let mut pictures = 0;
    for players in low..=high {
        let names = common::names(players);
        for seed in 0..games {
            walk(kind, players, seed, every, |stop: Stop| {
                let drawing = render::board_drawing(&stop.view, &names).expect("draws");
                pictures += 1;
                failures.extend(problems(&drawing).into_iter().map(|p| format!("{}: {p}", stop.label())));
            });
        }
    }
    report(kind.id(), pictures, &failures);
}

/// Draws the golden boards of `kind` (public and every seat) under the same limits.
fn check_boards(id: &str, games: &[AnyGame]) {
    let mut failures = Vec::new();
    let mut pictures = 0;
    for (i, game) in games.iter().enumerate() {
        let names = common::names(game.players());
        let viewers =
            std::iter::once(Viewer::Public).chain((0..game.players()).map(|s| Viewer::Seat(engines::Seat(s as u8))));
        for viewer in viewers {
            let drawing = render::board_drawing(&game.view(viewer), &names).expect("draws");
            pictures += 1;
            failures.extend(problems(&drawing).into_iter().map(|p| format!("board {i} {viewer:?}: {p}")));
        }
    }
    report(id, pictures, &failures);
}

fn report(id: &str, pictures: usize, failures: &[String]) {
    let shown: Vec<&String> = failures.iter().take(40).collect();
    assert!(
        failures.is_empty(),
        "{id}: {} problems in {pictures} pictures; the first:\n{}",
        failures.len(),
        shown.iter().map(|s| s.as_str()).collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn identifiers_are_found() {
    assert!(identifiers("Game over after four rounds (R35)").is_some());
    assert!(identifiers("T6 · hand card").is_some());
    assert!(identifiers("T0r · re-entry").is_some());
    assert!(identifiers("You's turn").is_some());
    assert!(identifiers("dice_mix").is_some());
    assert!(identifiers("Round 3 · Ada's turn · R is red").is_none());
    assert!(identifiers("Turn 7 of 20").is_none());
}

#[test]
fn martian_12s() {
    check_game(GameKind::Martian12s, 2, 10);
    check_boards(
        "martian-12s boards",
        &[common::nine_players(), common::nine_players_long_stack(), common::finished()],
    );
}

/// Two games per count, every 24th decision: a game runs to several hundred decisions.
#[test]
fn martian_gunslinger() {
    check_game(GameKind::MartianGunslinger, 2, 24);
    use common::gunslinger as mg;
    check_boards("martian-gunslinger boards", &[mg::four_players_mid_game(), mg::four_players_finished()]);
}

/// Two games per count, every 8th decision: a game runs to about three hundred decisions.
#[test]
fn gunslinger_gang() {
    check_game(GameKind::GunslingerGang, 2, 8);
    use common::gunslinger_gang as gg;
    check_boards("gunslinger-gang boards", &[gg::four_players_planning(), gg::resolution(), gg::finished()]);
}

#[test]
fn conquest_of_mars() {
    check_game(GameKind::ConquestOfMars, 1, 12);
    use common::conquest_of_mars as com;
    check_boards("conquest-of-mars boards", &[com::attack_commit(), com::attack_casualty(), com::finished()]);
}

/// One game per player count, every 16th decision: a five-player game has over a thousand.
#[test]
fn raja() {
    check_game(GameKind::Raja, 1, 16);
    use common::raja;
    check_boards("raja boards", &[raja::auction(), raja::siege(), raja::finished()]);
}
