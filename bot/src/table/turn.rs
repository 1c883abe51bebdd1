//! A player's turn: actions submitted whole or clicked step by step, resignations, and the
//! commit that saves a move with everything it causes.

use super::outbox::Dispatch;
use super::*;
use crate::community::Finish;

impl Tables {
    /// A player's action, checked in the fixed order: seated, table running, seat pending,
    /// action legal, panel not stale (`version`, when the front end sent one; see
    /// [`Tables::click`] for what counts as stale). One read of the table, one write.
    ///
    /// # Errors
    /// [`TableError`] saying which check failed; nothing changes then.
    pub async fn submit(
        &self,
        id: TableId,
        user: UserId,
        action: &str,
        version: Option<i64>,
    ) -> Result<MoveReport, TableError> {
        let report = until_won(id, || async move {
            let (table, seat) = self.load_seated(id, user).await?;
            self.play(table, seat, action, version).await
        })
        .await?;
        self.back_by_moving(user).await;
        Ok(report)
    }

    /// A player who moves is back from being away (their other tables' clocks start again).
    /// A failure here does not undo the move: it is logged, and `/away` ends it by hand.
    async fn back_by_moving(&self, user: UserId) {
        let at = now();
        match self.away_now(user, at).await {
            Ok(None) => {}
            Ok(Some(_)) => {
                if let Err(err) = self.come_back(user, at).await {
                    tracing::warn!("could not end an away time at a move: {}", err.log_detail());
                }
            }
            Err(err) => tracing::warn!("could not read an away time at a move: {}", err.log_detail()),
        }
    }

    /// One click on a step of entering a move at `version` (the version the clicked panel
    /// was drawn at): the next step when the options chosen so far (`entry`) do not make a
    /// whole action yet, else the action applied. A panel is stale only when something its
    /// seat could see has changed since it was drawn; another seat's answer to a sealed
    /// decision the seat shares does not count, so two players answering one sealed decision
    /// at once are both taken. With `confirm`, the options chosen are applied as the whole
    /// action they make even where more could follow (a Confirm button). One read of the
    /// table, and one write when the action is applied.
    ///
    /// # Errors
    /// As [`Tables::submit`].
    pub async fn click(
        &self,
        id: TableId,
        user: UserId,
        entry: &Entry,
        version: i64,
        confirm: bool,
    ) -> Result<Click, TableError> {
        let click = until_won(id, || self.click_once(id, user, entry, version, confirm)).await?;
        if matches!(click, Click::Moved(_)) {
            self.back_by_moving(user).await;
        }
        Ok(click)
    }

    /// One attempt of [`Tables::click`]; `None` when another write won the race.
    async fn click_once(
        &self,
        id: TableId,
        user: UserId,
        entry: &Entry,
        version: i64,
        confirm: bool,
    ) -> Result<Option<Click>, TableError> {
        let (table, seat) = self.load_seated(id, user).await?;
        if table.row.paused_at.is_some() {
            return Err(TableError::Paused(id));
        }
        if table.row.seats.get(seat.index()).is_some_and(|s| s.away) {
            return Err(TableError::Away(id));
        }
        let actor = table.game.pending().actors().contains(seat);
        if actor && !table.current_for(seat, version) {
            return Err(TableError::Stale(id));
        }
        let (text, path, chosen) = match entry {
            Entry::Path(path) => {
                // An option no longer offered: the choices changed since the panel was drawn.
                let Some((text, chosen)) = table.follow(seat, path) else {
                    return Err(if actor { TableError::Stale(id) } else { table.not_yours() });
                };
                (text, path.clone(), chosen)
            }
            Entry::Text(text) => {
                let (path, chosen) = table.path_of(seat, text).unwrap_or_default();
                (text.clone(), path, chosen)
            }
        };
        if actor && !confirm {
            let choices = table.game.choices(seat, &text, &table.names());
            if !choices.options.is_empty() {
                let back = (!text.is_empty()).then(|| table.game.previous_prefix(seat, &text));
                let version = table.row.version;
                return Ok(Some(Click::Next(Step { choices, version, pending: true, back, path, chosen })));
            }
        }
        // A whole action, or not a path this seat can take now: applied, or refused with
        // the exact reason (not your decision, not legal) and nothing changed.
        let report = self.play(table, seat, &text, Some(version)).await?;
        Ok(report.map(|mut report| {
            report.chosen = chosen;
            Click::Moved(Box::new(report))
        }))
    }

    /// Applies `seat`'s action and commits it; `None` when another write to the table won
    /// the race between reading and writing (the caller reads again and retries: a sealed
    /// answer arriving with another is still taken).
    pub(super) async fn play(
        &self,
        mut table: Loaded,
        seat: Seat,
        action: &str,
        version: Option<i64>,
    ) -> Result<Option<MoveReport>, TableError> {
        let id = table.row.id;
        if table.row.paused_at.is_some() {
            return Err(TableError::Paused(id));
        }
        if table.row.seats.get(seat.index()).is_some_and(|s| s.away) {
            return Err(TableError::Away(id));
        }
        if !table.game.pending().actors().contains(seat) {
            return Err(table.not_yours());
        }
        let names = table.names();
        let mut progress = Progress::new(&table.game);
        let before = table.game.clone();
        let applied = table
            .game
            .apply(seat, action, &names)
            .map_err(|e| TableError::illegal(id, &table.game, seat, &names, &e))?;
        if let Some(v) = version
            && !table.current_for(seat, v)
        {
            return Err(TableError::Stale(id));
        }
        progress.record(seat, &applied, Origin::Player, &table.game);
        // Issue #27 item 5: the panel offers Take back only when the game allows it.
        if table.game.take_back(&before, seat, &applied.action, &names).is_ok() {
            progress.offer_take_back(seat);
        }
        self.run_computers(&mut table, &mut progress)?;
        lost_race(self.commit(table, progress, false).await)
    }

    /// `user` leaves the game they are seated in (resigning); allowed at any time.
    ///
    /// # Errors
    /// [`TableError`] when not seated, the table is not running, or the game forbids it now.
    pub async fn resign(&self, id: TableId, user: UserId) -> Result<MoveReport, TableError> {
        let (mut table, seat) = self.load_seated(id, user).await?;
        let action = table.game.resign_action(seat).ok_or(TableError::CannotResign)?;
        let names = table.names();
        let mut progress = Progress::new(&table.game);
        let applied = table
            .game
            .apply(seat, &action, &names)
            .map_err(|e| TableError::illegal(id, &table.game, seat, &names, &e))?;
        progress.record(seat, &applied, Origin::Player, &table.game);
        self.run_computers(&mut table, &mut progress)?;
        self.commit(table, progress, false).await
    }

    /// Saves the game, the log and (when `seats_changed`) the seats in one transaction,
    /// rejecting a stale version, and reports the result from the game in memory.
    pub(super) async fn commit(
        &self,
        mut table: Loaded,
        progress: Progress,
        seats_changed: bool,
    ) -> Result<MoveReport, TableError> {
        let id = table.row.id;
        let version = table.row.version + 1;
        let pending = table.game.pending();
        let must = pending.must_seats();
        let finished = pending.is_finished();
        let humans_pending = must.iter().any(|s| !table.is_computer(s));
        // One clock per turn: it starts when the game begins waiting for a player and runs on
        // through the steps of their turn, and for a player still owing a sealed answer.
        let fresh_humans = progress.fresh(must).iter().any(|s| !table.is_computer(s));
        let computers_pending = must.iter().any(|s| table.is_computer(s));
        let (deadline, reminded) = if finished {
            (None, false)
        } else if !humans_pending {
            // Only computers to move: driven at once; the sweeper's fallback if nobody does.
            (computers_pending.then(|| now() + COMPUTER_GRACE), true)
        } else if fresh_humans || table.row.deadline_at.is_none() {
            (Some(now() + table.row.turn_timeout), false)
        } else {
            (table.row.deadline_at, table.row.reminded)
        };
        let asked = progress.asked(Some(&table.row.asked), pending.actors(), table.game.players(), version);
        // A lobby becomes a running (or, all computers, finished) game in this same commit.
        let status = if finished {
            Some(Status::Finished)
        } else {
            (table.row.status == Status::Lobby).then_some(Status::Running)
        };
        let dispatch = table.row.delivers.then(|| Dispatch {
            started: table.row.status == Status::Lobby,
            results: finished,
            ..Dispatch::of_commit(&progress, &table)
        });
        let update = Update {
            status,
            state: Some(table.game.save().map_err(|e| TableError::Internal(e.to_string()))?),
            seats: seats_changed.then(|| table.row.seats.clone()),
            log: progress.log().to_vec(),
            deadline_at: Some(deadline),
            reminded: Some(reminded),
            waiting: Some(must.bits()),
            asked: Some(asked.clone()),
            paused_at: None,
            away_clock: None,
            outbox: dispatch
                .as_ref()
                .map(Dispatch::to_json)
                .transpose()
                .map_err(|e| TableError::Internal(e.to_string()))?,
            claim: dispatch.as_ref().map(|_| CLAIM_LEASE),
            // Results and ratings are recorded in the commit that ends the game (issue #28).
            finish: pending.outcome().map(|outcome| Finish::of(table.game.kind(), &table.row.seats, outcome)),
            // Start fixes the seed of a sealed deal, and the cut that gave it.
            seed: (table.row.status == Status::Lobby).then_some(table.row.seed),
            cut: table.row.deal.as_ref().filter(|_| table.row.status == Status::Lobby).and_then(|d| d.cut.clone()),
            undo: None,
        };
        let written =
            self.store.update(id, table.row.version, &update).await.map_err(|e| TableError::from_store(e, id))?;
        table.row.version = written.version;
        if let Some(status) = status {
            table.row.status = status;
        }
        table.row.deadline_at = deadline;
        table.row.reminded = reminded;
        table.row.waiting = must.bits();
        table.row.asked = asked;
        let mut report = MoveReport::new(progress, &table);
        report.recorded = recorded(dispatch, written);
        Ok(report)
    }
}
