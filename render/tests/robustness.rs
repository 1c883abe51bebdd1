//! Boards from random playouts and awkward names: every one renders, fits the width limit
//! and the upload budget, and its text form names every player.

mod common;

use engines::{GameRng, Viewer};

/// Renders the public view of `game` both ways and checks the limits every board keeps.
fn check_limits(game: &engines::AnyGame, names: &[String]) {
    let view = game.view(Viewer::Public);
    let png = render::board_png(&view, names).expect("renders");
    let picture = image::load_from_memory(&png).expect("decodes");
    assert!(picture.width() <= 1200, "{} px wide", picture.width());
    assert!(png.len() < 150_000, "{} bytes", png.len());
    let text = render::board_text(&view, names);
    for name in names {
        assert!(text.contains(name.trim()), "{name:?} missing from\n{text}");
    }
}

#[test]
fn random_playouts_render_at_every_stage() {
    for (seed, players) in [(1u64, 2usize), (2, 4), (3, 6), (4, 9), (5, 9), (6, 8), (7, 9)] {
        let rounds = if seed % 2 == 0 { 2 } else { 3 };
        let mut game = common::setup(serde_json::json!({"rounds": rounds, "palette": "xeno"}), players, seed);
        let names = common::names(players);
        let mut rng = GameRng::from_seed(seed * 7919);
        let mut step = 0;
        while let Some(seat) = common::pending_seat(&game) {
            if step % 9 == 0 {
                check_limits(&game, &names);
            }
            let action = game.computer_action(seat, &mut rng).expect("a pending seat has a move");
            game.apply(seat, &action, &names).expect("computer moves are legal");
            step += 1;
        }
        check_limits(&game, &names);
    }
}

#[test]
fn missing_long_and_unusual_names_do_not_break_the_board() {
    let game = common::popped_and_passed();
    let view = game.view(Viewer::Public);
    let png = render::board_png(&view, &[]).expect("renders without names");
    assert!(!png.is_empty());
    assert!(render::board_text(&view, &[]).contains("P0"), "seats stand in for names");
    let names =
        vec!["W".repeat(300), "   ".to_string(), "Ünïcødé 火星 🚀".to_string(), "tab\tand\nnewline".to_string()];
    let png = render::board_png(&view, &names).expect("renders awkward names");
    let picture = image::load_from_memory(&png).expect("decodes");
    assert_eq!(picture.width(), 960);
    assert!(render::board_text(&view, &names).contains("P1"), "a blank name shows the seat");
}
