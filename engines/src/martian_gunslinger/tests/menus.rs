//! Unit tests of the step tree's pieces: matching a prefix, ordering the options.

use crate::game::Choice;
use crate::martian_gunslinger::action_text::Atom;
use crate::martian_gunslinger::menus::{Match, matcher, prefix_free_order};
use crate::parts::cards::Card;
use crate::parts::grid::Square;

#[test]
fn matcher_handles_whole_split_and_partial_atoms() {
    let card: Card = "KD".parse().expect("card");
    let atoms = vec![Atom::Word("lay".into()), Atom::Card(card)];
    assert!(matches!(matcher(&atoms, ""), Match::Boundary(0)));
    assert!(matches!(matcher(&atoms, "lay"), Match::Boundary(1)));
    assert!(matches!(matcher(&atoms, "lay K"), Match::Inside(1, ref s) if s == "D"));
    assert!(matches!(matcher(&atoms, "lay KD"), Match::Complete));
    assert!(matches!(matcher(&atoms, "lay KDX"), Match::Miss));
    let sq = Atom::Square(Square::new(4, 3));
    let atoms = vec![Atom::Word("plotpoint".into()), sq];
    assert!(matches!(matcher(&atoms, "plotpoint e"), Match::Inside(1, ref s) if s == "4"));
    let atoms = vec![Atom::Word("bid".into()), Atom::Number(37)];
    assert!(matches!(matcher(&atoms, "bid 3"), Match::Inside(1, ref s) if s == "7"));
    let atoms = vec![Atom::Word("bid".into()), Atom::Number(3)];
    assert!(matches!(matcher(&atoms, "bid 37"), Match::Miss));
}

#[test]
fn shorter_tokens_follow_the_longer_ones_they_start() {
    let mut options: Vec<Choice> = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
        .iter()
        .map(|d| Choice { token: format!(" {d}"), label: (*d).to_string() })
        .collect();
    prefix_free_order(&mut options);
    let order: Vec<&str> = options.iter().map(|c| c.token.trim()).collect();
    let pos = |d: &str| order.iter().position(|x| *x == d).expect("present");
    assert!(pos("N") > pos("NE") && pos("N") > pos("NW"));
    assert!(pos("S") > pos("SE") && pos("S") > pos("SW"));
    assert_eq!(order.len(), 8);
}
