//! Claims on due tables, so that processes sharing one database each handle different ones.

use sqlx::{AssertSqlSafe, Row};

use super::{Store, StoreError};
use crate::table::vocab::TableId;

impl Store {
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
        self.writable()?;
        let sql = format!(
            "UPDATE game_tables SET claimed_by = $1, claimed_until = $2
             WHERE id IN (SELECT id FROM game_tables
                          WHERE status = 'running' AND deadline_at IS NOT NULL AND paused_at IS NULL
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
        self.writable()?;
        sqlx::query("UPDATE game_tables SET claimed_by = NULL, claimed_until = NULL WHERE id = $1 AND claimed_by = $2")
            .bind(id.0)
            .bind(self.owner.to_string())
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Drops every claim: for a process starting on a SQLite file, which one process serves, so
    /// that claims its predecessor held when it was killed need not wait out their lease.
    ///
    /// # Errors
    /// On database failure.
    pub async fn forget_claims(&self) -> Result<u64, StoreError> {
        self.writable()?;
        let cleared =
            sqlx::query("UPDATE game_tables SET claimed_by = NULL, claimed_until = NULL WHERE claimed_by IS NOT NULL")
                .execute(&self.pool)
                .await?
                .rows_affected();
        Ok(cleared)
    }
}
