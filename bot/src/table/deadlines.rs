//! Deadlines: half-time reminders, timeouts, and the claims that let processes sharing one
//! database each handle different due tables.

use super::outbox::{Dispatch, ReminderNote};
use super::*;

impl Tables {
    /// Applies the timeout policy to table `id` if its deadline has passed at `at`: each human
    /// the game waits for gets the game's safe default (or a computer move) for every step
    /// until the game stops waiting for them — the whole turn, not one step — logged as
    /// timeouts; then the computer seats play on. Returns `None` when nothing was due.
    ///
    /// # Errors
    /// Storage failures; a table that changed meanwhile is left for the next sweep.
    pub async fn expire(&self, id: TableId, at: i64) -> Result<Option<MoveReport>, TableError> {
        let mut table = self.load_running(id).await?;
        // A paused table's clocks are stopped until it is unpaused.
        if table.row.paused_at.is_some() || table.row.deadline_at.is_none_or(|d| d > at) {
            return Ok(None);
        }
        let late: Vec<Seat> = table.game.pending().must_seats().iter().filter(|s| !table.is_computer(*s)).collect();
        if late.is_empty() {
            // Only computers to move, and whoever should have moved them did not.
            return self.drive_computers(id).await;
        }
        // A late player who is away, with away time left here: their clock stops instead.
        if self.stop_for_away(&table, &late, at).await? {
            return Ok(None);
        }
        let mut progress = Progress::new(&table.game);
        if table.row.on_timeout == OnTimeout::Computer {
            for seat in late {
                self.hand_to_computer(&mut table, seat, &mut progress, "out of time");
            }
            self.run_computers(&mut table, &mut progress)?;
            return self.commit(table, progress, true).await.map(Some);
        }
        let names = table.names();
        for seat in late {
            let said_at = progress.narration().len();
            for step in 0..COMPUTER_MOVE_LIMIT {
                // The turn ends when the game stops waiting for the seat; waiting for it again
                // after someone else moved, or in a new round, is its next decision, with a
                // clock of its own.
                let must = table.game.pending().must_seats();
                if !must.contains(seat) || progress.fresh(must).contains(seat) {
                    break;
                }
                if step + 1 == COMPUTER_MOVE_LIMIT {
                    return Err(TableError::Internal(format!("the timeout of {seat} did not end its turn")));
                }
                let action = match table.game.timeout_action(seat) {
                    Some(action) => action,
                    None => {
                        let mut rng = GameRng::from_seed(table.row.seed ^ state_hash(&table.game)?.rotate_left(17));
                        choose(&table.game, seat, Skill::Random, &mut rng)
                            .ok_or_else(|| TableError::Internal(format!("no action for {seat} at timeout")))?
                    }
                };
                let applied =
                    table.game.apply(seat, &action, &names).map_err(|e| TableError::Internal(e.to_string()))?;
                progress.record(seat, &applied, Origin::Timeout, &table.game);
            }
            let name = names.get(seat.index()).map_or("A player", String::as_str);
            progress.announce_at(said_at, timeout_line(name, &progress.narration()[said_at..]));
        }
        if progress.is_empty() {
            return Ok(None);
        }
        self.run_computers(&mut table, &mut progress)?;
        self.commit(table, progress, false).await.map(Some)
    }

    /// Marks the half-time reminder of table `id` as sent; returns the seats to remind, or
    /// `None` when no reminder is due at `at`.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn take_reminder(&self, id: TableId, at: i64) -> Result<Option<Snapshot>, TableError> {
        let mut row = self.store.load(id).await.map_err(|e| TableError::from_store(e, id))?;
        let due = row.status == Status::Running
            && row.paused_at.is_none()
            && !row.reminded
            && row.deadline_at.is_some_and(|d| d - row.turn_timeout / 2 <= at && d > at);
        if !due {
            return Ok(None);
        }
        let waiting = SeatSet::from_bits(row.waiting);
        // Not those who skip pings for this decision (the version it began at is still theirs).
        let skipping = self.store.skipping(id).await.map_err(|e| TableError::from_store(e, id))?;
        let skips = |seat: &SeatRow| {
            let asked = row.asked.get(usize::from(seat.seat)).copied();
            seat.user.is_some_and(|u| skipping.iter().any(|(who, at)| *who == u && Some(*at) == asked))
        };
        let users = row
            .seats
            .iter()
            .filter(|s| waiting.contains(Seat(s.seat)) && !s.away && !skips(s))
            .filter_map(|s| s.user)
            .collect();
        let deadline = row.deadline_at.unwrap_or(at);
        let dispatch = Dispatch { reminder: Some(ReminderNote { users, deadline }), ..Dispatch::default() };
        let update = Update { reminded: Some(true), ..lobby::outgoing(&row, dispatch.clone())? };
        match self.store.update(id, row.version, &update).await {
            Ok(written) => {
                row.version = written.version;
                row.reminded = true;
                let delivers = row.delivers;
                let mut snapshot = Snapshot::from_row(row)?;
                snapshot.recorded = recorded(delivers.then_some(dispatch), written);
                Ok(Some(snapshot))
            }
            Err(StoreError::Stale { .. }) => Ok(None),
            Err(e) => Err(TableError::from_store(e, id)),
        }
    }

    /// Tables with a deadline or reminder due at `at` (a table left waiting on computers
    /// included), claimed for this process for [`CLAIM_LEASE`] seconds so that no other process
    /// sharing the database handles them meanwhile: at most [`CLAIM_BATCH`] at a time. Give
    /// each back with [`Tables::release`] once handled; a process that dies first loses its
    /// claims when the lease ends.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn due(&self, at: i64) -> Result<Vec<TableId>, TableError> {
        self.store.claim_due(at, CLAIM_LEASE, CLAIM_BATCH).await.map_err(TableError::store)
    }

    /// Gives back the claim [`Tables::due`] took on table `id`.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn release(&self, id: TableId) -> Result<(), TableError> {
        self.store.release(id).await.map_err(TableError::store)
    }
}

/// The one line a board post gives a player whose time ran out (issue #24): who, and that what
/// follows is what the table played for them; a choice nobody else may see (a sealed answer)
/// is said to be made, not what it was.
fn timeout_line(name: &str, played: &[Narration]) -> String {
    if played.iter().any(|n| n.audience.includes(engines::Viewer::Public)) {
        format!("⏰ {name} ran out of time, so the table played for them:")
    } else {
        format!("⏰ {name} ran out of time, so the table made their hidden choice for them.")
    }
}
