//! The table layer: lobbies, seats, turn flow, computer players and deadlines, over the
//! store and the engines. Transport-independent: the terminal and Discord front ends both
//! call these functions and deliver what they return. No serenity or poise here.

mod error;
mod lobby;
mod report;

pub use error::TableError;
pub use report::{MoveReport, Snapshot, TableSummary};

use engines::{AnyGame, GameKind, GameRng, Narration, Pending, Seat, SeatSet};

use crate::store::{LogEntry, Origin, SeatRow, Status, Store, StoreError, TableId, TableRow, Update, UserId, now};

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
    /// The random seed; `None` draws one from the operating system.
    pub seed: Option<u64>,
    /// Seconds a pending player has to act.
    pub turn_timeout: i64,
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
}

/// Saloon's tables.
#[derive(Clone, Debug)]
pub struct Tables {
    store: Store,
}

/// Most computer moves in a row before a human is asked; far above any game's length, so
/// reaching it means a bug, reported instead of looping.
const COMPUTER_MOVE_LIMIT: usize = 100_000;

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

    fn is_computer(&self, seat: Seat) -> bool {
        self.row.seats.get(seat.index()).is_some_and(|s| s.user.is_none())
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

    pub(crate) async fn load_running(&self, id: TableId) -> Result<Loaded, TableError> {
        let row = self.store.load(id).await.map_err(|e| TableError::from_store(e, id))?;
        into_running(row)
    }

    /// A player's action, checked in the fixed order: seated, table running, seat pending,
    /// action legal, board not stale (`version`, when the front end sent one).
    ///
    /// # Errors
    /// [`TableError`] saying which check failed; nothing changes then.
    pub async fn submit(
        &self,
        id: TableId,
        user: UserId,
        action: &str,
        version: Option<i64>,
    ) -> Result<MoveReport, TableError> {
        let row = self.store.load(id).await.map_err(|e| TableError::from_store(e, id))?;
        if !row.seats.iter().any(|s| s.user == Some(user)) {
            return Err(TableError::NotSeated(id));
        }
        let mut table = into_running(row)?;
        let seat = table.seat_of(user).ok_or(TableError::NotSeated(id))?;
        if !table.game.pending().actors().contains(seat) {
            return Err(TableError::NotYourDecision { waiting: table.waiting_names() });
        }
        let names = table.names();
        let before = table.game.pending().must_seats();
        let applied = table
            .game
            .apply(seat, action, &names)
            .map_err(|e| TableError::illegal(id, &table.game, seat, &names, &e))?;
        if let Some(v) = version
            && v != table.row.version
        {
            return Err(TableError::Stale(id));
        }
        let mut report = MoveReport::new(before, seat, &applied, Origin::Player);
        self.run_computers(&mut table, &mut report)?;
        self.commit(table, report).await
    }

    /// `user` leaves the game they are seated in (resigning); allowed at any time.
    ///
    /// # Errors
    /// [`TableError`] when not seated, the table is not running, or the game forbids it now.
    pub async fn resign(&self, id: TableId, user: UserId) -> Result<MoveReport, TableError> {
        let mut table = self.load_running(id).await?;
        let seat = table.seat_of(user).ok_or(TableError::NotSeated(id))?;
        let action = table.game.resign_action(seat).ok_or(TableError::CannotResign)?;
        let names = table.names();
        let before = table.game.pending().must_seats();
        let applied = table
            .game
            .apply(seat, &action, &names)
            .map_err(|e| TableError::illegal(id, &table.game, seat, &names, &e))?;
        let mut report = MoveReport::new(before, seat, &applied, Origin::Player);
        self.run_computers(&mut table, &mut report)?;
        self.commit(table, report).await
    }

    /// The host (or `admin`, a moderator of the place it is played in, as the front end
    /// decides) hands the seat of `player` to a computer player: the cure for a game stalled on
    /// someone who has gone quiet. The seat keeps its place, holdings and score; it is renamed
    /// "<name> (bot)" and plays on at once if the game waits for it. `who` names the player
    /// in a refusal.
    ///
    /// # Errors
    /// When `by` may not, the table is not running, or `player` has no seat there.
    pub async fn replace_with_computer(
        &self,
        id: TableId,
        by: UserId,
        admin: bool,
        player: UserId,
        who: &str,
    ) -> Result<MoveReport, TableError> {
        let mut table = self.load_running(id).await?;
        if table.row.host != Some(by) && !admin {
            return Err(TableError::NotHost(id));
        }
        let seat = table.seat_of(player).ok_or_else(|| TableError::NoSuchPlayer(who.to_string(), id))?;
        let row = &mut table.row.seats[seat.index()];
        row.user = None;
        row.name = format!("{} (bot)", row.name);
        let mut report = MoveReport::empty(table.game.pending().must_seats());
        self.run_computers(&mut table, &mut report)?;
        self.commit_seats(table, report, true).await
    }

    /// Moves table `id` on if the game waits for a computer player: never the case after a
    /// commit of this layer (computer moves are committed with the action that hands them
    /// the turn), but a database from an older release, or one restored by hand, may hold
    /// such a table. Returns the report when computers moved.
    ///
    /// # Errors
    /// When the table cannot be loaded or saved.
    pub async fn drive_computers(&self, id: TableId) -> Result<Option<MoveReport>, TableError> {
        let mut table = self.load_running(id).await?;
        let must = table.game.pending().must_seats();
        if !must.iter().any(|s| table.is_computer(s)) {
            return Ok(None);
        }
        let mut report = MoveReport::empty(must);
        self.run_computers(&mut table, &mut report)?;
        self.commit(table, report).await.map(Some)
    }

    /// [`Tables::drive_computers`] for every running table, at start-up: the reports of the
    /// tables that moved. A table that fails is logged and skipped.
    ///
    /// # Errors
    /// When the list of running tables cannot be read.
    pub async fn drive_all_computers(&self) -> Result<Vec<MoveReport>, TableError> {
        let ids = self.store.tables_of(None, Status::Running).await.map_err(TableError::store)?;
        let mut moved = Vec::new();
        for id in ids {
            match self.drive_computers(id).await {
                Ok(Some(report)) => moved.push(report),
                Ok(None) => {}
                Err(error) => tracing::warn!(%id, "cannot move the computer players on: {}", error.log_detail()),
            }
        }
        Ok(moved)
    }

    /// Plays computer seats until a human must decide or the game ends.
    fn run_computers(&self, table: &mut Loaded, report: &mut MoveReport) -> Result<(), TableError> {
        let names = table.names();
        for _ in 0..COMPUTER_MOVE_LIMIT {
            let Pending::Deciding { must: pending, .. } = table.game.pending() else { return Ok(()) };
            let Some(seat) = pending.iter().find(|s| table.is_computer(*s)) else { return Ok(()) };
            // The computer's own random source, separate from the game's draws: fixed by the
            // seed and the state it decides in, so the same table plays the same way however
            // its moves were split into commits (or interrupted and resumed).
            let mut rng =
                GameRng::from_seed(table.row.seed ^ state_hash(&table.game)?.wrapping_mul(0x9E37_79B9_7F4A_7C15));
            let action = table
                .game
                .computer_action(seat, &mut rng)
                .ok_or_else(|| TableError::Internal(format!("computer seat {seat} has no legal action")))?;
            let applied = table
                .game
                .apply(seat, &action, &names)
                .map_err(|e| TableError::Internal(format!("computer action {action} refused: {e}")))?;
            report.record(seat, &applied, Origin::Computer);
        }
        Err(TableError::Internal("computer players did not stop".into()))
    }

    /// Saves the game and log atomically (rejecting a stale version) and completes the report.
    async fn commit(&self, table: Loaded, report: MoveReport) -> Result<MoveReport, TableError> {
        self.commit_seats(table, report, false).await
    }

    /// As [`Tables::commit`], also writing the seat rows when `seats_changed`.
    async fn commit_seats(
        &self,
        table: Loaded,
        mut report: MoveReport,
        seats_changed: bool,
    ) -> Result<MoveReport, TableError> {
        let id = table.row.id;
        let pending = table.game.pending();
        let finished = matches!(pending, Pending::Finished(_));
        let humans_pending = pending.must_seats().iter().any(|s| !table.is_computer(s));
        // The clock restarts only for a new decision; players still owing the same answer (a
        // sealed bid while the others bid) keep their deadline and their reminder.
        let new_decision = report.settle_fresh(pending.must_seats()).iter().any(|s| !table.is_computer(s));
        let (deadline, reminded) = match (finished || !humans_pending, new_decision) {
            (true, _) => (None, false),
            (false, true) => (Some(now() + table.row.turn_timeout), false),
            (false, false) => (table.row.deadline_at, table.row.reminded),
        };
        // A lobby becomes a running (or, all computers, finished) game in this same commit.
        let status = if finished {
            Some(Status::Finished)
        } else {
            (table.row.status == Status::Lobby).then_some(Status::Running)
        };
        let update = Update {
            status,
            state: Some(table.game.save().map_err(|e| TableError::Internal(e.to_string()))?),
            seats: seats_changed.then(|| table.row.seats.clone()),
            log: report.log.clone(),
            deadline_at: Some(deadline),
            reminded: Some(reminded),
        };
        let version =
            self.store.update(id, table.row.version, &update).await.map_err(|e| TableError::from_store(e, id))?;
        report.finish(&table, version);
        Ok(report)
    }

    /// The table as everybody sees it (any status).
    ///
    /// # Errors
    /// [`TableError::NoSuchTable`] and storage failures.
    pub async fn snapshot(&self, id: TableId) -> Result<Snapshot, TableError> {
        let row = self.store.load(id).await.map_err(|e| TableError::from_store(e, id))?;
        Snapshot::from_row(row)
    }

    /// What `user` privately sees at table `id`: their seat's view and legal actions.
    ///
    /// # Errors
    /// When the table is not running or `user` is not seated.
    pub async fn private_view(&self, id: TableId, user: UserId) -> Result<report::PrivateView, TableError> {
        let table = self.load_running(id).await?;
        let seat = table.seat_of(user).ok_or(TableError::NotSeated(id))?;
        Ok(report::PrivateView::new(&table, seat))
    }

    /// The next step of entering an action piece by piece for `user` at table `id`, after the
    /// text `prefix` (`""` at the start).
    ///
    /// # Errors
    /// When the table is not running or `user` is not seated.
    pub async fn choices(&self, id: TableId, user: UserId, prefix: &str) -> Result<Step, TableError> {
        let table = self.load_running(id).await?;
        let seat = table.seat_of(user).ok_or(TableError::NotSeated(id))?;
        let pending = table.game.pending().actors().contains(seat);
        let back = (!prefix.is_empty()).then(|| table.game.previous_prefix(seat, prefix));
        Ok(Step { choices: table.game.choices(seat, prefix), version: table.row.version, pending, back })
    }

    /// Tables `user` sits at that are in `status`.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn tables_of(&self, user: Option<UserId>, status: Status) -> Result<Vec<TableSummary>, TableError> {
        let ids = self.store.tables_of(user, status).await.map_err(TableError::store)?;
        let mut out = Vec::with_capacity(ids.len());
        for id in ids {
            out.push(TableSummary::from_snapshot(self.snapshot(id).await?, user));
        }
        Ok(out)
    }

    /// Rebuilds a table's game from its seed and action log and checks it matches the saved
    /// state: the audit that the log is complete.
    ///
    /// # Errors
    /// When the replay disagrees, or the table cannot be loaded.
    pub async fn verify_replay(&self, id: TableId) -> Result<(), TableError> {
        let table = self.load_any(id).await?;
        let Some(saved) = table.game else { return Ok(()) };
        let log = self.store.log(id).await.map_err(TableError::store)?;
        let kind = saved.kind();
        let options: serde_json::Value =
            serde_json::from_str(&table.row.options).map_err(|e| TableError::Internal(e.to_string()))?;
        let mut game =
            AnyGame::setup(kind, &options, table.row.seats.len(), table.row.seed).map_err(TableError::Setup)?;
        let names: Vec<String> = table.row.seats.iter().map(|s| s.name.clone()).collect();
        for entry in &log {
            game.apply(Seat(entry.seat), &entry.action, &names)
                .map_err(|e| TableError::Internal(format!("replay refused {}: {e}", entry.action)))?;
        }
        if game == saved { Ok(()) } else { Err(TableError::Internal("replay differs from the saved state".into())) }
    }

    async fn load_any(&self, id: TableId) -> Result<MaybeLoaded, TableError> {
        let row = self.store.load(id).await.map_err(|e| TableError::from_store(e, id))?;
        let (_, game) = engine_of(&row)?;
        Ok(MaybeLoaded { row, game })
    }

    /// Applies the timeout policy to table `id` if its deadline has passed at `at`: each pending
    /// human gets the game's safe default (or a computer move), logged as a timeout; then the
    /// computer seats play on. Returns `None` when nothing was due.
    ///
    /// # Errors
    /// Storage failures; a table that changed meanwhile is left for the next sweep.
    pub async fn expire(&self, id: TableId, at: i64) -> Result<Option<MoveReport>, TableError> {
        let mut table = self.load_running(id).await?;
        if table.row.deadline_at.is_none_or(|d| d > at) {
            return Ok(None);
        }
        let names = table.names();
        let pending: SeatSet = table.game.pending().must_seats();
        let mut report: Option<MoveReport> = None;
        let humans: Vec<Seat> = pending.iter().filter(|s| !table.is_computer(*s)).collect();
        for seat in humans {
            if !table.game.pending().must_seats().contains(seat) {
                continue;
            }
            let mut rng = GameRng::from_seed(table.row.seed ^ (table.row.version as u64).rotate_left(17));
            let action = match table.game.timeout_action(seat) {
                Some(action) => action,
                None => table
                    .game
                    .computer_action(seat, &mut rng)
                    .ok_or_else(|| TableError::Internal(format!("no action for {seat} at timeout")))?,
            };
            let applied = table.game.apply(seat, &action, &names).map_err(|e| TableError::Internal(e.to_string()))?;
            match &mut report {
                Some(report) => report.record(seat, &applied, Origin::Timeout),
                None => report = Some(MoveReport::new(pending, seat, &applied, Origin::Timeout)),
            }
        }
        let Some(mut report) = report else { return Ok(None) };
        self.run_computers(&mut table, &mut report)?;
        self.commit(table, report).await.map(Some)
    }

    /// Marks the half-time reminder of table `id` as sent; returns the seats to remind, or
    /// `None` when no reminder is due at `at`.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn take_reminder(&self, id: TableId, at: i64) -> Result<Option<Snapshot>, TableError> {
        let row = self.store.load(id).await.map_err(|e| TableError::from_store(e, id))?;
        let due = row.status == Status::Running
            && !row.reminded
            && row.deadline_at.is_some_and(|d| d - row.turn_timeout / 2 <= at && d > at);
        if !due {
            return Ok(None);
        }
        let update = Update { reminded: Some(true), ..Update::default() };
        match self.store.update(id, row.version, &update).await {
            Ok(_) => self.snapshot(id).await.map(Some),
            Err(StoreError::Stale { .. }) => Ok(None),
            Err(e) => Err(TableError::store(e)),
        }
    }

    /// Tables with a deadline or reminder due at `at`.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn due(&self, at: i64) -> Result<Vec<TableId>, TableError> {
        self.store.due(at).await.map_err(TableError::store)
    }
}

/// A loaded row as a running table, or why it is not one.
fn into_running(row: TableRow) -> Result<Loaded, TableError> {
    let id = row.id;
    match row.status {
        Status::Lobby => return Err(TableError::NotStarted(id)),
        Status::Finished | Status::Abandoned => return Err(TableError::Over(id)),
        Status::Running => {}
    }
    let (_, game) = engine_of(&row)?;
    let game = game.ok_or_else(|| TableError::Internal(format!("table {id} has no state")))?;
    Ok(Loaded { row, game })
}

/// The game kind of a stored table and its engine state, if started.
pub(crate) fn engine_of(row: &TableRow) -> Result<(GameKind, Option<AnyGame>), TableError> {
    let kind: GameKind = row.game.parse().map_err(|e| TableError::Internal(format!("table {}: {e}", row.id)))?;
    let game = match &row.state {
        Some(state) => Some(AnyGame::load(kind, state).map_err(|e| TableError::Internal(e.to_string()))?),
        None => None,
    };
    Ok((kind, game))
}

struct MaybeLoaded {
    row: TableRow,
    game: Option<AnyGame>,
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
pub(crate) fn public_choices(game: &AnyGame) -> Option<(Seat, engines::Choices)> {
    let pending = game.pending().must_seats();
    let seat = pending.first().filter(|_| pending.len() == 1)?;
    (!game.holds_secrets(seat)).then(|| (seat, game.choices(seat, "")))
}

/// Seats holding something private.
pub(crate) fn secret_holders(game: &AnyGame) -> SeatSet {
    game.secrets().iter().filter_map(|s| s.owner).collect()
}

pub(crate) fn log_entry(seat: Seat, action: &str, origin: Origin) -> LogEntry {
    LogEntry { seat: seat.0, action: action.to_string(), origin }
}

pub(crate) fn narration_for(narration: &[Narration], viewer: engines::Viewer) -> Vec<String> {
    narration.iter().filter(|n| n.audience.includes(viewer)).map(|n| n.text.clone()).collect()
}
