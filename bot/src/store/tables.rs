//! Tables, their seats and their action logs: create, load, update with a version check, and
//! the lists.

use sqlx::{Any, AssertSqlSafe, Row, Transaction};

use super::{NewTable, Store, StoreError, SummaryRow, TableRow, Update, Written};
use crate::table::vocab::{
    LogEntry, Origin, SeatRow, Skill, Status, TableId, UnknownOnTimeout, UnknownSkill, UserId, now,
};

impl Store {
    /// Creates a table in the lobby with its first seats; returns its id.
    ///
    /// # Errors
    /// On database failure.
    pub async fn create(&self, table: &NewTable, seats: &[SeatRow]) -> Result<TableId, StoreError> {
        self.writable()?;
        let mut tx = self.pool.begin().await?;
        let now = now();
        let id: i64 = sqlx::query(
            "INSERT INTO game_tables (game, options, seed, status, host, max_players, turn_timeout, on_timeout, delivers, created_at, updated_at, waiting, asked, away_allowance, rematch_of)
             VALUES ($1, $2, $3, 'lobby', $4, $5, $6, $7, $8, $9, $9, 0, '[]', $10, $11) RETURNING id",
        )
        .bind(table.game.clone())
        .bind(table.options.clone())
        .bind(table.seed as i64)
        .bind(table.host.map(UserId::to_db))
        .bind(i64::from(table.max_players))
        .bind(table.turn_timeout)
        .bind(table.on_timeout.name())
        .bind(i64::from(table.delivers))
        .bind(now)
        .bind(table.away_allowance)
        .bind(table.rematch_of.map(|t| t.0))
        .fetch_one(&mut *tx)
        .await?
        .try_get(0)?;
        write_seats(&mut tx, TableId(id), seats).await?;
        sqlx::query("INSERT INTO fair_deals (table_id, secret, cut, reveal) VALUES ($1, $2, $3, $4)")
            .bind(id)
            .bind(table.deal.secret.clone())
            .bind(table.deal.cut.clone())
            .bind(i64::from(table.deal.reveal))
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(TableId(id))
    }

    /// Loads a table with its seats.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] for an unknown id; database failures.
    pub async fn load(&self, id: TableId) -> Result<TableRow, StoreError> {
        self.writable()?;
        let sql = format!(
            "SELECT id, game, options, seed, status, host, max_players, state, version, turn_timeout,
                    deadline_at, reminded, waiting, asked, on_timeout, delivers, {seats},
                    paused_at, away_allowance, rematch_of,
                    (SELECT secret FROM fair_deals WHERE table_id = $1),
                    (SELECT cut FROM fair_deals WHERE table_id = $1),
                    (SELECT reveal FROM fair_deals WHERE table_id = $1)
             FROM game_tables WHERE id = $1",
            seats = self.backend.seats_json("$1")
        );
        let row = sqlx::query(AssertSqlSafe(sql))
            .bind(id.0)
            .fetch_optional(&self.pool)
            .await?
            .ok_or(StoreError::NotFound(id))?;
        let seats = seats_of(id, &row.try_get::<String, _>(16)?)?;
        let on_timeout = row
            .try_get::<String, _>(14)?
            .parse()
            .map_err(|e: UnknownOnTimeout| StoreError::Corrupt(format!("table {id}: {e}")))?;
        let rematch_of: Option<i64> = row.try_get(19)?;
        let confirmed = match rematch_of {
            Some(_) => self.confirmed(id).await?,
            None => Vec::new(),
        };
        // The turn columns are empty only in rows of older releases until `Tables::upgrade`
        // fills them at start-up (which reads them here).
        let asked = match row.try_get::<Option<String>, _>(13)? {
            Some(text) => serde_json::from_str(&text)
                .map_err(|e| StoreError::Corrupt(format!("table {id}: decision versions: {e}")))?,
            None => Vec::new(),
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
            waiting: row.try_get::<Option<i64>, _>(12)?.unwrap_or_default() as u16,
            asked,
            on_timeout,
            seats,
            delivers: row.try_get::<i64, _>(15)? != 0,
            paused_at: row.try_get(17)?,
            away_allowance: row.try_get(18)?,
            rematch_of: rematch_of.map(TableId),
            confirmed,
            // No fair_deals row (reveal NULL): a table of a release before sealed deals.
            deal: row
                .try_get::<Option<i64>, _>(22)?
                .map(|reveal| -> Result<super::Deal, StoreError> {
                    Ok(super::Deal { secret: row.try_get(20)?, cut: row.try_get(21)?, reveal: reveal != 0 })
                })
                .transpose()?,
        })
    }

    /// Applies `update` to table `id` if its version is still `expected`, bumping the version.
    /// State, seats, log entries and the outbox entry are written in one transaction; the
    /// table's claim is taken in the same statement when asked for and free.
    ///
    /// # Errors
    /// [`StoreError::Stale`] when the version moved on; database failures.
    pub async fn update(&self, id: TableId, expected: i64, update: &Update) -> Result<Written, StoreError> {
        self.writable()?;
        let mut tx = self.pool.begin().await?;
        let now = now();
        let claimable = "$11 AND (claimed_until IS NULL OR claimed_until <= $1 OR claimed_by = $12)";
        let sql = format!(
            "UPDATE game_tables SET
                version = version + 1,
                updated_at = $1,
                status = COALESCE($2, status),
                state = COALESCE($3, state),
                deadline_at = CASE WHEN $4 THEN $5 ELSE deadline_at END,
                reminded = COALESCE($6, reminded),
                waiting = COALESCE($7, waiting),
                asked = COALESCE($8, asked),
                claimed_by = CASE WHEN {claimable} THEN $12 ELSE claimed_by END,
                claimed_until = CASE WHEN {claimable} THEN $13 ELSE claimed_until END,
                paused_at = CASE WHEN $14 THEN $15 ELSE paused_at END,
                seed = COALESCE($16, seed)
             WHERE id = $9 AND version = $10
             RETURNING claimed_by"
        );
        let row = sqlx::query(AssertSqlSafe(sql))
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
            .bind(update.claim.is_some())
            .bind(self.owner.to_string())
            .bind(now + update.claim.unwrap_or(0))
            .bind(update.paused_at.is_some())
            .bind(update.paused_at.flatten())
            .bind(update.seed.map(|seed| seed as i64))
            .fetch_optional(&mut *tx)
            .await?;
        let Some(row) = row else {
            let exists =
                sqlx::query("SELECT 1 FROM game_tables WHERE id = $1").bind(id.0).fetch_optional(&mut *tx).await?;
            return Err(if exists.is_some() {
                StoreError::Stale { table: id, expected }
            } else {
                StoreError::NotFound(id)
            });
        };
        let claimed = row.try_get::<Option<String>, _>(0)?.as_deref() == Some(&*self.owner);
        if let Some(seats) = &update.seats {
            sqlx::query("DELETE FROM seats WHERE table_id = $1").bind(id.0).execute(&mut *tx).await?;
            write_seats(&mut tx, id, seats).await?;
        }
        if let Some(cut) = &update.cut {
            sqlx::query("UPDATE fair_deals SET cut = $1 WHERE table_id = $2")
                .bind(cut.clone())
                .bind(id.0)
                .execute(&mut *tx)
                .await?;
        }
        if !update.log.is_empty() {
            append_log(&mut tx, id, &update.log, now).await?;
        }
        if let Some((user, clock)) = &update.away_clock {
            super::away::write_clock(&mut tx, id, *user, clock).await?;
        }
        if let Some(request) = &update.undo {
            let request = super::undo::UndoRequest { version: expected + 1, ..*request };
            super::undo::write_request(&mut tx, id, &request, now).await?;
        }
        if let Some(finish) = &update.finish {
            super::ratings::record(&mut tx, self.backend, id, finish, now).await?;
        }
        let outbox = match &update.outbox {
            Some(body) => Some(
                sqlx::query(
                    "INSERT INTO outbox (table_id, version, log_len, body, created_at)
                     VALUES ($1, $2, (SELECT COALESCE(MAX(seq), 0) FROM actions WHERE table_id = $1), $3, $4)
                     RETURNING id",
                )
                .bind(id.0)
                .bind(expected + 1)
                .bind(body.clone())
                .bind(now)
                .fetch_one(&mut *tx)
                .await?
                .try_get(0)?,
            ),
            None => None,
        };
        tx.commit().await?;
        Ok(Written { version: expected + 1, outbox, claimed: claimed && update.claim.is_some() })
    }

    /// The people who confirmed rematch lobby `id`, in user id order.
    ///
    /// # Errors
    /// On database failure.
    pub async fn confirmed(&self, id: TableId) -> Result<Vec<UserId>, StoreError> {
        let rows = sqlx::query("SELECT user_id FROM rematch_confirms WHERE table_id = $1 ORDER BY user_id")
            .bind(id.0)
            .fetch_all(&self.pool)
            .await?;
        rows.into_iter().map(|r| Ok(UserId::from_db(r.try_get(0)?))).collect()
    }

    /// Records that `user` confirmed rematch lobby `id`.
    ///
    /// # Errors
    /// On database failure.
    pub async fn confirm(&self, id: TableId, user: UserId) -> Result<(), StoreError> {
        self.writable()?;
        sqlx::query("INSERT INTO rematch_confirms (table_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING")
            .bind(id.0)
            .bind(user.to_db())
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The newest rematch of table `id`, if one was asked for.
    ///
    /// # Errors
    /// On database failure.
    pub async fn rematch_of(&self, id: TableId) -> Result<Option<TableId>, StoreError> {
        self.writable()?;
        let row = sqlx::query("SELECT MAX(id) FROM game_tables WHERE rematch_of = $1")
            .bind(id.0)
            .fetch_one(&self.pool)
            .await?;
        Ok(row.try_get::<Option<i64>, _>(0)?.map(TableId))
    }

    /// The action log of a table, in order.
    ///
    /// # Errors
    /// On database failure.
    pub async fn log(&self, id: TableId) -> Result<Vec<LogEntry>, StoreError> {
        self.writable()?;
        sqlx::query("SELECT seat, action, origin, undoes FROM actions WHERE table_id = $1 ORDER BY seq")
            .bind(id.0)
            .fetch_all(&self.pool)
            .await?
            .into_iter()
            .map(|r| {
                Ok(LogEntry {
                    seat: u8::try_from(r.try_get::<i64, _>(0)?).map_err(|_| StoreError::Corrupt("seat".into()))?,
                    action: r.try_get(1)?,
                    origin: Origin::parse(r.try_get(2)?),
                    undoes: u16::try_from(r.try_get::<i64, _>(3)?).map_err(|_| StoreError::Corrupt("undoes".into()))?,
                })
            })
            .collect()
    }

    /// Ids of tables in `status` where `user` holds a seat (any user when `None`), newest first.
    ///
    /// # Errors
    /// On database failure.
    pub async fn tables_of(&self, user: Option<UserId>, status: Status) -> Result<Vec<TableId>, StoreError> {
        self.writable()?;
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
        self.writable()?;
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
                        waiting: r.try_get::<Option<i64>, _>(3)?.unwrap_or_default() as u16,
                        seats: seats_of(id, &r.try_get::<String, _>(4)?)?,
                    })
                };
                Ok(row().map_err(|e| (id, e)))
            })
            .collect()
    }
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

/// Appends `log` to table `id`'s action log, numbered after what it holds.
async fn append_log(tx: &mut Transaction<'_, Any>, id: TableId, log: &[LogEntry], at: i64) -> Result<(), StoreError> {
    let next: i64 = sqlx::query("SELECT COALESCE(MAX(seq), 0) + 1 FROM actions WHERE table_id = $1")
        .bind(id.0)
        .fetch_one(&mut **tx)
        .await?
        .try_get(0)?;
    for (i, entry) in log.iter().enumerate() {
        sqlx::query(
            "INSERT INTO actions (table_id, seq, seat, action, origin, at, undoes) VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(id.0)
        .bind(next + i as i64)
        .bind(i64::from(entry.seat))
        .bind(entry.action.clone())
        .bind(entry.origin.as_str())
        .bind(at)
        .bind(i64::from(entry.undoes))
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}
