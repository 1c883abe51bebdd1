//! The store's rows: a table as stored, a table as lists show it, a new table, and a change
//! to one.

use crate::community::Finish;
use crate::table::away::AwayClock;
use crate::table::vocab::{LogEntry, OnTimeout, SeatRow, Status, TableId, UserId};

/// One table as stored.
#[derive(Clone, Debug)]
pub struct TableRow {
    /// Its id.
    pub id: TableId,
    /// The game's id.
    pub game: String,
    /// Options as JSON.
    pub options: String,
    /// The random seed.
    pub seed: u64,
    /// Lobby, running, finished or abandoned.
    pub status: Status,
    /// Who opened it.
    pub host: Option<UserId>,
    /// Seats it may fill.
    pub max_players: u8,
    /// The engine state (JSON), once started.
    pub state: Option<String>,
    /// Bumped on every change.
    pub version: i64,
    /// Seconds a pending player has to act.
    pub turn_timeout: i64,
    /// When the pending decision times out (unix seconds).
    pub deadline_at: Option<i64>,
    /// Whether the half-time reminder went out.
    pub reminded: bool,
    /// Who the game waits for (bit `i` = seat `i`).
    pub waiting: u16,
    /// Per seat, the version at which its current decision began (empty outside a running
    /// game).
    pub asked: Vec<i64>,
    /// What happens when a player runs out of time.
    pub on_timeout: OnTimeout,
    /// Seats in order.
    pub seats: Vec<SeatRow>,
    /// Whether its front end delivers through the outbox (a Discord table).
    pub delivers: bool,
    /// When the table was paused (unix seconds); `None` while it runs.
    pub paused_at: Option<i64>,
    /// Seconds each player may be away at this table.
    pub away_allowance: i64,
    /// The finished table this one is a rematch of.
    pub rematch_of: Option<TableId>,
    /// The people who confirmed a rematch lobby.
    pub confirmed: Vec<UserId>,
    /// How its deal was sealed and whether it reveals everything at the end; `None` for
    /// tables of releases before fair deals.
    pub deal: Option<Deal>,
}

/// A table's sealed deal (issue #28): the secret committed to at the lobby, the cut mixed in
/// at Start, and whether private facts are told at the end.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Deal {
    /// The secret (hex), `None` when whoever opened the table chose the seed.
    pub secret: Option<String>,
    /// What was mixed in at Start, once started.
    pub cut: Option<String>,
    /// Whether every private fact is told at the end (`reveal=no` turns it off).
    pub reveal: bool,
}

/// A table as a list shows it, read without decoding its state.
#[derive(Clone, Debug)]
pub struct SummaryRow {
    /// Its id.
    pub id: TableId,
    /// The game's id.
    pub game: String,
    /// Lobby, running, finished or abandoned.
    pub status: Status,
    /// Who the game waits for (bit `i` = seat `i`).
    pub waiting: u16,
    /// Seats in order.
    pub seats: Vec<SeatRow>,
}

/// What a new table starts with.
#[derive(Clone, Debug)]
pub struct NewTable {
    /// The game's id.
    pub game: String,
    /// Options as JSON.
    pub options: String,
    /// The random seed.
    pub seed: u64,
    /// Who opens it.
    pub host: Option<UserId>,
    /// Seats it may fill.
    pub max_players: u8,
    /// Seconds a pending player has to act.
    pub turn_timeout: i64,
    /// Seconds each player may be away at this table.
    pub away_allowance: i64,
    /// What happens when a player runs out of time.
    pub on_timeout: OnTimeout,
    /// Whether its front end delivers through the outbox (a Discord table).
    pub delivers: bool,
    /// The finished table it is a rematch of.
    pub rematch_of: Option<TableId>,
    /// Its sealed deal and reveal choice.
    pub deal: Deal,
}

/// A change to a table, written atomically with a version check.
#[derive(Clone, Debug, Default)]
pub struct Update {
    /// New status, if it changes.
    pub status: Option<Status>,
    /// New engine state, if it changes.
    pub state: Option<String>,
    /// Seats to write (replacing the seat rows), if they change.
    pub seats: Option<Vec<SeatRow>>,
    /// Actions to append to the log, in order.
    pub log: Vec<LogEntry>,
    /// New deadline (`Some(None)` clears it).
    pub deadline_at: Option<Option<i64>>,
    /// New reminder flag.
    pub reminded: Option<bool>,
    /// When the table was paused (`Some(None)` unpauses it).
    pub paused_at: Option<Option<i64>>,
    /// A player's away clock at this table to write.
    pub away_clock: Option<(UserId, AwayClock)>,
    /// Who the game now waits for.
    pub waiting: Option<u16>,
    /// Per seat, the version at which its current decision began.
    pub asked: Option<Vec<i64>>,
    /// What the change means for the outside world (the table layer's outbox entry, as
    /// JSON), recorded in the same transaction.
    pub outbox: Option<String>,
    /// Claim the table for this process for this many seconds, unless another process holds
    /// a live claim: whoever commits delivers what the commit recorded.
    pub claim: Option<i64>,
    /// The game ended with this change: its results (and the players' new ratings) are
    /// recorded in the same transaction.
    pub finish: Option<Finish>,
    /// The seed the game starts from, when Start derives it from the sealed secret and the cut.
    pub seed: Option<u64>,
    /// The cut mixed into the sealed secret at Start.
    pub cut: Option<String>,
    /// A request to take a move back, opened with this change; its version is the one this
    /// change writes (issue #27).
    pub undo: Option<super::undo::UndoRequest>,
}

/// What [`super::Store::update`] wrote.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Written {
    /// The table's new version.
    pub version: i64,
    /// The outbox entry recorded, if any.
    pub outbox: Option<i64>,
    /// Whether this process holds the table's claim now.
    pub claimed: bool,
}
