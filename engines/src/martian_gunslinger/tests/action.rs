//! Unit tests of the action text forms (§8.4).

use crate::game::Seat;
use crate::martian_gunslinger::{Action, Bonus, Die, EventParams, HandPlay, Pile, Place, PlayOption, PlotId, Target};
use crate::parts::cards::{Card, Rank, Suit};
use crate::parts::dice::Treehouse;
use crate::parts::grid::{Direction, Square};

fn card(text: &str) -> Card {
    text.parse().expect("card")
}

#[test]
fn text_forms_round_trip() {
    let sq = |s: &str| s.parse::<Square>().expect("square");
    let actions = [
        Action::PlaceHome { corner: sq("a1"), dir: Direction::NE },
        Action::PlacePlotpoint(sq("d4")),
        Action::MovePlotpoint(PlotId::PL, sq("f3")),
        Action::SkipMovePlotpoint,
        Action::ReEnter(sq("b2"), Direction::NE),
        Action::UseReroll(Die::Treehouse),
        Action::WildChoose(Treehouse::Hop),
        Action::WildReroll,
        Action::Tip(Seat(1), Direction::W),
        Action::Swap(sq("e4"), sq("c6")),
        Action::DigFrom(Pile::Discard),
        Action::DigTo(Place::Resources),
        Action::Reorient(Direction::SW),
        Action::ContestDiscard(card("10H")),
        Action::ContestDone,
        Action::PlayHandCard(HandPlay {
            card: card("KS"),
            costs: [card("9S"), card("4S")].into_iter().collect(),
            option: PlayOption::King(Bonus::Discard),
        }),
        Action::PlayHandCard(HandPlay {
            card: card("10H"),
            costs: [card("2H"), card("5H")].into_iter().collect(),
            option: PlayOption::Teleport(sq("e4")),
        }),
        Action::PlayHandCard(HandPlay {
            card: card("2C"),
            costs: [card("QC")].into_iter().collect(),
            option: PlayOption::Destroy { victim: Seat(0), target: Target::Locked },
        }),
        Action::PlayHandCard(HandPlay {
            card: card("9D"),
            costs: [card("5D")].into_iter().collect(),
            option: PlayOption::Refill { swap: true },
        }),
        Action::RefillDiscard(card("2C")),
        Action::PlayEvent(EventParams::Shootout { opponent: Seat(1), mine: card("KS"), theirs: card("JH") }),
        Action::PlayEvent(EventParams::HolyVision { suit: Suit::Hearts, rank: Rank::TEN }),
        Action::PlayEvent(EventParams::PonyExpress {
            horse: card("8H"),
            stagecoach: card("6C"),
            cargo: card("2D"),
            recipient: Seat(2),
        }),
        Action::PlayEvent(EventParams::CattleBaron),
        Action::SubmitBid(17),
        Action::Timeout,
        Action::Resign,
    ];
    for action in actions {
        let text = action.to_string();
        assert_eq!(text.parse::<Action>(), Ok(action), "{text}");
    }
    assert_eq!(
        Action::PlayHandCard(HandPlay {
            card: card("KS"),
            costs: [card("9S"), card("4S")].into_iter().collect(),
            option: PlayOption::King(Bonus::Draw),
        })
        .to_string(),
        "play KS 4S 9S draw"
    );
}

#[test]
fn swap_pairs_are_unordered() {
    let a: Action = "swap e4 c6".parse().expect("swap");
    let b: Action = "swap c6 e4".parse().expect("swap");
    assert_eq!(a, b);
    assert_eq!(a.to_string(), "swap e4 c6", "e4 comes before c6 in a1..h8 order");
}

#[test]
fn bad_text_is_refused() {
    for bad in ["", "home", "home i9 N", "play KS 4S", "play KS 4S 4S draw", "wild Wild", "step now", "bid -1"] {
        assert!(bad.parse::<Action>().is_err(), "{bad:?}");
    }
}

#[test]
fn worded_parts_keep_their_text_in_any_case() {
    let sq = |s: &str| s.parse::<Square>().expect("square");
    let forms = [
        (Action::UseReroll(Die::Table), "reroll table"),
        (Action::UseReroll(Die::Treehouse), "reroll treehouse"),
        (Action::DigFrom(Pile::Draw), "dig draw"),
        (Action::DigFrom(Pile::Discard), "dig discard"),
        (Action::DigTo(Place::Hand), "dig-to hand"),
        (Action::DigTo(Place::Resources), "dig-to resources"),
        (Action::MovePlotpoint(PlotId::PM, sq("d4")), "move PM d4"),
        (Action::WildChoose(Treehouse::Dig), "wild Dig"),
        (
            Action::PlayEvent(EventParams::PunchACow { opponent: Seat(1), cattle: card("10H") }),
            "event punch-a-cow P1 10H",
        ),
        (Action::PlayEvent(EventParams::Mayor { jail: card("3C"), courthouse: card("4D") }), "event mayor 3C 4D"),
    ];
    for (action, text) in forms {
        assert_eq!(action.to_string(), text);
        assert_eq!(text.parse::<Action>(), Ok(action), "{text}");
        assert_eq!(text.to_uppercase().parse::<Action>().ok(), Some(action), "{text} in capitals");
    }
    let king = |bonus| {
        Action::PlayHandCard(HandPlay {
            card: card("KS"),
            costs: [card("9S"), card("4S")].into_iter().collect(),
            option: PlayOption::King(bonus),
        })
    };
    assert_eq!("play KS 4S 9S DISCARD".parse::<Action>(), Ok(king(Bonus::Discard)));
    assert_eq!("PLAY KS 4S 9S Draw".parse::<Action>(), Ok(king(Bonus::Draw)));
    assert_eq!("move pm d4".parse::<Action>(), Ok(Action::MovePlotpoint(PlotId::PM, sq("d4"))));
    assert!("move PX d4".parse::<Action>().is_err() && "dig hand".parse::<Action>().is_err());
    let titles = [(Rank::QUEEN, "Shootout at High Noon"), (Rank::TWO, "Punch a Cow"), (Rank::ACE, "Mayor")];
    for (rank, title) in titles {
        assert_eq!(crate::martian_gunslinger::event_title(rank), title);
    }
}
