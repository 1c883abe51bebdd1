//! Golden-image tests: each board is compared with a reference PNG in `tests/golden/`
//! (decoded pixels, small per-channel tolerance), and its text form with a `.txt` beside it.
//! `UPDATE_GOLDEN=1 cargo test -p render --test golden` rewrites the references; on a
//! mismatch the actual picture and a diff image are written to `tests/output/`.

mod common;

use common::golden::{check_png, check_text};
use engines::AnyGame;
use engines::martian_12s::Status;

/// Renders `game`'s public view both ways and checks both against the references.
fn check(name: &str, game: &AnyGame) -> common::Board {
    let view = game.view(engines::Viewer::Public);
    let names = common::names(game.players());
    let png = render::board_png(&view, &names).expect("renders");
    let (width, height) = image::load_from_memory(&png).expect("decodes").to_rgb8().dimensions();
    assert!(width <= 1200, "{name}: {width} px wide");
    assert!(png.len() < 150_000, "{name}: {} bytes", png.len());
    check_png(name, &png);
    let text = render::board_text(&view, &names);
    check_text(name, &text);
    common::Board { text, height }
}

#[test]
fn three_players_mid_round() {
    let game = common::three_players_mid_round();
    let view = common::m12s(&game);
    assert!(view.current.is_some() && view.players.iter().any(|p| p.status == Status::Passed));
    let board = check("three_players_mid_round", &game);
    assert!(board.text.contains("Round 1 of 10") && board.text.contains("On turn: "));
}

#[test]
fn popped_and_passed() {
    let game = common::popped_and_passed();
    let view = common::m12s(&game);
    let statuses: Vec<Status> = view.players.iter().map(|p| p.status).collect();
    assert!(statuses.contains(&Status::Popped) && statuses.contains(&Status::Passed), "{statuses:?}");
    assert!(view.current.is_some(), "still mid-round");
    let board = check("popped_and_passed", &game);
    assert!(board.text.contains("Popped") && board.text.contains("Passed"));
}

#[test]
fn nine_players() {
    let game = common::nine_players();
    let view = common::m12s(&game);
    assert_eq!((view.players.len(), view.sets), (9, 4));
    assert!(
        view.round >= 2 && view.current.is_some(),
        "mid-match: {}",
        render::board_text(&game.view(engines::Viewer::Public), &[])
    );
    assert!(view.players.iter().any(|p| p.status == Status::Popped));
    let board = check("nine_players", &game);
    assert!(board.height <= 1500, "{} px tall", board.height);
    assert!(board.text.contains("Ilse"));
}

#[test]
fn nine_players_long_stack() {
    let game = common::nine_players_long_stack();
    let view = common::m12s(&game);
    let ada = view.player(engines::Seat(0));
    assert_eq!((ada.stack.len(), ada.score, view.current), (20, 8, Some(engines::Seat(0))));
    assert_eq!(view.player(engines::Seat(3)).status, Status::Popped);
    let board = check("nine_players_long_stack", &game);
    assert!(board.height <= 1600, "{} px tall", board.height);
}

#[test]
fn xeno_palette() {
    let game = common::xeno();
    assert_eq!(common::m12s(&game).palette, engines::martian_12s::Palette::Xeno);
    let board = check("xeno_palette", &game);
    assert!(board.text.contains("Purple") && board.text.contains("Clear"));
}

#[test]
fn finished_match() {
    let game = common::finished();
    let view = common::m12s(&game);
    let outcome = view.outcome.as_ref().expect("the match is over");
    assert!(view.current.is_none() && !outcome.winners.is_empty());
    assert!(view.players.iter().any(|p| p.resigned));
    let board = check("finished_match", &game);
    assert!(board.text.contains("Final standings") && board.text.contains("resigned"));
}
