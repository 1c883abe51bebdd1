//! The Discord side's own rows: where each table lives (channel, thread, the live board), each
//! player's private panel per table, and who cannot receive DMs. The table layer knows
//! nothing of these; they share its database through [`Tables::front_end_pool`].
//!
//! Places, panels and the closed-DM set are kept in memory once read (written through), so a
//! click costs no read here, and a write only when something changes. One process serves a
//! table's Discord side.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, PoisonError};

use sqlx::AnyPool;
use sqlx::Row;
use sqlx::any::AnyRow;

use crate::store::{StoreError, TableId, UserId, now};
use crate::table::Tables;

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
}

/// Panels by table and player; `None` when known to have none.
type PanelCache = HashMap<(TableId, UserId), Option<Panel>>;

/// The Discord side's rows.
#[derive(Clone, Debug)]
pub struct Rows {
    pool: AnyPool,
    places: Arc<Mutex<HashMap<TableId, Place>>>,
    /// Panels read or written since start (`None`: known to have none).
    panels: Arc<Mutex<PanelCache>>,
    /// Users whose DMs failed and who were not told yet, as read at start and kept since.
    untold: Arc<Mutex<HashSet<u64>>>,
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

fn id(value: Option<u64>) -> Option<i64> {
    value.map(|v| v as i64)
}

const COLUMNS: &str = "table_id, guild_id, channel_id, thread_id, lobby_message_id, board_message_id, board_version";

fn place_of(row: &AnyRow) -> Result<Place, StoreError> {
    let get = |i: usize| -> Result<Option<u64>, StoreError> { Ok(row.try_get::<Option<i64>, _>(i)?.map(|v| v as u64)) };
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
    /// The rows in `tables`' database; reads who was not yet told that their DMs are closed.
    ///
    /// # Errors
    /// On database failure.
    pub async fn open(tables: &Tables) -> Result<Self, StoreError> {
        let pool = tables.front_end_pool().clone();
        let untold = sqlx::query("SELECT user_id FROM discord_dm_closed WHERE noticed = 0")
            .fetch_all(&pool)
            .await?
            .iter()
            .map(|r| r.try_get::<i64, _>(0).map(|u| u as u64))
            .collect::<Result<HashSet<u64>, _>>()?;
        Ok(Self { pool, places: Arc::default(), panels: Arc::default(), untold: Arc::new(Mutex::new(untold)) })
    }

    /// Records or replaces where table `table` lives.
    ///
    /// # Errors
    /// On database failure.
    pub async fn set_place(&self, table: TableId, place: &Place) -> Result<(), StoreError> {
        let sql = format!(
            "INSERT INTO discord_tables ({COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7)
             ON CONFLICT (table_id) DO UPDATE SET guild_id = excluded.guild_id, channel_id = excluded.channel_id,
                 thread_id = excluded.thread_id, lobby_message_id = excluded.lobby_message_id,
                 board_message_id = excluded.board_message_id, board_version = excluded.board_version"
        );
        sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(table.0)
            .bind(id(place.guild))
            .bind(place.channel as i64)
            .bind(id(place.thread))
            .bind(id(place.lobby_message))
            .bind(id(place.board_message))
            .bind(place.board_version)
            .execute(&self.pool)
            .await?;
        lock(&self.places).insert(table, *place);
        Ok(())
    }

    /// Where table `table` lives, if it was opened on Discord.
    ///
    /// # Errors
    /// On database failure.
    pub async fn place(&self, table: TableId) -> Result<Option<Place>, StoreError> {
        if let Some(place) = lock(&self.places).get(&table) {
            return Ok(Some(*place));
        }
        let sql = format!("SELECT {COLUMNS} FROM discord_tables WHERE table_id = $1");
        let row = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(table.0).fetch_optional(&self.pool).await?;
        let place = row.as_ref().map(place_of).transpose()?;
        if let Some(place) = place {
            lock(&self.places).insert(table, place);
        }
        Ok(place)
    }

    /// Tables played in `channel` (its thread, or the channel itself), newest first.
    ///
    /// # Errors
    /// On database failure.
    pub async fn tables_in_channel(&self, channel: u64) -> Result<Vec<TableId>, StoreError> {
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
    pub async fn panel(&self, table: TableId, user: UserId) -> Result<Option<Panel>, StoreError> {
        if let Some(known) = lock(&self.panels).get(&(table, user)) {
            return Ok(known.clone());
        }
        let row = sqlx::query(
            "SELECT channel_id, message_id, open, lines, version FROM discord_panels WHERE table_id = $1 AND user_id = $2",
        )
        .bind(table.0)
        .bind(user.to_db())
        .fetch_optional(&self.pool)
        .await?;
        let panel = row
            .map(|r| -> Result<Panel, StoreError> {
                let lines: String = r.try_get(3)?;
                Ok(Panel {
                    channel: r.try_get::<i64, _>(0)? as u64,
                    message: r.try_get::<i64, _>(1)? as u64,
                    open: r.try_get::<i64, _>(2)? != 0,
                    version: r.try_get(4)?,
                    lines: serde_json::from_str(&lines)
                        .map_err(|e| StoreError::Corrupt(format!("table {table}: panel lines: {e}")))?,
                })
            })
            .transpose()?;
        lock(&self.panels).insert((table, user), panel.clone());
        Ok(panel)
    }

    /// Records `user`'s panel at `table` (replacing the previous one).
    ///
    /// # Errors
    /// On database failure.
    pub async fn set_panel(&self, table: TableId, user: UserId, panel: &Panel) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO discord_panels (table_id, user_id, channel_id, message_id, open, lines, version)
             VALUES ($1, $2, $3, $4, $5, $6, $7)
             ON CONFLICT (table_id, user_id) DO UPDATE SET channel_id = excluded.channel_id,
                 message_id = excluded.message_id, open = excluded.open, lines = excluded.lines,
                 version = excluded.version",
        )
        .bind(table.0)
        .bind(user.to_db())
        .bind(panel.channel as i64)
        .bind(panel.message as i64)
        .bind(i64::from(panel.open))
        .bind(serde_json::Value::from(panel.lines.clone()).to_string())
        .bind(panel.version)
        .execute(&self.pool)
        .await?;
        lock(&self.panels).insert((table, user), Some(panel.clone()));
        Ok(())
    }

    /// Remembers that `user` cannot receive DMs. A player already told stays told: the
    /// private notice is given once, not again at every failed DM, until their DMs open.
    ///
    /// # Errors
    /// On database failure.
    pub async fn mark_dm_closed(&self, user: u64) -> Result<(), StoreError> {
        let noticed: i64 = sqlx::query(
            "INSERT INTO discord_dm_closed (user_id, noticed, at) VALUES ($1, 0, $2)
             ON CONFLICT (user_id) DO UPDATE SET at = excluded.at RETURNING noticed",
        )
        .bind(user as i64)
        .bind(now())
        .fetch_one(&self.pool)
        .await?
        .try_get(0)?;
        if noticed == 0 {
            lock(&self.untold).insert(user);
        }
        Ok(())
    }

    /// Records that table `table` told `user` publicly to use `/hand`; false if it already had.
    ///
    /// # Errors
    /// On database failure.
    pub async fn note_dm_closed(&self, table: TableId, user: u64) -> Result<bool, StoreError> {
        let added =
            sqlx::query("INSERT INTO discord_dm_notes (table_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING")
                .bind(table.0)
                .bind(user as i64)
                .execute(&self.pool)
                .await?
                .rows_affected();
        Ok(added > 0)
    }

    /// Whether `user` has a DM failure they were not told about yet; marks it told. Costs no
    /// query for everyone else.
    ///
    /// # Errors
    /// On database failure.
    pub async fn take_dm_notice(&self, user: u64) -> Result<bool, StoreError> {
        if !lock(&self.untold).remove(&user) {
            return Ok(false);
        }
        let changed = sqlx::query("UPDATE discord_dm_closed SET noticed = 1 WHERE user_id = $1 AND noticed = 0")
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
        let closed = sqlx::query("DELETE FROM discord_dm_closed WHERE user_id = $1")
            .bind(user as i64)
            .execute(&mut *tx)
            .await?
            .rows_affected();
        if closed > 0 {
            sqlx::query("DELETE FROM discord_dm_notes WHERE user_id = $1").bind(user as i64).execute(&mut *tx).await?;
        }
        tx.commit().await?;
        lock(&self.untold).remove(&user);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::Rows;
    use crate::store::{NewTable, Store};
    use crate::table::Tables;

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
            on_timeout: crate::store::OnTimeout::default(),
        };
        let table = store.create(&new, &[]).await.expect("a table");
        let rows = Rows::open(&Tables::new(store.clone())).await.expect("rows");
        let user = 42;
        assert!(!rows.take_dm_notice(user).await.expect("take"), "nothing to tell yet");
        for _ in 0..5 {
            rows.mark_dm_closed(user).await.expect("mark");
        }
        assert!(rows.note_dm_closed(table, user).await.expect("note"), "the first public note");
        assert!(rows.take_dm_notice(user).await.expect("take"), "the first private notice");
        for _ in 0..5 {
            rows.mark_dm_closed(user).await.expect("mark");
            assert!(!rows.note_dm_closed(table, user).await.expect("note"), "no second public note");
            assert!(!rows.take_dm_notice(user).await.expect("take"), "no second private notice");
        }
        // A restart reads who is still owed the notice: nobody, here.
        let reopened = Rows::open(&Tables::new(store.clone())).await.expect("rows");
        assert!(!reopened.take_dm_notice(user).await.expect("take"), "told before the restart");
        rows.clear_dm_closed(user).await.expect("the DMs opened");
        rows.mark_dm_closed(user).await.expect("closed again");
        let reopened = Rows::open(&Tables::new(store)).await.expect("rows");
        assert!(rows.note_dm_closed(table, user).await.expect("note"), "told again after reopening");
        assert!(reopened.take_dm_notice(user).await.expect("take"), "owed across a restart");
    }
}
