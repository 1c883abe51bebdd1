//! Computer players: the seats they play, the moves they choose (searching ones off the async
//! runtime), and seats handed to a computer while their player is away.

use super::*;

/// A computer's choice for `seat` at `skill`.
pub(super) fn choose(game: &AnyGame, seat: Seat, skill: Skill, rng: &mut GameRng) -> Option<String> {
    match skill {
        Skill::Random => game.random_action(seat, rng),
        Skill::Search(level) => game.computer_action(seat, level, rng),
    }
}

impl Tables {
    /// The host (or `admin`, a moderator of the place it is played in, as the front end
    /// decides) hands the seat of `player` to a computer player while they are away: the cure
    /// for a game stalled on someone who has gone quiet. The seat keeps its player, place,
    /// holdings and score; a computer plays it (at once if the game waits for it) until the
    /// player comes back with [`Tables::rejoin`]. `who` names the player in a refusal. The
    /// report carries the public line saying so.
    ///
    /// # Errors
    /// When `by` may not, the table is not running, or `player` has no seat there.
    pub async fn stand_in(
        &self,
        id: TableId,
        by: UserId,
        admin: bool,
        player: UserId,
        who: &str,
    ) -> Result<MoveReport, TableError> {
        let mut table = self.load_running(id).await?;
        if table.row.host != Some(by) && !admin {
            return Err(TableError::NotHost(id));
        }
        let seat = table.seat_of(player).ok_or_else(|| TableError::NoSuchPlayer(who.to_string(), id))?;
        let mut progress = Progress::new(&table.game);
        self.hand_to_computer(&mut table, seat, &mut progress, "at the host's request");
        self.run_computers(&mut table, &mut progress)?;
        self.commit(table, progress, true).await
    }

    /// Marks `seat` away (a computer plays it from now on) with the public line saying why.
    pub(super) fn hand_to_computer(&self, table: &mut Loaded, seat: Seat, progress: &mut Progress, why: &str) {
        let skill = table.skill(seat);
        let Some(row) = table.row.seats.get_mut(seat.index()) else { return };
        if row.away {
            return;
        }
        row.away = true;
        progress.went_away(seat);
        progress.announce(format!(
            "{name} is away ({why}): a computer player ({skill}) plays {name}'s seat until {name} comes back with /rejoin.",
            name = row.name
        ));
    }

    /// `user` takes their seat back from the computer that played it while they were away.
    /// Their clock starts afresh if the game waits for them.
    ///
    /// # Errors
    /// When `user` is not seated, the table is not running, or they are not away.
    pub async fn rejoin(&self, id: TableId, user: UserId) -> Result<MoveReport, TableError> {
        let (mut table, seat) = self.load_seated(id, user).await?;
        let Some(row) = table.row.seats.get_mut(seat.index()).filter(|row| row.away) else {
            return Err(TableError::NotAway(id));
        };
        row.away = false;
        let line = format!("{} is back and plays their own seat again.", row.name);
        let mut progress = Progress::new(&table.game);
        progress.hand_over(seat);
        progress.announce(line);
        self.commit(table, progress, true).await
    }

    /// Makes the next computer move at table `id`, if the game waits for a computer: a seat
    /// that searches thinks on the blocking pool (never on the async runtime), then its move and
    /// any random computers' moves that follow are committed together. Front ends call this
    /// after every commit until it returns `None`, delivering each report as it comes, so
    /// humans see computers' moves one by one and their own clicks are never held up.
    ///
    /// A table found waiting on computers without anyone driving it (a process that stopped
    /// mid-way, a database from an older release) is moved on the same way by the sweeper.
    ///
    /// # Errors
    /// When the table cannot be loaded or saved; a computer with no legal action.
    pub async fn drive_computers(&self, id: TableId) -> Result<Option<MoveReport>, TableError> {
        until_won(id, || self.drive_once(id)).await
    }

    /// One attempt of [`Tables::drive_computers`]: `Some(None)` when no computer is to move,
    /// `None` when another write won the race.
    async fn drive_once(&self, id: TableId) -> Result<Option<Option<MoveReport>>, TableError> {
        let mut table = match self.load_running(id).await {
            Ok(table) => table,
            // Over meanwhile (a human's last move, a resignation): nothing left to move.
            Err(TableError::Over(_)) => return Ok(Some(None)),
            Err(other) => return Err(other),
        };
        // Nobody moves at a paused table, computers included.
        if table.row.paused_at.is_some() {
            return Ok(Some(None));
        }
        let Some(seat) = table.computer_to_move() else { return Ok(Some(None)) };
        let mut progress = Progress::new(&table.game);
        let skill = table.skill(seat);
        if skill.searches() {
            let game = table.game.clone();
            let mut rng = table.computer_rng(COMPUTER_SALT)?;
            let action = tokio::task::spawn_blocking(move || choose(&game, seat, skill, &mut rng))
                .await
                .map_err(|e| TableError::Internal(format!("a computer's search stopped: {e}")))?
                .ok_or_else(|| TableError::Internal(format!("computer seat {seat} has no legal action")))?;
            let names = table.names();
            let applied = table
                .game
                .apply(seat, &action, &names)
                .map_err(|e| TableError::Internal(format!("computer action {action} refused: {e}")))?;
            progress.record(seat, &applied, Origin::Computer, &table.game);
        }
        self.run_computers(&mut table, &mut progress)?;
        // Someone else's write (a human's sealed answer while this computer thought) wins:
        // read again and decide in the new position.
        Ok(lost_race(self.commit(table, progress, false).await)?.map(Some))
    }

    /// [`Tables::drive_computers`] until no computer is to move, at start-up, for every running
    /// table left waiting on computers with nobody to move them on: the reports of the tables
    /// that moved. Lists the tables without decoding them; a table with a live fallback deadline
    /// ([`COMPUTER_GRACE`]) is left alone, since the process that committed its last move is
    /// driving it (several processes may share the database) and the sweeper claims it if that
    /// process stopped (rows of older releases were given a deadline by [`Tables::upgrade`]).
    /// A table that fails is logged and skipped.
    ///
    /// # Errors
    /// When the list of running tables cannot be read.
    pub async fn drive_all_computers(&self) -> Result<Vec<MoveReport>, TableError> {
        let rows = self.store.summaries(None, Status::Running).await.map_err(TableError::store)?;
        let mut moved = Vec::new();
        for row in rows.into_iter().flatten() {
            let waits_on_computer = SeatSet::from_bits(row.waiting)
                .iter()
                .any(|s| row.seats.get(s.index()).is_some_and(SeatRow::computer_plays));
            if !waits_on_computer {
                continue;
            }
            let id = row.id;
            match self.store.load(id).await {
                Ok(table) if table.deadline_at.is_some_and(|d| d > now()) => continue,
                Ok(_) => {}
                Err(error) => {
                    tracing::warn!(%id, "cannot move the computer players on: {error}");
                    continue;
                }
            }
            loop {
                match self.drive_computers(id).await {
                    Ok(Some(report)) => moved.push(report),
                    Ok(None) => break,
                    Err(error) => {
                        tracing::warn!(%id, "cannot move the computer players on: {}", error.log_detail());
                        break;
                    }
                }
            }
        }
        Ok(moved)
    }

    /// Plays the computer seats that choose at random (instantly) until a human or a searching
    /// computer must decide, or the game ends. Searching computers move through
    /// [`Tables::drive_computers`], one commit per move, off the async runtime.
    pub(super) fn run_computers(&self, table: &mut Loaded, progress: &mut Progress) -> Result<(), TableError> {
        let names = table.names();
        for _ in 0..COMPUTER_MOVE_LIMIT {
            let Some(seat) = table.computer_to_move() else { return Ok(()) };
            let skill = table.skill(seat);
            if skill.searches() {
                return Ok(());
            }
            let mut rng = table.computer_rng(COMPUTER_SALT)?;
            let action = choose(&table.game, seat, skill, &mut rng)
                .ok_or_else(|| TableError::Internal(format!("computer seat {seat} has no legal action")))?;
            let applied = table
                .game
                .apply(seat, &action, &names)
                .map_err(|e| TableError::Internal(format!("computer action {action} refused: {e}")))?;
            progress.record(seat, &applied, Origin::Computer, &table.game);
        }
        Err(TableError::Internal("computer players did not stop".into()))
    }
}
