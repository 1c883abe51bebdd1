//! Rows written by older releases, brought up to date once when a front end starts, so that
//! the read paths have no branch for them: who each running game waits for and since which
//! version (release 4a266f6 and before recorded neither), the strength of computer seats
//! (d8cbd83 and before stored none: they chose uniformly at random), and a deadline for every
//! running table (older releases set none while only computers were to move).

use super::*;
use crate::store::{Turns, Unrecorded};

/// What [`Tables::upgrade`] changed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Upgraded {
    /// Tables whose turn columns or deadline were filled.
    pub tables: usize,
    /// Computer seats given the strength they played at.
    pub seats: u64,
}

impl Tables {
    /// Brings rows written by older releases up to date; a second call finds nothing to do.
    /// Every front end calls it before serving tables. A table that cannot be read is logged
    /// by id and left as it is (reading it names it as damaged); one that moved on meanwhile
    /// was written by this release and needs nothing.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn upgrade(&self) -> Result<Upgraded, TableError> {
        let seats = self.store.fill_computer_levels().await.map_err(TableError::store)?;
        let mut tables = 0;
        for row in self.store.unrecorded_turns().await.map_err(TableError::store)? {
            let turns = match self.turns_of(&row).await {
                Ok(turns) => turns,
                Err(error) => {
                    tracing::warn!(id = %row.id, "table #{} cannot be upgraded: {}", row.id, error.log_detail());
                    continue;
                }
            };
            if self.store.record_turns(row.id, row.version, &turns).await.map_err(TableError::store)? {
                tables += 1;
            }
        }
        if tables > 0 || seats > 0 {
            tracing::info!("brought {tables} tables and {seats} computer seats written by older releases up to date");
        }
        Ok(Upgraded { tables, seats })
    }

    /// What `row` should record: nothing waited for outside a running game; in one, the seats
    /// its state says must decide, each since now, and a deadline (now when only computers are
    /// to move, so that the next sweep moves them; a full turn for people).
    async fn turns_of(&self, row: &Unrecorded) -> Result<Turns, TableError> {
        if row.status != Status::Running {
            return Ok(Turns { waiting: 0, asked: Vec::new(), deadline_at: None });
        }
        let table = self.load_running(row.id).await?;
        let must = table.game.pending().must_seats();
        let people = must.iter().any(|s| !table.is_computer(s));
        let deadline = if people { now() + table.row.turn_timeout } else { now() };
        Ok(Turns {
            waiting: must.bits(),
            asked: vec![table.row.version; table.game.players()],
            deadline_at: Some(deadline),
        })
    }
}
