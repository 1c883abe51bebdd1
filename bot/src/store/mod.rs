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
use std::time::Duration;

use sqlx::AnyPool;
use sqlx::Connection;
use sqlx::any::{AnyConnectOptions, AnyPoolOptions};

mod address;
mod away;
mod claims;
mod error;
mod file;
mod held;
mod outbox;
mod ratings;
mod rows;
mod settings;
mod stats;
mod tables;
pub mod undo;
mod upgrade;

pub use address::{redacted, server_of};
pub use error::{Fault, StoreError};
pub use outbox::OutboxRow;
pub use rows::{Deal, NewTable, SummaryRow, TableRow, Update, Written};
pub use stats::{HistoryRow, PlayedRow, RatingRow};
pub use upgrade::{Turns, Unrecorded};

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

/// Longest wait for a database server to answer when Saloon connects to it (and for a free
/// connection later): past it, the operator is told which server did not answer.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// The database.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
    backend: Backend,
    /// This process's name in the claims it takes (see [`Store::claim_due`]).
    owner: Arc<str>,
    /// The SQLite file, checked before every write (`None` on Postgres).
    file: Option<Arc<file::DatabaseFile>>,
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
    /// A Postgres server that does not answer within [`CONNECT_TIMEOUT`] is reported by name.
    ///
    /// # Errors
    /// When the database cannot be reached or a migration fails, or `url` names an in-memory
    /// SQLite database (which would save nothing).
    pub async fn open(url: &str) -> Result<Self, StoreError> {
        sqlx::any::install_default_drivers();
        let backend = Backend::of_url(url);
        let (pool, file) = match backend {
            Backend::Postgres => (open_postgres(url.trim()).await?, None),
            Backend::Sqlite => {
                let (pool, path) = open_sqlite(url).await?;
                (pool, Some(Arc::new(file::DatabaseFile::opened(&path)?)))
            }
        };
        backend.migrator().run(&pool).await?;
        Ok(Self { pool, backend, owner: process_name().into(), file })
    }

    /// Checked before every write, and before the reads that lead to one: the SQLite file is
    /// still the one opened (not deleted or replaced under the running bot). One `stat`.
    pub(crate) fn writable(&self) -> Result<(), StoreError> {
        self.file.as_ref().map_or(Ok(()), |file| file.check())
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

/// Connects to the Postgres server `url` names: one connection first, within
/// [`CONNECT_TIMEOUT`], so that a server that is down, refuses or never answers is named at
/// once with the reason (the pool would retry until its own time-out and say only that).
async fn open_postgres(url: &str) -> Result<AnyPool, StoreError> {
    let options = AnyConnectOptions::from_str(url)?;
    let unreachable =
        |reason: String| StoreError::Unreachable { server: server_of(url).unwrap_or_else(|| redacted(url)), reason };
    match tokio::time::timeout(CONNECT_TIMEOUT, sqlx::AnyConnection::connect_with(&options)).await {
        Err(_) => return Err(unreachable(format!("no answer within {} seconds", CONNECT_TIMEOUT.as_secs()))),
        Ok(Err(sqlx::Error::Io(error))) => return Err(unreachable(error.to_string())),
        Ok(Err(other)) => return Err(other.into()),
        Ok(Ok(first)) => first.close().await?,
    }
    let pool = AnyPoolOptions::new().max_connections(10).acquire_timeout(CONNECT_TIMEOUT).connect_with(options).await?;
    Ok(pool)
}

/// Opens the SQLite file `url` names: created if missing, WAL, durable commits, foreign keys.
/// Returns the pool and the file's path.
async fn open_sqlite(url: &str) -> Result<(AnyPool, std::path::PathBuf), StoreError> {
    let url = if url.starts_with("sqlite:") { url.to_string() } else { format!("sqlite:{url}") };
    let lower = url.to_ascii_lowercase();
    if lower.starts_with("sqlite::memory:") || lower.contains("mode=memory") {
        return Err(StoreError::InMemory(url));
    }
    // Created if missing by the first connection, unless the URL says how to open it
    // (`?mode=ro`); the pool's connections never create it: a file deleted under the running
    // bot must not come back empty at the next connection, and tables with it.
    let (url, pool_url) = match url.split_once('?') {
        Some((_, query)) if query.split('&').any(|p| p.starts_with("mode=")) => (url.clone(), url),
        Some(_) => (format!("{url}&mode=rwc"), format!("{url}&mode=rw")),
        None => (format!("{url}?mode=rwc"), format!("{url}?mode=rw")),
    };
    // The `any` driver opens SQLite from the URL alone (foreign keys on, a five-second busy
    // timeout): the journal and the durability are set on every new connection. One connection
    // first, so that a file that is no database fails at once with SQLite's reason (the pool
    // would retry until its time-out).
    let options = AnyConnectOptions::from_str(&url)?;
    let path = sqlx::sqlite::SqliteConnectOptions::from_str(&url)?.get_filename().to_path_buf();
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
        .connect_with(AnyConnectOptions::from_str(&pool_url)?)
        .await?;
    Ok((pool, path))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::OnTimeout;

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
    fn the_scheme_chooses_the_database() {
        assert_eq!(Backend::of_url("postgres://u:p@h/db"), Backend::Postgres);
        assert_eq!(Backend::of_url("PostgreSQL://h/db"), Backend::Postgres);
        for sqlite in ["sqlite:saloon.db", "saloon.db", "/var/lib/saloon/saloon.db", "postgres.db"] {
            assert_eq!(Backend::of_url(sqlite), Backend::Sqlite, "{sqlite}");
        }
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
            away_allowance: crate::table::DEFAULT_AWAY_ALLOWANCE,
            on_timeout: OnTimeout::default(),
            delivers: false,
            rematch_of: None,
            deal: Default::default(),
        };
        let error = read_only.create(&new, &[]).await.expect_err("nothing can be written");
        assert!(error.to_string().contains("read-only"), "{error}");
    }
}
