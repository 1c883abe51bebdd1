//! The wall model (§2.4, R20–R23, R43), a **Designed** replacement for stacking cubes: a
//! staircase of rows, row 1 on the ground, each row no longer than the one beneath it. Every
//! placement or removal at row `k` is a touch with collapse chance `max(0, k − 2)` in 12; a
//! collapse drops the touched row, the row beneath it and everything above.

use serde::{Deserialize, Serialize};

use crate::rng::GameRng;

/// The widest a row may be (§2.1 `WALL_MAX_WIDTH`).
pub const WALL_MAX_WIDTH: u8 = 6;
/// The most rows a wall may have (§2.1 `WALL_MAX_ROWS`).
pub const WALL_MAX_ROWS: u8 = 12;
/// The most stones a wall holds (6 × 12, §4.4).
pub const WALL_CAPACITY: u8 = WALL_MAX_WIDTH * WALL_MAX_ROWS;
/// Stones for a wall worth 1 vp (R37).
pub const WALL_VP_STONES: u8 = 15;

/// A city's wall: row 1 first (§2.4). Stored inline (no allocation, so states clone
/// cheaply); saved as the list of rows, `[3,2,1]`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Wall {
    rows: [u8; WALL_MAX_ROWS as usize],
    height: u8,
}

impl Serialize for Wall {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.rows().serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Wall {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let rows = Vec::<u8>::deserialize(deserializer)?;
        if rows.len() > usize::from(WALL_MAX_ROWS) {
            return Err(serde::de::Error::custom(format!("a wall has at most {WALL_MAX_ROWS} rows")));
        }
        Ok(Self::of(&rows))
    }
}

/// What one touch did (§2.4): the row, its risk, the d12 drawn (none at risk 0) and the
/// stones that fell on a collapse.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Touch {
    /// The row touched, 1-based.
    pub row: u8,
    /// `max(0, row − 2)`: the collapse chance in 12 (R43).
    pub risk: u8,
    /// The d12 drawn, when the risk was above 0.
    pub roll: Option<u8>,
    /// Stones that fell (0 when the wall held).
    pub fallen: u8,
}

impl Touch {
    /// Whether the wall collapsed.
    #[must_use]
    pub const fn collapsed(&self) -> bool {
        self.roll.is_some() && self.fallen > 0
    }
}

impl Wall {
    /// A wall with the given rows (at most 12; tests and fixtures give a staircase).
    #[must_use]
    pub fn of(rows: &[u8]) -> Self {
        let mut wall = Self::default();
        for (i, &r) in rows.iter().take(usize::from(WALL_MAX_ROWS)).enumerate() {
            wall.rows[i] = r;
            wall.height = i as u8 + 1;
        }
        wall
    }

    /// The rows, row 1 first.
    #[must_use]
    pub fn rows(&self) -> &[u8] {
        &self.rows[..usize::from(self.height)]
    }

    /// The wall in words, row 1 first: "no wall", "2 stones in one row", "6 stones in rows
    /// of 3, 2 and 1".
    #[must_use]
    pub fn words(&self) -> String {
        let stones = crate::wording::count(self.rows().iter().map(|&r| i64::from(r)).sum::<i64>(), "stone");
        match self.rows() {
            [] => "no wall".to_string(),
            [_] => format!("{stones} in one row"),
            [rest @ .., last] => {
                let rest: Vec<String> = rest.iter().map(u8::to_string).collect();
                format!("{stones} in rows of {} and {last}", rest.join(", "))
            }
        }
    }

    /// `S`: stones in the wall.
    #[must_use]
    pub fn stones(&self) -> u8 {
        self.rows().iter().sum()
    }

    /// `W`: width at the widest point, row 1 (R21); 0 without a wall.
    #[must_use]
    pub fn width(&self) -> u8 {
        self.rows().first().copied().unwrap_or(0)
    }

    /// `H`: number of rows.
    #[must_use]
    pub fn height(&self) -> u8 {
        self.height
    }

    /// Whether the wall has no stone.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.height == 0
    }

    /// Stones in row `k` (0 above the top).
    #[must_use]
    pub fn row(&self, k: u8) -> u8 {
        if k == 0 { u8::MAX } else { self.rows().get(usize::from(k) - 1).copied().unwrap_or(0) }
    }

    /// The city's production, `1 + W` (§2.4).
    #[must_use]
    pub fn production(&self) -> u8 {
        1 + self.width()
    }

    /// The most elephants that may attack the city, `max(1, W)` (R29).
    #[must_use]
    pub fn elephant_cap(&self) -> u8 {
        self.width().max(1)
    }

    /// The collapse chance, in twelfths, of a touch at row `k` (R43).
    #[must_use]
    pub const fn risk(k: u8) -> u8 {
        k.saturating_sub(2)
    }

    /// Whether a stone may be placed in row `k` (§2.4 legal placement rows).
    #[must_use]
    pub fn can_place(&self, k: u8) -> bool {
        match k {
            1 => self.width() < WALL_MAX_WIDTH,
            _ => k <= WALL_MAX_ROWS && k <= self.height() + 1 && self.row(k) < self.row(k - 1),
        }
    }

    /// Rows where a stone may be placed, lowest first.
    #[must_use]
    pub fn placement_rows(&self) -> Vec<u8> {
        (1..=WALL_MAX_ROWS).filter(|&k| self.can_place(k)).collect()
    }

    /// Whether row `k` is exposed: it has a stone and is longer than the row above (§2.4).
    #[must_use]
    pub fn is_exposed(&self, k: u8) -> bool {
        k >= 1 && k <= self.height() && self.row(k) > self.row(k + 1)
    }

    /// Exposed rows, lowest first.
    #[must_use]
    pub fn exposed_rows(&self) -> Vec<u8> {
        (1..=self.height()).filter(|&k| self.is_exposed(k)).collect()
    }

    /// The row `remove_auto` takes next: the exposed row of lowest risk, ties to the highest
    /// row (§4.6 step 5).
    #[must_use]
    pub fn auto_row(&self) -> Option<u8> {
        self.exposed_rows().into_iter().min_by_key(|&k| (Self::risk(k), std::cmp::Reverse(k)))
    }

    /// Places one stone in row `k`, which must be a legal placement row.
    fn place(&mut self, k: u8) {
        let i = usize::from(k) - 1;
        self.rows[i] += 1;
        self.height = self.height.max(k);
    }

    /// Removes one stone from row `k`, which must be exposed; an emptied top row goes.
    fn remove(&mut self, k: u8) {
        let i = usize::from(k) - 1;
        self.rows[i] -= 1;
        if self.rows[i] == 0 {
            self.height = i as u8;
        }
    }

    /// The collapse after a touch at row `k` (k ≥ 3): rows `k − 1` and above fall. Returns
    /// how many stones fell.
    fn collapse(&mut self, k: u8) -> u8 {
        let keep = usize::from(k.saturating_sub(2));
        let fallen: u8 = self.rows().iter().skip(keep).sum();
        self.rows[keep..].fill(0);
        self.height = self.height.min(keep as u8);
        fallen
    }

    /// The touch check after a stone was placed or removed at row `k`: no draw at risk 0,
    /// else one d12, collapsing on a result ≤ risk (§2.4).
    fn check(&mut self, k: u8, rng: &mut GameRng) -> Touch {
        let risk = Self::risk(k);
        if risk == 0 {
            return Touch { row: k, risk, roll: None, fallen: 0 };
        }
        let roll = rng.roll(12) as u8;
        let fallen = if roll <= risk { self.collapse(k) } else { 0 };
        Touch { row: k, risk, roll: Some(roll), fallen }
    }

    /// `build_place(k)`: places a stone in row `k` (a legal placement row), then the touch
    /// check. On a collapse the placed stone is among the fallen.
    pub fn build(&mut self, k: u8, rng: &mut GameRng) -> Touch {
        self.place(k);
        self.check(k, rng)
    }

    /// `remove_stone(k)`: removes a stone from exposed row `k`, then the touch check (R30).
    pub fn knock_out(&mut self, k: u8, rng: &mut GameRng) -> Touch {
        self.remove(k);
        self.check(k, rng)
    }

    /// Whether the rows form a legal staircase (§9.6).
    #[must_use]
    pub fn is_staircase(&self) -> bool {
        self.height() <= WALL_MAX_ROWS
            && self.rows().iter().all(|&r| (1..=WALL_MAX_WIDTH).contains(&r))
            && self.rows[usize::from(self.height)..].iter().all(|&r| r == 0)
            && self.rows().windows(2).all(|w| w[0] >= w[1])
    }
}

impl std::fmt::Display for Wall {
    /// `[3,2,1]`, `[]` for no wall: the specification's notation.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let rows: Vec<String> = self.rows().iter().map(u8::to_string).collect();
        write!(f, "[{}]", rows.join(","))
    }
}
