//! Rematch: a finished game's players ask for another with the same game, options, time per
//! move, late policy and away time, the same seats rotated by one (so another player starts)
//! and a new seed. It is a lobby that starts by itself once every person seated has confirmed
//! (computers confirm themselves); a player who declines (Leave) frees their seat, which the
//! lobby offers to others (Join, which confirms).

use super::vocab::{SeatRow, Status, TableId, UserId};
use super::{MoveReport, Participant, Snapshot, TableError, Tables, renumber};
use crate::store::NewTable;

/// What a rematch request or confirmation led to.
#[derive(Debug)]
pub enum Rematch {
    /// A new rematch lobby (the asker confirmed).
    Opened(Snapshot),
    /// The player confirmed; others have not yet.
    Confirmed(Snapshot),
    /// Everyone confirmed: the game began.
    Started(Box<MoveReport>),
}

impl Tables {
    /// `who` asks for a rematch of finished table `old`, or confirms the one asked already.
    ///
    /// # Errors
    /// A table not finished, someone who did not play it, a rematch that began already;
    /// storage failures. Nothing changes then.
    pub async fn rematch(&self, old: TableId, who: &Participant) -> Result<Rematch, TableError> {
        let row = self.store.load(old).await.map_err(|e| TableError::from_store(e, old))?;
        if row.status != Status::Finished {
            return Err(TableError::NotOver(old));
        }
        if !row.seats.iter().any(|s| s.user == Some(who.user)) {
            return Err(TableError::NotPlayer(old));
        }
        if let Some(new) = self.store.rematch_of(old).await.map_err(TableError::store)? {
            let lobby = self.store.load(new).await.map_err(|e| TableError::from_store(e, new))?;
            return match lobby.status {
                Status::Lobby => self.confirm(new, who.user).await,
                Status::Abandoned => self.open_rematch(&row, who).await,
                Status::Running | Status::Finished => Err(TableError::RematchBegan { old, new }),
            };
        }
        self.open_rematch(&row, who).await
    }

    /// Opens the rematch lobby of `old`, `who` its host, with the seats rotated by one.
    async fn open_rematch(&self, old: &crate::store::TableRow, who: &Participant) -> Result<Rematch, TableError> {
        // A sealed deal, as at any lobby: the seed is derived at Start.
        let secret = crate::fair::draw_secret().map_err(|e| TableError::Internal(format!("no randomness: {e}")))?;
        let seed = crate::fair::seed(&secret, "").unwrap_or_default();
        let reveal = old.deal.as_ref().is_none_or(|d| d.reveal);
        let mut seats: Vec<SeatRow> = old
            .seats
            .iter()
            .map(|s| SeatRow { away: false, level: if s.user.is_some() { None } else { s.level }, ..s.clone() })
            .collect();
        if !seats.is_empty() {
            seats.rotate_left(1);
        }
        let new = NewTable {
            game: old.game.clone(),
            options: old.options.clone(),
            seed,
            host: Some(who.user),
            max_players: u8::try_from(seats.len()).unwrap_or(old.max_players),
            turn_timeout: old.turn_timeout,
            away_allowance: old.away_allowance,
            on_timeout: old.on_timeout,
            delivers: old.delivers,
            rematch_of: Some(old.id),
            deal: crate::store::Deal { secret: Some(secret), cut: None, reveal },
        };
        let id = self.store.create(&new, &renumber(seats)).await.map_err(TableError::store)?;
        match self.confirm(id, who.user).await? {
            Rematch::Confirmed(snapshot) => Ok(Rematch::Opened(snapshot)),
            other => Ok(other),
        }
    }

    /// `user` confirms rematch lobby `id`; when everyone seated has, and every seat is taken,
    /// the game begins.
    ///
    /// # Errors
    /// A table not in its lobby, someone not seated; storage failures.
    pub async fn confirm(&self, id: TableId, user: UserId) -> Result<Rematch, TableError> {
        let mut row = self.store.load(id).await.map_err(|e| TableError::from_store(e, id))?;
        if row.status != Status::Lobby {
            return Err(TableError::NotInLobby(id));
        }
        if !row.seats.iter().any(|s| s.user == Some(user)) {
            return Err(TableError::NotSeated(id));
        }
        self.store.confirm(id, user).await.map_err(|e| TableError::from_store(e, id))?;
        if !row.confirmed.contains(&user) {
            row.confirmed.push(user);
        }
        let everyone = row.seats.iter().filter_map(|s| s.user).all(|u| row.confirmed.contains(&u));
        if everyone && row.seats.len() == usize::from(row.max_players) {
            let host = row.host.unwrap_or(user);
            return Ok(Rematch::Started(Box::new(self.start(id, host).await?)));
        }
        let seats = row.seats.clone();
        Ok(Rematch::Confirmed(self.rewrite_seats(row, seats).await?))
    }
}
