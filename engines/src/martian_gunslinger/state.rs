//! Martian Gunslinger state (§2): board, pieces, plotpoints, card zones, the slot machine;
//! its options, and set-up steps 1–4 (§3: colours, the order roll, quotas). The placement
//! turns and the deal that follow are decisions, in `placement.rs`.

use serde::{Deserialize, Serialize};

use super::action::{EventParams, Pile};
use crate::game::{Seat, SetupError};
use crate::parts::cards::{Card, CardSet, Rank};
use crate::parts::dice::D6;
use crate::parts::dice::Treehouse;
use crate::parts::grid::{Direction, Square};
use crate::parts::pyramids::{Colour, Size};
use crate::parts::words::word_enum;
use crate::rng::GameRng;

/// R50: the game ends after the last slot of round 50.
pub const ROUND_CAP: u16 = 50;
/// R31: hand limit at the end of T9.
pub const HAND_LIMIT: usize = 10;
/// §6: this many VP end the game.
pub const WIN_VP: u8 = 7;
/// The board is 8 × 8.
pub const BOARD: u8 = 8;
/// §2.2: colours in list order; plotpoints take the first one no player chose (R2).
pub const COLOURS: [Colour; 5] = [Colour::Red, Colour::Orange, Colour::Yellow, Colour::Green, Colour::Blue];
/// §3 step 7: cards dealt to each hand.
pub const DEAL: usize = 4;
/// §4.9 Hidden-event refill target of the 8/9 hand card: draw the hand up to six.
pub const REFILL_TO: usize = 6;

/// Table options (Designed: kept minimal so a table needs no lobby input).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// Colours chosen by the seats in join order (§3 step 1); seats without a choice take
    /// the first free colour in list order (Red, Orange, Yellow, Green, Blue).
    pub colours: Vec<Colour>,
}

/// A plotpoint, named by its size (sizes have no other effect, §2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum PlotId {
    /// The large one, placed first (R6).
    PL,
    /// The medium one.
    PM,
    /// The small one, placed last.
    PS,
}

impl PlotId {
    /// In placement order (R6).
    pub const ALL: [Self; 3] = [Self::PL, Self::PM, Self::PS];

    /// `PL`, `PM` or `PS`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::PL => "PL",
            Self::PM => "PM",
            Self::PS => "PS",
        }
    }
}

word_enum!(PlotId, "a plotpoint");

/// A player's gunslinger (§2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Piece {
    /// S, M or L.
    pub size: Size,
    /// Its square; `None` before placement and while `Off` (removed after losing as S).
    pub square: Option<Square>,
    /// Where it points; may point off the board after moving (R7).
    pub facing: Direction,
}

/// What a player's event slot holds (§2.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EventStatus {
    /// Face down; only the owner knows the card.
    Hidden,
    /// Casino Tycoon revealed (§4.9, R36): resolves at T10 of the owner's next slot.
    Tycoon {
        /// The designated Queen.
        casino: Card,
        /// The designated 2.
        bank: Card,
        /// The third designated card.
        other: Card,
        /// The slot in which it was revealed.
        reveal_slot: u32,
    },
    /// Hanging Judge revealed (§4.9, R37): pays 2 VP on a won attack.
    Judge {
        /// The designated Ace (Undertaker).
        ace: Card,
        /// The designated 4 (Courthouse).
        four: Card,
    },
}

/// The card in an event slot and its status.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventSlot {
    /// The event card.
    pub card: Card,
    /// Hidden or pending.
    pub status: EventStatus,
}

/// What a token card does (§4.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TokenKind {
    /// +1 card drawn in every poker contest (Queen, or King in Draw mode).
    Draw,
    /// +1 card exchanged in every poker contest (Jack, or King in Discard mode).
    Discard,
    /// One re-roll in T2a (Ace); discarded when used (R28).
    Reroll,
}

/// A card kept in front of its owner as a permanent bonus or a re-roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Token {
    /// The card.
    pub card: Card,
    /// What it gives.
    pub kind: TokenKind,
}

/// The latest movement on the board, kept for the picture (§8.9 "pieces with facing arrows"):
/// what the slot's player moved in the most recent slot that moved anything. Public: every
/// square in it was visible as the move happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LastMove {
    /// The slot's player who moved.
    pub seat: Seat,
    /// The squares the mover's piece stood on, its start first (Step, Hop, the 10's ride);
    /// empty when the slot only swapped.
    pub path: Vec<Square>,
    /// The two squares whose pyramids a Swap exchanged.
    pub swap: Option<(Square, Square)>,
}

/// One player (§2.5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub(crate) colour: Colour,
    pub(crate) home: Option<Square>,
    pub(crate) piece: Piece,
    pub(crate) vp: u8,
    pub(crate) lifetime: u8,
    pub(crate) lost_turns: u8,
    pub(crate) last_attempt: Option<PlotId>,
    pub(crate) hand: CardSet,
    pub(crate) event: Option<EventSlot>,
    pub(crate) resources: CardSet,
    pub(crate) locked: CardSet,
    pub(crate) tokens: Vec<Token>,
    /// Plotpoints this player still places in setup (R4).
    pub(crate) quota: u8,
    pub(crate) resigned: bool,
}

impl Player {
    pub(crate) fn new(colour: Colour) -> Self {
        Self {
            colour,
            home: None,
            piece: Piece { size: Size::Small, square: None, facing: Direction::N },
            vp: 0,
            lifetime: 0,
            lost_turns: 0,
            last_attempt: None,
            hand: CardSet::EMPTY,
            event: None,
            resources: CardSet::EMPTY,
            locked: CardSet::EMPTY,
            tokens: Vec::new(),
            quota: 0,
            resigned: false,
        }
    }

    /// §2.5 `draw_bonus`: Queens and Draw-mode Kings among the tokens.
    pub(crate) fn draw_bonus(&self) -> u8 {
        self.tokens.iter().filter(|t| t.kind == TokenKind::Draw).count() as u8
    }

    /// §2.5 `discard_bonus`: Jacks and Discard-mode Kings among the tokens.
    pub(crate) fn discard_bonus(&self) -> u8 {
        self.tokens.iter().filter(|t| t.kind == TokenKind::Discard).count() as u8
    }

    /// Ace tokens not yet spent.
    pub(crate) fn rerolls(&self) -> u8 {
        self.tokens.iter().filter(|t| t.kind == TokenKind::Reroll).count() as u8
    }

    /// Pips of the piece on the board (`Off` = 0), for ties (§4.9.1, §6).
    pub(crate) fn pips_on_board(&self) -> u8 {
        if self.piece.square.is_some() { self.piece.size.pips() } else { 0 }
    }

    /// Face-up resources of one rank.
    pub(crate) fn resources_of(&self, rank: Rank) -> CardSet {
        self.resources.of_rank(rank)
    }

    /// Whether the face-up resources hold a card of this rank.
    pub(crate) fn has(&self, rank: Rank) -> bool {
        !self.resources_of(rank).is_empty()
    }

    /// Whether the event slot holds a Hidden card.
    pub(crate) fn hidden_event(&self) -> Option<Card> {
        self.event.filter(|e| e.status == EventStatus::Hidden).map(|e| e.card)
    }
}

/// The state of the active player's turn (§2.6).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnState {
    /// Movement points left.
    pub(crate) mp: u8,
    /// The table d6 as rolled (after re-rolls).
    pub(crate) d6: u8,
    /// The Treehouse die as rolled (after re-rolls).
    pub(crate) face: Option<Treehouse>,
    /// The power in effect (Wild resolved; `None` after `WildReroll`).
    pub(crate) power: Option<Treehouse>,
    pub(crate) aim_used: bool,
    pub(crate) hop_used: bool,
    /// Attempt or attack made this turn.
    pub(crate) acted: bool,
    /// T6 + T7 plays (R30).
    pub(crate) cards_played: u8,
    /// Hand card played this turn.
    pub(crate) hand_card_played: bool,
    /// A re-entry turn (R23): T1–T5 skipped.
    pub(crate) reentry: bool,
    /// A card taken by Dig, waiting for `DigTo`.
    pub(crate) dug: Option<(Card, Pile)>,
    /// 8/9 refill: cards chosen to discard so far, and whether to swap the event card.
    pub(crate) refill: CardSet,
    pub(crate) refill_swap: bool,
}

/// Why a poker contest runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ContestKind {
    /// A piece attack (§4.6).
    Attack,
    /// Shootout, Barroom Brawl or Robbery (§4.9): the event under way says which.
    Event,
}

/// One side of a poker contest.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Side {
    pub(crate) seat: Seat,
    /// The contest hand (private until the showdown).
    pub(crate) hand: CardSet,
    /// Cards it may exchange.
    pub(crate) cap: u8,
    /// Cards chosen to exchange so far (sealed).
    pub(crate) chosen: CardSet,
    /// The exchange is submitted.
    pub(crate) done: bool,
}

/// A running poker contest (§4.6): initiator first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Contest {
    pub(crate) kind: ContestKind,
    pub(crate) sides: [Side; 2],
}

/// A revealed event card still resolving (Shootout, Brawl, Robbery, Jailbreak, Punch a Cow,
/// Mayor), with the parameters it was played with.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Running {
    pub(crate) card: Card,
    pub(crate) params: EventParams,
}

/// Where the game stands: the decision asked for, or the automatic step next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    /// §3 step 5: a placement turn of `placer`.
    Placement,
    /// §3 step 6: the compensation move.
    Compensation,
    /// T0: the slot begins.
    SlotStart,
    /// T0r: a removed piece re-enters.
    ReEnter,
    /// T1: the dice are rolled.
    Roll,
    /// T2a: spend Ace tokens on re-rolls.
    Reroll,
    /// T2b: the Wild face is resolved (decision) or the face becomes the power.
    Face,
    /// T2b decision.
    Wild,
    /// T2c: Tip, Swap or Dig.
    Power,
    /// Dig: choose where the card goes.
    DigTo,
    /// T3.
    Move,
    /// T4.
    Action,
    /// A poker contest's sealed exchange window.
    Exchange,
    /// T6.
    HandCard,
    /// 8/9 refill: choose the cards to discard.
    Refill,
    /// T7.
    Resource,
    /// T8.
    Event,
    /// Mayor election: sealed bids.
    Bid,
    /// Mayor election: the winner pays.
    Pay,
    /// Jailbreak or Punch a Cow: the actor chooses a loss.
    Loss,
    /// T9: draw.
    Draw,
    /// T9: discard down to the hand limit.
    HandLimit,
    /// T10.
    SlotEnd,
    /// The game is over.
    Over,
}

/// How the game ended (§6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WinReason {
    /// Seven VP or more.
    Points,
    /// A straight flush among face-up resources.
    StraightFlush,
    /// Won a piece attack with every other piece off the board or at home.
    Forced,
    /// Mayor for three rounds.
    Mayor,
    /// The 50-round cap (R50).
    Cap,
    /// Everyone else resigned (Designed).
    LastStanding,
    /// Everyone resigned (Designed): no winner.
    AllResigned,
}

/// The end of the game: who won, why, and the full ranking.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Finish {
    pub(crate) winner: Option<Seat>,
    pub(crate) reason: WinReason,
    /// Every seat, best first.
    pub(crate) ranking: Vec<Seat>,
}

/// A whole game of Martian Gunslinger.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MartianGunslinger {
    pub(crate) players: Vec<Player>,
    /// Turn order: `order[0]` is P1 (§3 step 3).
    pub(crate) order: Vec<Seat>,
    pub(crate) plot_colour: Colour,
    /// Plotpoint squares, in `PlotId::ALL` order; `None` until placed.
    pub(crate) plotpoints: [Option<Square>; 3],
    /// Face down, the top is the last card.
    pub(crate) draw: Vec<Card>,
    /// Face up, the top is the last card.
    pub(crate) discard: Vec<Card>,
    /// Public cards of a running duel (Crack-Shot, Revival, Jailbreak, Punch a Cow) or
    /// exchanged contest cards.
    pub(crate) set_aside: Vec<Card>,
    pub(crate) contest: Option<Contest>,
    pub(crate) running: Option<Running>,
    /// Sealed Mayor bids, by seat.
    pub(crate) bids: Vec<Option<u8>>,
    /// Mayor winner and cards still to pay.
    pub(crate) payer: Option<(Seat, u8)>,
    pub(crate) stage: Stage,
    /// Placement turns taken so far (setup).
    pub(crate) placements: u8,
    pub(crate) round: u16,
    /// Index into `order` of the slot's player.
    pub(crate) turn_pos: usize,
    /// Slots begun so far, counting from 1.
    pub(crate) slot: u32,
    pub(crate) turn: TurnState,
    pub(crate) mayor: Option<Seat>,
    pub(crate) mayor_counter: u8,
    pub(crate) election_slot: u32,
    /// §4.6 step 5: the winner of the last piece attack, for win condition (c).
    pub(crate) forced_check: Option<Seat>,
    pub(crate) finish: Option<Finish>,
    /// The latest movement and the slot it happened in (for pictures only; no rule reads it).
    #[serde(default)]
    pub(crate) last_move: Option<(u32, LastMove)>,
    /// Cards shown publicly during the action being applied (discarded, or dug from the
    /// discard pile into a hand): their narration names them even if a reshuffle hides them
    /// again before the action ends, so they are not reported as secrets (§5).
    pub(crate) revealed: CardSet,
    pub(crate) rng: GameRng,
}

impl MartianGunslinger {
    pub(crate) fn player(&self, seat: Seat) -> &Player {
        &self.players[seat.index()]
    }

    /// The slot's player, A.
    pub(crate) fn active(&self) -> Seat {
        self.order[self.turn_pos]
    }

    /// Every seat in join order.
    pub(crate) fn seats(&self) -> impl Iterator<Item = Seat> + use<> {
        (0..self.players.len() as u8).map(Seat)
    }

    /// Seats in turn order starting with `from`.
    pub(crate) fn turn_order_from(&self, from: Seat) -> Vec<Seat> {
        let start = self.order.iter().position(|s| *s == from).unwrap_or(0);
        (0..self.players.len()).map(|i| self.order[(start + i) % self.players.len()]).collect()
    }

    /// 1-based position in turn order (P1…PN).
    pub(crate) fn order_number(&self, seat: Seat) -> usize {
        self.order.iter().position(|s| *s == seat).map_or(0, |i| i + 1)
    }

    /// The plotpoint on `square`, if any.
    pub(crate) fn plot_at(&self, square: Square) -> Option<PlotId> {
        PlotId::ALL.into_iter().find(|p| self.plotpoints[*p as usize] == Some(square))
    }

    /// The seat whose piece is on `square`, if any.
    pub(crate) fn piece_at(&self, square: Square) -> Option<Seat> {
        self.seats().find(|s| self.player(*s).piece.square == Some(square))
    }

    /// Whether any pyramid stands on `square`.
    pub(crate) fn occupied(&self, square: Square) -> bool {
        self.plot_at(square).is_some() || self.piece_at(square).is_some()
    }

    /// Players still in the game.
    pub(crate) fn playing(&self) -> impl Iterator<Item = Seat> + '_ {
        self.seats().filter(|s| !self.player(*s).resigned)
    }

    /// Opponents of `seat` still in the game, in turn order after it.
    pub(crate) fn opponents(&self, seat: Seat) -> Vec<Seat> {
        self.turn_order_from(seat).into_iter().skip(1).filter(|s| !self.player(*s).resigned).collect()
    }
}

/// R57: re-rolls of one tied group before the potato shuffle decides.
const MAX_REROLLS: u32 = 20;

/// §3 steps 1–4: seats, colours, the order roll and quotas; placements follow as decisions.
pub(super) fn setup(options: &Options, players: usize, mut rng: GameRng) -> Result<MartianGunslinger, SetupError> {
    if !(2..=4).contains(&players) {
        return Err(SetupError::PlayerCount { game: "Martian Gunslinger", min: 2, max: 4, got: players });
    }
    let colours = assign_colours(options, players)?;
    // R2: the plotpoints take the first colour nobody chose.
    let plot_colour = COLOURS.into_iter().find(|c| !colours.contains(c)).unwrap_or(Colour::Blue);
    let mut order = Vec::with_capacity(players);
    order_roll(&mut rng, (0..players as u8).map(Seat).collect(), 0, &mut order);
    let mut game = MartianGunslinger {
        players: colours.into_iter().map(Player::new).collect(),
        order,
        plot_colour,
        plotpoints: [None; 3],
        draw: Vec::new(),
        discard: Vec::new(),
        set_aside: Vec::new(),
        contest: None,
        running: None,
        bids: vec![None; players],
        payer: None,
        stage: Stage::Placement,
        placements: 0,
        round: 1,
        turn_pos: 0,
        slot: 0,
        turn: TurnState::default(),
        mayor: None,
        mayor_counter: 0,
        election_slot: 0,
        forced_check: None,
        finish: None,
        last_move: None,
        revealed: CardSet::EMPTY,
        rng,
    };
    // R4: 2p P1 2, P2 1; 3p one each; 4p P1–P3 one each.
    let quotas: &[u8] = match players {
        2 => &[2, 1],
        3 => &[1, 1, 1],
        _ => &[1, 1, 1, 0],
    };
    for (i, quota) in quotas.iter().enumerate() {
        let seat = game.order[i];
        game.players[seat.index()].quota = *quota;
    }
    Ok(game)
}

/// R57: the group rolls (in join order); tied subgroups re-roll from the highest roll down;
/// after 20 re-rolls a shuffle orders whoever is still tied.
fn order_roll(rng: &mut GameRng, mut group: Vec<Seat>, rerolls: u32, out: &mut Vec<Seat>) {
    if group.len() == 1 {
        out.extend(group);
        return;
    }
    if rerolls > MAX_REROLLS {
        rng.shuffle(&mut group);
        out.extend(group);
        return;
    }
    let rolls: Vec<(Seat, u8)> = group.iter().map(|s| (*s, D6::roll(rng).pips())).collect();
    for pips in (1..=6).rev() {
        let tied: Vec<Seat> = rolls.iter().filter(|(_, r)| *r == pips).map(|(s, _)| *s).collect();
        if !tied.is_empty() {
            order_roll(rng, tied, rerolls + 1, out);
        }
    }
}

/// §3 step 1: chosen colours must be distinct; the rest take the first free colours.
fn assign_colours(options: &Options, players: usize) -> Result<Vec<Colour>, SetupError> {
    let bad = |reason: String| Err(SetupError::BadOption { option: "colours".into(), reason });
    if options.colours.len() > players {
        return bad(format!("{} colours for {players} players", options.colours.len()));
    }
    let mut colours: Vec<Colour> = Vec::with_capacity(players);
    for colour in &options.colours {
        if !COLOURS.contains(colour) {
            return bad(format!("{colour} is not one of Red, Orange, Yellow, Green, Blue"));
        }
        if colours.contains(colour) {
            return bad(format!("{colour} is chosen twice"));
        }
        colours.push(*colour);
    }
    while colours.len() < players {
        let free = COLOURS.into_iter().find(|c| !colours.contains(c)).unwrap_or(Colour::Blue);
        colours.push(free);
    }
    Ok(colours)
}

/// `front(sq, d)` on the 8 × 8 board.
#[must_use]
pub fn front(square: Square, dir: Direction) -> Option<Square> {
    square.step(dir, BOARD, BOARD)
}

/// The four corners.
pub const CORNERS: [Square; 4] = [Square::new(0, 0), Square::new(7, 0), Square::new(0, 7), Square::new(7, 7)];

/// R6: the corners and their neighbours.
#[must_use]
pub fn in_corner_zone(square: Square) -> bool {
    CORNERS.iter().any(|c| *c == square || c.is_adjacent(square))
}

/// Every square, a1, b1 … h1, a2 … h8.
pub fn all_squares() -> impl Iterator<Item = Square> {
    Square::all(BOARD, BOARD)
}

/// Directions from `square` that point at an on-board square (R7).
pub fn on_board_dirs(square: Square) -> impl Iterator<Item = Direction> {
    Direction::ALL.into_iter().filter(move |d| front(square, *d).is_some())
}
