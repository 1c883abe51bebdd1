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

    /// Whether `user` has a seat at table `id`, whatever its status.
    async fn seated_anywhere(&self, id: TableId, user: UserId) -> Result<(), TableError> {
        let row = self.store.load(id).await.map_err(|e| TableError::from_store(e, id))?;
        if row.seats.iter().any(|s| s.user == Some(user)) { Ok(()) } else { Err(TableError::NotSeated(id)) }
    }
}
