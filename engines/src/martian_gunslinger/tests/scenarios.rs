//! The acceptance scenarios of `rules/martian-gunslinger.scenarios.md`, one test each (with
//! their variants). Dice and shuffles are scripted; "State:" lines are built with `Fx`.
//!
//! The spec's `ContestDiscard({a, b})` is entered card by card (`exchange a`, `exchange b`,
//! `exchange done`), and the 8/9 discards likewise (`refill …`, `refill done`).

use super::fixture::{ANN, BOB, CARA, Fx, c, cards, finish_slot, legal, play, push, reject, roll, script, sq, start};
use crate::game::{Game, Seat, SeatSet, Viewer};
use crate::martian_gunslinger::events::Event;
use crate::martian_gunslinger::state::{EventStatus, MartianGunslinger, Options, PlotId, Stage, TokenKind, WinReason};
use crate::parts::dice::Treehouse::{Aim, Dig, Hop, Swap, Tip, Wild};
use crate::parts::grid::Direction::{E, N, NE, S, SW, W};
use crate::parts::pyramids::{Colour, Size};
use crate::rng::GameRng;

/// Scripted values that keep a shuffle of `len` cards in place.
fn identity_shuffle(len: u32) -> Vec<u32> {
    (1..len).rev().collect()
}

fn drew(events: &[Event], who: Seat) -> Vec<u8> {
    events
        .iter()
        .filter_map(|e| if let Event::Drew { seat, count } = e { (*seat == who).then_some(*count) } else { None })
        .collect()
}

#[test]
fn s1_two_player_setup() {
    let options = Options { colours: vec![Colour::Red, Colour::Blue] };
    // Order roll: Ann 4, Bob 4 (tie), re-roll Ann 2, Bob 5 (R57).
    let mut g = MartianGunslinger::setup(&options, 2, GameRng::scripted([3, 3, 1, 4])).expect("setup");
    assert_eq!(g.plot_colour, Colour::Orange, "R2");
    assert_eq!(g.order, vec![BOB, ANN], "Bob is P1");
    assert_eq!((g.player(BOB).quota, g.player(ANN).quota), (2, 1), "R4");
    assert_eq!(reject(&g, BOB, "plotpoint b7").ruling, Some("R6"));
    play(&mut g, BOB, "plotpoint d4");
    assert_eq!(g.plot(PlotId::PL), Some(sq("d4")));
    assert_eq!(g.must_seats(), SeatSet::one(ANN));
    let ann = legal(&g, ANN);
    assert_eq!(ann.iter().filter(|a| a.starts_with("home")).count(), 12);
    assert_eq!(ann.iter().filter(|a| a.starts_with("plotpoint")).count(), 47);
    play(&mut g, ANN, "home h8 SW");
    assert_eq!(g.piece_of(ANN), (Some(sq("h8")), SW, Size::Small));
    assert!(reject(&g, BOB, "home h8 S").message.contains("claimed"));
    assert_eq!(reject(&g, BOB, "home a1 W").ruling, Some("R7"));
    play(&mut g, BOB, "home a1 NE");
    assert!(reject(&g, ANN, "plotpoint d4").message.contains("occupied"));
    play(&mut g, ANN, "plotpoint e5");
    assert_eq!(g.plot(PlotId::PM), Some(sq("e5")));
    play(&mut g, BOB, "plotpoint c6");
    assert_eq!(g.plot(PlotId::PS), Some(sq("c6")));
    // R5: Ann (P2) may move one plotpoint.
    assert_eq!((g.stage, g.must_seats()), (Stage::Compensation, SeatSet::one(ANN)));
    assert_eq!(reject(&g, ANN, "move PL g7").ruling, Some("R6"));
    let mut values = identity_shuffle(52);
    values.extend(roll(4, Aim));
    script(&mut g, &values);
    play(&mut g, ANN, "move PL f3");
    assert_eq!(
        [g.plot(PlotId::PL), g.plot(PlotId::PM), g.plot(PlotId::PS)],
        [Some(sq("f3")), Some(sq("e5")), Some(sq("c6"))]
    );
    // The shuffle kept canonical order, so the top cards are AS, AH, AD, AC, KS, …
    assert_eq!(g.player(BOB).hand, cards("AS AD KS KD").into_iter().collect());
    assert_eq!(g.player(ANN).hand, cards("AH AC KH KC").into_iter().collect());
    assert_eq!(g.player(BOB).hidden_event(), Some(c("QS")));
    assert_eq!(g.player(ANN).hidden_event(), Some(c("QH")));
    assert_eq!((g.round, g.active(), g.turn.d6), (1, BOB, 4), "round 1 begins with Bob's roll");
}

fn s2_base() -> Fx {
    Fx::new(2).piece(ANN, Some("c3"), N, Size::Small).piece(BOB, Some("h8"), SW, Size::Small).plots("c6", "e5", "f3")
}

#[test]
fn s2_movement_steps_blocking_hop_reorient() {
    let mut g = s2_base().at(ANN, Stage::SlotStart, &roll(4, Wild));
    start(&mut g);
    assert_eq!(g.stage, Stage::Wild);
    play(&mut g, ANN, "wild Hop");
    assert_eq!((g.stage, g.turn.mp, g.turn.power), (Stage::Move, 4, Some(Hop)));
    play(&mut g, ANN, "step");
    play(&mut g, ANN, "step");
    assert_eq!((g.piece_of(ANN).0, g.turn.mp), (Some(sq("c5")), 2));
    assert!(reject(&g, ANN, "step").message.contains("c6 is occupied"));
    play(&mut g, ANN, "hop");
    assert_eq!((g.piece_of(ANN).0, g.turn.mp, g.turn.hop_used), (Some(sq("c7")), 2, true));
    assert!(reject(&g, ANN, "hop").message.contains("already used"));
    assert!(reject(&g, ANN, "reorient N").message.contains("already face N"));
    play(&mut g, ANN, "reorient S");
    assert_eq!((g.piece_of(ANN).1, g.turn.mp), (S, 1));
    play(&mut g, ANN, "end-move");
    let mut actions = legal(&g, ANN);
    actions.sort();
    assert_eq!(actions, vec!["attempt", "skip-action"]);
}

#[test]
fn s2b_edges_limit_reorientation() {
    let mut g = s2_base().piece(ANN, Some("a5"), W, Size::Small).at(ANN, Stage::Move, &[]);
    g.turn.mp = 2;
    assert!(reject(&g, ANN, "step").message.contains("edge"));
    assert_eq!(reject(&g, ANN, "reorient SW").ruling, Some("R7"));
    let dirs: Vec<String> =
        legal(&g, ANN).into_iter().filter_map(|a| a.strip_prefix("reorient ").map(String::from)).collect();
    assert_eq!(dirs, vec!["N", "NE", "E", "SE", "S"]);
}

#[test]
fn s2c_hop_into_contact_then_automatic_end() {
    let mut g = s2_base().piece(ANN, Some("c4"), N, Size::Small).at(ANN, Stage::Move, &[]);
    g.turn.power = Some(Hop);
    play(&mut g, ANN, "hop");
    assert_eq!((g.piece_of(ANN).0, g.turn.mp), (Some(sq("c5")), 0), "R10 contact");
    assert_eq!(g.stage, Stage::Action, "EndMove was applied automatically");
    assert!(legal(&g, ANN).contains(&"attempt".to_string()));
    reject(&g, ANN, "end-move");
}

#[test]
fn s2d_no_hop_over_two_pyramids() {
    let g = s2_base().piece(ANN, Some("c5"), N, Size::Small).piece(BOB, Some("c7"), SW, Size::Small).at(
        ANN,
        Stage::Move,
        &[],
    );
    let mut g = g;
    g.turn.power = Some(Hop);
    g.turn.mp = 3;
    reject(&g, ANN, "hop");
    reject(&g, ANN, "step");
}

#[test]
fn s2e_wild_reroll_has_no_power() {
    let mut values = roll(4, Wild).to_vec();
    values.push(1); // the new d6 shows 2
    let mut g = s2_base().at(ANN, Stage::SlotStart, &values);
    start(&mut g);
    play(&mut g, ANN, "wild reroll");
    assert_eq!((g.turn.mp, g.turn.power), (2, None));
    assert!(!legal(&g, ANN).contains(&"hop".to_string()));
    play(&mut g, ANN, "step");
    assert!(!legal(&g, ANN).contains(&"hop".to_string()));
}

#[test]
fn s3_attempts_ties_repeat_ban_swap_identity_tip() {
    let mut values = roll(2, Aim).to_vec();
    for r in [roll(1, Aim), roll(1, Swap), roll(1, Aim), roll(3, Tip)] {
        values.extend(r);
    }
    let mut g = Fx::new(2)
        .piece(ANN, Some("d4"), E, Size::Small)
        .plots("c6", "e4", "f3")
        .draw("9H 9C 2D 3D KD 5S 4D 6D")
        .at(ANN, Stage::SlotStart, &values);
    start(&mut g);
    play(&mut g, ANN, "end-move");
    play(&mut g, ANN, "attempt");
    assert_eq!(g.player(ANN).vp, 0, "R14: a tie scores nothing");
    assert_eq!(g.player(ANN).last_attempt, Some(PlotId::PM));
    assert_eq!(g.discard_top(2), cards("9H 9C"), "9C then 9H, top 9H");
    play(&mut g, ANN, "skip-card");
    play(&mut g, ANN, "skip-resource");
    let events = play(&mut g, ANN, "skip-event");
    assert_eq!(drew(&events, ANN), vec![1]);
    finish_slot(&mut g); // Bob
    assert_eq!((g.active(), g.stage), (ANN, Stage::Power));
    play(&mut g, ANN, "swap e4 c6");
    assert_eq!((g.plot(PlotId::PL), g.plot(PlotId::PM)), (Some(sq("e4")), Some(sq("c6"))), "R15");
    play(&mut g, ANN, "end-move");
    play(&mut g, ANN, "attempt");
    assert_eq!((g.player(ANN).vp, g.player(ANN).lifetime), (1, 1));
    assert_eq!(g.player(ANN).last_attempt, Some(PlotId::PL));
    finish_slot(&mut g); // Ann's T6–T10
    finish_slot(&mut g); // Bob
    assert_eq!(g.stage, Stage::Power);
    assert!(reject(&g, ANN, "tip P1 N").message.len() > 1);
    play(&mut g, ANN, "tip P1 W");
    assert_eq!(g.piece_of(BOB).1, W);
    play(&mut g, ANN, "end-move");
    assert_eq!(g.stage, Stage::HandCard, "faced PL was the last attempt: SkipAction applied automatically");
}

fn s5_base() -> Fx {
    Fx::new(3)
        .home(ANN, "h1")
        .home(BOB, "a1")
        .home(CARA, "h8")
        .piece(ANN, Some("d4"), E, Size::Large)
        .vp(ANN, 3, 3)
        .piece(BOB, None, NE, Size::Small)
        .vp(BOB, 0, 2)
        .piece(CARA, Some("f6"), S, Size::Small)
        .plots("c6", "e6", "b4")
}

#[test]
fn s5_lost_slots_and_reentry_beside_an_occupied_home() {
    let mut values = Vec::new();
    for _ in 0..4 {
        values.extend(roll(1, Aim));
    }
    let mut g = s5_base().lost(BOB, 2).at(ANN, Stage::HandCard, &values);
    let bob_hand = g.player(BOB).hand.len();
    finish_slot(&mut g);
    assert_eq!((g.active(), g.player(BOB).lost_turns), (CARA, 1), "Bob's slot r was lost");
    assert_eq!(g.player(BOB).hand.len(), bob_hand, "a lost slot draws nothing (R49)");
    finish_slot(&mut g); // Cara r
    finish_slot(&mut g); // Ann r+1, then Bob's lost slot
    assert_eq!((g.active(), g.player(BOB).lost_turns), (CARA, 0));
    // Inject: Cara's piece on a1, PS on a2; b1 and b2 empty.
    g.players[CARA.index()].piece.square = Some(sq("a1"));
    g.plotpoints[PlotId::PS as usize] = Some(sq("a2"));
    finish_slot(&mut g); // Cara r+1
    finish_slot(&mut g); // Ann r+2
    assert_eq!((g.active(), g.stage), (BOB, Stage::ReEnter));
    let options = legal(&g, BOB);
    assert_eq!(options.len(), 13);
    assert_eq!(options.iter().filter(|a| a.starts_with("reenter b1")).count(), 5);
    reject(&g, BOB, "reenter a1 NE");
    reject(&g, BOB, "reenter b1 S");
    play(&mut g, BOB, "reenter b2 NE");
    assert_eq!(g.piece_of(BOB), (Some(sq("b2")), NE, Size::Small));
    assert_eq!((g.stage, g.turn.d6), (Stage::HandCard, 0), "no roll in a re-entry turn");
    play(&mut g, BOB, "skip-card");
    let card = g.player(BOB).hand.first().expect("a hand card");
    play(&mut g, BOB, &format!("lay {card}"));
    push(&mut g, &roll(1, Aim));
    let events = play(&mut g, BOB, "skip-event");
    assert_eq!(drew(&events, BOB), vec![1]);
}

#[test]
fn s5b_reentry_blocked_retries_next_slot() {
    let mut values = Vec::new();
    for _ in 0..2 {
        values.extend(roll(1, Aim));
    }
    let mut g = s5_base()
        .piece(CARA, Some("a1"), N, Size::Small)
        .piece(ANN, Some("b1"), N, Size::Large)
        .plots("b2", "e6", "a2")
        .at(BOB, Stage::SlotStart, &values);
    let events = start(&mut g);
    assert!(events.contains(&Event::ReEntryBlocked { seat: BOB }));
    assert_eq!((g.stage, g.piece_of(BOB).0), (Stage::HandCard, None));
    finish_slot(&mut g); // Bob
    finish_slot(&mut g); // Cara
    finish_slot(&mut g); // Ann
    assert_eq!((g.active(), g.stage), (BOB, Stage::HandCard), "T0r again, blocked again");
}

#[test]
fn s5c_medium_loser_stays_on_the_board() {
    let mut values = roll(1, Aim).to_vec();
    for _ in 0..6 {
        values.extend(roll(1, Aim));
    }
    let mut g = s5_base()
        .piece(BOB, Some("e4"), W, Size::Medium)
        .vp(BOB, 1, 2)
        .draw("AS AH AD AC KS KH 2C 3D 4H 6S 8C")
        .at(ANN, Stage::SlotStart, &values);
    start(&mut g);
    play(&mut g, ANN, "end-move");
    play(&mut g, ANN, "attack");
    play(&mut g, ANN, "exchange done");
    play(&mut g, BOB, "exchange done");
    assert_eq!(g.piece_of(BOB), (Some(sq("e4")), W, Size::Small));
    assert_eq!((g.player(BOB).vp, g.player(BOB).lost_turns), (0, 2), "R21: 0 VP after halving loses two");
    assert_eq!(g.stage, Stage::HandCard);
    finish_slot(&mut g); // Ann; Bob's slot lost
    finish_slot(&mut g); // Cara
    finish_slot(&mut g); // Ann; Bob's second slot lost
    finish_slot(&mut g); // Cara
    finish_slot(&mut g); // Ann
    assert_eq!(g.active(), BOB);
    assert_ne!(g.stage, Stage::ReEnter);
    assert_ne!(g.turn.d6, 0, "a normal turn with a roll");
}

fn s6_base(ann: Size) -> Fx {
    Fx::new(2).piece(ANN, Some("e4"), E, ann).vp(ANN, 4, 4).piece(BOB, Some("f4"), W, Size::Medium).vp(BOB, 2, 2)
}

#[test]
fn s6_attacker_loses_and_defender_wins_by_forcing() {
    let mut g =
        s6_base(Size::Small).draw("2C 3D 4H 6S 9C KS KH KD 7C 7D 2S JH QC 5D").at(ANN, Stage::SlotStart, &roll(1, Aim));
    start(&mut g);
    play(&mut g, ANN, "end-move");
    play(&mut g, ANN, "attack");
    let contest = g.contest.clone().expect("contest");
    assert_eq!(contest.sides.each_ref().map(|s| (s.hand.len(), s.cap)), [(5, 3), (6, 2)], "R18, R25");
    play(&mut g, ANN, "exchange 2C");
    play(&mut g, ANN, "exchange 3D");
    play(&mut g, ANN, "exchange 4H");
    play(&mut g, ANN, "exchange done");
    let events = play(&mut g, BOB, "exchange done");
    let Some(Event::Showdown { hands, winner }) = events.iter().find(|e| matches!(e, Event::Showdown { .. })) else {
        panic!("no showdown")
    };
    assert_eq!(hands[0].cards, cards("5D 6S 9C JH QC"));
    assert_eq!(*winner, Some(BOB));
    assert_eq!(g.piece_of(ANN).0, None, "Ann's Small is removed");
    assert_eq!((g.player(ANN).vp, g.player(ANN).lost_turns), (2, 1));
    assert_eq!(g.stage, Stage::Over, "R46: Bob forced every other piece off the board");
    assert_eq!(g.finish.as_ref().map(|f| (f.winner, f.reason)), Some((Some(BOB), WinReason::Forced)));
}

#[test]
fn s6b_medium_attacker_shrinks_and_continues() {
    let mut g =
        s6_base(Size::Medium).draw("2C 3D 4H 6S 9C KS KH KD 7C 7D 2S JH QC").at(ANN, Stage::SlotStart, &roll(1, Aim));
    start(&mut g);
    play(&mut g, ANN, "end-move");
    play(&mut g, ANN, "attack");
    assert_eq!(g.contest.as_ref().map(|c| c.sides[1].hand.len()), Some(5));
    for card in ["2C", "3D", "4H"] {
        play(&mut g, ANN, &format!("exchange {card}"));
    }
    play(&mut g, ANN, "exchange done");
    play(&mut g, BOB, "exchange done");
    assert_eq!(g.piece_of(ANN), (Some(sq("e4")), E, Size::Small));
    assert_eq!((g.player(ANN).vp, g.player(ANN).lost_turns), (2, 1));
    assert_eq!((g.stage, g.active()), (Stage::HandCard, ANN), "R21: the attacker's turn continues");
}

#[test]
fn s7_king_growth_ace_reroll_dig() {
    let mut values = Vec::new();
    for r in [roll(1, Aim), roll(1, Aim), roll(1, Aim), roll(1, Dig)] {
        values.extend(r);
    }
    values.push(4); // the re-rolled d6 shows 5
    let mut g = Fx::new(2)
        .piece(ANN, Some("d4"), N, Size::Large)
        .resources(ANN, "4S 9S 7H")
        .hand(ANN, "KS AH 6H 3C")
        .draw("2D 3D 4D 5D 6D QD")
        .at(ANN, Stage::HandCard, &values);
    assert_eq!(reject(&g, ANN, "play 6H 7H").ruling, Some("R29"));
    assert!(reject(&g, ANN, "play KS 4S 7H draw").message.contains("7H is not in spades"));
    play(&mut g, ANN, "play KS 4S 9S discard");
    assert_eq!(g.player(ANN).discard_bonus(), 1);
    assert_eq!(g.player(ANN).tokens[0].kind, TokenKind::Discard);
    assert_eq!(g.discard_top(2), cards("9S 4S"), "the costs are discarded; the King becomes a token");
    assert_eq!(g.stage, Stage::Resource);
    reject(&g, ANN, "play AH 7H");
    play(&mut g, ANN, "lay 3C");
    assert_eq!(g.player(ANN).resources, cards("7H 3C").into_iter().collect());
    let events = play(&mut g, ANN, "skip-event");
    assert_eq!(drew(&events, ANN), vec![2], "R30: two cards played, two drawn");
    finish_slot(&mut g); // Bob
    assert_eq!(g.active(), ANN);
    play(&mut g, ANN, "end-move");
    assert_eq!(g.stage, Stage::HandCard);
    play(&mut g, ANN, "play AH 7H");
    assert_eq!(g.player(ANN).rerolls(), 1);
    finish_slot(&mut g); // Ann
    finish_slot(&mut g); // Bob
    let mut offered = legal(&g, ANN);
    offered.sort();
    assert_eq!(offered, vec!["keep-rolls", "reroll table", "reroll treehouse"]);
    play(&mut g, ANN, "reroll table");
    assert_eq!((g.turn.mp, g.player(ANN).rerolls()), (5, 0));
    assert_eq!(g.discard_top(1), cards("AH"));
    assert_eq!(g.stage, Stage::Power);
    let events = play(&mut g, ANN, "dig draw");
    assert!(events.contains(&Event::DugCard { seat: ANN, card: c("QD") }));
    assert!(!serde_json::to_string(&g.view(Viewer::Public)).expect("json").contains("QD"));
    play(&mut g, ANN, "dig-to resources");
    assert!(g.player(ANN).resources.contains(c("QD")));
    assert_eq!(g.turn.cards_played, 0, "R13: not a card played");
}

#[test]
fn s7_judge_fizzles_when_its_card_is_destroyed() {
    let judge = crate::martian_gunslinger::EventSlot {
        card: c("8D"),
        status: EventStatus::Judge { ace: c("AD"), four: c("4C") },
    };
    let mut g = Fx::new(2)
        .resources(ANN, "AD 4C")
        .event_slot(ANN, Some(judge))
        .resources(BOB, "QC")
        .hand(BOB, "2C")
        .draw("9H")
        .at(BOB, Stage::HandCard, &[]);
    play(&mut g, BOB, "play 2C QC P0 4C");
    assert_eq!(g.discard_top(4), cards("8D 4C 2C QC"), "cost, card, destroyed card, then the Judge");
    assert_eq!(g.player(ANN).hidden_event(), Some(c("9H")), "R37: a new event card");
    assert_eq!(g.player(ANN).resources, cards("AD").into_iter().collect());
}

fn s8_base() -> Fx {
    Fx::new(2).hand(ANN, "9D 2C 3C 4C 5C 6C KH QS JD 10C").resources(ANN, "5D").event(ANN, "3S").draw("2H 3H 4D 7S 8S")
}

#[test]
fn s8_refill_with_event_swap_and_draw_count() {
    let mut g = s8_base().at(ANN, Stage::HandCard, &roll(1, Aim));
    play(&mut g, ANN, "play 9D 5D swap");
    for card in ["2C", "3C", "4C", "5C", "6C"] {
        play(&mut g, ANN, &format!("refill {card}"));
    }
    play(&mut g, ANN, "refill done");
    assert_eq!(g.discard, cards("5D 9D 2C 3C 4C 5C 6C 3S"));
    assert_eq!(g.player(ANN).hand, cards("KH QS JD 10C 2H 3H").into_iter().collect());
    assert_eq!(g.player(ANN).hidden_event(), Some(c("4D")));
    assert_eq!(g.turn.cards_played, 1);
    play(&mut g, ANN, "lay KH");
    assert_eq!(g.turn.cards_played, 2);
    play(&mut g, ANN, "skip-event");
    assert_eq!(g.player(ANN).hand, cards("QS JD 10C 2H 3H 7S 8S").into_iter().collect());
    assert_eq!(g.discard_top(1), cards("3S"));
}

#[test]
fn s8b_refill_with_nothing_discarded_still_counts() {
    let mut g = s8_base().at(ANN, Stage::HandCard, &[]);
    play(&mut g, ANN, "play 9D 5D keep");
    play(&mut g, ANN, "refill done");
    assert_eq!(g.player(ANN).hand.len(), 9, "nine cards: nothing drawn");
    assert_eq!((g.turn.cards_played, g.stage), (1, Stage::Resource));
}

#[test]
fn s8_hand_limit() {
    let mut g = Fx::new(2).hand(BOB, "2C 3C 4C 5C 6C 7C 8C 9C 10C JC").at(BOB, Stage::HandCard, &roll(1, Aim));
    play(&mut g, BOB, "skip-card");
    play(&mut g, BOB, "skip-resource");
    play(&mut g, BOB, "skip-event");
    assert_eq!(g.stage, Stage::HandLimit);
    assert_eq!(g.legal_actions(BOB).len(), 11);
    play(&mut g, BOB, "discard 2C");
    assert_eq!(g.player(BOB).hand.len(), 10);
    assert_eq!(g.active(), ANN, "the slot ended");
}
