//! A finished table's exported log, its check, and the whole story of the game (issue #28),
//! for the front ends.

use engines::GameKind;

use super::{TableError, Tables};
use crate::fair::log::{ExportLog, export, replay};
use crate::fair::story::{Story, story};
use crate::fair::verify::{Verified, VerifyError, verify};
use crate::store::TableRow;
use crate::table::vocab::{LogEntry, Status, TableId, UserId};

/// A finished table's log in both forms.
#[derive(Clone, Debug)]
pub struct Export {
    /// The log as JSON, as `saloon verify` and `/verify` read it.
    pub json: String,
    /// The same, for people.
    pub text: String,
    /// The log itself.
    pub log: ExportLog,
}

impl Tables {
    async fn finished(&self, id: TableId) -> Result<TableRow, TableError> {
        let row = self.store.load(id).await.map_err(|e| TableError::from_store(e, id))?;
        if row.status == Status::Finished { Ok(row) } else { Err(TableError::NotFinished(id)) }
    }

    /// The log of finished table `id`, for `user` (one of its players; `None` in the terminal,
    /// where every seat is the local player's).
    ///
    /// # Errors
    /// The table is unknown, not finished, or not `user`'s; it cannot be replayed.
    pub async fn export(&self, id: TableId, user: Option<UserId>) -> Result<Export, TableError> {
        let row = self.finished(id).await?;
        if let Some(user) = user.filter(|u| !row.seats.iter().any(|s| s.user == Some(*u))) {
            tracing::debug!(table = %id, user = user.0, "export refused: not a player");
            return Err(TableError::NotAPlayerOf(id));
        }
        let entries = self.store.log(id).await.map_err(|e| TableError::from_store(e, id))?;
        let log = export(&row, &entries).map_err(TableError::Internal)?;
        let json = serde_json::to_string_pretty(&log).map_err(|e| TableError::Internal(e.to_string()))?;
        Ok(Export { text: crate::fair::log::text(&log), json, log })
    }

    /// Checks finished table `id`'s exported log: the commitment, the seed, the replay.
    ///
    /// # Errors
    /// The table is unknown or not finished; the outer error. The verdict is the inner result.
    pub async fn verify_table(&self, id: TableId) -> Result<Result<Verified, VerifyError>, TableError> {
        let export = self.export(id, None).await?;
        Ok(verify(&export.log))
    }

    /// The whole story of finished table `id`: summary, and every private fact unless the
    /// table was opened with reveal=no.
    ///
    /// # Errors
    /// The table is unknown or not finished, or cannot be replayed.
    pub async fn story(&self, id: TableId) -> Result<Story, TableError> {
        let row = self.finished(id).await?;
        let stored = self.store.log(id).await.map_err(|e| TableError::from_store(e, id))?;
        // Moves taken back by consent are not part of the story (nor of a replay).
        let entries: Vec<LogEntry> = super::in_effect(&stored).into_iter().cloned().collect();
        let kind: GameKind = row.game.parse().map_err(|e| TableError::Internal(format!("{e}")))?;
        let options: serde_json::Value =
            serde_json::from_str(&row.options).map_err(|e| TableError::Internal(e.to_string()))?;
        let names: Vec<String> = row.seats.iter().map(|s| s.name.clone()).collect();
        let replayed = replay(kind, &options, &names, row.seed, &entries)
            .map_err(|(n, why)| TableError::Internal(format!("table {id}: action {n} does not replay: {why}")))?;
        let reveal = row.deal.as_ref().is_none_or(|d| d.reveal);
        Ok(story(&replayed, &entries, &names, reveal))
    }
}
