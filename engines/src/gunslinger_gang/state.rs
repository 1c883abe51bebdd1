//! Gunslinger Gang state (§2.8): players, towns, stacks, decks, and the reveal in progress;
//! its options (§2.5) and set-up (§3), whose RNG calls happen in exactly the order the spec fixes.

use serde::{Deserialize, Serialize};

use super::action::{Ability, Role, Timing};
use super::board::{self, Pos, Slot, Tile};
use super::cards::{Colour, Item, News, Underling, UnderlingSet};
use super::scoring::{FinalResult, ScoringReport};
use crate::game::{Seat, SeatSet, SetupError};
use crate::parts::ForPictures;
use crate::rng::GameRng;

/// Gunslingers per colour (§2.1).
pub const GUNSLINGERS: u8 = 20;
/// Rounds in a game (R35).
pub const ROUNDS: u8 = 4;
/// Underlings each player sends out per round (R1).
pub const PLAYS_PER_ROUND: u8 = 5;
/// News Stories dealt to each player at setup (§2.6).
pub const STARTING_NEWS: usize = 3;
/// Building tokens by value 1, 2, 3 (§2.7).
pub const BUILDINGS: [u8; 3] = [2, 6, 2];

/// Which items are in the game (§2.5 option `items`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ItemSet {
    /// All fourteen.
    #[default]
    All,
    /// I01–I10: no red-dot items.
    NoRed,
}

impl ItemSet {
    /// The items in the set, I01 upwards.
    #[must_use]
    pub fn items(self) -> &'static [Item] {
        match self {
            Self::All => &Item::ALL,
            Self::NoRed => &Item::ALL[..10],
        }
    }
}

/// Table options, fixed at creation. Omitted fields take their defaults.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// `all` (default) or `no_red` (§2.5).
    pub items: ItemSet,
    /// Colours by seat; empty = Red, Blue, Green, Yellow in seat order (§3 step 1).
    pub colours: Vec<Colour>,
}

impl Options {
    /// The colour of each seat: as chosen, else Red, Blue, Green, Yellow in seat order.
    #[must_use]
    pub fn colours_or_default(&self, players: usize) -> Vec<Colour> {
        if self.colours.is_empty() { Colour::ALL[..players.min(4)].to_vec() } else { self.colours.clone() }
    }
}

/// Once-per-round item uses (§2.5), reset at Round start.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Used {
    /// Secret Passage (I13).
    pub secret_passage: bool,
    /// Forged Orders (I14).
    pub forged_orders: bool,
    /// Jail Keys (I12).
    pub jail_keys: bool,
    /// Lasso (I10).
    pub lasso: bool,
}

/// One player (§2.8).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub(crate) colour: Colour,
    /// The public VP track (Most Wanted, R13).
    pub(crate) vp: u32,
    /// Gunslingers not on the board.
    pub(crate) supply: u8,
    /// Underlings in hand; the others are in stacks, resolving, or in `resolved`.
    pub(crate) hand: UnderlingSet,
    /// The public Resolved row (R20).
    pub(crate) resolved: UnderlingSet,
    /// News Stories in hand.
    pub(crate) news: Vec<News>,
    /// News Stories every player saw go back to this hand (kept at a Reveal, R11): their
    /// identity stays public while this player holds them, in hand or attached again.
    /// Read by determinization only.
    #[serde(default)]
    pub(crate) known_news: Vec<News>,
    /// Items held, in claim order; they never leave (R8).
    pub(crate) items: Vec<Item>,
    pub(crate) dynamite_spent: bool,
    pub(crate) used: Used,
    /// Resigned (Designed): later decisions take their defaults; ranks last.
    pub(crate) resigned: bool,
}

impl Player {
    /// A player at the start of the game: all six underlings in hand.
    pub(crate) fn new(colour: Colour, supply: u8, news: Vec<News>) -> Self {
        Self {
            colour,
            vp: 0,
            supply,
            hand: UnderlingSet::FULL,
            resolved: UnderlingSet::default(),
            news,
            known_news: Vec::new(),
            items: Vec::new(),
            dynamite_spent: false,
            used: Used::default(),
            resigned: false,
        }
    }

    pub(crate) fn holds(&self, item: Item) -> bool {
        self.items.contains(&item)
    }

    /// News hand limit: 5, or 7 with Saddlebags (§2.6).
    pub(crate) fn hand_limit(&self) -> usize {
        if self.holds(Item::Saddlebags) { 7 } else { 5 }
    }
}

/// An underling in a stack (§2.8 `StackEntry`), always face down there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub(crate) owner: Seat,
    pub(crate) card: Underling,
    pub(crate) news: Option<News>,
}

/// A position of the grid: a town once face up (§2.2, §2.8).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Town {
    pub(crate) tile: Tile,
    pub(crate) face_up: bool,
    /// The unclaimed item here (face down while the position is).
    pub(crate) item: Option<Item>,
    /// Building values, in placement order.
    pub(crate) buildings: Vec<u8>,
    /// Underlings, bottom to top.
    pub(crate) stack: Vec<Entry>,
    /// Outlaws per seat.
    pub(crate) outlaws: [u8; 4],
    pub(crate) sheriff: Option<Seat>,
    pub(crate) deputy: Option<Seat>,
    pub(crate) gold_strike: bool,
    pub(crate) collapse: bool,
    pub(crate) wagers: SeatSet,
}

impl Town {
    pub(crate) fn new(tile: Tile, face_up: bool, item: Option<Item>) -> Self {
        Self {
            tile,
            face_up,
            item,
            buildings: Vec::new(),
            stack: Vec::new(),
            outlaws: [0; 4],
            sheriff: None,
            deputy: None,
            gold_strike: false,
            collapse: false,
            wagers: SeatSet::EMPTY,
        }
    }

    /// Outlaws + lawmen of `seat` here (§2.1).
    pub(crate) fn count(&self, seat: Seat) -> u8 {
        self.outlaws[seat.index()] + u8::from(self.sheriff == Some(seat)) + u8::from(self.deputy == Some(seat))
    }

    /// The holder of `role`.
    pub(crate) fn lawman(&self, role: Role) -> Option<Seat> {
        match role {
            Role::Sheriff => self.sheriff,
            Role::Deputy => self.deputy,
        }
    }

    pub(crate) fn lawman_mut(&mut self, role: Role) -> &mut Option<Seat> {
        match role {
            Role::Sheriff => &mut self.sheriff,
            Role::Deputy => &mut self.deputy,
        }
    }

    /// Whether the tile has this slot.
    pub(crate) fn has_slot(&self, role: Role) -> bool {
        role == Role::Sheriff || self.tile.has_deputy()
    }

    /// Whether the slot exists and is empty.
    pub(crate) fn vacant(&self, role: Role) -> bool {
        self.has_slot(role) && self.lawman(role).is_none()
    }

    /// Turns `role`'s holder back into an outlaw here (Jailbreak, Election, Jail Keys).
    pub(crate) fn demote(&mut self, role: Role) -> Option<Seat> {
        let holder = self.lawman_mut(role).take()?;
        self.outlaws[holder.index()] += 1;
        Some(holder)
    }

    /// Promotes one of `seat`'s outlaws here to `role`; the caller checked it is legal.
    pub(crate) fn promote(&mut self, seat: Seat, role: Role) {
        self.outlaws[seat.index()] -= 1;
        *self.lawman_mut(role) = Some(seat);
    }
}

/// Where the round stands (§4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// §4.2.
    Planning,
    /// §4.3–4.8.
    Resolution,
    /// §6.4: the game is over.
    Finished,
}

/// The decision inside a reveal (§4.4–4.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Step {
    /// `NewsTiming`.
    Timing,
    /// `ChooseAbility`.
    Ability,
    /// A steps with `left` budget (§4.6).
    Hustle {
        /// Budget left.
        left: u8,
    },
    /// KID C: `Ambush{player}` (mandatory).
    Ambush,
    /// PREACHER C: `ElectPromote`, each role once.
    Elect {
        /// Sheriff already elected.
        sheriff: bool,
        /// Deputy already elected.
        deputy: bool,
    },
    /// HIREDGUN C: up to `left` pushes.
    Push {
        /// Pushes left.
        left: u8,
    },
    /// RANCHER C: one `Drive`.
    Drive,
    /// Dynamite: up to `left` blasts.
    Blast {
        /// Blasts left.
        left: u8,
    },
    /// Railroad: up to `left` rail moves.
    Rail {
        /// Moves left.
        left: u8,
    },
    /// Swearing In: one `SwearIn`.
    SwearIn,
    /// Turncoat: `Turncoat{player}` (mandatory).
    Turncoat,
}

/// The entry being revealed (§4.4), public from step 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Resolving {
    pub(crate) seat: Seat,
    pub(crate) town: Pos,
    pub(crate) card: Underling,
    /// The attached News Story until REVEAL step 4 (R37); `None` once kept.
    pub(crate) news: Option<News>,
    /// Revealed with Forged Orders.
    pub(crate) second: bool,
    pub(crate) timing: Option<Timing>,
    pub(crate) ability: Option<Ability>,
    pub(crate) news_done: bool,
    pub(crate) ability_done: bool,
    pub(crate) step: Step,
}

/// A whole game of Gunslinger Gang.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GunslingerGang {
    pub(crate) options: Options,
    pub(crate) players: Vec<Player>,
    /// Positions in reading order.
    pub(crate) towns: Vec<Town>,
    /// Top first.
    pub(crate) deck: Vec<News>,
    pub(crate) discard: Vec<News>,
    /// Boomtowns removed from the game (§2.6).
    pub(crate) removed: Vec<News>,
    pub(crate) item_leftover: Vec<Item>,
    pub(crate) unused_tiles: Vec<Tile>,
    /// Building tokens left, by value 1, 2, 3.
    pub(crate) buildings: [u8; 3],
    pub(crate) round: u8,
    pub(crate) phase: Phase,
    pub(crate) start_seat: Seat,
    pub(crate) current: Seat,
    pub(crate) plays_done: u8,
    pub(crate) resolving: Option<Resolving>,
    /// The breakdown of the latest Scoring phase (§8.6).
    pub(crate) last_scoring: Option<ScoringReport>,
    /// Set at the end of the game (§6.4).
    pub(crate) result: Option<FinalResult>,
    pub(crate) rng: GameRng,
    /// The towns the latest action touched, for pictures only; no rule reads it. Tables
    /// saved before it existed read as none.
    #[serde(default)]
    pub(crate) last_towns: ForPictures<Vec<Pos>>,
}

impl GunslingerGang {
    pub(crate) fn player(&self, seat: Seat) -> &Player {
        &self.players[seat.index()]
    }

    pub(crate) fn player_mut(&mut self, seat: Seat) -> &mut Player {
        &mut self.players[seat.index()]
    }

    pub(crate) fn town(&self, pos: Pos) -> &Town {
        &self.towns[pos.index()]
    }

    pub(crate) fn town_mut(&mut self, pos: Pos) -> &mut Town {
        &mut self.towns[pos.index()]
    }

    /// Every seat, in seat order.
    pub(crate) fn seats(&self) -> impl Iterator<Item = Seat> + use<> {
        (0..self.players.len() as u8).map(Seat)
    }

    /// Every position, in reading order.
    pub(crate) fn positions(&self) -> impl Iterator<Item = Pos> + use<> {
        (0..self.towns.len()).map(Pos::from_index)
    }

    /// Every face-up town, in reading order.
    pub(crate) fn face_up(&self) -> impl Iterator<Item = Pos> + '_ {
        self.positions().filter(|p| self.town(*p).face_up)
    }

    /// Whether `pos` is on this grid and a town.
    pub(crate) fn is_town(&self, pos: Pos) -> bool {
        self.towns.get(pos.index()).is_some_and(|t| t.face_up)
    }

    /// The seat playing `colour`.
    pub(crate) fn seat_of(&self, colour: Colour) -> Option<Seat> {
        self.players.iter().position(|p| p.colour == colour).map(|i| Seat(i as u8))
    }

    /// The seat after `seat` ("left", §2.1).
    pub(crate) fn next_seat(&self, seat: Seat) -> Seat {
        Seat(((seat.index() + 1) % self.players.len()) as u8)
    }

    pub(crate) fn holds(&self, seat: Seat, item: Item) -> bool {
        self.player(seat).holds(item)
    }

    /// The Most Wanted players: everyone with the highest VP (R13).
    pub(crate) fn most_wanted(&self) -> SeatSet {
        let top = self.players.iter().map(|p| p.vp).max().unwrap_or(0);
        self.seats().filter(|s| self.player(*s).vp == top).collect()
    }

    /// A player's name in rule messages: their colour.
    pub(crate) fn colour(&self, seat: Seat) -> Colour {
        self.player(seat).colour
    }
}

/// §3 Setup.
///
/// # Errors
/// [`SetupError`] for a player count outside 2–4 or colours that are not one per seat.
pub(super) fn setup(options: &Options, players: usize, mut rng: GameRng) -> Result<GunslingerGang, SetupError> {
    validate(options, players)?;
    // Step 1 (R21): the table fixes the seats, so the seat shuffle becomes a draw of the first
    // start player; play still passes left (seat + 1).
    let start_seat = Seat(rng.below(players as u32) as u8);
    let (tiles, unused_tiles) = deal_tiles(players, &mut rng);
    let (items, item_leftover) = deal_items(options, players, &mut rng);
    let (hands, deck) = deal_news(players, &mut rng);
    let slots = board::layout(players);
    let mut towns: Vec<Town> = slots
        .iter()
        .zip(tiles)
        .zip(items)
        .map(|((slot, tile), item)| Town::new(tile, *slot != Slot::RandomDown, Some(item)))
        .collect();
    // Step 5: starting outlaws on every face-up town.
    let per_town = board::starting_outlaws(players);
    let mut on_board = 0;
    for town in towns.iter_mut().filter(|t| t.face_up) {
        town.outlaws[..players].fill(per_town);
        on_board += per_town;
    }
    let colours = options.colours_or_default(players);
    let players = colours.into_iter().zip(hands).map(|(c, news)| Player::new(c, GUNSLINGERS - on_board, news));
    // Steps 6–7.
    let mut game = GunslingerGang {
        options: options.clone(),
        players: players.collect(),
        towns,
        deck,
        discard: Vec::new(),
        removed: Vec::new(),
        item_leftover,
        unused_tiles,
        buildings: BUILDINGS,
        round: 1,
        phase: Phase::Planning,
        start_seat,
        current: start_seat,
        plays_done: 0,
        resolving: None,
        last_scoring: None,
        result: None,
        rng,
        last_towns: ForPictures::default(),
    };
    game.start_round(&mut Vec::new());
    Ok(game)
}

/// Step 2: fixed tiles, then the shuffled pool to the face-up random positions and then the
/// facedown ones, each in reading order. Returns the tiles by position and the unused ones.
fn deal_tiles(players: usize, rng: &mut GameRng) -> (Vec<Tile>, Vec<Tile>) {
    let slots = board::layout(players);
    let mut pool = Tile::POOL;
    rng.shuffle(&mut pool);
    let mut tiles: Vec<Tile> =
        slots.iter().map(|s| if let Slot::Fixed(tile) = s { *tile } else { Tile::Copper }).collect();
    let mut next = pool.into_iter();
    for wanted in [Slot::RandomUp, Slot::RandomDown] {
        for (tile, slot) in tiles.iter_mut().zip(slots) {
            if *slot == wanted {
                *tile = next.next().expect("the pool covers every random position");
            }
        }
    }
    (tiles, next.collect())
}

/// Step 3: the shuffled item set, one per position in reading order; the rest stay out.
fn deal_items(options: &Options, players: usize, rng: &mut GameRng) -> (Vec<Item>, Vec<Item>) {
    let mut items = options.items.items().to_vec();
    rng.shuffle(&mut items);
    let leftover = items.split_off(board::layout(players).len());
    (items, leftover)
}

/// Step 4: the shuffled News deck; 3 each, one at a time from seat 0.
fn deal_news(players: usize, rng: &mut GameRng) -> (Vec<Vec<News>>, Vec<News>) {
    let mut deck: Vec<News> = News::all().collect();
    rng.shuffle(&mut deck);
    let mut hands = vec![Vec::new(); players];
    for (i, card) in deck.drain(..STARTING_NEWS * players).enumerate() {
        hands[i % players].push(card);
    }
    (hands, deck)
}

/// Player count and options (§1, §2.5, §3 step 1).
fn validate(options: &Options, players: usize) -> Result<(), SetupError> {
    if !(2..=4).contains(&players) {
        return Err(SetupError::PlayerCount { game: "Gunslinger Gang", min: 2, max: 4, got: players });
    }
    let colours = &options.colours;
    if !colours.is_empty() {
        let distinct = colours.iter().enumerate().all(|(i, c)| !colours[..i].contains(c));
        if colours.len() != players || !distinct {
            return Err(SetupError::BadOption {
                option: "colours".into(),
                reason: format!("give {players} different colours (Red, Blue, Green, Yellow), one per seat"),
            });
        }
    }
    Ok(())
}
