//! Martian 12s actions (§4.2, §4.8) and their text forms: `pull S`, `pull M`, `pull L`,
//! `pull any`, `pass`, `resign` (read in any case, with any spacing).

use std::fmt;
use std::str::FromStr;

use crate::game::ParseActionError;
use crate::parts::pyramids::Size;
use crate::parts::words::word_enum;

/// What a pull asks the bag for (R6): a size felt for, or a blind grab.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Grab {
    /// Feel for this size.
    Size(Size),
    /// Any pyramid, without feeling.
    Any,
}

impl Grab {
    /// Every grab, in the order of the turn list (§4.2).
    pub const ALL: [Self; 4] = [Self::Size(Size::Small), Self::Size(Size::Medium), Self::Size(Size::Large), Self::Any];

    /// Its word in an action's text: `S`, `M`, `L` or `any`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Size(Size::Small) => "S",
            Self::Size(Size::Medium) => "M",
            Self::Size(Size::Large) => "L",
            Self::Any => "any",
        }
    }
}

word_enum!(Grab, "a size to pull");

/// A Martian 12s decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Action {
    /// `Pull{size}`: pay the stake and draw a pyramid (§4.4).
    Pull(Grab),
    /// `Pass`: stop pulling this round; the score stands (§4.3).
    Pass,
    /// `Resign`: leave the match, at any time, out of turn too (§4.8, R26).
    Resign,
}

impl Action {
    /// Every turn action in the order the turn list shows them (§4.2).
    pub const TURN: [Self; 5] = [
        Self::Pull(Grab::ALL[0]),
        Self::Pull(Grab::ALL[1]),
        Self::Pull(Grab::ALL[2]),
        Self::Pull(Grab::ALL[3]),
        Self::Pass,
    ];
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Pull(grab) => write!(f, "pull {grab}"),
            Self::Pass => f.write_str("pass"),
            Self::Resign => f.write_str("resign"),
        }
    }
}

impl FromStr for Action {
    type Err = ParseActionError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || ParseActionError {
            text: s.to_string(),
            expected: "pull S, pull M, pull L, pull any, pass or resign".to_string(),
        };
        let mut words = s.split_whitespace();
        let action = match (words.next(), words.next(), words.next()) {
            (Some(word), None, None) if word.eq_ignore_ascii_case("pass") => Self::Pass,
            (Some(word), None, None) if word.eq_ignore_ascii_case("resign") => Self::Resign,
            (Some(word), Some(grab), None) if word.eq_ignore_ascii_case("pull") => {
                Self::Pull(grab.parse().map_err(|_| bad())?)
            }
            _ => return Err(bad()),
        };
        Ok(action)
    }
}
