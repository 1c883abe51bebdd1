//! The last move marked on the board: present after a move of each kind, absent from a
//! fresh game, and the picture differs from the same view without it.

mod common;

use engines::martian_12s::LastMove;
use engines::{AnyView, Seat};

/// The picture of `view`.
fn png(view: impl Into<AnyView>, players: usize) -> Vec<u8> {
    render::board_png(&view.into(), &common::names(players)).expect("renders")
}

#[test]
fn martian_12s_marks_the_last_pull_pass_and_resignation() {
    let fresh = common::setup(serde_json::json!({}), 3, 11);
    assert_eq!(common::m12s(&fresh).last_move, None, "a fresh match has no last move");

    // Ada pulls, Bartholomew pulls, Cy passes; then Ada pulls again (§4.3, §4.4).
    let mut game = fresh;
    common::apply_all(&mut game, &["pull L", "pull M"]);
    assert_eq!(common::m12s(&game).last_move, Some(LastMove::Pulled(Seat(1))));
    common::apply_all(&mut game, &["pass"]);
    assert_eq!(common::m12s(&game).last_move, Some(LastMove::Passed(Seat(2))));
    let passed = common::m12s(&game);
    common::apply_all(&mut game, &["pull S"]);
    let pulled = common::m12s(&game);
    assert_eq!(pulled.last_move, Some(LastMove::Pulled(Seat(0))));
    game.apply(Seat(1), "resign", &[]).expect("resign");
    let resigned = common::m12s(&game);
    assert_eq!(resigned.last_move, Some(LastMove::Resigned(Seat(1))));

    for view in [passed, pulled, resigned] {
        let unmarked = engines::martian_12s::View { last_move: None, ..view.clone() };
        assert_ne!(png(view.clone(), 3), png(unmarked, 3), "{:?} is drawn", view.last_move);
    }
}
