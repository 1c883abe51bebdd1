//! Away time: who is away until when (`user_away`), and each player's away clock per table
//! (`away_clocks`): the allowance used and the stopped clock of the turn under way.

use sqlx::{Any, Row, Transaction};

use super::{Store, StoreError};
use crate::table::away::{Away, AwayClock};
use crate::table::vocab::{TableId, UserId};

impl Store {
    /// `user`'s away time, if they set one (it may have ended).
    ///
    /// # Errors
    /// On database failure.
    pub async fn away(&self, user: UserId) -> Result<Option<Away>, StoreError> {
        self.writable()?;
        let row = sqlx::query("SELECT since, until, note FROM user_away WHERE user_id = $1")
            .bind(user.to_db())
            .fetch_optional(&self.pool)
            .await?;
        row.map(|r| Ok(Away { since: r.try_get(0)?, until: r.try_get(1)?, note: r.try_get(2)? })).transpose()
    }

    /// Saves `user`'s away time (replacing any).
    ///
    /// # Errors
    /// On database failure.
    pub async fn set_away(&self, user: UserId, away: &Away) -> Result<(), StoreError> {
        self.writable()?;
        sqlx::query(
            "INSERT INTO user_away (user_id, since, until, note) VALUES ($1, $2, $3, $4)
             ON CONFLICT (user_id) DO UPDATE SET since = excluded.since, until = excluded.until, note = excluded.note",
        )
        .bind(user.to_db())
        .bind(away.since)
        .bind(away.until)
        .bind(away.note.clone())
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Ends `user`'s away time.
    ///
    /// # Errors
    /// On database failure.
    pub async fn clear_away(&self, user: UserId) -> Result<(), StoreError> {
        self.writable()?;
        sqlx::query("DELETE FROM user_away WHERE user_id = $1").bind(user.to_db()).execute(&self.pool).await?;
        Ok(())
    }

    /// `user`'s away clock at table `id` (nothing used, not stopped, when none was written).
    ///
    /// # Errors
    /// On database failure.
    pub async fn away_clock(&self, id: TableId, user: UserId) -> Result<AwayClock, StoreError> {
        self.writable()?;
        let row = sqlx::query("SELECT used, stop_end, time_left FROM away_clocks WHERE table_id = $1 AND user_id = $2")
            .bind(id.0)
            .bind(user.to_db())
            .fetch_optional(&self.pool)
            .await?;
        let Some(row) = row else { return Ok(AwayClock::default()) };
        let stop_end: Option<i64> = row.try_get(1)?;
        let left: Option<i64> = row.try_get(2)?;
        Ok(AwayClock { used: row.try_get(0)?, stopped: stop_end.zip(left) })
    }
}

impl Store {
    /// Records that `user` skips pings at table `id` for the decision that began at `asked`.
    ///
    /// # Errors
    /// On database failure.
    pub async fn skip_pings(&self, id: TableId, user: UserId, asked: i64) -> Result<(), StoreError> {
        self.writable()?;
        sqlx::query(
            "INSERT INTO skip_pings (table_id, user_id, asked) VALUES ($1, $2, $3)
             ON CONFLICT (table_id, user_id) DO UPDATE SET asked = excluded.asked",
        )
        .bind(id.0)
        .bind(user.to_db())
        .bind(asked)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Who skips pings at table `id`, each with the decision (its start version) they skip.
    ///
    /// # Errors
    /// On database failure.
    pub async fn skipping(&self, id: TableId) -> Result<Vec<(UserId, i64)>, StoreError> {
        self.writable()?;
        let rows = sqlx::query("SELECT user_id, asked FROM skip_pings WHERE table_id = $1")
            .bind(id.0)
            .fetch_all(&self.pool)
            .await?;
        rows.into_iter().map(|r| Ok((UserId::from_db(r.try_get(0)?), r.try_get(1)?))).collect()
    }
}

/// Writes `user`'s away clock at table `id`, in the transaction of the table's update.
pub(super) async fn write_clock(
    tx: &mut Transaction<'_, Any>,
    id: TableId,
    user: UserId,
    clock: &AwayClock,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO away_clocks (table_id, user_id, used, stop_end, time_left) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (table_id, user_id) DO UPDATE SET
             used = excluded.used, stop_end = excluded.stop_end, time_left = excluded.time_left",
    )
    .bind(id.0)
    .bind(user.to_db())
    .bind(clock.used)
    .bind(clock.stopped.map(|(end, _)| end))
    .bind(clock.stopped.map(|(_, left)| left))
    .execute(&mut **tx)
    .await?;
    Ok(())
}
