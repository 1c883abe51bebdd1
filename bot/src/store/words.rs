//! Stored words for how computer seats play: their strength, and what a table does when a
//! player runs out of time.

use std::fmt;
use std::str::FromStr;

use engines::Level;

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
