//! Words for people: the checks that keep identifiers out of everything a player reads, the
//! second person for a seat called "You", and seat mentions resolved to names.
//!
//! A game writes a seat it names in a label, an explanation or a refusal with
//! [`Seat::mention`] ("Player 2"); the front ends' entry points in [`crate::AnyGame`] put the
//! seat's name there ([`name_seats`]). The terminal calls its one local player "You", so every
//! text with names goes through [`second_person`] ("You pass", "Your turn").
//!
//! [`findings`] and [`label_findings`] are the structural test's checker: the engine's walk in
//! `engines/tests/words.rs` and the front ends' tests call them on everything a player reads.

use crate::game::Seat;

mod walk;

pub use walk::{Reader, Slip, names, walk};

/// An identifier-looking token, or a grammar slip, found in text a player reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// The offending word or words.
    pub token: String,
    /// What is wrong, for the test's failure message.
    pub why: &'static str,
}

impl std::fmt::Display for Finding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?} ({})", self.token, self.why)
    }
}

/// Words ending in `s` that may follow "You" ("You always pass").
const NOT_VERBS: &[&str] = &["always", "as", "plus", "thus", "us", "yes", "unless", "across", "besides", "perhaps"];

/// Words ending in `s` that may follow "1" ("1 VP plus").
const NOT_PLURALS: &[&str] = &["plus", "is", "was", "has", "as", "minus", "bonus", "status", "pass", "less", "us"];

/// Words before "1" that make it a number in a series, not a count ("Round 1 ends").
const COUNTED: &[&str] = &["round", "turn", "player", "step", "row", "column", "segment", "seat", "level", "of"];

/// Words after "a" that take "a" although they start with a vowel letter.
const A_BEFORE_VOWEL: &[&str] = &["one", "once", "unit", "use", "used", "user", "usual", "uniform", "unique", "eu"];

/// The word with the punctuation around it removed (`"(R35)."` -> `R35`).
fn core(word: &str) -> &str {
    word.trim_matches(|c: char| !c.is_alphanumeric() && c != '_' && c != '\'')
}

fn is_snake(word: &str) -> bool {
    let bytes = word.as_bytes();
    bytes.windows(3).any(|w| w[0].is_ascii_alphanumeric() && w[1] == b'_' && w[2].is_ascii_alphanumeric())
}

/// A letter followed only by digits, and an optional lowercase letter (`R35`, `T2b`, `P1`).
fn code(word: &str, letter: char) -> bool {
    let Some(rest) = word.strip_prefix(letter) else { return false };
    let digits = rest.trim_end_matches(|c: char| c.is_ascii_lowercase());
    !digits.is_empty() && rest.len() - digits.len() <= 1 && digits.bytes().all(|b| b.is_ascii_digit())
}

fn zero_padded(word: &str) -> bool {
    let word = word.trim_start_matches(['$', '+', '-']);
    word.len() > 1 && word.starts_with('0') && word.bytes().all(|b| b.is_ascii_digit())
}

/// A third-person verb, as a word after "You" would be if the sentence were wrong.
fn third_person(word: &str) -> bool {
    word.len() > 2
        && word.bytes().all(|b| b.is_ascii_lowercase())
        && word.ends_with('s')
        && !word.ends_with("ss")
        && !NOT_VERBS.contains(&word)
}

/// Every identifier-looking token and grammar slip in `text`: backticks, `snake_case`,
/// ruling numbers (`R35`), phase codes (`T2b`), seat numbers (`P1`), zero-padded numbers
/// (`018`), Rust words (`Some(`, `::`, braces), "You's", "You passes", "1 stones", "a orange"
/// and "turn(s)".
#[must_use]
pub fn findings(text: &str) -> Vec<Finding> {
    let mut out = Vec::new();
    let mut push = |token: &str, why| out.push(Finding { token: token.to_string(), why });
    for pattern in ["`", "::", "Some(", "None)", "{", "}", "(s)", "§"] {
        if text.contains(pattern) {
            push(pattern, "program text");
        }
    }
    // Word by word within each line: a number ending one line does not count what begins the
    // next ("pile 1" above "Shields $8").
    let words: Vec<(usize, &str)> =
        text.lines().enumerate().flat_map(|(n, line)| line.split_whitespace().map(move |w| (n, w))).collect();
    for (i, &(line, raw)) in words.iter().enumerate() {
        let word = core(raw);
        let next = words.get(i + 1).filter(|(n, _)| *n == line).map_or("", |(_, w)| core(w));
        if is_snake(word) {
            push(word, "snake_case");
        }
        if code(word, 'R') {
            push(word, "a ruling number");
        }
        if code(word, 'T') {
            push(word, "a phase code");
        }
        if code(word, 'P') {
            push(word, "a seat number");
        }
        if code(word, 'I') {
            push(word, "an item number");
        }
        if zero_padded(word) {
            push(word, "a zero-padded number");
        }
        if word == "You's" || word == "you's" {
            push(word, "\"You's\"");
        }
        if (word == "You" || word == "you") && raw.ends_with(word) && third_person(next) {
            push(&format!("{word} {next}"), "the second person with a third-person verb");
        }
        let before =
            i.checked_sub(1).and_then(|j| words.get(j)).filter(|(n, _)| *n == line).map_or("", |(_, w)| core(w));
        if word == "1"
            && !raw.contains(['$', '-', ',', '.', ')', ':', ';'])
            && !COUNTED.contains(&before.to_lowercase().as_str())
        {
            let plural =
                (next.ends_with('s') && next.len() > 1 && !NOT_PLURALS.contains(&next.to_lowercase().as_str()))
                    || next == "dice";
            if plural && next.bytes().all(|b| b.is_ascii_alphabetic()) {
                push(&format!("1 {next}"), "a plural after 1");
            }
        }
        if (word == "a" || word == "A") && raw.len() == 1 {
            let vowel = next.chars().next().is_some_and(|c| "aeiouAEIOU".contains(c));
            if vowel && !A_BEFORE_VOWEL.iter().any(|w| next.to_lowercase().starts_with(w)) && next.len() > 1 {
                push(&format!("{word} {next}"), "\"a\" before a vowel");
            }
        }
    }
    out
}

/// Whether `label` begins with a square of a board, written as the board's edges are (`c4`).
fn coordinate(label: &str) -> bool {
    let first = core(label.split_whitespace().next().unwrap_or_default());
    let mut chars = first.chars();
    chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && first.len() <= 3
        && chars.clone().next().is_some()
        && chars.all(|c| c.is_ascii_digit())
}

/// [`findings`] for a label (a button or menu entry), which also must begin as a sentence
/// does: not with a lowercase word (`start`, `file a`, `commit`).
#[must_use]
pub fn label_findings(label: &str) -> Vec<Finding> {
    let mut out = findings(label);
    if label.trim().is_empty() {
        out.push(Finding { token: String::new(), why: "an empty label" });
    } else if label.trim_start().starts_with(|c: char| c.is_lowercase()) && !coordinate(label) {
        let first = label.split_whitespace().next().unwrap_or_default();
        out.push(Finding { token: first.to_string(), why: "a label beginning in lowercase, like a program word" });
    }
    out
}

/// `text` with its first letter in upper case ("ten" -> "Ten").
#[must_use]
pub fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| first.to_uppercase().chain(chars).collect())
}

/// `n` things: "1 turn", "2 turns", "0 turns"; "1 die", "3 dice"; "1 pass", "2 passes".
#[must_use]
pub fn count(n: impl Into<i64>, singular: &str) -> String {
    let n = n.into();
    if n == 1 {
        return format!("1 {singular}");
    }
    let plural = match singular {
        "die" => "dice".to_string(),
        _ if singular.ends_with(['s', 'x']) || singular.ends_with("ch") || singular.ends_with("sh") => {
            format!("{singular}es")
        }
        _ if singular.ends_with('y') && !singular.ends_with("ey") && !singular.ends_with("ay") => {
            format!("{}ies", &singular[..singular.len() - 1])
        }
        _ => format!("{singular}s"),
    };
    format!("{n} {plural}")
}

/// "a" or "an" before `word` ("an Aim", "a Tip", "an orange"), then the word.
#[must_use]
pub fn a(word: &str) -> String {
    let vowel = word.chars().next().is_some_and(|c| "aeiouAEIOU".contains(c));
    let an = vowel && !A_BEFORE_VOWEL.iter().any(|w| word.to_lowercase().starts_with(w));
    format!("{} {word}", if an { "an" } else { "a" })
}

impl Seat {
    /// How a label, an explanation or a refusal names this seat: "Player 2" (seats count from
    /// 1 for people). The front end's entry points put the player's name in its place
    /// ([`name_seats`]).
    #[must_use]
    pub fn mention(self) -> String {
        format!("Player {}", self.index() + 1)
    }
}

/// `text` with every seat mention ("Player 2", see [`Seat::mention`]) replaced by that seat's
/// name in `names` (a seat without a name keeps its mention), then in the second person
/// ([`second_person`]).
#[must_use]
pub fn name_seats(text: &str, names: &[String]) -> String {
    const MARK: &str = "Player ";
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(MARK) {
        let after = &rest[at + MARK.len()..];
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        let name = after[..digits]
            .parse::<usize>()
            .ok()
            .and_then(|n| n.checked_sub(1))
            .and_then(|i| names.get(i))
            .filter(|name| !name.trim().is_empty());
        let boundary = at == 0 || !rest[..at].ends_with(|c: char| c.is_alphanumeric());
        match name {
            Some(name) if boundary && digits > 0 => {
                out.push_str(&rest[..at]);
                out.push_str(name.trim());
                rest = &after[digits..];
            }
            _ => {
                out.push_str(&rest[..at + MARK.len()]);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    second_person(&out)
}

/// The base form of a third-person verb (`passes` -> `pass`, `carries` -> `carry`).
fn base_form(verb: &str) -> String {
    match verb {
        "has" => return "have".into(),
        "is" => return "are".into(),
        "was" => return "were".into(),
        "does" => return "do".into(),
        "goes" => return "go".into(),
        _ => {}
    }
    if let Some(stem) = verb.strip_suffix("ies") {
        return format!("{stem}y");
    }
    for ending in ["sses", "shes", "ches", "xes", "zzes"] {
        if verb.ends_with(ending) {
            return verb[..verb.len() - 2].to_string();
        }
    }
    verb[..verb.len() - 1].to_string()
}

/// `text` in the second person wherever a player is called "You" (the terminal's name for its
/// one local player): "You passes" -> "You pass", "You's turn" -> "Your turn", "Bo tips You"
/// -> "Bo tips you". Text without the word "You" comes back unchanged.
#[must_use]
pub fn second_person(text: &str) -> String {
    if !text.contains("You") {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len() + 8);
    let mut previous_word = "";
    let mut iter = split_keep(text).into_iter();
    while let Some(piece) = iter.next() {
        let Piece::Word(word) = piece else {
            if let Piece::Gap(gap) = piece {
                out.push_str(gap);
                if (gap.trim() != "" && gap.trim() != ",") || gap.contains('\n') {
                    previous_word = "";
                }
            }
            continue;
        };
        let lowercase_before = !previous_word.is_empty() && previous_word.bytes().all(|b| b.is_ascii_lowercase());
        match word {
            "You's" => out.push_str(if lowercase_before { "your" } else { "Your" }),
            "You" => {
                out.push_str(if lowercase_before { "you" } else { "You" });
                // The verb right after, separated by one space, or by a word in brackets
                // ("You (Red) controls").
                let ahead: Vec<Piece<'_>> = iter.clone().take(4).collect();
                let skip = match ahead.as_slice() {
                    [Piece::Gap(" ("), Piece::Word(_), Piece::Gap(") "), Piece::Word(_)] => 3,
                    [Piece::Gap(" "), Piece::Word(_), ..] => 1,
                    _ => 0,
                };
                if let Some(Piece::Word(verb)) = ahead.get(skip).copied()
                    && skip > 0
                    && (third_person(verb) || ["has", "is", "was", "does"].contains(&verb))
                {
                    for piece in iter.by_ref().take(skip + 1) {
                        match piece {
                            Piece::Word(word) if word == verb => out.push_str(&base_form(verb)),
                            Piece::Word(word) | Piece::Gap(word) => out.push_str(word),
                        }
                    }
                    previous_word = "";
                    continue;
                }
            }
            other => out.push_str(other),
        }
        previous_word = word;
    }
    out
}

#[derive(Clone, Copy, Debug)]
enum Piece<'a> {
    Word(&'a str),
    Gap(&'a str),
}

/// `text` as alternating words (letters and apostrophes) and gaps (everything else).
fn split_keep(text: &str) -> Vec<Piece<'_>> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut in_word = None;
    for (i, c) in text.char_indices() {
        let wordy = c.is_alphanumeric() || c == '\'';
        match in_word {
            Some(w) if w == wordy => {}
            Some(w) => {
                let piece = &text[start..i];
                out.push(if w { Piece::Word(piece) } else { Piece::Gap(piece) });
                start = i;
                in_word = Some(wordy);
            }
            None => in_word = Some(wordy),
        }
    }
    if let Some(w) = in_word {
        let piece = &text[start..];
        out.push(if w { Piece::Word(piece) } else { Piece::Gap(piece) });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(text: &str) -> Vec<String> {
        findings(text).into_iter().map(|f| f.token).collect()
    }

    #[test]
    fn identifiers_and_slips_are_found() {
        assert_eq!(tokens("You may: land_add 0,-1 (R47)."), ["land_add", "R47"]);
        assert_eq!(tokens("T2b · Wild face"), ["T2b"]);
        assert_eq!(tokens("Done: `bid 018`"), ["`", "018"]);
        assert_eq!(tokens("You passes at 7. You's turn"), ["You passes", "You's"]);
        assert_eq!(tokens("pulled a orange small; Declare 1 stones"), ["a orange", "1 stones"]);
        assert_eq!(tokens("choosing 1 dice, 1 turn(s) to lose"), ["(s)", "1 dice"]);
        assert_eq!(tokens("Tip P1 to face N"), ["P1"]);
    }

    #[test]
    fn plain_words_pass() {
        for text in [
            "You pass at 7.",
            "Your turn. Ann wins $6 with 11 from 6.",
            "Play 10H paying 4D: destroy Bo's 5C",
            "Pull a small pyramid (1 left); a one-card duel",
            "Add a tile at 0,-1; 1 VP plus 2",
            "You always pass; round 10 of 20, turn 2",
        ] {
            assert!(findings(text).is_empty(), "{text}: {:?}", findings(text));
        }
        assert!(!label_findings("file a").is_empty() && !label_findings("start").is_empty());
        assert!(label_findings("Start the game").is_empty());
    }

    #[test]
    fn you_takes_the_second_person() {
        assert_eq!(second_person("You passes at 7."), "You pass at 7.");
        assert_eq!(second_person("You's turn; You wins $6."), "Your turn; You win $6.");
        assert_eq!(second_person("The bag is empty: You stops at 9."), "The bag is empty: You stop at 9.");
        assert_eq!(second_person("Bo tips You to face N; waiting for You"), "Bo tips you to face N; waiting for you");
        assert_eq!(
            second_person("You carries 5C to Bo. You has 2 VP; You is out."),
            "You carry 5C to Bo. You have 2 VP; You are out."
        );
        assert_eq!(second_person("You, Bo and Cy"), "You, Bo and Cy");
        assert_eq!(
            second_person("A1: You (Red) controls it; You (Red) is first."),
            "A1: You (Red) control it; You (Red) are first."
        );
        assert_eq!(second_person("Young Bo passes"), "Young Bo passes");
        assert_eq!(second_person("hand 5 + event card\n You [R] 2 VP"), "hand 5 + event card\n You [R] 2 VP");
    }

    #[test]
    fn seat_mentions_take_names() {
        let names = vec!["You".to_string(), "Calamity".to_string(), String::new()];
        assert_eq!(Seat(1).mention(), "Player 2");
        assert_eq!(name_seats("Tip Player 2 to face N", &names), "Tip Calamity to face N");
        assert_eq!(
            name_seats("Player 1's 5C; Player 3 waits; Player 12", &names),
            "Your 5C; Player 3 waits; Player 12"
        );
        assert_eq!(name_seats("XPlayer 2", &names), "XPlayer 2");
    }
}
