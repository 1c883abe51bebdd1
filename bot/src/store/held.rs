//! Notices held through a player's quiet hours (`held_notices`): one row per player and table,
//! sent as a DM once `not_before` has passed, and deleted by the process that sends it.

use sqlx::Row;

use super::{Store, StoreError};
use crate::table::vocab::{TableId, UserId};

impl Store {
    /// Holds a notice of `kind` for `user` at `table` until `not_before` (replacing one held).
    ///
    /// # Errors
    /// On database failure.
    pub async fn hold_notice(
        &self,
        table: TableId,
        user: UserId,
        kind: &str,
        not_before: i64,
    ) -> Result<(), StoreError> {
        self.writable()?;
        sqlx::query(
            "INSERT INTO held_notices (table_id, user_id, kind, not_before) VALUES ($1, $2, $3, $4)
             ON CONFLICT (table_id, user_id) DO UPDATE SET kind = excluded.kind, not_before = excluded.not_before",
        )
        .bind(table.0)
        .bind(user.to_db())
        .bind(kind.to_string())
        .bind(not_before)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Held notices due at `at` (at most `limit`): table, player and kind.
    ///
    /// # Errors
    /// On database failure.
    pub async fn due_notices(&self, at: i64, limit: i64) -> Result<Vec<(TableId, UserId, String)>, StoreError> {
        let rows = sqlx::query(
            "SELECT table_id, user_id, kind FROM held_notices WHERE not_before <= $1 ORDER BY not_before LIMIT $2",
        )
        .bind(at)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.into_iter().map(|r| Ok((TableId(r.try_get(0)?), UserId::from_db(r.try_get(1)?), r.try_get(2)?))).collect()
    }

    /// Takes the held notice of `user` at `table` due at `at` for sending; whether this process
    /// got it (another may have taken it first).
    ///
    /// # Errors
    /// On database failure.
    pub async fn take_notice(&self, table: TableId, user: UserId, at: i64) -> Result<bool, StoreError> {
        self.writable()?;
        let done = sqlx::query("DELETE FROM held_notices WHERE table_id = $1 AND user_id = $2 AND not_before <= $3")
            .bind(table.0)
            .bind(user.to_db())
            .bind(at)
            .execute(&self.pool)
            .await?
            .rows_affected();
        Ok(done > 0)
    }
}

impl Store {
    /// Players with a daily digest that is due at `at` or not yet scheduled (at most `limit`),
    /// with when it was due (`None`: not scheduled).
    ///
    /// # Errors
    /// On database failure.
    pub async fn due_digests(&self, at: i64, limit: i64) -> Result<Vec<(UserId, Option<i64>)>, StoreError> {
        let rows = sqlx::query(
            "SELECT user_id, digest_next FROM user_settings
             WHERE digest_hour IS NOT NULL AND (digest_next IS NULL OR digest_next <= $1) LIMIT $2",
        )
        .bind(at)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.into_iter().map(|r| Ok((UserId::from_db(r.try_get(0)?), r.try_get(1)?))).collect()
    }

    /// Moves `user`'s next digest from `was` to `next`; whether this process did (another may
    /// have moved it first, and sends that digest).
    ///
    /// # Errors
    /// On database failure.
    pub async fn advance_digest(&self, user: UserId, was: Option<i64>, next: i64) -> Result<bool, StoreError> {
        self.writable()?;
        let done = sqlx::query(
            "UPDATE user_settings SET digest_next = $1
             WHERE user_id = $2 AND (digest_next = $3 OR (digest_next IS NULL AND $3 IS NULL))",
        )
        .bind(next)
        .bind(user.to_db())
        .bind(was)
        .execute(&self.pool)
        .await?
        .rows_affected();
        Ok(done > 0)
    }
}
