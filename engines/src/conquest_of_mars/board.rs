//! The grid (§2.1), orientations and pyramid ids (§2.3).
//!
//! Cells are written as the specification writes them, column letter then row number
//! (`C3`); A1 is the top-left. The corners and the centre are holes (R6): a [`Cell`] can
//! name them, but they hold no card and cannot be entered or pointed at.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::parts::pyramids::{Colour, Size};
use crate::parts::words::{UnknownWord, word_enum};

/// Columns and rows of the grid.
pub const SIDE: u8 = 7;
/// Card cells on the grid: 49 less the four corners and the centre (R6).
pub const CARD_CELLS: usize = 44;

/// A cell of the 7×7 grid, hole or card cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell {
    /// Row, 0-based (row 1 = 0): the first field, so cells sort in reading order.
    row: u8,
    /// Column, 0-based (A = 0).
    col: u8,
}

impl Cell {
    /// The cell at column `col`, row `row` (both 0-based), if on the grid.
    #[must_use]
    pub const fn new(col: u8, row: u8) -> Option<Self> {
        if col < SIDE && row < SIDE { Some(Self { row, col }) } else { None }
    }

    /// Column, 0-based (A = 0).
    #[must_use]
    pub const fn col(self) -> u8 {
        self.col
    }

    /// Row, 0-based (row 1 = 0).
    #[must_use]
    pub const fn row(self) -> u8 {
        self.row
    }

    /// A corner or the centre: no card, not a space (R6).
    #[must_use]
    pub const fn is_hole(self) -> bool {
        let corner = (self.col == 0 || self.col == SIDE - 1) && (self.row == 0 || self.row == SIDE - 1);
        corner || (self.col == 3 && self.row == 3)
    }

    /// The position among the 44 card cells in reading order, or `None` for a hole.
    #[must_use]
    pub const fn index(self) -> Option<usize> {
        if self.is_hole() {
            return None;
        }
        let raw = (self.row * SIDE + self.col) as usize;
        // Holes before it in reading order: A1 (0), G1 (6), D4 (24), A7 (42).
        let before = 1 + (raw > 6) as usize + (raw > 24) as usize + (raw > 42) as usize;
        Some(raw - before)
    }

    /// The card cell at reading-order position `index` (0..44).
    #[must_use]
    pub fn from_index(index: usize) -> Option<Self> {
        Self::all().nth(index)
    }

    /// The 44 card cells in reading order (§2.1).
    pub fn all() -> impl Iterator<Item = Self> {
        (0..SIDE).flat_map(|row| (0..SIDE).map(move |col| Self { row, col })).filter(|c| !c.is_hole())
    }

    /// The card cell one step in `dir`, if that neighbour exists and is not a hole: a
    /// *valid* direction (§2.1).
    #[must_use]
    pub fn step(self, dir: Orient) -> Option<Self> {
        let (dc, dr) = dir.delta()?;
        let cell = Self::new(self.col.checked_add_signed(dc)?, self.row.checked_add_signed(dr)?)?;
        (!cell.is_hole()).then_some(cell)
    }

    /// The column letter, `A`…`G`.
    #[must_use]
    pub const fn letter(self) -> char {
        (b'A' + self.col) as char
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.letter(), self.row + 1)
    }
}

impl FromStr for Cell {
    type Err = UnknownWord;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || UnknownWord::not(s, "a cell like C3 (columns A-G, rows 1-7)");
        let text = s.trim().as_bytes();
        let [letter, digit] = text else { return Err(bad()) };
        let col = letter.to_ascii_uppercase().wrapping_sub(b'A');
        let row = digit.wrapping_sub(b'1');
        Self::new(col, row).ok_or_else(bad)
    }
}

impl Serialize for Cell {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Cell {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        String::deserialize(deserializer)?.parse().map_err(serde::de::Error::custom)
    }
}

/// How a pyramid sits: upright, or flat pointing at the neighbour in a direction (§2.3).
/// `N` is towards row 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[allow(missing_docs)]
pub enum Orient {
    Up,
    N,
    E,
    S,
    W,
}

impl Orient {
    /// Upright first, then the directions clockwise from north (the canonical order).
    pub const ALL: [Self; 5] = [Self::Up, Self::N, Self::E, Self::S, Self::W];

    /// The word: `Up`, `N`, `E`, `S`, `W`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Up => "Up",
            Self::N => "N",
            Self::E => "E",
            Self::S => "S",
            Self::W => "W",
        }
    }

    /// The step `(columns, rows)` of a direction; `None` for upright.
    #[must_use]
    pub const fn delta(self) -> Option<(i8, i8)> {
        match self {
            Self::Up => None,
            Self::N => Some((0, -1)),
            Self::E => Some((1, 0)),
            Self::S => Some((0, 1)),
            Self::W => Some((-1, 0)),
        }
    }

    /// Lying flat (pointing somewhere).
    #[must_use]
    pub const fn is_flat(self) -> bool {
        !matches!(self, Self::Up)
    }

    /// In words, for labels: "upright", "north"…
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Self::Up => "upright",
            Self::N => "north",
            Self::E => "east",
            Self::S => "south",
            Self::W => "west",
        }
    }
}

word_enum!(Orient, "an orientation");

/// The five colours of the game (§2.3), by their letters R, Y, G, B, K.
pub const COLOURS: [Colour; 5] = [Colour::Red, Colour::Yellow, Colour::Green, Colour::Blue, Colour::Black];

/// Pyramids per player: three of each size (R5).
pub const PYRAMIDS: usize = 9;

/// A pyramid: `<colour letter><size><n>`, e.g. `RS1`, `YL3` (§2.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PyramidId {
    /// Its owner's colour.
    pub colour: Colour,
    /// Small, medium or large.
    pub size: Size,
    /// 1..=3 within its size.
    pub n: u8,
}

impl PyramidId {
    /// The pyramid at `slot` (0..9: size-major, S1 S2 S3 M1 … L3) of `colour`.
    #[must_use]
    pub const fn from_slot(colour: Colour, slot: usize) -> Self {
        Self { colour, size: Size::ALL[slot / 3], n: (slot % 3) as u8 + 1 }
    }

    /// Its place in its owner's canonical order (0..9).
    #[must_use]
    pub const fn slot(self) -> usize {
        self.size.index() * 3 + self.n as usize - 1
    }

    /// Its pips: 1, 2 or 3.
    #[must_use]
    pub const fn pips(self) -> u8 {
        self.size.pips()
    }
}

impl fmt::Display for PyramidId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}{}", self.colour.letter(), self.size.letter(), self.n)
    }
}

impl FromStr for PyramidId {
    type Err = UnknownWord;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || UnknownWord::not(s, "a pyramid like RS1 (colour R/Y/G/B/K, size S/M/L, 1-3)");
        let text = s.trim();
        let mut chars = text.chars();
        let (Some(c), Some(z), Some(n), None) = (chars.next(), chars.next(), chars.next(), chars.next()) else {
            return Err(bad());
        };
        let colour = COLOURS.into_iter().find(|k| k.letter() == c.to_ascii_uppercase()).ok_or_else(bad)?;
        let size = Size::from_letter(&z.to_string()).ok_or_else(bad)?;
        let n = n.to_digit(10).filter(|n| (1..=3).contains(n)).ok_or_else(bad)? as u8;
        Ok(Self { colour, size, n })
    }
}

impl Serialize for PyramidId {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for PyramidId {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        String::deserialize(deserializer)?.parse().map_err(serde::de::Error::custom)
    }
}

/// Where a pyramid is (§2.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Place {
    /// In its owner's reserve.
    Reserve,
    /// On a card cell, upright or pointing.
    Board {
        /// The cell (its base).
        cell: Cell,
        /// How it sits.
        orient: Orient,
    },
}

impl Place {
    /// The cell, when on the board.
    #[must_use]
    pub const fn cell(self) -> Option<Cell> {
        match self {
            Self::Reserve => None,
            Self::Board { cell, .. } => Some(cell),
        }
    }

    /// The card a flat pyramid here points at (§2.6).
    #[must_use]
    pub fn points_at(self) -> Option<Cell> {
        match self {
            Self::Board { cell, orient } => cell.step(orient),
            Self::Reserve => None,
        }
    }
}
