//! The acceptance scenarios S10–S14 (Mayor, Crack-Shot, Shootout and Brawl, Revival) of
//! `rules/martian-gunslinger.scenarios.md`; S1–S8 are in `scenarios.rs`.

use super::fixture::{ANN, BOB, CARA, Fx, c, cards, finish_slot, legal, play, reject, roll};
use crate::game::{Game, Seat, Viewer};
use crate::martian_gunslinger::events::Event;
use crate::martian_gunslinger::state::{MartianGunslinger, Stage, TokenKind, WinReason};
use crate::parts::dice::Treehouse::Aim;
use crate::parts::grid::Direction::{N, NE, SW, W};
use crate::parts::pyramids::Size;

/// Scripted values that keep a shuffle of `len` cards in place.
fn identity_shuffle(len: u32) -> Vec<u32> {
    (1..len).rev().collect()
}

fn s10_base() -> Fx {
    Fx::new(3)
        .piece(ANN, Some("a1"), NE, Size::Medium)
        .vp(ANN, 3, 3)
        .piece(BOB, Some("h8"), SW, Size::Medium)
        .vp(BOB, 3, 3)
        .vp(CARA, 1, 1)
        .resources(ANN, "3H 4H KS 9C")
        .resources(BOB, "2H 6C")
        .resources(CARA, "5H 10D QD")
        .event(ANN, "AD")
}

fn quiet_rolls(slots: usize) -> Vec<u32> {
    (0..slots).flat_map(|_| roll(1, Aim)).collect()
}

#[test]
fn s10_mayor_election_bids_tiebreak_payment_and_three_rounds() {
    let mut g = s10_base().at(ANN, Stage::Event, &quiet_rolls(12));
    play(&mut g, ANN, "event mayor 3H 4H");
    assert_eq!(g.player(ANN).resources, cards("KS 9C").into_iter().collect());
    assert_eq!(g.must_seats().len(), 3);
    assert!(reject(&g, CARA, "bid 4").message.contains("0 to 3"));
    play(&mut g, ANN, "bid 1");
    let public = serde_json::to_string(&g.view(Viewer::Public)).expect("json");
    let bob = serde_json::to_string(&g.view(Viewer::Seat(BOB))).expect("json");
    let ann = serde_json::to_string(&g.view(Viewer::Seat(ANN))).expect("json");
    assert!(!public.contains("bid 1") && !bob.contains("bid 1") && ann.contains("bid 1"), "sealed");
    play(&mut g, BOB, "bid 1");
    let events = play(&mut g, CARA, "bid 0");
    assert!(events.iter().any(|e| matches!(e, Event::BidsRevealed { winner, .. } if *winner == ANN)));
    assert_eq!(g.stage, Stage::Pay);
    play(&mut g, ANN, "pay 9C");
    assert_eq!(g.player(ANN).resources, cards("KS").into_iter().collect());
    assert_eq!((g.player(ANN).vp, g.player(ANN).lifetime), (5, 5));
    assert_eq!((g.mayor, g.mayor_counter), (Some(ANN), 9));
    assert!(g.discard.contains(&c("AD")));
    assert!(g.player(ANN).hidden_event().is_some());
    let mut counters = Vec::new();
    while g.stage != Stage::Over {
        finish_slot(&mut g);
        counters.push(g.mayor_counter);
    }
    assert_eq!(counters[..8], [8, 7, 6, 5, 4, 3, 2, 1]);
    assert_eq!(g.finish.as_ref().map(|f| (f.winner, f.reason)), Some((Some(ANN), WinReason::Mayor)));
    assert_eq!((g.active(), g.round), (ANN, 4), "at T10 of Ann's round r+3 slot");
}

#[test]
fn s10b_another_players_point_vacates_the_mayor() {
    let mut g = s10_base().piece(BOB, Some("f5"), W, Size::Medium).draw("2D 3D 4D 5D 6D KD 2C").at(
        ANN,
        Stage::Event,
        &quiet_rolls(8),
    );
    play(&mut g, ANN, "event mayor 3H 4H");
    play(&mut g, ANN, "bid 1");
    play(&mut g, BOB, "bid 1");
    play(&mut g, CARA, "bid 0");
    play(&mut g, ANN, "pay 9C");
    assert_eq!(g.active(), BOB, "Ann's slot r ended");
    finish_slot(&mut g); // Bob r (skips his attempt)
    finish_slot(&mut g); // Cara r
    finish_slot(&mut g); // Ann r+1
    assert_eq!(g.active(), BOB);
    play(&mut g, BOB, "end-move");
    play(&mut g, BOB, "attempt");
    assert_eq!(g.player(BOB).vp, 4);
    assert_eq!((g.mayor, g.mayor_counter), (None, 0), "R45");
}

#[test]
fn s10c_the_mayors_own_point_keeps_the_title() {
    let mut g = s10_base().plots("c6", "e5", "b2").draw("2D 3D 4D 5D KD 2C").at(ANN, Stage::Event, &quiet_rolls(8));
    play(&mut g, ANN, "event mayor 3H 4H");
    play(&mut g, ANN, "bid 1");
    play(&mut g, BOB, "bid 1");
    play(&mut g, CARA, "bid 0");
    play(&mut g, ANN, "pay 9C");
    finish_slot(&mut g); // Bob r
    finish_slot(&mut g); // Cara r
    assert_eq!((g.active(), g.mayor_counter), (ANN, 7));
    play(&mut g, ANN, "end-move");
    play(&mut g, ANN, "attempt");
    assert_eq!(g.player(ANN).vp, 6);
    assert_eq!((g.mayor, g.mayor_counter), (Some(ANN), 7));
}

#[test]
fn s10d_all_zero_bids_go_to_tiebreaks() {
    let mut g = s10_base().at(ANN, Stage::Event, &quiet_rolls(2));
    play(&mut g, ANN, "event mayor 3H 4H");
    play(&mut g, ANN, "bid 0");
    play(&mut g, BOB, "bid 0");
    play(&mut g, CARA, "bid 0");
    assert_eq!(g.mayor, Some(ANN), "pips 2 = 2, VP 3 = 3, ranks [K, 9] > [6, 2]");
    assert_eq!(g.player(ANN).resources, cards("KS 9C").into_iter().collect(), "pays nothing");
}

fn s11_base(draw: &str) -> MartianGunslinger {
    Fx::new(3).resources(ANN, "9S 8D 2C").event(ANN, "7H").vp(CARA, 2, 2).mayor(CARA, 5).draw(draw).at(
        ANN,
        Stage::Event,
        &roll(1, Aim),
    )
}

#[test]
fn s11_crack_shot_tie_redraw_vacates_the_mayor() {
    let mut g = s11_base("KH KC 4D 5S JD 2H");
    play(&mut g, ANN, "event crack-shot 9S 8D");
    assert_eq!(g.player(BOB).vp, 1);
    assert_eq!(g.mayor, None, "R45");
    assert_eq!(g.discard, cards("4D 5S JD KC KH 8D 9S 7H"), "set-aside, then gun and horse, then the event");
    assert_eq!(g.player(ANN).hidden_event(), Some(c("2H")));
    assert_eq!(g.player(ANN).resources, cards("2C").into_iter().collect());
}

#[test]
fn s11b_crack_shot_unique_highest_actor() {
    let mut g = s11_base("AS KC 4D");
    play(&mut g, ANN, "event crack-shot 9S 8D");
    assert_eq!((g.player(ANN).vp, g.player(BOB).vp, g.player(CARA).vp), (2, 0, 2));
    assert_eq!(g.mayor, None);
}

#[test]
fn s13_shootout_tie_with_gun_and_king_bonuses() {
    let mut g = Fx::new(2)
        .resources(ANN, "KS 9D")
        .token(ANN, "KC", TokenKind::Draw)
        .event(ANN, "QH")
        .resources(BOB, "JH")
        .draw("5S 6S 7D 8C 9C 2D 2H 5H 6D 7C 8D 9H")
        .at(ANN, Stage::Event, &roll(1, Aim));
    play(&mut g, ANN, "event shootout P1 KS JH");
    let contest = g.contest.clone().expect("contest");
    assert_eq!(contest.sides.each_ref().map(|s| (s.hand.len(), s.cap)), [(7, 2), (5, 2)], "R25");
    let mut probe = g.clone();
    play(&mut probe, ANN, "exchange 2D");
    play(&mut probe, ANN, "exchange 2H");
    assert!(reject(&probe, ANN, "exchange 9C").message.contains("at most 2"));
    play(&mut g, ANN, "exchange done");
    let events = play(&mut g, BOB, "exchange done");
    assert!(events.iter().any(|e| matches!(e, Event::Showdown { winner: None, .. })), "R20: a tie");
    assert_eq!((g.player(ANN).vp, g.player(BOB).vp), (0, 0));
    assert_eq!(g.player(ANN).resources, cards("9D").into_iter().collect());
    assert!(g.player(BOB).resources.is_empty());
    assert_eq!(g.discard_top(3), cards("QH KS JH"));
    assert!(g.player(ANN).hidden_event().is_some());
}

#[test]
fn s13_brawl_has_no_attack_penalties() {
    let mut g = Fx::new(2)
        .resources(ANN, "9D QS")
        .token(ANN, "KC", TokenKind::Draw)
        .event(ANN, "10C")
        .piece(BOB, None, N, Size::Small)
        .draw("AS AD AC 2S 3S 4S 5H 6D 7C 8D 10H")
        .at(ANN, Stage::Event, &roll(1, Aim));
    assert!(legal(&g, ANN).contains(&"event brawl P1 9D QS".to_string()), "R35: no adjacency needed");
    play(&mut g, ANN, "event brawl P1 9D QS");
    assert_eq!(g.contest.as_ref().map(|c| [c.sides[0].hand.len(), c.sides[1].hand.len()]), Some([6, 5]));
    play(&mut g, ANN, "exchange done");
    play(&mut g, BOB, "exchange done");
    assert_eq!(g.player(ANN).vp, 2);
    assert_eq!((g.piece_of(BOB).0, g.player(BOB).vp, g.player(BOB).lost_turns), (None, 0, 0));
    assert_eq!(g.discard_top(3), cards("10C QS 9D"));
}

#[test]
fn s14_revival() {
    let mut g =
        Fx::new(3).resources(ANN, "7C 5S").event(ANN, "3D").draw("4S 9H 7D").at(ANN, Stage::Event, &roll(1, Aim));
    play(&mut g, ANN, "event revival 7C 5S");
    assert_eq!(g.player(CARA).vp, 2);
    assert_eq!(g.discard, cards("5S 7C 4S 7D 9H 3D"));
    assert!(g.player(ANN).hidden_event().is_some());
}

#[test]
fn s14b_revival_ends_when_cards_run_out() {
    let mut values = identity_shuffle(5);
    values.extend(roll(1, Aim));
    let mut g =
        Fx::new(3).resources(ANN, "7C 5S").event(ANN, "3D").draw("2C 3C").exact().at(ANN, Stage::Event, &values);
    let events = play(&mut g, ANN, "event revival 7C 5S");
    assert!(events.contains(&Event::DuelDraw { seat: CARA, card: None }), "SetAside is not reshuffled (R32)");
    assert!(events.contains(&Event::DuelResult { winner: None }), "R42");
    assert!(events.contains(&Event::Reshuffled { cards: 5 }));
    // The five discards (5S 7C, 2C 3C, 3D) were shuffled in place: Ann's event is the top, 3D.
    assert_eq!(g.player(ANN).hidden_event(), Some(c("3D")));
    assert_eq!((0..3).map(|i| g.player(Seat(i)).vp).sum::<u8>(), 0);
}
