//! A player never reads an identifier or a slip of grammar on a board picture either: the
//! engines' walk of a seeded random game of every game at every player count, with the
//! first seat called "You" as the terminal calls its player (its pictures are written to a
//! file), reading every line drawn on the public picture and on that seat's own at every
//! third step. Before the pictures wrote lines in the second person, this read "You's turn",
//! "You pulls first", "You buys 1 grain" and "4 in 1 pulls".

use engines::wording::{Reader, names, walk};
use engines::{GameKind, Seat, Viewer};

fn pictures_speak_to_people(kind: GameKind) {
    let mut reader = Reader::default();
    let (min, max) = kind.players();
    for players in min..=max {
        let names = names(players);
        let mut step = 0;
        walk(kind, players, 0, &mut reader, |game, reader| {
            step += 1;
            if step % 3 != 1 {
                return;
            }
            for viewer in [Viewer::Public, Viewer::Seat(Seat(0))] {
                let drawing = render::board_drawing(&game.view(viewer), &names).expect("the board draws");
                for line in &drawing.texts {
                    reader.sentence("line on a picture", &line.text);
                }
            }
        });
    }
    let slips: Vec<String> = reader.slips.iter().map(ToString::to_string).collect();
    assert!(slips.is_empty(), "{} slips in {} texts:\n{}", slips.len(), reader.texts, slips.join("\n"));
}

#[test]
fn martian_12s_pictures_speak_to_people() {
    pictures_speak_to_people(GameKind::Martian12s);
}

#[test]
fn martian_gunslinger_pictures_speak_to_people() {
    pictures_speak_to_people(GameKind::MartianGunslinger);
}

#[test]
fn gunslinger_gang_pictures_speak_to_people() {
    pictures_speak_to_people(GameKind::GunslingerGang);
}

#[test]
fn conquest_of_mars_pictures_speak_to_people() {
    pictures_speak_to_people(GameKind::ConquestOfMars);
}

#[test]
fn raja_pictures_speak_to_people() {
    pictures_speak_to_people(GameKind::Raja);
}
