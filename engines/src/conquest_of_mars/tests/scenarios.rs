//! The scenarios of `rules/conquest-of-mars.scenarios.md`, one test each, in their words.

use super::fixtures::{P0, P1, act, cell, given, new_game, pool};
use crate::conquest_of_mars::board::Cell;
use crate::conquest_of_mars::events::Event;
use crate::conquest_of_mars::scoring::{HandKey, compare};
use crate::conquest_of_mars::state::{ConquestOfMars, Phase};
use crate::game::{Audience, Game, Pending, Viewer};
use crate::parts::cards::Card;
use crate::parts::poker::LowCategory;
use crate::rng::GameRng;

/// C1 — R1, R4: setup, the sealed starting dice, the first player.
#[test]
fn c1_setup_starting_die_and_first_player() {
    let mut g = new_game(2, 11);
    assert_eq!(g.common, pool(&[(4, 8), (6, 8), (8, 6), (10, 4), (12, 4), (20, 2)]), "R1");
    assert_eq!(g.common.len(), 32);
    assert_eq!(g.grid.len(), 44);
    assert!(g.grid.iter().all(|c| !c.face_up), "44 face-down cards");
    for hole in ["A1", "G1", "D4", "A7", "G7"] {
        assert_eq!(cell(hole).index(), None, "no card on {hole}");
    }
    assert_eq!(g.aside.len(), 4);
    let public = g.public_json();
    for seat in [P0, P1] {
        let hand = g.player(seat).hand;
        let own = serde_json::to_string(&g.view(Viewer::Seat(seat))).expect("json");
        for card in hand {
            assert!(own.contains(&format!("\"{card}\"")) && !public.contains(&format!("\"{card}\"")));
        }
        assert_eq!(g.player(seat).on_board(), 0, "all nine in reserve");
    }
    assert_eq!(g.phase, Phase::SetupDieChoice);
    // 1. Nothing is revealed yet.
    let events = g.run(P0, "start d8");
    assert_eq!(g.phase, Phase::SetupDieChoice);
    assert!(g.player(P0).dice.is_empty());
    let without_pending = |json: &str| {
        let mut value: serde_json::Value = serde_json::from_str(json).expect("json");
        value["pending"] = serde_json::Value::Null;
        value["prompt"] = serde_json::Value::Null;
        value
    };
    assert_eq!(without_pending(&g.public_json()), without_pending(&public), "only who is pending changed");
    assert!(!serde_json::to_string(&g.view(Viewer::Seat(P1))).expect("json").contains("d8 (sealed)"));
    assert!(serde_json::to_string(&g.view(Viewer::Seat(P0))).expect("json").contains("Red starts with a d8 (sealed)"));
    assert!(
        events
            .iter()
            .all(|e| ConquestOfMars::audience(e) == Audience::Public
                || ConquestOfMars::audience(e) == Audience::seat(P0))
    );
    // 2. Both shown; the fewest faces goes first.
    g.run(P1, "start d4");
    assert_eq!((g.pool_of(P0), g.pool_of(P1)), ("{d8:1}".into(), "{d4:1}".into()));
    assert_eq!(g.common, pool(&[(4, 7), (6, 8), (8, 5), (10, 4), (12, 4), (20, 2)]));
    assert_eq!((g.turn_order.clone(), g.round, g.current), (vec![P1, P0], 1, P1));
    // 3.
    let legal = g.texts(P1);
    assert_eq!(legal.len(), 45);
    assert_eq!(legal[0], "take");
    assert!(legal[1..].iter().all(|t| t.starts_with("spawn ")));
    // 4.
    g.run(P1, "take");
    assert_eq!((g.pool_of(P1), g.common.d4, g.current), ("{d4:2}".into(), 6, P0));
    // 5.
    g.run(P0, "spawn C3");
    assert_eq!(g.at("RS1"), "C3:Up");
    assert!(g.is_face_up("C3"));
    assert_eq!((g.round, g.current), (2, P1), "round 2 begins");
    // 6. C3 included; no trade for a d10.
    let legal = g.texts(P1);
    assert_eq!(legal[..3], ["take", "trade d6", "trade d8"]);
    assert_eq!(legal.len(), 47);
    assert!(legal.contains(&"spawn C3".to_string()));
}

/// C1 variant — R4: equal starting dice, the roll-off picks seat 1.
#[test]
fn c1_variant_roll_off() {
    let mut g = new_game(2, 11);
    g.rng = GameRng::scripted([1]);
    g.run(P0, "start d6");
    let events = g.run(P1, "start d6");
    assert!(events.contains(&Event::RollOff { tied: vec![P0, P1], first: P1 }));
    assert_eq!((g.current, g.turn_order.clone()), (P1, vec![P1, P0]));
}

/// C2 — R2, R3: dice running out and trading.
#[test]
fn c2_dice_running_out_and_trading() {
    let mut g = given(2);
    g.with_dice(P0, &[(4, 2)]).with_dice(P1, &[(12, 1)]).with_common(&[(6, 1), (8, 1), (10, 1), (20, 1)]);
    let mut g = g.build();
    // 1. Two d4 = 8 faces; no d12 in common.
    assert_eq!(g.texts_of(P0, "trade"), ["trade d6", "trade d8"]);
    // 2. No d4 left: a d6.
    g.run(P0, "take");
    assert_eq!((g.pool_of(P0), g.common.d6, g.current), ("{d4:2, d6:1}".into(), 0, P1));
    // 3.
    g.run(P1, "take");
    assert_eq!((g.pool_of(P1), g.common.to_string()), ("{d8:1, d12:1}".into(), "{d10:1, d20:1}".into()));
    // 4. 4 + 4 + 6 = 14 ≥ 10, < 20.
    assert_eq!(g.texts_of(P0, "trade"), ["trade d10"]);
    // 5.
    g.run(P0, "trade d10");
    assert_eq!(g.texts(P0), ["add d4", "add d6", "cancel"]);
    // 6. One die is not enough.
    g.run(P0, "add d6");
    assert!(!g.texts(P0).contains(&"confirm".to_string()));
    assert_eq!(g.refuse(P0, "confirm").ruling, Some("R3"));
    // 7. Over-paying is allowed.
    g.run(P0, "add d4");
    assert_eq!(g.texts(P0), ["add d4", "confirm", "cancel"]);
    // 8.
    g.run(P0, "confirm");
    assert_eq!(g.pool_of(P0), "{d4:1, d10:1}");
    assert_eq!(g.common, pool(&[(4, 1), (6, 1), (20, 1)]));
    // 9. d8 + d12 = 20.
    assert!(g.texts(P1).contains(&"trade d20".to_string()));
    for step in ["trade d20", "add d8", "add d12", "confirm"] {
        g.run(P1, step);
    }
    assert_eq!(g.pool_of(P1), "{d20:1}");
    assert_eq!(g.common, pool(&[(4, 1), (6, 1), (8, 1), (12, 1)]));
    // 10. Only the d4 is smaller than a d8.
    let mut h = given(2);
    h.with_dice(P0, &[(8, 2), (4, 1)]).with_common(&[(8, 1)]);
    let h = h.build();
    assert!(h.texts_of(P0, "trade").is_empty());
}

/// C3 — R8, R10: spawning anywhere at first, then only on occupied cards.
#[test]
fn c3_spawning() {
    let mut g = given(2).build();
    // 1.
    g.run(P0, "spawn B2");
    assert!(g.at("RS1") == "B2:Up" && g.is_face_up("B2"));
    // 2. Shared, no combat.
    assert_eq!(g.texts_of(P1, "spawn").len(), 44);
    g.run(P1, "spawn B2");
    assert_eq!((g.at("YS1"), g.phase.clone()), ("B2:Up".into(), Phase::Main));
    // 3.
    assert_eq!(g.texts_of(P0, "spawn"), ["spawn B2"]);
    assert_eq!(g.refuse(P0, "spawn C2").ruling, Some("R10"));
    assert_eq!(g.refuse(P0, "spawn A1").ruling, Some("R6"));
    // 4. No flat pyramid, no attack.
    assert!(g.texts_of(P0, "attack").is_empty());
    g.run(P0, "spawn B2");
    assert_eq!(g.at("RS2"), "B2:Up");
    assert!(g.texts_of(P1, "attack").is_empty());
}

/// C4 — R11: growing.
#[test]
fn c4_growing() {
    let mut g = given(2);
    let mut g = g.with("RS1@B2:Up RS2@C2:W").build();
    // 1.
    assert_eq!(g.texts_of(P0, "grow"), ["grow RS1"]);
    g.run(P0, "grow RS1");
    assert_eq!((g.at("RM1"), g.at("RS1")), ("B2:Up".into(), "reserve".into()));
    let reserve: Vec<String> =
        g.player(P0).all().filter(|(_, p)| p.cell().is_none()).map(|(id, _)| id.to_string()).collect();
    assert_eq!(reserve, ["RS1", "RS3", "RM2", "RM3", "RL1", "RL2", "RL3"]);
    // 2. No medium in reserve for RS1.
    let mut g = given(2);
    let mut g = g.with("RM1@B2:Up RM2@B3:Up RM3@C2:Up RS1@C3:Up").build();
    assert_eq!(g.texts_of(P0, "grow"), ["grow RM1", "grow RM2", "grow RM3"]);
    assert_eq!(g.refuse(P0, "grow RS1").ruling, Some("R11"));
    // 3.
    g.run(P0, "grow RM2");
    assert_eq!((g.at("RL1"), g.at("RM2")), ("B3:Up".into(), "reserve".into()));
    g.run(P1, "spawn A4");
    assert!(g.texts_of(P0, "grow").contains(&"grow RS1".to_string()));
    assert_eq!(g.refuse(P0, "grow RL1").ruling, Some("R11"));
}

fn c5_table() -> ConquestOfMars {
    given(2).with("RS1@B1:Up RM1@B2:Up").build()
}

const C5_ORIENTS: [&str; 6] =
    ["orient RS1 E", "orient RS1 S", "orient RM1 N", "orient RM1 E", "orient RM1 S", "orient RM1 W"];

/// C5 — R6, R12: reorienting at the edge, one action.
#[test]
fn c5_reorienting_at_the_edge() {
    let mut g = c5_table();
    // 1.
    g.run(P0, "reorient");
    assert_eq!(g.texts_of(P0, "orient"), C5_ORIENTS);
    assert!(!g.texts(P0).contains(&"done".to_string()));
    assert_eq!(g.refuse(P0, "orient RS1 W").ruling, Some("R6"), "A1 is a hole");
    // 2.
    g.run(P0, "orient RS1 E");
    assert!(g.texts_of(P0, "orient").iter().all(|t| !t.contains("RS1")));
    assert_eq!(g.refuse(P0, "orient RS1 S").ruling, Some("R12"));
    // 3, 4. One action; the turn ends.
    g.run(P0, "orient RM1 S");
    g.run(P0, "done");
    assert_eq!((g.at("RS1"), g.at("RM1")), ("B1:E".into(), "B2:S".into()));
    assert_eq!((g.phase.clone(), g.current), (Phase::Main, P1));
}

/// C5 variant — R12: cancelling restores the orientations.
#[test]
fn c5_variant_cancel_restores() {
    let mut g = c5_table();
    let main = g.texts(P0);
    g.run(P0, "reorient");
    g.run(P0, "orient RS1 E");
    g.run(P0, "cancel");
    assert_eq!(g.at("RS1"), "B1:Up");
    assert_eq!((g.phase.clone(), g.current), (Phase::Main, P0));
    assert_eq!(g.texts(P0), main, "the full Main list");
}

/// C5 variant 2 — R36: at most two cancels in a turn.
#[test]
fn c5_variant_cancel_limit() {
    let mut g = c5_table();
    for step in ["reorient", "cancel", "reorient", "cancel", "reorient"] {
        g.run(P0, step);
    }
    assert_eq!(g.texts(P0), C5_ORIENTS, "the six Orient entries only");
    assert_eq!(g.refuse(P0, "cancel").ruling, Some("R36"));
    g.run(P0, "orient RS1 S");
    g.run(P0, "done");
    assert_eq!(g.current, P1);
    g.run(P1, "take");
    g.run(P0, "reorient");
    assert!(g.texts(P0).contains(&"cancel".to_string()), "a new turn");
}

/// C6 — R8, R9, R13: moving onto an occupied card does not fight; reveal on entry.
#[test]
fn c6_moving_onto_occupied_card() {
    let mut g = given(2);
    let mut g = g.with("RM1@C3:E RS1@C2:E YS1@D3:Up").with_common(&[(4, 8)]).build();
    assert!(!g.is_face_up("D2"));
    // 1.
    assert_eq!(g.texts_of(P0, "move"), ["move RS1", "move RM1"]);
    g.run(P0, "move RM1");
    assert_eq!(g.at("RM1"), "D3:Up");
    assert_eq!(g.occupants(cell("D3")).len(), 2);
    assert_eq!((g.phase.clone(), g.current), (Phase::Main, P1), "no attack");
    // 2, 3.
    g.run(P1, "take");
    let events = g.run(P0, "move RS1");
    assert_eq!(g.at("RS1"), "D2:Up");
    let card: Card = g.grid_card(cell("D2")).expect("card").card;
    assert!(events.contains(&Event::Revealed { cell: cell("D2"), card }));
    assert!(g.public_json().contains(&format!("\"{card}\"")), "shown to all");
}

fn c7_table(yellow_on_d3: bool) -> ConquestOfMars {
    let mut g = given(2);
    g.with("RM1@C3:E").with_face_up("D3");
    if yellow_on_d3 {
        g.with("YS1@D3:Up");
    }
    g.with_dice(P0, &[(4, 1), (6, 1), (8, 1)])
        .with_dice(P1, &[(6, 1)])
        .with_common(&[(4, 7), (6, 6), (8, 5), (10, 4), (12, 4), (20, 2)])
        .build()
}

/// C7 — R14, R18, R19: a basic attack; equal results use the smaller die first.
#[test]
fn c7_basic_attack() {
    let mut g = c7_table(true);
    // 1.
    assert_eq!(g.texts_of(P0, "attack"), ["attack D3"]);
    // 2. No invitees; Yellow commits automatically, Red chooses.
    g.run(P0, "attack D3");
    assert_eq!(g.must().iter().collect::<Vec<_>>(), [P0]);
    assert_eq!(g.texts(P0), ["commit d4", "commit d6", "commit d8"]);
    // 3. Rolled in ascending faces: Red d6 5, Red d8 5, then Yellow d6 3.
    g.script(&[5, 5, 3]);
    g.run(P0, "commit d8");
    let events = g.run(P0, "commit d6");
    assert!(events.contains(&Event::CommitsShown {
        commits: vec![(P0, vec![act_die("d6"), act_die("d8")]), (P1, vec![act_die("d6")])]
    }));
    // 4. Red's line: the d6 first among the fives.
    let red_line: Vec<String> = rolled(&events, P0);
    assert_eq!(red_line, ["5 (d6)", "5 (d8)"]);
    // 5. Yellow loses YS1 (its only option), drops out; the combat ends.
    assert!(events.contains(&Event::Exchange { number: 1, tops: vec![(P0, 5), (P1, 3)], losers: vec![P1] }));
    assert_eq!((g.pool_of(P0), g.pool_of(P1)), ("{d4:1, d8:1}".into(), "{}".into()));
    assert_eq!(g.common, pool(&[(4, 7), (6, 8), (8, 5), (10, 4), (12, 4), (20, 2)]));
    assert_eq!((g.at("RM1"), g.at("YS1")), ("C3:E".into(), "reserve".into()));
    assert!(g.is_face_up("D3") && g.occupants(cell("D3")).is_empty());
    assert_eq!((g.phase.clone(), g.current), (Phase::Main, P1), "turn ends");
}

/// C7 variant — R15: with D3 empty, no attack is listed.
#[test]
fn c7_variant_no_target() {
    let mut g = c7_table(false);
    assert!(g.texts_of(P0, "attack").is_empty());
    assert_eq!(g.refuse(P0, "attack D3").ruling, Some("R15"));
}

fn act_die(name: &str) -> crate::conquest_of_mars::dice::Die {
    name.parse().expect("a die")
}

fn rolled(events: &[Event], seat: crate::game::Seat) -> Vec<String> {
    events
        .iter()
        .find_map(|e| match e {
            Event::Rolled { seat: s, line } if *s == seat => Some(line.iter().map(ToString::to_string).collect()),
            _ => None,
        })
        .expect("a line")
}

/// C9 — R22: the defender's evade exception.
#[test]
fn c9_evade() {
    let mut g = given(2);
    let mut g = g.with("RL1@C3:E YM1@D3:N YS1@D3:W").with_dice(P0, &[(8, 3)]).with_dice(P1, &[(4, 3)]).build();
    assert!(!g.is_face_up("D2"));
    let common = g.common;
    // 1, 2. Both commit all automatically: Red 8, 6, 4; Yellow 1, 1, 1.
    g.script(&[8, 6, 4, 1, 1, 1]);
    g.run(P0, "attack D3");
    // 3. Not Evade{YS1}: C3 holds the attacking RL1.
    assert_eq!(g.texts(P1), ["destroy YS1", "destroy YM1", "evade YM1"]);
    assert_eq!(g.refuse(P1, "evade YS1").ruling, Some("R22"));
    g.run(P1, "evade YM1");
    // 4. Exchange 2: Yellow loses YS1 automatically and drops out.
    assert_eq!(g.pool_of(P0), "{d8:1}");
    assert_eq!(g.pool_of(P1), "{d4:1}");
    assert_eq!(g.common, common.plus(&pool(&[(8, 2), (4, 2)])), "common gained 2 d8 and 2 d4");
    assert_eq!((g.at("RL1"), g.at("YM1"), g.at("YS1")), ("C3:E".into(), "D2:Up".into(), "reserve".into()));
    assert!(g.is_face_up("D2") && g.occupants(cell("D3")).is_empty());
}

/// C11 — R19, R20: a defender without dice; one exchange only.
#[test]
fn c11_defender_without_dice() {
    let mut g = given(2);
    let mut g = g.with("RS1@C3:E YL1@D3:Up YS1@D3:Up").with_dice(P0, &[(4, 1)]).build();
    let common_d4 = g.common.d4;
    // 1, 2. Red's d4 rolls 1; 1 vs 0: Yellow loses and chooses.
    g.script(&[1]);
    g.run(P0, "attack D3");
    assert_eq!(g.texts(P1), ["destroy YS1", "destroy YL1"]);
    g.run(P1, "destroy YS1");
    // 3. Lines empty: the combat ends.
    assert_eq!((g.pool_of(P0), g.pool_of(P1)), ("{}".into(), "{}".into()));
    assert_eq!(g.at("YL1"), "D3:Up");
    assert_eq!(g.common.d4, common_d4 + 1);
    assert_eq!((g.phase.clone(), g.current), (Phase::Main, P1));
}

fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace().map(|c| c.parse().expect("a card")).collect()
}

/// C13 — R27, R29: the hand evaluator.
#[test]
fn c13_hand_evaluator() {
    use std::cmp::Ordering::{Equal, Greater, Less};
    let table = [
        ("AS AH AD 2C 3C", "2S 2H 4D 4C KD", Greater),
        ("AH KH QH JH 10H", "2C 2D 2H 3S 3C", Less),
        ("9S 10C JD QH KC", "2S 2D 3H 4C 5D", Less),
        ("AS AD 4C 6H 8S", "2S 2H 3C 4D 5H", Less),
        ("7S 7H 7D 7C 2S", "8S 8H 8D 3C 4C", Less),
        ("7S 7H 7D 7C 2S", "KS KD QH QC JD", Greater),
        ("2H 5H 8H 9H JH", "KC KD KH 2D 3S", Greater),
        ("KS QD 9H 5C 3S", "KD QC 9S 5H 2D", Greater),
        ("KS KD 5H 5C 9D", "KH KC 5S 5D 9C", Equal),
        ("KS KD 5H 5C 9D 3C", "KH KC 5S 5D 9C 2C", Greater),
        ("KD 9C", "KS 9H 2D", Less),
    ];
    for (i, (a, b, expected)) in table.iter().enumerate() {
        assert_eq!(compare(&cards(a), &cards(b)), *expected, "C13 #{}: {a} vs {b}", i + 1);
    }
    // #2: the run of hearts is a flush, not a straight.
    assert_eq!(HandKey::of(&cards("AH KH QH JH 10H")).hand.map(|h| h.category()), Some(LowCategory::Flush));
    // #5: four sevens score as three sevens with a seven and a two as kickers.
    let quads = HandKey::of(&cards("7S 7H 7D 7C 2S")).hand.expect("five cards");
    assert_eq!((quads.category(), quads.values()), (LowCategory::ThreeOfAKind, vec![7, 7, 2]));
    // #10: equal best hands.
    let (a, b) = (HandKey::of(&cards("KS KD 5H 5C 9D 3C")), HandKey::of(&cards("KH KC 5S 5D 9C 2C")));
    assert_eq!(a.hand, b.hand);
    assert_eq!(a.values, [13, 13, 9, 5, 5, 3]);
    // #11: seven cards, best five a full house of sevens over Kings.
    let eleven = HandKey::of(&cards("KS KD 7H 7C 7S 2D AS")).hand.expect("seven cards");
    assert_eq!((eleven.category(), eleven.values()), (LowCategory::FullHouse, vec![7, 13]));
    assert_eq!(eleven.to_string(), "full house, sevens over Kings");
    // #12: both below five cards (tier 2).
    assert!(!HandKey::of(&cards("KD 9C")).five && !HandKey::of(&cards("KS 9H 2D")).five);
}

/// Every grid card cell is named in reading order (R6), for the scenarios' cell names.
#[test]
fn cells_read_in_reading_order() {
    let names: Vec<String> = Cell::all().take(6).map(|c| c.to_string()).collect();
    assert_eq!(names, ["B1", "C1", "D1", "E1", "F1", "A2"]);
    assert_eq!(Cell::all().count(), 44);
    assert!(matches!(new_game(3, 1).pending(), Pending::Deciding { .. }));
    assert_eq!(act("spawn c3"), act("spawn C3"));
}
