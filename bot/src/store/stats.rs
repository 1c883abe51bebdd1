//! What `/stats`, `/leaderboard` and `/history` read: results and ratings per server.

use sqlx::Row;

use super::{Store, StoreError};
use crate::community::rating::Rating;
use crate::table::vocab::{TableId, UserId};

/// One finished game as one player saw it.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayedRow {
    /// The table.
    pub table: TableId,
    /// The game's id.
    pub game: String,
    /// When it ended (unix seconds).
    pub ended_at: i64,
    /// Their place (1 = first).
    pub place: u8,
    /// Seats at the table.
    pub players: u8,
    /// Their rating before and after the game, when it was rated.
    pub moved: Option<(Rating, Rating)>,
}

/// A player's rating in one game on one server.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingRow {
    /// The player.
    pub user: UserId,
    /// The name they last played under on this server.
    pub name: String,
    /// The rating.
    pub rating: Rating,
    /// Rated games counted.
    pub games: i64,
}

/// One finished table for `/history`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HistoryRow {
    /// The table.
    pub table: TableId,
    /// The game's id.
    pub game: String,
    /// When it ended (unix seconds).
    pub ended_at: i64,
    /// Each seat: name, player (`None`: a computer), place and score, in seat order.
    pub seats: Vec<(String, Option<UserId>, u8, i64)>,
}

/// A server id as SQL stores it (the u64's bits as i64).
const fn server_db(server: u64) -> i64 {
    server as i64
}

fn small(value: i64, what: &str) -> Result<u8, StoreError> {
    u8::try_from(value).map_err(|_| StoreError::Corrupt(format!("{what} {value}")))
}

fn rating(row: &sqlx::any::AnyRow, mu: usize) -> Result<Option<Rating>, StoreError> {
    let (m, s): (Option<f64>, Option<f64>) = (row.try_get(mu)?, row.try_get(mu + 1)?);
    Ok(m.zip(s).map(|(mu, sigma)| Rating { mu, sigma }))
}

impl Store {
    /// The games `user` finished on `server` (of `game` only, when given), newest first.
    ///
    /// # Errors
    /// On database failure.
    pub async fn played(&self, server: u64, user: UserId, game: Option<&str>) -> Result<Vec<PlayedRow>, StoreError> {
        self.writable()?;
        let rows = sqlx::query(
            "SELECT f.table_id, f.game, f.ended_at, r.place,
                    (SELECT COUNT(*) FROM results a WHERE a.table_id = f.table_id),
                    r.mu_before, r.sigma_before, r.mu_after, r.sigma_after
             FROM results r JOIN finished_games f ON f.table_id = r.table_id
             WHERE f.server_id = $1 AND r.user_id = $2 AND ($3 IS NULL OR f.game = $3)
             ORDER BY f.seq DESC",
        )
        .bind(server_db(server))
        .bind(user.to_db())
        .bind(game.map(str::to_string))
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                let before = rating(r, 5)?;
                let after = rating(r, 7)?;
                Ok(PlayedRow {
                    table: TableId(r.try_get(0)?),
                    game: r.try_get(1)?,
                    ended_at: r.try_get(2)?,
                    place: small(r.try_get(3)?, "place")?,
                    players: small(r.try_get(4)?, "players")?,
                    moved: before.zip(after),
                })
            })
            .collect()
    }

    /// The ratings in `game` on `server` of players who have not opted out and have at least
    /// `min_games` rated games there, best first (by the rating people see).
    ///
    /// # Errors
    /// On database failure.
    pub async fn ratings(&self, server: u64, game: &str, min_games: i64) -> Result<Vec<RatingRow>, StoreError> {
        self.writable()?;
        let rows = sqlx::query(
            "SELECT ra.user_id, ra.mu, ra.sigma, ra.games,
                    (SELECT r.name FROM results r JOIN finished_games f ON f.table_id = r.table_id
                      WHERE r.user_id = ra.user_id AND f.server_id = ra.server_id ORDER BY f.seq DESC LIMIT 1)
             FROM ratings ra LEFT JOIN user_settings u ON u.user_id = ra.user_id
             WHERE ra.server_id = $1 AND ra.game = $2 AND ra.games >= $3 AND COALESCE(u.listed, 1) = 1",
        )
        .bind(server_db(server))
        .bind(game.to_string())
        .bind(min_games)
        .fetch_all(&self.pool)
        .await?;
        let mut list = rows
            .iter()
            .map(|r| {
                Ok(RatingRow {
                    user: UserId::from_db(r.try_get(0)?),
                    rating: Rating { mu: r.try_get(1)?, sigma: r.try_get(2)? },
                    games: r.try_get(3)?,
                    name: r.try_get::<Option<String>, _>(4)?.unwrap_or_default(),
                })
            })
            .collect::<Result<Vec<_>, StoreError>>()?;
        list.sort_by(|a, b| b.rating.shown().total_cmp(&a.rating.shown()).then(a.user.0.cmp(&b.user.0)));
        Ok(list)
    }

    /// `user`'s rating in `game` on `server`, if they have played a rated game of it there.
    ///
    /// # Errors
    /// On database failure.
    pub async fn rating(&self, server: u64, game: &str, user: UserId) -> Result<Option<RatingRow>, StoreError> {
        self.writable()?;
        let row =
            sqlx::query("SELECT mu, sigma, games FROM ratings WHERE server_id = $1 AND game = $2 AND user_id = $3")
                .bind(server_db(server))
                .bind(game.to_string())
                .bind(user.to_db())
                .fetch_optional(&self.pool)
                .await?;
        row.map(|r| {
            Ok(RatingRow {
                user,
                name: String::new(),
                rating: Rating { mu: r.try_get(0)?, sigma: r.try_get(1)? },
                games: r.try_get(2)?,
            })
        })
        .transpose()
    }

    /// The finished tables on `server` (where `user` played, of `game`, when given), newest
    /// first: how many there are, and the `limit` after the first `skip`.
    ///
    /// # Errors
    /// On database failure.
    pub async fn history(
        &self,
        server: u64,
        user: Option<UserId>,
        game: Option<&str>,
        skip: usize,
        limit: usize,
    ) -> Result<(usize, Vec<HistoryRow>), StoreError> {
        self.writable()?;
        let rows = sqlx::query(
            "SELECT f.table_id, f.game, f.ended_at FROM finished_games f
             WHERE f.server_id = $1 AND ($3 IS NULL OR f.game = $3)
               AND ($2 IS NULL OR EXISTS (SELECT 1 FROM results r WHERE r.table_id = f.table_id AND r.user_id = $2))
             ORDER BY f.seq DESC",
        )
        .bind(server_db(server))
        .bind(user.map(UserId::to_db))
        .bind(game.map(str::to_string))
        .fetch_all(&self.pool)
        .await?;
        let total = rows.len();
        let mut page = Vec::new();
        for r in rows.iter().skip(skip).take(limit) {
            let table = TableId(r.try_get(0)?);
            let seats =
                sqlx::query("SELECT name, user_id, place, score FROM results WHERE table_id = $1 ORDER BY seat")
                    .bind(table.0)
                    .fetch_all(&self.pool)
                    .await?
                    .iter()
                    .map(|s| {
                        let user = s.try_get::<Option<i64>, _>(1)?.map(UserId::from_db);
                        Ok((s.try_get(0)?, user, small(s.try_get(2)?, "place")?, s.try_get(3)?))
                    })
                    .collect::<Result<Vec<_>, StoreError>>()?;
            page.push(HistoryRow { table, game: r.try_get(1)?, ended_at: r.try_get(2)?, seats });
        }
        Ok((total, page))
    }
}
