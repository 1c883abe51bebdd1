//! The last move marked on the board: present after a move of each kind, absent from a
//! fresh game, and the picture differs from the same view without it.

mod common;

use engines::martian_12s::LastMove;
use engines::raja::Raja;
use engines::{AnyView, Seat, Viewer};

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

#[test]
fn conquest_of_mars_rings_the_cards_the_last_action_touched() {
    use common::conquest_of_mars as com;
    let mut game = com::opening();
    assert!(com::view(&game, Viewer::Public).last_cells.is_empty(), "nothing touched before the first move");
    let mut rng = engines::GameRng::from_seed(5);
    let (mut spawned, mut moved) = (false, false);
    for _ in 0..400 {
        let seat = common::pending_seat(&game).expect("the game goes on");
        let before = com::view(&game, Viewer::Public);
        let action = game.random_action(seat, &mut rng).expect("a pending seat has a move");
        game.apply(seat, &action, &[]).unwrap_or_else(|e| panic!("{action} for {seat}: {e}"));
        let after = com::view(&game, Viewer::Public);
        let cells: Vec<String> = after.last_cells.iter().map(ToString::to_string).collect();
        if let Some(cell) = action.strip_prefix("spawn ") {
            assert_eq!(cells, [cell.to_uppercase()], "{action}");
            spawned = true;
        } else if let Some(id) = action.strip_prefix("move ") {
            // R13: the card it leaves and the card it points at.
            let mut pyramids = before.cells.iter().flat_map(|c| c.pyramids.iter().map(move |p| (c.cell, p)));
            let (from, p) = pyramids.find(|(_, p)| p.id.to_string() == id).expect("on the board");
            let to = p.points_at.expect("a moving pyramid lies flat");
            assert_eq!(after.last_cells, [from, to], "{action}");
            moved = true;
        } else if action == "take" {
            assert!(cells.is_empty(), "taking a die touches no card: {cells:?}");
        }
        if spawned && moved && !after.last_cells.is_empty() {
            let unmarked = engines::conquest_of_mars::View { last_cells: Vec::new(), ..after.clone() };
            assert_ne!(png(after, game.players()), png(unmarked, game.players()), "the ring is drawn");
            return;
        }
    }
    panic!("no spawn and move within 400 actions (spawned {spawned}, moved {moved})");
}

#[test]
fn gunslinger_gang_outlines_the_towns_the_last_action_touched() {
    use common::gunslinger_gang as gg;
    let mut game = gg::setup(2, 5);
    assert!(gg::view(&game, Viewer::Public).last_towns.is_empty(), "nothing touched before the first play");
    let mut rng = engines::GameRng::from_seed(9);
    let (mut played, mut revealed) = (false, false);
    for _ in 0..300 {
        let seat = common::pending_seat(&game).expect("the game goes on");
        let action = game.random_action(seat, &mut rng).expect("a pending seat has a move");
        game.apply(seat, &action, &[]).unwrap_or_else(|e| panic!("{action} for {seat}: {e}"));
        let after = gg::view(&game, Viewer::Public);
        let towns: Vec<String> = after.last_towns.iter().map(ToString::to_string).collect();
        let words: Vec<&str> = action.split_whitespace().collect();
        match words.as_slice() {
            // §4.2: the town of a play is public, the underling is not.
            ["play", _card, town, ..] => {
                assert_eq!(towns, [town.to_uppercase()], "{action}");
                played = true;
            }
            ["reveal", town] => {
                assert_eq!(towns, [town.to_uppercase()], "{action}");
                revealed = true;
            }
            ["skip"] => assert!(towns.is_empty(), "{action}: {towns:?}"),
            _ => {}
        }
        if played && revealed && after.resolving.is_none() && !after.last_towns.is_empty() {
            let unmarked = engines::gunslinger_gang::View { last_towns: Vec::new(), ..after.clone() };
            assert_ne!(png(after, 2), png(unmarked, 2), "the outline is drawn");
            return;
        }
    }
    panic!("no play and reveal within 300 actions (played {played}, revealed {revealed})");
}

/// The lines of text in Raja's public picture of `view` that say what the last move was.
fn raja_last_lines(view: &engines::raja::View, players: usize) -> Vec<String> {
    let drawing =
        render::board_drawing(&AnyView::Raja(Box::new(view.clone())), &common::names(players)).expect("draws");
    drawing.texts.into_iter().map(|t| t.text).filter(|t| t.starts_with("Last: ")).collect()
}

#[test]
fn raja_says_the_last_public_move_in_the_words_of_its_event() {
    use engines::raja::{Event, PhaseView};
    use engines::{Audience, Game};
    let names = common::names(4);
    let fresh = common::raja::play_until(4, 3, |_, _| true);
    // One setup step was taken, and it is private to its seat (R47): nothing to say yet.
    let view = fresh.view(Viewer::Public);
    assert!(matches!(view.phase, PhaseView::Setup));
    assert_eq!(view.last_move, None, "a hidden setup step is no public move");
    assert!(raja_last_lines(&view, 4).is_empty(), "a fresh game says no last move");

    let (mut bid, mut traded) = (false, false);
    let game = common::raja::play_until(4, 3, |g, events| {
        let view = g.view(Viewer::Public);
        let public: Vec<&Event> = events.iter().filter(|e| Raja::audience(e) == Audience::Public).collect();
        if let Some(last) = &view.last_move {
            assert_eq!(Raja::audience(last), Audience::Public, "{last:?} is not public");
            assert!(!matches!(last, Event::Purse { .. }), "cash behind a blinder (R5)");
        }
        if let Some(first @ Event::Bid { .. }) = public.first() {
            assert_eq!(view.last_move.as_ref(), Some(*first));
            let lines = raja_last_lines(&view, 4);
            assert_eq!(lines, [format!("Last: {}", first.sentence(&names))], "one line in the event's words");
            bid = true;
        }
        if public.iter().any(|e| matches!(e, Event::MarketTraded { .. })) {
            // The trader's cash changed (a private Purse event); the picture tells the order.
            assert!(events.iter().any(|e| matches!(e, Event::Purse { .. })));
            assert_eq!(view.last_move.as_ref(), public.first().copied());
            traded = true;
        }
        bid && traded
    });
    assert!(bid && traded, "a bid and a market trade along the game (bid {bid}, traded {traded})");
    let view = game.view(Viewer::Public);
    let lines = raja_last_lines(&view, 4);
    assert!(lines.iter().any(|l| l.starts_with("Last: ")), "the mark is drawn: {lines:?}");
    // The terminal calls its player "You": the line is in the second person then.
    let mut yours = common::names(4);
    if let Some(last) = &view.last_move {
        let seat = (0..4).find(|&i| last.sentence(&names).starts_with(&names[i]));
        if let Some(i) = seat {
            yours[i] = "You".to_string();
            let drawing = render::board_drawing(&AnyView::Raja(Box::new(view.clone())), &yours).expect("draws");
            let line = drawing.texts.into_iter().map(|t| t.text).find(|t| t.starts_with("Last: ")).expect("a line");
            let expected = engines::wording::second_person(&last.sentence(&yours));
            assert_eq!(line, format!("Last: {expected}"));
            assert!(engines::wording::findings(&line).is_empty(), "{line}");
        }
    }
    let unmarked = engines::raja::View { last_move: None, ..view.clone() };
    assert_ne!(png(view, 4), png(unmarked, 4), "the line is drawn");
}
