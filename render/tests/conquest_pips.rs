//! Conquest of Mars: each player's pips on a card (§2.3: one on a small pyramid, two on a
//! medium, three on a large; what an attack counts, R18) are written on the card in a chip of
//! their colour with their letter, in text a phone shows at a readable size, since on a
//! crowded card the pieces' own pips are too small to count at 400 px wide.

mod common;

use common::limits::{MIN_ESSENTIAL_ON_PHONE, PHONE};
use engines::conquest_of_mars::View;
use engines::parts::pyramids::Size;
use engines::{AnyGame, AnyView, Viewer};
use render::drawing::Role;

fn view(game: &AnyGame) -> View {
    let AnyView::ConquestOfMars(view) = game.view(Viewer::Public) else { panic!("a Conquest of Mars view") };
    *view
}

/// "R9" for each player on each face-up card, from the view: what the chips must say.
fn expected(view: &View) -> Vec<String> {
    let mut labels = Vec::new();
    for cell in view.cells.iter().filter(|c| c.card.is_some()) {
        let mut totals: Vec<(char, u32)> = Vec::new();
        for p in &cell.pyramids {
            let pips = match p.id.size {
                Size::Small => 1,
                Size::Medium => 2,
                Size::Large => 3,
            };
            let letter = p.id.colour.letter();
            match totals.iter_mut().find(|(l, _)| *l == letter) {
                Some((_, total)) => *total += pips,
                None => totals.push((letter, pips)),
            }
        }
        labels.extend(totals.into_iter().map(|(letter, total)| format!("{letter}{total}")));
    }
    labels.sort();
    labels
}

/// A chip's text without its space and pip mark, if `text` is one: a letter and a number.
fn chip(text: &str) -> Option<String> {
    let bare: String = text.chars().filter(|c| *c != ' ' && *c != '•').collect();
    let mut chars = bare.chars();
    let letter = chars.next()?;
    let rest = chars.as_str();
    (letter.is_ascii_uppercase() && !rest.is_empty() && rest.chars().all(|c| c.is_ascii_digit())).then_some(bare)
}

fn check(name: &str, game: &AnyGame) {
    let view = view(game);
    let want = expected(&view);
    assert!(!want.is_empty(), "{name}: the position has pyramids on face-up cards");
    let drawing = render::board_drawing(&game.view(Viewer::Public), &common::names(game.players())).expect("draws");
    let chips: Vec<_> = drawing.texts.iter().filter(|t| chip(&t.text).is_some()).collect();
    let mut drawn: Vec<String> = chips.iter().filter_map(|t| chip(&t.text)).collect();
    drawn.sort();
    assert_eq!(drawn, want, "{name}: every player's pips on every card, once");
    for text in chips {
        let on_phone = f32::from(text.size) * PHONE / drawing.width as f32;
        assert_eq!(text.role, Role::Essential, "{name}: {:?}", text.text);
        assert!(on_phone >= MIN_ESSENTIAL_ON_PHONE - 0.01, "{name}: {:?} is {on_phone:.1} px on a phone", text.text);
    }
}

#[test]
fn each_players_pips_on_a_card_are_written_in_readable_chips() {
    check("attack, dice sealed", &common::conquest_of_mars::attack_commit());
    check("attack, casualty", &common::conquest_of_mars::attack_casualty());
    check("finished", &common::conquest_of_mars::finished());
}

#[test]
fn a_shared_card_has_a_chip_for_each_player() {
    let game = common::conquest_of_mars::attack_commit();
    let shared =
        view(&game).cells.iter().any(|c| c.card.is_some() && c.pyramids.iter().any(|p| p.seat != c.pyramids[0].seat));
    assert!(shared, "the attack position has a face-up card held by two players");
    check("attack, dice sealed", &game);
}
