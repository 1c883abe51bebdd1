//! Dice: the six-sided die and the Treehouse die, rolled through the game's [`GameRng`].

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::rng::GameRng;

/// A six-sided die showing 1..=6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct D6(u8);

impl D6 {
    /// Rolls one die (one draw from the game's random source).
    pub fn roll(rng: &mut GameRng) -> Self {
        Self(rng.roll(6) as u8)
    }

    /// The die showing `pips`, if 1..=6.
    #[must_use]
    pub const fn new(pips: u8) -> Option<Self> {
        if pips >= 1 && pips <= 6 { Some(Self(pips)) } else { None }
    }

    /// 1..=6.
    #[must_use]
    pub const fn pips(self) -> u8 {
        self.0
    }
}

impl fmt::Display for D6 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A face of the Treehouse die (faces numbered 1 Tip, 2 Hop, 3 Aim, 4 Swap, 5 Dig, 6 Wild).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Treehouse {
    /// Point an opposing piece anywhere.
    Tip,
    /// Jump over, or up to, the faced pyramid.
    Hop,
    /// One free reorientation.
    Aim,
    /// Exchange two pyramids on the board.
    Swap,
    /// Take the top card of the draw or the discard pile.
    Dig,
    /// Choose another face, or re-roll the d6.
    Wild,
}

impl Treehouse {
    /// In face-number order (1 Tip … 6 Wild).
    pub const ALL: [Self; 6] = [Self::Tip, Self::Hop, Self::Aim, Self::Swap, Self::Dig, Self::Wild];

    /// Rolls the Treehouse die (one draw from the game's random source; a scripted value `k`
    /// shows face number `k + 1`).
    pub fn roll(rng: &mut GameRng) -> Self {
        Self::ALL[rng.index(6)]
    }

    /// The face numbered 1..=6.
    #[must_use]
    pub const fn from_number(number: u8) -> Option<Self> {
        if number >= 1 && number <= 6 { Some(Self::ALL[number as usize - 1]) } else { None }
    }

    /// 1..=6.
    #[must_use]
    pub const fn number(self) -> u8 {
        self as u8 + 1
    }

    /// The face's name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Tip => "Tip",
            Self::Hop => "Hop",
            Self::Aim => "Aim",
            Self::Swap => "Swap",
            Self::Dig => "Dig",
            Self::Wild => "Wild",
        }
    }
}

super::words::word_enum!(Treehouse, "a Treehouse face");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn d6_rolls_through_the_game_rng() {
        let mut rng = GameRng::scripted([0, 5, 3]);
        assert_eq!(D6::roll(&mut rng).pips(), 1);
        assert_eq!(D6::roll(&mut rng).pips(), 6);
        assert_eq!(D6::roll(&mut rng), D6::new(4).expect("4"));
        assert_eq!(D6::new(0), None);
        assert_eq!(D6::new(7), None);
        let mut real = GameRng::from_seed(3);
        for _ in 0..100 {
            assert!((1..=6).contains(&D6::roll(&mut real).pips()));
        }
    }

    #[test]
    fn treehouse_faces_are_numbered_and_named() {
        let mut rng = GameRng::scripted([0, 1, 2, 3, 4, 5]);
        let rolled: Vec<Treehouse> = (0..6).map(|_| Treehouse::roll(&mut rng)).collect();
        assert_eq!(rolled, Treehouse::ALL);
        for face in Treehouse::ALL {
            assert_eq!(Treehouse::from_number(face.number()), Some(face));
            assert_eq!(face.to_string().parse::<Treehouse>(), Ok(face));
        }
        assert_eq!(Treehouse::from_number(2), Some(Treehouse::Hop));
        assert_eq!(Treehouse::from_number(6), Some(Treehouse::Wild));
        assert_eq!(Treehouse::from_number(7), None);
        assert_eq!("wild".parse::<Treehouse>(), Ok(Treehouse::Wild));
        assert!("Jump".parse::<Treehouse>().is_err());
    }

    #[test]
    fn every_face_comes_up() {
        let mut rng = GameRng::from_seed(11);
        let mut seen = [0u32; 6];
        for _ in 0..6_000 {
            seen[Treehouse::roll(&mut rng).number() as usize - 1] += 1;
        }
        assert!(seen.iter().all(|&n| (800..1200).contains(&n)), "{seen:?}");
    }
}
