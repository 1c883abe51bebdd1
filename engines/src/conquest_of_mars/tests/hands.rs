//! Unit tests of the hand ranking (§6.3–6.4, R27–R29) and of the end of the game (§6.1–6.2,
//! R25, R26, R30).

use super::fixtures::{P0, P1, P2, cell, given, new_game};
use crate::conquest_of_mars::scoring::{EndReason, HandKey, compare};
use crate::conquest_of_mars::state::{ConquestOfMars, Phase};
use crate::game::{Game, Pending, Seat, Viewer};
use crate::parts::cards::Card;
use crate::parts::poker::{LowCategory, evaluate_aces_low};

fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace().map(|c| c.parse().expect("a card")).collect()
}

fn category(text: &str) -> LowCategory {
    evaluate_aces_low(&cards(text)).category()
}

/// R27: Aces are always low; no straights; a straight flush is a flush.
#[test]
fn aces_are_low_and_there_are_no_straights() {
    let wheel = evaluate_aces_low(&cards("AC 2D 3H 4S 5C"));
    assert_eq!((wheel.category(), wheel.values()), (LowCategory::HighCard, vec![5, 4, 3, 2, 1]));
    assert_eq!(compare(&cards("AS KD QH JC 9D"), &cards("KS QD JH 9C 8D")), std::cmp::Ordering::Less);
    assert_eq!(category("2H 3H 4H 5H 6H"), LowCategory::Flush);
    assert_eq!(category("9S 10C JD QH KC"), LowCategory::HighCard);
    assert!(evaluate_aces_low(&cards("KC")) > evaluate_aces_low(&cards("AC")));
}

/// R27: four of a kind is three of a kind with a kicker, or a full house beside a pair; two
/// trips make a full house, the higher on top; the best flush of two suits counts.
#[test]
fn the_short_list_of_hands() {
    let house = evaluate_aces_low(&cards("7S 7H 7D 7C KS KD"));
    assert_eq!((house.category(), house.values()), (LowCategory::FullHouse, vec![7, 13]));
    let trips = evaluate_aces_low(&cards("QC QD QH 4C 4D 4H"));
    assert_eq!((trips.category(), trips.values()), (LowCategory::FullHouse, vec![12, 4]));
    let pairs = evaluate_aces_low(&cards("KC KD 7H 7S QC QD 2S"));
    assert_eq!((pairs.category(), pairs.values()), (LowCategory::TwoPair, vec![13, 12, 7]));
    let flush = evaluate_aces_low(&cards("2C 3C 4C 6C 8C 2D 3D 4D 6D KD"));
    assert_eq!((flush.category(), flush.values()), (LowCategory::Flush, vec![13, 6, 4, 3, 2]));
    assert_eq!(category("AC AD 5H 9S JC"), LowCategory::Pair);
    assert_eq!(category("2C 2C 3D 4H 5S"), LowCategory::HighCard, "a card listed twice counts once");
    assert_eq!(evaluate_aces_low(&cards("QH QS QD 7C 7D")).to_string(), "full house, Queens over sevens");
    assert_eq!(evaluate_aces_low(&cards("AH AS 4D 7C 9D")).to_string(), "pair of Aces");
    assert_eq!(evaluate_aces_low(&cards("AH 3H 5H 7H 9H")).to_string(), "flush, nine high");
}

/// R28, R29: five cards outrank fewer; below five, values compare high to low and a longer
/// list wins a prefix tie; equal lists share the win.
#[test]
fn fewer_than_five_cards() {
    assert!(HandKey::of(&cards("2S 3D 4H 5C 7D")) > HandKey::of(&cards("KS KD KH KC")));
    assert!(HandKey::of(&cards("KS 2D")) > HandKey::of(&cards("QS JD 10H 9C")));
    assert!(HandKey::of(&cards("KS 9H 2D")) > HandKey::of(&cards("KD 9C")));
    assert_eq!(HandKey::of(&cards("KS 9H")), HandKey::of(&cards("KD 9C")));
    assert_eq!(HandKey::of(&cards("KS 9H")).hand, None);
}

/// Puts `text`'s cards into `seat`'s hand, swapping them with wherever they were, so the
/// 52 cards stay distinct (I1).
fn deal(g: &mut ConquestOfMars, seat: Seat, text: &str) {
    for (slot, card) in cards(text).into_iter().enumerate() {
        let old = g.player(seat).hand[slot];
        let spots = g.grid.iter_mut().map(|c| &mut c.card).chain(g.aside.iter_mut());
        let spots = spots.chain(g.players.iter_mut().flat_map(|p| p.hand.iter_mut()));
        for spot in spots {
            if *spot == card {
                *spot = old;
            }
        }
        g.player_mut(seat).hand[slot] = card;
    }
}

/// R25, R26: the ninth pyramid ends the game at once; each player adds the cards it solely
/// occupies, shared cards go to nobody; hands and the aside cards are then shown (R7).
#[test]
fn the_ninth_pyramid_ends_the_game() {
    let mut g = given(2)
        .with("RS1@B1:Up RS2@C1:Up RM1@D1:Up RM2@E1:Up RM3@F1:Up RL1@B2:Up RL2@C2:Up RL3@D2:Up YS1@D2:Up")
        .build();
    g.run(P0, "spawn B1");
    assert_eq!(g.phase, Phase::GameOver);
    let result = g.result.clone().expect("a result");
    assert_eq!(result.reason, EndReason::NineOnBoard(P0));
    let red = &result.lines[0];
    assert_eq!(red.seat, P0);
    let sole: Vec<String> = red.occupied.iter().map(ToString::to_string).collect();
    assert_eq!(sole, ["B1", "C1", "D1", "E1", "F1", "B2", "C2"], "D2 is shared");
    assert_eq!(red.cards.len(), 9);
    assert_eq!(red.best.len(), 5);
    assert!(result.lines[1].occupied.is_empty());
    let Pending::Finished(outcome) = g.pending() else { panic!("finished") };
    assert_eq!(outcome.winners.iter().collect::<Vec<_>>(), [P0], "five cards beat two (R28)");
    assert_eq!(outcome.standings.len(), 2);
    let public = g.public_json();
    for card in g.player(P1).hand.iter().chain(g.aside.iter()) {
        assert!(public.contains(&format!("\"{card}\"")), "{card} shown at the end");
    }
    assert!(g.secrets().iter().all(|s| s.owner.is_none()), "only face-down grid cards stay hidden");
    assert!(g.secrets().iter().all(|s| g.grid.iter().any(|c| !c.face_up && c.card.to_string() == s.token)));
}

/// R30: the game ends after the last seat's turn of round `round_cap`; R29: equal cards
/// share the victory.
#[test]
fn the_round_cap_and_a_shared_victory() {
    let mut g = given(2).build();
    g.round = g.options.round_cap;
    deal(&mut g, P0, "KS 9D");
    deal(&mut g, P1, "KH 9C");
    g.run(P0, "take");
    assert_eq!(g.phase, Phase::Main, "P1 still plays round {}", g.round);
    g.run(P1, "take");
    let result = g.result.clone().expect("over");
    assert_eq!(result.reason, EndReason::RoundCap);
    assert_eq!(result.winners(), [P0, P1], "shared");
    assert!(result.lines.iter().all(|l| l.place == 1));
}

/// §4.8: a resigned player collects nothing and ranks last; the last player left wins at once.
#[test]
fn resigned_players_rank_last() {
    let mut g = given(3).with("GS1@B2:Up").build();
    g.round = g.options.round_cap;
    g.run(P2, "resign");
    assert_eq!(g.at("GS1"), "reserve");
    g.run(P0, "take");
    g.run(P1, "take");
    let result = g.result.clone().expect("over");
    let last = result.lines.last().expect("lines");
    assert_eq!((last.seat, last.key.clone(), last.place), (P2, None, 3));
    let mut h = new_game(2, 4);
    h.run(P0, "start d4");
    h.run(P1, "resign");
    let Pending::Finished(outcome) = h.pending() else { panic!("over") };
    assert_eq!(outcome.winners.iter().collect::<Vec<_>>(), [P0]);
    assert_eq!(h.result.as_ref().map(|r| r.reason), Some(EndReason::LastStanding(P0)));
    assert!(h.view(Viewer::Public).outcome.is_some());
    assert_eq!(cell("D4").index(), None);
}
