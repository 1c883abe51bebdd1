//! Checking an exported log: the secret against the commitment, the seed against the secret
//! and the cut, then every action replayed from that seed, every event it caused compared with
//! the log's, and the final standings.

use engines::{GameKind, Seat};

use super::log::{ExportLog, FORMAT, LoggedEvent, logged_events, logged_result, replay};
use crate::table::{LogEntry, Origin, quoted};

/// What a log that checks out proved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verified {
    /// The game.
    pub game: GameKind,
    /// Actions replayed.
    pub actions: usize,
    /// Events (cards drawn, dice rolled, …) that came out the same.
    pub events: usize,
    /// Whether the deal was sealed by a commitment (else the seed was chosen when the table
    /// was opened, or the table is older than commitments).
    pub sealed: bool,
    /// The winner's line, e.g. "1. Ann — 41 credits".
    pub winner: String,
}

impl Verified {
    /// The verdict in sentences.
    #[must_use]
    pub fn sentence(&self) -> String {
        let deal = if self.sealed {
            "The secret matches the commitment shown when the lobby opened, and mixed with what Start added it gives the seed."
        } else {
            "This table had no commitment (its seed was chosen when it was opened, or it is older than commitments), so only the replay is checked."
        };
        format!(
            "✅ This {} log checks out. {deal} All {} actions replay from that seed with the same {} events, and the same standings ({}).",
            self.game.name(),
            self.actions,
            self.events,
            self.winner
        )
    }
}

/// Why a log does not check out, in words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VerifyError {
    /// Not JSON of the log's shape.
    #[error(
        "This is not a Saloon log ({0}). Export one with /export on Discord or `saloon export TABLE` in the terminal."
    )]
    NotALog(String),
    /// The secret's hash is not the commitment.
    #[error(
        "❌ The revealed secret does not match the commitment: its SHA-256 is {found}, but the lobby showed {shown}."
    )]
    Commitment {
        /// The SHA-256 of the secret in the log.
        found: String,
        /// The commitment in the log.
        shown: String,
    },
    /// The seed is not the one the secret and the cut give.
    #[error("❌ The seed {stated} is not the one the secret and the cut give ({derived}).")]
    Seed {
        /// In the log.
        stated: u64,
        /// From the secret and the cut.
        derived: u64,
    },
    /// The game refuses its setup.
    #[error("❌ The game cannot be set up as the log says: {0}.")]
    Setup(String),
    /// An action the rules refuse on replay.
    #[error("❌ Action {n} ({player}: {action}) is refused on replay: {why}. The log was changed at or before it.")]
    Refused {
        /// Its number.
        n: usize,
        /// Who played it.
        player: String,
        /// Its text.
        action: String,
        /// The rules' reason.
        why: String,
    },
    /// An action whose events differ.
    #[error(
        "❌ Action {n} ({player}: {action}) differs: replayed from the seed it gives \"{replayed}\", but the log says \"{logged}\"."
    )]
    Differs {
        /// Its number.
        n: usize,
        /// Who played it.
        player: String,
        /// Its text.
        action: String,
        /// The event replaying gives.
        replayed: String,
        /// The event the log has.
        logged: String,
    },
    /// The game is not over after the last action, or ends otherwise.
    #[error("❌ The standings differ: replaying gives {replayed}, but the log says {logged}.")]
    Standings {
        /// From the replay.
        replayed: String,
        /// In the log.
        logged: String,
    },
}

/// Checks an exported log given as JSON text.
///
/// # Errors
/// [`VerifyError`]: the first thing that does not check out.
pub fn verify_json(text: &str) -> Result<Verified, VerifyError> {
    let log: ExportLog = serde_json::from_str(text).map_err(|e| VerifyError::NotALog(quoted(&e.to_string())))?;
    verify(&log)
}

/// Checks an exported log.
///
/// # Errors
/// [`VerifyError`]: the first thing that does not check out.
pub fn verify(log: &ExportLog) -> Result<Verified, VerifyError> {
    if log.format != FORMAT {
        return Err(VerifyError::NotALog(format!("its format is {}, not {FORMAT}", quoted(&log.format))));
    }
    let game: GameKind = log.game.parse().map_err(|e| VerifyError::NotALog(quoted(&format!("{e}"))))?;
    let sealed = check_seal(log)?;
    let entries: Vec<LogEntry> = log
        .actions
        .iter()
        .map(|a| LogEntry { seat: a.seat, action: a.action.clone(), origin: Origin::parse(&a.by), undoes: 0 })
        .collect();
    let replayed = match replay(game, &log.options, &log.players, log.seed, &entries) {
        Ok(replayed) => replayed,
        Err((0, why)) => return Err(VerifyError::Setup(why)),
        Err((n, why)) => {
            let action = &log.actions[n - 1];
            return Err(VerifyError::Refused { n, player: action.player.clone(), action: quoted(&action.action), why });
        }
    };
    let mut events = 0;
    for (action, narration) in log.actions.iter().zip(&replayed.narration) {
        let expected = logged_events(narration, &log.players, log.private_events);
        if let Some((replayed, logged)) = first_difference(&expected, &action.events) {
            let (n, player) = (action.n, seat_name(log, action.seat));
            return Err(VerifyError::Differs { n, player, action: quoted(&action.action), replayed, logged });
        }
        events += expected.len();
    }
    let outcome = replayed.end.pending().outcome().map(|o| logged_result(o, &log.players));
    if outcome != log.result {
        let say = |r: &Option<super::log::LoggedResult>| match r {
            None => "a game still going".to_string(),
            Some(r) => r
                .standings
                .iter()
                .map(|s| format!("{}. {} {}", s.place, s.player, s.score))
                .collect::<Vec<_>>()
                .join(", "),
        };
        return Err(VerifyError::Standings { replayed: say(&outcome), logged: say(&log.result) });
    }
    let winner = outcome
        .and_then(|r| r.standings.first().map(|s| format!("{}. {} — {}", s.place, s.player, s.detail)))
        .unwrap_or_default();
    Ok(Verified { game, actions: log.actions.len(), events, sealed, winner })
}

/// Checks the secret against the commitment and the seed against both; whether there was a
/// commitment at all.
fn check_seal(log: &ExportLog) -> Result<bool, VerifyError> {
    let (Some(shown), Some(secret)) = (&log.commitment, &log.secret) else { return Ok(false) };
    let found = super::commitment(secret).unwrap_or_else(|| "not a hex number".to_string());
    if !found.eq_ignore_ascii_case(shown.trim()) {
        return Err(VerifyError::Commitment { found, shown: quoted(shown) });
    }
    let derived = super::seed(secret, log.cut.as_deref().unwrap_or_default()).unwrap_or_default();
    if derived != log.seed {
        return Err(VerifyError::Seed { stated: log.seed, derived });
    }
    Ok(true)
}

fn seat_name(log: &ExportLog, seat: u8) -> String {
    log.players.get(usize::from(seat)).cloned().unwrap_or_else(|| Seat(seat).to_string())
}

/// The first event that differs between the replay and the log, as (replayed, logged).
fn first_difference(replayed: &[LoggedEvent], logged: &[LoggedEvent]) -> Option<(String, String)> {
    let say = |e: Option<&LoggedEvent>| e.map_or_else(|| "nothing more".to_string(), |e| clip(&e.text));
    (0..replayed.len().max(logged.len()))
        .find(|&i| replayed.get(i) != logged.get(i))
        .map(|i| (say(replayed.get(i)), say(logged.get(i))))
}

/// An event's text as a verdict quotes it: whole up to 200 characters (a changed card must show).
fn clip(text: &str) -> String {
    if text.chars().count() <= 200 {
        return text.to_string();
    }
    let mut cut: String = text.chars().take(199).collect();
    cut.push('…');
    cut
}
