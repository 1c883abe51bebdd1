//! Storage failures, each naming its cause where the database gives one, and what the cause
//! means for whoever can act on it ([`Fault`]).

use std::path::PathBuf;

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
    /// The SQLite file was deleted after Saloon opened it.
    #[error("the database file {} was deleted while Saloon was running", .0.display())]
    FileDeleted(PathBuf),
    /// Another file took the SQLite file's place after Saloon opened it (moved or copied over).
    #[error("the database file {} was replaced by another file while Saloon was running", .0.display())]
    FileReplaced(PathBuf),
    /// The SQLite file could not be looked at.
    #[error("cannot check the database file {}: {source}", path.display())]
    FileUnchecked {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The database server did not answer, or refused the connection.
    #[error("cannot reach the database server {server}: {reason} (is it running, and is DATABASE_URL right?)")]
    Unreachable {
        /// `host:port`.
        server: String,
        /// What happened.
        reason: String,
    },
}

/// What a storage failure means for whoever can act on it: the player is told in these terms,
/// the operator's log gets the details.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The disk (or the database server's) is full: nothing can be saved until someone makes
    /// room.
    DiskFull,
    /// The database cannot be written to (a read-only file or server).
    ReadOnly,
    /// The database file as a whole is damaged, or is no database.
    Damaged,
    /// The database file was deleted or replaced under the running bot.
    FileGone,
    /// The database is busy or out of reach for now: trying again later may help.
    Busy,
    /// Anything else.
    Other,
}

impl Fault {
    /// What `error` means.
    #[must_use]
    pub fn of(error: &StoreError) -> Self {
        match error {
            StoreError::Sqlx(error) => Self::of_sqlx(error),
            StoreError::FileDeleted(_) | StoreError::FileReplaced(_) | StoreError::FileUnchecked { .. } => {
                Self::FileGone
            }
            StoreError::Unreachable { .. } => Self::Busy,
            StoreError::Migrate(_)
            | StoreError::Stale { .. }
            | StoreError::NotFound(_)
            | StoreError::Corrupt(_)
            | StoreError::InMemory(_) => Self::Other,
        }
    }

    /// What a database driver's `error` means.
    #[must_use]
    pub fn of_sqlx(error: &sqlx::Error) -> Self {
        match error {
            sqlx::Error::PoolTimedOut | sqlx::Error::Io(_) | sqlx::Error::PoolClosed => Self::Busy,
            sqlx::Error::Database(_) => match code_of(error) {
                Some(Code::DiskFull) => Self::DiskFull,
                Some(Code::ReadOnly) => Self::ReadOnly,
                Some(Code::Damaged | Code::NotADatabase) => Self::Damaged,
                Some(Code::Locked | Code::TooManyConnections | Code::ShuttingDown) => Self::Busy,
                _ => Self::Other,
            },
            _ => Self::Other,
        }
    }

    /// Whether trying the same thing again later may succeed without anyone's help.
    #[must_use]
    pub const fn may_pass(self) -> bool {
        matches!(self, Self::Busy | Self::Other)
    }
}

/// The causes a database reports that an operator should know by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Code {
    DiskFull,
    ReadOnly,
    Damaged,
    NotADatabase,
    Locked,
    TooManyConnections,
    ShuttingDown,
    BadLogin,
    NoDatabase,
    DiskFailed,
    CannotOpen,
}

/// The cause of a database error: from SQLite's primary result code, or from Postgres's
/// SQLSTATE.
fn code_of(error: &sqlx::Error) -> Option<Code> {
    let sqlx::Error::Database(db) = error else { return None };
    if db.try_downcast_ref::<sqlx::postgres::PgDatabaseError>().is_some() {
        return Some(match db.code()?.as_ref() {
            "53100" => Code::DiskFull,
            "25006" => Code::ReadOnly,
            "53300" => Code::TooManyConnections,
            "28000" | "28P01" => Code::BadLogin,
            "3D000" => Code::NoDatabase,
            "57P01" | "57P02" | "57P03" => Code::ShuttingDown,
            _ => return None,
        });
    }
    let code = db.code()?.parse::<i64>().ok()?;
    // Extended result codes carry the primary code in their low byte.
    Some(match code & 0xff {
        5 | 6 => Code::Locked,
        8 => Code::ReadOnly,
        10 => Code::DiskFailed,
        11 => Code::Damaged,
        13 => Code::DiskFull,
        14 => Code::CannotOpen,
        26 => Code::NotADatabase,
        _ => return None,
    })
}

/// What an operator should know about a database failure, in words.
fn cause_of(error: &sqlx::Error) -> Option<&'static str> {
    let postgres = matches!(error, sqlx::Error::Database(db) if db.try_downcast_ref::<sqlx::postgres::PgDatabaseError>().is_some());
    Some(match code_of(error)? {
        Code::DiskFull if postgres => "the database server's disk is full",
        Code::DiskFull => "the disk is full",
        Code::ReadOnly if postgres => "the database is read-only",
        Code::ReadOnly => "the database file is read-only",
        Code::Damaged => "the database file is damaged",
        Code::NotADatabase => "the file is not a SQLite database",
        Code::Locked => "the database is locked by another process",
        Code::TooManyConnections => "the database server has too many connections",
        Code::ShuttingDown => "the database server is shutting down or starting",
        Code::BadLogin => "the database refused the user name or password",
        Code::NoDatabase => "the database does not exist",
        Code::DiskFailed => "the disk failed to read or write",
        Code::CannotOpen => "the database file cannot be opened",
    })
}

impl From<UnknownWord> for StoreError {
    fn from(error: UnknownWord) -> Self {
        Self::Corrupt(error.to_string())
    }
}
