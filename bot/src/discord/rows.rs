//! The Discord side's own rows: where each table lives (channel, thread, lobby message, the
//! live board), each player's private panel per table, and the players not to be sent DMs at a
//! table. The table layer knows nothing of these; they share its database through
//! [`Tables::front_end_pool`].
//!
//! Nothing is kept in memory: several processes may serve one table (a click arrives at one,
//! a deadline at another), so every read goes to the database, and every write changes only
//! the columns it means to, so that two writers of different columns (the lobby message from
//! `/play`, the thread from Start) never undo each other. A table's board and panels are
//! written only by the process delivering its outbox, which holds the table's claim.

use sqlx::AnyPool;
use sqlx::Row;
use sqlx::any::AnyRow;

use crate::table::{TableId, Tables, UserId, now};

/// A failure of the Discord side's rows.
#[derive(Debug, thiserror::Error)]
pub enum RowsError {
    /// The database failed.
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
    /// The database file was deleted or replaced under the running bot (nothing is written).
    #[error("{0}")]
    File(#[from] crate::store::StoreError),
    /// A stored value does not make sense.
    #[error("table {0}: stored panel lines are damaged: {1}")]
    Corrupt(TableId, serde_json::Error),
}

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
    /// The latest board post, whose buttons are live.
    pub board_message: Option<u64>,
    /// The table version that board shows.
    pub board_version: Option<i64>,
}

impl Place {
    /// Where the game is played: its thread, or the channel.
    #[must_use]
    pub fn game_channel(&self) -> u64 {
        self.thread.unwrap_or(self.channel)
    }
}

/// A player's private panel at a table: one DM, edited in place while they decide.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Panel {
    /// The DM channel.
    pub channel: u64,
    /// The message.
    pub message: u64,
    /// Whether its buttons are live.
    pub open: bool,
    /// The table version it was drawn at.
    pub version: i64,
    /// Private lines since the player's last turn, shown on the panel until their next one.
    pub lines: Vec<String>,
    /// The round of the game in which the panel was sent as a new DM (see
    /// [`crate::table::round_of`]); `None` for none known.
    pub round: Option<i64>,
}

/// The Discord side's rows.
#[derive(Clone, Debug)]
pub struct Rows {
    pool: AnyPool,
    tables: Tables,
}

fn id(value: Option<u64>) -> Option<i64> {
    value.map(|v| v as i64)
}

const COLUMNS: &str = "table_id, guild_id, channel_id, thread_id, lobby_message_id, board_message_id, board_version";

fn place_of(row: &AnyRow) -> Result<Place, RowsError> {
    let get = |i: usize| -> Result<Option<u64>, RowsError> { Ok(row.try_get::<Option<i64>, _>(i)?.map(|v| v as u64)) };
    Ok(Place {
        table: Some(TableId(row.try_get(0)?)),
        guild: get(1)?,
        channel: get(2)?.unwrap_or_default(),
        thread: get(3)?,
        lobby_message: get(4)?,
        board_message: get(5)?,
        board_version: row.try_get(6)?,
    })
}

impl Rows {
    /// The rows in `tables`' database.
    #[must_use]
    pub fn open(tables: &Tables) -> Self {
        Self { pool: tables.front_end_pool().clone(), tables: tables.clone() }
    }

    /// Records where a new table lives: its server and channel (nothing else is known yet).
    /// A place recorded already keeps what it has.
    ///
    /// # Errors
    /// On database failure.
    pub async fn set_home(&self, table: TableId, guild: Option<u64>, channel: u64) -> Result<(), RowsError> {
        self.tables.front_end_writable()?;
        sqlx::query(
            "INSERT INTO discord_tables (table_id, guild_id, channel_id) VALUES ($1, $2, $3)
             ON CONFLICT (table_id) DO NOTHING",
        )
        .bind(table.0)
        .bind(id(guild))
        .bind(channel as i64)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Records the lobby message of `table` (whose home is recorded).
    ///
    /// # Errors
    /// On database failure.
    pub async fn set_lobby_message(&self, table: TableId, message: u64) -> Result<(), RowsError> {
        self.tables.front_end_writable()?;
        self.set_column(table, "lobby_message_id", Some(message)).await
    }

    /// Records the thread `table` is played in.
    ///
    /// # Errors
    /// On database failure.
    pub async fn set_thread(&self, table: TableId, thread: u64) -> Result<(), RowsError> {
        self.tables.front_end_writable()?;
        self.set_column(table, "thread_id", Some(thread)).await
    }

    async fn set_column(&self, table: TableId, column: &str, value: Option<u64>) -> Result<(), RowsError> {
        let sql = format!("UPDATE discord_tables SET {column} = $1 WHERE table_id = $2");
        sqlx::query(sqlx::AssertSqlSafe(sql)).bind(id(value)).bind(table.0).execute(&self.pool).await?;
        Ok(())
    }

    /// Records the live board post of `table` and the version it shows.
    ///
    /// # Errors
    /// On database failure.
    pub async fn set_board(&self, table: TableId, message: u64, version: i64) -> Result<(), RowsError> {
        self.tables.front_end_writable()?;
        sqlx::query("UPDATE discord_tables SET board_message_id = $1, board_version = $2 WHERE table_id = $3")
            .bind(message as i64)
            .bind(version)
            .bind(table.0)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Where table `table` lives, if it was opened on Discord.
    ///
    /// # Errors
    /// On database failure.
    pub async fn place(&self, table: TableId) -> Result<Option<Place>, RowsError> {
        let sql = format!("SELECT {COLUMNS} FROM discord_tables WHERE table_id = $1");
        let row = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(table.0).fetch_optional(&self.pool).await?;
        row.as_ref().map(place_of).transpose()
    }

    /// Tables played in `channel` (its thread, or the channel itself), newest first.
    ///
    /// # Errors
    /// On database failure.
    pub async fn tables_in_channel(&self, channel: u64) -> Result<Vec<TableId>, RowsError> {
        let rows = sqlx::query(
            "SELECT table_id FROM discord_tables WHERE thread_id = $1 OR (thread_id IS NULL AND channel_id = $1)
             ORDER BY table_id DESC",
        )
        .bind(channel as i64)
        .fetch_all(&self.pool)
        .await?;
        rows.into_iter().map(|r| Ok(TableId(r.try_get(0)?))).collect()
    }

    /// `user`'s private panel at `table`, if one was sent.
    ///
    /// # Errors
    /// On database failure.
    pub async fn panel(&self, table: TableId, user: UserId) -> Result<Option<Panel>, RowsError> {
        let row = sqlx::query(
            "SELECT channel_id, message_id, open, lines, version, notified_round FROM discord_panels\n             WHERE table_id = $1 AND user_id = $2",
        )
        .bind(table.0)
        .bind(user.to_db())
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| -> Result<Panel, RowsError> {
            let lines: String = r.try_get(3)?;
            Ok(Panel {
                channel: r.try_get::<i64, _>(0)? as u64,
                message: r.try_get::<i64, _>(1)? as u64,
                open: r.try_get::<i64, _>(2)? != 0,
                version: r.try_get(4)?,
                lines: serde_json::from_str(&lines).map_err(|e| RowsError::Corrupt(table, e))?,
                round: r.try_get(5)?,
            })
        })
        .transpose()
    }

    /// Records `user`'s panel at `table` (replacing the previous one).
    ///
    /// # Errors
    /// On database failure.
    pub async fn set_panel(&self, table: TableId, user: UserId, panel: &Panel) -> Result<(), RowsError> {
        self.tables.front_end_writable()?;
        sqlx::query(
            "INSERT INTO discord_panels (table_id, user_id, channel_id, message_id, open, lines, version,
                 notified_round)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
             ON CONFLICT (table_id, user_id) DO UPDATE SET channel_id = excluded.channel_id,
                 message_id = excluded.message_id, open = excluded.open, lines = excluded.lines,
                 version = excluded.version, notified_round = excluded.notified_round",
        )
        .bind(table.0)
        .bind(user.to_db())
        .bind(panel.channel as i64)
        .bind(panel.message as i64)
        .bind(i64::from(panel.open))
        .bind(serde_json::Value::from(panel.lines.clone()).to_string())
        .bind(panel.version)
        .bind(panel.round)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Discord refused a DM to `user` for `table` (their DMs are closed): no DM is attempted
    /// to them at that table until they next interact there. Returns whether this is news (the
    /// table's public note about it is due: once, until a DM gets through again).
    ///
    /// # Errors
    /// On database failure.
    pub async fn block_dms(&self, table: TableId, user: UserId) -> Result<bool, RowsError> {
        self.tables.front_end_writable()?;
        let known = self.dm_block(table, user).await?.is_some();
        sqlx::query(
            "INSERT INTO discord_dm_blocked (table_id, user_id, at) VALUES ($1, $2, $3)
             ON CONFLICT (table_id, user_id) DO UPDATE SET retry = 0, at = excluded.at",
        )
        .bind(table.0)
        .bind(user.to_db())
        .bind(now())
        .execute(&self.pool)
        .await?;
        Ok(!known)
    }

    /// The block on DMs to `user` at `table`, if any: whether a DM may be tried once more
    /// (they interacted since), and whether they were told.
    ///
    /// # Errors
    /// On database failure.
    pub async fn dm_block(&self, table: TableId, user: UserId) -> Result<Option<(bool, bool)>, RowsError> {
        let row = sqlx::query("SELECT retry, told FROM discord_dm_blocked WHERE table_id = $1 AND user_id = $2")
            .bind(table.0)
            .bind(user.to_db())
            .fetch_optional(&self.pool)
            .await?;
        row.map(|r| Ok((r.try_get::<i64, _>(0)? != 0, r.try_get::<i64, _>(1)? != 0))).transpose()
    }

    /// Whether DMs to `user` at `table` are held back (see [`Rows::block_dms`]).
    ///
    /// # Errors
    /// On database failure.
    pub async fn dms_blocked(&self, table: TableId, user: UserId) -> Result<bool, RowsError> {
        Ok(self.dm_block(table, user).await?.is_some_and(|(retry, _)| !retry))
    }

    /// A DM to `user` at `table` got through: their DMs are open, and if they close them again
    /// the table and they are told again.
    ///
    /// # Errors
    /// On database failure.
    pub async fn dms_open(&self, table: TableId, user: UserId) -> Result<(), RowsError> {
        self.tables.front_end_writable()?;
        sqlx::query("DELETE FROM discord_dm_blocked WHERE table_id = $1 AND user_id = $2")
            .bind(table.0)
            .bind(user.to_db())
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// `user` interacted at `table` (a click, `/hand`): one DM may be tried there again.
    /// Returns whether they should now be told, privately, that their DMs are closed (the first
    /// time since Discord refused them).
    ///
    /// # Errors
    /// On database failure.
    pub async fn unblock_dms(&self, table: TableId, user: UserId) -> Result<bool, RowsError> {
        self.tables.front_end_writable()?;
        let Some((retry, told)) = self.dm_block(table, user).await? else { return Ok(false) };
        if retry && told {
            return Ok(false);
        }
        // One statement decides who tells them, when two interactions arrive together.
        let first = sqlx::query(
            "UPDATE discord_dm_blocked SET retry = 1, told = 1 WHERE table_id = $1 AND user_id = $2 AND told = 0",
        )
        .bind(table.0)
        .bind(user.to_db())
        .execute(&self.pool)
        .await?
        .rows_affected();
        if first == 0 {
            sqlx::query("UPDATE discord_dm_blocked SET retry = 1 WHERE table_id = $1 AND user_id = $2")
                .bind(table.0)
                .bind(user.to_db())
                .execute(&self.pool)
                .await?;
        }
        Ok(first > 0)
    }
}

#[cfg(test)]
mod tests {
    use super::{Place, Rows};
    use crate::store::{NewTable, Store};
    use crate::table::{TableId, Tables, UserId};

    async fn setup() -> (tempfile::TempDir, Rows, TableId) {
        let dir = tempfile::tempdir().expect("tempdir");
        let store = Store::open(dir.path().join("s.db").to_str().expect("utf-8")).await.expect("opens");
        let new = NewTable {
            game: "martian-12s".into(),
            options: "{}".into(),
            seed: 1,
            host: None,
            max_players: 2,
            turn_timeout: 60,
            away_allowance: crate::table::DEFAULT_AWAY_ALLOWANCE,
            on_timeout: crate::table::OnTimeout::default(),
            delivers: true,
            rematch_of: None,
            deal: Default::default(),
        };
        let table = store.create(&new, &[]).await.expect("a table");
        (dir, Rows::open(&Tables::new(store)), table)
    }

    #[tokio::test]
    async fn a_closed_dm_blocks_dms_at_that_table_until_the_player_interacts_there() {
        let (_dir, rows, table) = setup().await;
        let user = UserId(42);
        assert!(!rows.dms_blocked(table, user).await.expect("read"));
        assert!(!rows.unblock_dms(table, user).await.expect("unblock"), "nothing to tell yet");
        assert!(rows.block_dms(table, user).await.expect("block"), "the first refusal is news");
        assert!(rows.dms_blocked(table, user).await.expect("read"), "no DM until they interact");
        for round in 0..3 {
            assert_eq!(rows.unblock_dms(table, user).await.expect("unblock"), round == 0, "told once, privately");
            assert!(!rows.dms_blocked(table, user).await.expect("read"), "one DM is tried again");
            assert!(!rows.block_dms(table, user).await.expect("block"), "no second public note");
            assert!(rows.dms_blocked(table, user).await.expect("read"), "held back again");
        }
        rows.dms_open(table, user).await.expect("a DM got through");
        assert!(!rows.dms_blocked(table, user).await.expect("read"));
        assert!(rows.block_dms(table, user).await.expect("block"), "closed again: news again");
        assert!(rows.unblock_dms(table, user).await.expect("unblock"), "and told again");
        let other = UserId(43);
        assert!(!rows.dms_blocked(table, other).await.expect("read"), "only that player");
    }

    #[tokio::test]
    async fn the_lobby_message_and_the_thread_are_written_without_undoing_each_other() {
        let (_dir, rows, table) = setup().await;
        rows.set_home(table, Some(7), 100).await.expect("home");
        // Start records the thread before /play got round to recording its lobby message.
        rows.set_thread(table, 300).await.expect("thread");
        rows.set_lobby_message(table, 200).await.expect("lobby");
        rows.set_home(table, Some(7), 999).await.expect("a second home changes nothing");
        let place = rows.place(table).await.expect("read").expect("a place");
        assert_eq!(
            place,
            Place {
                table: Some(table),
                guild: Some(7),
                channel: 100,
                thread: Some(300),
                lobby_message: Some(200),
                board_message: None,
                board_version: None
            }
        );
        rows.set_board(table, 400, 3).await.expect("board");
        let place = rows.place(table).await.expect("read").expect("a place");
        assert_eq!((place.game_channel(), place.board_message, place.board_version), (300, Some(400), Some(3)));
    }
}
