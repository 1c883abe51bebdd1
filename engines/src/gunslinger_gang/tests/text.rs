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

/// The refusal names the first word not understood and what was wanted, then the grammar.
#[test]
fn bad_text_names_the_word_not_understood() {
    let reason = |text: &str| {
        let err = text.parse::<Action>().expect_err(text);
        assert_eq!(err.text, text);
        err.expected.split_once("; ").map(|(why, _)| why.to_string()).expect("a reason, then the grammar")
    };
    assert_eq!(reason("play KID D1 none"), "\"d1\" is not a position like A1 or C3");
    assert_eq!(
        reason("play JOKER B2 none"),
        "\"joker\" is not an underling (KID, GAMBLER, PREACHER, OPERATOR, HIREDGUN, RANCHER)"
    );
    assert_eq!(reason("play KID B2 N25"), "\"n25\" is not a News Story (N01–N24)");
    assert_eq!(reason("play KID B2"), "\"kid b2\" is not <card> <town> <news|none> [under] after play");
    assert_eq!(reason("use D"), "\"d\" is not an ability (A, B, C, dynamite)");
    assert_eq!(reason("lasso Purple B2"), "\"purple\" is not a colour (Red, Blue, Green, Yellow)");
    assert_eq!(reason("move B2 mayor"), "\"mayor\" is not a piece (outlaw, sheriff, deputy)");
    assert_eq!(reason("elect mayor"), "\"mayor\" is not a role (sheriff, deputy)");
    assert_eq!(reason("drive B2 +3"), "\"+3\" is not a count of 1 or more");
    assert_eq!(reason("pull"), "\"pull\" is not an action");
    assert_eq!(reason("pull Q"), "\"pull q\" is not an action");
    let err = "reveal D1".parse::<Action>().expect_err("no D column");
    assert!(
        err.to_string().starts_with("cannot read \"reveal D1\": \"d1\" is not a position like A1 or C3; play <card>")
    );
}

/// Words read in any case and print in one; cards and components refuse with what they expect.
#[test]
fn words_read_in_any_case_and_print_in_one() {
    assert_eq!("SHERIFF".parse::<Role>(), Ok(Role::Sheriff));
    assert_eq!(Piece::Lawman(Role::Deputy).to_string(), "deputy");
    assert_eq!("Keep".parse::<Timing>(), Ok(Timing::Keep));
    assert_eq!("DYNAMITE".parse::<Ability>().map(|a| a.to_string()), Ok("dynamite".to_string()));
    assert_eq!("yellow".parse::<Colour>(), Ok(Colour::Yellow));
    let card = "Red KID".parse::<crate::gunslinger_gang::cards::Card>().expect_err("no dash");
    assert_eq!(card.to_string(), "\"Red KID\" is not a card like Red-KID");
}
