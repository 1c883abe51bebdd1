//! A player never reads an identifier on a text board (#24 item 1): the engines' walk of whole
//! seeded random games of every game at every player count, reading at every step the public
//! text board and each seat's private one besides everything the engine says.

use engines::wording::{Reader, names, walk};
use engines::{GameKind, Viewer};

fn boards_speak_to_people(kind: GameKind) {
    let mut reader = Reader::default();
    let (min, max) = kind.players();
    for players in min..=max {
        let names = names(players);
        for seed in 0..2 {
            walk(kind, players, seed, &mut reader, |game, reader| {
                reader.sentence("public text board", &render::board_text(&game.view(Viewer::Public), &names));
                for seat in (0..players).map(|i| engines::Seat(i as u8)) {
                    let text = render::board_text(&game.view(Viewer::Seat(seat)), &names);
                    reader.sentence("private text board", &text);
                }
            });
        }
    }
    let slips: Vec<String> = reader.slips.iter().map(ToString::to_string).collect();
    assert!(slips.is_empty(), "{} slips in {} texts:\n{}", slips.len(), reader.texts, slips.join("\n"));
}

#[test]
fn martian_12s_boards_speak_to_people() {
    boards_speak_to_people(GameKind::Martian12s);
}

#[test]
fn martian_gunslinger_boards_speak_to_people() {
    boards_speak_to_people(GameKind::MartianGunslinger);
}

#[test]
fn gunslinger_gang_boards_speak_to_people() {
    boards_speak_to_people(GameKind::GunslingerGang);
}

#[test]
fn conquest_of_mars_boards_speak_to_people() {
    boards_speak_to_people(GameKind::ConquestOfMars);
}

#[test]
fn raja_boards_speak_to_people() {
    boards_speak_to_people(GameKind::Raja);
}
