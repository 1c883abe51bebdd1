//! The state of a Raja game (§2), its options and set-up (§3 steps 1–4).

use serde::{Deserialize, Serialize};

use super::grain::GRAIN_TOTAL;
use super::lands::{Cell, Lands};
use super::market::{Market, Order};
use super::siege::Siege;
use super::trade::Proposal;
use super::wall::Wall;
use crate::game::{Seat, SetupError};
use crate::parts::ForPictures;
use crate::parts::words::word_enum;
use crate::rng::GameRng;

/// Cash each player starts with (§2.1).
pub const START_CASH: u32 = 75;
/// All the money in the game (§2.1, R6).
pub const MONEY_TOTAL: u32 = 775;
/// Wall stones per colour (§2.1).
pub const STONES_PER_COLOR: u8 = 31;
/// The free setup allowance of stones (R26).
pub const SETUP_STONES: u8 = 9;
/// Proposals per segment (R14).
pub const MAX_PROPOSALS: u8 = 3;
/// The turn cap (R39).
pub const MAX_TURNS: u8 = 20;
/// The most players (§1).
pub const MAX_PLAYERS: usize = 5;
/// The largest ransom demand (§2.1).
pub const RANSOM_MAX: u32 = 775;
/// The most stones one declaration may take (§2.1).
pub const DECLARE_MAX: u8 = 24;
/// Shields of each face (§2.2).
pub const SHIELDS_PER_FACE: u8 = 10;
/// Elephants in the game (§2.2).
pub const ELEPHANTS: u8 = 10;

/// Player colours (cosmetic, §2.2), in assignment order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[allow(missing_docs)]
pub enum Colour {
    Black,
    White,
    Green,
    Orange,
    Purple,
}

impl Colour {
    /// In assignment order.
    pub const ALL: [Self; 5] = [Self::Black, Self::White, Self::Green, Self::Orange, Self::Purple];

    /// The colour's name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Black => "Black",
            Self::White => "White",
            Self::Green => "Green",
            Self::Orange => "Orange",
            Self::Purple => "Purple",
        }
    }
}

word_enum!(Colour, "a player colour");

/// Player markers by shape (§2.2), in the canonical order of §3 step 4.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[allow(missing_docs)]
pub enum Marker {
    Chair,
    Minaret,
    Head,
    Square,
    Dragon,
}

impl Marker {
    /// Canonical order.
    pub const ALL: [Self; 5] = [Self::Chair, Self::Minaret, Self::Head, Self::Square, Self::Dragon];

    /// The shape's name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Chair => "chair",
            Self::Minaret => "minaret",
            Self::Head => "head",
            Self::Square => "square",
            Self::Dragon => "dragon",
        }
    }
}

word_enum!(Marker, "a marker shape");

/// Table options. Omitted fields take their defaults.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// Colours chosen by the seats in join order (§3 step 1); seats without a choice take the
    /// first unused colour in list order (Black, White, Green, Orange, Purple). Read from a
    /// list (`["White", "Black"]`) or, as `/play` and `saloon play --opt` write it, from one
    /// word of names joined by `/` (`colours=white/black`), in any case.
    #[serde(deserialize_with = "colour_list")]
    pub colours: Vec<Colour>,
}

/// A list of colours, or one word of colour names joined by `/`.
fn colour_list<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Vec<Colour>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Written {
        List(Vec<String>),
        Word(String),
    }
    let names = match Written::deserialize(deserializer)? {
        Written::List(names) => names,
        Written::Word(word) => word.split('/').map(str::to_string).collect(),
    };
    names.iter().filter(|n| !n.trim().is_empty()).map(|n| n.parse().map_err(serde::de::Error::custom)).collect()
}

/// Where a noble is (§2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Noble {
    /// Not yet placed (setup only).
    Unplaced,
    /// At home: the city exists.
    Home,
    /// Captured by this seat (R35): the city has ceased.
    Captured(Seat),
}

/// One of a player's three cities `Ck` (§2.3): the noble, its tile, wall and grain column.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct City {
    /// The noble that founds it.
    pub noble: Noble,
    /// The noble's tile (kept after a capture, for the record).
    pub cell: Option<Cell>,
    /// The wall.
    pub wall: Wall,
    /// Grain tokens in its column (§2.5).
    pub column: u8,
}

impl City {
    /// A city whose noble is not placed yet.
    #[must_use]
    pub fn unplaced() -> Self {
        Self { noble: Noble::Unplaced, cell: None, wall: Wall::default(), column: 0 }
    }

    /// Whether the city exists: its noble is home (§2.3).
    #[must_use]
    pub fn exists(&self) -> bool {
        self.noble == Noble::Home
    }

    /// The tile of an existing city.
    #[must_use]
    pub fn home(&self) -> Option<Cell> {
        if self.exists() { self.cell } else { None }
    }
}

/// A shield deployed on a tile (§4.4 `shield_deploy`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Shield {
    /// The tile.
    pub cell: Cell,
    /// Face 1, 2 or 3.
    pub face: u8,
}

/// A captured noble (R35): whose, and which city it founded (1..=3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Captive {
    /// The noble's owner.
    pub owner: Seat,
    /// The city it founded, 1..=3.
    pub city: u8,
}

/// A player's progress through the private setup of §3 step 5.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetupProgress {
    /// `land_confirm` done (step a).
    pub confirmed: bool,
    /// Stones of the free allowance not yet declared (R26).
    pub allowance: u8,
    /// A declaration being placed.
    pub placing: Option<Placing>,
    /// `setup_done` sent.
    pub done: bool,
}

/// A declaration being placed (§4.4 `BUILD_PLACING`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placing {
    /// The city, 0-based.
    pub city: u8,
    /// Stones still to place.
    pub pending: u8,
}

/// One player (§2.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// Colour (cosmetic).
    pub colour: Colour,
    /// Marker shape.
    pub marker: Marker,
    /// Cash behind the blinder (R5): only its owner sees it.
    pub cash: u32,
    /// Wall stones in reserve.
    pub stones: u8,
    /// Territory tiles.
    pub lands: Lands,
    /// Cities C1, C2, C3.
    pub cities: [City; 3],
    /// Reserve shields by face (index 0 = face 1).
    pub shields: [u8; 3],
    /// Deployed shields, in canonical order.
    pub deployed: Vec<Shield>,
    /// Elephants in reserve.
    pub elephants: u8,
    /// Nobles this player captured.
    pub captured: Vec<Captive>,
    /// Where this player's marker stands: on whose lands, which cell.
    pub marker_at: Option<(Seat, Cell)>,
    /// Markets used this turn (R19), by [`Market`] index.
    pub markets_used: [bool; 3],
    /// Resigned (R48).
    pub resigned: bool,
    /// Setup progress, until every player is done (§3 step 6).
    pub setup: Option<SetupProgress>,
}

impl Player {
    pub(crate) fn new(colour: Colour, marker: Marker) -> Self {
        Self {
            colour,
            marker,
            cash: START_CASH,
            stones: STONES_PER_COLOR,
            lands: Lands::block(),
            cities: [City::unplaced(), City::unplaced(), City::unplaced()],
            shields: [1, 1, 0],
            deployed: Vec::new(),
            elephants: 0,
            captured: Vec::new(),
            marker_at: None,
            markets_used: [false; 3],
            resigned: false,
            setup: Some(SetupProgress { allowance: SETUP_STONES, ..SetupProgress::default() }),
        }
    }

    /// Stones in all walls.
    #[must_use]
    pub fn wall_stones(&self) -> u8 {
        self.cities.iter().map(|c| c.wall.stones()).sum()
    }

    /// The existing city on `cell`, 0-based.
    #[must_use]
    pub fn city_at(&self, cell: Cell) -> Option<usize> {
        self.cities.iter().position(|c| c.home() == Some(cell))
    }

    /// Whether a home noble stands on `cell`.
    #[must_use]
    pub fn noble_on(&self, cell: Cell) -> bool {
        self.city_at(cell).is_some()
    }

    /// Whether setup is over for this player (done, or the game is past setup).
    #[must_use]
    pub fn set_up(&self) -> bool {
        self.setup.as_ref().is_none_or(|s| s.done)
    }
}

/// Elephants of `attacker` standing at `target`'s city until Cleanup (§4.6 step 7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Herd {
    /// Whose elephants.
    pub attacker: Seat,
    /// Whose lands.
    pub target: Seat,
    /// The city attacked, 0-based.
    pub city: u8,
    /// Elephants still there.
    pub count: u8,
    /// `max(1, W)` when assigned (§9.11).
    pub cap: u8,
}

/// §4.2 AUCTION state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Auction {
    /// The seat to bid or pass now.
    pub to_act: Seat,
    /// The high seat and bid, once the opener has bid.
    pub high: Option<(Seat, u32)>,
    /// Seats that passed (final for this auction).
    pub passed: crate::game::SeatSet,
    /// Each seat's latest bid in this auction, by seat (bids are public, §5): the bid
    /// history the board shows. Older saves have none.
    #[serde(default)]
    pub bids: [Option<u32>; MAX_PLAYERS],
}

/// The decision inside a segment (§4.3–4.6).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Step {
    /// `COMMERCE_MAIN`.
    Commerce,
    /// `TRADE_WINDOW`, then `TRADE_CHOICE`.
    Trade(Proposal),
    /// `FILL_WINDOW`.
    Fill(Order),
    /// `BUILD_MAIN`.
    Build,
    /// `BUILD_PLACING`.
    Placing(Placing),
    /// `SIEGE_MARKER`.
    Marker,
    /// `SIEGE_ASSIGN` onwards.
    Siege(Siege),
}

/// One active player's segment (§4, R13).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Segment {
    /// The auction winner, active first.
    pub first: Seat,
    /// Segments done before this one this turn (active = first + index, clockwise).
    pub index: u8,
    /// Proposals used (R14).
    pub proposals: u8,
    /// The one-stone building credit (R24): 0 or 1.
    pub credit: u8,
    /// The decision now.
    pub step: Step,
}

/// Where the game is (§4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// §3 step 5: private, simultaneous setup.
    Setup,
    /// §4.2.
    Auction(Auction),
    /// §4.3–4.6.
    Segment(Segment),
    /// §6: the game is over.
    Over,
}

/// Why the game ended (§6, R38, R39, R48).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// Someone had reached the threshold at Cleanup.
    Threshold,
    /// Turn 20 ended.
    TurnCap,
    /// Every other player resigned.
    LastStanding,
}

/// A game of Raja.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Raja {
    pub(crate) options: Options,
    pub(crate) players: Vec<Player>,
    /// Prices by [`Market`] index: grain 1..5, shields 6..10, elephants 11..16.
    pub(crate) prices: [u8; 3],
    pub(crate) grain_pile: u8,
    /// Market stock of shields by face.
    pub(crate) shield_stock: [u8; 3],
    pub(crate) elephant_stock: u8,
    /// Hidden from everyone (R5).
    pub(crate) bank: u32,
    /// Turn `t`, 1..=20.
    pub(crate) turn: u8,
    /// `s1`, the starting seat of turn 1 (R1).
    pub(crate) first_seat: Seat,
    pub(crate) phase: Phase,
    pub(crate) herds: Vec<Herd>,
    pub(crate) end: Option<EndReason>,
    pub(crate) rng: GameRng,
    /// The public event of the latest action that had one, for the pictures only (no rule
    /// reads it); a table saved before it existed reads it as none.
    #[serde(default)]
    pub(crate) last_move: ForPictures<Option<super::events::Event>>,
}

impl Raja {
    /// Number of seats.
    pub(crate) fn n(&self) -> usize {
        self.players.len()
    }

    /// Every seat in order.
    pub(crate) fn seats(&self) -> impl Iterator<Item = Seat> + use<> {
        (0..self.players.len() as u8).map(Seat)
    }

    /// The seat after `seat`, clockwise (R2).
    pub(crate) fn next(&self, seat: Seat) -> Seat {
        Seat(((seat.index() + 1) % self.n()) as u8)
    }

    /// A player.
    pub(crate) fn player(&self, seat: Seat) -> &Player {
        &self.players[seat.index()]
    }

    /// A player, to change.
    pub(crate) fn player_mut(&mut self, seat: Seat) -> &mut Player {
        &mut self.players[seat.index()]
    }

    /// The seat playing `colour`.
    pub(crate) fn seat_of(&self, colour: Colour) -> Option<Seat> {
        self.players.iter().position(|p| p.colour == colour).map(|i| Seat(i as u8))
    }

    /// The starting seat of this turn, holder of the season indicator: `(s1 + t − 1) mod n`.
    pub(crate) fn starting_seat(&self) -> Seat {
        Seat(((self.first_seat.index() + usize::from(self.turn) - 1) % self.n()) as u8)
    }

    /// The active player's segment, if one is under way.
    pub(crate) fn segment(&self) -> Option<&Segment> {
        match &self.phase {
            Phase::Segment(segment) => Some(segment),
            _ => None,
        }
    }

    /// The active player, during a segment.
    pub(crate) fn active(&self) -> Option<Seat> {
        self.segment().map(|s| Seat(((s.first.index() + usize::from(s.index)) % self.n()) as u8))
    }

    /// Seats that have not resigned.
    pub(crate) fn standing(&self) -> impl Iterator<Item = Seat> + '_ {
        self.seats().filter(|s| !self.player(*s).resigned)
    }

    /// The price of a market now.
    pub(crate) fn price(&self, market: Market) -> u8 {
        self.prices[market.index()]
    }
}

/// §3 steps 1–4: colours, money, markets, the starting seat and the markers; every player
/// then sets up privately (step 5).
pub(crate) fn setup(options: &Options, players: usize, mut rng: GameRng) -> Result<Raja, SetupError> {
    if !(2..=5).contains(&players) {
        return Err(SetupError::PlayerCount { game: "Raja", min: 2, max: 5, got: players });
    }
    let colours = assign_colours(options, players)?;
    // R1: the starting seat replaces "the oldest player".
    let first_seat = Seat(rng.below(players as u32) as u8);
    let mut shapes = Marker::ALL.to_vec();
    let markers: Vec<Marker> = (0..players).map(|_| shapes.remove(rng.index(shapes.len()))).collect();
    let n = players as u8;
    Ok(Raja {
        options: options.clone(),
        players: colours.into_iter().zip(markers).map(|(c, m)| Player::new(c, m)).collect(),
        prices: Market::ALL.map(Market::start_price),
        grain_pile: GRAIN_TOTAL,
        shield_stock: [SHIELDS_PER_FACE - n, SHIELDS_PER_FACE - n, SHIELDS_PER_FACE],
        elephant_stock: ELEPHANTS,
        bank: MONEY_TOTAL - START_CASH * u32::from(n),
        turn: 1,
        first_seat,
        phase: Phase::Setup,
        herds: Vec::new(),
        end: None,
        rng,
        last_move: ForPictures(None),
    })
}

/// §3 step 1: chosen colours in seat order, then the first unused ones.
fn assign_colours(options: &Options, players: usize) -> Result<Vec<Colour>, SetupError> {
    let bad = |reason: String| Err(SetupError::BadOption { option: "colours".into(), reason });
    if options.colours.len() > players {
        return bad(format!("{} colours for {players} players", options.colours.len()));
    }
    let mut colours: Vec<Colour> = Vec::with_capacity(players);
    for colour in &options.colours {
        if colours.contains(colour) {
            return bad(format!("{colour} is chosen twice"));
        }
        colours.push(*colour);
    }
    while colours.len() < players {
        let free = Colour::ALL.into_iter().find(|c| !colours.contains(c)).unwrap_or(Colour::Purple);
        colours.push(free);
    }
    Ok(colours)
}
