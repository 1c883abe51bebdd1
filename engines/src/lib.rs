//! Saloon's game rules: pure, deterministic and synchronous, with no IO.
//!
//! Every game implements [`Game`]; [`GameKind`] names the five games and [`AnyGame`] lets
//! the bot drive whichever one a table plays through their text forms.

pub mod ai;
pub mod any;
pub mod game;
pub mod gunslinger_gang;
pub mod martian_12s;
pub mod martian_gunslinger;
pub mod parts;
pub mod rng;

pub use any::{ActionError, AnyGame, AnyView, Applied, LegalAction, Narration};
pub use game::{
    Audience, Choice, Choices, Game, MAX_CHOICES, MAX_SEATS, Outcome, ParseActionError, Pending, RuleError, Seat,
    SeatSet, Secret, SetupError, Standing, Viewer,
};
pub use rng::GameRng;

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// The five games Saloon hosts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameKind {
    /// Martian Gunslinger (Shane Tilton).
    #[serde(rename = "martian-gunslinger")]
    MartianGunslinger,
    /// Gunslinger Gang (Alex Churchill).
    #[serde(rename = "gunslinger-gang")]
    GunslingerGang,
    /// Martian 12s (Avri Klemer).
    #[serde(rename = "martian-12s")]
    Martian12s,
    /// Conquest of Mars (Ryan Hackel).
    #[serde(rename = "conquest-of-mars")]
    ConquestOfMars,
    /// Raja (Kreitler).
    #[serde(rename = "raja")]
    Raja,
}

impl GameKind {
    /// All five, in the order of the design card.
    pub const ALL: [Self; 5] =
        [Self::MartianGunslinger, Self::GunslingerGang, Self::Martian12s, Self::ConquestOfMars, Self::Raja];

    /// The stable id used in commands, storage and button ids.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Self::MartianGunslinger => "martian-gunslinger",
            Self::GunslingerGang => "gunslinger-gang",
            Self::Martian12s => "martian-12s",
            Self::ConquestOfMars => "conquest-of-mars",
            Self::Raja => "raja",
        }
    }

    /// The game's name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::MartianGunslinger => "Martian Gunslinger",
            Self::GunslingerGang => "Gunslinger Gang",
            Self::Martian12s => "Martian 12s",
            Self::ConquestOfMars => "Conquest of Mars",
            Self::Raja => "Raja",
        }
    }

    /// Whether the rules of this game are implemented, so a table can play it.
    #[must_use]
    pub const fn is_available(self) -> bool {
        matches!(self, Self::Martian12s | Self::GunslingerGang | Self::MartianGunslinger)
    }

    /// The games a table can play now.
    pub fn available() -> impl Iterator<Item = Self> {
        Self::ALL.into_iter().filter(|kind| kind.is_available())
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The id was not one of the five games.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown game {0:?}; the games are martian-gunslinger, gunslinger-gang, martian-12s, conquest-of-mars, raja")]
pub struct UnknownGame(pub String);

impl FromStr for GameKind {
    type Err = UnknownGame;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|kind| kind.id().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownGame(s.to_string()))
    }
}
