//! Rows written by older releases, brought up to date once at start-up (see
//! `Tables::upgrade`) so that the read paths need no branch for them.

use sqlx::Row;

use super::{Store, StoreError};
use crate::table::vocab::{Skill, Status, TableId};

/// A table row that an older release left without the turn columns (who the game waits for,
/// when each seat's decision began) or, running, without a deadline.
#[derive(Clone, Debug)]
pub struct Unrecorded {
    /// The table.
    pub id: TableId,
    /// Its status.
    pub status: Status,
    /// Its version (the fill is refused if the table moved on meanwhile).
    pub version: i64,
}

/// What an upgrade records for a table: who it waits for, when each seat's decision began,
/// and, running, its deadline.
#[derive(Clone, Debug)]
pub struct Turns {
    /// Bit `i`: seat `i` must decide.
    pub waiting: u16,
    /// Per seat, the version its current decision began at.
    pub asked: Vec<i64>,
    /// When the pending decision times out (kept if the row has one).
    pub deadline_at: Option<i64>,
}

impl Store {
    /// Tables that an older release left without their turn columns, or running without a
    /// deadline.
    ///
    /// # Errors
    /// On database failure.
    pub async fn unrecorded_turns(&self) -> Result<Vec<Unrecorded>, StoreError> {
        self.writable()?;
        let rows = sqlx::query(
            "SELECT id, status, version FROM game_tables
             WHERE waiting IS NULL OR asked IS NULL OR (status = $1 AND deadline_at IS NULL) ORDER BY id",
        )
        .bind(Status::Running.as_str())
        .fetch_all(&self.pool)
        .await?;
        rows.into_iter()
            .map(|r| {
                Ok(Unrecorded {
                    id: TableId(r.try_get(0)?),
                    status: Status::parse(r.try_get(1)?)?,
                    version: r.try_get(2)?,
                })
            })
            .collect()
    }

    /// Records table `id`'s turn columns (and a deadline where it has none), if it is still
    /// at `version`; the version is not bumped, since nothing a player sees changes. Returns
    /// whether the row was written.
    ///
    /// # Errors
    /// On database failure.
    pub async fn record_turns(&self, id: TableId, version: i64, turns: &Turns) -> Result<bool, StoreError> {
        self.writable()?;
        let done = sqlx::query(
            "UPDATE game_tables SET waiting = $1, asked = $2, deadline_at = COALESCE(deadline_at, $3)
             WHERE id = $4 AND version = $5",
        )
        .bind(i64::from(turns.waiting))
        .bind(serde_json::Value::from(turns.asked.clone()).to_string())
        .bind(turns.deadline_at)
        .bind(id.0)
        .bind(version)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() > 0)
    }

    /// Gives every computer seat stored without a strength the one it played at: releases
    /// before strengths were stored per seat chose uniformly at random. Returns the seats
    /// changed.
    ///
    /// # Errors
    /// On database failure.
    pub async fn fill_computer_levels(&self) -> Result<u64, StoreError> {
        self.writable()?;
        let done = sqlx::query("UPDATE seats SET level = $1 WHERE user_id IS NULL AND level IS NULL")
            .bind(Skill::Random.name())
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected())
    }
}
