//! Reading tables: loading one for an action, snapshots, private views, steps, lists and
//! the replay audit.

use super::*;

/// A loaded row as a running table, or why it is not one.
pub(super) fn into_running(row: TableRow) -> Result<Loaded, TableError> {
    let id = row.id;
    match row.status {
        Status::Lobby => return Err(TableError::NotStarted(id)),
        Status::Finished | Status::Abandoned => return Err(TableError::Over(id)),
        Status::Running => {}
    }
    let (_, game) = engine_of(&row)?;
    let game = game.ok_or_else(|| TableError::damaged(id, "a running table without a saved state"))?;
    Ok(Loaded { row, game })
}

/// The game kind of a stored table and its engine state, if started.
pub(crate) fn engine_of(row: &TableRow) -> Result<(GameKind, Option<AnyGame>), TableError> {
    let kind: GameKind = row.game.parse().map_err(|e| TableError::damaged(row.id, format!("{e}")))?;
    let game = match &row.state {
        Some(state) => Some(
            AnyGame::load(kind, state)
                .map_err(|e| TableError::damaged(row.id, format!("saved state unreadable: {e}")))?,
        ),
        None => None,
    };
    Ok((kind, game))
}

struct MaybeLoaded {
    row: TableRow,
    game: Option<AnyGame>,
}

impl Tables {
    /// The action log of table `id`, in order (for the record posted at the end).
    ///
    /// # Errors
    /// Storage failures.
    pub async fn log(&self, id: TableId) -> Result<Vec<LogEntry>, TableError> {
        self.store.log(id).await.map_err(|e| TableError::from_store(e, id))
    }

    pub(crate) async fn load_running(&self, id: TableId) -> Result<Loaded, TableError> {
        let row = self.store.load(id).await.map_err(|e| TableError::from_store(e, id))?;
        into_running(row)
    }

    /// Loads table `id` for `user`'s action: seated first, then running.
    pub(super) async fn load_seated(&self, id: TableId, user: UserId) -> Result<(Loaded, Seat), TableError> {
        let row = self.store.load(id).await.map_err(|e| TableError::from_store(e, id))?;
        let Some(seat) = row.seats.iter().find(|s| s.user == Some(user)).map(|s| Seat(s.seat)) else {
            return Err(TableError::NotSeated(id));
        };
        Ok((into_running(row)?, seat))
    }

    /// The table as everybody sees it (any status).
    ///
    /// # Errors
    /// [`TableError::NoSuchTable`] and storage failures.
    pub async fn snapshot(&self, id: TableId) -> Result<Snapshot, TableError> {
        let row = self.store.load(id).await.map_err(|e| TableError::from_store(e, id))?;
        Snapshot::from_row(row)
    }

    /// What `user` privately sees at table `id`: their seat's view and legal actions.
    ///
    /// # Errors
    /// When the table is not running or `user` is not seated.
    pub async fn private_view(&self, id: TableId, user: UserId) -> Result<(Snapshot, PrivateView), TableError> {
        let (table, seat) = self.load_seated(id, user).await?;
        Ok((Snapshot::from_loaded(&table), PrivateView::new(&table, seat)))
    }

    /// The next step of entering an action piece by piece for `user` at table `id`, after the
    /// text `prefix` (`""` at the start).
    ///
    /// # Errors
    /// When the table is not running or `user` is not seated.
    pub async fn choices(&self, id: TableId, user: UserId, prefix: &str) -> Result<Step, TableError> {
        let (table, seat) = self.load_seated(id, user).await?;
        let pending = table.game.pending().actors().contains(seat);
        let back = (!prefix.is_empty()).then(|| table.game.previous_prefix(seat, prefix));
        let (path, chosen) = table.path_of(seat, prefix).unwrap_or_default();
        let choices = table.game.choices(seat, prefix, &table.names());
        Ok(Step { choices, version: table.row.version, pending, back, path, chosen })
    }

    /// Each option `user` is offered now at table `id` with one plain line saying what it does
    /// (a "What do these mean?" answer, the terminal's `help`): the options of the step `at`
    /// reaches (the action text so far, or the options chosen by place), or with `None` the
    /// whole legal list.
    ///
    /// # Errors
    /// When the table is not running or `user` is not seated; [`TableError::Stale`] when the
    /// options chosen are no longer offered.
    pub async fn explanations(
        &self,
        id: TableId,
        user: UserId,
        at: Option<&Entry>,
    ) -> Result<Vec<engines::Explained>, TableError> {
        let (table, seat) = self.load_seated(id, user).await?;
        let names = table.names();
        let prefix = match at {
            Some(Entry::Text(text)) => text.clone(),
            Some(Entry::Path(path)) => table.follow(seat, path).ok_or(TableError::Stale(id))?.0,
            None => {
                let legal = table.game.legal_actions(seat, &names);
                let explain = |text: &str| table.game.explain_action(text, &names).unwrap_or_default();
                let whole =
                    legal.into_iter().map(|a| engines::Explained { explanation: explain(&a.text), label: a.label });
                return Ok(whole.collect());
            }
        };
        Ok(table.game.explanations(seat, &prefix, &names))
    }

    /// Tables `user` sits at that are in `status`.
    ///
    /// # Errors
    /// Storage failures.
    /// Tables `user` sits at that are in `status`, newest first: one read, no state decoded.
    /// A table whose row cannot be read is logged by id and left out, so one
    /// damaged row does not hide the others.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn tables_of(&self, user: Option<UserId>, status: Status) -> Result<Vec<TableSummary>, TableError> {
        let rows = self.store.summaries(user, status).await.map_err(TableError::store)?;
        let mut out = Vec::with_capacity(rows.len());
        for row in rows {
            let row = match row {
                Ok(row) => row,
                Err((id, error)) => {
                    tracing::warn!(%id, "table #{id} is damaged and left out of the list: {error}");
                    continue;
                }
            };
            let id = row.id;
            let waiting = SeatSet::from_bits(row.waiting);
            match TableSummary::from_row(row, waiting, user) {
                Ok(summary) => out.push(summary),
                Err(error) => {
                    tracing::warn!(%id, "table #{id} is damaged and left out of the list: {}", error.log_detail());
                }
            }
        }
        Ok(out)
    }

    /// Rebuilds a table's game from its seed and action log and checks it matches the saved
    /// state: the audit that the log is complete.
    ///
    /// # Errors
    /// When the replay disagrees, or the table cannot be loaded.
    pub async fn verify_replay(&self, id: TableId) -> Result<(), TableError> {
        let table = self.load_any(id).await?;
        let Some(saved) = table.game else { return Ok(()) };
        let log = self.store.log(id).await.map_err(|e| TableError::from_store(e, id))?;
        let kind = saved.kind();
        let options: serde_json::Value =
            serde_json::from_str(&table.row.options).map_err(|e| TableError::Internal(e.to_string()))?;
        let mut game =
            AnyGame::setup(kind, &options, table.row.seats.len(), table.row.seed).map_err(TableError::Setup)?;
        let names: Vec<String> = table.row.seats.iter().map(|s| s.name.clone()).collect();
        for entry in in_effect(&log) {
            game.apply(Seat(entry.seat), &entry.action, &names)
                .map_err(|e| TableError::Internal(format!("replay refused {}: {e}", entry.action)))?;
        }
        if game == saved { Ok(()) } else { Err(TableError::Internal("replay differs from the saved state".into())) }
    }

    async fn load_any(&self, id: TableId) -> Result<MaybeLoaded, TableError> {
        let row = self.store.load(id).await.map_err(|e| TableError::from_store(e, id))?;
        let (_, game) = engine_of(&row)?;
        Ok(MaybeLoaded { row, game })
    }
}
