//! Unit tests of the attack procedure (§4.5): the exchange loop, ties, the evade exception,
//! joining, sealed dice, drop-outs, resignations and the combat's timeouts.

use super::fixtures::{P0, P1, P2, P3, cell, given};
use crate::conquest_of_mars::action::Action;
use crate::conquest_of_mars::combat::{Side, Stage};
use crate::conquest_of_mars::events::{Event, Removal};
use crate::conquest_of_mars::state::{ConquestOfMars, Phase};
use crate::game::{Audience, Game, Viewer};

fn stage(g: &ConquestOfMars) -> Option<Stage> {
    match &g.phase {
        Phase::Attack(combat) => Some(combat.stage.clone()),
        _ => None,
    }
}

/// R19: a tie for lowest means every tied player loses; every compared die goes to the
/// common pool, winners' and losers' alike.
#[test]
fn a_tie_loses_for_everyone() {
    let mut g = given(2).with("RS1@C3:E RS2@C3:Up YS1@D3:Up").with_dice(P0, &[(6, 2)]).with_dice(P1, &[(6, 1)]).build();
    let common = g.common;
    g.script(&[4, 4]);
    let events = g.run(P0, "attack D3");
    assert!(events.contains(&Event::Exchange { number: 1, tops: vec![(P0, 4), (P1, 4)], losers: vec![P0, P1] }));
    assert_eq!((g.at("RS1"), g.at("YS1")), ("reserve".into(), "reserve".into()), "both lose their only piece");
    assert_eq!(g.at("RS2"), "C3:Up", "upright pieces are disregarded (R14)");
    assert_eq!(g.common.d6, common.d6 + 2);
    assert_eq!((g.pool_of(P0), g.pool_of(P1)), ("{d6:1}".into(), "{}".into()), "X = 1: one die committed");
    assert_eq!(g.current, P1);
}

/// R15: the declarer's own pieces on the target are destroyed at once.
#[test]
fn own_pieces_on_the_target_are_destroyed() {
    let mut g = given(2).with("RM1@C3:E RS1@D3:N YS1@D3:Up").with_dice(P0, &[(8, 1)]).build();
    g.script(&[8]);
    let events = g.run(P0, "attack D3");
    let own =
        Event::Removed { seat: P0, pyramid: "RS1".parse().expect("id"), cell: cell("D3"), why: Removal::OwnOnTarget };
    assert_eq!(events[1], own);
    assert_eq!((g.at("RS1"), g.at("YS1"), g.at("RM1")), ("reserve".into(), "reserve".into(), "C3:E".into()));
}

/// R14, R17: every flat attacker pointing at the target fights; a defender's pyramid
/// pointing at the target from elsewhere does not; X is the pips involved.
#[test]
fn roles_and_involved_pyramids() {
    let mut g = given(2)
        .with("RM1@C3:E RL1@D2:S RS1@C3:N YS1@D3:Up YM1@D3:W YL1@E3:W")
        .with_dice(P0, &[(4, 9)])
        .with_dice(P1, &[(4, 9)])
        .build();
    g.script(&[4; 8]);
    let events = g.run(P0, "attack D3");
    let roles = events.iter().find_map(|e| match e {
        Event::Roles { sides } => Some(sides.clone()),
        _ => None,
    });
    let ids = |t: &[&str]| t.iter().map(|i| i.parse().expect("id")).collect::<Vec<_>>();
    assert_eq!(
        roles,
        Some(vec![(P0, Side::Attacker, ids(&["RM1", "RL1"]), 5), (P1, Side::Defender, ids(&["YS1", "YM1"]), 3)])
    );
}

/// R20: the exchange loop stops as soon as a line is empty; unused dice go home.
#[test]
fn exchanges_repeat_until_a_line_runs_out() {
    let mut g = given(2)
        .with("RL1@C3:E YS1@D3:Up YM1@D3:Up YL1@D3:Up")
        .with_dice(P0, &[(20, 2)])
        .with_dice(P1, &[(4, 6)])
        .build();
    let common = g.common;
    // Red commits both its dice (fewer than X = 3); Yellow six d4 (X = 6).
    g.script(&[20, 19, 1, 1, 1, 1, 1, 1]);
    g.run(P0, "attack D3");
    assert_eq!(g.texts(P1), ["destroy YS1", "destroy YM1", "destroy YL1"]);
    g.run(P1, "destroy YS1");
    assert_eq!(g.texts(P1), ["destroy YM1", "destroy YL1"], "exchange 2");
    g.run(P1, "destroy YM1");
    assert_eq!(stage(&g), None, "Red's line is empty");
    assert_eq!((g.pool_of(P0), g.pool_of(P1)), ("{}".into(), "{d4:4}".into()));
    assert_eq!((g.common.d20, g.common.d4), (common.d20 + 2, common.d4 + 2));
    assert_eq!((g.at("YL1"), g.at("RL1")), ("D3:Up".into(), "C3:E".into()), "nothing moves in (R24)");
}

/// R22: an evade is offered only to a defender pointing at a card without involved
/// attacking pyramids, and it counts as the loss.
#[test]
fn evade_needs_a_card_free_of_attackers() {
    let mut g = given(2)
        .with("RS1@C3:E RS2@D2:S YS1@D3:N YS2@D3:E YS3@D3:W")
        .with_dice(P0, &[(8, 2)])
        .with_dice(P1, &[(4, 3)])
        .build();
    g.script(&[8, 7, 1, 1, 1]);
    g.run(P0, "attack D3");
    // D2 and C3 hold attacking pyramids; E3 does not.
    assert_eq!(g.texts(P1), ["destroy YS1", "destroy YS2", "destroy YS3", "evade YS2"]);
    assert_eq!(g.refuse(P1, "evade YS1").ruling, Some("R22"));
    assert_eq!(g.refuse(P1, "evade RS1").ruling, Some("R22"));
    g.run(P1, "evade YS2");
    assert_eq!(g.at("YS2"), "E3:Up");
    assert!(g.is_face_up("E3"));
    assert_eq!(g.texts(P1), ["destroy YS1", "destroy YS3"], "exchange 2: no evade left");
    assert_eq!(g.timeout_action(P1), Some(Action::Destroy("YS1".parse().expect("id"))));
}

fn three_way() -> ConquestOfMars {
    given(3)
        .with("RM1@C3:E GS1@D2:S YS1@D3:Up")
        .with_dice(P0, &[(6, 1), (8, 1), (10, 1)])
        .with_dice(P1, &[(6, 1)])
        .with_dice(P2, &[(4, 1), (8, 1)])
        .build()
}

/// R16: others pointing at the target are invited; the answer is sealed until all are in.
#[test]
fn joining_is_a_sealed_answer() {
    let mut g = three_way();
    let events = g.run(P0, "attack D3");
    assert!(events.contains(&Event::Invited { target: cell("D3"), seats: vec![P2] }));
    assert_eq!(g.must().iter().collect::<Vec<_>>(), [P2]);
    assert_eq!(g.texts(P2), ["join", "decline"]);
    assert_eq!(g.timeout_action(P2), Some(Action::DeclineAttack));
    let mut declined = g.clone();
    let events = g.run(P2, "join");
    declined.run(P2, "decline");
    assert!(events.contains(&Event::AnswerChosen { seat: P2, join: true }));
    assert_eq!(ConquestOfMars::audience(&Event::AnswerChosen { seat: P2, join: true }), Audience::seat(P2));
    // The window closed at once (one invitee): roles in combat order, Red then Green attack.
    let Phase::Attack(combat) = &g.phase else { panic!("in combat") };
    let order: Vec<_> = combat.sides.iter().map(|p| (p.seat, p.side)).collect();
    assert_eq!(order, [(P0, Side::Attacker), (P2, Side::Attacker), (P1, Side::Defender)]);
    let Phase::Attack(combat) = &declined.phase else { panic!("in combat") };
    assert_eq!(combat.sides.len(), 2, "Green stays out");
}

/// R16: a window with two invitees stays sealed until both have answered; a player with a
/// pyramid on the target is a defender and is not invited.
#[test]
fn a_join_window_stays_sealed() {
    let mut g = given(3)
        .with("RM1@C3:E GS1@D2:S YS1@D3:Up YS2@E3:W")
        .with_dice(P0, &[(6, 1)])
        .with_dice(P1, &[(6, 1)])
        .with_dice(P2, &[(6, 1)])
        .build();
    g.run(P0, "attack D3");
    assert_eq!(g.must().iter().collect::<Vec<_>>(), [P2], "Yellow is on D3: a defender");
    let blue = P3;
    let mut g = given(4).with("RM1@C3:E GS1@D2:S BS1@E3:W YM1@D3:Up").build();
    g.run(P0, "attack D3");
    assert_eq!(g.must().iter().collect::<Vec<_>>(), [P2, blue]);
    let mut declined = g.clone();
    g.run(P2, "join");
    declined.run(P2, "decline");
    assert_eq!(g.public_json(), declined.public_json(), "the answer is sealed");
    assert_eq!(g.must().iter().collect::<Vec<_>>(), [blue]);
    let own = serde_json::to_string(&g.view(Viewer::Seat(P2))).expect("json");
    assert!(own.contains("Green joins the attack (sealed)"));
    assert!(!serde_json::to_string(&g.view(Viewer::Seat(blue))).expect("json").contains("Green joins"));
    assert!(g.secrets().iter().any(|s| s.token == "Green joins the attack (sealed)" && s.owner == Some(P2)));
    let events = g.run(blue, "decline");
    assert!(events.contains(&Event::AnswersShown { answers: vec![(P2, true), (blue, false)] }));
    assert!(g.secrets().iter().all(|s| !s.token.contains("joins")), "shown to all now");
}

/// R18: with more dice than X and several types, the choice is sealed; with one type it is
/// automatic; no two choosers see each other's dice.
#[test]
fn commitments_are_sealed() {
    let mut g =
        given(2).with("RS1@C3:E YS1@D3:Up").with_dice(P0, &[(4, 1), (20, 1)]).with_dice(P1, &[(6, 1), (12, 1)]).build();
    g.run(P0, "attack D3");
    assert_eq!(g.must().len(), 2, "both choose at once");
    let public = g.public_json();
    let mut other = g.clone();
    g.run(P0, "commit d20");
    other.run(P0, "commit d4");
    assert_eq!(g.public_json(), other.public_json(), "the die is not public");
    assert_ne!(g.public_json(), public, "but that Red has committed is");
    let yellow = serde_json::to_string(&g.view(Viewer::Seat(P1))).expect("json");
    assert!(!yellow.contains("Red commits"));
    assert_eq!(g.timeout_action(P1), Some(Action::CommitDie("d6".parse().expect("die"))));
    g.script(&[20, 1]);
    g.run(P1, "commit d6");
    assert_eq!(g.at("YS1"), "reserve");
    let mut auto = given(2).with("RS1@C3:E YS1@D3:Up").with_dice(P0, &[(6, 3)]).with_dice(P1, &[(6, 2)]).build();
    auto.script(&[6, 1]);
    auto.run(P0, "attack D3");
    assert_eq!(stage(&auto), None, "one type each: nobody chooses");
    assert_eq!((auto.pool_of(P0), auto.pool_of(P1)), ("{d6:2}".into(), "{d6:1}".into()));
}

/// §4.8: a defender resigning mid-combat ends it at once; the declarer's turn ends.
#[test]
fn a_defender_resigns_mid_combat() {
    let mut g = three_way();
    g.run(P0, "attack D3");
    g.run(P2, "decline");
    assert_eq!(g.must().iter().collect::<Vec<_>>(), [P0]);
    g.run(P1, "resign");
    assert_eq!(stage(&g), None);
    assert_eq!((g.current, g.pool_of(P0)), (P2, "{d6:1, d8:1, d10:1}".into()), "nothing was rolled");
}

/// §4.8, R37: a declarer resigning mid-combat: the combat goes on without it, and the turn
/// passes on when it ends.
#[test]
fn the_declarer_resigns_mid_combat() {
    let mut g = three_way();
    g.run(P0, "attack D3");
    g.run(P2, "join");
    assert_eq!(g.must().iter().collect::<Vec<_>>(), [P0, P2]);
    g.run(P0, "resign");
    assert_eq!(g.must().iter().collect::<Vec<_>>(), [P2], "the combat goes on without Red");
    g.script(&[5, 3]);
    g.run(P2, "commit d8");
    assert_eq!((g.at("YS1"), g.at("GS1"), g.at("RM1")), ("reserve".into(), "D2:S".into(), "reserve".into()));
    assert_eq!((stage(&g), g.current, g.round), (None, P1, 5));
}
