//! A player's private notes at a table: their own text, shown only to them (in their private
//! panel and `/hand`), kept with the table.

use super::vocab::{TableId, UserId};
use super::{TableError, Tables};

/// The most characters a player's notes at one table may hold.
pub const NOTE_LIMIT: usize = 1000;

impl Tables {
    /// `user`'s notes at table `id` (`None`: none yet).
    ///
    /// # Errors
    /// [`TableError::NotSeated`] for someone without a seat there; storage failures.
    pub async fn note(&self, id: TableId, user: UserId) -> Result<Option<String>, TableError> {
        self.seated_anywhere(id, user).await?;
        self.store.note(id, user).await.map_err(|e| TableError::from_store(e, id))
    }

    /// Replaces `user`'s notes at table `id` with `text` (trimmed; empty deletes them).
    ///
    /// # Errors
    /// [`TableError::NoteTooLong`] past [`NOTE_LIMIT`] characters, [`TableError::NotSeated`]
    /// for someone without a seat there; storage failures. Nothing is saved then.
    pub async fn save_note(&self, id: TableId, user: UserId, text: &str) -> Result<(), TableError> {
        let text = text.trim();
        let got = text.chars().count();
        if got > NOTE_LIMIT {
            return Err(TableError::NoteTooLong { most: NOTE_LIMIT, got });
        }
        self.seated_anywhere(id, user).await?;
        self.store.save_note(id, user, text).await.map_err(|e| TableError::from_store(e, id))
    }

    /// `user` skips pings at table `id` for the decision under way: no half-time reminder
    /// pings them for it; their next turn does again.
    ///
    /// # Errors
    /// [`TableError::NotSeated`], a table not running, a seat the game does not wait for;
    /// storage failures. Nothing changes then.
    pub async fn skip_pings(&self, id: TableId, user: UserId) -> Result<(), TableError> {
        let (table, seat) = self.load_seated(id, user).await?;
        if !table.game.pending().must_seats().contains(seat) {
            return Err(table.not_yours());
        }
        let asked = table.row.asked.get(seat.index()).copied().unwrap_or(table.row.version);
        self.store.skip_pings(id, user, asked).await.map_err(|e| TableError::from_store(e, id))
    }

    /// Whether `user` has a seat at table `id`, whatever its status.
    async fn seated_anywhere(&self, id: TableId, user: UserId) -> Result<(), TableError> {
        let row = self.store.load(id).await.map_err(|e| TableError::from_store(e, id))?;
        if row.seats.iter().any(|s| s.user == Some(user)) { Ok(()) } else { Err(TableError::NotSeated(id)) }
    }
}
