//! The stable text forms of actions (their round trip and their refusals) and of the words
//! inside them.

use super::fixtures::pos;
use crate::gunslinger_gang::action::{Ability, Action, Piece, Role, Timing};
use crate::gunslinger_gang::cards::{Colour, News, Underling};

#[test]
fn text_forms_round_trip() {
    let actions = [
        Action::Play { card: Underling::Rancher, town: pos("B1"), news: News::new(5), under_top: false },
        Action::Play { card: Underling::Kid, town: pos("B2"), news: None, under_top: true },
        Action::Reveal(pos("C3")),
        Action::RevealSecond(pos("A1")),
        Action::Skip,
        Action::Timing(Timing::Keep),
        Action::Use(Ability::A),
        Action::Use(Ability::Dynamite),
        Action::Move { from: pos("B1"), kind: Piece::Lawman(Role::Sheriff) },
        Action::Promote(Role::Deputy),
        Action::Demote(Role::Sheriff),
        Action::Lasso { player: Colour::Blue, to: pos("C3") },
        Action::Ambush(Colour::Green),
        Action::Elect(Role::Sheriff),
        Action::Push { player: Colour::Red, to: pos("B2") },
        Action::Drive { to: pos("A2"), count: 12 },
        Action::Blast(Colour::Yellow),
        Action::Rail { from: pos("C2"), kind: Piece::Outlaw },
        Action::SwearIn(Role::Deputy),
        Action::Turncoat(Colour::Blue),
        Action::Done,
        Action::Resign,
    ];
    for action in actions {
        let text = action.to_string();
        assert_eq!(text.parse::<Action>(), Ok(action), "{text}");
    }
    assert_eq!("PLAY kid b2 NONE".parse::<Action>().map(|a| a.to_string()), Ok("play KID B2 none".into()));
}

#[test]
fn bad_text_is_refused_with_the_grammar() {
    for bad in [
        "",
        "???",
        "pull Q",
        "9 9 9 9",
        "play KID D1 none",
        "drive B2 0",
        "use D",
        "play KID B2",
        "drive B2 +3",
        "play KID B2 N+5",
    ] {
        let err = bad.parse::<Action>().expect_err(bad);
        assert!(err.expected.contains("reveal <town>"), "{err}");
    }
}
