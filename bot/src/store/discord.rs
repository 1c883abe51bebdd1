//! Where tables live on Discord (channel, thread, messages) and who has DMs closed.

use sqlx::Row;

use super::{Store, StoreError, TableId, now};

/// A table's place on Discord. Ids are Discord snowflakes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Place {
    /// The table.
    pub table: Option<TableId>,
    /// The server, if any.
    pub guild: Option<u64>,
    /// The channel where the lobby was opened.
    pub channel: u64,
    /// The game's thread, once started.
    pub thread: Option<u64>,
    /// The lobby message.
    pub lobby_message: Option<u64>,
    /// The latest board post.
    pub board_message: Option<u64>,
}

impl Place {
    /// Where the game is played: its thread, or the channel.
    #[must_use]
    pub fn game_channel(&self) -> u64 {
        self.thread.unwrap_or(self.channel)
    }
}

fn id(value: Option<u64>) -> Option<i64> {
    value.map(|v| v as i64)
}

fn from_row(row: &sqlx::sqlite::SqliteRow) -> Result<Place, StoreError> {
    let get = |i: usize| -> Result<Option<u64>, StoreError> { Ok(row.try_get::<Option<i64>, _>(i)?.map(|v| v as u64)) };
    Ok(Place {
        table: Some(TableId(row.try_get(0)?)),
        guild: get(1)?,
        channel: get(2)?.unwrap_or_default(),
        thread: get(3)?,
        lobby_message: get(4)?,
        board_message: get(5)?,
    })
}

const COLUMNS: &str = "table_id, guild_id, channel_id, thread_id, lobby_message_id, board_message_id";

impl Store {
    /// Records or replaces where table `table` lives.
    ///
    /// # Errors
    /// On database failure.
    pub async fn set_place(&self, table: TableId, place: &Place) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO discord_tables (table_id, guild_id, channel_id, thread_id, lobby_message_id, board_message_id)
             VALUES (?, ?, ?, ?, ?, ?)
             ON CONFLICT (table_id) DO UPDATE SET guild_id = excluded.guild_id, channel_id = excluded.channel_id,
                 thread_id = excluded.thread_id, lobby_message_id = excluded.lobby_message_id,
                 board_message_id = excluded.board_message_id",
        )
        .bind(table.0)
        .bind(id(place.guild))
        .bind(place.channel as i64)
        .bind(id(place.thread))
        .bind(id(place.lobby_message))
        .bind(id(place.board_message))
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Where table `table` lives, if it was opened on Discord.
    ///
    /// # Errors
    /// On database failure.
    pub async fn place(&self, table: TableId) -> Result<Option<Place>, StoreError> {
        let sql = format!("SELECT {COLUMNS} FROM discord_tables WHERE table_id = ?");
        let row = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(table.0).fetch_optional(&self.pool).await?;
        row.as_ref().map(from_row).transpose()
    }

    /// Tables played in `channel` (its thread, or the channel itself), newest first.
    ///
    /// # Errors
    /// On database failure.
    pub async fn tables_in_channel(&self, channel: u64) -> Result<Vec<TableId>, StoreError> {
        let rows = sqlx::query(
            "SELECT table_id FROM discord_tables WHERE thread_id = ? OR (thread_id IS NULL AND channel_id = ?)
             ORDER BY table_id DESC",
        )
        .bind(channel as i64)
        .bind(channel as i64)
        .fetch_all(&self.pool)
        .await?;
        rows.into_iter().map(|r| Ok(TableId(r.try_get(0)?))).collect()
    }

    /// Remembers that `user` cannot receive DMs. A player already told stays told: the
    /// private notice is given once, not again at every failed DM, until their DMs open.
    ///
    /// # Errors
    /// On database failure.
    pub async fn mark_dm_closed(&self, user: u64) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO discord_dm_closed (user_id, noticed, at) VALUES (?, 0, ?)
             ON CONFLICT (user_id) DO UPDATE SET at = excluded.at",
        )
        .bind(user as i64)
        .bind(now())
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Records that table `table` told `user` publicly to use `/hand`; false if it already had.
    ///
    /// # Errors
    /// On database failure.
    pub async fn note_dm_closed(&self, table: TableId, user: u64) -> Result<bool, StoreError> {
        let added = sqlx::query("INSERT OR IGNORE INTO discord_dm_notes (table_id, user_id) VALUES (?, ?)")
            .bind(table.0)
            .bind(user as i64)
            .execute(&self.pool)
            .await?
            .rows_affected();
        Ok(added > 0)
    }

    /// Whether `user` has a DM failure they were not told about yet; marks it told.
    ///
    /// # Errors
    /// On database failure.
    pub async fn take_dm_notice(&self, user: u64) -> Result<bool, StoreError> {
        let changed = sqlx::query("UPDATE discord_dm_closed SET noticed = 1 WHERE user_id = ? AND noticed = 0")
            .bind(user as i64)
            .execute(&self.pool)
            .await?
            .rows_affected();
        Ok(changed > 0)
    }

    /// Forgets a DM failure (a later DM went through): if the player closes their DMs
    /// again, they are told again, once per table.
    ///
    /// # Errors
    /// On database failure.
    pub async fn clear_dm_closed(&self, user: u64) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        let closed = sqlx::query("DELETE FROM discord_dm_closed WHERE user_id = ?")
            .bind(user as i64)
            .execute(&mut *tx)
            .await?
            .rows_affected();
        if closed > 0 {
            sqlx::query("DELETE FROM discord_dm_notes WHERE user_id = ?").bind(user as i64).execute(&mut *tx).await?;
        }
        tx.commit().await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::store::{NewTable, Store};

    #[tokio::test]
    async fn a_closed_dm_is_told_once_per_table_until_the_dms_open_again() {
        let dir = tempfile::tempdir().expect("tempdir");
        let store = Store::open(dir.path().join("s.db").to_str().expect("utf-8")).await.expect("opens");
        let new = NewTable {
            game: "martian-12s".into(),
            options: "{}".into(),
            seed: 1,
            host: None,
            max_players: 2,
            turn_timeout: 60,
        };
        let table = store.create(&new, &[]).await.expect("a table");
        let user = 42;
        for _ in 0..5 {
            store.mark_dm_closed(user).await.expect("mark");
        }
        assert!(store.note_dm_closed(table, user).await.expect("note"), "the first public note");
        assert!(store.take_dm_notice(user).await.expect("take"), "the first private notice");
        for _ in 0..5 {
            store.mark_dm_closed(user).await.expect("mark");
            assert!(!store.note_dm_closed(table, user).await.expect("note"), "no second public note");
            assert!(!store.take_dm_notice(user).await.expect("take"), "no second private notice");
        }
        store.clear_dm_closed(user).await.expect("the DMs opened");
        store.mark_dm_closed(user).await.expect("closed again");
        assert!(store.note_dm_closed(table, user).await.expect("note"), "told again after reopening");
        assert!(store.take_dm_notice(user).await.expect("take"));
    }
}
