//! Martian 12s state (§2): pyramids, the bag, money, players, options, and set-up (§3).

use std::fmt;
use std::ops::{AddAssign, SubAssign};
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::events::RoundEnd;
use crate::game::{Seat, SeatSet, SetupError};
use crate::parts::ForPictures;
use crate::parts::pyramids::{Colour, Size};
use crate::parts::words::UnknownWord;
use crate::rng::GameRng;

/// `ROUND_CAP`: no match lasts more than 50 rounds, whatever the mode (R2).
pub const ROUND_CAP: u8 = 50;
/// R11: with two or more Active players, the round is scored once all have six pulls.
pub const PULL_LIMIT: usize = 6;
/// A score above this pops (R9).
pub const TWELVE: u8 = 12;

/// Whole credits (§2.3); money is never fractional.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Credits(pub u32);

impl AddAssign for Credits {
    fn add_assign(&mut self, rhs: Self) {
        self.0 += rhs.0;
    }
}

impl SubAssign for Credits {
    fn sub_assign(&mut self, rhs: Self) {
        self.0 -= rhs.0;
    }
}

impl fmt::Display for Credits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "${}", self.0)
    }
}

/// A pyramid from the bag: `{value, size, copy}`, written `<value><size><copy>` (`4L2`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pyramid {
    /// Points, 0–4; the colour depends on the palette.
    pub value: u8,
    /// Size; only matters for feeling in the bag (R6).
    pub size: Size,
    /// Which set it comes from, 1..=K.
    pub copy: u8,
}

impl Pyramid {
    /// Position in the canonical order (value, then size, then copy) of a bag of `sets` sets;
    /// also its bit in the bag mask.
    #[must_use]
    pub const fn index(self, sets: u8) -> u32 {
        (self.value as u32 * 3 + self.size as u32) * sets as u32 + (self.copy as u32 - 1)
    }

    /// The pyramid at a canonical position (a table lookup: draws are the hot path).
    #[must_use]
    pub const fn from_index(index: u32, sets: u8) -> Self {
        PYRAMIDS[sets as usize][index as usize]
    }

    const fn compute(index: u32, sets: u8) -> Self {
        let kind = index / sets as u32;
        let size = match kind % 3 {
            0 => Size::Small,
            1 => Size::Medium,
            _ => Size::Large,
        };
        Self { value: (kind / 3) as u8, size, copy: (index % sets as u32) as u8 + 1 }
    }
}

impl fmt::Display for Pyramid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}{}", self.value, self.size, self.copy)
    }
}

impl FromStr for Pyramid {
    type Err = UnknownWord;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || UnknownWord::not(s, "a pyramid id like 4L2");
        let bytes = s.as_bytes();
        if bytes.len() < 3 || !s.is_ascii() {
            return Err(bad());
        }
        let value = (bytes[0] as char).to_digit(10).filter(|v| *v <= 4).ok_or_else(bad)? as u8;
        let size = Size::from_letter(&s[1..2]).ok_or_else(bad)?;
        let copy: u8 = s[2..].parse().ok().filter(|c| (1..=4).contains(c)).ok_or_else(bad)?;
        Ok(Self { value, size, copy })
    }
}

impl Serialize for Pyramid {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Pyramid {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// How a match ends (R2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MatchMode {
    /// After a set number of rounds.
    #[default]
    Rounds,
    /// When fewer than two players can pay the stake.
    UntilBroke,
}

/// Colour names of the five values (§2.1, R19); cosmetic only.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Palette {
    /// Black, Red, Yellow, Green, Blue.
    #[default]
    Rainbow,
    /// White, Clear, Orange, Cyan, Purple.
    Xeno,
}

impl Palette {
    /// The colour of a value 0–4.
    #[must_use]
    pub const fn colour(self, value: u8) -> Colour {
        match (self, value) {
            (Self::Rainbow, 0) => Colour::Black,
            (Self::Rainbow, 1) => Colour::Red,
            (Self::Rainbow, 2) => Colour::Yellow,
            (Self::Rainbow, 3) => Colour::Green,
            (Self::Rainbow, _) => Colour::Blue,
            (Self::Xeno, 0) => Colour::White,
            (Self::Xeno, 1) => Colour::Clear,
            (Self::Xeno, 2) => Colour::Orange,
            (Self::Xeno, 3) => Colour::Cyan,
            (Self::Xeno, _) => Colour::Purple,
        }
    }
}

/// Table options (§2.5), fixed at creation. Omitted fields take their defaults.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// Credits paid per pull, 1..=100.
    pub stake: u32,
    /// Starting credits, `stake..=1000 × stake`; `None` = 20 stakes (R1).
    pub start_wallet: Option<u32>,
    /// How the match ends.
    pub match_mode: MatchMode,
    /// Rounds in `Rounds` mode, 1..=50.
    pub rounds: u8,
    /// Two players, one set in the bag (R17).
    pub single_set: bool,
    /// Colour names.
    pub palette: Palette,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            stake: 1,
            start_wallet: None,
            match_mode: MatchMode::Rounds,
            rounds: 10,
            single_set: false,
            palette: Palette::Rainbow,
        }
    }
}

impl Options {
    /// The starting wallet in credits.
    #[must_use]
    pub fn start_wallet(&self) -> Credits {
        Credits(self.start_wallet.unwrap_or(20 * self.stake))
    }
}

/// A player's status in the current round (§2.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Status {
    /// Still pulling.
    Active,
    /// Stopped; the score stands.
    Passed,
    /// Over 12 (or resigned this round); out of the round.
    Popped,
    /// Not in this round: resigned, or cannot pay the stake.
    SittingOut,
}

/// One player (§2.4). `pulls` is `stack.len()`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub(crate) wallet: Credits,
    pub(crate) rounds_won: u16,
    pub(crate) resigned: bool,
    pub(crate) status: Status,
    pub(crate) stack: Vec<Pyramid>,
    pub(crate) score: u8,
}

impl Player {
    pub(crate) fn pulls(&self) -> usize {
        self.stack.len()
    }

    pub(crate) fn in_round(&self) -> bool {
        matches!(self.status, Status::Active | Status::Passed)
    }
}

/// Where the match stands (§4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// `Turn(current)`: the player on turn must pull or pass.
    Turn,
    /// The match is over.
    MatchEnd(EndReason),
}

/// Why the match ended (§6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EndReason {
    /// The configured rounds were played (`Rounds` mode).
    RoundsPlayed,
    /// `ROUND_CAP` rounds were played.
    Cap,
    /// Fewer than two players could pay the stake at a round start (R3).
    TooFewPlayers,
}

/// A whole Martian 12s match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Martian12s {
    pub(crate) options: Options,
    /// `K`, the number of sets in the bag.
    pub(crate) sets: u8,
    pub(crate) players: Vec<Player>,
    /// Bit `i` set = the pyramid at canonical index `i` is in the bag.
    pub(crate) bag: u64,
    pub(crate) pot: Credits,
    /// The pot at the start of this round (carried over), for §9 I3.
    pub(crate) carried_in: Credits,
    pub(crate) house: Credits,
    pub(crate) round: u8,
    pub(crate) first_drawer: Seat,
    pub(crate) current: Seat,
    pub(crate) phase: Phase,
    pub(crate) rng: GameRng,
    /// The last scored round, for the board after it; not part of the rules' state.
    #[serde(default)]
    pub(crate) previous_round: Option<RoundResult>,
    /// The latest move a player chose, for pictures only; no rule reads it. Tables saved
    /// before it existed read as none.
    #[serde(default)]
    pub(crate) last_move: ForPictures<Option<LastMove>>,
}

/// The latest move a player chose (§4.3, §4.4, §4.8), for the board to mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LastMove {
    /// This seat pulled: the pyramid on top of its stack.
    Pulled(Seat),
    /// This seat passed.
    Passed(Seat),
    /// This seat resigned.
    Resigned(Seat),
}

/// One player's line in a scored round.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundLine {
    /// Pyramids pulled, in pull order.
    pub stack: Vec<Pyramid>,
    /// Their sum.
    pub score: u8,
    /// Status when the round was scored (`None` while never set).
    pub status: Option<Status>,
}

/// The last scored round, kept so the board after it can still show how it ended (§8).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundResult {
    /// Round number.
    pub round: u8,
    /// Why it ended.
    pub end: Option<RoundEnd>,
    /// Each seat's stack, score and status.
    pub players: Vec<RoundLine>,
    /// Who won it.
    pub winners: SeatSet,
    /// What each winner received.
    pub share: Credits,
    /// What carried over.
    pub carry: Credits,
}

/// §3 Setup: checks the table, seats the players, breaks the first-draw tie with the
/// roll-off (R4) and starts round 1.
///
/// # Errors
/// [`SetupError`] for 1 or 10+ players, or an option out of range (§2.5, R17).
pub(super) fn setup(options: &Options, players: usize, rng: GameRng) -> Result<Martian12s, SetupError> {
    validate(options, players)?;
    let sets = sets_for(players, options.single_set);
    let wallet = options.start_wallet();
    let player = Player { wallet, rounds_won: 0, resigned: false, status: Status::Active, stack: Vec::new(), score: 0 };
    let mut game = Martian12s {
        options: options.clone(),
        sets,
        players: vec![player; players],
        bag: full_bag(sets),
        pot: Credits(0),
        carried_in: Credits(0),
        house: Credits(0),
        round: 1,
        first_drawer: Seat(0),
        current: Seat(0),
        phase: Phase::Turn,
        rng,
        previous_round: None,
        last_move: ForPictures(None),
    };
    // R4: most cash draws first; the tie (always, at the start) goes to a roll-off.
    let most = game.players.iter().map(|p| p.wallet).max().unwrap_or_default();
    let tied: Vec<Seat> = game.seats().filter(|s| game.player(*s).wallet == most).collect();
    game.first_drawer = tied[game.rng.index(tied.len())];
    game.start_round(&mut Vec::new());
    Ok(game)
}

/// §1, §2.5: the player count and the options.
fn validate(options: &Options, players: usize) -> Result<(), SetupError> {
    let bad = |option: &str, reason: String| Err(SetupError::BadOption { option: option.into(), reason });
    if !(2..=9).contains(&players) {
        return Err(SetupError::PlayerCount { game: "Martian 12s", min: 2, max: 9, got: players });
    }
    if options.single_set && players != 2 {
        return bad("single_set", format!("a single set is only for 2 players, not {players} (R17)"));
    }
    if !(1..=100).contains(&options.stake) {
        return bad("stake", format!("{} is not allowed; use 1 to 100", options.stake));
    }
    let wallet = options.start_wallet().0;
    if !(options.stake..=1000 * options.stake).contains(&wallet) {
        return bad(
            "start_wallet",
            format!("{wallet} is not allowed; use {} to {}", options.stake, 1000 * options.stake),
        );
    }
    if !(1..=ROUND_CAP).contains(&options.rounds) {
        return bad("rounds", format!("{} is not allowed; use 1 to {ROUND_CAP}", options.rounds));
    }
    Ok(())
}

/// `K` for `n` players (§3 step 2, R17, R18).
#[must_use]
pub const fn sets_for(players: usize, single_set: bool) -> u8 {
    if single_set {
        1
    } else if players <= 5 {
        2
    } else {
        2 + (players - 5).div_ceil(2) as u8
    }
}

/// The bag mask of a full bag of `sets` sets.
#[must_use]
pub const fn full_bag(sets: u8) -> u64 {
    (1u64 << (15 * sets as u32)) - 1
}

/// Every pyramid by canonical index, for bags of 1 to 4 sets.
const PYRAMIDS: [[Pyramid; 60]; 5] = {
    let blank = Pyramid { value: 0, size: Size::Small, copy: 1 };
    let mut table = [[blank; 60]; 5];
    let mut sets = 1;
    while sets <= 4 {
        let mut index = 0;
        while index < 15 * sets {
            table[sets][index] = Pyramid::compute(index as u32, sets as u8);
            index += 1;
        }
        sets += 1;
    }
    table
};

/// The bag bits of one size, for bags of 1 to 4 sets.
pub(crate) const SIZE_MASKS: [[u64; 3]; 5] = {
    let mut masks = [[0u64; 3]; 5];
    let mut sets = 1;
    while sets <= 4 {
        let mut value = 0;
        while value < 5 {
            let mut size = 0;
            while size < 3 {
                let mut copy = 0;
                while copy < sets {
                    masks[sets][size] |= 1 << ((value * 3 + size) * sets + copy);
                    copy += 1;
                }
                size += 1;
            }
            value += 1;
        }
        sets += 1;
    }
    masks
};

impl Martian12s {
    /// Bag bits of `size`.
    pub(crate) fn size_mask(&self, size: Size) -> u64 {
        SIZE_MASKS[self.sets as usize][size.index()]
    }

    /// Pyramids of `size` left in the bag.
    pub(crate) fn left(&self, size: Size) -> u32 {
        (self.bag & self.size_mask(size)).count_ones()
    }

    pub(crate) fn player(&self, seat: Seat) -> &Player {
        &self.players[seat.index()]
    }

    /// Every seat, in seating order.
    pub(crate) fn seats(&self) -> impl Iterator<Item = Seat> + use<> {
        (0..self.players.len() as u8).map(Seat)
    }
}
