//! The state of a game (§2.7), its options (§2.5) and its setup (§3).

use serde::{Deserialize, Serialize};

use super::board::{CARD_CELLS, COLOURS, Cell, Orient, PYRAMIDS, Place, PyramidId};
use super::combat::Combat;
use super::dice::{DiceMix, DicePool, Die};
use super::scoring::FinalResult;
use crate::game::{Seat, SeatSet, SetupError};
use crate::parts::ForPictures;
use crate::parts::cards::{Card, deck};
use crate::parts::pyramids::{Colour, Size};
use crate::rng::GameRng;

/// The game's name, for set-up errors.
const NAME: &str = "Conquest of Mars";
/// Default round cap (R30).
pub const ROUND_CAP: u8 = 60;
/// Cards dealt to each hand (§3 step 3).
pub const HAND: usize = 2;
/// Seat colours when the table chooses none (§2.5).
const DEFAULT_COLOURS: [Colour; 4] = [Colour::Red, Colour::Yellow, Colour::Green, Colour::Blue];

/// Table options (§2.5). Omitted fields take their defaults.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// `mixed` (default) or `d6_only` (R1).
    pub dice_mix: DiceMix,
    /// The last round (R30): 20..=100, default 60.
    pub round_cap: u8,
    /// Colours by seat, distinct, of Red, Yellow, Green, Blue, Black; empty = Red, Yellow,
    /// Green, Blue in seat order.
    pub colours: Vec<Colour>,
}

impl Default for Options {
    fn default() -> Self {
        Self { dice_mix: DiceMix::Mixed, round_cap: ROUND_CAP, colours: Vec::new() }
    }
}

impl Options {
    /// Checks the options for `players` and gives each seat's colour.
    fn colours_for(&self, players: usize) -> Result<Vec<Colour>, SetupError> {
        let bad = |reason: String| SetupError::BadOption { option: "colours".into(), reason };
        if !(20..=100).contains(&self.round_cap) {
            let reason = format!("must be 20 to 100, not {}", self.round_cap);
            return Err(SetupError::BadOption { option: "round_cap".into(), reason });
        }
        if self.colours.is_empty() {
            return Ok(DEFAULT_COLOURS[..players].to_vec());
        }
        if self.colours.len() != players {
            return Err(bad(format!("{} colours for {players} players", self.colours.len())));
        }
        for (i, colour) in self.colours.iter().enumerate() {
            if !COLOURS.contains(colour) {
                return Err(bad(format!("{colour} is not one of Red, Yellow, Green, Blue, Black")));
            }
            if self.colours[..i].contains(colour) {
                return Err(bad(format!("{colour} is chosen twice")));
            }
        }
        Ok(self.colours.clone())
    }
}

/// One player (§2.3, §2.4, §2.7).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub(crate) colour: Colour,
    /// The two secret cards (§3 step 3).
    pub(crate) hand: [Card; HAND],
    /// Where each pyramid is, in canonical order S1 S2 S3 M1 … L3.
    pub(crate) pyramids: [Place; PYRAMIDS],
    /// The personal pool (public, R32).
    pub(crate) dice: DicePool,
    /// The starting die: sealed while the choice is open (§3 step 4), then public.
    pub(crate) start_die: Option<Die>,
    pub(crate) resigned: bool,
}

impl Player {
    /// The pyramid in `slot` with its id.
    pub(crate) fn pyramid(&self, slot: usize) -> (PyramidId, Place) {
        (PyramidId::from_slot(self.colour, slot), self.pyramids[slot])
    }

    /// Every pyramid with its place, in canonical order.
    pub(crate) fn all(&self) -> impl Iterator<Item = (PyramidId, Place)> + '_ {
        (0..PYRAMIDS).map(|slot| self.pyramid(slot))
    }

    /// Pyramids on the board.
    pub(crate) fn on_board(&self) -> usize {
        self.pyramids.iter().filter(|p| **p != Place::Reserve).count()
    }

    /// The lowest-numbered reserve pyramid of `size` (§4.2 Spawn and Grow).
    pub(crate) fn reserve_of(&self, size: Size) -> Option<PyramidId> {
        self.all().find(|(id, place)| id.size == size && *place == Place::Reserve).map(|(id, _)| id)
    }
}

/// One card cell of the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GridCard {
    pub(crate) card: Card,
    /// Turned face up on first occupation; never turns back (R8).
    pub(crate) face_up: bool,
}

/// Where the game stands (§4.1).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Phase {
    /// §3 step 4: sealed starting dice.
    SetupDieChoice,
    /// §4.2: the current player chooses an action.
    Main,
    /// §4.3: a trade is being put together.
    Trade {
        /// The die wanted.
        want: Die,
        /// The dice offered so far (still in the personal pool, I5).
        offered: DicePool,
    },
    /// §4.4: pyramids are being reoriented.
    Reorient {
        /// The pyramids changed so far with their orientations before the sub-phase.
        original: Vec<(PyramidId, Orient)>,
    },
    /// §4.5: an attack in progress.
    Attack(Combat),
    /// The game is over.
    GameOver,
}

/// A whole game of Conquest of Mars.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ConquestOfMars {
    pub(crate) options: Options,
    pub(crate) players: Vec<Player>,
    /// The 44 card cells in reading order.
    pub(crate) grid: Vec<GridCard>,
    /// Cards set aside face down, never in play (R7).
    pub(crate) aside: Vec<Card>,
    pub(crate) common: DicePool,
    /// Dice in the game per type, as dealt at setup: what I5 conserves.
    pub(crate) dice_total: DicePool,
    pub(crate) phase: Phase,
    /// First player, then clockwise (§3 step 5); empty until the starting dice are shown.
    pub(crate) turn_order: Vec<Seat>,
    pub(crate) current: Seat,
    pub(crate) round: u8,
    /// Sub-phases cancelled this turn (R36).
    pub(crate) cancels: u8,
    pub(crate) result: Option<FinalResult>,
    pub(crate) rng: GameRng,
    /// The cards the latest action touched, for pictures only; no rule reads it. Tables
    /// saved before it existed read as none.
    #[serde(default)]
    pub(crate) last_cells: ForPictures<Vec<Cell>>,
}

impl ConquestOfMars {
    pub(crate) fn player(&self, seat: Seat) -> &Player {
        &self.players[seat.index()]
    }

    pub(crate) fn player_mut(&mut self, seat: Seat) -> &mut Player {
        &mut self.players[seat.index()]
    }

    /// Every seat, in seat order.
    pub(crate) fn seats(&self) -> impl Iterator<Item = Seat> + use<> {
        (0..self.players.len() as u8).map(Seat)
    }

    /// Seats still playing.
    pub(crate) fn active(&self) -> SeatSet {
        self.seats().filter(|s| !self.player(*s).resigned).collect()
    }

    /// `from`, then the seats after it clockwise (§4.5 combat order, §3 step 5).
    pub(crate) fn clockwise(&self, from: Seat) -> impl Iterator<Item = Seat> + use<> {
        let n = self.players.len();
        (0..n).map(move |i| Seat(((from.index() + i) % n) as u8))
    }

    /// The owner of a pyramid, by colour.
    pub(crate) fn owner(&self, pyramid: PyramidId) -> Option<Seat> {
        self.seats().find(|s| self.player(*s).colour == pyramid.colour)
    }

    /// Where a pyramid of this game is.
    pub(crate) fn place(&self, pyramid: PyramidId) -> Option<Place> {
        self.owner(pyramid).map(|s| self.player(s).pyramids[pyramid.slot()])
    }

    /// A pyramid as a player's message names it: its size and where it is, "small pyramid
    /// on C3", "medium pyramid in reserve" (its id, "RS1", is for the engine and its tests
    /// only). The caller says whose it is.
    pub(crate) fn pyramid_words(&self, pyramid: PyramidId) -> String {
        let size = pyramid.size.word();
        match self.place(pyramid) {
            Some(Place::Board { cell, .. }) => format!("{size} pyramid on {cell}"),
            Some(Place::Reserve) => format!("{size} pyramid in reserve"),
            None => format!("{size} pyramid"),
        }
    }

    /// The refusal of an action on a board pyramid given one still in the reserve.
    pub(crate) fn not_on_board(pyramid: PyramidId) -> String {
        format!("your {} pyramid is in your reserve, not on the board", pyramid.size.word())
    }

    /// Moves a pyramid of this game (the caller checked it is one).
    pub(crate) fn set_place(&mut self, pyramid: PyramidId, place: Place) {
        if let Some(seat) = self.owner(pyramid) {
            self.player_mut(seat).pyramids[pyramid.slot()] = place;
        }
    }

    /// Every pyramid on `cell` with its owner and orientation, seat by seat, canonical order.
    pub(crate) fn pyramids_on(&self, cell: Cell) -> impl Iterator<Item = (Seat, PyramidId, Orient)> + '_ {
        self.seats().flat_map(move |seat| {
            self.player(seat).all().filter_map(move |(id, place)| match place {
                Place::Board { cell: c, orient } if c == cell => Some((seat, id, orient)),
                _ => None,
            })
        })
    }

    /// Whether `seat` occupies `cell` (§2.6).
    pub(crate) fn occupies(&self, seat: Seat, cell: Cell) -> bool {
        self.player(seat).pyramids.iter().any(|p| p.cell() == Some(cell))
    }

    /// The occupants of `cell` (§2.6).
    pub(crate) fn occupants(&self, cell: Cell) -> SeatSet {
        self.seats().filter(|s| self.occupies(*s, cell)).collect()
    }

    /// The grid card at a card cell.
    pub(crate) fn grid_card(&self, cell: Cell) -> Option<&GridCard> {
        cell.index().map(|i| &self.grid[i])
    }

    /// A player's name in rule messages: their colour.
    pub(crate) fn colour(&self, seat: Seat) -> Colour {
        self.player(seat).colour
    }
}

/// §3: seats, colours, the common pool, the deal; then the sealed starting dice.
pub(crate) fn setup(options: &Options, players: usize, mut rng: GameRng) -> Result<ConquestOfMars, SetupError> {
    if !(2..=4).contains(&players) {
        return Err(SetupError::PlayerCount { game: NAME, min: 2, max: 4, got: players });
    }
    let colours = options.colours_for(players)?;
    let mut cards = deck();
    rng.shuffle(&mut cards);
    let grid = cards[..CARD_CELLS].iter().map(|card| GridCard { card: *card, face_up: false }).collect();
    let dealt = CARD_CELLS + HAND * players;
    let players = colours
        .iter()
        .enumerate()
        .map(|(i, colour)| Player {
            colour: *colour,
            hand: [cards[CARD_CELLS + HAND * i], cards[CARD_CELLS + HAND * i + 1]],
            pyramids: [Place::Reserve; PYRAMIDS],
            dice: DicePool::EMPTY,
            start_die: None,
            resigned: false,
        })
        .collect();
    let common = DicePool::standard(options.dice_mix, colours.len());
    Ok(ConquestOfMars {
        options: options.clone(),
        players,
        grid,
        aside: cards[dealt..].to_vec(),
        common,
        dice_total: common,
        phase: Phase::SetupDieChoice,
        turn_order: Vec::new(),
        current: Seat(0),
        round: 1,
        cancels: 0,
        result: None,
        rng,
        last_cells: ForPictures::default(),
    })
}
