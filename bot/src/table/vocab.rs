//! The bot's vocabulary: the words every layer and front end shares (a table's and a
//! player's ids, a table's status, who chose a logged action, a seat, computer strengths and
//! what a table does at a timeout), owned by the table layer. Front ends import these from
//! [`crate::table`]; the store reads and writes them.

use std::fmt;
use std::str::FromStr;

use engines::Level;
use serde::{Deserialize, Serialize};

/// A stored word that names nothing this release knows (a row written by a newer release,
/// or damaged).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown {what} {word:?}")]
pub struct UnknownWord {
    /// What the word should have named.
    pub what: &'static str,
    /// The word.
    pub word: String,
}

/// A table's id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct TableId(pub i64);

impl fmt::Display for TableId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A player's identity: a Discord user id, or a local id in the terminal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct UserId(pub u64);

impl UserId {
    /// SQLite stores integers as i64; Discord ids fit in 63 bits, so the bits carry over.
    #[must_use]
    pub const fn to_db(self) -> i64 {
        self.0 as i64
    }

    /// The inverse of [`UserId::to_db`].
    #[must_use]
    pub const fn from_db(value: i64) -> Self {
        Self(value as u64)
    }
}

/// Where a table is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Taking seats.
    Lobby,
    /// Being played.
    Running,
    /// Over, with a result.
    Finished,
    /// Stopped before the end (cancelled lobby or abandoned game).
    Abandoned,
}

impl Status {
    /// The stored text.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Lobby => "lobby",
            Self::Running => "running",
            Self::Finished => "finished",
            Self::Abandoned => "abandoned",
        }
    }

    /// The status a stored word names.
    ///
    /// # Errors
    /// [`UnknownWord`] for any other text.
    pub fn parse(text: &str) -> Result<Self, UnknownWord> {
        match text {
            "lobby" => Ok(Self::Lobby),
            "running" => Ok(Self::Running),
            "finished" => Ok(Self::Finished),
            "abandoned" => Ok(Self::Abandoned),
            other => Err(UnknownWord { what: "status", word: other.to_string() }),
        }
    }
}

/// Who chose a logged action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// The seated player.
    Player,
    /// A computer player.
    Computer,
    /// The table, when the player ran out of time.
    Timeout,
}

impl Origin {
    /// The stored text.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Player => "player",
            Self::Computer => "computer",
            Self::Timeout => "timeout",
        }
    }

    /// The origin a stored word names (an unknown word reads as a player's).
    #[must_use]
    pub fn parse(text: &str) -> Self {
        match text {
            "computer" => Self::Computer,
            "timeout" => Self::Timeout,
            _ => Self::Player,
        }
    }
}

/// A seat as stored: a human's user id, or none for a computer player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRow {
    /// 0-based seat.
    pub seat: u8,
    /// The human in it, if any.
    pub user: Option<UserId>,
    /// The name shown at the table.
    pub name: String,
    /// How the computer playing this seat chooses (a computer seat, or a human's seat while
    /// they are away); `None`: the running release's default.
    pub level: Option<Skill>,
    /// The human is away and a computer plays their seat until they come back.
    pub away: bool,
}

impl SeatRow {
    /// A human's seat.
    #[must_use]
    pub const fn human(user: UserId, name: String) -> Self {
        Self { seat: 0, user: Some(user), name, level: None, away: false }
    }

    /// A computer's seat.
    #[must_use]
    pub const fn computer(name: String, level: Option<Skill>) -> Self {
        Self { seat: 0, user: None, name, level, away: false }
    }

    /// Whether a computer chooses this seat's moves now.
    #[must_use]
    pub const fn computer_plays(&self) -> bool {
        self.user.is_none() || self.away
    }
}

/// One logged action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogEntry {
    /// The seat that acted.
    pub seat: u8,
    /// The action's text form.
    pub action: String,
    /// Who chose it.
    pub origin: Origin,
    /// 0 for an action; on an entry that takes moves back (undo by consent), how many of the
    /// actions still in effect before it it takes back. See [`in_effect`].
    pub undoes: u16,
}

/// The actions of `log` still in effect, in order: each entry that takes moves back drops the
/// last `undoes` actions in effect before it. What a replay applies.
#[must_use]
pub fn in_effect(log: &[LogEntry]) -> Vec<&LogEntry> {
    let mut kept: Vec<&LogEntry> = Vec::with_capacity(log.len());
    for entry in log {
        if entry.undoes == 0 {
            kept.push(entry);
        } else {
            kept.truncate(kept.len().saturating_sub(usize::from(entry.undoes)));
        }
    }
    kept
}

/// Seconds since the Unix epoch.
#[must_use]
pub fn now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
}

/// How a computer seat chooses its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Skill {
    /// Uniformly random legal moves (instant; the baseline the levels are measured against).
    Random,
    /// Information-set search at a level.
    Search(Level),
}

impl Skill {
    /// Every strength, in the order menus offer them (the default first).
    pub const ALL: [Self; 4] =
        [Self::Search(Level::Normal), Self::Search(Level::Easy), Self::Search(Level::Hard), Self::Random];

    /// The stable word, as typed and stored.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Random => "random",
            Self::Search(level) => level.name(),
        }
    }

    /// Whether choosing a move takes thought (a search), so it is worth running off the
    /// async runtime.
    #[must_use]
    pub const fn searches(self) -> bool {
        matches!(self, Self::Search(_))
    }
}

impl Default for Skill {
    fn default() -> Self {
        Self::Search(Level::Normal)
    }
}

impl fmt::Display for Skill {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The text was not a strength.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown level {0:?}; the levels are easy, normal, hard and random")]
pub struct UnknownSkill(pub String);

impl FromStr for Skill {
    type Err = UnknownSkill;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|s| s.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| UnknownSkill(text.into()))
    }
}

/// What a table does when the player it waits for runs out of time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum OnTimeout {
    /// The game's safe default for the late player's whole turn (they keep their seat).
    #[default]
    SafeDefault,
    /// A computer takes the seat until the player comes back (`/rejoin`).
    Computer,
}

impl OnTimeout {
    /// Both policies, the default first.
    pub const ALL: [Self; 2] = [Self::SafeDefault, Self::Computer];

    /// The stable word, as typed and stored.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::SafeDefault => "default",
            Self::Computer => "computer",
        }
    }
}

impl fmt::Display for OnTimeout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The text was not a timeout policy.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown timeout policy {0:?}; it is default (the game's safe move) or computer (a computer takes the seat)")]
pub struct UnknownOnTimeout(pub String);

impl FromStr for OnTimeout {
    type Err = UnknownOnTimeout;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| UnknownOnTimeout(text.into()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_round_trip_and_a_bad_word_names_the_choices() {
        for skill in Skill::ALL {
            assert_eq!(skill.name().parse::<Skill>(), Ok(skill));
        }
        assert_eq!(" HARD ".parse::<Skill>(), Ok(Skill::Search(Level::Hard)));
        let error = "brutal".parse::<Skill>().expect_err("not a level").to_string();
        assert!(error.contains("easy, normal, hard and random"), "{error}");
        for policy in OnTimeout::ALL {
            assert_eq!(policy.name().parse::<OnTimeout>(), Ok(policy));
        }
        assert!("skip".parse::<OnTimeout>().expect_err("not a policy").to_string().contains("computer"));
    }
}
