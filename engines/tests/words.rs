//! A player never reads an identifier (#24 item 1): whole seeded random games of every game at
//! every player count, reading every label, narration line, refusal, outcome and summary the
//! engine offers, fail on any identifier-looking token or grammar slip; and every option read
//! must come with an explanation in words (#24 item 3).
//!
//! The front ends run the same walk with their own boards and menus added (`render`'s and the
//! terminal's tests), so everything a player reads is checked by one checker.

use engines::GameKind;
use engines::wording::{Reader, walk};

/// Seeded games per player count.
const SEEDS: u64 = 3;

fn every_count(kind: GameKind) {
    let mut reader = Reader::default();
    let (min, max) = kind.players();
    for players in min..=max {
        for seed in 0..SEEDS {
            walk(kind, players, seed, &mut reader, |_, _| {});
        }
    }
    let slips: Vec<String> = reader.slips.iter().map(ToString::to_string).collect();
    assert!(slips.is_empty(), "{} slips in {} texts:\n{}", slips.len(), reader.texts, slips.join("\n"));
    assert!(reader.texts > 1000, "{kind}: only {} texts read", reader.texts);
    // Every choice explained (#24 item 3): the walk asks for the explanation of every option
    // it reads at every step, and an empty one is a slip.
    assert!(reader.explanations > 500, "{kind}: only {} explanations read", reader.explanations);
}

#[test]
fn martian_12s_speaks_to_people() {
    every_count(GameKind::Martian12s);
}

#[test]
fn martian_gunslinger_speaks_to_people() {
    every_count(GameKind::MartianGunslinger);
}

#[test]
fn gunslinger_gang_speaks_to_people() {
    every_count(GameKind::GunslingerGang);
}

#[test]
fn conquest_of_mars_speaks_to_people() {
    every_count(GameKind::ConquestOfMars);
}

#[test]
fn raja_speaks_to_people() {
    every_count(GameKind::Raja);
}

/// The check is not one that cannot fail: one identifier planted in a label of a real game is
/// found and reported with where it was read.
#[test]
fn a_planted_identifier_is_caught() {
    for planted in ["Bid 018", "Add land_add", "Pass (R35)", "T2b · Wild face", "start"] {
        let mut reader = Reader::planted(planted);
        walk(GameKind::Martian12s, 2, 0, &mut reader, |_, _| {});
        assert_eq!(reader.slips.len(), 1, "{planted}: {:?}", reader.slips);
        assert_eq!(reader.slips[0].text, planted);
    }
}

/// An option without an explanation, or with one in program words, is caught.
#[test]
fn a_missing_or_coded_explanation_is_caught() {
    for planted in ["", "Adds a land_add"] {
        let mut reader = Reader::planted_explanation(planted);
        walk(GameKind::Martian12s, 2, 0, &mut reader, |_, _| {});
        assert_eq!(reader.slips.len(), 1, "{planted:?}: {:?}", reader.slips);
        assert_eq!(reader.slips[0].text, planted);
    }
}
