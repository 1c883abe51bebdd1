//! Dice (§2.4): the six types, pools as counts per type, and the default common pool (R1).

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::parts::words::word_enum;

/// A die type, by its number of faces (R31: a d10 reads 1–10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[allow(missing_docs)]
pub enum Die {
    #[serde(rename = "d4")]
    D4,
    #[serde(rename = "d6")]
    D6,
    #[serde(rename = "d8")]
    D8,
    #[serde(rename = "d10")]
    D10,
    #[serde(rename = "d12")]
    D12,
    #[serde(rename = "d20")]
    D20,
}

impl Die {
    /// Fewest faces first.
    pub const ALL: [Self; 6] = [Self::D4, Self::D6, Self::D8, Self::D10, Self::D12, Self::D20];

    /// Number of faces.
    #[must_use]
    pub const fn sides(self) -> u8 {
        match self {
            Self::D4 => 4,
            Self::D6 => 6,
            Self::D8 => 8,
            Self::D10 => 10,
            Self::D12 => 12,
            Self::D20 => 20,
        }
    }

    /// `d4` … `d20`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::D4 => "d4",
            Self::D6 => "d6",
            Self::D8 => "d8",
            Self::D10 => "d10",
            Self::D12 => "d12",
            Self::D20 => "d20",
        }
    }
}

word_enum!(Die, "a die");

/// Which dice the game uses (§2.5, R1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DiceMix {
    /// Per player 4 d4, 4 d6, 3 d8, 2 d10, 2 d12, 1 d20.
    #[default]
    Mixed,
    /// 16 d6 per player and nothing else: trading is never legal.
    D6Only,
}

/// Dice counted per type: the common pool, a personal pool (§2.4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[allow(missing_docs)]
pub struct DicePool {
    pub d4: u8,
    pub d6: u8,
    pub d8: u8,
    pub d10: u8,
    pub d12: u8,
    pub d20: u8,
}

impl DicePool {
    /// No dice.
    pub const EMPTY: Self = Self { d4: 0, d6: 0, d8: 0, d10: 0, d12: 0, d20: 0 };

    /// The common pool at setup for `players` (R1).
    #[must_use]
    pub fn standard(mix: DiceMix, players: usize) -> Self {
        let n = players as u8;
        match mix {
            DiceMix::Mixed => Self { d4: 4 * n, d6: 4 * n, d8: 3 * n, d10: 2 * n, d12: 2 * n, d20: n },
            DiceMix::D6Only => Self { d6: 16 * n, ..Self::EMPTY },
        }
    }

    /// A pool from `(die, count)` pairs.
    #[must_use]
    pub fn of(counts: &[(Die, u8)]) -> Self {
        let mut pool = Self::EMPTY;
        for (die, count) in counts {
            *pool.get_mut(*die) += count;
        }
        pool
    }

    /// How many of `die`.
    #[must_use]
    pub const fn get(&self, die: Die) -> u8 {
        match die {
            Die::D4 => self.d4,
            Die::D6 => self.d6,
            Die::D8 => self.d8,
            Die::D10 => self.d10,
            Die::D12 => self.d12,
            Die::D20 => self.d20,
        }
    }

    /// The count of `die`, to change it.
    pub const fn get_mut(&mut self, die: Die) -> &mut u8 {
        match die {
            Die::D4 => &mut self.d4,
            Die::D6 => &mut self.d6,
            Die::D8 => &mut self.d8,
            Die::D10 => &mut self.d10,
            Die::D12 => &mut self.d12,
            Die::D20 => &mut self.d20,
        }
    }

    /// Adds one `die`.
    pub const fn add(&mut self, die: Die) {
        *self.get_mut(die) += 1;
    }

    /// Removes one `die`; the caller knows there is one.
    pub const fn remove(&mut self, die: Die) {
        *self.get_mut(die) -= 1;
    }

    /// Number of dice.
    #[must_use]
    pub fn len(&self) -> usize {
        Die::ALL.iter().map(|d| usize::from(self.get(*d))).sum()
    }

    /// Whether there is no die.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Total faces of all the dice.
    #[must_use]
    pub fn faces(&self) -> u32 {
        Die::ALL.iter().map(|d| u32::from(self.get(*d)) * u32::from(d.sides())).sum()
    }

    /// The smallest type present (R2).
    #[must_use]
    pub fn smallest(&self) -> Option<Die> {
        Die::ALL.into_iter().find(|d| self.get(*d) > 0)
    }

    /// The types present, fewest faces first.
    pub fn types(&self) -> impl Iterator<Item = Die> + '_ {
        Die::ALL.into_iter().filter(|d| self.get(*d) > 0)
    }

    /// Every die, one entry each, fewest faces first.
    #[must_use]
    pub fn dice(&self) -> Vec<Die> {
        Die::ALL.iter().flat_map(|d| std::iter::repeat_n(*d, usize::from(self.get(*d)))).collect()
    }

    /// The dice of `self` with fewer faces than `die` (R3: what a trade may turn in).
    #[must_use]
    pub fn below(&self, die: Die) -> Self {
        let mut pool = *self;
        for d in Die::ALL.into_iter().filter(|d| *d >= die) {
            *pool.get_mut(d) = 0;
        }
        pool
    }

    /// The sum, type by type.
    #[must_use]
    pub fn plus(&self, other: &Self) -> Self {
        let mut pool = *self;
        for die in Die::ALL {
            *pool.get_mut(die) += other.get(die);
        }
        pool
    }
}

impl FromIterator<Die> for DicePool {
    fn from_iter<I: IntoIterator<Item = Die>>(iter: I) -> Self {
        let mut pool = Self::EMPTY;
        for die in iter {
            pool.add(die);
        }
        pool
    }
}

impl fmt::Display for DicePool {
    /// `{d4:2, d8:1}`, as the scenarios write pools; `{}` when empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self.types().map(|d| format!("{d}:{}", self.get(d))).collect();
        write!(f, "{{{}}}", parts.join(", "))
    }
}

/// One rolled die in a combat line (§4.5 step 6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rolled {
    /// The die.
    pub die: Die,
    /// What it shows, 1..=faces.
    pub result: u8,
}

impl Rolled {
    /// The line order: highest result first, equal results fewer faces first (R19).
    pub fn sort_line(line: &mut [Self]) {
        line.sort_by(|a, b| b.result.cmp(&a.result).then(a.die.cmp(&b.die)));
    }
}

impl fmt::Display for Rolled {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.result, self.die)
    }
}
