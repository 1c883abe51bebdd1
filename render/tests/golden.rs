//! Golden-image tests: each board is compared with a reference PNG in `tests/golden/`
//! (decoded pixels, small per-channel tolerance), and its text form with a `.txt` beside it.
//! `UPDATE_GOLDEN=1 cargo test -p render --test golden` rewrites the references; on a
//! mismatch the actual picture and a diff image are written to `tests/output/`.

mod common;

use common::golden::{check_png, check_text};
use common::gunslinger as mg;
use engines::martian_12s::Status;
use engines::martian_gunslinger::{EventView, Stage, WinReason};
use engines::{AnyGame, Seat, Viewer};

/// Renders `game`'s public view both ways and checks both against the references.
fn check(name: &str, game: &AnyGame) -> common::Board {
    check_as(name, game, Viewer::Public)
}

/// Renders what `viewer` sees of `game` both ways and checks both against the references.
fn check_as(name: &str, game: &AnyGame, viewer: Viewer) -> common::Board {
    let view = game.view(viewer);
    let names = common::names(game.players());
    let png = render::board_png(&view, &names).expect("renders");
    let (width, height) = image::load_from_memory(&png).expect("decodes").to_rgb8().dimensions();
    assert_eq!(width, render::picture_width(), "{name}");
    // Heights in layout units, as the limits are (1,600 at 960 wide).
    let height = (height as f32 / render::SCALE).round() as u32;
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
        render::board_text(&game.view(Viewer::Public), &[])
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
    let ada = view.player(Seat(0));
    assert_eq!((ada.stack.len(), ada.score, view.current), (20, 8, Some(Seat(0))));
    assert_eq!(view.player(Seat(3)).status, Status::Popped);
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

#[test]
fn round_just_ended_shows_the_previous_round() {
    let game = common::round_just_ended();
    let view = common::m12s(&game);
    assert_eq!(view.round, 2);
    assert!(view.players.iter().all(|p| p.stack.is_empty()), "nobody has pulled in round 2");
    let previous = view.previous_round.as_ref().expect("round 1 kept");
    assert!(previous.players.iter().any(|p| !p.stack.is_empty()));
    let board = check("round_just_ended", &game);
    assert!(board.text.contains("Round 2 of 10"));
}

#[test]
fn gunslinger_two_players_in_setup() {
    let game = mg::setup_two_players();
    let view = mg::view(&game, Viewer::Public);
    assert!(matches!(view.stage, Stage::Placement | Stage::Compensation), "{:?}", view.stage);
    assert!(view.players.iter().all(|p| p.home.is_some() && p.hand_size == 0));
    let board = check("gunslinger_two_players_in_setup", &game);
    assert!(board.text.contains("Setup") && board.text.contains("PL"), "{}", board.text);
}

#[test]
fn gunslinger_four_players_mid_game() {
    let game = mg::four_players_mid_game();
    let view = mg::view(&game, Viewer::Public);
    assert_eq!(view.players.len(), 4);
    assert!(view.mayor.is_some() && view.stage == Stage::Move);
    assert!(view.players.iter().filter(|p| !p.tokens.is_empty()).count() >= 2);
    let board = check("gunslinger_four_players_mid_game", &game);
    assert!(board.text.contains("Mayor") && board.text.contains("tokens") && board.text.contains("Last move"));
    assert!(board.text.chars().count() <= 1500, "{} characters", board.text.chars().count());
}

#[test]
fn gunslinger_seat_view_with_hand_and_event_card() {
    let game = mg::three_players_tycoon();
    let public = mg::view(&game, Viewer::Public);
    let seat = public.active.expect("mid-game");
    let own = mg::view(&game, Viewer::Seat(seat));
    let me = own.me.as_ref().expect("the seat's secrets");
    let event = me.event.expect("a hidden event card");
    assert!(!me.hand.is_empty());
    assert!(public.players.iter().any(|p| matches!(p.event, EventView::Tycoon { .. }) && p.locked.len() == 3));
    let board = check_as("gunslinger_seat_view", &game, Viewer::Seat(seat));
    let title = engines::martian_gunslinger::event_title(event.rank);
    assert!(board.text.contains("sees this") && board.text.contains(title), "{}", board.text);
    let names = common::names(game.players());
    let public_png = render::board_png(&game.view(Viewer::Public), &names).expect("renders");
    let own_png = render::board_png(&game.view(Viewer::Seat(seat)), &names).expect("renders");
    assert_ne!(public_png, own_png, "the seat's picture adds its hand");
    let public_text = render::board_text(&game.view(Viewer::Public), &names);
    assert!(!public_text.contains("sees this") && !public_text.contains(title));
}

#[test]
fn gunslinger_four_players_finished() {
    let game = mg::four_players_finished();
    let view = mg::view(&game, Viewer::Public);
    let outcome = view.outcome.as_ref().expect("over");
    assert_eq!(view.end, Some(WinReason::Points));
    assert_eq!(outcome.winners.iter().count(), 1);
    let winner = outcome.winners.iter().next().unwrap_or(Seat(0));
    assert!(view.players.iter().any(|p| p.seat == winner && p.vp >= 7));
    let board = check("gunslinger_four_players_finished", &game);
    assert!(board.text.contains("Game over") && board.text.contains("★ Winner"), "{}", board.text);
}

/// Conquest of Mars: the opening, an empty grid of card backs with the starting dice shown.
#[test]
fn conquest_opening() {
    use common::conquest_of_mars as com;
    let game = com::opening();
    let view = com::view(&game, Viewer::Public);
    assert_eq!((view.phase.as_str(), view.round, com::on_board(&view)), ("Main", 1, 0));
    assert!(view.cells.iter().all(|c| c.card.is_none()), "every card still face down");
    let board = check("conquest_opening", &game);
    let first = common::names(3)[view.current.expect("a first player").index()].clone();
    assert!(
        board.text.contains(&format!("▶ {first} (")) && board.text.contains("choosing an action"),
        "{}",
        board.text
    );
    assert!(board.text.contains("started d"), "{}", board.text);
}

/// Conquest of Mars: the sealed starting dice, one chosen; only the chooser's own picture
/// shows which.
#[test]
fn conquest_sealed_start_die() {
    use common::conquest_of_mars as com;
    let game = com::sealed_start();
    let public = com::view(&game, Viewer::Public);
    assert_eq!(public.phase, "SetupDieChoice");
    let chosen = (0..2).map(Seat).find(|s| !public.pending.contains(s)).expect("one has chosen");
    let board = check("conquest_sealed_start", &game);
    assert!(board.text.contains("Everyone chooses a starting die") && board.text.contains("Waiting for"));
    let own = check_as("conquest_sealed_start_seat", &game, Viewer::Seat(chosen));
    let words = com::view(&game, Viewer::Seat(chosen)).you.and_then(|y| y.sealed).expect("the chooser's words");
    assert!(own.text.contains(&words) && !board.text.contains(&words), "{}", own.text);
    assert!(own.text.contains("Only ") && own.text.contains("sees this"));
}

/// Conquest of Mars mid-game: four players, an attack whose dice are being chosen (sealed);
/// a fighter who has chosen sees its own dice, nobody else does.
#[test]
fn conquest_attack_choosing_dice() {
    use common::conquest_of_mars as com;
    let game = com::attack_commit();
    let public = com::view(&game, Viewer::Public);
    let attack = public.attack.as_ref().expect("an attack");
    assert_eq!(attack.stage, "commit");
    let board = check("conquest_attack_commit", &game);
    assert!(board.text.contains(&format!("Attack on {}", attack.target)), "{}", board.text);
    let chosen = board.text.contains("dice chosen") || board.text.contains("no dice to commit");
    assert!(chosen && board.text.contains("choosing"), "who has chosen, never what: {}", board.text);
    assert!(board.text.contains("(target)"), "{}", board.text);
    let chooser = attack.fighters.iter().find(|f| f.committed).map(|f| f.seat);
    if let Some(seat) = chooser {
        let own = com::view(&game, Viewer::Seat(seat));
        if let Some(words) = own.you.as_ref().and_then(|y| y.sealed.clone()) {
            assert!(!board.text.contains(&words));
        }
    }
    let waiting = com::waiting(&public);
    check_as("conquest_attack_commit_seat", &game, Viewer::Seat(waiting));
}

/// Conquest of Mars mid-combat: lines rolled and a loser removing a pyramid.
#[test]
fn conquest_attack_casualty() {
    use common::conquest_of_mars as com;
    let game = com::attack_casualty();
    let public = com::view(&game, Viewer::Public);
    let attack = public.attack.as_ref().expect("an attack");
    let loser = *attack.losers.first().expect("a loser");
    let board = check("conquest_attack_casualty", &game);
    let name = common::names(3)[loser.index()].clone();
    assert!(board.text.contains("removes a pyramid now") && board.text.contains(&name), "{}", board.text);
    assert!(board.text.contains(" (d"), "rolled dice with their types: {}", board.text);
}

/// Conquest of Mars, finished: standings with every hand and the cards set aside.
#[test]
fn conquest_finished() {
    use common::conquest_of_mars as com;
    let game = com::finished();
    let view = com::view(&game, Viewer::Public);
    let outcome = view.outcome.as_ref().expect("the game is over");
    assert!(!outcome.winners.is_empty());
    assert!(view.players.iter().all(|p| p.hand.is_some()), "hands revealed at the end");
    let board = check("conquest_finished", &game);
    assert!(board.text.contains("Final standings") && board.text.contains("* winner"), "{}", board.text);
    for p in &view.players {
        for card in p.hand.as_ref().expect("revealed") {
            assert!(board.text.contains(&card.to_string()), "{card} in the standings");
        }
    }
}
