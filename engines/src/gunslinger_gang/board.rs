//! The town grid (§2.2) and the town tiles (§2.3).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::parts::words::UnknownWord;

/// Columns of every layout (A–C).
pub const COLUMNS: u8 = 3;

/// A position on the grid, named by column letter and row number (`A1` top left, §2.2); stored
/// as its index in reading order (row 1 left to right, then row 2…), so sorting positions sorts
/// them in reading order (R23).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pos(u8);

impl Pos {
    /// The position at `col` (0 = A) and `row` (0 = row 1).
    #[must_use]
    pub const fn new(col: u8, row: u8) -> Self {
        Self(row * COLUMNS + col)
    }

    /// The position with this reading-order index.
    #[must_use]
    pub const fn from_index(index: usize) -> Self {
        Self(index as u8)
    }

    /// Index in reading order.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Column, 0 = A.
    #[must_use]
    pub const fn col(self) -> u8 {
        self.0 % COLUMNS
    }

    /// Row, 0 = row 1 (the top).
    #[must_use]
    pub const fn row(self) -> u8 {
        self.0 / COLUMNS
    }

    /// Same row with columns 1 apart, or same column with rows 1 apart (§2.2).
    #[must_use]
    pub const fn orthogonal_to(self, other: Self) -> bool {
        let (dc, dr) = (self.col().abs_diff(other.col()), self.row().abs_diff(other.row()));
        dc + dr == 1
    }

    /// Both column and row 1 apart (Spurs only, §2.2).
    #[must_use]
    pub const fn diagonal_to(self, other: Self) -> bool {
        self.col().abs_diff(other.col()) == 1 && self.row().abs_diff(other.row()) == 1
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'A' + self.col()) as char, self.row() + 1)
    }
}

impl FromStr for Pos {
    type Err = UnknownWord;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || UnknownWord::not(s, "a position like A1 or C3");
        let bytes = s.as_bytes();
        if bytes.len() != 2 {
            return Err(bad());
        }
        let col = bytes[0].to_ascii_uppercase().wrapping_sub(b'A');
        let row = bytes[1].wrapping_sub(b'1');
        if col >= COLUMNS || row >= 3 {
            return Err(bad());
        }
        Ok(Self::new(col, row))
    }
}

impl Serialize for Pos {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Pos {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        String::deserialize(deserializer)?.parse().map_err(serde::de::Error::custom)
    }
}

/// A town tile (§2.3, R3, R4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[allow(missing_docs)]
pub enum Tile {
    Copper,
    Saloon,
    Market,
    Gold,
    Silver,
    Platinum,
    Ruby,
    Diamond,
    Emerald,
    Iron,
    Coal,
}

impl Tile {
    /// The eight random tiles, in the order they are shuffled (§3 step 2).
    pub const POOL: [Self; 8] =
        [Self::Gold, Self::Silver, Self::Platinum, Self::Ruby, Self::Diamond, Self::Emerald, Self::Iron, Self::Coal];

    /// Output VP for the controller.
    #[must_use]
    pub const fn output(self) -> u32 {
        match self {
            Self::Gold | Self::Silver => 2,
            Self::Platinum => 3,
            _ => 1,
        }
    }

    /// The sheriff's bonus VP.
    #[must_use]
    pub const fn sheriff_bonus(self) -> u32 {
        match self {
            Self::Silver | Self::Platinum | Self::Coal => 0,
            Self::Ruby | Self::Emerald => 2,
            _ => 1,
        }
    }

    /// The deputy's bonus VP, if the tile has a deputy slot.
    #[must_use]
    pub const fn deputy_bonus(self) -> Option<u32> {
        match self {
            Self::Saloon | Self::Diamond | Self::Emerald => Some(1),
            Self::Iron => Some(0),
            _ => None,
        }
    }

    /// Whether the tile has a deputy slot.
    #[must_use]
    pub const fn has_deputy(self) -> bool {
        self.deputy_bonus().is_some()
    }

    /// The tile's name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Copper => "Copper Mine",
            Self::Saloon => "Saloon",
            Self::Market => "Market",
            Self::Gold => "Gold Mine",
            Self::Silver => "Silver Mine",
            Self::Platinum => "Platinum Mine",
            Self::Ruby => "Ruby Mine",
            Self::Diamond => "Diamond Mine",
            Self::Emerald => "Emerald Mine",
            Self::Iron => "Iron Mine",
            Self::Coal => "Coal Mine",
        }
    }

    /// "output/+sheriff/+deputy", as the scenarios write tile stats.
    #[must_use]
    pub fn stats(self) -> String {
        match self.deputy_bonus() {
            Some(d) => format!("{}/+{}/+{d}", self.output(), self.sheriff_bonus()),
            None => format!("{}/+{}/—", self.output(), self.sheriff_bonus()),
        }
    }
}

/// What a layout puts on a position at setup (§2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// A fixed tile, face up.
    Fixed(Tile),
    /// A random tile, face up.
    RandomUp,
    /// A random tile, face down until Founding.
    RandomDown,
}

/// The 2-player grid: 3 columns × 2 rows.
const TWO: [Slot; 6] = [
    Slot::RandomUp,
    Slot::Fixed(Tile::Copper),
    Slot::RandomDown,
    Slot::RandomDown,
    Slot::Fixed(Tile::Saloon),
    Slot::RandomUp,
];

/// The 3–4-player grid: 3 columns × 3 rows.
const THREE: [Slot; 9] = [
    Slot::RandomUp,
    Slot::Fixed(Tile::Market),
    Slot::RandomDown,
    Slot::RandomUp,
    Slot::Fixed(Tile::Copper),
    Slot::RandomUp,
    Slot::RandomDown,
    Slot::Fixed(Tile::Saloon),
    Slot::RandomUp,
];

/// The layout for a player count, in reading order.
#[must_use]
pub fn layout(players: usize) -> &'static [Slot] {
    if players == 2 { &TWO } else { &THREE }
}

/// Rows of the grid for a player count.
#[must_use]
pub const fn rows(players: usize) -> u8 {
    if players == 2 { 2 } else { 3 }
}

/// Starting outlaws per player on each face-up town (§3 step 5).
#[must_use]
pub const fn starting_outlaws(players: usize) -> u8 {
    if players == 2 { 2 } else { 1 }
}
