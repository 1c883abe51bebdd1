//! Results and ratings (issue #28): written in the transaction that ends a game, and rebuilt
//! from the finished tables by `saloon ratings rebuild`, through the same function, so a
//! rebuild repeats the incremental updates exactly.

use sqlx::{Any, Row, Transaction};

use super::{Backend, Store, StoreError};
use crate::community::rating::{Rating, rate};
use crate::community::{Finish, SeatResult};
use crate::table::vocab::{TableId, UserId};

/// A key for Postgres's transaction-scoped advisory lock that serialises rating updates
/// across processes (two games ending at once must not both read the same old ratings).
const RATINGS_LOCK: i64 = 0x5a10_0028;

/// Records table `id`'s finish, ended at `ended_at`: the game, each seat's place and score and,
/// when the game is rated (two or more people, no computer seat), the new ratings of its
/// players on its server. A table already recorded is left as it is.
pub(super) async fn record(
    tx: &mut Transaction<'_, Any>,
    backend: Backend,
    id: TableId,
    finish: &Finish,
    ended_at: i64,
) -> Result<(), StoreError> {
    if backend == Backend::Postgres {
        sqlx::query("SELECT pg_advisory_xact_lock($1)").bind(RATINGS_LOCK).execute(&mut **tx).await?;
    }
    let known = sqlx::query("SELECT 1 FROM finished_games WHERE table_id = $1").bind(id.0).fetch_optional(&mut **tx);
    if known.await?.is_some() {
        return Ok(());
    }
    let server: i64 = sqlx::query("SELECT COALESCE((SELECT guild_id FROM discord_tables WHERE table_id = $1), 0)")
        .bind(id.0)
        .fetch_one(&mut **tx)
        .await?
        .try_get(0)?;
    let rated = finish.rated();
    sqlx::query(
        "INSERT INTO finished_games (table_id, seq, server_id, game, rated, ended_at)
         VALUES ($1, (SELECT COALESCE(MAX(seq), 0) + 1 FROM finished_games), $2, $3, $4, $5)",
    )
    .bind(id.0)
    .bind(server)
    .bind(finish.game.clone())
    .bind(i64::from(rated))
    .bind(ended_at)
    .execute(&mut **tx)
    .await?;
    let moves = if rated { rate_players(tx, server, finish, ended_at).await? } else { Vec::new() };
    for (i, seat) in finish.seats.iter().enumerate() {
        insert_result(tx, id, seat, moves.get(i).copied()).await?;
    }
    Ok(())
}

/// Reads the players' ratings, rates the game and writes the new ratings; returns each
/// seat's rating before and after, in seat order.
async fn rate_players(
    tx: &mut Transaction<'_, Any>,
    server: i64,
    finish: &Finish,
    now: i64,
) -> Result<Vec<(Rating, Rating)>, StoreError> {
    let mut before = Vec::with_capacity(finish.seats.len());
    for seat in &finish.seats {
        let row = sqlx::query("SELECT mu, sigma FROM ratings WHERE server_id = $1 AND game = $2 AND user_id = $3")
            .bind(server)
            .bind(finish.game.clone())
            .bind(seat.user.map(UserId::to_db))
            .fetch_optional(&mut **tx)
            .await?;
        let rating = match row {
            Some(row) => Rating { mu: row.try_get(0)?, sigma: row.try_get(1)? },
            None => Rating::start(),
        };
        before.push((rating, seat.place));
    }
    let after = rate(&before);
    for (seat, new) in finish.seats.iter().zip(&after) {
        sqlx::query(
            "INSERT INTO ratings (server_id, game, user_id, mu, sigma, games, updated_at)
             VALUES ($1, $2, $3, $4, $5, 1, $6)
             ON CONFLICT (server_id, game, user_id) DO UPDATE SET
                 mu = excluded.mu, sigma = excluded.sigma, games = ratings.games + 1,
                 updated_at = excluded.updated_at",
        )
        .bind(server)
        .bind(finish.game.clone())
        .bind(seat.user.map(UserId::to_db))
        .bind(new.mu)
        .bind(new.sigma)
        .bind(now)
        .execute(&mut **tx)
        .await?;
    }
    Ok(before.into_iter().map(|(r, _)| r).zip(after).collect())
}

async fn insert_result(
    tx: &mut Transaction<'_, Any>,
    id: TableId,
    seat: &SeatResult,
    moved: Option<(Rating, Rating)>,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO results (table_id, seat, user_id, name, place, score, mu_before, sigma_before, mu_after, sigma_after)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
    )
    .bind(id.0)
    .bind(i64::from(seat.seat))
    .bind(seat.user.map(UserId::to_db))
    .bind(seat.name.clone())
    .bind(i64::from(seat.place))
    .bind(seat.score)
    .bind(moved.map(|m| m.0.mu))
    .bind(moved.map(|m| m.0.sigma))
    .bind(moved.map(|m| m.1.mu))
    .bind(moved.map(|m| m.1.sigma))
    .execute(&mut **tx)
    .await?;
    Ok(())
}

impl Store {
    /// Every finished table with when it ended, in the order the games ended: recorded games
    /// in their recorded order, tables finished by earlier releases by their last change.
    ///
    /// # Errors
    /// On database failure.
    pub async fn finished_order(&self) -> Result<Vec<(TableId, i64)>, StoreError> {
        self.writable()?;
        let rows = sqlx::query(
            "SELECT t.id, COALESCE(f.ended_at, t.updated_at) AS ended, COALESCE(f.seq, 0) AS seq
             FROM game_tables t LEFT JOIN finished_games f ON f.table_id = t.id
             WHERE t.status = 'finished' ORDER BY ended, seq, t.id",
        )
        .fetch_all(&self.pool)
        .await?;
        rows.into_iter().map(|r| Ok((TableId(r.try_get(0)?), r.try_get(1)?))).collect()
    }

    /// Finished tables with no recorded result (tables finished by an earlier release, or
    /// whose saved game has no result), by number.
    ///
    /// # Errors
    /// On database failure.
    pub async fn unrecorded_finished(&self) -> Result<Vec<TableId>, StoreError> {
        let rows = sqlx::query(
            "SELECT t.id FROM game_tables t LEFT JOIN finished_games f ON f.table_id = t.id
             WHERE t.status = 'finished' AND f.table_id IS NULL ORDER BY t.id",
        )
        .fetch_all(&self.pool)
        .await?;
        rows.into_iter().map(|r| Ok(TableId(r.try_get(0)?))).collect()
    }

    /// Replaces every result and rating with those `games` give, recorded in this order (each
    /// with when it ended), in one transaction.
    ///
    /// # Errors
    /// On database failure (nothing is changed then).
    pub async fn rebuild_ratings(&self, games: &[(TableId, i64, Finish)]) -> Result<(), StoreError> {
        self.writable()?;
        let mut tx = self.pool.begin().await?;
        for table in ["results", "finished_games", "ratings"] {
            sqlx::query(sqlx::AssertSqlSafe(format!("DELETE FROM {table}"))).execute(&mut *tx).await?;
        }
        for (id, ended_at, finish) in games {
            record(&mut tx, self.backend, *id, finish, *ended_at).await?;
        }
        tx.commit().await?;
        Ok(())
    }
}
