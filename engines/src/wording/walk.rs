//! The structural test's walk: a whole seeded random game, collecting everything a player can
//! read from the engine at every step, checked with [`findings`] and [`label_findings`].
//!
//! A front end adds what it prints itself (a text board, a menu line) through the `extra`
//! hook, so one walk checks the engine and a front end together.

use std::collections::HashSet;

use super::{Finding, findings, label_findings};
use crate::any::{ActionError, AnyGame, GameKind};
use crate::game::{Pending, Seat};
use crate::rng::GameRng;

/// One slip found in a walk: where, the whole text, and what is wrong.
#[derive(Clone, Debug)]
pub struct Slip {
    /// Where the text was read ("Raja, 3 players, seed 1, step 40: label of Player 2").
    pub place: String,
    /// The text.
    pub text: String,
    /// What is wrong in it.
    pub finding: Finding,
}

impl std::fmt::Display for Slip {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {} in {:?}", self.place, self.finding, self.text)
    }
}

/// What a walk collects: each text is checked as it comes, and each kind of slip is kept once
/// (the first place it was seen), so a report stays short.
#[derive(Debug, Default)]
pub struct Reader {
    place: String,
    seen: HashSet<(String, &'static str)>,
    /// The slips found so far.
    pub slips: Vec<Slip>,
    /// How many texts were read.
    pub texts: usize,
    plant: Option<String>,
    plant_explanation: Option<String>,
    /// How many options' explanations were read.
    pub explanations: usize,
    /// Every distinct text read, with what it was, when recording ([`Reader::recording`]).
    pub record: Option<std::collections::BTreeSet<(String, String)>>,
}

impl Reader {
    /// A reader whose first label read is replaced by `label`: the check must then fail.
    #[must_use]
    pub fn planted(label: &str) -> Self {
        Self { plant: Some(label.to_string()), ..Self::default() }
    }

    /// A reader whose first explanation read is replaced by `explanation` (an empty one, a
    /// slip): the check must then fail.
    #[must_use]
    pub fn planted_explanation(explanation: &str) -> Self {
        Self { plant_explanation: Some(explanation.to_string()), ..Self::default() }
    }

    /// Reads the explanation of the option labelled `label`: there must be one, in words.
    pub fn explanation(&mut self, what: &str, label: &str, explanation: &str) {
        self.explanations += 1;
        let text = self.plant_explanation.take().unwrap_or_else(|| explanation.to_string());
        let mut found = findings(&text);
        if text.trim().is_empty() {
            found.push(Finding { token: label.to_string(), why: "an option with no explanation" });
        }
        self.check(what, &text, found);
    }

    /// Reads a sentence (narration, a board, a refusal, a summary).
    pub fn sentence(&mut self, what: &str, text: &str) {
        self.check(what, text, findings(text));
    }

    /// Reads a label (a button or a menu entry).
    pub fn label(&mut self, what: &str, text: &str) {
        if let Some(planted) = self.plant.take() {
            let found = label_findings(&planted);
            return self.check(what, &planted, found);
        }
        self.check(what, text, label_findings(text));
    }

    /// A reader that also keeps every distinct text it reads, for a person to review.
    #[must_use]
    pub fn recording() -> Self {
        Self { record: Some(std::collections::BTreeSet::new()), ..Self::default() }
    }

    fn check(&mut self, what: &str, text: &str, found: Vec<Finding>) {
        self.texts += 1;
        if let Some(record) = &mut self.record {
            let kind = what.split(" of ").next().unwrap_or(what);
            record.insert((kind.to_string(), text.to_string()));
        }
        for finding in found {
            if self.seen.insert((finding.token.clone(), finding.why)) {
                let place = format!("{}: {what}", self.place);
                self.slips.push(Slip { place, text: text.to_string(), finding });
            }
        }
    }
}

/// The names a walk gives the seats: the first is "You", as the terminal calls its player.
#[must_use]
pub fn names(players: usize) -> Vec<String> {
    const NAMES: [&str; 9] = ["You", "Bo", "Calamity", "Doc", "Ed", "Flo", "Gus", "Hal", "Ike"];
    (0..players).map(|i| NAMES.get(i).map_or_else(|| format!("Guest {i}"), |s| (*s).to_string())).collect()
}

/// Plays a seeded random game of `kind` for `players` to its end, reading at every step every
/// label of the options offered to each seat that may act, with each option's explanation (the whole list when short, every
/// step towards the move made), every narration line for every audience, refusals of moves
/// that are not allowed, and at the end the outcome; `extra` reads what a front end adds (its
/// boards) at every step. The summary is read once.
///
/// # Panics
/// When the game cannot be set up or refuses a move of its own legal list (the conformance
/// harness's failures, not this check's).
pub fn walk(
    kind: GameKind,
    players: usize,
    seed: u64,
    reader: &mut Reader,
    mut extra: impl FnMut(&AnyGame, &mut Reader),
) {
    let names = names(players);
    let mut game = AnyGame::setup(kind, &serde_json::Value::Null, players, seed).expect("default options set up");
    let mut rng = GameRng::from_seed(seed ^ 0x00c0_ffee);
    let mut pool: Vec<String> = Vec::new();
    reader.place = format!("{kind}, summary");
    reader.sentence("summary", kind.summary());
    for step in 0.. {
        reader.place = format!("{kind}, {players} players, seed {seed}, step {step}");
        extra(&game, reader);
        let (must, may) = match game.pending() {
            Pending::Finished(outcome) => {
                reader.sentence("outcome", &outcome.reason);
                for standing in &outcome.standings {
                    reader.sentence("standing", &standing.detail);
                }
                return;
            }
            Pending::Deciding { must, may } => (must, may),
        };
        for seat in must.union(may).iter() {
            read_options(&game, seat, &names, reader);
            if step % 7 == 0 {
                read_refusals(&game, seat, &pool, &names, reader, &mut rng);
            }
        }
        let actors: Vec<Seat> = must.iter().chain(may.iter().filter(|_| rng.below(4) == 0)).collect();
        let seat = actors[rng.index(actors.len())];
        let action = game.random_action(seat, &mut rng).expect("a seat that may act has a move");
        read_path(&game, seat, &action, &names, reader);
        if pool.len() < 200 && !pool.contains(&action) {
            pool.push(action.clone());
        }
        let applied = game.apply(seat, &action, &names).unwrap_or_else(|e| panic!("{kind}: {action} refused: {e}"));
        for line in &applied.narration {
            reader.sentence("narration", &line.text);
        }
    }
}

/// The labels of `seat`'s first step and, when short, of its whole legal list.
fn read_options(game: &AnyGame, seat: Seat, names: &[String], reader: &mut Reader) {
    let what = format!("option of {}", names[seat.index()]);
    for option in game.explanations(seat, "", names) {
        reader.label(&what, &option.label);
        reader.explanation(&format!("explanation of {what}"), &option.label, &option.explanation);
    }
    let legal = game.legal_actions(seat, names);
    if legal.len() <= 40 {
        for action in legal {
            reader.label(&what, &action.label);
        }
    }
}

/// Every step of entering `action`, as a menu shows it.
fn read_path(game: &AnyGame, seat: Seat, action: &str, names: &[String], reader: &mut Reader) {
    let what = format!("step towards a move of {}", names[seat.index()]);
    let mut prefix = String::new();
    for _ in 0..64 {
        let choices = game.choices(seat, &prefix, names);
        for (choice, option) in choices.options.iter().zip(game.explanations(seat, &prefix, names)) {
            reader.label(&what, &choice.label);
            reader.explanation(&format!("explanation of {what}"), &option.label, &option.explanation);
        }
        if prefix.eq_ignore_ascii_case(action) {
            return;
        }
        let next = choices.options.iter().find(|c| {
            action.len() >= prefix.len() + c.token.len()
                && action[prefix.len()..].to_ascii_lowercase().starts_with(&c.token.to_ascii_lowercase())
        });
        match next {
            Some(choice) => prefix.push_str(&choice.token),
            None => return,
        }
    }
}

/// The refusals of a few moves seen earlier that `seat` may not make now.
fn read_refusals(
    game: &AnyGame,
    seat: Seat,
    pool: &[String],
    names: &[String],
    reader: &mut Reader,
    rng: &mut GameRng,
) {
    let legal: Vec<String> = game.legal_actions(seat, names).into_iter().map(|a| a.text).collect();
    for _ in 0..pool.len().min(3) {
        let candidate = &pool[rng.index(pool.len())];
        if legal.contains(candidate) {
            continue;
        }
        let mut copy = game.clone();
        if let Err(ActionError::Rule(error)) = copy.apply(seat, candidate, names) {
            reader.sentence("refusal", &error.message);
        }
    }
}
