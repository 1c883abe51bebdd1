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
            let action = game.random_action(seat, &mut rng).expect("a pending seat has a move");
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
    assert_eq!(picture.width(), render::picture_width());
    assert!(render::board_text(&view, &names).contains("P1"), "a blank name shows the seat");
}

/// Positions drawn along a playout: every third decision, and the end.
const SAMPLE: usize = 3;

/// Plays `game` to its end with `policy`, rendering the public view and every seat's view
/// at every third step and at the end: each renders within the limits, and a seat's picture
/// differs from the public one exactly when the seat holds secrets, so nothing private
/// reaches the public picture and a seat without secrets is shown the public board.
fn gunslinger_playout(
    mut game: engines::AnyGame,
    seed: u64,
    policy: fn(&engines::AnyGame, engines::Seat, &mut GameRng) -> String,
) -> engines::martian_gunslinger::View {
    let names = common::names(game.players());
    let mut rng = GameRng::from_seed(seed * 7919);
    for step in 0.. {
        let pending = common::pending_seat(&game);
        if step % SAMPLE == 0 || pending.is_none() {
            check_every_view(&game, &names, step);
        }
        let Some(seat) = pending else { break };
        let action = policy(&game, seat, &mut rng);
        game.apply(seat, &action, &names).expect("legal moves");
    }
    common::gunslinger::view(&game, Viewer::Public)
}

/// The checks of [`gunslinger_playout`] at one step.
fn check_every_view(game: &engines::AnyGame, names: &[String], step: usize) {
    use common::gunslinger as mg;
    let public = render::board_png(&game.view(Viewer::Public), names).expect("renders");
    check_gunslinger_png(&public);
    let text = render::board_text(&game.view(Viewer::Public), names);
    assert!(names.iter().all(|n| text.contains(n.as_str())), "{text}");
    for seat in (0..game.players() as u8).map(engines::Seat) {
        let own = game.view(Viewer::Seat(seat));
        let png = render::board_png(&own, names).expect("renders");
        check_gunslinger_png(&png);
        let secrets = mg::holds_private(&mg::view(game, Viewer::Seat(seat)));
        assert_eq!(png != public, secrets, "step {step}, {seat}: holds secrets {secrets}");
        assert!(!game.holds_secrets(seat) || secrets, "step {step}, {seat}: the engine counts secrets");
        assert_eq!(render::board_text(&own, names).contains("sees this"), secrets, "step {step}, {seat}");
    }
}

#[test]
fn gunslinger_random_two_player_game_renders_every_view_to_the_round_cap() {
    use common::gunslinger as mg;
    let end = gunslinger_playout(mg::setup(2, 3), 3, mg::random);
    assert_eq!(end.end, Some(engines::martian_gunslinger::WinReason::Cap));
}

#[test]
fn gunslinger_eager_games_render_every_view_to_each_kind_of_win() {
    use common::gunslinger as mg;
    use engines::martian_gunslinger::WinReason;
    for (players, seed, reason) in [(4, 169, WinReason::Forced), (3, 342, WinReason::Mayor), (4, 70, WinReason::Points)]
    {
        let end = gunslinger_playout(mg::setup(players, seed), seed, mg::eager);
        assert_eq!(end.end, Some(reason), "{players} players, seed {seed}");
    }
}

/// Width from the PNG header (decoding thousands of pictures would dominate the test).
fn check_gunslinger_png(png: &[u8]) {
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n") && &png[12..16] == b"IHDR", "a PNG");
    let width = u32::from_be_bytes([png[16], png[17], png[18], png[19]]);
    assert!(width <= 1200, "{width} px wide");
    assert!(png.len() < 150_000, "{} bytes", png.len());
}

#[test]
fn gunslinger_boards_take_missing_long_and_unusual_names() {
    let game = common::gunslinger::four_players_mid_game();
    let names =
        vec!["W".repeat(300), "   ".to_string(), "Ünïcødé 火星 🚀".to_string(), "tab\tand\nnewline".to_string()];
    for viewer in [Viewer::Public, Viewer::Seat(engines::Seat(0)), Viewer::Seat(engines::Seat(2))] {
        for names in [&names[..], &[]] {
            let png = render::board_png(&game.view(viewer), names).expect("renders");
            check_gunslinger_png(&png);
            let picture = image::load_from_memory(&png).expect("decodes");
            assert_eq!(picture.width(), render::picture_width());
        }
    }
    let text = render::board_text(&game.view(Viewer::Public), &names);
    assert!(text.contains("P1") && text.contains("火星"), "a blank name shows the seat:\n{text}");
}
