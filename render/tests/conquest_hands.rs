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
