//! Every seat is named the same way everywhere (#24 item 2): the menus, the text boards and
//! the final standings all call a player by the name the table gave them, never "Player 2",
//! "P2" or a seat number; and the standings list every player once, best place first.

use engines::wording::{names, walk};
use engines::{AnyGame, GameKind, Pending, Viewer};

/// Every label offered to every seat that may act now, whole actions and first steps.
fn labels(game: &AnyGame, names: &[String]) -> Vec<String> {
    let Pending::Deciding { must, may } = game.pending() else { return Vec::new() };
    let mut out = Vec::new();
    for seat in must.union(may).iter() {
        out.extend(game.legal_actions(seat, names).into_iter().take(60).map(|a| a.label));
        out.extend(game.choices(seat, "", names).options.into_iter().map(|c| c.label));
    }
    out
}

/// A seat named by number rather than by name: "Player 2", "P2", "Seat 1".
fn numbered_seat(text: &str) -> Option<String> {
    let words: Vec<&str> = text.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).collect();
    for pair in words.windows(2) {
        if matches!(pair[0], "Player" | "Seat" | "seat") && pair[1].bytes().all(|b| b.is_ascii_digit()) {
            return Some(format!("{} {}", pair[0], pair[1]));
        }
    }
    words
        .iter()
        .find(|w| w.len() == 2 && w.starts_with('P') && w.as_bytes()[1].is_ascii_digit())
        .map(|w| (*w).to_string())
}

fn named_alike(kind: GameKind, seed: u64) {
    let players = kind.players().1;
    let names = names(players);
    let mut reader = engines::wording::Reader::default();
    let mut named_in_menus = 0;
    let mut last_board = String::new();
    walk(kind, players, seed, &mut reader, |game, _| {
        let board = render::board_text(&game.view(Viewer::Public), &names);
        // "You" may read "you" mid-sentence ("waiting for you"); other names keep their case.
        let lower = board.to_lowercase();
        let names_on_board = |name: &str| lower.contains(&name.to_lowercase());
        if let Some(slip) = numbered_seat(&board) {
            panic!("{kind}: the text board names a seat \"{slip}\":\n{board}");
        }
        for name in &names {
            assert!(names_on_board(name), "{kind}: the text board never names {name}:\n{board}");
        }
        for label in labels(game, &names) {
            assert!(numbered_seat(&label).is_none(), "{kind}: a menu names a seat by number: {label:?}");
            for name in names.iter().filter(|n| label.contains(n.as_str())) {
                assert!(names_on_board(name), "{kind}: {label:?} names {name}, the board does not");
                named_in_menus += 1;
            }
        }
        last_board = board;
    });
    if matches!(kind, GameKind::MartianGunslinger | GameKind::Raja) {
        assert!(named_in_menus > 0, "{kind}: no menu named another player in a whole game");
    }
    standings_by_place(kind, &last_board, &names);
}

/// The final standings name every player once, places in order (1st before 2nd…).
fn standings_by_place(kind: GameKind, board: &str, names: &[String]) {
    let places: Vec<(u32, &str)> = board
        .lines()
        .filter_map(|line| {
            let line = line.trim_start();
            let digits: String = line.chars().take_while(char::is_ascii_digit).collect();
            let rest = line[digits.len()..]
                .strip_prefix(["st", "nd", "rd", "th"].iter().find(|s| line[digits.len()..].starts_with(**s))?)?;
            Some((digits.parse().ok()?, rest.trim_start()))
        })
        .collect();
    assert_eq!(places.len(), names.len(), "{kind}: one standing per player in\n{board}");
    assert!(places.windows(2).all(|w| w[0].0 <= w[1].0), "{kind}: standings by place in\n{board}");
    for name in names {
        let lines = places
            .iter()
            .filter(|(_, rest)| rest.to_lowercase().starts_with(&format!("{}:", name.to_lowercase())))
            .count();
        assert_eq!(lines, 1, "{kind}: {name} stands once in\n{board}");
    }
}

#[test]
fn martian_gunslinger_names_seats_alike() {
    named_alike(GameKind::MartianGunslinger, 1);
}

#[test]
fn gunslinger_gang_names_seats_alike() {
    named_alike(GameKind::GunslingerGang, 1);
}

#[test]
fn martian_12s_names_seats_alike() {
    named_alike(GameKind::Martian12s, 1);
}

#[test]
fn conquest_of_mars_names_seats_alike() {
    named_alike(GameKind::ConquestOfMars, 1);
}

#[test]
fn raja_names_seats_alike() {
    named_alike(GameKind::Raja, 1);
}

#[test]
fn a_seat_named_by_number_is_caught() {
    assert_eq!(numbered_seat("Tip Player 2").as_deref(), Some("Player 2"));
    assert_eq!(numbered_seat(" P3 Bo [R] 2 VP").as_deref(), Some("P3"));
    assert_eq!(numbered_seat("Bo [R] plays 3rd · 2 VP"), None);
}
