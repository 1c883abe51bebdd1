//! How hard a computer player thinks: a budget of search iterations, with a time limit as a
//! safety net so that no decision keeps a table waiting.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use serde::{Deserialize, Serialize};

/// A computer player's strength.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    /// A short search: answers within 50 ms.
    Easy,
    /// The default.
    #[default]
    Normal,
    /// The longest search: answers within 2 s on one core.
    Hard,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Self; 3] = [Self::Easy, Self::Normal, Self::Hard];

    /// The stable name, as typed and stored.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Easy => "easy",
            Self::Normal => "normal",
            Self::Hard => "hard",
        }
    }

    /// What a person can expect of a computer at this level, in a few words for a menu
    /// (issue #26 item 5): the lobby's list and `/play`'s level choices show it after the name.
    #[must_use]
    pub const fn describe(self) -> &'static str {
        match self {
            Self::Easy => "plays quickly, makes mistakes",
            Self::Normal => "thinks a moment, plays sensibly",
            Self::Hard => "thinks up to two seconds, hard to beat",
        }
    }

    /// The search budget of this level.
    ///
    /// Iterations bind in most positions, so a decision is reproducible from its seed; the time
    /// limit only cuts a search short in the slowest positions of the slowest games.
    #[must_use]
    pub const fn budget(self) -> Budget {
        match self {
            Self::Easy => Budget { iterations: 50, time: Some(Duration::from_millis(45)) },
            Self::Normal => Budget { iterations: 400, time: Some(Duration::from_millis(500)) },
            Self::Hard => Budget { iterations: 4_000, time: Some(Duration::from_millis(1_900)) },
        }
    }
}

/// How long one search may run: whichever limit comes first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Iterations (determinize, select, expand, play out, back up).
    pub iterations: u32,
    /// Wall-clock limit; `None` for none (reproducible whatever the machine).
    pub time: Option<Duration>,
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The text was not a level.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown level {0:?}; the levels are easy, normal and hard")]
pub struct UnknownLevel(pub String);

impl FromStr for Level {
    type Err = UnknownLevel;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|level| level.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownLevel(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_says_what_to_expect_in_a_few_plain_words() {
        let words: Vec<&str> = Level::ALL.into_iter().map(Level::describe).collect();
        for (level, text) in Level::ALL.into_iter().zip(&words) {
            assert!(!text.is_empty() && text.len() <= 60, "{level}: {text:?} is not a few words");
            assert!(text.chars().all(|c| c.is_ascii_lowercase() || c == ' ' || c == ','), "{level}: {text:?}");
        }
        assert!(words[0] != words[1] && words[1] != words[2] && words[0] != words[2], "{words:?}");
    }

    #[test]
    fn levels_read_back_and_grow() {
        for level in Level::ALL {
            assert_eq!(level.to_string().parse::<Level>(), Ok(level));
        }
        assert_eq!(" HARD ".parse::<Level>(), Ok(Level::Hard));
        assert!("expert".parse::<Level>().is_err());
        let budgets = Level::ALL.map(|l| l.budget().iterations);
        assert!(budgets[0] < budgets[1] && budgets[1] < budgets[2], "{budgets:?}");
        assert!(Level::Hard.budget().time <= Some(Duration::from_secs(2)));
        assert!(Level::Easy.budget().time <= Some(Duration::from_millis(50)));
    }
}
