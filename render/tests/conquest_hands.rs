//! Conquest of Mars: the best hand each player shows (the face-up cards it alone occupies,
//! R26, ranked Aces low, §6.4) and the viewer's own best with its two secret cards, as the
//! picture and the text board tell them.

mod common;

use engines::conquest_of_mars::View;
use engines::{AnyView, Seat, Viewer};

fn view(game: &engines::AnyGame, viewer: Viewer) -> View {
    let AnyView::ConquestOfMars(view) = game.view(viewer) else { panic!("a Conquest of Mars view") };
    *view
}

#[test]
fn a_shared_or_face_down_card_counts_for_nobody() {
    let game = common::conquest_of_mars::attack_commit();
    let public = view(&game, Viewer::Public);
    let seats: Vec<Seat> = public.players.iter().map(|p| p.seat).collect();
    let shared: Vec<_> = public
        .cells
        .iter()
        .filter(|c| c.pyramids.iter().any(|p| p.seat != c.pyramids[0].seat))
        .filter_map(|c| c.card)
        .collect();
    assert!(!shared.is_empty(), "the attack position has a face-up card held by two players");
    for seat in &seats {
        let cards = public.visible_cards(*seat);
        assert!(shared.iter().all(|card| !cards.contains(card)), "{seat} counts a shared card");
    }
    // Ada (red) alone holds the two of clubs and the two of diamonds.
    let text = render::board_text(&game.view(Viewer::Public), &common::names(game.players()));
    assert!(text.contains("best showing: pair of twos"), "{text}");
    assert!(seats.iter().any(|s| public.best_visible(*s).is_some_and(|b| b.to_string() == "pair of twos")));
}

#[test]
fn your_best_adds_your_cards_and_only_you_see_it() {
    let game = common::conquest_of_mars::attack_commit();
    assert_eq!(view(&game, Viewer::Public).best_own(), None, "the public has no own hand");
    for seat in (0..game.players() as u8).map(Seat) {
        let own = view(&game, Viewer::Seat(seat));
        let best = own.best_own().expect("a seat's view has its hand");
        // Two more cards never make a hand worse.
        assert!(own.best_visible(seat).is_none_or(|shown| best >= shown), "{seat}: {best} below what it shows");
        let text = render::board_text(&game.view(Viewer::Seat(seat)), &common::names(game.players()));
        assert!(text.contains(&format!("your best: {best}")), "{text}");
    }
}

/// From the opening, the seeded computer player's moves until the seat on turn has a legal
/// `Move` (R13): a few dozen actions, not a whole game.
fn with_a_move() -> (engines::AnyGame, Seat) {
    let mut game = common::conquest_of_mars::opening();
    let mut rng = engines::GameRng::from_seed(77);
    for _ in 0..400 {
        let seat = common::pending_seat(&game).expect("the game goes on");
        if game.legal_actions(seat, &[]).iter().any(|a| a.text.starts_with("move ")) {
            return (game, seat);
        }
        let action = game.random_action(seat, &mut rng).expect("a pending seat has a move");
        game.apply(seat, &action, &[]).unwrap_or_else(|e| panic!("{action} for {seat}: {e}"));
    }
    panic!("no seat had a move within 400 actions");
}

#[test]
fn the_cards_a_pyramid_may_move_onto_are_marked_for_its_owner_only() {
    let (game, seat) = with_a_move();
    let public = view(&game, Viewer::Public);
    // Each moving pyramid lies flat and goes onto the card it points at (R13, R22).
    let mut expected: Vec<_> = game
        .legal_actions(seat, &[])
        .iter()
        .filter_map(|a| a.text.strip_prefix("move ").or_else(|| a.text.strip_prefix("evade ")))
        .filter_map(|id| public.cells.iter().flat_map(|c| &c.pyramids).find(|p| p.id.to_string() == id))
        .map(|p| p.points_at.expect("a pyramid that may move lies flat"))
        .collect();
    expected.sort_by_key(|c| (c.row(), c.col()));
    expected.dedup();
    let own = view(&game, Viewer::Seat(seat));
    assert!(!expected.is_empty());
    assert_eq!(own.moves_to, expected);
    assert!(public.moves_to.is_empty(), "the public sees no seat's moves");

    let names = common::names(game.players());
    let png = |v: &View| render::board_png(&AnyView::from(v.clone()), &names).expect("renders");
    let cleared = View { moves_to: Vec::new(), ..own.clone() };
    assert_ne!(png(&own), png(&cleared), "the destinations are drawn");
    let text = render::board_text(&game.view(Viewer::Seat(seat)), &names);
    let cells: Vec<String> = expected.iter().map(ToString::to_string).collect();
    assert!(text.contains(&format!("you can move a pyramid onto {}", cells.join(", "))), "{text}");
    let public_text = render::board_text(&game.view(Viewer::Public), &names);
    assert!(!public_text.contains("you can move"), "{public_text}");
}
