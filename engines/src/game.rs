//! The engine contract every Saloon game meets.
//!
//! A game is a plain value (`Clone + Serialize`) holding everything, its random source
//! included, so `seed + action log` replays it exactly. Front ends never look inside: they
//! ask who must decide ([`Game::pending`]), what they may do ([`Game::legal_actions`] or,
//! one token at a time, [`Game::choices`]), submit a whole action ([`Game::apply`]) and
//! read what a viewer may see ([`Game::view`]).

use std::fmt::{self, Debug, Display};
use std::hash::Hash;
use std::str::FromStr;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::rng::GameRng;

/// A seat at the table, 0-based in seating order. Players see it through their names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat as an index into per-player arrays.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "P{}", self.0)
    }
}

/// The most seats any game supports.
pub const MAX_SEATS: usize = 16;

/// A small set of seats (bit `i` = seat `i`); `Copy`, so asking who is pending costs nothing.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct SeatSet(u16);

impl SeatSet {
    /// No seat.
    pub const EMPTY: Self = Self(0);

    /// Exactly one seat.
    #[must_use]
    pub const fn one(seat: Seat) -> Self {
        Self(1 << seat.0)
    }

    /// Every seat below `players`.
    #[must_use]
    pub const fn all(players: usize) -> Self {
        Self(((1u32 << players) - 1) as u16)
    }

    /// Adds a seat.
    pub fn insert(&mut self, seat: Seat) {
        self.0 |= 1 << seat.0;
    }

    /// Removes a seat.
    pub fn remove(&mut self, seat: Seat) {
        self.0 &= !(1 << seat.0);
    }

    /// Whether `seat` is in the set.
    #[must_use]
    pub const fn contains(self, seat: Seat) -> bool {
        self.0 & (1 << seat.0) != 0
    }

    /// Whether the set has no seat.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Number of seats in the set.
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The lowest seat, if any.
    #[must_use]
    pub const fn first(self) -> Option<Seat> {
        if self.0 == 0 { None } else { Some(Seat(self.0.trailing_zeros() as u8)) }
    }

    /// The seats in ascending order.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let seat = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Some(Seat(seat))
        })
    }
}

impl FromIterator<Seat> for SeatSet {
    fn from_iter<I: IntoIterator<Item = Seat>>(iter: I) -> Self {
        let mut set = Self::EMPTY;
        for seat in iter {
            set.insert(seat);
        }
        set
    }
}

impl Debug for SeatSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// Who is looking: everybody (a channel post, a spectator) or one seat (a DM, `/hand`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Viewer {
    /// What every player and spectator may see.
    Public,
    /// What this seat may see: the public part plus its own secrets.
    Seat(Seat),
}

impl Viewer {
    /// Whether this viewer may see something only `owner` may see.
    #[must_use]
    pub fn sees_secret_of(self, owner: Seat) -> bool {
        self == Self::Seat(owner)
    }
}

/// Who may read an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Audience {
    /// Everybody at the table.
    Public,
    /// Only this seat (a card drawn into its hand, say).
    Seat(Seat),
}

impl Audience {
    /// Whether `viewer` may read an event with this audience.
    #[must_use]
    pub fn includes(self, viewer: Viewer) -> bool {
        match self {
            Self::Public => true,
            Self::Seat(owner) => viewer.sees_secret_of(owner),
        }
    }
}

/// Who must decide now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pending {
    /// These seats must each submit an action; more than one means simultaneous (sealed)
    /// choices. Never empty.
    Seats(SeatSet),
    /// The game is over.
    Finished(Outcome),
}

impl Pending {
    /// The seats that must act (empty when finished).
    #[must_use]
    pub fn seats(&self) -> SeatSet {
        match self {
            Self::Seats(seats) => *seats,
            Self::Finished(_) => SeatSet::EMPTY,
        }
    }
}

/// One line of the final standings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    /// The seat.
    pub seat: Seat,
    /// 1 = first; equal players share a place.
    pub place: u8,
    /// The game's headline number for this seat (cash, victory points…).
    pub score: i64,
    /// A short explanation, e.g. "41 credits, 4 rounds won".
    pub detail: String,
}

/// How a finished game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// Standings, best first.
    pub standings: Vec<Standing>,
    /// The winners (several on a shared win, none when everyone resigned).
    pub winners: SeatSet,
    /// Why the game ended, in a sentence.
    pub reason: String,
}

/// One option at one step of entering an action.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Choice {
    /// The text appended to the action text so far when chosen, with its own leading
    /// separator: `" 10H"` after `"play"`, but `"4"` right after a file `" e"` so that a
    /// square is entered as file then rank.
    pub token: String,
    /// What a player reads on the button or menu entry.
    pub label: String,
}

/// The next step of entering an action, for a seat and the text chosen so far.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Choices {
    /// What may follow the prefix, each leading to at least one legal action.
    pub options: Vec<Choice>,
    /// Whether the prefix is already a complete legal action.
    pub complete: bool,
}

/// The most options one Discord component may hold; every step a player sees fits it.
pub const MAX_CHOICES: usize = 25;

/// A game rejected its set-up: wrong number of players or bad options.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// The game does not seat this many players.
    #[error("{game} seats {min} to {max} players, not {got}")]
    PlayerCount {
        /// The game's name.
        game: &'static str,
        /// Fewest players.
        min: usize,
        /// Most players.
        max: usize,
        /// Asked for.
        got: usize,
    },
    /// An option is out of range or conflicts with another.
    #[error("option {option}: {reason}")]
    BadOption {
        /// The option's name.
        option: String,
        /// What is wrong and what would be allowed.
        reason: String,
    },
    /// The game is known but its rules are not implemented yet.
    #[error("{0} is not playable yet")]
    NotAvailable(&'static str),
}

/// An action was refused. The message is for the player who sent it and reveals nothing
/// they may not see.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    /// The game is over.
    #[error("the game is over")]
    Finished,
    /// The seat is not asked to decide now.
    #[error("it is not your decision now; waiting for {waiting}")]
    NotYourTurn {
        /// Who the game waits for, e.g. "P2".
        waiting: String,
    },
    /// The action is not legal now, with the reason (and ruling) in words.
    #[error("{0}")]
    Illegal(String),
}

/// The action text could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot read {text:?}: {expected}")]
pub struct ParseActionError {
    /// What was typed.
    pub text: String,
    /// What would have been understood.
    pub expected: String,
}

/// Something private in a state, for the conformance harness: the exact JSON string a view
/// would contain if it leaked (a card's text form, say), and who may see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Secret {
    /// The only seat allowed to see it; `None` when nobody may (the deck order).
    pub owner: Option<Seat>,
    /// The JSON string value that must not appear in the views of anyone else.
    pub token: String,
}

/// The rules of one game.
///
/// Implementors keep every field private and expose information only through [`Game::view`].
pub trait Game: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static {
    /// Table options (with their defaults).
    type Options: Clone + Debug + Default + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// A complete decision, with a stable text form.
    type Action: Clone + Debug + PartialEq + Eq + Hash + Display + FromStr<Err = ParseActionError> + Send + Sync;
    /// The narration of what happened, for the log and the post after a move.
    type Event: Clone + Debug + Serialize + Send + Sync;
    /// What one viewer may see.
    type View: Clone + Debug + Serialize + Send + Sync;

    /// The game's id, e.g. `"martian-12s"`.
    const ID: &'static str;
    /// The game's name, e.g. `"Martian 12s"`.
    const NAME: &'static str;
    /// Fewest and most players.
    const PLAYERS: (usize, usize);
    /// Hard cap on applied actions in one game; the conformance harness fails a playout that
    /// reaches it, so every game must end well before.
    const MAX_ACTIONS: usize;

    /// Sets up a new game.
    ///
    /// # Errors
    /// [`SetupError`] when the player count or an option is not allowed.
    fn setup(options: &Self::Options, players: usize, rng: GameRng) -> Result<Self, SetupError>;

    /// Number of seats.
    fn players(&self) -> usize;

    /// Who must decide now, or how the game ended.
    fn pending(&self) -> Pending;

    /// Appends to `out` every action `seat` may take now (empty unless pending). Out-of-turn
    /// actions such as resigning are not listed.
    fn legal_actions_into(&self, seat: Seat, out: &mut Vec<Self::Action>);

    /// Checks `action` for `seat` and, only if it is legal, applies it and everything
    /// automatic that follows, appending the narration to `events`.
    ///
    /// # Errors
    /// [`RuleError`] when the action is not allowed; the state is then unchanged.
    fn apply_into(&mut self, seat: Seat, action: &Self::Action, events: &mut Vec<Self::Event>)
    -> Result<(), RuleError>;

    /// What `viewer` may see.
    fn view(&self, viewer: Viewer) -> Self::View;

    /// Who may read `event`.
    fn audience(event: &Self::Event) -> Audience;

    /// `event` in a sentence, with players called by `names` (indexed by seat).
    fn narrate(&self, event: &Self::Event, names: &[String]) -> String;

    /// A player-facing label for a complete action ("Pull a small pyramid (7 left)").
    fn describe(&self, action: &Self::Action) -> String {
        action.to_string()
    }

    /// The action with which `seat` leaves the game, if it may now.
    fn resign_action(&self, seat: Seat) -> Option<Self::Action>;

    /// The safe default the table applies when `seat` runs out of time; `None` lets the
    /// table play a computer move instead.
    fn timeout_action(&self, seat: Seat) -> Option<Self::Action>;

    /// Checks the game's invariants (the specification's §9); used by the tests.
    ///
    /// # Errors
    /// A description of the first broken invariant.
    fn check_invariants(&self) -> Result<(), String>;

    /// Every secret in the state with its owner, so the harness can prove views do not leak.
    fn secrets(&self) -> Vec<Secret> {
        Vec::new()
    }

    /// Every action `seat` may take now.
    fn legal_actions(&self, seat: Seat) -> Vec<Self::Action> {
        let mut out = Vec::new();
        self.legal_actions_into(seat, &mut out);
        out
    }

    /// [`Game::apply_into`] returning the events.
    ///
    /// # Errors
    /// As [`Game::apply_into`].
    fn apply(&mut self, seat: Seat, action: &Self::Action) -> Result<Vec<Self::Event>, RuleError> {
        let mut events = Vec::new();
        self.apply_into(seat, action, &mut events)?;
        Ok(events)
    }

    /// The next step of entering an action piece by piece (see ARCHITECTURE "Big decisions
    /// in small steps"): what may follow `prefix`, the action text chosen so far (`""` at the
    /// start). The default offers the legal list's words one at a time; games whose steps
    /// would offer more than [`MAX_CHOICES`] options override it (a square as file then rank).
    fn choices(&self, seat: Seat, prefix: &str) -> Choices {
        choices_from_list(self, seat, prefix)
    }
}

/// The word-by-word tree over a game's legal list: what may follow `prefix`, and whether
/// `prefix` is a whole action. A word that ends an action is labelled with [`Game::describe`].
pub fn choices_from_list<G: Game>(game: &G, seat: Seat, prefix: &str) -> Choices {
    let chosen: Vec<&str> = prefix.split_whitespace().collect();
    let mut choices = Choices::default();
    for action in game.legal_actions(seat) {
        let text = action.to_string();
        let words: Vec<&str> = text.split_whitespace().collect();
        if words.len() < chosen.len() || !words.iter().zip(&chosen).all(|(a, b)| a.eq_ignore_ascii_case(b)) {
            continue;
        }
        if words.len() == chosen.len() {
            choices.complete = true;
            continue;
        }
        let word = words[chosen.len()];
        let token = if chosen.is_empty() { word.to_string() } else { format!(" {word}") };
        if choices.options.iter().any(|c| c.token == token) {
            continue;
        }
        let label = if words.len() == chosen.len() + 1 { game.describe(&action) } else { word.to_string() };
        choices.options.push(Choice { token, label });
    }
    choices
}

/// The prefix one step before `prefix`: the longest shorter text from which `prefix` is
/// reached by a single choice (`""` at the start). Front ends use it for a Back button.
pub fn previous_prefix<G: Game>(game: &G, seat: Seat, prefix: &str) -> String {
    for cut in (0..prefix.len()).rev() {
        if !prefix.is_char_boundary(cut) {
            continue;
        }
        let (head, tail) = prefix.split_at(cut);
        if game.choices(seat, head).options.iter().any(|c| c.token.eq_ignore_ascii_case(tail)) {
            return head.to_string();
        }
    }
    String::new()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seat_sets_hold_and_list_seats() {
        let mut set = SeatSet::EMPTY;
        set.insert(Seat(3));
        set.insert(Seat(0));
        assert_eq!(set.iter().collect::<Vec<_>>(), vec![Seat(0), Seat(3)]);
        assert_eq!(set.len(), 2);
        assert_eq!(set.first(), Some(Seat(0)));
        set.remove(Seat(0));
        assert!(!set.contains(Seat(0)));
        assert_eq!(SeatSet::all(9).len(), 9);
        assert_eq!(SeatSet::all(MAX_SEATS).len(), MAX_SEATS);
    }
}
