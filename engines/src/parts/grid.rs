//! Square grids: chess-style coordinates (`a1` … `h8`) and the eight directions.

use super::words::UnknownWord;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// One of the eight compass directions; `N` is towards higher ranks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[allow(missing_docs)]
pub enum Direction {
    N,
    NE,
    E,
    SE,
    S,
    SW,
    W,
    NW,
}

impl Direction {
    /// Clockwise from north.
    pub const ALL: [Self; 8] = [Self::N, Self::NE, Self::E, Self::SE, Self::S, Self::SW, Self::W, Self::NW];

    /// The step `(dx, dy)` one square this way.
    #[must_use]
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Self::N => (0, 1),
            Self::NE => (1, 1),
            Self::E => (1, 0),
            Self::SE => (1, -1),
            Self::S => (0, -1),
            Self::SW => (-1, -1),
            Self::W => (-1, 0),
            Self::NW => (-1, 1),
        }
    }

    /// The opposite direction.
    #[must_use]
    pub const fn opposite(self) -> Self {
        Self::ALL[(self as usize + 4) % 8]
    }

    /// The direction's short name (`N`, `NE`, …).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::N => "N",
            Self::NE => "NE",
            Self::E => "E",
            Self::SE => "SE",
            Self::S => "S",
            Self::SW => "SW",
            Self::W => "W",
            Self::NW => "NW",
        }
    }
}

super::words::word_enum!(Direction, "a direction");

/// A square on a board of up to 26 files and 255 ranks; `x` = file (0 = `a`), `y` = rank (0 = `1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Square {
    /// File, 0-based (`a` = 0).
    pub x: u8,
    /// Rank, 0-based (`1` = 0).
    pub y: u8,
}

impl Square {
    /// The square at file `x`, rank `y` (both 0-based).
    #[must_use]
    pub const fn new(x: u8, y: u8) -> Self {
        Self { x, y }
    }

    /// The neighbour one step in `dir` on a `width` × `height` board, if it is on the board.
    #[must_use]
    pub fn step(self, dir: Direction, width: u8, height: u8) -> Option<Self> {
        let (dx, dy) = dir.delta();
        let x = self.x.checked_add_signed(dx)?;
        let y = self.y.checked_add_signed(dy)?;
        (x < width && y < height).then_some(Self { x, y })
    }

    /// The squares around this one on a `width` × `height` board, in [`Direction::ALL`] order.
    pub fn neighbours(self, width: u8, height: u8) -> impl Iterator<Item = Self> {
        Direction::ALL.into_iter().filter_map(move |d| self.step(d, width, height))
    }

    /// Whether `other` is one of the eight neighbours.
    #[must_use]
    pub fn is_adjacent(self, other: Self) -> bool {
        self != other && self.x.abs_diff(other.x) <= 1 && self.y.abs_diff(other.y) <= 1
    }

    /// Index in reading order from `a1`: `a1, b1, …, h1, a2, …` on a board `width` wide.
    #[must_use]
    pub const fn index(self, width: u8) -> usize {
        self.y as usize * width as usize + self.x as usize
    }

    /// Every square of a `width` × `height` board in the order of [`Square::index`].
    pub fn all(width: u8, height: u8) -> impl Iterator<Item = Self> {
        (0..height).flat_map(move |y| (0..width).map(move |x| Self { x, y }))
    }

    /// The file letter.
    #[must_use]
    pub const fn file(self) -> char {
        (b'a' + self.x) as char
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file(), u16::from(self.y) + 1)
    }
}

impl FromStr for Square {
    type Err = UnknownWord;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || UnknownWord::not(s, "a square like a1 or h8");
        let mut chars = s.chars();
        let file = chars.next().ok_or_else(bad)?.to_ascii_lowercase();
        if !file.is_ascii_lowercase() {
            return Err(bad());
        }
        let rank: u16 = chars.as_str().parse().map_err(|_| bad())?;
        if rank == 0 || rank > 255 {
            return Err(bad());
        }
        Ok(Self { x: file as u8 - b'a', y: (rank - 1) as u8 })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_read_and_write_in_chess_style() {
        let sq: Square = "c5".parse().expect("square");
        assert_eq!(sq, Square::new(2, 4));
        assert_eq!(sq.to_string(), "c5");
        assert!("z0".parse::<Square>().is_err());
        assert!("".parse::<Square>().is_err());
        assert!("a".parse::<Square>().is_err());
    }

    #[test]
    fn steps_stay_on_the_board() {
        let a1 = Square::new(0, 0);
        assert_eq!(a1.step(Direction::NE, 8, 8), Some(Square::new(1, 1)));
        assert_eq!(a1.step(Direction::S, 8, 8), None);
        assert_eq!(a1.neighbours(8, 8).count(), 3);
        assert_eq!(Square::new(3, 3).neighbours(8, 8).count(), 8);
        assert!(a1.is_adjacent(Square::new(1, 1)));
        assert!(!a1.is_adjacent(a1));
        assert_eq!(Direction::NE.opposite(), Direction::SW);
        assert_eq!(Square::all(8, 8).nth(8), Some(Square::new(0, 1)));
    }
}
