//! A finished table's exported log: JSON that [`super::verify`] checks, and a readable text
//! form of the same. Built by replaying the stored action log from the seed, so every event
//! (every card drawn, every die rolled) is written beside the action that caused it.

use engines::{AnyGame, Audience, GameKind, Narration, Outcome, Seat};
use serde::{Deserialize, Serialize};

use crate::store::TableRow;
use crate::table::{LogEntry, Origin};

/// The format's name, written in every exported log.
pub const FORMAT: &str = "saloon-log-1";

/// A finished table's log as exported.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExportLog {
    /// Always [`FORMAT`].
    pub format: String,
    /// The table's number.
    pub table: i64,
    /// The game's id (`martian-12s`).
    pub game: String,
    /// The table options.
    pub options: serde_json::Value,
    /// The players' names, by seat.
    pub players: Vec<String>,
    /// The seed the game dealt from.
    pub seed: u64,
    /// The SHA-256 shown when the lobby opened (none for a seed chosen by whoever opened the
    /// table, or a table of an earlier release).
    pub commitment: Option<String>,
    /// The secret committed to, revealed at the end.
    pub secret: Option<String>,
    /// What was mixed into the secret at Start.
    pub cut: Option<String>,
    /// Whether private events are written too (not when the table was opened with reveal=no).
    pub private_events: bool,
    /// Every action in order, with what it caused.
    pub actions: Vec<LoggedAction>,
    /// How the game ended.
    pub result: Option<LoggedResult>,
}

/// One action of the log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LoggedAction {
    /// 1, 2, … in the order applied.
    pub n: usize,
    /// The seat (0 first).
    pub seat: u8,
    /// Who played it.
    pub player: String,
    /// The action's text form, which the replay reads.
    pub action: String,
    /// The same action in words, as its button said it ("Pull a pyramid"); for people only
    /// (logs of the first release have none).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub said: String,
    /// `player`, `computer` or `timeout`.
    pub by: String,
    /// What happened, in order.
    pub events: Vec<LoggedEvent>,
}

/// One event of an action.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LoggedEvent {
    /// Who was told it during the game (empty: everybody).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub told: Vec<String>,
    /// The sentence.
    pub text: String,
}

/// The end of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LoggedResult {
    /// Why it ended.
    pub reason: String,
    /// Best first.
    pub standings: Vec<LoggedStanding>,
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LoggedStanding {
    /// 1 = first.
    pub place: u8,
    /// Who.
    pub player: String,
    /// The game's headline number.
    pub score: i64,
    /// What it is made of.
    pub detail: String,
}

/// A game replayed from its seed, with the narration of each action.
#[derive(Clone, Debug)]
pub struct Replay {
    /// The game as set up, before any action.
    pub start: AnyGame,
    /// The game after the last action.
    pub end: AnyGame,
    /// Each action's narration, in the log's order.
    pub narration: Vec<Vec<Narration>>,
    /// Each action in words, as its button said it when it was played.
    pub said: Vec<String>,
}

/// Replays `log` from `seed`.
///
/// # Errors
/// The setup's refusal, or the number (from 1) of the first action refused, with why.
pub fn replay(
    kind: GameKind,
    options: &serde_json::Value,
    names: &[String],
    seed: u64,
    log: &[LogEntry],
) -> Result<Replay, (usize, String)> {
    let start = AnyGame::setup(kind, options, names.len(), seed).map_err(|e| (0, e.to_string()))?;
    let mut end = start.clone();
    let mut narration = Vec::with_capacity(log.len());
    let mut said = Vec::with_capacity(log.len());
    for (i, entry) in log.iter().enumerate() {
        said.push(end.label_action(&entry.action, names).unwrap_or_default());
        let applied = end.apply(Seat(entry.seat), &entry.action, names).map_err(|e| (i + 1, e.to_string()))?;
        narration.push(applied.narration);
    }
    Ok(Replay { start, end, narration, said })
}

/// The readers of an event by name (empty for everybody).
pub(crate) fn told(audience: Audience, names: &[String]) -> Vec<String> {
    match audience.readers() {
        None => Vec::new(),
        Some(seats) => seats.iter().map(|s| name(names, s.0)).collect(),
    }
}

fn name(names: &[String], seat: u8) -> String {
    names.get(usize::from(seat)).cloned().unwrap_or_else(|| format!("seat {}", seat + 1))
}

/// The events of one action as the log writes them: public ones always, private ones only when
/// `private` (the end of a table that reveals).
pub(crate) fn logged_events(narration: &[Narration], names: &[String], private: bool) -> Vec<LoggedEvent> {
    narration
        .iter()
        .filter(|n| private || n.audience == Audience::Public)
        .map(|n| LoggedEvent { told: told(n.audience, names), text: n.text.clone() })
        .collect()
}

/// The standings as the log writes them.
pub(crate) fn logged_result(outcome: &Outcome, names: &[String]) -> LoggedResult {
    let standings = outcome
        .standings
        .iter()
        .map(|s| LoggedStanding {
            place: s.place,
            player: name(names, s.seat.0),
            score: s.score,
            detail: s.detail.clone(),
        })
        .collect();
    LoggedResult { reason: outcome.reason.clone(), standings }
}

/// Builds the export of table `row` from its action log.
///
/// # Errors
/// When the stored game cannot be read or replayed, in words for the log.
pub fn export(row: &TableRow, log: &[LogEntry]) -> Result<ExportLog, String> {
    // The actions in effect: a move taken back by consent (which drew on no chance and showed
    // nothing hidden) is left out, so the exported log replays from the seed as it stands.
    let log: Vec<LogEntry> = crate::table::in_effect(log).into_iter().cloned().collect();
    let log = log.as_slice();
    let kind: GameKind = row.game.parse().map_err(|e| format!("{e}"))?;
    let options: serde_json::Value = serde_json::from_str(&row.options).map_err(|e| e.to_string())?;
    let names: Vec<String> = row.seats.iter().map(|s| s.name.clone()).collect();
    let replayed = replay(kind, &options, &names, row.seed, log)
        .map_err(|(n, why)| format!("action {n} does not replay: {why}"))?;
    let deal = row.deal.clone().unwrap_or(crate::store::Deal { reveal: true, ..Default::default() });
    let actions = log
        .iter()
        .zip(replayed.narration.iter().zip(&replayed.said))
        .enumerate()
        .map(|(i, (entry, (narration, said)))| LoggedAction {
            n: i + 1,
            seat: entry.seat,
            player: name(&names, entry.seat),
            action: entry.action.clone(),
            said: said.clone(),
            by: entry.origin.as_str().to_string(),
            events: logged_events(narration, &names, deal.reveal),
        })
        .collect();
    Ok(ExportLog {
        format: FORMAT.to_string(),
        table: row.id.0,
        game: kind.id().to_string(),
        options,
        players: names.clone(),
        seed: row.seed,
        commitment: deal.secret.as_deref().and_then(super::commitment),
        secret: deal.secret.clone(),
        cut: deal.cut.clone(),
        private_events: deal.reveal,
        actions,
        result: replayed.end.pending().outcome().map(|o| logged_result(o, &names)),
    })
}

/// The readable text form of an exported log.
#[must_use]
pub fn text(log: &ExportLog) -> String {
    let game = log.game.parse::<GameKind>().map(GameKind::name).unwrap_or("an unknown game");
    let mut out = format!("Saloon table #{} — {game}\nPlayers: {}\n", log.table, log.players.join(", "));
    out.push_str(&format!("Options: {}\nSeed: {}\n", log.options, log.seed));
    match (&log.commitment, &log.secret, &log.cut) {
        (Some(commitment), Some(secret), cut) => {
            out.push_str(&format!("Commitment shown when the lobby opened: {commitment}\n"));
            out.push_str(&format!("Secret revealed at the end: {secret}\n"));
            out.push_str(&format!("Mixed in at Start: {}\n", cut.as_deref().unwrap_or("nothing yet")));
        }
        _ => out.push_str("This table's seed was chosen when it was opened, so it has no sealed commitment.\n"),
    }
    out.push('\n');
    for action in &log.actions {
        let by = match Origin::parse(&action.by) {
            Origin::Player => "",
            Origin::Computer => " (computer)",
            Origin::Timeout => " (out of time)",
        };
        // In words where the log has them; a log of the first release has only the text form.
        let what = if action.said.is_empty() { &action.action } else { &action.said };
        out.push_str(&format!("{:>4}. {}{by}: {what}\n", action.n, action.player));
        for event in &action.events {
            if event.told.is_empty() {
                out.push_str(&format!("        {}\n", event.text));
            } else {
                out.push_str(&format!("        [told only to {}] {}\n", event.told.join(" and "), event.text));
            }
        }
    }
    if let Some(result) = &log.result {
        out.push_str(&format!("\nGame over: {}.\n", result.reason));
        for s in &result.standings {
            out.push_str(&format!("{}. {} — {}\n", s.place, s.player, s.detail));
        }
    }
    out
}
