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

    /// The set as bits (bit `i` = seat `i`), for storage beside a saved state.
    #[must_use]
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The inverse of [`SeatSet::bits`].
    #[must_use]
    pub const fn from_bits(bits: u16) -> Self {
        Self(bits)
    }

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

    /// The seats in either set.
    #[must_use]
    pub const fn union(self, other: Self) -> Self {
        Self(self.0 | other.0)
    }

    /// The seats of `self` that are not in `other`.
    #[must_use]
    pub const fn without(self, other: Self) -> Self {
        Self(self.0 & !other.0)
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

/// Who may read an event: everybody, or a set of seats (one seat for a card drawn into a
/// hand, the two parties of a trade).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Audience {
    /// Everybody at the table.
    Public,
    /// Only these seats. Never empty.
    Seats(SeatSet),
}

impl Audience {
    /// Only `seat`.
    #[must_use]
    pub const fn seat(seat: Seat) -> Self {
        Self::Seats(SeatSet::one(seat))
    }

    /// Whether `viewer` may read an event with this audience.
    #[must_use]
    pub const fn includes(self, viewer: Viewer) -> bool {
        match (self, viewer) {
            (Self::Public, _) => true,
            (Self::Seats(seats), Viewer::Seat(seat)) => seats.contains(seat),
            (Self::Seats(_), Viewer::Public) => false,
        }
    }

    /// The seats that may read it, or `None` when everybody may.
    #[must_use]
    pub const fn readers(self) -> Option<SeatSet> {
        match self {
            Self::Public => None,
            Self::Seats(seats) => Some(seats),
        }
    }
}

/// Who the game waits for, who else may act, or how it ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pending {
    /// The game goes on.
    Deciding {
        /// Seats that must answer: the game waits for them, and only they are pinged and
        /// timed. More than one means simultaneous (sealed) answers. Never empty.
        must: SeatSet,
        /// Seats that may act now without being waited for: withdraw a proposal, join an
        /// attack, fill a market order. Never overlaps `must`.
        may: SeatSet,
    },
    /// The game is over.
    Finished(Outcome),
}

impl Pending {
    /// The game waits for `must` and nobody else may act.
    #[must_use]
    pub const fn must(must: SeatSet) -> Self {
        Self::Deciding { must, may: SeatSet::EMPTY }
    }

    /// The seats the game waits for (empty when finished).
    #[must_use]
    pub const fn must_seats(&self) -> SeatSet {
        match self {
            Self::Deciding { must, .. } => *must,
            Self::Finished(_) => SeatSet::EMPTY,
        }
    }

    /// The seats that may act without being waited for (empty when finished).
    #[must_use]
    pub const fn may_seats(&self) -> SeatSet {
        match self {
            Self::Deciding { may, .. } => *may,
            Self::Finished(_) => SeatSet::EMPTY,
        }
    }

    /// Every seat whose action the game accepts now: `must` and `may` together.
    #[must_use]
    pub const fn actors(&self) -> SeatSet {
        match self {
            Self::Deciding { must, may } => must.union(*may),
            Self::Finished(_) => SeatSet::EMPTY,
        }
    }

    /// How the game ended, once it has.
    #[must_use]
    pub const fn outcome(&self) -> Option<&Outcome> {
        match self {
            Self::Deciding { .. } => None,
            Self::Finished(outcome) => Some(outcome),
        }
    }

    /// Whether the game is over.
    #[must_use]
    pub const fn is_finished(&self) -> bool {
        matches!(self, Self::Finished(_))
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

/// Each seat's standing on the public record at one moment (see [`Game::tally`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// What one of the numbers counts, for people ("victory point", "credit").
    pub one: &'static str,
    /// The same, plural ("victory points", "credits").
    pub many: &'static str,
    /// One number per seat, higher is better.
    pub scores: Vec<i64>,
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
}

/// What kind of refusal a [`RuleError`] is, for a front end to match on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RuleErrorKind {
    /// The game is over.
    GameOver,
    /// There is no such seat at this table.
    UnknownSeat,
    /// The seat has resigned: it cannot act, nor resign again.
    Resigned,
    /// The seat is neither waited for nor allowed to act now.
    NotYourDecision,
    /// The rules forbid the action now; the ruling, where one decides it, is in
    /// [`RuleError::ruling`].
    Illegal,
}

/// An action was refused. The message is for the player who sent it and reveals nothing
/// they may not see.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct RuleError {
    /// What kind of refusal this is.
    pub kind: RuleErrorKind,
    /// The specification's ruling that decides it (`"R15"`), where one does.
    pub ruling: Option<&'static str>,
    /// The seats the game waits for, on [`RuleErrorKind::NotYourDecision`].
    pub waiting: SeatSet,
    /// The sentence for the player.
    pub message: String,
}

impl RuleError {
    fn new(kind: RuleErrorKind, message: impl Into<String>) -> Self {
        Self { kind, ruling: None, waiting: SeatSet::EMPTY, message: message.into() }
    }

    /// The game is over.
    #[must_use]
    pub fn game_over() -> Self {
        Self::new(RuleErrorKind::GameOver, "the game is over")
    }

    /// `seat` does not sit at this table.
    #[must_use]
    pub fn unknown_seat(seat: Seat, players: usize) -> Self {
        Self::new(RuleErrorKind::UnknownSeat, format!("there is no {} at this table of {players}", seat.mention()))
    }

    /// The seat has already resigned.
    #[must_use]
    pub fn resigned(again: bool) -> Self {
        let message = if again { "you have already resigned" } else { "you have resigned from this game" };
        Self::new(RuleErrorKind::Resigned, message)
    }

    /// Not this seat's decision; the game waits for `waiting`.
    #[must_use]
    pub fn not_your_decision(waiting: SeatSet) -> Self {
        let names: Vec<String> = waiting.iter().map(Seat::mention).collect();
        let mut error = Self::new(
            RuleErrorKind::NotYourDecision,
            format!("it is not your decision now; waiting for {}", names.join(", ")),
        );
        error.waiting = waiting;
        error
    }

    /// The rules forbid it, in words.
    #[must_use]
    pub fn illegal(message: impl Into<String>) -> Self {
        Self::new(RuleErrorKind::Illegal, message)
    }

    /// The ruling `ruling` (`"R15"`) forbids it, in words: the message says the rule for
    /// people, and the ruling is kept beside it for code and tests, never shown.
    #[must_use]
    pub fn ruled(ruling: &'static str, message: impl Into<String>) -> Self {
        Self { ruling: Some(ruling), ..Self::new(RuleErrorKind::Illegal, message) }
    }
}

/// A broken invariant (the specification's §9), found by [`Game::check_invariants`]. The
/// text names the invariant (`"I4: P1 score"`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct InvariantError(pub String);

impl From<String> for InvariantError {
    fn from(text: String) -> Self {
        Self(text)
    }
}

impl From<&str> for InvariantError {
    fn from(text: &str) -> Self {
        Self(text.to_string())
    }
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
/// A game implements the required methods; the opening checks of every action (game over,
/// unknown seat, resigned, not your decision) are the provided [`Game::apply_into`], so a
/// game's [`Game::act`] only ever sees an action from a seat that may act now.
pub trait Game: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static {
    /// Table options (with their defaults).
    type Options: Clone + Debug + Default + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// A complete decision, with a stable text form.
    type Action: Clone + Debug + PartialEq + Eq + Hash + Display + FromStr<Err = ParseActionError> + Send + Sync;
    /// The narration of what happened, for the log and the post after a move.
    type Event: Clone + Debug + Serialize + Send + Sync;
    /// What one viewer may see.
    type View: Clone + Debug + Serialize + Send + Sync;

    /// The game's id, e.g. `"martian-12s"`: stored with every table, so it never changes.
    const ID: &'static str;
    /// The game's name, e.g. `"Martian 12s"`.
    const NAME: &'static str;
    /// Fewest and most players.
    const PLAYERS: (usize, usize);
    /// Hard cap on applied actions in one game; the conformance harness fails a playout that
    /// reaches it, so every game must end well before.
    const MAX_ACTIONS: usize;
    /// The rules in brief, for `/rules` and the terminal: a few short paragraphs.
    const SUMMARY: &'static str;
    /// The action with which a seat leaves the game; any seat that has not resigned may take
    /// it at any time while the game goes on.
    const RESIGN: Self::Action;
    /// How computer players search this game's decisions: over the step tree of
    /// [`Game::choices`], one token per edge (`true`), or over the legal list, one whole action
    /// per edge (`false`, the default). Chosen per game by measurement: the tournaments in
    /// `engines/AI.md`.
    const SEARCH_STEPS: bool = false;

    /// Sets up a new game.
    ///
    /// # Errors
    /// [`SetupError`] when the player count or an option is not allowed.
    fn setup(options: &Self::Options, players: usize, rng: GameRng) -> Result<Self, SetupError>;

    /// Number of seats.
    fn players(&self) -> usize;

    /// Who must decide now, who else may act, or how the game ended.
    fn pending(&self) -> Pending;

    /// Whether `seat` has resigned (or been removed): it no longer acts.
    fn resigned(&self, seat: Seat) -> bool;

    /// Appends to `out` every action `seat` may take now: empty unless it is among
    /// [`Pending::actors`], never empty when it must decide. Resigning is not listed.
    ///
    /// The list is complete, with one allowance: a kind of move with too many values to list
    /// (Raja's trade bundles) may be listed as a fixed family of its legal values, which
    /// computer players and random playouts use. Such actions answer `true` to
    /// [`Game::listed_in_part`]; [`Game::choices`] still offers, and `act` accepts, every legal
    /// value. The conformance harness checks both: an action reached through the step tree is
    /// accepted, and is in the list unless its kind is listed in part.
    fn legal_actions_into(&self, seat: Seat, out: &mut Vec<Self::Action>);

    /// Whether `action` is of a kind the legal list holds only in part (see
    /// [`Game::legal_actions_into`]). The default, `false`: every legal action is listed.
    fn listed_in_part(_action: &Self::Action) -> bool {
        false
    }

    /// Checks `action` for `seat` and, only if it is legal, applies it and everything
    /// automatic that follows, appending the narration to `events`. Called through
    /// [`Game::apply_into`], after the opening checks: the game is on, `seat` sits here and
    /// has not resigned, and it may act now (or `action` is [`Game::RESIGN`]).
    ///
    /// # Errors
    /// [`RuleError`] when the action is not allowed; the state is then unchanged.
    fn act(&mut self, seat: Seat, action: &Self::Action, events: &mut Vec<Self::Event>) -> Result<(), RuleError>;

    /// What `viewer` may see.
    fn view(&self, viewer: Viewer) -> Self::View;

    /// Who may read `event`.
    fn audience(event: &Self::Event) -> Audience;

    /// `event` in a sentence, with players called by `names` (indexed by seat); an empty
    /// sentence is an event nobody is told of in words (the table says it its own way).
    fn sentence(&self, event: &Self::Event, names: &[String]) -> String;

    /// A player-facing label for a complete action ("Pull a small pyramid (7 left)").
    fn label(&self, action: &Self::Action) -> String {
        action.to_string()
    }

    /// The label of `word`, a step of entering an action by [`choices_from_list`] that does
    /// not complete it yet (`pull` before its size). By default the word itself, which reads as
    /// a program word: games whose step trees pass through words label them here.
    fn word_label(&self, word: &str) -> String {
        word.to_string()
    }

    /// One plain line saying what `action` does, from the game's own rules ("Turn another
    /// player's piece to face a new direction"): what a player reads on asking what an option
    /// means. It explains the kind of move, so it also explains a step on the way to it.
    fn explain(&self, action: &Self::Action) -> String;

    /// One plain line explaining `choice`, an option offered to `seat` after `prefix` by
    /// [`Game::choices`]. By default the explanation of the first legal action the option leads
    /// to ([`explain_from_list`]); a game whose step tree is not over its whole legal list
    /// explains its own steps.
    fn explain_choice(&self, seat: Seat, prefix: &str, choice: &Choice) -> String {
        explain_from_list(self, seat, prefix, choice)
    }

    /// The safe default the table applies when `seat` runs out of time; `None` lets the
    /// table play a computer move instead. Asked only for a seat the game waits for (*must*);
    /// the action need not be listed (a game may have an unlisted `timeout` or `pass` that
    /// settles the seat's whole pending decision), but `act` must accept it and it must move
    /// the game on. The conformance harness checks both, in every game.
    fn timeout_action(&self, seat: Seat) -> Option<Self::Action>;

    /// Whether `seat` may take back `action`, the action that turned `before` into this state
    /// (with everything automatic that followed it), when the other players consent: only if
    /// it drew on no chance (no die rolled, no card or piece drawn) and showed nobody anything
    /// hidden (no card turned face up, no sealed answer opened). The front end checks the
    /// rest: that it was the last action and nobody else has acted since. Shared checks are
    /// in [`crate::take_back`]. The default refuses; each of Saloon's games decides in its
    /// own `take_back.rs`, from its rulings.
    ///
    /// # Errors
    /// A [`RuleError`] saying why in words ("A card was drawn since that move…"), with the
    /// ruling that decides it where one does.
    fn take_back(&self, before: &Self, seat: Seat, action: &Self::Action) -> Result<(), RuleError> {
        let _ = (before, seat, action);
        Err(RuleError::illegal("Moves cannot be taken back in this game."))
    }

    /// Checks the game's invariants (the specification's §9); used by the tests.
    ///
    /// # Errors
    /// The first broken invariant.
    fn check_invariants(&self) -> Result<(), InvariantError>;

    /// A state `observer` cannot tell from this one: everything it has seen (the public
    /// state, its own secrets, cards it watched go into another hand) kept, and everything
    /// hidden from it (other hands, the deck order, other seats' sealed choices, the future of
    /// the random source) drawn afresh from `rng`, consistently with what it knows. Computer
    /// players search only such states (information-set search), so they never read another
    /// seat's secrets. The result must depend only on what `observer` may know and on `rng`.
    fn determinize(&self, observer: Seat, rng: &mut GameRng) -> Self;

    /// An optional estimate of each seat's final reward (0 = last, 1 = sole winner) in an
    /// unfinished state, so that search may stop a long random playout early and score it.
    /// The default, `None`, is neutral: the playout then runs to the end of the game.
    fn estimate(&self) -> Option<Vec<f64>> {
        None
    }

    /// Each seat's running score as every player can see it now (victory points on the track,
    /// cash on the table), higher is better, so that the story at the end can name when the
    /// lead changed hands and the biggest swing. Never a secret (hidden cash stays out). The
    /// default, `None`, is for a game that keeps no such running score.
    fn tally(&self) -> Option<Tally> {
        None
    }

    /// Every secret in the state with its owner, so the harness can prove views do not leak.
    fn secrets(&self) -> Vec<Secret> {
        Vec::new()
    }

    /// The next step of entering an action piece by piece (see ARCHITECTURE "Big decisions
    /// in small steps"): what may follow `prefix`, the action text chosen so far (`""` at the
    /// start). The default offers the legal list's words one at a time; games whose steps
    /// would offer more than [`MAX_CHOICES`] options override it (a square as file then rank).
    fn choices(&self, seat: Seat, prefix: &str) -> Choices {
        choices_from_list(self, seat, prefix)
    }

    /// The resignation of `seat`, if it may resign now.
    fn resign_action(&self, seat: Seat) -> Option<Self::Action> {
        let open = !self.pending().is_finished() && seat.index() < self.players() && !self.resigned(seat);
        open.then_some(Self::RESIGN)
    }

    /// The checks every action passes before the game's own [`Game::act`], in this order:
    /// the game is on, the seat sits at the table, it has not resigned (nor resigns twice),
    /// and it is waited for or allowed to act (a resignation is allowed at any time).
    ///
    /// # Errors
    /// The first check that fails, as a typed [`RuleError`].
    fn opening_check(&self, seat: Seat, action: &Self::Action) -> Result<(), RuleError> {
        let pending = self.pending();
        if pending.is_finished() {
            return Err(RuleError::game_over());
        }
        if seat.index() >= self.players() {
            return Err(RuleError::unknown_seat(seat, self.players()));
        }
        let resigning = *action == Self::RESIGN;
        if self.resigned(seat) {
            return Err(RuleError::resigned(resigning));
        }
        if !resigning && !pending.actors().contains(seat) {
            return Err(RuleError::not_your_decision(pending.must_seats()));
        }
        Ok(())
    }

    /// Runs the opening checks, then [`Game::act`].
    ///
    /// # Errors
    /// [`RuleError`] when the action is not allowed; the state is then unchanged.
    fn apply_into(
        &mut self,
        seat: Seat,
        action: &Self::Action,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), RuleError> {
        self.opening_check(seat, action)?;
        self.act(seat, action, events)
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

    /// One of `seat`'s legal actions at random, each as likely as in a uniform draw from
    /// [`Game::legal_actions`], or `None` when it has none: the move of a random playout.
    /// `scratch` is a buffer the caller reuses.
    ///
    /// The default lists every legal action and draws one with a single `rng.index`. A game
    /// whose list is costly to check may draw among its unchecked candidates and check only
    /// what it draws, as long as every legal action stays exactly as likely.
    fn random_legal_action(
        &self,
        seat: Seat,
        rng: &mut GameRng,
        scratch: &mut Vec<Self::Action>,
    ) -> Option<Self::Action> {
        draw_from_list(self, seat, rng, scratch)
    }

    /// Every action `seat` may take now.
    fn legal_actions(&self, seat: Seat) -> Vec<Self::Action> {
        let mut out = Vec::new();
        self.legal_actions_into(seat, &mut out);
        out
    }
}

/// One of `seat`'s legal actions drawn from its whole legal list with a single `rng.index`, or
/// `None` when it has none; `scratch` holds the list. The default of
/// [`Game::random_legal_action`], and the draw of tools that must not depend on a game's own.
pub(crate) fn draw_from_list<G: Game>(
    game: &G,
    seat: Seat,
    rng: &mut GameRng,
    scratch: &mut Vec<G::Action>,
) -> Option<G::Action> {
    scratch.clear();
    game.legal_actions_into(seat, scratch);
    if scratch.is_empty() {
        return None;
    }
    let pick = rng.index(scratch.len());
    Some(scratch.swap_remove(pick))
}

/// The word-by-word tree over a game's legal list: what may follow `prefix`, and whether
/// `prefix` is a whole action. A word that ends an action is labelled with [`Game::label`],
/// a word on the way with [`Game::word_label`].
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
        let label = if words.len() == chosen.len() + 1 { game.label(&action) } else { game.word_label(word) };
        choices.options.push(Choice { token, label });
    }
    choices
}

/// The explanation of the first legal action of `seat` that `prefix` followed by `choice`
/// leads to (compared without regard to case), or an empty line when none does: the default
/// of [`Game::explain_choice`].
pub fn explain_from_list<G: Game>(game: &G, seat: Seat, prefix: &str, choice: &Choice) -> String {
    let chosen = format!("{prefix}{}", choice.token).to_ascii_lowercase();
    game.legal_actions(seat)
        .iter()
        .find(|action| action.to_string().to_ascii_lowercase().starts_with(&chosen))
        .map_or_else(String::new, |action| game.explain(action))
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
