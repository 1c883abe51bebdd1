//! Pausing a table: every clock stops and nobody can move until it is unpaused; the clocks
//! then run on with the time each had left. Computed from stored times (when the table was
//! paused, its deadline), never from timers in memory, so any process can unpause it.

use engines::{Seat, SeatSet};

use super::lobby::outgoing;
use super::outbox::{BoardNote, Dispatch};
use super::vocab::{Status, TableId, UserId};
use super::{Snapshot, TableError, Tables};
use crate::store::{TableRow, Update};

impl Tables {
    /// Pauses (`on`) or unpauses table `id` at `at` (unix seconds), as `by` named `who`: the
    /// host, or a moderator (`admin`). Unpausing moves the deadline on by the time the table
    /// was paused, so every player keeps the time they had left; the board says which.
    ///
    /// # Errors
    /// A table not running, someone neither host nor moderator, a table already in the state
    /// asked for; storage failures. Nothing changes then.
    pub async fn pause(
        &self,
        id: TableId,
        by: UserId,
        who: &str,
        admin: bool,
        on: bool,
        at: i64,
    ) -> Result<Snapshot, TableError> {
        let mut row = self.store.load(id).await.map_err(|e| TableError::from_store(e, id))?;
        match row.status {
            Status::Lobby => return Err(TableError::NotStarted(id)),
            Status::Finished | Status::Abandoned => return Err(TableError::Over(id)),
            Status::Running => {}
        }
        if row.host != Some(by) && !admin {
            return Err(TableError::NotHost(id));
        }
        let (paused_at, deadline, board) = match (on, row.paused_at) {
            (true, Some(_)) => return Err(TableError::AlreadyPaused(id)),
            (false, None) => return Err(TableError::NotPaused(id)),
            (true, None) => {
                let line = format!(
                    "⏸️ {who} paused the game: every clock is stopped, and nobody can move until it is unpaused."
                );
                (Some(at), row.deadline_at, BoardNote { lines: vec![line], ping: Vec::new() })
            }
            (false, Some(since)) => {
                let line = format!("▶️ {who} unpaused the game: every clock runs again with the time it had left.");
                let deadline = row.deadline_at.map(|d| d + (at - since).max(0));
                (None, deadline, BoardNote { lines: vec![line], ping: waiting_humans(&row) })
            }
        };
        let dispatch = Dispatch { board: Some(board), ..Dispatch::default() };
        let update =
            Update { paused_at: Some(paused_at), deadline_at: Some(deadline), ..outgoing(&row, dispatch.clone())? };
        let written = self.store.update(id, row.version, &update).await.map_err(|e| TableError::from_store(e, id))?;
        row.version = written.version;
        row.paused_at = paused_at;
        row.deadline_at = deadline;
        let delivers = row.delivers;
        let mut snapshot = Snapshot::from_row(row)?;
        snapshot.recorded = super::recorded(delivers.then_some(dispatch), written);
        Ok(snapshot)
    }
}

/// The people the game waits for (not those a computer stands in for).
fn waiting_humans(row: &TableRow) -> Vec<UserId> {
    let waiting = SeatSet::from_bits(row.waiting);
    row.seats.iter().filter(|s| waiting.contains(Seat(s.seat)) && !s.away).filter_map(|s| s.user).collect()
}
