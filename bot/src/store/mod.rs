//! Persistence with sqlx: SQLite in WAL mode by default, or Postgres when several processes
//! share the tables; migrations applied at start.
//!
//! One row per table with a version number (a write with a stale version is rejected), the
//! seats, and an append-only action log. Only this module (and the front ends' own rows, over
//! the pool it lends) writes SQL.
//!
//! Both databases go through sqlx's `any` driver, so every query is written once: parameters
//! are numbered (`$1`, which SQLite reads as well as Postgres), and the few places where the
//! dialects differ ask [`Backend`] for their words.

use std::str::FromStr;
use std::sync::Arc;

use sqlx::AnyPool;
use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::{Any, AssertSqlSafe, Connection, Row, Transaction};

mod words;

pub use words::{OnTimeout, Skill, UnknownOnTimeout, UnknownSkill};

/// The SQLite migrations in `migrations/sqlite/`, embedded at build time.
pub static SQLITE_MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("../migrations/sqlite");

/// The Postgres migrations in `migrations/postgres/`, embedded at build time.
pub static POSTGRES_MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("../migrations/postgres");

/// Which database a store is on, from `DATABASE_URL`'s scheme.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// A SQLite file: `sqlite:saloon.db`, or a plain path (the embedded default).
    Sqlite,
    /// A Postgres server: `postgres://…` or `postgresql://…`.
    Postgres,
}

impl Backend {
    /// The backend a database URL names.
    #[must_use]
    pub fn of_url(url: &str) -> Self {
        let lower = url.trim_start().to_ascii_lowercase();
        if lower.starts_with("postgres://") || lower.starts_with("postgresql://") {
            Self::Postgres
        } else {
            Self::Sqlite
        }
    }

    /// The migrations of this backend.
    #[must_use]
    pub const fn migrator(self) -> &'static sqlx::migrate::Migrator {
        match self {
            Self::Sqlite => &SQLITE_MIGRATOR,
            Self::Postgres => &POSTGRES_MIGRATOR,
        }
    }

    /// A subquery giving the seats of the table whose id is the SQL expression `table`, as the
    /// JSON text `[[seat, user_id, name, level, away], …]` in seat order (`[]` for none).
    fn seats_json(self, table: &str) -> String {
        match self {
            Self::Sqlite => format!(
                "(SELECT json_group_array(json_array(seat, user_id, name, level, away))
                   FROM (SELECT seat, user_id, name, level, away FROM seats WHERE table_id = {table} ORDER BY seat))"
            ),
            Self::Postgres => format!(
                "(SELECT COALESCE(json_agg(json_build_array(seat, user_id, name, level, away) ORDER BY seat)::text, '[]')
                   FROM seats WHERE table_id = {table})"
            ),
        }
    }

    /// What makes a claiming subquery pass over rows another process is claiming this moment
    /// (SQLite has one writer at a time, so nothing there).
    const fn skip_locked(self) -> &'static str {
        match self {
            Self::Sqlite => "",
            Self::Postgres => " FOR UPDATE SKIP LOCKED",
        }
    }
}

/// `url` with any password replaced by `***`, for messages and logs.
#[must_use]
pub fn redacted(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else { return url.to_string() };
    let (authority, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
    match authority.rsplit_once('@') {
        Some((credentials, host)) if credentials.contains(':') => {
            let user = credentials.split(':').next().unwrap_or_default();
            format!("{scheme}://{user}:***@{host}{path}")
        }
        _ => url.to_string(),
    }
}

/// A table's id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TableId(pub i64);

impl std::fmt::Display for TableId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A player's identity: a Discord user id, or a local id in the terminal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UserId(pub u64);

impl UserId {
    /// SQLite stores integers as i64; Discord ids fit in 63 bits, so the bits carry over.
    #[must_use]
    pub const fn to_db(self) -> i64 {
        self.0 as i64
    }

    /// The inverse of [`UserId::to_db`].
    #[must_use]
    pub const fn from_db(value: i64) -> Self {
        Self(value as u64)
    }
}

/// Where a table is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Taking seats.
    Lobby,
    /// Being played.
    Running,
    /// Over, with a result.
    Finished,
    /// Stopped before the end (cancelled lobby or abandoned game).
    Abandoned,
}

impl Status {
    /// The stored text.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Lobby => "lobby",
            Self::Running => "running",
            Self::Finished => "finished",
            Self::Abandoned => "abandoned",
        }
    }

    fn parse(text: &str) -> Result<Self, StoreError> {
        match text {
            "lobby" => Ok(Self::Lobby),
            "running" => Ok(Self::Running),
            "finished" => Ok(Self::Finished),
            "abandoned" => Ok(Self::Abandoned),
            other => Err(StoreError::Corrupt(format!("unknown status {other:?}"))),
        }
    }
}

/// Who chose a logged action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// The seated player.
    Player,
    /// A computer player.
    Computer,
    /// The table, when the player ran out of time.
    Timeout,
}

impl Origin {
    const fn as_str(self) -> &'static str {
        match self {
            Self::Player => "player",
            Self::Computer => "computer",
            Self::Timeout => "timeout",
        }
    }

    fn parse(text: &str) -> Self {
        match text {
            "computer" => Self::Computer,
            "timeout" => Self::Timeout,
            _ => Self::Player,
        }
    }
}

/// A seat as stored: a human's user id, or none for a computer player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRow {
    /// 0-based seat.
    pub seat: u8,
    /// The human in it, if any.
    pub user: Option<UserId>,
    /// The name shown at the table.
    pub name: String,
    /// How the computer playing this seat chooses (a computer seat, or a human's seat while
    /// they are away); `None`: the running release's default.
    pub level: Option<Skill>,
    /// The human is away and a computer plays their seat until they come back.
    pub away: bool,
}

impl SeatRow {
    /// A human's seat.
    #[must_use]
    pub const fn human(user: UserId, name: String) -> Self {
        Self { seat: 0, user: Some(user), name, level: None, away: false }
    }

    /// A computer's seat.
    #[must_use]
    pub const fn computer(name: String, level: Option<Skill>) -> Self {
        Self { seat: 0, user: None, name, level, away: false }
    }

    /// Whether a computer chooses this seat's moves now.
    #[must_use]
    pub const fn computer_plays(&self) -> bool {
        self.user.is_none() || self.away
    }
}

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
    /// Who the game waits for (bit `i` = seat `i`); `None` for a row last written by a
    /// release that did not record it.
    pub waiting: Option<u16>,
    /// Per seat, the version at which its current decision began (`None`: not recorded).
    pub asked: Option<Vec<i64>>,
    /// What happens when a player runs out of time.
    pub on_timeout: OnTimeout,
    /// Seats in order.
    pub seats: Vec<SeatRow>,
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
    /// Who the game waits for (`None`: not recorded by the release that wrote the row).
    pub waiting: Option<u16>,
    /// Seats in order.
    pub seats: Vec<SeatRow>,
}

/// One logged action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogEntry {
    /// The seat that acted.
    pub seat: u8,
    /// The action's text form.
    pub action: String,
    /// Who chose it.
    pub origin: Origin,
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
    /// What happens when a player runs out of time.
    pub on_timeout: OnTimeout,
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
    /// Who the game now waits for.
    pub waiting: Option<u16>,
    /// Per seat, the version at which its current decision began.
    pub asked: Option<Vec<i64>>,
}

/// Storage failures.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database refused or failed; the message names the cause when the database gives
    /// one (read-only, disk full, not a database, damaged, locked, refused login).
    #[error("database error{cause}: {0}", cause = cause_of(.0).map(|c| format!(" ({c})")).unwrap_or_default())]
    Sqlx(#[from] sqlx::Error),
    /// A migration failed.
    #[error("migration failed: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// Someone else changed the table first.
    #[error("table {table} changed since version {expected}")]
    Stale {
        /// The table.
        table: TableId,
        /// The version the writer had read.
        expected: i64,
    },
    /// No such table.
    #[error("no table {0}")]
    NotFound(TableId),
    /// A stored value does not make sense.
    #[error("stored data is corrupt: {0}")]
    Corrupt(String),
    /// The database would live in memory only, so every game would vanish on exit.
    #[error(
        "{0:?} is an in-memory database: games would be lost when Saloon stops; give DATABASE_URL a file path such as sqlite:saloon.db"
    )]
    InMemory(String),
}

/// What an operator should know about a database failure: from SQLite's primary result code,
/// or from Postgres's SQLSTATE.
fn cause_of(error: &sqlx::Error) -> Option<&'static str> {
    let sqlx::Error::Database(db) = error else { return None };
    if db.try_downcast_ref::<sqlx::postgres::PgDatabaseError>().is_some() {
        return Some(match db.code()?.as_ref() {
            "53100" => "the database server's disk is full",
            "25006" => "the database is read-only",
            "53300" => "the database server has too many connections",
            "28000" | "28P01" => "the database refused the user name or password",
            "3D000" => "the database does not exist",
            "57P01" | "57P02" | "57P03" => "the database server is shutting down or starting",
            _ => return None,
        });
    }
    let code = db.code()?.parse::<i64>().ok()?;
    // Extended result codes carry the primary code in their low byte.
    Some(match code & 0xff {
        5 | 6 => "the database is locked by another process",
        8 => "the database file is read-only",
        10 => "the disk failed to read or write",
        11 => "the database file is damaged",
        13 => "the disk is full",
        14 => "the database file cannot be opened",
        26 => "the file is not a SQLite database",
        _ => return None,
    })
}

/// The database.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
    backend: Backend,
    /// This process's name in the claims it takes (see [`Store::claim_due`]).
    owner: Arc<str>,
}

/// Seconds since the Unix epoch.
#[must_use]
pub fn now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
}

impl Store {
    /// Opens the database `url` names and applies pending migrations: a Postgres server
    /// (`postgres://user:password@host/db`), else the SQLite file at `url` (`sqlite:saloon.db`,
    /// or a plain path), created if missing, in WAL mode with durable commits.
    ///
    /// SQLite commits are on disk before they are acknowledged (`synchronous=FULL`: WAL with
    /// `NORMAL` can lose the last moves on power loss, after players were told "done").
    /// Several processes may open one Postgres database at once (migrations take a lock).
    ///
    /// # Errors
    /// When the database cannot be reached or a migration fails, or `url` names an in-memory
    /// SQLite database (which would save nothing).
    pub async fn open(url: &str) -> Result<Self, StoreError> {
        sqlx::any::install_default_drivers();
        let backend = Backend::of_url(url);
        let pool = match backend {
            Backend::Postgres => {
                AnyPoolOptions::new().max_connections(10).connect_with(AnyConnectOptions::from_str(url.trim())?).await?
            }
            Backend::Sqlite => open_sqlite(url).await?,
        };
        backend.migrator().run(&pool).await?;
        Ok(Self { pool, backend, owner: process_name().into() })
    }

    /// The connection pool (for a front end's own rows, through the table layer). Its queries
    /// number their parameters (`$1`), which both backends read.
    #[must_use]
    pub const fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// Which database this is.
    #[must_use]
    pub const fn backend(&self) -> Backend {
        self.backend
    }

    /// Closes the pool, flushing the WAL.
    pub async fn close(&self) {
        self.pool.close().await;
    }

    /// Creates a table in the lobby with its first seats; returns its id.
    ///
    /// # Errors
    /// On database failure.
    pub async fn create(&self, table: &NewTable, seats: &[SeatRow]) -> Result<TableId, StoreError> {
        let mut tx = self.pool.begin().await?;
        let now = now();
        let id: i64 = sqlx::query(
            "INSERT INTO game_tables (game, options, seed, status, host, max_players, turn_timeout, on_timeout, created_at, updated_at)
             VALUES ($1, $2, $3, 'lobby', $4, $5, $6, $7, $8, $8) RETURNING id",
        )
        .bind(table.game.clone())
        .bind(table.options.clone())
        .bind(table.seed as i64)
        .bind(table.host.map(UserId::to_db))
        .bind(i64::from(table.max_players))
        .bind(table.turn_timeout)
        .bind(table.on_timeout.name())
        .bind(now)
        .fetch_one(&mut *tx)
        .await?
        .try_get(0)?;
        write_seats(&mut tx, TableId(id), seats).await?;
        tx.commit().await?;
        Ok(TableId(id))
    }

    /// Loads a table with its seats.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] for an unknown id; database failures.
    pub async fn load(&self, id: TableId) -> Result<TableRow, StoreError> {
        let sql = format!(
            "SELECT id, game, options, seed, status, host, max_players, state, version, turn_timeout,
                    deadline_at, reminded, waiting, asked, on_timeout, {seats}
             FROM game_tables WHERE id = $1",
            seats = self.backend.seats_json("$1")
        );
        let row = sqlx::query(AssertSqlSafe(sql))
            .bind(id.0)
            .fetch_optional(&self.pool)
            .await?
            .ok_or(StoreError::NotFound(id))?;
        let seats = seats_of(id, &row.try_get::<String, _>(15)?)?;
        let on_timeout = row
            .try_get::<String, _>(14)?
            .parse()
            .map_err(|e: UnknownOnTimeout| StoreError::Corrupt(format!("table {id}: {e}")))?;
        let asked = match row.try_get::<Option<String>, _>(13)? {
            Some(text) => Some(
                serde_json::from_str(&text)
                    .map_err(|e| StoreError::Corrupt(format!("table {id}: decision versions: {e}")))?,
            ),
            None => None,
        };
        Ok(TableRow {
            id: TableId(row.try_get(0)?),
            game: row.try_get(1)?,
            options: row.try_get(2)?,
            seed: row.try_get::<i64, _>(3)? as u64,
            status: Status::parse(row.try_get(4)?)?,
            host: row.try_get::<Option<i64>, _>(5)?.map(UserId::from_db),
            max_players: u8::try_from(row.try_get::<i64, _>(6)?).map_err(|_| StoreError::Corrupt("max".into()))?,
            state: row.try_get(7)?,
            version: row.try_get(8)?,
            turn_timeout: row.try_get(9)?,
            deadline_at: row.try_get(10)?,
            reminded: row.try_get::<i64, _>(11)? != 0,
            waiting: row.try_get::<Option<i64>, _>(12)?.map(|w| w as u16),
            asked,
            on_timeout,
            seats,
        })
    }

    /// Applies `update` to table `id` if its version is still `expected`, bumping the version;
    /// returns the new version. State, seats and log entries are written in one transaction.
    ///
    /// # Errors
    /// [`StoreError::Stale`] when the version moved on; database failures.
    pub async fn update(&self, id: TableId, expected: i64, update: &Update) -> Result<i64, StoreError> {
        let mut tx = self.pool.begin().await?;
        let now = now();
        let changed = sqlx::query(
            "UPDATE game_tables SET
                version = version + 1,
                updated_at = $1,
                status = COALESCE($2, status),
                state = COALESCE($3, state),
                deadline_at = CASE WHEN $4 THEN $5 ELSE deadline_at END,
                reminded = COALESCE($6, reminded),
                waiting = COALESCE($7, waiting),
                asked = COALESCE($8, asked)
             WHERE id = $9 AND version = $10",
        )
        .bind(now)
        .bind(update.status.map(Status::as_str))
        .bind(update.state.clone())
        .bind(update.deadline_at.is_some())
        .bind(update.deadline_at.flatten())
        .bind(update.reminded.map(i64::from))
        .bind(update.waiting.map(i64::from))
        .bind(update.asked.as_ref().map(|a| serde_json::Value::from(a.clone()).to_string()))
        .bind(id.0)
        .bind(expected)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if changed == 0 {
            let exists =
                sqlx::query("SELECT 1 FROM game_tables WHERE id = $1").bind(id.0).fetch_optional(&mut *tx).await?;
            return Err(if exists.is_some() {
                StoreError::Stale { table: id, expected }
            } else {
                StoreError::NotFound(id)
            });
        }
        if let Some(seats) = &update.seats {
            sqlx::query("DELETE FROM seats WHERE table_id = $1").bind(id.0).execute(&mut *tx).await?;
            write_seats(&mut tx, id, seats).await?;
        }
        if !update.log.is_empty() {
            let next: i64 = sqlx::query("SELECT COALESCE(MAX(seq), 0) + 1 FROM actions WHERE table_id = $1")
                .bind(id.0)
                .fetch_one(&mut *tx)
                .await?
                .try_get(0)?;
            for (i, entry) in update.log.iter().enumerate() {
                sqlx::query(
                    "INSERT INTO actions (table_id, seq, seat, action, origin, at) VALUES ($1, $2, $3, $4, $5, $6)",
                )
                .bind(id.0)
                .bind(next + i as i64)
                .bind(i64::from(entry.seat))
                .bind(entry.action.clone())
                .bind(entry.origin.as_str())
                .bind(now)
                .execute(&mut *tx)
                .await?;
            }
        }
        tx.commit().await?;
        Ok(expected + 1)
    }

    /// The action log of a table, in order.
    ///
    /// # Errors
    /// On database failure.
    pub async fn log(&self, id: TableId) -> Result<Vec<LogEntry>, StoreError> {
        sqlx::query("SELECT seat, action, origin FROM actions WHERE table_id = $1 ORDER BY seq")
            .bind(id.0)
            .fetch_all(&self.pool)
            .await?
            .into_iter()
            .map(|r| {
                Ok(LogEntry {
                    seat: u8::try_from(r.try_get::<i64, _>(0)?).map_err(|_| StoreError::Corrupt("seat".into()))?,
                    action: r.try_get(1)?,
                    origin: Origin::parse(r.try_get(2)?),
                })
            })
            .collect()
    }

    /// Ids of tables in `status` where `user` holds a seat (any user when `None`), newest first.
    ///
    /// # Errors
    /// On database failure.
    pub async fn tables_of(&self, user: Option<UserId>, status: Status) -> Result<Vec<TableId>, StoreError> {
        let rows = sqlx::query(
            "SELECT DISTINCT t.id FROM game_tables t LEFT JOIN seats s ON s.table_id = t.id
             WHERE t.status = $1 AND ($2 IS NULL OR s.user_id = $2) ORDER BY t.id DESC",
        )
        .bind(status.as_str())
        .bind(user.map(UserId::to_db))
        .fetch_all(&self.pool)
        .await?;
        rows.into_iter().map(|r| Ok(TableId(r.try_get(0)?))).collect()
    }

    /// Tables in `status` where `user` holds a seat (any user when `None`), newest first, as
    /// lists show them: one statement, no state decoded.
    ///
    /// # Errors
    /// On database failure; a row that cannot be read is named by its table id.
    pub async fn summaries(
        &self,
        user: Option<UserId>,
        status: Status,
    ) -> Result<Vec<Result<SummaryRow, (TableId, StoreError)>>, StoreError> {
        let sql = format!(
            "SELECT t.id, t.game, t.status, t.waiting, {seats}
             FROM game_tables t
             WHERE t.status = $1 AND ($2 IS NULL OR EXISTS (SELECT 1 FROM seats s WHERE s.table_id = t.id AND s.user_id = $2))
             ORDER BY t.id DESC",
            seats = self.backend.seats_json("t.id")
        );
        let rows = sqlx::query(AssertSqlSafe(sql))
            .bind(status.as_str())
            .bind(user.map(UserId::to_db))
            .fetch_all(&self.pool)
            .await?;
        rows.into_iter()
            .map(|r| {
                let id = TableId(r.try_get(0)?);
                let row = || -> Result<SummaryRow, StoreError> {
                    Ok(SummaryRow {
                        id,
                        game: r.try_get(1)?,
                        status: Status::parse(r.try_get(2)?)?,
                        waiting: r.try_get::<Option<i64>, _>(3)?.map(|w| w as u16),
                        seats: seats_of(id, &r.try_get::<String, _>(4)?)?,
                    })
                };
                Ok(row().map_err(|e| (id, e)))
            })
            .collect()
    }

    /// Claims for this process, for `lease` seconds, up to `limit` running tables whose
    /// deadline is at or before `at` or whose half-time reminder is due (a table waiting only on
    /// computers has a deadline too: the sweeper's fallback), and that no other process holds
    /// a claim on; returns them, earliest deadline first.
    ///
    /// Several processes sharing one database each get different tables: on Postgres the
    /// claiming statement passes over rows another one is claiming that moment (`FOR UPDATE
    /// SKIP LOCKED`), on SQLite writers take turns. A process that dies holding a claim loses
    /// it when the lease ends, and another process takes the table then. Handling a table
    /// twice could not apply anything twice anyway (every write checks the version): the claim
    /// makes one process do the work and post about it.
    ///
    /// # Errors
    /// On database failure.
    pub async fn claim_due(&self, at: i64, lease: i64, limit: i64) -> Result<Vec<TableId>, StoreError> {
        let sql = format!(
            "UPDATE game_tables SET claimed_by = $1, claimed_until = $2
             WHERE id IN (SELECT id FROM game_tables
                          WHERE status = 'running' AND deadline_at IS NOT NULL
                            AND (deadline_at <= $3 OR (reminded = 0 AND deadline_at - turn_timeout / 2 <= $3))
                            AND (claimed_until IS NULL OR claimed_until <= $3)
                          ORDER BY deadline_at LIMIT $4{skip})
             RETURNING id, deadline_at",
            skip = self.backend.skip_locked()
        );
        let rows = sqlx::query(AssertSqlSafe(sql))
            .bind(self.owner.to_string())
            .bind(at + lease)
            .bind(at)
            .bind(limit)
            .fetch_all(&self.pool)
            .await?;
        let mut claimed = rows
            .into_iter()
            .map(|r| Ok((r.try_get::<Option<i64>, _>(1)?, TableId(r.try_get(0)?))))
            .collect::<Result<Vec<_>, StoreError>>()?;
        claimed.sort_unstable();
        Ok(claimed.into_iter().map(|(_, id)| id).collect())
    }

    /// Gives up this process's claim on table `id` (handled, or failed and left for the next
    /// sweep); a claim another process took since is left alone.
    ///
    /// # Errors
    /// On database failure.
    pub async fn release(&self, id: TableId) -> Result<(), StoreError> {
        sqlx::query("UPDATE game_tables SET claimed_by = NULL, claimed_until = NULL WHERE id = $1 AND claimed_by = $2")
            .bind(id.0)
            .bind(self.owner.to_string())
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}

/// A name for this process in claims: its id and a random number (ids repeat across machines
/// and restarts).
fn process_name() -> String {
    let mut bytes = [0; 4];
    let random = getrandom::fill(&mut bytes).map_or(0, |()| u32::from_le_bytes(bytes));
    format!("{}-{random:08x}", std::process::id())
}

/// Write-ahead log, and every commit on disk before it is acknowledged.
const SQLITE_PRAGMAS: &str = "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL";

/// Opens the SQLite file `url` names: created if missing, WAL, durable commits, foreign keys.
async fn open_sqlite(url: &str) -> Result<AnyPool, StoreError> {
    let url = if url.starts_with("sqlite:") { url.to_string() } else { format!("sqlite:{url}") };
    let lower = url.to_ascii_lowercase();
    if lower.starts_with("sqlite::memory:") || lower.contains("mode=memory") {
        return Err(StoreError::InMemory(url));
    }
    // Created if missing, unless the URL says how to open it (`?mode=ro`).
    let url = match url.split_once('?') {
        Some((_, query)) if query.split('&').any(|p| p.starts_with("mode=")) => url,
        Some(_) => format!("{url}&mode=rwc"),
        None => format!("{url}?mode=rwc"),
    };
    // The `any` driver opens SQLite from the URL alone (foreign keys on, a five-second busy
    // timeout): the journal and the durability are set on every new connection. One connection
    // first, so that a file that is no database fails at once with SQLite's reason (the pool
    // would retry until its time-out).
    let options = AnyConnectOptions::from_str(&url)?;
    let mut first = sqlx::AnyConnection::connect_with(&options).await?;
    sqlx::raw_sql(SQLITE_PRAGMAS).execute(&mut first).await?;
    first.close().await?;
    let pool = AnyPoolOptions::new()
        .max_connections(4)
        .after_connect(|conn, _| {
            Box::pin(async move {
                sqlx::raw_sql(SQLITE_PRAGMAS).execute(conn).await?;
                Ok(())
            })
        })
        .connect_with(options)
        .await?;
    Ok(pool)
}

/// One seat as the queries below aggregate it: seat, user id, name, level, away.
type StoredSeat = (i64, Option<i64>, String, Option<String>, i64);

/// Seat rows from the JSON array `[[seat, user_id, name, level, away], …]` the queries above
/// build.
fn seats_of(id: TableId, json: &str) -> Result<Vec<SeatRow>, StoreError> {
    let corrupt = |what: &str| StoreError::Corrupt(format!("table {id}: {what}"));
    let mut rows: Vec<StoredSeat> = serde_json::from_str(json).map_err(|e| corrupt(&format!("seats: {e}")))?;
    // SQLite aggregates in the subquery's order in practice, but does not promise it.
    rows.sort_by_key(|row| row.0);
    rows.into_iter()
        .map(|(seat, user, name, level, away)| {
            Ok(SeatRow {
                seat: u8::try_from(seat).map_err(|_| corrupt("seat number"))?,
                user: user.map(UserId::from_db),
                name,
                level: level.map(|l| l.parse()).transpose().map_err(|e: UnknownSkill| corrupt(&e.to_string()))?,
                away: away != 0,
            })
        })
        .collect()
}

async fn write_seats(tx: &mut Transaction<'_, Any>, id: TableId, seats: &[SeatRow]) -> Result<(), StoreError> {
    for seat in seats {
        sqlx::query("INSERT INTO seats (table_id, seat, user_id, name, level, away) VALUES ($1, $2, $3, $4, $5, $6)")
            .bind(id.0)
            .bind(i64::from(seat.seat))
            .bind(seat.user.map(UserId::to_db))
            .bind(seat.name.clone())
            .bind(seat.level.map(Skill::name))
            .bind(i64::from(seat.away))
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn commits_are_durable_and_memory_databases_are_refused() {
        for url in ["sqlite::memory:", "sqlite:file:x?mode=memory", ":memory:"] {
            let error = Store::open(url).await.expect_err("nothing would be saved");
            assert!(matches!(error, StoreError::InMemory(_)), "{url}: {error}");
            assert!(error.to_string().contains("file path"), "{error}");
        }
        let dir = tempfile::tempdir().expect("tempdir");
        let store = Store::open(dir.path().join("s.db").to_str().expect("utf-8")).await.expect("opens");
        let (mode,): (String,) = sqlx::query_as("PRAGMA journal_mode").fetch_one(&store.pool).await.expect("pragma");
        let (sync,): (i64,) = sqlx::query_as("PRAGMA synchronous").fetch_one(&store.pool).await.expect("pragma");
        assert_eq!((mode.as_str(), sync), ("wal", 2), "WAL with synchronous=FULL (2)");
    }

    #[test]
    fn the_scheme_chooses_the_database_and_passwords_are_masked() {
        assert_eq!(Backend::of_url("postgres://u:p@h/db"), Backend::Postgres);
        assert_eq!(Backend::of_url("PostgreSQL://h/db"), Backend::Postgres);
        for sqlite in ["sqlite:saloon.db", "saloon.db", "/var/lib/saloon/saloon.db", "postgres.db"] {
            assert_eq!(Backend::of_url(sqlite), Backend::Sqlite, "{sqlite}");
        }
        assert_eq!(
            redacted("postgres://saloon:s3cret@db:5432/saloon?sslmode=require"),
            "postgres://saloon:***@db:5432/saloon?sslmode=require"
        );
        assert_eq!(redacted("postgres://saloon@127.0.0.1/x"), "postgres://saloon@127.0.0.1/x");
        assert_eq!(redacted("sqlite:saloon.db"), "sqlite:saloon.db");
    }

    #[tokio::test]
    async fn database_failures_name_their_cause() {
        let dir = tempfile::tempdir().expect("tempdir");
        let garbage = dir.path().join("notes.txt");
        std::fs::write(&garbage, "these are not the tables you are looking for\n".repeat(200)).expect("write");
        let error = Store::open(garbage.to_str().expect("utf-8")).await.expect_err("not a database");
        assert!(error.to_string().contains("not a SQLite database"), "{error}");

        let path = dir.path().join("s.db");
        let store = Store::open(path.to_str().expect("utf-8")).await.expect("opens");
        store.close().await;
        let url = format!("sqlite:{}?mode=ro", path.to_str().expect("utf-8"));
        let read_only = Store::open(&url).await.expect("a read-only database opens");
        let new = NewTable {
            game: "martian-12s".into(),
            options: "{}".into(),
            seed: 1,
            host: None,
            max_players: 2,
            turn_timeout: 60,
            on_timeout: OnTimeout::default(),
        };
        let error = read_only.create(&new, &[]).await.expect_err("nothing can be written");
        assert!(error.to_string().contains("read-only"), "{error}");
    }
}
