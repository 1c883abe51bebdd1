//! Looney Pyramids: colour, size (pips) and facing.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::parts::grid::Direction;

/// A pyramid's size; its pips are 1, 2 or 3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Size {
    /// One pip.
    #[serde(rename = "S")]
    Small,
    /// Two pips.
    #[serde(rename = "M")]
    Medium,
    /// Three pips.
    #[serde(rename = "L")]
    Large,
}

impl Size {
    /// Smallest to largest.
    pub const ALL: [Self; 3] = [Self::Small, Self::Medium, Self::Large];

    /// 1, 2 or 3.
    #[must_use]
    pub const fn pips(self) -> u8 {
        self as u8 + 1
    }

    /// 0, 1 or 2, for arrays indexed by size.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `S`, `M` or `L`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Self::Small => 'S',
            Self::Medium => 'M',
            Self::Large => 'L',
        }
    }

    /// The size written as `S`, `M` or `L` (either case).
    #[must_use]
    pub fn from_letter(letter: &str) -> Option<Self> {
        match letter {
            "S" | "s" => Some(Self::Small),
            "M" | "m" => Some(Self::Medium),
            "L" | "l" => Some(Self::Large),
            _ => None,
        }
    }

    /// "small", "medium" or "large".
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Self::Small => "small",
            Self::Medium => "medium",
            Self::Large => "large",
        }
    }

    /// One size up, if any.
    #[must_use]
    pub const fn grown(self) -> Option<Self> {
        match self {
            Self::Small => Some(Self::Medium),
            Self::Medium => Some(Self::Large),
            Self::Large => None,
        }
    }

    /// One size down, if any.
    #[must_use]
    pub const fn shrunk(self) -> Option<Self> {
        match self {
            Self::Small => None,
            Self::Medium => Some(Self::Small),
            Self::Large => Some(Self::Medium),
        }
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// The colours Looney Pyramids come in (the Rainbow and Xeno sets).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[allow(missing_docs)]
pub enum Colour {
    Red,
    Orange,
    Yellow,
    Green,
    Blue,
    Black,
    White,
    Clear,
    Cyan,
    Purple,
}

impl Colour {
    /// The colour's name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Red => "Red",
            Self::Orange => "Orange",
            Self::Yellow => "Yellow",
            Self::Green => "Green",
            Self::Blue => "Blue",
            Self::Black => "Black",
            Self::White => "White",
            Self::Clear => "Clear",
            Self::Cyan => "Cyan",
            Self::Purple => "Purple",
        }
    }

    /// A letter that tells colours apart without seeing them.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Self::Red => 'R',
            Self::Orange => 'O',
            Self::Yellow => 'Y',
            Self::Green => 'G',
            Self::Blue => 'B',
            Self::Black => 'K',
            Self::White => 'W',
            Self::Clear => 'C',
            Self::Cyan => 'N',
            Self::Purple => 'P',
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Which way a pyramid points: standing upright, or lying along one of eight directions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Facing {
    /// Standing on its base.
    Upright,
    /// Lying down, tip pointing this way.
    Pointing(Direction),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_have_pips_and_grow_and_shrink_within_range() {
        assert_eq!(Size::ALL.map(Size::pips), [1, 2, 3]);
        assert_eq!(Size::Small.grown(), Some(Size::Medium));
        assert_eq!(Size::Large.grown(), None);
        assert_eq!(Size::Small.shrunk(), None);
        assert_eq!(Size::from_letter("m"), Some(Size::Medium));
        assert_eq!(Size::from_letter("X"), None);
    }
}
