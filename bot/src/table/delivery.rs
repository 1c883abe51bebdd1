//! What a front end delivering the outbox asks of the table layer: the entries still to go,
//! the table as it was at an entry (for a board delivered after newer moves), the claim that
//! makes one process deliver a table at a time, and the record of what went out.

use engines::{AnyGame, Seat};

use super::outbox::Dispatch;
use super::vocab::{Status, TableId, now};
use super::{CLAIM_LEASE, PrivateView, Snapshot, TableError, Tables, engine_of};

/// One outbox entry to deliver.
#[derive(Clone, Debug)]
pub struct Pending {
    /// The entry's id.
    pub id: i64,
    /// The table.
    pub table: TableId,
    /// The table version its commit wrote.
    pub version: i64,
    /// Actions in the log after that commit.
    pub log_len: usize,
    /// What to deliver; `None` when the stored entry cannot be read (it is set aside).
    pub dispatch: Option<Dispatch>,
    /// Parts already delivered.
    pub parts_done: usize,
    /// Failed attempts so far.
    pub attempts: u32,
}

/// A table as a deliverer shows it now: the public snapshot and every human's private view.
#[derive(Clone, Debug)]
pub struct Current {
    /// Everybody's view.
    pub snapshot: Snapshot,
    /// Each seated human's view, in seat order (empty before the game starts).
    pub privates: Vec<PrivateView>,
}

impl Tables {
    /// The entries of table `id` still to deliver now, in order.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn undelivered(&self, id: TableId) -> Result<Vec<Pending>, TableError> {
        let rows = self.store.undelivered(id, now()).await.map_err(TableError::store)?;
        Ok(rows
            .into_iter()
            .map(|row| Pending {
                id: row.id,
                table: row.table,
                version: row.version,
                log_len: row.log_len,
                dispatch: Dispatch::from_json(&row.body)
                    .map_err(|e| tracing::error!(table = %id, entry = row.id, "unreadable outbox entry: {e}"))
                    .ok(),
                parts_done: row.parts_done,
                attempts: row.attempts,
            })
            .collect())
    }

    /// Whether table `id` has entries not yet delivered.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn has_undelivered(&self, id: TableId) -> Result<bool, TableError> {
        self.store.has_undelivered(id).await.map_err(TableError::store)
    }

    /// Records that the first `parts` parts of entry `entry` went out (`done`: all of them).
    ///
    /// # Errors
    /// Storage failures.
    pub async fn delivered(&self, entry: i64, parts: usize, done: bool) -> Result<(), TableError> {
        self.store.delivered(entry, parts, done).await.map_err(TableError::store)
    }

    /// Entry `entry` failed in a way that may pass: tried again at `at`.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn retry_later(&self, entry: i64, at: i64) -> Result<(), TableError> {
        self.store.retry_later(entry, at).await.map_err(TableError::store)
    }

    /// Entry `entry` cannot be delivered: set aside with `reason`.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn give_up(&self, entry: i64, reason: &str) -> Result<(), TableError> {
        self.store.give_up(entry, reason).await.map_err(TableError::store)
    }

    /// Claims table `id` for this process for [`CLAIM_LEASE`] seconds (renewing its own claim),
    /// unless another process holds a live one; whether it did.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn claim(&self, id: TableId) -> Result<bool, TableError> {
        self.store.claim(id, CLAIM_LEASE).await.map_err(TableError::store)
    }

    /// At the start of the one process serving a SQLite file: the claims a killed predecessor
    /// held are dropped, so that its deadlines and deliveries are taken up at once (several
    /// processes share only a Postgres database, where claims lapse by their lease).
    ///
    /// # Errors
    /// Storage failures.
    pub async fn forget_claims_of_the_last_run(&self) -> Result<(), TableError> {
        if self.store.backend() == crate::store::Backend::Sqlite {
            let cleared = self.store.forget_claims().await.map_err(TableError::store)?;
            if cleared > 0 {
                tracing::info!("took over {cleared} tables the last run was working on");
            }
        }
        Ok(())
    }

    /// Tables with entries due for delivery that no process holds, oldest first: claimed for
    /// this process, at most `limit`.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn claim_deliveries(&self, limit: i64) -> Result<Vec<TableId>, TableError> {
        let candidates = self.store.tables_to_deliver(now(), limit).await.map_err(TableError::store)?;
        let mut claimed = Vec::with_capacity(candidates.len());
        for id in candidates {
            if self.claim(id).await? {
                claimed.push(id);
            }
        }
        Ok(claimed)
    }

    /// Table `id` as it is now, for delivery: one read.
    ///
    /// # Errors
    /// When the table cannot be loaded.
    pub async fn current(&self, id: TableId) -> Result<Current, TableError> {
        let row = self.store.load(id).await.map_err(|e| TableError::from_store(e, id))?;
        let (_, game) = engine_of(&row)?;
        let privates = match &game {
            Some(game) => {
                let table = super::Loaded { row: row.clone(), game: game.clone() };
                row.seats.iter().filter(|s| s.user.is_some()).map(|s| PrivateView::new(&table, Seat(s.seat))).collect()
            }
            None => Vec::new(),
        };
        Ok(Current { snapshot: Snapshot::from_row(row)?, privates })
    }

    /// Table `id`'s public snapshot as it was after its first `log_len` actions: the game rebuilt
    /// from the seed and that much of the log, shown without live choices (a newer board has
    /// them). For a board delivered after newer moves.
    ///
    /// # Errors
    /// When the table or its log cannot be read, or the log does not replay.
    pub async fn snapshot_at(&self, id: TableId, log_len: usize, version: i64) -> Result<Snapshot, TableError> {
        let mut row = self.store.load(id).await.map_err(|e| TableError::from_store(e, id))?;
        let log = self.store.log(id).await.map_err(TableError::store)?;
        let (kind, _) = engine_of(&row)?;
        let options: serde_json::Value =
            serde_json::from_str(&row.options).map_err(|e| TableError::Internal(e.to_string()))?;
        let mut game = AnyGame::setup(kind, &options, row.seats.len(), row.seed).map_err(TableError::Setup)?;
        let names: Vec<String> = row.seats.iter().map(|s| s.name.clone()).collect();
        for entry in super::in_effect(&log[..log_len.min(log.len())]) {
            game.apply(Seat(entry.seat), &entry.action, &names).map_err(|e| {
                TableError::Internal(format!("table {id}: the log does not replay at {}: {e}", entry.action))
            })?;
        }
        if !game.pending().is_finished() && row.status == Status::Finished {
            row.status = Status::Running;
        }
        row.version = version;
        let table = super::Loaded { row, game };
        let mut snapshot = Snapshot::from_loaded(&table);
        snapshot.public_choices = None;
        Ok(snapshot)
    }
}
