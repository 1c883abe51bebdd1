//! The reveal picture at the end of a game (issue #28): for a finished game of each game with
//! secrets, one picture names every seat's private facts at the end, within the phone limits
//! (at most 1,600 px tall at 960 px wide, 100 KB, essential text readable); a game with
//! nothing private gets none.

mod common;

use common::limits::problems;
use engines::{AnyGame, GameKind, GameRng, Seat, Viewer};

/// A seeded game of `kind` played to its end by random legal moves.
fn finished(kind: GameKind, options: &serde_json::Value, players: usize, seed: u64) -> AnyGame {
    let mut game = AnyGame::setup(kind, options, players, seed).expect("setup");
    let mut rng = GameRng::from_seed(seed);
    while let Some(seat) = common::pending_seat(&game) {
        let action = game.random_action(seat, &mut rng).expect("a legal move");
        game.apply(seat, &action, &common::names(players)).expect("legal");
    }
    game
}

fn views(game: &AnyGame) -> (engines::AnyView, Vec<engines::AnyView>) {
    let seats = (0..game.players()).map(|s| game.view(Viewer::Seat(Seat(s as u8)))).collect();
    (game.view(Viewer::Public), seats)
}

#[test]
fn a_finished_game_reveals_each_seats_secrets_in_one_picture_within_the_limits() {
    let short = |kind| match kind {
        GameKind::ConquestOfMars => serde_json::json!({"round_cap": 20}),
        _ => serde_json::json!({}),
    };
    for kind in [GameKind::MartianGunslinger, GameKind::GunslingerGang, GameKind::ConquestOfMars, GameKind::Raja] {
        let (_, most) = kind.players();
        for players in [2, most] {
            let names = common::names(players);
            let game = finished(kind, &short(kind), players, 3);
            let (public, seats) = views(&game);
            let drawing = render::reveal_drawing(&public, &seats, &names).expect("draws").expect("secrets to show");
            let found = problems(&drawing);
            assert!(found.is_empty(), "{kind} at {players}: {found:?}");
            let drawn: Vec<&str> = drawing.texts.iter().map(|t| t.text.as_str()).collect();
            for (seat, own) in seats.iter().enumerate() {
                let lines = render::reveal_lines(&public, own, &names);
                if lines.is_empty() {
                    continue;
                }
                assert!(drawn.contains(&names[seat].as_str()), "{kind}: {} has a panel: {drawn:?}", names[seat]);
                // The first private fact of each seat is written out (wrapped lines start it).
                let first = lines[0].split_whitespace().next().expect("words");
                assert!(drawn.iter().any(|t| t.starts_with(first)), "{kind}: {first:?} in {drawn:?}");
            }
            assert!(!drawn.iter().any(|t| t.starts_with("Your ")), "written about the seat: {drawn:?}");
        }
    }
}

#[test]
fn a_game_with_nothing_private_has_no_reveal_picture() {
    let game = finished(GameKind::Martian12s, &serde_json::json!({"rounds": 2}), 3, 5);
    let (public, seats) = views(&game);
    assert!(render::reveal_drawing(&public, &seats, &common::names(3)).expect("draws").is_none());
}
