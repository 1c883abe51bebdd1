//! Lands geometry (§2.3): each player's private grid of territory tiles, cells written
//! `x,y` (`x` grows east, `y` grows south), adjacency by a shared edge, canonical order by
//! ascending `y` then `x`.

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::parts::words::{UnknownWord, word_enum};

/// The lowest coordinate a tile may have on either axis (§2.3).
pub const LAND_MIN: i8 = -3;
/// The highest coordinate a tile may have on either axis (§2.3).
pub const LAND_MAX: i8 = 4;
/// Tiles per player (§3 step 5a).
pub const TILES: usize = 7;
/// The initial 2×2 block every land contains (§2.3).
pub const BLOCK: [Cell; 4] = [Cell::new(0, 0), Cell::new(1, 0), Cell::new(0, 1), Cell::new(1, 1)];

/// A cell of one player's lands, written `x,y` and saved as `[x, y]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cell {
    /// Column, growing east.
    pub x: i8,
    /// Row, growing south.
    pub y: i8,
}

impl Cell {
    /// The cell at `(x, y)`.
    #[must_use]
    pub const fn new(x: i8, y: i8) -> Self {
        Self { x, y }
    }

    /// Whether the cell lies within −3..4 on both axes (§2.3).
    #[must_use]
    pub const fn in_bounds(self) -> bool {
        self.x >= LAND_MIN && self.x <= LAND_MAX && self.y >= LAND_MIN && self.y <= LAND_MAX
    }

    /// Whether `other` shares an edge with this cell (diagonals do not, §2.3).
    #[must_use]
    pub const fn adjacent(self, other: Self) -> bool {
        (self.x - other.x).abs() + (self.y - other.y).abs() == 1
    }

    /// The four edge neighbours that lie within bounds, in canonical order.
    pub fn neighbours(self) -> impl Iterator<Item = Self> {
        let Self { x, y } = self;
        [Self::new(x, y - 1), Self::new(x - 1, y), Self::new(x + 1, y), Self::new(x, y + 1)]
            .into_iter()
            .filter(|c| c.in_bounds())
    }
}

impl Ord for Cell {
    /// Canonical order: ascending `y`, then `x` (§2.3).
    fn cmp(&self, other: &Self) -> Ordering {
        (self.y, self.x).cmp(&(other.y, other.x))
    }
}

impl PartialOrd for Cell {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

impl Serialize for Cell {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        (self.x, self.y).serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Cell {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let (x, y) = <(i8, i8)>::deserialize(deserializer)?;
        let cell = Self::new(x, y);
        if cell.in_bounds() { Ok(cell) } else { Err(serde::de::Error::custom(format!("{cell} is off the lands"))) }
    }
}

impl FromStr for Cell {
    type Err = UnknownWord;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || UnknownWord::not(s, "a cell like 2,0 or -1,1");
        let (x, y) = s.trim().split_once(',').ok_or_else(bad)?;
        let x: i8 = x.parse().map_err(|_| bad())?;
        let y: i8 = y.parse().map_err(|_| bad())?;
        let cell = Self::new(x, y);
        if cell.in_bounds() { Ok(cell) } else { Err(bad()) }
    }
}

/// The side of a territory tile that is up: blue (rainy) or red (dry) (R3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TileColour {
    /// Rainy; every tile starts blue; the season of odd turns.
    Blue,
    /// Dry; the season of even turns.
    Red,
}

impl TileColour {
    /// Blue, red.
    pub const ALL: [Self; 2] = [Self::Blue, Self::Red];

    /// `blue` or `red`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Blue => "blue",
            Self::Red => "red",
        }
    }

    /// The other side.
    #[must_use]
    pub const fn flipped(self) -> Self {
        match self {
            Self::Blue => Self::Red,
            Self::Red => Self::Blue,
        }
    }

    /// The season of turn `turn` (R3): blue when odd.
    #[must_use]
    pub const fn season(turn: u8) -> Self {
        if turn % 2 == 1 { Self::Blue } else { Self::Red }
    }
}

word_enum!(TileColour, "a tile colour");

/// One territory tile on a player's lands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tile {
    /// Where.
    pub cell: Cell,
    /// The side up.
    pub colour: TileColour,
    /// `land_color` uses so far (at most two per tile, R45).
    pub changes: u8,
}

/// One player's tiles, kept in canonical order. Stored inline (no allocation, so states
/// clone cheaply); saved as the list of tiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lands {
    tiles: [Tile; TILES],
    len: u8,
}

const NO_TILE: Tile = Tile { cell: Cell::new(0, 0), colour: TileColour::Blue, changes: 0 };

impl Default for Lands {
    fn default() -> Self {
        Self { tiles: [NO_TILE; TILES], len: 0 }
    }
}

impl Serialize for Lands {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.tiles().serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Lands {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let tiles = Vec::<Tile>::deserialize(deserializer)?;
        if tiles.len() > TILES {
            return Err(serde::de::Error::custom(format!("lands have at most {TILES} tiles")));
        }
        let mut lands = Self::default();
        for tile in tiles {
            lands.insert(tile);
        }
        Ok(lands)
    }
}

impl Lands {
    /// The initial 2×2 block, every tile blue (§3 step 5a).
    #[must_use]
    pub fn block() -> Self {
        let mut lands = Self::default();
        for cell in BLOCK {
            lands.add(cell);
        }
        lands
    }

    /// The tiles in canonical order.
    #[must_use]
    pub fn tiles(&self) -> &[Tile] {
        &self.tiles[..usize::from(self.len)]
    }

    /// Inserts a tile in canonical order (at most 7).
    fn insert(&mut self, tile: Tile) {
        let n = usize::from(self.len);
        if n == TILES {
            return;
        }
        let at = self.tiles().iter().position(|t| t.cell > tile.cell).unwrap_or(n);
        self.tiles.copy_within(at..n, at + 1);
        self.tiles[at] = tile;
        self.len += 1;
    }

    /// The tile at `cell`, if the land has one there.
    #[must_use]
    pub fn tile(&self, cell: Cell) -> Option<&Tile> {
        self.tiles().iter().find(|t| t.cell == cell)
    }

    /// The tile at `cell`, to change it.
    pub fn tile_mut(&mut self, cell: Cell) -> Option<&mut Tile> {
        let n = usize::from(self.len);
        self.tiles[..n].iter_mut().find(|t| t.cell == cell)
    }

    /// Whether the land has a tile at `cell`.
    #[must_use]
    pub fn has(&self, cell: Cell) -> bool {
        self.tile(cell).is_some()
    }

    /// The tiles' cells in canonical order.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        self.tiles().iter().map(|t| t.cell)
    }

    /// Number of tiles.
    #[must_use]
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether the land has no tile (never, once set up).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Empty in-bounds cells adjacent to a tile, in canonical order: where `land_add` may go.
    #[must_use]
    pub fn frontier(&self) -> Vec<Cell> {
        let mut out: Vec<Cell> = self.cells().flat_map(Cell::neighbours).filter(|c| !self.has(*c)).collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Adds a blue tile at `cell`, keeping canonical order.
    pub fn add(&mut self, cell: Cell) {
        self.insert(Tile { cell, colour: TileColour::Blue, changes: 0 });
    }

    /// Whether every tile is reachable from every other by shared edges (R4).
    #[must_use]
    pub fn connected(&self) -> bool {
        let Some(first) = self.tiles().first() else { return true };
        let mut seen = vec![first.cell];
        let mut i = 0;
        while i < seen.len() {
            let here = seen[i];
            for next in here.neighbours() {
                if self.has(next) && !seen.contains(&next) {
                    seen.push(next);
                }
            }
            i += 1;
        }
        seen.len() == self.tiles().len()
    }

    /// A short text of the layout, `0,0b 1,0r …`, in canonical order.
    #[must_use]
    pub fn sketch(&self) -> String {
        let tiles: Vec<String> = self
            .tiles()
            .iter()
            .map(|t| format!("{}{}", t.cell, if t.colour == TileColour::Blue { 'b' } else { 'r' }))
            .collect();
        tiles.join(" ")
    }
}
