//! The outbox rows: what commits asked to deliver, in order per table, with how far delivery
//! got. Entries are written by [`Store::update`] in the commit's own transaction; the front end
//! that delivers them holds the table's claim (see [`Store::claim`]) so that no two processes
//! deliver one table at once.

use sqlx::{AssertSqlSafe, Row};

use super::{Store, StoreError};
use crate::table::vocab::{TableId, now};

/// One undelivered outbox entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutboxRow {
    /// Its id: entries of a table are delivered in id order.
    pub id: i64,
    /// The table.
    pub table: TableId,
    /// The table version its commit wrote.
    pub version: i64,
    /// Actions in the table's log after that commit: the game as it was then is the seed and
    /// this much of the log.
    pub log_len: usize,
    /// What to deliver (the table layer's JSON).
    pub body: String,
    /// Parts already confirmed, in order.
    pub parts_done: usize,
    /// Failed attempts so far.
    pub attempts: u32,
}

impl Store {
    /// The undelivered entries of `table`, in order, that are not waiting for a retry at `at`;
    /// an entry waiting for its retry holds back the ones after it (order per table).
    ///
    /// # Errors
    /// On database failure.
    pub async fn undelivered(&self, table: TableId, at: i64) -> Result<Vec<OutboxRow>, StoreError> {
        self.writable()?;
        let rows = sqlx::query(
            "SELECT id, version, body, parts_done, attempts, retry_at, log_len FROM outbox
             WHERE table_id = $1 AND done_at IS NULL ORDER BY id",
        )
        .bind(table.0)
        .fetch_all(&self.pool)
        .await?;
        let mut out = Vec::with_capacity(rows.len());
        for row in rows {
            if row.try_get::<Option<i64>, _>(5)?.is_some_and(|retry| retry > at) {
                break;
            }
            out.push(OutboxRow {
                id: row.try_get(0)?,
                table,
                version: row.try_get(1)?,
                log_len: usize::try_from(row.try_get::<i64, _>(6)?).unwrap_or(0),
                body: row.try_get(2)?,
                parts_done: usize::try_from(row.try_get::<i64, _>(3)?).unwrap_or(0),
                attempts: u32::try_from(row.try_get::<i64, _>(4)?).unwrap_or(u32::MAX),
            });
        }
        Ok(out)
    }

    /// Whether `table` has entries not yet delivered (due now or later).
    ///
    /// # Errors
    /// On database failure.
    pub async fn has_undelivered(&self, table: TableId) -> Result<bool, StoreError> {
        let row = sqlx::query("SELECT 1 FROM outbox WHERE table_id = $1 AND done_at IS NULL LIMIT 1")
            .bind(table.0)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.is_some())
    }

    /// Records that the first `parts` parts of entry `id` were delivered (`done`: all of them).
    ///
    /// # Errors
    /// On database failure.
    pub async fn delivered(&self, id: i64, parts: usize, done: bool) -> Result<(), StoreError> {
        self.writable()?;
        sqlx::query(
            "UPDATE outbox SET parts_done = $1, attempts = 0, retry_at = NULL,
                    done_at = CASE WHEN $2 THEN $3 ELSE done_at END
             WHERE id = $4",
        )
        .bind(i64::try_from(parts).unwrap_or(i64::MAX))
        .bind(done)
        .bind(now())
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Entry `id` failed in a way that may pass (Discord busy or down): tried again at `retry_at`.
    ///
    /// # Errors
    /// On database failure.
    pub async fn retry_later(&self, id: i64, retry_at: i64) -> Result<(), StoreError> {
        self.writable()?;
        sqlx::query("UPDATE outbox SET attempts = attempts + 1, retry_at = $1 WHERE id = $2")
            .bind(retry_at)
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Entry `id` cannot be delivered (Discord refused it for good): set aside with the reason,
    /// so that the entries after it go out.
    ///
    /// # Errors
    /// On database failure.
    pub async fn give_up(&self, id: i64, reason: &str) -> Result<(), StoreError> {
        self.writable()?;
        sqlx::query("UPDATE outbox SET done_at = $1, failure = $2 WHERE id = $3")
            .bind(now())
            .bind(reason.to_string())
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Claims `table` for this process for `lease` seconds, if no other process holds a live
    /// claim on it (this process's own claim is renewed); whether it did.
    ///
    /// # Errors
    /// On database failure.
    pub async fn claim(&self, table: TableId, lease: i64) -> Result<bool, StoreError> {
        self.writable()?;
        let at = now();
        let changed = sqlx::query(
            "UPDATE game_tables SET claimed_by = $1, claimed_until = $2
             WHERE id = $3 AND (claimed_until IS NULL OR claimed_until <= $4 OR claimed_by = $1)",
        )
        .bind(self.owner.to_string())
        .bind(at + lease)
        .bind(table.0)
        .bind(at)
        .execute(&self.pool)
        .await?
        .rows_affected();
        Ok(changed > 0)
    }

    /// Tables with entries to deliver at `at` that no process holds a live claim on, oldest
    /// entry first (at most `limit`): for the sweeper, which claims and delivers them.
    ///
    /// # Errors
    /// On database failure.
    pub async fn tables_to_deliver(&self, at: i64, limit: i64) -> Result<Vec<TableId>, StoreError> {
        let sql = "SELECT o.table_id, MIN(o.id) FROM outbox o JOIN game_tables t ON t.id = o.table_id
                   WHERE o.done_at IS NULL AND (o.retry_at IS NULL OR o.retry_at <= $1)
                     AND (t.claimed_until IS NULL OR t.claimed_until <= $1)
                   GROUP BY o.table_id ORDER BY MIN(o.id) LIMIT $2";
        let rows = sqlx::query(AssertSqlSafe(sql)).bind(at).bind(limit).fetch_all(&self.pool).await?;
        rows.into_iter().map(|r| Ok(TableId(r.try_get(0)?))).collect()
    }
}
