//! Entering an action piece by piece (§8.4, §8.5): the tree over the legal list's atoms. A
//! square is always entered as file then rank; a card as rank then suit, and a number as
//! tens then units, whenever one step would otherwise offer more than 25 of them.

use super::action::Action;
use super::state::MartianGunslinger;
use super::text::Atom;
use crate::game::{Choice, Choices, MAX_CHOICES, Seat};

/// How an action's atoms meet the prefix.
enum Match {
    /// The prefix is the whole action.
    Complete,
    /// The prefix ends right before atom `i`.
    Boundary(usize),
    /// The prefix ends after the first part of split atom `i`; the text is the second part.
    Inside(usize, String),
    /// The prefix does not lead to this action.
    Miss,
}

/// The two parts of an atom that may be entered in two steps.
fn split(atom: &Atom) -> Option<(String, String)> {
    match atom {
        Atom::Square(square) => Some((square.file().to_string(), (square.y + 1).to_string())),
        Atom::Card(card) => Some((card.rank.symbol().to_string(), card.suit.to_string())),
        Atom::Number(n) if *n >= 10 => Some(((n / 10).to_string(), (n % 10).to_string())),
        _ => None,
    }
}

fn starts_with_ci(text: &str, start: &str) -> bool {
    text.len() >= start.len() && text.as_bytes()[..start.len()].eq_ignore_ascii_case(start.as_bytes())
}

fn matcher(atoms: &[Atom], prefix: &str) -> Match {
    let mut rest = prefix;
    for (i, atom) in atoms.iter().enumerate() {
        if rest.is_empty() {
            return Match::Boundary(i);
        }
        let sep = if i == 0 { "" } else { " " };
        let whole = format!("{sep}{atom}");
        if starts_with_ci(rest, &whole) {
            rest = &rest[whole.len()..];
            continue;
        }
        if let Some((first, second)) = split(atom)
            && rest.eq_ignore_ascii_case(&format!("{sep}{first}"))
        {
            return Match::Inside(i, second);
        }
        return Match::Miss;
    }
    if rest.is_empty() { Match::Complete } else { Match::Miss }
}

/// What may follow `prefix` for `seat`, and whether it is a complete action.
pub(crate) fn choices(game: &MartianGunslinger, seat: Seat, prefix: &str) -> Choices {
    let mut actions = Vec::new();
    game.actions_for(seat, &mut actions);
    let mut out = Choices::default();
    let mut boundary: Vec<(Action, Vec<Atom>, usize)> = Vec::new();
    for action in actions {
        let atoms = action.atoms();
        match matcher(&atoms, prefix) {
            Match::Complete => out.complete = true,
            Match::Boundary(i) => boundary.push((action, atoms, i)),
            Match::Inside(i, second) => {
                let label = if i + 1 == atoms.len() { game.label(&action) } else { format!("{}", atoms[i]) };
                push(&mut out.options, second, label);
            }
            Match::Miss => {}
        }
    }
    let mut distinct: Vec<String> = boundary.iter().map(|(_, atoms, i)| atoms[*i].to_string()).collect();
    distinct.sort_unstable();
    distinct.dedup();
    let crowded = distinct.len() > MAX_CHOICES;
    for (action, atoms, i) in &boundary {
        let atom = &atoms[*i];
        let sep = if *i == 0 { "" } else { " " };
        let last = *i + 1 == atoms.len();
        let parts = split(atom).filter(|_| crowded || matches!(atom, Atom::Square(_)));
        match parts {
            Some((first, _)) => {
                let label = match atom {
                    Atom::Square(_) => format!("file {first}"),
                    Atom::Card(_) => format!("{first}…"),
                    _ => format!("{first}…"),
                };
                push(&mut out.options, format!("{sep}{first}"), label);
            }
            None => {
                let label = if last { game.label(action) } else { atom.to_string() };
                push(&mut out.options, format!("{sep}{atom}"), label);
            }
        }
    }
    prefix_free_order(&mut out.options);
    out
}

/// Adds an option once (the first label wins, except that a label completing an action is
/// kept over a partial one).
fn push(options: &mut Vec<Choice>, token: String, label: String) {
    if let Some(existing) = options.iter_mut().find(|c| c.token == token) {
        if existing.label.ends_with('…') && !label.ends_with('…') {
            existing.label = label;
        }
        return;
    }
    options.push(Choice { token, label });
}

/// Puts a token after every longer token it is a prefix of (`" N"` after `" NE"`), so that
/// matching a target text against the options in order never stops at the shorter one.
fn prefix_free_order(options: &mut Vec<Choice>) {
    let mut i = 0;
    let mut moves = 0;
    while i < options.len() && moves < options.len() * options.len() {
        let token = options[i].token.clone();
        let shadows = options[i + 1..].iter().any(|o| o.token.len() > token.len() && o.token.starts_with(&token));
        if shadows {
            let option = options.remove(i);
            options.push(option);
            moves += 1;
        } else {
            i += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
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
}
