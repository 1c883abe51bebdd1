//! Unit tests: each event card (§4.9), the Tycoon outcomes (§4.10), the Judge, the Mayor's
//! tie-breaks and the event slot's refills.

use super::fixture::{ANN, BOB, CARA, Fx, c, cards, finish_slot, legal, play, reject, roll, set, start};
use crate::game::{Game, Seat};
use crate::martian_gunslinger::events::Event;
use crate::martian_gunslinger::state::{EventSlot, EventStatus, MartianGunslinger, Stage};
use crate::parts::dice::Treehouse::Aim;
use crate::parts::grid::Direction::{E, W};
use crate::parts::pyramids::Size;

fn at_t8(ann_resources: &str, event: &str, draw: &str) -> Fx {
    Fx::new(2).resources(ANN, ann_resources).event(ANN, event).draw(draw)
}

#[test]
fn cattle_baron_trades_every_resource_for_two_points() {
    let mut g = at_t8("JH 10C 5S 2D", "KS", "3H").at(ANN, Stage::Event, &roll(1, Aim));
    assert_eq!(legal(&g, ANN), vec!["skip-event", "event cattle-baron"]);
    play(&mut g, ANN, "event cattle-baron");
    assert!(g.player(ANN).resources.is_empty());
    assert_eq!(g.player(ANN).vp, 2);
    assert_eq!(g.discard, cards("2D 5S 10C JH KS"));
    assert_eq!(g.player(ANN).hidden_event(), Some(c("3H")));
    let g = at_t8("JH 10C", "KS", "3H").at(ANN, Stage::Event, &[]);
    assert_eq!(legal(&g, ANN), vec!["skip-event"], "no Grazing Land");
}

#[test]
fn pony_express_carries_the_cargo() {
    let mut g = at_t8("8C 6D 9S 2H", "JD", "3H").at(ANN, Stage::Event, &roll(1, Aim));
    assert_eq!(legal(&g, ANN).len(), 1 + 2, "cargo 2H or 9S, to Bob");
    play(&mut g, ANN, "event pony-express 8C 6D 2H P1");
    assert_eq!(g.player(BOB).resources, set("2H"));
    assert_eq!(g.player(ANN).resources, set("9S"));
    assert_eq!(g.player(ANN).vp, 2);
    assert_eq!(g.discard, cards("6D 8C JD"));
}

fn tycoon_at_slot_end(locked: &str, resources: &str) -> MartianGunslinger {
    let status = EventStatus::Tycoon { casino: c("QH"), bank: c("2H"), other: c("7S"), reveal_slot: 0 };
    Fx::new(2)
        .event_slot(ANN, Some(EventSlot { card: c("9C"), status }))
        .locked(ANN, locked)
        .resources(ANN, resources)
        .draw("3D")
        .at(ANN, Stage::SlotEnd, &roll(1, Aim))
}

#[test]
fn tycoon_outcomes_follow_the_table() {
    // (locked survivors, VP, resources after, discard pile after)
    let cases = [
        ("QH 2H 7S", 2, "5C 7S", "2H QH 9C"),
        ("QH 2H", 2, "5C", "2H QH 9C"),
        ("QH 7S", 1, "5C", "7S QH 9C"),
        ("2H", 1, "5C", "2H 9C"),
        ("7S", 0, "5C 7S", "9C"),
        ("", 0, "", "5C 9C"),
    ];
    for (locked, vp, resources, discard) in cases {
        let mut g = tycoon_at_slot_end(locked, "5C");
        start(&mut g);
        assert_eq!(g.player(ANN).vp, vp, "{locked}");
        assert_eq!(g.player(ANN).resources, set(resources), "{locked}");
        assert_eq!(g.discard, cards(discard), "{locked}");
        assert!(g.player(ANN).locked.is_empty());
        assert_eq!(g.player(ANN).hidden_event(), Some(c("3D")), "a new event card");
    }
}

#[test]
fn tycoon_resolves_at_the_end_of_the_next_slot_even_a_lost_one() {
    let values: Vec<u32> = (0..3).flat_map(|_| roll(1, Aim)).collect();
    let mut g = at_t8("QH 2H 7S 4D", "9C", "").at(ANN, Stage::Event, &values);
    play(&mut g, ANN, "event tycoon QH 2H 7S");
    assert_eq!(g.player(ANN).locked, set("2H 7S QH"));
    assert_eq!(g.player(ANN).resources, set("4D"));
    assert!(matches!(g.player(ANN).event.map(|e| e.status), Some(EventStatus::Tycoon { .. })));
    assert_eq!(g.player(ANN).vp, 0, "not in the reveal slot");
    g.players[ANN.index()].lost_turns = 1;
    finish_slot(&mut g); // Bob; then Ann's lost slot resolves the Tycoon
    assert_eq!(g.player(ANN).vp, 2);
    assert_eq!(g.player(ANN).resources, set("4D 7S"));
}

#[test]
fn hanging_judge_pays_a_won_attack_as_attacker_only() {
    let judge = EventSlot { card: c("8D"), status: EventStatus::Judge { ace: c("AD"), four: c("4C") } };
    let base = || {
        Fx::new(2)
            .piece(ANN, Some("d4"), E, Size::Small)
            .resources(ANN, "AD 4C")
            .event_slot(ANN, Some(judge))
            .piece(BOB, Some("e4"), W, Size::Small)
            .vp(BOB, 1, 2)
    };
    let mut g = base().draw("AS AH AC KS KH 2C 3D 4H 6S 8C 9D").at(ANN, Stage::SlotStart, &roll(1, Aim));
    start(&mut g);
    play(&mut g, ANN, "end-move");
    play(&mut g, ANN, "attack");
    play(&mut g, ANN, "exchange done");
    play(&mut g, BOB, "exchange done");
    assert_eq!(g.player(ANN).vp, 2, "R37");
    assert!(g.player(ANN).resources.is_empty());
    assert_eq!(g.player(ANN).hidden_event(), Some(c("9D")));
    assert_eq!(g.stage, Stage::Over, "Bob's piece is off the board (R46)");
    // As a defender the Judge does not pay.
    let mut g = base().vp(ANN, 2, 2).draw("2C 3D 4H 6S 8C AS AH AC KS KH").at(BOB, Stage::SlotStart, &roll(1, Aim));
    assert_eq!(g.player(ANN).lifetime, 2);
    start(&mut g);
    play(&mut g, BOB, "end-move");
    play(&mut g, BOB, "attack");
    play(&mut g, BOB, "exchange done");
    play(&mut g, ANN, "exchange done");
    assert_eq!(g.player(ANN).vp, 2);
    assert!(matches!(g.player(ANN).event.map(|e| e.status), Some(EventStatus::Judge { .. })));
}

#[test]
fn holy_vision_scores_a_suit_or_a_rank() {
    let vision = |draw: &str| {
        let mut g = Fx::new(2).resources(ANN, "7C").resources(BOB, "AD").event(ANN, "6S").draw(draw).at(
            ANN,
            Stage::Event,
            &roll(1, Aim),
        );
        assert_eq!(legal(&g, ANN).len(), 1 + 52, "R39: any suit and any of 13 ranks");
        play(&mut g, ANN, "event holy-vision H K");
        g.player(ANN).vp
    };
    assert_eq!(vision("KH"), 2);
    assert_eq!(vision("KS"), 1);
    assert_eq!(vision("2H"), 1);
    assert_eq!(vision("2C"), 0);
}

fn jailbreak(draw: &str, ann_resources: &str, ann_hand: &str) -> MartianGunslinger {
    Fx::new(2).resources(ANN, ann_resources).hand(ANN, ann_hand).event(ANN, "5H").resources(BOB, "3C KH").draw(draw).at(
        ANN,
        Stage::Event,
        &roll(1, Aim),
    )
}

#[test]
fn jailbreak_winner_scores_and_the_loser_pays() {
    let mut g = jailbreak("AD 2D 9S", "", "4S");
    play(&mut g, ANN, "event jailbreak P1 3C");
    assert_eq!(g.player(ANN).vp, 2);
    assert_eq!(g.player(BOB).resources, set("KH"), "the Jail is discarded");
    // Bob wins: Ann chooses which resource to lose (R40).
    let mut g = jailbreak("2D AD 9S", "6C 9C", "4S");
    play(&mut g, ANN, "event jailbreak P1 3C");
    assert_eq!((g.player(BOB).vp, g.stage), (2, Stage::Loss));
    assert_eq!(legal(&g, ANN), vec!["lose 6C", "lose 9C"]);
    play(&mut g, ANN, "lose 9C");
    assert_eq!(g.player(ANN).resources, set("6C"));
    assert_eq!(g.player(BOB).resources, set("3C KH"));
    // No resources: one hand card, at random on a timeout (R59).
    let mut g = jailbreak("2D AD", "", "4S 5S");
    play(&mut g, ANN, "event jailbreak P1 3C");
    assert_eq!(legal(&g, ANN), vec!["lose 4S", "lose 5S"]);
    assert_eq!(g.timeout_action(ANN), Some(crate::martian_gunslinger::Action::Timeout));
    // A tie: nothing.
    let mut g = jailbreak("2D 2S 9S", "", "4S");
    play(&mut g, ANN, "event jailbreak P1 3C");
    assert_eq!((g.player(ANN).vp, g.player(BOB).vp), (0, 0));
}

#[test]
fn jailbreak_loser_with_one_card_loses_it_automatically() {
    let mut g = jailbreak("2D AD", "9C", "4S");
    play(&mut g, ANN, "event jailbreak P1 3C");
    assert!(g.player(ANN).resources.is_empty());
    assert!(g.discard.contains(&c("9C")));
    assert_ne!(g.stage, Stage::Loss);
}

#[test]
fn robbery_is_a_poker_contest_over_the_loot() {
    let mut g = Fx::new(2)
        .resources(ANN, "9D")
        .event(ANN, "4S")
        .resources(BOB, "2C 6H")
        .draw("AS AH AC KS KH 2D 3D 5H 7C 8C")
        .at(ANN, Stage::Event, &roll(1, Aim));
    let robberies: Vec<String> = legal(&g, ANN).into_iter().filter(|a| a.contains("robbery")).collect();
    assert_eq!(robberies, vec!["event robbery P1 2C 9D", "event robbery P1 6H 9D"]);
    play(&mut g, ANN, "event robbery P1 6H 9D");
    play(&mut g, BOB, "exchange done");
    play(&mut g, ANN, "exchange done");
    assert_eq!(g.player(ANN).vp, 2);
    assert_eq!(g.player(BOB).resources, set("2C"));
    assert!(g.player(ANN).resources.is_empty());
}

fn punch(draw: &str) -> MartianGunslinger {
    Fx::new(2).resources(ANN, "9C").event(ANN, "2S").resources(BOB, "10H").draw(draw).at(
        ANN,
        Stage::Event,
        &roll(1, Aim),
    )
}

#[test]
fn punch_a_cow_needs_two_round_wins_in_a_row() {
    // Ann wins, tie (resets), Ann wins, Ann wins.
    let mut g = punch("KD 2D 5C 5D KC 2C KS 3C");
    play(&mut g, ANN, "event punch-a-cow P1 10H");
    assert_eq!(g.player(ANN).vp, 2);
    assert!(g.player(BOB).resources.is_empty(), "the cattle are discarded");
    // Bob wins twice: Ann loses her only resource automatically.
    let mut g = punch("2D KD 2C KC");
    play(&mut g, ANN, "event punch-a-cow P1 10H");
    assert_eq!(g.player(BOB).vp, 2);
    assert!(g.player(ANN).resources.is_empty());
}

#[test]
fn punch_a_cow_ends_without_a_winner_when_cards_run_out() {
    let mut g = Fx::new(2).resources(ANN, "9C").event(ANN, "2S").resources(BOB, "10H").draw("KD 2D 5C").exact().at(
        ANN,
        Stage::Event,
        &[3, 2, 1, 0, 2],
    );
    let events = play(&mut g, ANN, "event punch-a-cow P1 10H");
    assert!(events.contains(&Event::DuelResult { winner: None }), "R41");
    assert!(g.player(BOB).resources.contains(c("10H")), "the cattle are kept");
    assert_eq!(g.player(ANN).resources, set("9C"), "no Loss choice");
}

#[test]
fn crack_shot_with_one_card_left_goes_to_the_only_drawer() {
    let mut g =
        Fx::new(3).resources(ANN, "9S 8D").event(ANN, "7H").draw("4C").exact().at(ANN, Stage::Event, &[3, 2, 1, 0, 2]);
    play(&mut g, ANN, "event crack-shot 9S 8D");
    assert_eq!(g.player(ANN).vp, 2, "a single player who drew is highest (R38)");
}

#[test]
fn shootout_pairs_a_jack_or_king_with_the_other_rank() {
    let g = Fx::new(3).resources(ANN, "JS KD").event(ANN, "QH").resources(BOB, "KC").resources(CARA, "JD").at(
        ANN,
        Stage::Event,
        &[],
    );
    let shootouts: Vec<String> = legal(&g, ANN).into_iter().filter(|a| a.contains("shootout")).collect();
    assert_eq!(shootouts, vec!["event shootout P1 JS KC", "event shootout P2 KD JD"]);
}

#[test]
fn mayor_needs_a_suit_in_every_pile_and_ties_go_to_the_potato() {
    let base = |bob: &str| {
        Fx::new(2)
            .piece(BOB, Some("h8"), W, Size::Small)
            .resources(ANN, "3H 4H 9C")
            .event(ANN, "AC")
            .resources(BOB, bob)
    };
    let g = base("2D").at(ANN, Stage::Event, &[]);
    assert_eq!(legal(&g, ANN), vec!["skip-event"], "R43: no suit common to every pile");
    // Equal bids, pips, VP and ranks: the potato picks index 1 in turn order (Bob).
    let mut g = base("9H").at(ANN, Stage::Event, &[1, 0, 2]);
    play(&mut g, ANN, "event mayor 3H 4H");
    play(&mut g, ANN, "bid 0");
    play(&mut g, BOB, "bid 0");
    assert_eq!(g.mayor, Some(BOB));
    assert_eq!(g.player(BOB).vp, 2);
}

#[test]
fn a_player_without_resources_bids_zero_and_forced_payments_are_automatic() {
    let mut g = Fx::new(3)
        .resources(ANN, "3H 4H 9C")
        .event(ANN, "AC")
        .resources(BOB, "2C 5C")
        .resources(CARA, "7C")
        .at(ANN, Stage::Event, &roll(1, Aim));
    play(&mut g, ANN, "event mayor 3H 4H");
    play(&mut g, CARA, "bid 1");
    play(&mut g, ANN, "bid 0");
    play(&mut g, BOB, "bid 2");
    assert_eq!(g.mayor, Some(BOB), "Bob pays both cards without being asked");
    assert!(g.player(BOB).resources.is_empty());
    // After the Jail and Courthouse are gone Ann's pile is [9C]; with no resource a bid of 0
    // is automatic.
    let mut g = Fx::new(2).resources(ANN, "3H 4H").event(ANN, "AC").resources(BOB, "5H").at(ANN, Stage::Event, &[]);
    let events = play(&mut g, ANN, "event mayor 3H 4H");
    assert!(events.contains(&Event::BidSubmitted { seat: ANN, automatic: true }));
    assert_eq!(g.must_seats().iter().collect::<Vec<Seat>>(), vec![BOB]);
    reject(&g, ANN, "bid 0");
}

#[test]
fn an_empty_event_slot_is_refilled_at_the_next_draw_step() {
    let mut g = Fx::new(2).hand(ANN, "2C").draw("5D 6D").at(ANN, Stage::HandCard, &roll(1, Aim));
    let slot = g.players[ANN.index()].event.take().expect("a default event card");
    g.discard.push(slot.card);
    play(&mut g, ANN, "skip-card");
    play(&mut g, ANN, "skip-resource");
    assert_eq!(g.player(ANN).hidden_event(), Some(c("5D")), "R55: the event card first");
    assert!(g.player(ANN).hand.contains(c("6D")));
}

#[test]
fn only_a_hidden_event_card_can_be_swapped_by_an_eight_or_nine() {
    let status = EventStatus::Tycoon { casino: c("QH"), bank: c("2H"), other: c("7S"), reveal_slot: 1 };
    let g = Fx::new(2)
        .hand(ANN, "8D")
        .resources(ANN, "5D")
        .locked(ANN, "QH 2H 7S")
        .event_slot(ANN, Some(EventSlot { card: c("9C"), status }))
        .at(ANN, Stage::HandCard, &[]);
    assert_eq!(legal(&g, ANN), vec!["skip-card", "play 8D 5D keep"], "R27");
}
