//! Away (`/away`): a player away from a time to a time. While they are away, the clock of a
//! turn the game waits on them for stops, up to the table's away allowance per player, and
//! starts again with the time it had left when they come back (`/away` off, any move, or the
//! end of their away time). Everything is computed from stored times (when they went away,
//! the deadline, the allowance used), never from timers in memory, so any process agrees.
//!
//! The clock stops lazily: when a turn's deadline passes while its player is away, the
//! deadline moves on by the time they were away during that turn (as far as the allowance
//! goes), which is what stopping it when they left would have given. A table has one clock,
//! so the others it waits on at the same time (a sealed decision) get the same extra time.

use engines::{Seat, SeatSet};

use super::lobby::outgoing;
use super::outbox::{BoardNote, Dispatch};
use super::settings::MOST_AWAY_ALLOWANCE;
use super::vocab::{Status, TableId, UserId};
use super::{DEFAULT_AWAY_ALLOWANCE, Loaded, Snapshot, TableError, Tables};
use crate::store::{TableRow, Update};

/// Seconds in a day.
const DAY: i64 = 24 * 3600;

/// The most characters of the note a player leaves when going away.
pub const AWAY_NOTE_LIMIT: usize = 200;

/// A player's away time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Away {
    /// When it began (unix seconds).
    pub since: i64,
    /// When it ends.
    pub until: i64,
    /// What they told the others.
    pub note: Option<String>,
}

impl Away {
    /// Whether they are away at `at`.
    #[must_use]
    pub const fn active(&self, at: i64) -> bool {
        self.since <= at && at < self.until
    }
}

/// A player's away clock at one table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AwayClock {
    /// Seconds of the table's allowance used.
    pub used: i64,
    /// The clock of the turn under way is stopped: when it starts again, and the seconds it
    /// had left.
    pub stopped: Option<(i64, i64)>,
}

/// Away time refused, in words for the player.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AwayError {
    /// Less than a day, or a time in the past.
    #[error("Away time lasts whole days: give at least 1 day. To come back, use /away with off set to true.")]
    TooShort,
    /// Longer than the allowance of every game.
    #[error(
        "You can be away for at most {most} days at once: that is the away time your games allow. Nothing was changed."
    )]
    TooLong {
        /// The most days allowed.
        most: i64,
    },
    /// The note is too long.
    #[error("The note may be at most 200 characters; nothing was changed.")]
    NoteTooLong,
    /// Coming back without being away.
    #[error("You are not away; nothing to end.")]
    NotAway,
    /// A start that is not a date.
    #[error(
        "\"{0}\" is not a date: give the first day you are away like 2026-12-24 (year, month, day). Nothing was changed."
    )]
    NotADate(String),
    /// A start in the past.
    #[error("{0} is in the past: your away time can start today or on a later day. Nothing was changed.")]
    InThePast(String),
    /// A start too far ahead.
    #[error("{0} is too far ahead: away time can be planned at most 60 days ahead. Nothing was changed.")]
    TooFarAhead(String),
}

/// How many days ahead away time can be planned.
const MOST_DAYS_AHEAD: i64 = 60;

impl Tables {
    /// `user` goes away for `days` from `at`, with an optional note: every table they play at
    /// is told (once), and the clocks of their turns stop until they come back. Returns the
    /// tables told, for delivery.
    ///
    /// # Errors
    /// As [`Tables::go_away_from`].
    pub async fn go_away(
        &self,
        user: UserId,
        days: i64,
        note: Option<String>,
        at: i64,
    ) -> Result<Vec<Snapshot>, TableError> {
        self.go_away_from(user, None, days, note, at).await
    }

    /// `user` goes away for `days` from the local date `from` (like 2026-12-24, in their time
    /// zone from `/settings`; none or today: from `at`), with an optional note: every table
    /// they play at is told now, and the clocks of their turns stop only from the start.
    ///
    /// # Errors
    /// [`AwayError`] for less than a day, more than their games allow, a long note, a start
    /// that is not a date, in the past or more than 60 days ahead; storage failures. Nothing
    /// changes then.
    pub async fn go_away_from(
        &self,
        user: UserId,
        from: Option<&str>,
        days: i64,
        note: Option<String>,
        at: i64,
    ) -> Result<Vec<Snapshot>, TableError> {
        if days < 1 {
            return Err(AwayError::TooShort.into());
        }
        let since = match from {
            Some(text) => self.away_start(user, text, at).await?,
            None => at,
        };
        let note = note.map(|n| n.trim().to_string()).filter(|n| !n.is_empty());
        if note.as_ref().is_some_and(|n| n.chars().count() > AWAY_NOTE_LIMIT) {
            return Err(AwayError::NoteTooLong.into());
        }
        let rows = self.running_rows(user).await?;
        let most =
            rows.iter().map(|r| r.away_allowance).max().unwrap_or(DEFAULT_AWAY_ALLOWANCE).min(MOST_AWAY_ALLOWANCE);
        if days > most / DAY {
            return Err(AwayError::TooLong { most: most / DAY }.into());
        }
        let away = Away { since, until: since + days * DAY, note };
        self.store.set_away(user, &away).await.map_err(TableError::store)?;
        let mut told = Vec::new();
        for row in rows {
            let name = name_of(&row, user);
            let said = away.note.as_ref().map(|n| format!(" (\"{n}\")")).unwrap_or_default();
            let when = if away.since > at {
                format!("will be away from <t:{}:f> until <t:{}:f>", away.since, away.until)
            } else {
                format!("is away until <t:{}:f>", away.until)
            };
            let line = format!(
                "🏖️ {name} {when}{said}: the clock of their turns stops meanwhile (up to {} days at this table), and they are not pinged.",
                row.away_allowance / DAY
            );
            let update = Update::default();
            told.push(self.announce(row, line, Vec::new(), update).await?);
        }
        Ok(told)
    }

    /// `user` comes back at `at`: the stopped clocks of their turns start again with the time
    /// they had left, and every table they play at is told. Returns the tables told.
    ///
    /// # Errors
    /// [`AwayError::NotAway`] when they are not away; storage failures.
    pub async fn come_back(&self, user: UserId, at: i64) -> Result<Vec<Snapshot>, TableError> {
        let away = self.store.away(user).await.map_err(TableError::store)?;
        if away.as_ref().is_some_and(|a| a.since > at) {
            return self.cancel_planned(user).await;
        }
        let Some(away) = away.filter(|a| a.active(at)) else {
            self.store.clear_away(user).await.map_err(TableError::store)?;
            return Err(AwayError::NotAway.into());
        };
        self.store.clear_away(user).await.map_err(TableError::store)?;
        let mut told = Vec::new();
        for row in self.running_rows(user).await? {
            let clock = self.store.away_clock(row.id, user).await.map_err(|e| TableError::from_store(e, row.id))?;
            let (deadline, clock) = settle(&row, user, &away, clock, at);
            let line = format!("{} is back.", name_of(&row, user));
            let ping = if waits_on(&row, user) { vec![user] } else { Vec::new() };
            let update = Update { deadline_at: Some(deadline), away_clock: Some((user, clock)), ..Update::default() };
            told.push(self.announce(row, line, ping, update).await?);
        }
        Ok(told)
    }

    /// `user`'s away time planned for later (it has not started at `at`).
    ///
    /// # Errors
    /// Storage failures.
    pub async fn away_planned(&self, user: UserId, at: i64) -> Result<Option<Away>, TableError> {
        let away = self.store.away(user).await.map_err(TableError::store)?;
        Ok(away.filter(|a| a.since > at))
    }

    /// The start of away time from the local date `text`: now when it is today.
    async fn away_start(&self, user: UserId, text: &str, at: i64) -> Result<i64, TableError> {
        let given = text.trim();
        let day = chrono::NaiveDate::parse_from_str(given, "%Y-%m-%d")
            .map_err(|_| AwayError::NotADate(given.chars().take(40).collect()))?;
        let settings = self.user_settings(user).await?;
        let (start, today) = super::quiet::day_start(&settings, day, at);
        if day < today {
            return Err(AwayError::InThePast(given.to_string()).into());
        }
        if (day - today).num_days() > MOST_DAYS_AHEAD {
            return Err(AwayError::TooFarAhead(given.to_string()).into());
        }
        Ok(start.max(at))
    }

    /// Away time planned for later is called off: the tables told of it are told.
    async fn cancel_planned(&self, user: UserId) -> Result<Vec<Snapshot>, TableError> {
        self.store.clear_away(user).await.map_err(TableError::store)?;
        let mut told = Vec::new();
        for row in self.running_rows(user).await? {
            let line = format!("{} will not be away after all.", name_of(&row, user));
            told.push(self.announce(row, line, Vec::new(), Update::default()).await?);
        }
        Ok(told)
    }

    /// `user`'s away time when it is under way at `at`.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn away_now(&self, user: UserId, at: i64) -> Result<Option<Away>, TableError> {
        let away = self.store.away(user).await.map_err(TableError::store)?;
        Ok(away.filter(|a| a.active(at)))
    }

    /// At a passed deadline: when a late player is away and has away time left at this table,
    /// their turn's clock stops (the deadline moves on by the time they are away during the
    /// turn, as far as the allowance goes) instead of the late policy applying. Whether it did.
    pub(super) async fn stop_for_away(&self, table: &Loaded, late: &[Seat], at: i64) -> Result<bool, TableError> {
        let row = &table.row;
        let Some(deadline) = row.deadline_at else { return Ok(false) };
        for seat in late {
            let Some(user) = row.seats.get(seat.index()).and_then(|s| s.user) else { continue };
            let Some(away) = self.away_now(user, at).await? else { continue };
            let clock = self.store.away_clock(row.id, user).await.map_err(|e| TableError::from_store(e, row.id))?;
            let allowance_left = row.away_allowance - clock.used;
            let left = row.turn_timeout.min(deadline - away.since).max(0);
            let stop_from = deadline - left;
            let charge = allowance_left.min(away.until - stop_from).max(0);
            if charge == 0 || stop_from + charge + left <= at {
                continue; // The allowance is used up: the late policy applies.
            }
            let end = stop_from + charge;
            let clock = AwayClock { used: clock.used + charge, stopped: Some((end, left)) };
            let line = format!(
                "⏸️ {} is away, so the clock of their turn is stopped until they come back (by <t:{end}:f> at the latest).",
                name_of(row, user)
            );
            let update = Update {
                deadline_at: Some(Some(end + left)),
                reminded: Some(true),
                away_clock: Some((user, clock)),
                ..Update::default()
            };
            self.announce(row.clone(), line, Vec::new(), update).await?;
            return Ok(true);
        }
        Ok(false)
    }

    /// The running tables `user` is seated at.
    async fn running_rows(&self, user: UserId) -> Result<Vec<TableRow>, TableError> {
        let ids = self.store.tables_of(Some(user), Status::Running).await.map_err(TableError::store)?;
        let mut rows = Vec::with_capacity(ids.len());
        for id in ids {
            rows.push(self.store.load(id).await.map_err(|e| TableError::from_store(e, id))?);
        }
        Ok(rows)
    }

    /// Writes `update` to `row` with a public line (pinging `ping`), recorded for delivery.
    async fn announce(
        &self,
        mut row: TableRow,
        line: String,
        ping: Vec<UserId>,
        update: Update,
    ) -> Result<Snapshot, TableError> {
        let id: TableId = row.id;
        let dispatch = Dispatch { board: Some(BoardNote { lines: vec![line], ping }), ..Dispatch::default() };
        let update = merge(update, outgoing(&row, dispatch.clone())?);
        let written = self.store.update(id, row.version, &update).await.map_err(|e| TableError::from_store(e, id))?;
        row.version = written.version;
        if let Some(deadline) = update.deadline_at {
            row.deadline_at = deadline;
        }
        let delivers = row.delivers;
        let mut snapshot = Snapshot::from_row(row)?;
        snapshot.recorded = super::recorded(delivers.then_some(dispatch), written);
        Ok(snapshot)
    }
}

/// `update` with the outbox entry and claim of `outgoing`.
fn merge(update: Update, outgoing: Update) -> Update {
    Update { outbox: outgoing.outbox, claim: outgoing.claim, ..update }
}

/// The deadline and away clock of `row` when `user`, away as `away`, comes back at `at`: a
/// stopped clock starts again with the time it had left (the allowance not used given back);
/// a turn whose deadline has not passed yet gets the time they were away during it (as far
/// as the allowance goes).
fn settle(row: &TableRow, user: UserId, away: &Away, clock: AwayClock, at: i64) -> (Option<i64>, AwayClock) {
    let unchanged = (row.deadline_at, AwayClock { used: clock.used, stopped: None });
    let Some(deadline) = row.deadline_at else { return unchanged };
    if !waits_on(row, user) || row.paused_at.is_some() {
        return unchanged;
    }
    match clock.stopped {
        Some((end, left)) if deadline == end + left => {
            if end <= at {
                return unchanged; // It started again by itself.
            }
            (Some(at + left), AwayClock { used: clock.used - (end - at), stopped: None })
        }
        _ => {
            let start = (deadline - row.turn_timeout).max(away.since);
            let charge = (at - start).clamp(0, (row.away_allowance - clock.used).max(0));
            (Some(deadline + charge), AwayClock { used: clock.used + charge, stopped: None })
        }
    }
}

/// Whether the game at `row` waits on `user`.
fn waits_on(row: &TableRow, user: UserId) -> bool {
    let waiting = SeatSet::from_bits(row.waiting);
    row.seats.iter().any(|s| s.user == Some(user) && waiting.contains(Seat(s.seat)))
}

/// The name `user` has at `row`.
fn name_of(row: &TableRow, user: UserId) -> String {
    row.seats.iter().find(|s| s.user == Some(user)).map(|s| s.name.clone()).unwrap_or_default()
}
