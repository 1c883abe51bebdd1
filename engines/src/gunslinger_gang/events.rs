//! What happened, for the log and the post after a move. Every event is public except
//! [`Event::PlayedCard`] and [`Event::DrewCard`], which only their seat reads (§5, R38, R44).

use serde::{Deserialize, Serialize};

use super::action::{Ability, Piece, Role, Timing};
use super::board::{Pos, Tile};
use super::cards::{Card, Item, News, Title, Underling};
use super::scoring::{Control, FinalResult};
use crate::game::{Audience, Seat};

/// Why a gunslinger went back to its owner's supply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[allow(missing_docs)]
pub enum Removal {
    Ambush,
    Blast,
    Shootout,
    SaloonBrawl,
    WantedPoster,
    Turncoat,
}

/// Why an outlaw was moved to another town against its owner's will.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[allow(missing_docs)]
pub enum Displacement {
    Lasso,
    Push,
}

/// Why a building was placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[allow(missing_docs)]
pub enum BuildingReason {
    Boomtown,
    Growth,
    Founding,
}

/// Why VP were gained outside a town's scoring.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[allow(missing_docs)]
pub enum Bonus {
    TinStar,
    BountyLedger,
    Pickaxe,
}

/// A Gunslinger Gang event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[allow(missing_docs)]
pub enum Event {
    /// §4.1.
    RoundStarted { round: u8, start_seat: Seat },
    /// §4.2, public part: colour, town, position, News attached or not.
    Played { seat: Seat, town: Pos, news: bool, under_top: bool },
    /// §4.2, private part: only `seat` reads it.
    PlayedCard { seat: Seat, card: Card, news: Option<News>, town: Pos },
    /// All plays made (§4.2).
    ResolutionStarted,
    /// §4.3 step 3 or a chosen `Skip` (R19, R36).
    Skipped { seat: Seat, chosen: bool },
    /// §4.4 step 1. The News Story is named by title only.
    Revealed { seat: Seat, town: Pos, card: Card, second: bool, story: Option<Title> },
    /// §4.4 step 2.
    TimingChosen { seat: Seat, timing: Timing, story: Title },
    /// §4.4 step 3.
    AbilityChosen { seat: Seat, card: Underling, ability: Ability },
    /// A `Move` or `RailMove`: the piece arrives as an outlaw (R14).
    Moved { seat: Seat, from: Pos, to: Pos, kind: Piece },
    /// An outlaw became a lawman (`Promote`, `ElectPromote`, `SwearIn`).
    Promoted { seat: Seat, town: Pos, role: Role },
    /// A lawman became an outlaw (Jail Keys, Election, Jailbreak).
    Demoted { seat: Seat, town: Pos, role: Role },
    /// Lasso or Push.
    Displaced { seat: Seat, from: Pos, to: Pos, by: Displacement },
    /// Outlaws returned to their owner's supply.
    Returned { seat: Seat, town: Pos, count: u8, by: Removal },
    /// B ability or Reinforcements / Turncoat: `count` of `wanted` hired (R17).
    Hired { seat: Seat, town: Pos, count: u8, wanted: u8 },
    /// Cattle Drive.
    Driven { seat: Seat, from: Pos, to: Pos, count: u8 },
    /// Gambler's Wager.
    Wagered { seat: Seat, town: Pos },
    /// Gold Strike or Mine Collapse flag.
    Flagged { town: Pos, story: Title },
    /// A building token placed (or `value` 0 when the supply was empty).
    Building { town: Pos, value: u8, reason: BuildingReason },
    /// An effect found nothing to act on (G4, G5).
    NoEffect { seat: Seat, what: String },
    /// An item claimed (R6, Stagecoach Robbery).
    ItemClaimed { seat: Seat, town: Pos, item: Item },
    /// VP from an item.
    Bonus { seat: Seat, vp: u32, why: Bonus },
    /// §4.8: a draw, public part.
    Drew { seat: Seat },
    /// §4.8: the card drawn; only `seat` reads it (R38).
    DrewCard { seat: Seat, news: News },
    /// §4.8: a draw lost at the hand limit or with no cards left.
    DrawLost { seat: Seat },
    /// §4.8: the discard pile reshuffled into the deck.
    Reshuffled { cards: u8 },
    /// `done`: an "up to" effect ended by choice (G3), with `unused` steps left.
    Ended { seat: Seat, news: bool, unused: u8 },
    /// §4.4 step 4.
    Resolved { seat: Seat, card: Card },
    /// §6.2 step 1 for one town.
    TownScored { town: Pos, control: Control, vp: u32 },
    /// §4.9 Founding.
    Founded { town: Pos, tile: Tile, item: Option<Item> },
    /// §4.9 Round end.
    RoundEnded { round: u8 },
    /// §6.4 end-of-game VP and the result.
    GameEnded { result: FinalResult },
    /// A seat resigned (Designed).
    Resigned { seat: Seat },
    /// G2: the only legal action, or a resigned seat's default, was applied for `seat`.
    Automatic { seat: Seat, action: String },
}

impl Event {
    /// Who may read the event.
    #[must_use]
    pub fn audience(&self) -> Audience {
        match self {
            Self::PlayedCard { seat, .. } | Self::DrewCard { seat, .. } => Audience::seat(*seat),
            _ => Audience::Public,
        }
    }
}
