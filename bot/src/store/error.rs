//! Storage failures, each naming its cause where the database gives one.

use crate::table::vocab::{TableId, UnknownWord};

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

impl From<UnknownWord> for StoreError {
    fn from(error: UnknownWord) -> Self {
        Self::Corrupt(error.to_string())
    }
}
