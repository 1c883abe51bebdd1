//! What the table layer hands to a front end: views and narration, never a game state.

use engines::{
    AnyGame, AnyView, Applied, Choices, GameKind, LegalAction, Narration, Outcome, Pending, Seat, SeatSet, Viewer,
};

use super::{Loaded, TableError, engine_of, log_entry, public_choices, secret_holders};
use crate::store::{LogEntry, Origin, SeatRow, Status, TableId, TableRow, UserId};

/// One applied action.
#[derive(Clone, Debug)]
pub struct Move {
    /// Who acted.
    pub seat: Seat,
    /// The action's text form.
    pub action: String,
    /// Who chose it.
    pub origin: Origin,
}

/// The result of a move (a player's action and the computer moves that followed).
#[derive(Clone, Debug)]
pub struct MoveReport {
    /// The table.
    pub table: TableId,
    /// The game.
    pub game: GameKind,
    /// The table's version after the move.
    pub version: i64,
    /// Every action applied, in order.
    pub moves: Vec<Move>,
    /// What happened, each with its audience; front ends post the public lines and send
    /// each seat's private lines to that seat only.
    pub narration: Vec<Narration>,
    /// The seats.
    pub seats: Vec<SeatRow>,
    /// Who must decide next (empty once finished).
    pub pending: SeatSet,
    /// The pending seats facing a new decision: not pending before this move, or pending again
    /// after acting in it. A seat still owing the same answer as before (a sealed bid while
    /// others bid) is not in it, so front ends mention and message each player once per decision.
    pub fresh: SeatSet,
    /// Who had to decide before the first action of this report.
    pub(crate) pending_before: SeatSet,
    /// The board as everybody sees it.
    pub view: Option<AnyView>,
    /// The result, when the game ended.
    pub outcome: Option<Outcome>,
    /// The pending seat's first choices, when they may be shown publicly.
    pub public_choices: Option<(Seat, Choices)>,
    /// Seats holding something private now.
    pub secret_holders: SeatSet,
    pub(crate) log: Vec<LogEntry>,
}

impl MoveReport {
    /// A report opened by `seat`'s action, `before` being who had to decide until then.
    pub(crate) fn new(before: SeatSet, seat: Seat, applied: &Applied, origin: Origin) -> Self {
        let mut report = Self::empty(before);
        report.record(seat, applied, origin);
        report
    }

    /// A report with no action yet, `before` being who had to decide until then.
    pub(crate) fn empty(before: SeatSet) -> Self {
        Self {
            table: TableId(0),
            game: GameKind::Martian12s,
            version: 0,
            moves: Vec::new(),
            narration: Vec::new(),
            seats: Vec::new(),
            pending: SeatSet::EMPTY,
            fresh: SeatSet::EMPTY,
            pending_before: before,
            view: None,
            outcome: None,
            public_choices: None,
            secret_holders: SeatSet::EMPTY,
            log: Vec::new(),
        }
    }

    pub(crate) fn record(&mut self, seat: Seat, applied: &Applied, origin: Origin) {
        self.log.push(log_entry(seat, &applied.action, origin));
        self.moves.push(Move { seat, action: applied.action.clone(), origin });
        self.narration.extend(applied.narration.iter().cloned());
    }

    /// Who faces a new decision now that `now` must decide (not pending before this report,
    /// or pending again after acting in it); kept as [`MoveReport::fresh`].
    pub(crate) fn settle_fresh(&mut self, now: SeatSet) -> SeatSet {
        let acted: SeatSet = self.moves.iter().map(|m| m.seat).collect();
        self.fresh = now.iter().filter(|s| !self.pending_before.contains(*s) || acted.contains(*s)).collect();
        self.fresh
    }

    pub(crate) fn finish(&mut self, table: &Loaded, version: i64) {
        self.table = table.row.id;
        self.game = table.game.kind();
        self.version = version;
        self.seats = table.row.seats.clone();
        let pending = table.game.pending();
        self.pending = pending.must_seats();
        self.outcome = match pending {
            Pending::Finished(outcome) => Some(outcome),
            Pending::Deciding { .. } => None,
        };
        self.view = Some(table.game.view(Viewer::Public));
        self.public_choices = public_choices(&table.game);
        self.secret_holders = secret_holders(&table.game);
    }

    /// Names by seat.
    #[must_use]
    pub fn names(&self) -> Vec<String> {
        self.seats.iter().map(|s| s.name.clone()).collect()
    }

    /// Humans facing a new decision: the players to mention and message.
    #[must_use]
    pub fn fresh_users(&self) -> Vec<UserId> {
        self.fresh.iter().filter_map(|s| self.seats.get(s.index()).and_then(|row| row.user)).collect()
    }

    /// The narration `viewer` may read.
    #[must_use]
    pub fn narration_for(&self, viewer: Viewer) -> Vec<String> {
        super::narration_for(&self.narration, viewer)
    }

    /// Humans the game now waits for.
    #[must_use]
    pub fn waiting_users(&self) -> Vec<UserId> {
        self.pending.iter().filter_map(|s| self.seats.get(s.index()).and_then(|row| row.user)).collect()
    }
}

/// A table as everybody sees it.
#[derive(Clone, Debug)]
pub struct Snapshot {
    /// The table.
    pub id: TableId,
    /// The game.
    pub game: GameKind,
    /// Lobby, running, finished or abandoned.
    pub status: Status,
    /// Bumped on every change.
    pub version: i64,
    /// Seats in order.
    pub seats: Vec<SeatRow>,
    /// Seats it may fill.
    pub max_players: u8,
    /// Who opened it.
    pub host: Option<UserId>,
    /// Who must decide.
    pub pending: SeatSet,
    /// The public board, once started.
    pub view: Option<AnyView>,
    /// The result, when over.
    pub outcome: Option<Outcome>,
    /// The options as JSON text.
    pub options: String,
    /// The seed (published at the end of a game for audit).
    pub seed: u64,
    /// Seconds a pending player has to act.
    pub turn_timeout: i64,
    /// When the pending decision times out.
    pub deadline_at: Option<i64>,
    /// The pending seat's first choices, when they may be shown publicly.
    pub public_choices: Option<(Seat, Choices)>,
    /// Seats holding something private now.
    pub secret_holders: SeatSet,
}

impl Snapshot {
    pub(crate) fn from_row(row: TableRow) -> Result<Self, TableError> {
        let (game, engine) = engine_of(&row)?;
        let pending = engine.as_ref().map(AnyGame::pending);
        Ok(Self {
            id: row.id,
            game,
            status: row.status,
            version: row.version,
            max_players: row.max_players,
            host: row.host,
            pending: pending.as_ref().map_or(SeatSet::EMPTY, Pending::must_seats),
            outcome: match pending {
                Some(Pending::Finished(outcome)) => Some(outcome),
                _ => None,
            },
            view: engine.as_ref().map(|g| g.view(Viewer::Public)),
            public_choices: engine.as_ref().and_then(public_choices),
            secret_holders: engine.as_ref().map_or(SeatSet::EMPTY, secret_holders),
            seats: row.seats,
            options: row.options,
            seed: row.seed,
            turn_timeout: row.turn_timeout,
            deadline_at: row.deadline_at,
        })
    }

    /// Names by seat.
    #[must_use]
    pub fn names(&self) -> Vec<String> {
        self.seats.iter().map(|s| s.name.clone()).collect()
    }

    /// The seat of `user`, if seated.
    #[must_use]
    pub fn seat_of(&self, user: UserId) -> Option<Seat> {
        self.seats.iter().find(|s| s.user == Some(user)).map(|s| Seat(s.seat))
    }

    /// Humans the game waits for.
    #[must_use]
    pub fn waiting_users(&self) -> Vec<UserId> {
        self.pending.iter().filter_map(|s| self.seats.get(s.index()).and_then(|row| row.user)).collect()
    }

    /// Names of the seats the game waits for.
    #[must_use]
    pub fn waiting_names(&self) -> Vec<String> {
        self.pending.iter().filter_map(|s| self.seats.get(s.index()).map(|row| row.name.clone())).collect()
    }
}

/// What one seat privately sees, with what it may do.
#[derive(Clone, Debug)]
pub struct PrivateView {
    /// The table.
    pub table: TableId,
    /// The game.
    pub game: GameKind,
    /// The seat.
    pub seat: Seat,
    /// The seat's view (public part plus its own secrets).
    pub view: AnyView,
    /// What the seat may do now (empty when not pending).
    pub legal: Vec<LegalAction>,
    /// The first step of entering an action, when the seat must decide.
    pub first_step: Option<Choices>,
    /// The table's version.
    pub version: i64,
    /// Names by seat.
    pub names: Vec<String>,
}

impl PrivateView {
    pub(crate) fn new(table: &Loaded, seat: Seat) -> Self {
        let legal = table.game.legal_actions(seat);
        Self {
            table: table.row.id,
            game: table.game.kind(),
            seat,
            view: table.game.view(Viewer::Seat(seat)),
            first_step: (!legal.is_empty()).then(|| table.game.choices(seat, "")),
            legal,
            version: table.row.version,
            names: table.names(),
        }
    }
}

/// A line in a list of tables.
#[derive(Clone, Debug)]
pub struct TableSummary {
    /// The table.
    pub id: TableId,
    /// The game.
    pub game: GameKind,
    /// Its status.
    pub status: Status,
    /// Players seated.
    pub seated: usize,
    /// Names the game waits for.
    pub waiting: Vec<String>,
    /// Whether the asking user is among them.
    pub your_turn: bool,
}

impl TableSummary {
    pub(crate) fn from_snapshot(snapshot: Snapshot, user: Option<UserId>) -> Self {
        let your_turn = user.is_some_and(|u| snapshot.waiting_users().contains(&u));
        Self {
            id: snapshot.id,
            game: snapshot.game,
            status: snapshot.status,
            seated: snapshot.seats.len(),
            waiting: snapshot.waiting_names(),
            your_turn,
        }
    }
}
