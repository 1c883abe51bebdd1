//! Settings and notes: a server's defaults (`server_settings`), a player's notification
//! settings (`user_settings`) and a player's private notes per table (`table_notes`).

use sqlx::Row;

use super::{Store, StoreError};
use crate::table::settings::{ServerId, ServerSettings, UserSettings};
use crate::table::vocab::{TableId, UserId, now};

/// A server or user id as SQL stores it (the u64's bits as i64).
const fn id_to_db(id: u64) -> i64 {
    id as i64
}

fn corrupt(what: &str, detail: impl std::fmt::Display) -> StoreError {
    StoreError::Corrupt(format!("{what}: {detail}"))
}

impl Store {
    /// Server `server`'s defaults; every field `None` for a server that set none.
    ///
    /// # Errors
    /// On database failure, or a stored word this release does not know.
    pub async fn server_settings(&self, server: ServerId) -> Result<ServerSettings, StoreError> {
        self.writable()?;
        let row = sqlx::query(
            "SELECT turn_timeout, level, on_timeout, away_allowance, host_role, results_channel
             FROM server_settings WHERE guild_id = $1",
        )
        .bind(id_to_db(server.0))
        .fetch_optional(&self.pool)
        .await?;
        let Some(row) = row else { return Ok(ServerSettings::default()) };
        let level: Option<String> = row.try_get(1)?;
        let on_timeout: Option<String> = row.try_get(2)?;
        Ok(ServerSettings {
            turn_timeout: row.try_get(0)?,
            level: level.map(|l| l.parse()).transpose().map_err(|e| corrupt("server level", e))?,
            on_timeout: on_timeout.map(|p| p.parse()).transpose().map_err(|e| corrupt("server late policy", e))?,
            away_allowance: row.try_get(3)?,
            host_role: row.try_get::<Option<i64>, _>(4)?.map(|r| r as u64),
            results_channel: row.try_get::<Option<i64>, _>(5)?.map(|c| c as u64),
        })
    }

    /// Saves server `server`'s defaults (replacing what it had).
    ///
    /// # Errors
    /// On database failure.
    pub async fn save_server_settings(&self, server: ServerId, settings: &ServerSettings) -> Result<(), StoreError> {
        self.writable()?;
        sqlx::query(
            "INSERT INTO server_settings
                 (guild_id, turn_timeout, level, on_timeout, away_allowance, host_role, results_channel, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
             ON CONFLICT (guild_id) DO UPDATE SET
                 turn_timeout = excluded.turn_timeout, level = excluded.level,
                 on_timeout = excluded.on_timeout, away_allowance = excluded.away_allowance,
                 host_role = excluded.host_role, results_channel = excluded.results_channel,
                 updated_at = excluded.updated_at",
        )
        .bind(id_to_db(server.0))
        .bind(settings.turn_timeout)
        .bind(settings.level.map(|l| l.name()))
        .bind(settings.on_timeout.map(|p| p.name()))
        .bind(settings.away_allowance)
        .bind(settings.host_role.map(id_to_db))
        .bind(settings.results_channel.map(id_to_db))
        .bind(now())
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// `user`'s notification settings; every default for a player who set none.
    ///
    /// # Errors
    /// On database failure.
    pub async fn user_settings(&self, user: UserId) -> Result<UserSettings, StoreError> {
        self.writable()?;
        let row = sqlx::query(
            "SELECT dm_on_turn, mention, half_time, time_zone, quiet_from, quiet_until, digest_hour, listed,
                    small_pictures
             FROM user_settings WHERE user_id = $1",
        )
        .bind(user.to_db())
        .fetch_optional(&self.pool)
        .await?;
        let Some(row) = row else { return Ok(UserSettings::default()) };
        let minute = |v: i64| u16::try_from(v).map_err(|_| corrupt("quiet hours", v));
        let quiet = match (row.try_get::<Option<i64>, _>(4)?, row.try_get::<Option<i64>, _>(5)?) {
            (Some(from), Some(until)) => Some((minute(from)?, minute(until)?)),
            _ => None,
        };
        let digest = row.try_get::<Option<i64>, _>(6)?;
        Ok(UserSettings {
            dm_on_turn: row.try_get::<i64, _>(0)? != 0,
            mention: row.try_get::<i64, _>(1)? != 0,
            half_time: row.try_get::<i64, _>(2)? != 0,
            time_zone: row.try_get(3)?,
            quiet,
            digest_hour: digest.map(|h| u8::try_from(h).map_err(|_| corrupt("digest hour", h))).transpose()?,
            listed: row.try_get::<i64, _>(7)? != 0,
            small_pictures: row.try_get::<i64, _>(8)? != 0,
        })
    }

    /// Saves `user`'s notification settings (replacing what they had). The next daily digest
    /// is scheduled again by the sweeper (its hour or zone may have changed).
    ///
    /// # Errors
    /// On database failure.
    pub async fn save_user_settings(&self, user: UserId, settings: &UserSettings) -> Result<(), StoreError> {
        self.writable()?;
        sqlx::query(
            "INSERT INTO user_settings
                 (user_id, dm_on_turn, mention, half_time, time_zone, quiet_from, quiet_until, digest_hour, updated_at, listed,
                  small_pictures)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
             ON CONFLICT (user_id) DO UPDATE SET
                 dm_on_turn = excluded.dm_on_turn, mention = excluded.mention, half_time = excluded.half_time,
                 time_zone = excluded.time_zone, quiet_from = excluded.quiet_from,
                 quiet_until = excluded.quiet_until, digest_hour = excluded.digest_hour,
                 digest_next = NULL, updated_at = excluded.updated_at, listed = excluded.listed,
                 small_pictures = excluded.small_pictures",
        )
        .bind(user.to_db())
        .bind(i64::from(settings.dm_on_turn))
        .bind(i64::from(settings.mention))
        .bind(i64::from(settings.half_time))
        .bind(settings.time_zone.clone())
        .bind(settings.quiet.map(|(from, _)| i64::from(from)))
        .bind(settings.quiet.map(|(_, until)| i64::from(until)))
        .bind(settings.digest_hour.map(i64::from))
        .bind(now())
        .bind(i64::from(settings.listed))
        .bind(i64::from(settings.small_pictures))
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// `user`'s private notes at table `id` (`None`: no notes).
    ///
    /// # Errors
    /// On database failure.
    pub async fn note(&self, id: TableId, user: UserId) -> Result<Option<String>, StoreError> {
        self.writable()?;
        let row = sqlx::query("SELECT body FROM table_notes WHERE table_id = $1 AND user_id = $2")
            .bind(id.0)
            .bind(user.to_db())
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| r.try_get(0)).transpose()?)
    }

    /// Saves `user`'s private notes at table `id`; an empty text deletes them.
    ///
    /// # Errors
    /// On database failure.
    pub async fn save_note(&self, id: TableId, user: UserId, body: &str) -> Result<(), StoreError> {
        self.writable()?;
        if body.is_empty() {
            sqlx::query("DELETE FROM table_notes WHERE table_id = $1 AND user_id = $2")
                .bind(id.0)
                .bind(user.to_db())
                .execute(&self.pool)
                .await?;
            return Ok(());
        }
        sqlx::query(
            "INSERT INTO table_notes (table_id, user_id, body, updated_at) VALUES ($1, $2, $3, $4)
             ON CONFLICT (table_id, user_id) DO UPDATE SET body = excluded.body, updated_at = excluded.updated_at",
        )
        .bind(id.0)
        .bind(user.to_db())
        .bind(body.to_string())
        .bind(now())
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}
