//! Martian 12s actions (§4.2, §4.8) and their text forms: `pull S`, `pull M`, `pull L`,
//! `pull any`, `pass`, `resign`.

use std::fmt;
use std::str::FromStr;

use crate::game::ParseActionError;
use crate::parts::pyramids::Size;

/// What a pull asks the bag for (R6): a size felt for, or a blind grab.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Grab {
    /// Feel for this size.
    Size(Size),
    /// Any pyramid, without feeling.
    Any,
}

impl fmt::Display for Grab {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Size(size) => write!(f, "{size}"),
            Self::Any => f.write_str("any"),
        }
    }
}

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
        Self::Pull(Grab::Size(Size::Small)),
        Self::Pull(Grab::Size(Size::Medium)),
        Self::Pull(Grab::Size(Size::Large)),
        Self::Pull(Grab::Any),
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
        let words: Vec<String> = s.split_whitespace().map(str::to_ascii_lowercase).collect();
        match words.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
            ["pass"] => Ok(Self::Pass),
            ["resign"] => Ok(Self::Resign),
            ["pull", "any"] => Ok(Self::Pull(Grab::Any)),
            ["pull", size] => Size::from_letter(size).map(|s| Self::Pull(Grab::Size(s))).ok_or_else(bad),
            _ => Err(bad()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_forms_round_trip() {
        for action in Action::TURN.into_iter().chain([Action::Resign]) {
            assert_eq!(action.to_string().parse::<Action>(), Ok(action));
        }
        assert_eq!("  PULL   l ".parse::<Action>(), Ok(Action::Pull(Grab::Size(Size::Large))));
    }

    #[test]
    fn bad_text_says_what_is_understood() {
        let err = "pull X".parse::<Action>().expect_err("not an action");
        assert!(err.to_string().contains("pull S, pull M"), "{err}");
        assert!("".parse::<Action>().is_err());
        assert!("pass now".parse::<Action>().is_err());
    }
}
