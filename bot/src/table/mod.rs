//! The table layer: lobbies, seats, turn flow, computer players and deadlines, over the
//! store and the engines. Transport-independent: the terminal and Discord front ends both
//! call these functions and deliver what they return. No serenity or poise here.

mod error;
mod lobby;
mod report;

pub use error::TableError;
pub(crate) use report::Progress;
pub use report::{Move, MoveReport, PrivateView, Snapshot, TableSummary};

/// A table option that is not written `KEY=VALUE`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not an option written KEY=VALUE, e.g. dice_mix=d6_only or rounds=5")]
pub struct BadOptionWord(pub String);

/// Table options from `KEY=VALUE` words (`dice_mix=d6_only round_cap=40`), as `/play` and
/// `saloon play --opt` take them: a value that reads as JSON (a number, `true`) is that, any
/// other value is text. Whether the game accepts them is checked when the table opens.
///
/// # Errors
/// [`BadOptionWord`] for a word without `=` or with an empty key.
pub fn options_from_words<'a>(words: impl IntoIterator<Item = &'a str>) -> Result<serde_json::Value, BadOptionWord> {
    let mut map = serde_json::Map::new();
    for word in words {
        let (key, value) = word.split_once('=').ok_or_else(|| BadOptionWord(word.to_string()))?;
        if key.trim().is_empty() {
            return Err(BadOptionWord(word.to_string()));
        }
        let value = value.trim();
        let value = serde_json::from_str(value).unwrap_or_else(|_| serde_json::Value::String(value.to_string()));
        map.insert(key.trim().to_string(), value);
    }
    Ok(serde_json::Value::Object(map))
}

use engines::{AnyGame, GameKind, GameRng, Narration, Pending, Seat, SeatSet};

use crate::store::{
    LogEntry, OnTimeout, Origin, SeatRow, Skill, Status, Store, StoreError, TableId, TableRow, Update, UserId, now,
};

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
    /// How a computer seat with no stored strength plays (seats written by a release that did
    /// not store one: those played uniformly at random, the default here).
    default_skill: Skill,
}

/// Most attempts at a player's action while other writes to the table keep winning the race
/// between reading and writing it.
const RACE_ATTEMPTS: usize = 4;

/// Most computer moves in a row before a human is asked; far above any game's length, so
/// reaching it means a bug, reported instead of looping.
const COMPUTER_MOVE_LIMIT: usize = 100_000;

/// Mixes the state into a computer's random source (an odd constant: the golden ratio's bits).
const COMPUTER_SALT: u64 = 0x9E37_79B9_7F4A_7C15;

/// Seconds a process holds its claim on a due table ([`Tables::due`]): when it dies holding
/// one, another process handles the table this much later.
pub const CLAIM_LEASE: i64 = 60;

/// Most due tables a process claims at once: the rest wait for its next sweep, or for
/// another process.
pub const CLAIM_BATCH: i64 = 100;

/// Seconds a table may wait on computer players before the sweeper moves it on: the front end
/// that committed the move drives them at once, so this only matters when that process
/// stopped mid-way (see [`Tables::drive_computers`]).
pub const COMPUTER_GRACE: i64 = 30;

/// A computer's choice for `seat` at `skill`.
fn choose(game: &AnyGame, seat: Seat, skill: Skill, rng: &mut GameRng) -> Option<String> {
    match skill {
        Skill::Random => game.random_action(seat, rng),
        Skill::Search(level) => game.computer_action(seat, level, rng),
    }
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
            || self
                .row
                .asked
                .as_ref()
                .and_then(|asked| asked.get(seat.index()))
                .is_some_and(|asked| *asked <= version && version < self.row.version)
    }

    /// Whether a computer chooses `seat`'s moves now (a computer seat, or an away player's).
    fn is_computer(&self, seat: Seat) -> bool {
        self.row.seats.get(seat.index()).is_some_and(SeatRow::computer_plays)
    }

    /// How the computer playing `seat` chooses: its stored strength; else, standing in for an
    /// away player, the normal level; else (a computer seat stored by a release that kept no
    /// strength) the release's `default`.
    fn skill(&self, seat: Seat, default: Skill) -> Skill {
        let row = self.row.seats.get(seat.index());
        match row.and_then(|s| s.level) {
            Some(level) => level,
            None if row.is_some_and(|s| s.user.is_some()) => Skill::default(),
            None => default,
        }
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
        Self { store, default_skill: Skill::Random }
    }

    /// The same tables where a computer seat with no stored strength plays at `skill`.
    #[must_use]
    pub fn with_default_skill(self, skill: Skill) -> Self {
        Self { default_skill: skill, ..self }
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

    /// The action log of table `id`, in order (for the record posted at the end).
    ///
    /// # Errors
    /// Storage failures.
    pub async fn log(&self, id: TableId) -> Result<Vec<LogEntry>, TableError> {
        self.store.log(id).await.map_err(TableError::store)
    }

    pub(crate) async fn load_running(&self, id: TableId) -> Result<Loaded, TableError> {
        let row = self.store.load(id).await.map_err(|e| TableError::from_store(e, id))?;
        into_running(row)
    }

    /// Loads table `id` for `user`'s action: seated first, then running.
    async fn load_seated(&self, id: TableId, user: UserId) -> Result<(Loaded, Seat), TableError> {
        let row = self.store.load(id).await.map_err(|e| TableError::from_store(e, id))?;
        let Some(seat) = row.seats.iter().find(|s| s.user == Some(user)).map(|s| Seat(s.seat)) else {
            return Err(TableError::NotSeated(id));
        };
        Ok((into_running(row)?, seat))
    }

    /// A player's action, checked in the fixed order: seated, table running, seat pending,
    /// action legal, panel not stale (`version`, when the front end sent one; see
    /// [`Tables::click`] for what counts as stale). One read of the table, one write.
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
        for _ in 0..RACE_ATTEMPTS {
            let (table, seat) = self.load_seated(id, user).await?;
            if let Some(report) = self.play(table, seat, action, version).await? {
                return Ok(report);
            }
        }
        Err(TableError::Stale(id))
    }

    /// One click on a step of entering a move at `version` (the version the clicked panel
    /// was drawn at): the next step when `text` is not a whole action yet, else the action
    /// applied. A panel is stale only when something its seat could see has changed since it
    /// was drawn; another seat's answer to a sealed decision the seat shares does not count,
    /// so two players answering one sealed decision at once are both taken. One read of the
    /// table, and one write when the action is applied.
    ///
    /// # Errors
    /// As [`Tables::submit`].
    pub async fn click(&self, id: TableId, user: UserId, text: &str, version: i64) -> Result<Click, TableError> {
        for _ in 0..RACE_ATTEMPTS {
            let (table, seat) = self.load_seated(id, user).await?;
            if table.row.seats.get(seat.index()).is_some_and(|s| s.away) {
                return Err(TableError::Away(id));
            }
            let actor = table.game.pending().actors().contains(seat);
            if actor {
                if !table.current_for(seat, version) {
                    return Err(TableError::Stale(id));
                }
                let choices = table.game.choices(seat, text, &table.names());
                if !choices.options.is_empty() {
                    let back = (!text.is_empty()).then(|| table.game.previous_prefix(seat, text));
                    return Ok(Click::Next(Step { choices, version: table.row.version, pending: true, back }));
                }
            }
            // A whole action, or not a path this seat can take now: applied, or refused with
            // the exact reason (not your decision, not legal) and nothing changed.
            if let Some(report) = self.play(table, seat, text, Some(version)).await? {
                return Ok(Click::Moved(Box::new(report)));
            }
        }
        Err(TableError::Stale(id))
    }

    /// Applies `seat`'s action and commits it; `None` when another write to the table won
    /// the race between reading and writing (the caller reads again and retries: a sealed
    /// answer arriving with another is still taken).
    async fn play(
        &self,
        mut table: Loaded,
        seat: Seat,
        action: &str,
        version: Option<i64>,
    ) -> Result<Option<MoveReport>, TableError> {
        let id = table.row.id;
        if table.row.seats.get(seat.index()).is_some_and(|s| s.away) {
            return Err(TableError::Away(id));
        }
        if !table.game.pending().actors().contains(seat) {
            return Err(TableError::NotYourDecision { waiting: table.waiting_names() });
        }
        let names = table.names();
        let mut progress = Progress::new(&table.game);
        let applied = table
            .game
            .apply(seat, action, &names)
            .map_err(|e| TableError::illegal(id, &table.game, seat, &names, &e))?;
        if let Some(v) = version
            && !table.current_for(seat, v)
        {
            return Err(TableError::Stale(id));
        }
        progress.record(seat, &applied, Origin::Player, &table.game);
        self.run_computers(&mut table, &mut progress)?;
        match self.commit(table, progress, false).await {
            Ok(report) => Ok(Some(report)),
            Err(TableError::Stale(_)) => Ok(None),
            Err(other) => Err(other),
        }
    }

    /// `user` leaves the game they are seated in (resigning); allowed at any time.
    ///
    /// # Errors
    /// [`TableError`] when not seated, the table is not running, or the game forbids it now.
    pub async fn resign(&self, id: TableId, user: UserId) -> Result<MoveReport, TableError> {
        let (mut table, seat) = self.load_seated(id, user).await?;
        let action = table.game.resign_action(seat).ok_or(TableError::CannotResign)?;
        let names = table.names();
        let mut progress = Progress::new(&table.game);
        let applied = table
            .game
            .apply(seat, &action, &names)
            .map_err(|e| TableError::illegal(id, &table.game, seat, &names, &e))?;
        progress.record(seat, &applied, Origin::Player, &table.game);
        self.run_computers(&mut table, &mut progress)?;
        self.commit(table, progress, false).await
    }

    /// The host (or `admin`, a moderator of the place it is played in, as the front end
    /// decides) hands the seat of `player` to a computer player while they are away: the cure
    /// for a game stalled on someone who has gone quiet. The seat keeps its player, place,
    /// holdings and score; a computer plays it (at once if the game waits for it) until the
    /// player comes back with [`Tables::rejoin`]. `who` names the player in a refusal. The
    /// report carries the public line saying so.
    ///
    /// # Errors
    /// When `by` may not, the table is not running, or `player` has no seat there.
    pub async fn stand_in(
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
        let mut progress = Progress::new(&table.game);
        self.hand_to_computer(&mut table, seat, &mut progress, "at the host's request");
        self.run_computers(&mut table, &mut progress)?;
        self.commit(table, progress, true).await
    }

    /// Marks `seat` away (a computer plays it from now on) with the public line saying why.
    fn hand_to_computer(&self, table: &mut Loaded, seat: Seat, progress: &mut Progress, why: &str) {
        let skill = table.skill(seat, self.default_skill);
        let Some(row) = table.row.seats.get_mut(seat.index()) else { return };
        if row.away {
            return;
        }
        row.away = true;
        progress.went_away(seat);
        progress.announce(format!(
            "{name} is away ({why}): a computer player ({skill}) plays {name}'s seat until {name} comes back with /rejoin.",
            name = row.name
        ));
    }

    /// `user` takes their seat back from the computer that played it while they were away.
    /// Their clock starts afresh if the game waits for them.
    ///
    /// # Errors
    /// When `user` is not seated, the table is not running, or they are not away.
    pub async fn rejoin(&self, id: TableId, user: UserId) -> Result<MoveReport, TableError> {
        let (mut table, seat) = self.load_seated(id, user).await?;
        let Some(row) = table.row.seats.get_mut(seat.index()).filter(|row| row.away) else {
            return Err(TableError::NotAway(id));
        };
        row.away = false;
        let line = format!("{} is back and plays their own seat again.", row.name);
        let mut progress = Progress::new(&table.game);
        progress.hand_over(seat);
        progress.announce(line);
        self.commit(table, progress, true).await
    }

    /// Makes the next computer move at table `id`, if the game waits for a computer: a seat
    /// that searches thinks on the blocking pool (never on the async runtime), then its move and
    /// any random computers' moves that follow are committed together. Front ends call this
    /// after every commit until it returns `None`, delivering each report as it comes, so
    /// humans see computers' moves one by one and their own clicks are never held up.
    ///
    /// A table found waiting on computers without anyone driving it (a process that stopped
    /// mid-way, a database from an older release) is moved on the same way by the sweeper.
    ///
    /// # Errors
    /// When the table cannot be loaded or saved; a computer with no legal action.
    pub async fn drive_computers(&self, id: TableId) -> Result<Option<MoveReport>, TableError> {
        for _ in 0..RACE_ATTEMPTS {
            let mut table = match self.load_running(id).await {
                Ok(table) => table,
                // Over meanwhile (a human's last move, a resignation): nothing left to move.
                Err(TableError::Over(_)) => return Ok(None),
                Err(other) => return Err(other),
            };
            let Some(seat) = table.computer_to_move() else { return Ok(None) };
            let mut progress = Progress::new(&table.game);
            let skill = table.skill(seat, self.default_skill);
            if skill.searches() {
                let game = table.game.clone();
                let mut rng = table.computer_rng(COMPUTER_SALT)?;
                let action = tokio::task::spawn_blocking(move || choose(&game, seat, skill, &mut rng))
                    .await
                    .map_err(|e| TableError::Internal(format!("a computer's search stopped: {e}")))?
                    .ok_or_else(|| TableError::Internal(format!("computer seat {seat} has no legal action")))?;
                let names = table.names();
                let applied = table
                    .game
                    .apply(seat, &action, &names)
                    .map_err(|e| TableError::Internal(format!("computer action {action} refused: {e}")))?;
                progress.record(seat, &applied, Origin::Computer, &table.game);
            }
            self.run_computers(&mut table, &mut progress)?;
            // Someone else's write (a human's sealed answer while this computer thought) wins:
            // read again and decide in the new position.
            match self.commit(table, progress, false).await {
                Ok(report) => return Ok(Some(report)),
                Err(TableError::Stale(_)) => {}
                Err(other) => return Err(other),
            }
        }
        Err(TableError::Stale(id))
    }

    /// [`Tables::drive_computers`] until no computer is to move, at start-up, for every running
    /// table left waiting on computers with nobody to move them on: the reports of the tables
    /// that moved. Lists the tables without decoding them; a table with a live fallback deadline
    /// ([`COMPUTER_GRACE`]) is left alone, since the process that committed its last move is
    /// driving it (several processes may share the database) and the sweeper claims it if that
    /// process stopped; rows of older releases recorded no such deadline and are driven here.
    /// A table that fails is logged and skipped.
    ///
    /// # Errors
    /// When the list of running tables cannot be read.
    pub async fn drive_all_computers(&self) -> Result<Vec<MoveReport>, TableError> {
        let rows = self.store.summaries(None, Status::Running).await.map_err(TableError::store)?;
        let mut moved = Vec::new();
        for row in rows.into_iter().flatten() {
            let waits_on_computer = row.waiting.is_none_or(|bits| {
                SeatSet::from_bits(bits).iter().any(|s| row.seats.get(s.index()).is_some_and(SeatRow::computer_plays))
            });
            if !waits_on_computer {
                continue;
            }
            let id = row.id;
            match self.store.load(id).await {
                Ok(table) if table.deadline_at.is_some_and(|d| d > now()) => continue,
                Ok(_) => {}
                Err(error) => {
                    tracing::warn!(%id, "cannot move the computer players on: {error}");
                    continue;
                }
            }
            loop {
                match self.drive_computers(id).await {
                    Ok(Some(report)) => moved.push(report),
                    Ok(None) => break,
                    Err(error) => {
                        tracing::warn!(%id, "cannot move the computer players on: {}", error.log_detail());
                        break;
                    }
                }
            }
        }
        Ok(moved)
    }

    /// Plays the computer seats that choose at random (instantly) until a human or a searching
    /// computer must decide, or the game ends. Searching computers move through
    /// [`Tables::drive_computers`], one commit per move, off the async runtime.
    fn run_computers(&self, table: &mut Loaded, progress: &mut Progress) -> Result<(), TableError> {
        let names = table.names();
        for _ in 0..COMPUTER_MOVE_LIMIT {
            let Some(seat) = table.computer_to_move() else { return Ok(()) };
            let skill = table.skill(seat, self.default_skill);
            if skill.searches() {
                return Ok(());
            }
            let mut rng = table.computer_rng(COMPUTER_SALT)?;
            let action = choose(&table.game, seat, skill, &mut rng)
                .ok_or_else(|| TableError::Internal(format!("computer seat {seat} has no legal action")))?;
            let applied = table
                .game
                .apply(seat, &action, &names)
                .map_err(|e| TableError::Internal(format!("computer action {action} refused: {e}")))?;
            progress.record(seat, &applied, Origin::Computer, &table.game);
        }
        Err(TableError::Internal("computer players did not stop".into()))
    }

    /// Saves the game, the log and (when `seats_changed`) the seats in one transaction,
    /// rejecting a stale version, and reports the result from the game in memory.
    async fn commit(
        &self,
        mut table: Loaded,
        progress: Progress,
        seats_changed: bool,
    ) -> Result<MoveReport, TableError> {
        let id = table.row.id;
        let version = table.row.version + 1;
        let pending = table.game.pending();
        let must = pending.must_seats();
        let finished = pending.is_finished();
        let humans_pending = must.iter().any(|s| !table.is_computer(s));
        // One clock per turn: it starts when the game begins waiting for a player and runs on
        // through the steps of their turn, and for a player still owing a sealed answer.
        let fresh_humans = progress.fresh(must).iter().any(|s| !table.is_computer(s));
        let computers_pending = must.iter().any(|s| table.is_computer(s));
        let (deadline, reminded) = if finished {
            (None, false)
        } else if !humans_pending {
            // Only computers to move: driven at once; the sweeper's fallback if nobody does.
            (computers_pending.then(|| now() + COMPUTER_GRACE), true)
        } else if fresh_humans || table.row.deadline_at.is_none() {
            (Some(now() + table.row.turn_timeout), false)
        } else {
            (table.row.deadline_at, table.row.reminded)
        };
        let asked = progress.asked(table.row.asked.as_deref(), pending.actors(), table.game.players(), version);
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
            log: progress.log().to_vec(),
            deadline_at: Some(deadline),
            reminded: Some(reminded),
            waiting: Some(must.bits()),
            asked: Some(asked.clone()),
        };
        table.row.version =
            self.store.update(id, table.row.version, &update).await.map_err(|e| TableError::from_store(e, id))?;
        if let Some(status) = status {
            table.row.status = status;
        }
        table.row.deadline_at = deadline;
        table.row.reminded = reminded;
        table.row.waiting = Some(must.bits());
        table.row.asked = Some(asked);
        Ok(MoveReport::new(progress, &table))
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
    pub async fn private_view(&self, id: TableId, user: UserId) -> Result<(Snapshot, PrivateView), TableError> {
        let (table, seat) = self.load_seated(id, user).await?;
        Ok((Snapshot::from_loaded(&table), PrivateView::new(&table, seat)))
    }

    /// The next step of entering an action piece by piece for `user` at table `id`, after the
    /// text `prefix` (`""` at the start).
    ///
    /// # Errors
    /// When the table is not running or `user` is not seated.
    pub async fn choices(&self, id: TableId, user: UserId, prefix: &str) -> Result<Step, TableError> {
        let (table, seat) = self.load_seated(id, user).await?;
        let pending = table.game.pending().actors().contains(seat);
        let back = (!prefix.is_empty()).then(|| table.game.previous_prefix(seat, prefix));
        let choices = table.game.choices(seat, prefix, &table.names());
        Ok(Step { choices, version: table.row.version, pending, back })
    }

    /// Tables `user` sits at that are in `status`.
    ///
    /// # Errors
    /// Storage failures.
    /// Tables `user` sits at that are in `status`, newest first: one read, no state decoded
    /// (but a running table last written by an older release, which did not record who it
    /// waits for). A table whose row cannot be read is logged by id and left out, so one
    /// damaged row does not hide the others.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn tables_of(&self, user: Option<UserId>, status: Status) -> Result<Vec<TableSummary>, TableError> {
        let rows = self.store.summaries(user, status).await.map_err(TableError::store)?;
        let mut out = Vec::with_capacity(rows.len());
        for row in rows {
            let row = match row {
                Ok(row) => row,
                Err((id, error)) => {
                    tracing::warn!(%id, "table #{id} is damaged and left out of the list: {error}");
                    continue;
                }
            };
            let id = row.id;
            let summary = match row.waiting {
                Some(bits) => TableSummary::from_row(row, SeatSet::from_bits(bits), user),
                None if row.status == Status::Running => {
                    self.snapshot(id).await.map(|snapshot| TableSummary::from_snapshot(snapshot, user))
                }
                None => TableSummary::from_row(row, SeatSet::EMPTY, user),
            };
            match summary {
                Ok(summary) => out.push(summary),
                Err(error) => {
                    tracing::warn!(%id, "table #{id} is damaged and left out of the list: {}", error.log_detail());
                }
            }
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

    /// Applies the timeout policy to table `id` if its deadline has passed at `at`: each human
    /// the game waits for gets the game's safe default (or a computer move) for every step
    /// until the game stops waiting for them — the whole turn, not one step — logged as
    /// timeouts; then the computer seats play on. Returns `None` when nothing was due.
    ///
    /// # Errors
    /// Storage failures; a table that changed meanwhile is left for the next sweep.
    pub async fn expire(&self, id: TableId, at: i64) -> Result<Option<MoveReport>, TableError> {
        let mut table = self.load_running(id).await?;
        if table.row.deadline_at.is_none_or(|d| d > at) {
            return Ok(None);
        }
        let late: Vec<Seat> = table.game.pending().must_seats().iter().filter(|s| !table.is_computer(*s)).collect();
        if late.is_empty() {
            // Only computers to move, and whoever should have moved them did not.
            return self.drive_computers(id).await;
        }
        let mut progress = Progress::new(&table.game);
        if table.row.on_timeout == OnTimeout::Computer {
            for seat in late {
                self.hand_to_computer(&mut table, seat, &mut progress, "out of time");
            }
            self.run_computers(&mut table, &mut progress)?;
            return self.commit(table, progress, true).await.map(Some);
        }
        let names = table.names();
        for seat in late {
            for step in 0..COMPUTER_MOVE_LIMIT {
                // The turn ends when the game stops waiting for the seat; waiting for it again
                // after someone else moved is its next turn, with a clock of its own.
                if !table.game.pending().must_seats().contains(seat) {
                    break;
                }
                if step + 1 == COMPUTER_MOVE_LIMIT {
                    return Err(TableError::Internal(format!("the timeout of {seat} did not end its turn")));
                }
                let action = match table.game.timeout_action(seat) {
                    Some(action) => action,
                    None => {
                        let mut rng = GameRng::from_seed(table.row.seed ^ state_hash(&table.game)?.rotate_left(17));
                        choose(&table.game, seat, Skill::Random, &mut rng)
                            .ok_or_else(|| TableError::Internal(format!("no action for {seat} at timeout")))?
                    }
                };
                let applied =
                    table.game.apply(seat, &action, &names).map_err(|e| TableError::Internal(e.to_string()))?;
                progress.record(seat, &applied, Origin::Timeout, &table.game);
            }
        }
        if progress.is_empty() {
            return Ok(None);
        }
        self.run_computers(&mut table, &mut progress)?;
        self.commit(table, progress, false).await.map(Some)
    }

    /// Marks the half-time reminder of table `id` as sent; returns the seats to remind, or
    /// `None` when no reminder is due at `at`.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn take_reminder(&self, id: TableId, at: i64) -> Result<Option<Snapshot>, TableError> {
        let mut row = self.store.load(id).await.map_err(|e| TableError::from_store(e, id))?;
        let due = row.status == Status::Running
            && !row.reminded
            && row.deadline_at.is_some_and(|d| d - row.turn_timeout / 2 <= at && d > at);
        if !due {
            return Ok(None);
        }
        let update = Update { reminded: Some(true), ..Update::default() };
        match self.store.update(id, row.version, &update).await {
            Ok(version) => {
                row.version = version;
                row.reminded = true;
                Snapshot::from_row(row).map(Some)
            }
            Err(StoreError::Stale { .. }) => Ok(None),
            Err(e) => Err(TableError::store(e)),
        }
    }

    /// Tables with a deadline or reminder due at `at` (a table left waiting on computers
    /// included), claimed for this process for [`CLAIM_LEASE`] seconds so that no other process
    /// sharing the database handles them meanwhile: at most [`CLAIM_BATCH`] at a time. Give
    /// each back with [`Tables::release`] once handled; a process that dies first loses its
    /// claims when the lease ends.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn due(&self, at: i64) -> Result<Vec<TableId>, TableError> {
        self.store.claim_due(at, CLAIM_LEASE, CLAIM_BATCH).await.map_err(TableError::store)
    }

    /// Gives back the claim [`Tables::due`] took on table `id`.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn release(&self, id: TableId) -> Result<(), TableError> {
        self.store.release(id).await.map_err(TableError::store)
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
        Some(state) => Some(
            AnyGame::load(kind, state)
                .map_err(|e| TableError::Internal(format!("table {}: saved state unreadable: {e}", row.id)))?,
        ),
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
    LogEntry { seat: seat.0, action: action.to_string(), origin }
}

pub(crate) fn narration_for(narration: &[Narration], viewer: engines::Viewer) -> Vec<String> {
    narration.iter().filter(|n| n.audience.includes(viewer)).map(|n| n.text.clone()).collect()
}

#[cfg(test)]
mod tests {
    use super::{BadOptionWord, options_from_words};

    #[test]
    fn option_words_become_json_and_a_bad_word_is_named() {
        let options = options_from_words(["dice_mix=d6_only", "round_cap=40", "single_set=true"]).expect("options");
        assert_eq!(options, serde_json::json!({"dice_mix": "d6_only", "round_cap": 40, "single_set": true}));
        assert_eq!(options_from_words([]).expect("none"), serde_json::json!({}));
        let bad = options_from_words(["round_cap=40", "d6only"]).expect_err("not KEY=VALUE");
        assert_eq!(bad, BadOptionWord("d6only".into()));
        assert!(bad.to_string().contains("`d6only`") && bad.to_string().contains("KEY=VALUE"), "{bad}");
        assert!(options_from_words(["=5"]).is_err(), "a key is needed");
    }
}
