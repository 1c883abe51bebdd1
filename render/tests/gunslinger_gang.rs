//! Gunslinger Gang pictures: golden images of public and seat views at every phase, the
//! privacy guarantees of §5 (a public picture never depends on a secret; a seat's picture
//! differs from the public one only while the seat holds one; checked along seeded random
//! games by `tests/limits.rs`, which walks and draws them once for every check).
//!
//! `UPDATE_GOLDEN=1 cargo test -p render --test gunslinger_gang` rewrites the references.

mod common;

use common::gunslinger_gang::{self as gg, acting};
use engines::gunslinger_gang::{Phase, TieBreak};
use engines::{AnyGame, Seat, Viewer};

/// Width and upload limits every board keeps.
const MAX_WIDTH: u32 = 1200;
const MAX_BYTES: usize = 150_000;

/// Renders `viewer`'s view of `game`, checks the limits, and returns the PNG.
fn render(game: &AnyGame, viewer: Viewer) -> Vec<u8> {
    let names = common::names(game.players());
    let png = render::board_png(&game.view(viewer), &names).expect("renders");
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    // IHDR comes first: its width is the big-endian word after the chunk's length and type.
    let width = u32::from_be_bytes([png[16], png[17], png[18], png[19]]);
    assert!(width <= MAX_WIDTH, "{viewer:?}: {width} px wide");
    assert!(png.len() < MAX_BYTES, "{viewer:?}: {} bytes", png.len());
    png
}

/// Renders `viewer`'s view of `game` and compares it (and, for the public view, the text
/// board) with the references.
fn check(name: &str, game: &AnyGame, viewer: Viewer) {
    let png = render(game, viewer);
    common::golden::check_png(name, &png);
    if viewer == Viewer::Public {
        let text = render::board_text(&game.view(viewer), &common::names(game.players()));
        common::golden::check_text(name, &text);
    }
}

#[test]
fn two_players_mid_planning() {
    let game = gg::two_players_planning();
    let view = gg::view(&game, Viewer::Public);
    assert_eq!((view.players.len(), view.rows, view.round, view.phase), (2, 2, 2, Phase::Planning));
    assert!(view.towns.iter().any(|t| !t.face_up), "towns still face down");
    assert!(view.towns.iter().any(|t| t.stack.iter().any(|e| e.news)), "a News marker");
    check("gunslinger_gang_two_players_planning", &game, Viewer::Public);
}

#[test]
fn four_players_mid_planning() {
    let game = gg::four_players_planning();
    let view = gg::view(&game, Viewer::Public);
    assert_eq!((view.players.len(), view.rows, view.round, view.phase), (4, 3, 3, Phase::Planning));
    assert!(view.towns.iter().all(|t| t.face_up), "founded after round 2");
    assert!(view.towns.iter().any(|t| t.sheriff.is_some()) && view.players.iter().any(|p| p.items.len() >= 3));
    check("gunslinger_gang_four_players_planning", &game, Viewer::Public);
}

#[test]
fn seat_view_with_hand() {
    let game = gg::four_players_planning();
    let seat = Seat(0);
    let view = gg::view(&game, Viewer::Seat(seat));
    let you = view.you.as_ref().expect("a seat's secrets");
    assert!(you.hand.len() >= 3 && !you.news.is_empty(), "{you:?}");
    assert!(view.towns.iter().any(|t| t.stack.iter().any(|e| e.card.is_some())), "own cards deployed");
    assert_ne!(acting(&view), seat, "the picture is a private one, not the acting player's");
    check("gunslinger_gang_four_players_planning_seat", &game, Viewer::Seat(seat));
    let game = gg::two_players_planning();
    check("gunslinger_gang_two_players_planning_seat", &game, Viewer::Seat(Seat(1)));
}

#[test]
fn resolution_board() {
    let game = gg::resolution();
    let view = gg::view(&game, Viewer::Public);
    let reveal = view.resolving.as_ref().expect("a reveal in progress");
    assert!(reveal.story.is_some() && reveal.ability.is_some());
    assert_eq!((view.players.len(), view.phase), (3, Phase::Resolution));
    assert!(view.towns.iter().any(|t| t.gold_strike || t.collapse || !t.wagers.is_empty()));
    check("gunslinger_gang_resolution", &game, Viewer::Public);
}

#[test]
fn finished_game() {
    let game = gg::finished();
    let view = gg::view(&game, Viewer::Public);
    let result = view.result.as_ref().expect("the game is over");
    assert_eq!(result.breaks.first(), Some(&TieBreak::Sheriffs), "a tie-break to show");
    assert!(view.pending.is_none());
    check("gunslinger_gang_finished", &game, Viewer::Public);
    let own = render(&game, Viewer::Seat(Seat(1)));
    assert_eq!(own, render(&game, Viewer::Public), "nothing is secret once the game is over");
}

/// Plays `first` for the seat on turn, then `rest` for whoever is pending.
fn planned(players: usize, seed: u64, first: &str, rest: &[&str]) -> AnyGame {
    let mut game = gg::setup(players, seed);
    for action in std::iter::once(&first).chain(rest) {
        let seat = common::pending_seat(&game).expect("someone acts");
        game.apply(seat, action, &[]).unwrap_or_else(|e| panic!("{action}: {e}"));
    }
    game
}

#[test]
fn public_pictures_never_depend_on_secrets() {
    let game = gg::setup(3, 4);
    let seat = common::pending_seat(&game).expect("someone plans");
    let news = gg::view(&game, Viewer::Seat(seat)).you.expect("secrets").news;
    assert!(news.len() >= 2, "two News Stories to choose between");
    let rest = ["play KID A1 none", "play GAMBLER B1 none"];
    // The same public moves (a card with News to B2, then two plays) with different secrets.
    let a = planned(3, 4, &format!("play RANCHER B2 {}", news[0]), &rest);
    let b = planned(3, 4, &format!("play PREACHER B2 {}", news[1]), &rest);
    assert_eq!(gg::view(&a, Viewer::Public), gg::view(&b, Viewer::Public), "the same public information");
    assert_eq!(render(&a, Viewer::Public), render(&b, Viewer::Public), "byte-identical public pictures");
    assert_ne!(gg::view(&a, Viewer::Seat(seat)), gg::view(&b, Viewer::Seat(seat)));
    assert_ne!(render(&a, Viewer::Seat(seat)), render(&b, Viewer::Seat(seat)), "the owner sees the difference");
    for other in (0..3).map(Seat).filter(|s| *s != seat) {
        assert_eq!(render(&a, Viewer::Seat(other)), render(&b, Viewer::Seat(other)), "{other} sees no difference");
    }
}

#[test]
fn missing_and_awkward_names_do_not_break_the_board() {
    let game = gg::four_players_planning();
    let view = game.view(Viewer::Seat(Seat(0)));
    assert!(render::board_png(&view, &[]).is_ok(), "seats stand in for names");
    let names =
        vec!["W".repeat(300), "   ".to_string(), "Ünïcødé 火星 🚀".to_string(), "tab\tand\nnewline".to_string()];
    let png = render::board_png(&view, &names).expect("renders awkward names");
    assert_eq!(image::load_from_memory(&png).expect("decodes").width(), render::picture_width());
}

/// The most a view can hold at once, forced into a real seat view: a 20-card stack, every item
/// with every use spent, six underlings and twelve News Stories in hand (R42), six buildings,
/// every flag and Wager, and awkward names.
#[test]
fn a_crowded_view_still_fits() {
    use engines::gunslinger_gang::{Card, EntryView, Item, News, Underling};
    let game = gg::four_players_planning();
    let seat = Seat(0);
    let mut view = gg::view(&game, Viewer::Seat(seat));
    let colours: Vec<_> = view.players.iter().map(|p| p.colour).collect();
    let town = &mut view.towns[4];
    town.stack = (0..20)
        .map(|i| {
            let owner = Seat(i % 4);
            let card =
                (owner == seat).then_some(Card { colour: colours[0], underling: Underling::ALL[usize::from(i) % 6] });
            EntryView { owner, colour: colours[usize::from(i % 4)], news: i % 3 == 0, card, story: None }
        })
        .collect();
    town.buildings = vec![1, 2, 2, 2, 3, 3];
    town.outlaws = vec![20, 11, 0, 7];
    (town.gold_strike, town.collapse, town.wagers) = (true, true, (0..4).map(Seat).collect());
    let player = &mut view.players[1];
    player.items = Item::ALL.to_vec();
    player.used =
        engines::gunslinger_gang::Used { secret_passage: true, forged_orders: true, jail_keys: true, lasso: true };
    player.dynamite_spent = true;
    let you = view.you.as_mut().expect("a seat view");
    you.news = (1..=12).filter_map(News::new).collect();
    you.hand = Underling::ALL.iter().map(|u| Card { colour: colours[0], underling: *u }).collect();
    let names = vec!["W".repeat(300), "Ünïcødé 火星 🚀".to_string(), String::new(), "tab\tand\nnewline".to_string()];
    let png = render::board_png(&engines::AnyView::GunslingerGang(Box::new(view)), &names).expect("renders");
    let picture = image::load_from_memory(&png).expect("decodes");
    assert_eq!(picture.width(), render::picture_width());
    assert!((picture.height() as f32) < 2600.0 * render::SCALE, "{} px tall", picture.height());
    assert!(png.len() < MAX_BYTES, "{} bytes", png.len());
    if std::env::var("SAVE_CROWDED").is_ok() {
        std::fs::write("/tmp/gg/crowded.png", &png).expect("write");
    }
}
