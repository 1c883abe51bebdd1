//! Raja pictures: golden images (and text boards) of a private setup, an open proposal with
//! its replies, a siege with elephants on the board, and a finished five-player game; the
//! privacy of §5 (a public picture does not depend on anyone's cash; a seat's picture shows
//! its own cash); and every step of a seeded random game rendered within the size limits.
//!
//! `UPDATE_GOLDEN=1 cargo test -p render --test raja` rewrites the references.

mod common;

use common::golden::{check_png, check_text};
use common::raja::play_until;
use engines::raja::{Options, PhaseView, Raja, Reply, Step, View};
use engines::{Game, GameRng, Pending, Seat, Viewer};

const MAX_WIDTH: u32 = 1200;
const MAX_BYTES: usize = 150_000;

/// Renders `view`, checks the limits, and returns the PNG and the text board.
fn render(view: &View, players: usize) -> (Vec<u8>, String) {
    let names = common::names(players);
    let any = engines::AnyView::from(view.clone());
    let png = render::board_png(&any, &names).expect("renders");
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let width = u32::from_be_bytes([png[16], png[17], png[18], png[19]]);
    assert!(width <= MAX_WIDTH, "{width} px wide");
    assert!(png.len() < MAX_BYTES, "{} bytes", png.len());
    (png, render::board_text(&any, &names))
}

fn cash_of(game: &Raja, seat: Seat) -> u32 {
    game.view(Viewer::Seat(seat)).me.expect("own panel").cash
}

/// The same game with every player's cash (and the bank) changed, through the saved state.
fn with_other_cash(game: &Raja) -> Raja {
    let mut json = serde_json::to_value(game).expect("saves");
    let players = json["players"].as_array_mut().expect("players");
    for p in players.iter_mut() {
        p["cash"] = serde_json::json!(p["cash"].as_u64().expect("cash") + 1);
    }
    let n = players.len() as u64;
    json["bank"] = serde_json::json!(json["bank"].as_u64().expect("bank") - n);
    serde_json::from_value(json).expect("loads")
}

#[test]
fn setup_seen_by_its_owner() {
    let mut game = Raja::setup(&Options::default(), 2, GameRng::from_seed(3)).expect("set up");
    game.apply(Seat(0), &"timeout".parse().expect("action")).expect("default setup");
    let own = game.view(Viewer::Seat(Seat(0)));
    assert!(matches!(own.phase, PhaseView::Setup));
    let (png, text) = render(&own, 2);
    check_png("raja_setup_seat", &png);
    assert!(text.contains("Your land (") && text.contains("Behind your blinder: $75"), "{text}");
    // The other seat and the public see no lands yet (R47).
    let (_, public) = render(&game.view(Viewer::Public), 2);
    assert!(public.contains("lands hidden until every setup is done"));
    assert!(!public.contains("tiles:"), "{public}");
}

/// The auction's bid history (§4.2, R11): each bid and pass is public and stays on the board
/// until the auction ends.
#[test]
fn auction_with_its_bid_history() {
    let engines::AnyGame::Raja(game) = common::raja::auction() else { panic!("a Raja game") };
    let view = game.view(Viewer::Public);
    let PhaseView::Auction(auction) = &view.phase else { panic!("an auction: {:?}", view.phase) };
    let (png, text) = render(&view, 4);
    check_png("raja_auction", &png);
    check_text("raja_auction", &text);
    let (high_seat, high) = auction.high.expect("a high bid");
    let names = common::names(4);
    assert!(text.contains(&format!("{} bid ${high}", names[high_seat.index()])), "{text}");
    assert!(text.contains("passed"), "{text}");
    assert!(!text.contains("blinder"), "no cash in public");
}

#[test]
fn open_proposal_with_replies() {
    let game = play_until(3, 11, |g, _| {
        let view = g.view(Viewer::Public);
        matches!(&view.phase, PhaseView::Segment { segment, .. }
            if matches!(&segment.step, Step::Trade(p) if p.choosing
                && p.replies.iter().any(|r| matches!(r, Reply::Countered { .. }))))
    });
    let view = game.view(Viewer::Public);
    let (png, text) = render(&view, 3);
    check_png("raja_open_proposal", &png);
    check_text("raja_open_proposal", &text);
    assert!(text.contains("Proposal by") && text.contains("counters: gives"), "{text}");
    assert!(!text.contains("blinder"), "no cash in public");
    // A seat's picture shows its cash; the public picture does not depend on anyone's.
    let seat_view = game.view(Viewer::Seat(Seat(1)));
    let (seat_png, seat_text) = render(&seat_view, 3);
    check_png("raja_open_proposal_seat", &seat_png);
    assert!(seat_text.contains(&format!("Behind your blinder: ${}", cash_of(&game, Seat(1)))));
    let richer = with_other_cash(&game);
    assert_ne!(cash_of(&richer, Seat(1)), cash_of(&game, Seat(1)));
    assert_eq!(render(&richer.view(Viewer::Public), 3).0, png, "the public picture shows no cash");
    assert_ne!(render(&richer.view(Viewer::Seat(Seat(1))), 3).0, seat_png, "the seat's own cash shows");
}

#[test]
fn siege_with_elephants_on_the_board() {
    let engines::AnyGame::Raja(game) = common::raja::siege() else { panic!("a Raja game") };
    let view = game.view(Viewer::Public);
    assert!(!view.herds.is_empty(), "random play reached a siege");
    let (png, text) = render(&view, 4);
    check_png("raja_siege", &png);
    check_text("raja_siege", &text);
    assert!(text.contains("Siege of") && text.contains("elephants of"), "{text}");
}

#[test]
fn finished_five_player_game() {
    let engines::AnyGame::Raja(game) = common::raja::finished() else { panic!("a Raja game") };
    let view = game.view(Viewer::Public);
    let result = view.result.as_ref().expect("over");
    let (png, text) = render(&view, 5);
    check_png("raja_finished", &png);
    check_text("raja_finished", &text);
    // Cash and the bank are revealed at the end (§6).
    assert!(text.contains("Cash revealed") && text.contains(&format!("bank ${}", result.bank)), "{text}");
    assert!(text.contains("Game over") && text.contains("* winner"));
}

#[test]
fn every_step_of_a_random_game_renders_for_every_viewer() {
    let mut game = Raja::setup(&Options::default(), 3, GameRng::from_seed(21)).expect("set up");
    let mut chooser = GameRng::from_seed(99);
    let mut step = 0;
    while let Pending::Deciding { must, .. } = game.pending() {
        // Every 40th step keeps the test quick; a whole game is about 1,300 steps.
        if step % 40 == 0 {
            for viewer in [Viewer::Public, Viewer::Seat(Seat(0)), Viewer::Seat(Seat(1)), Viewer::Seat(Seat(2))] {
                render(&game.view(viewer), 3);
            }
        }
        let seats: Vec<Seat> = must.iter().collect();
        let seat = seats[chooser.index(seats.len())];
        let legal = game.legal_actions(seat);
        game.apply(seat, &legal[chooser.index(legal.len())].clone()).expect("legal");
        step += 1;
    }
    render(&game.view(Viewer::Public), 3);
}

/// During its own setup a seat sees where its land may still grow (#25 item 5, §3 step 5a):
/// the dashed cells are explained on its card, and the other seats' lands stay hidden (R47).
#[test]
fn setup_shows_where_a_tile_may_go() {
    let game = Raja::setup(&Options::default(), 3, GameRng::from_seed(5)).expect("set up");
    let names = common::names(3);
    let own = engines::AnyView::from(game.view(Viewer::Seat(Seat(0))));
    let drawing = render::board_drawing(&own, &names).expect("draws");
    let all: Vec<&str> = drawing.texts.iter().map(|t| t.text.as_str()).collect();
    assert!(all.join(" ").contains("Dashed: where a tile may be added"), "{all:?}");
    assert_eq!(drawing.texts.iter().filter(|t| t.text.contains("Lands hidden")).count(), 2);
    if std::env::var_os("SHOW_BOARD").is_some() {
        std::fs::write("/tmp/raja_setup_open.png", &drawing.png).expect("writes");
    }
    let public = engines::AnyView::from(game.view(Viewer::Public));
    let drawing = render::board_drawing(&public, &names).expect("draws");
    assert!(!drawing.texts.iter().any(|t| t.text.contains("Dashed")));
}

/// The text board draws the same map (#24 item 3, §3 step 5a): every cell a tile may be added
/// to, as the menu offers it ("land_add x,y"), is a `+` under its coordinates, and no other cell.
#[test]
fn setup_text_map_marks_every_cell_the_menu_offers() {
    let mut game = Raja::setup(&Options::default(), 3, GameRng::from_seed(5)).expect("set up");
    // One tile added first, so that the land is more than its starting tile.
    let first = game.legal_actions(Seat(0)).into_iter().find(|a| a.to_string().starts_with("land_add")).expect("add");
    game.apply(Seat(0), &first).expect("adds");
    let offered: std::collections::BTreeSet<(i8, i8)> = game
        .legal_actions(Seat(0))
        .iter()
        .filter_map(|a| a.to_string().strip_prefix("land_add ").map(str::to_string))
        .map(|xy| {
            let (x, y) = xy.split_once(',').expect("x,y");
            (x.parse().expect("x"), y.parse().expect("y"))
        })
        .collect();
    assert!(!offered.is_empty());
    let text = render::board_text(&engines::AnyView::from(game.view(Viewer::Seat(Seat(0)))), &common::names(3));
    let lines: Vec<&str> = text.lines().skip_while(|l| !l.contains("+ where a tile may go")).skip(1).collect();
    let columns: Vec<i8> = lines[0].split_whitespace().map(|x| x.parse().expect("column")).collect();
    let mut marked = std::collections::BTreeSet::new();
    for row in lines[1..].iter().take_while(|l| l.trim_start().starts_with(|c: char| c == '-' || c.is_ascii_digit())) {
        let mut words = row.split_whitespace();
        let y: i8 = words.next().expect("row").parse().expect("row number");
        for (x, mark) in columns.iter().zip(words) {
            if mark == "+" {
                marked.insert((*x, y));
            }
        }
    }
    if std::env::var_os("SHOW_BOARD").is_some() {
        eprintln!("{text}");
    }
    assert_eq!(marked, offered, "{text}");
    // The other seats' lands stay hidden (R47): one map only.
    assert_eq!(text.matches("Your land (").count(), 1, "{text}");
}
