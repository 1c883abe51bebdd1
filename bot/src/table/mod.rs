//! The table layer: lobbies, seats, turn flow, computer players and deadlines, over the
//! store and the engines. Transport-independent: the terminal and Discord front ends both
//! call these functions and deliver what they return. No serenity or poise here.

pub mod away;
mod computers;
mod deadlines;
pub mod delivery;
mod error;
mod export;
mod lobby;
mod notes;
pub mod outbox;
mod pause;
pub mod quiet;
mod reads;
mod rematch;
mod report;
pub mod settings;
mod turn;
mod undo;
mod upgrade;
pub mod vocab;

pub use away::{Away, AwayError};
use computers::choose;
pub use error::TableError;
pub use export::Export;
pub(crate) use reads::engine_of;
pub use rematch::Rematch;
pub(crate) use report::Progress;
pub use report::{Move, MoveReport, PrivateView, Snapshot, TableSummary, round_of};
pub use settings::{DEFAULT_AWAY_ALLOWANCE, ServerChange, ServerId, ServerSettings, SettingError, UserSettings};
pub use undo::{UndoAnswer, UndoAsked};
pub use upgrade::Upgraded;
pub use vocab::{LogEntry, OnTimeout, Origin, SeatRow, Skill, Status, TableId, UnknownWord, UserId, in_effect, now};

/// Most characters of a player's input that a refusal quotes back.
pub const QUOTED: usize = 60;

/// `text` as a refusal quotes it: at most [`QUOTED`] characters, cut with "…".
#[must_use]
pub fn quoted(text: &str) -> String {
    if text.chars().count() <= QUOTED {
        return text.to_string();
    }
    let mut cut: String = text.chars().take(QUOTED - 1).collect();
    cut.push('…');
    cut
}

/// Table options that cannot be read, in words for the player.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BadOptionWord {
    /// A word without `=`, or with nothing before it.
    #[error("\"{}\" is not an option written KEY=VALUE, e.g. dice_mix=d6_only or rounds=5.", quoted(.0))]
    NotKeyValue(String),
    /// `KEY=` with no value.
    #[error("{} has no value: write {}=VALUE, or leave it out for the game's default.", quoted(.0), quoted(.0))]
    Empty(String),
    /// The same option given twice.
    #[error("{} is given twice ({}, then {}): give each option once.", quoted(key), quoted(first), quoted(second))]
    Repeated {
        /// The option.
        key: String,
        /// The first `KEY=VALUE`.
        first: String,
        /// The second.
        second: String,
    },
}

/// Table options from `KEY=VALUE` words (`dice_mix=d6_only round_cap=40`), as `/play` and
/// `saloon play --opt` take them: a value that reads as JSON (a number, `true`) is that, a
/// value with `/` a list of names (`colours=purple/white`), any other value is text. Whether
/// the game accepts them is checked when the table opens.
///
/// # Errors
/// [`BadOptionWord`] for a word without `=` or with an empty key, an empty value, or an option
/// given twice.
pub fn options_from_words<'a>(words: impl IntoIterator<Item = &'a str>) -> Result<serde_json::Value, BadOptionWord> {
    let mut map = serde_json::Map::new();
    let mut given: Vec<&str> = Vec::new();
    for word in words {
        let (key, value) = word.split_once('=').ok_or_else(|| BadOptionWord::NotKeyValue(word.to_string()))?;
        let (key, value) = (key.trim(), value.trim());
        if key.is_empty() {
            return Err(BadOptionWord::NotKeyValue(word.to_string()));
        }
        if value.is_empty() {
            return Err(BadOptionWord::Empty(key.to_string()));
        }
        if let Some(first) = given.iter().find(|w| w.split_once('=').is_some_and(|(k, _)| k.trim() == key)) {
            let (first, second) = ((*first).to_string(), word.to_string());
            return Err(BadOptionWord::Repeated { key: key.to_string(), first, second });
        }
        given.push(word);
        let value = if value.contains('/') {
            value.split('/').map(str::trim).filter(|v| !v.is_empty()).map(serde_json::Value::from).collect()
        } else {
            serde_json::from_str(value).unwrap_or_else(|_| serde_json::Value::String(value.to_string()))
        };
        map.insert(key.to_string(), value);
    }
    Ok(serde_json::Value::Object(map))
}

use engines::{AnyGame, GameKind, GameRng, Narration, Pending, Seat, SeatSet};

use crate::store::{Store, StoreError, TableRow, Update};

/// A human taking part: who they are and the name shown at the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Participant {
    /// Their id.
    pub user: UserId,
    /// Their name.
    pub name: String,
}

/// What opens a table.
#[derive(Clone, Debug)]
pub struct LobbyRequest {
    /// The game.
    pub game: GameKind,
    /// Options as JSON (missing fields take their defaults).
    pub options: serde_json::Value,
    /// Who opens it.
    pub host: Participant,
    /// Whether the host takes the first seat (a terminal all-computer match has the host
    /// watching instead).
    pub seat_host: bool,
    /// Seats to fill.
    pub players: u8,
    /// Computer players to seat right away.
    pub computers: u8,
    /// How strong they are.
    pub level: Skill,
    /// What happens when a player runs out of time.
    pub on_timeout: OnTimeout,
    /// The random seed; `None` draws one from the operating system.
    pub seed: Option<u64>,
    /// Seconds a pending player has to act.
    pub turn_timeout: i64,
    /// Seconds each player may be away at the table.
    pub away_allowance: i64,
    /// Whether the front end opening it delivers what each commit means through the outbox
    /// (Discord does; the terminal prints each move as it reports it).
    pub delivers: bool,
}

/// The options chosen so far while entering an action, by their place in each step's list:
/// what a Discord button carries instead of the action text (which can be longer than an id).
pub type Path = Vec<u8>;

/// Where a click is in entering an action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// The options chosen so far, by place ([`Path`]).
    Path(Path),
    /// The action text so far (the terminal, and buttons posted by an earlier release).
    Text(String),
}

/// One step of entering an action, for a front end's menu.
#[derive(Clone, Debug)]
pub struct Step {
    /// What may follow the text so far, and whether it is already a whole action.
    pub choices: engines::Choices,
    /// The table's version now.
    pub version: i64,
    /// Whether the seat must decide now.
    pub pending: bool,
    /// The text one step back (for a Back button), unless at the start.
    pub back: Option<String>,
    /// The options chosen so far, by place (one step back is this without its last).
    pub path: Path,
    /// What a player read on each option chosen so far.
    pub chosen: Vec<String>,
}

/// What a click on one step of entering a move leads to.
#[derive(Clone, Debug)]
pub enum Click {
    /// The text so far is not a whole action yet: the next step.
    Next(Step),
    /// The action was applied and committed.
    Moved(Box<MoveReport>),
}

/// Saloon's tables.
#[derive(Clone, Debug)]
pub struct Tables {
    store: Store,
}

/// Most attempts at a player's action while other writes to the table keep winning the race
/// between reading and writing it.
const RACE_ATTEMPTS: usize = 4;

/// Most computer moves in a row before a human is asked; far above any game's length, so
/// reaching it means a bug, reported instead of looping.
const COMPUTER_MOVE_LIMIT: usize = 100_000;

/// Mixes the state into a computer's random source (an odd constant: the golden ratio's bits).
const COMPUTER_SALT: u64 = 0x9E37_79B9_7F4A_7C15;

/// Seconds a process holds its claim on a table it works on (a due deadline, or delivering
/// what a commit recorded); renewed while it works, so that when a process dies holding one,
/// another takes the table over within this much and one sweep.
pub const CLAIM_LEASE: i64 = 15;

/// Most due tables a process claims at once: the rest wait for its next sweep, or for
/// another process (so that processes share the work instead of one taking it all).
pub const CLAIM_BATCH: i64 = 4;

/// Seconds a table may wait on computer players before the sweeper moves it on: the front end
/// that committed the move drives them at once, so this only matters when that process
/// stopped mid-way (see [`Tables::drive_computers`]).
pub const COMPUTER_GRACE: i64 = 30;

/// The outbox entry a commit recorded, from what was asked and what the store wrote.
fn recorded(dispatch: Option<outbox::Dispatch>, written: crate::store::Written) -> Option<outbox::Recorded> {
    let (dispatch, id) = dispatch.zip(written.outbox)?;
    Some(outbox::Recorded { id, dispatch, version: written.version, claimed: written.claimed })
}

/// A commit's result for [`until_won`]: a write that lost the race to another (stale) is
/// `None`, to be tried again on a fresh read.
fn lost_race<T>(result: Result<T, TableError>) -> Result<Option<T>, TableError> {
    match result {
        Ok(done) => Ok(Some(done)),
        Err(TableError::Stale(_)) => Ok(None),
        Err(other) => Err(other),
    }
}

/// Runs `attempt` until it settles: `Ok(Some(_))` or an error. `Ok(None)` means another
/// write to table `id` won the race between reading and writing it, so `attempt` reads the
/// table again and decides afresh (a sealed answer arriving with another is still taken);
/// after [`RACE_ATTEMPTS`] lost races the table is reported stale.
async fn until_won<T, F>(id: TableId, mut attempt: impl FnMut() -> F) -> Result<T, TableError>
where
    F: Future<Output = Result<Option<T>, TableError>>,
{
    for _ in 0..RACE_ATTEMPTS {
        if let Some(done) = attempt().await? {
            return Ok(done);
        }
    }
    Err(TableError::Stale(id))
}

/// A loaded, running table.
pub(crate) struct Loaded {
    pub(crate) row: TableRow,
    pub(crate) game: AnyGame,
}

impl Loaded {
    pub(crate) fn names(&self) -> Vec<String> {
        self.row.seats.iter().map(|s| s.name.clone()).collect()
    }

    fn seat_of(&self, user: UserId) -> Option<Seat> {
        self.row.seats.iter().find(|s| s.user == Some(user)).map(|s| Seat(s.seat))
    }

    /// Whether a panel `seat` was shown at `version` is still good: drawn at the current
    /// version, or since the seat's current decision began and changed only by other seats'
    /// answers to a decision it shares (a sealed bid while others bid).
    fn current_for(&self, seat: Seat, version: i64) -> bool {
        version == self.row.version
            || self.row.asked.get(seat.index()).is_some_and(|asked| *asked <= version && version < self.row.version)
    }

    /// Whether a computer chooses `seat`'s moves now (a computer seat, or an away player's).
    fn is_computer(&self, seat: Seat) -> bool {
        self.row.seats.get(seat.index()).is_some_and(SeatRow::computer_plays)
    }

    /// How the computer playing `seat` chooses: its stored strength; else, standing in for an
    /// away player, the normal level. (Computer seats always store theirs: [`Tables::upgrade`]
    /// gave those of older releases the one they played at.)
    fn skill(&self, seat: Seat) -> Skill {
        self.row.seats.get(seat.index()).and_then(|s| s.level).unwrap_or_default()
    }

    /// The next seat a computer must move for, if any.
    fn computer_to_move(&self) -> Option<Seat> {
        let Pending::Deciding { must, .. } = self.game.pending() else { return None };
        must.iter().find(|s| self.is_computer(*s))
    }

    /// A random source for a computer's decision, separate from the game's draws: fixed by the
    /// seed and the state it decides in, so the same table plays the same way however its moves
    /// were split into commits (or interrupted and resumed). `salt` separates uses.
    fn computer_rng(&self, salt: u64) -> Result<GameRng, TableError> {
        Ok(GameRng::from_seed(self.row.seed ^ state_hash(&self.game)?.wrapping_mul(salt)))
    }

    /// The options `path` chooses at each step for `seat`, from the start: the action text
    /// they make and their labels; `None` when a step has no such option (the choices changed).
    fn follow(&self, seat: Seat, path: &[u8]) -> Option<(String, Vec<String>)> {
        let mut text = String::new();
        let mut labels = Vec::with_capacity(path.len());
        let names = self.names();
        for &index in path {
            let choices = self.game.choices(seat, &text, &names);
            let choice = choices.options.get(usize::from(index))?;
            text.push_str(&choice.token);
            labels.push(choice.label.clone());
        }
        Some((text, labels))
    }

    /// The options that enter `text` for `seat`, step by step, with their labels; `None` when
    /// `text` is not a path of steps (a whole action typed differently is still applied).
    fn path_of(&self, seat: Seat, text: &str) -> Option<(Path, Vec<String>)> {
        let (mut path, mut labels, mut done) = (Vec::new(), Vec::new(), String::new());
        let names = self.names();
        while done.len() < text.len() {
            let rest = text.get(done.len()..)?;
            let choices = self.game.choices(seat, &done, &names);
            // The longest token that continues the text (a token may prefix another: "1", "10").
            let (index, choice) = choices
                .options
                .iter()
                .enumerate()
                .filter(|(_, c)| !c.token.is_empty() && rest.to_lowercase().starts_with(&c.token.to_lowercase()))
                .max_by_key(|(_, c)| c.token.len())?;
            path.push(u8::try_from(index).ok()?);
            labels.push(choice.label.clone());
            done.push_str(&choice.token);
        }
        Some((path, labels))
    }

    /// The refusal of an action from a seat the game does not wait for now.
    fn not_yours(&self) -> TableError {
        TableError::NotYourDecision { waiting: self.waiting_names() }
    }

    /// Names of the seats the game waits for.
    pub(crate) fn waiting_names(&self) -> String {
        let names = self.names();
        let waiting: Vec<String> = self
            .game
            .pending()
            .must_seats()
            .iter()
            .map(|s| names.get(s.index()).cloned().unwrap_or_default())
            .collect();
        waiting.join(", ")
    }
}

impl Tables {
    /// The table layer over a store.
    #[must_use]
    pub const fn new(store: Store) -> Self {
        Self { store }
    }

    /// The underlying store.
    #[must_use]
    pub const fn store(&self) -> &Store {
        &self.store
    }

    /// The database, for a front end's own bookkeeping rows (where its tables live, its
    /// messages): never for the tables themselves, which go through this layer.
    #[must_use]
    pub const fn front_end_pool(&self) -> &sqlx::AnyPool {
        self.store.pool()
    }

    /// Whether a front end may write its own rows: the SQLite file is still the one opened
    /// (checked before every write of the tables themselves too).
    ///
    /// # Errors
    /// The file was deleted or replaced, or cannot be looked at.
    pub fn front_end_writable(&self) -> Result<(), StoreError> {
        self.store.writable()
    }
}

/// A fingerprint of the game's state, for the computer players' random source.
fn state_hash(game: &AnyGame) -> Result<u64, TableError> {
    use std::hash::{Hash, Hasher};
    let state = game.save().map_err(|e| TableError::Internal(e.to_string()))?;
    // SipHash with fixed keys: the same state gives the same number in every process.
    let mut hasher = std::hash::DefaultHasher::new();
    state.hash(&mut hasher);
    Ok(hasher.finish())
}

/// The seat rows of a lobby in order, renumbered from 0.
pub(crate) fn renumber(mut seats: Vec<SeatRow>) -> Vec<SeatRow> {
    for (i, seat) in seats.iter_mut().enumerate() {
        seat.seat = i as u8;
    }
    seats
}

/// The choices of the one seat pending, when they can be shown on a public post: nobody else
/// is pending and the seat holds nothing private that its options could give away.
pub(crate) fn public_choices(game: &AnyGame, names: &[String]) -> Option<(Seat, engines::Choices)> {
    let pending = game.pending().must_seats();
    let seat = pending.first().filter(|_| pending.len() == 1)?;
    (!game.holds_secrets(seat)).then(|| (seat, game.choices(seat, "", names)))
}

/// Seats holding something private.
pub(crate) fn secret_holders(game: &AnyGame) -> SeatSet {
    game.secrets().iter().filter_map(|s| s.owner).collect()
}

pub(crate) fn log_entry(seat: Seat, action: &str, origin: Origin) -> LogEntry {
    LogEntry { seat: seat.0, action: action.to_string(), origin, undoes: 0 }
}

pub(crate) fn narration_for(narration: &[Narration], viewer: engines::Viewer) -> Vec<String> {
    narration.iter().filter(|n| n.audience.includes(viewer)).map(|n| n.text.clone()).collect()
}

#[cfg(test)]
mod tests {
    use super::{BadOptionWord, QUOTED, options_from_words};

    #[test]
    fn option_words_become_json_and_a_bad_word_is_named() {
        let options = options_from_words(["dice_mix=d6_only", "round_cap=40", "single_set=true"]).expect("options");
        assert_eq!(options, serde_json::json!({"dice_mix": "d6_only", "round_cap": 40, "single_set": true}));
        let colours = options_from_words(["colours=purple/ white"]).expect("a list");
        assert_eq!(colours, serde_json::json!({"colours": ["purple", "white"]}));
        assert_eq!(options_from_words([]).expect("none"), serde_json::json!({}));
        let bad = options_from_words(["round_cap=40", "d6only"]).expect_err("not KEY=VALUE");
        assert_eq!(bad, BadOptionWord::NotKeyValue("d6only".into()));
        assert!(bad.to_string().contains("\"d6only\"") && bad.to_string().contains("KEY=VALUE"), "{bad}");
        assert!(options_from_words(["=5"]).is_err(), "a key is needed");
    }

    #[test]
    fn repeated_and_empty_options_are_refused_and_long_input_is_not_echoed() {
        let twice = options_from_words(["rounds=5", "stake=2", "rounds=6"]).expect_err("rounds twice");
        assert_eq!(twice.to_string(), "rounds is given twice (rounds=5, then rounds=6): give each option once.");
        let empty = options_from_words(["colours="]).expect_err("no value");
        assert_eq!(
            empty.to_string(),
            "colours has no value: write colours=VALUE, or leave it out for the game's default."
        );
        let long = "x".repeat(6000);
        let text = options_from_words([long.as_str()]).expect_err("not KEY=VALUE").to_string();
        assert!(text.chars().count() < 150 && text.contains(&"x".repeat(QUOTED - 1)) && text.contains('…'), "{text}");
        let key = format!("{long}=1");
        let text = options_from_words([key.as_str(), key.as_str()]).expect_err("twice").to_string();
        assert!(text.chars().count() < 4 * QUOTED, "{text}");
    }
}
