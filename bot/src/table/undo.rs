//! Undo by consent (issue #27 item 5): a player asks to take back their last move; every other
//! person seated is asked, and when all agree the table goes back to the state before it.
//!
//! The action log stays append-only: taking back is an appended entry whose `undoes` counts the
//! actions it drops ([`super::in_effect`]), the asker's move and the computer moves that came
//! right after it. The game decides whether each of them may be taken back
//! ([`engines::Game::take_back`]: no chance drawn, nothing hidden shown); this layer checks that
//! it was the asker's own move and that no person has acted since. A request is open while the
//! table's version is the one it was asked at, so any move since cancels it.

use engines::{AnyGame, Seat, SeatSet};

use super::outbox::{Dispatch, UndoNote};
use super::*;
use crate::store::Update;
use crate::store::undo::UndoRequest;

/// The answer to a request to take a move back.
#[derive(Debug)]
pub struct UndoAsked {
    /// The table's version the request was asked at (the answer buttons carry it).
    pub version: i64,
    /// The people asked to agree, with their names; empty when nobody had to (only computers
    /// play against the asker, and they agree when nothing hidden or random was crossed).
    pub asked: Vec<(UserId, String)>,
    /// The asker's name.
    pub asker: String,
    /// The move taken back at once, when nobody had to be asked.
    pub granted: Option<Box<MoveReport>>,
    /// The request's outbox entry (its post with Allow and Refuse), when people were asked at
    /// a table that delivers through the outbox.
    pub recorded: Option<outbox::Recorded>,
}

/// What an answer to a request did.
#[derive(Debug)]
pub enum UndoAnswer {
    /// Agreed; still waiting for these people.
    Waiting(Vec<String>),
    /// Refused by this player: the request is closed and the move stands.
    Refused {
        /// Who refused.
        by: String,
        /// Whose move it was.
        asker: String,
    },
    /// Everyone agreed: the move was taken back.
    Granted(Box<MoveReport>),
}

const NOT_OPEN: &str =
    "That request to take a move back is no longer open: it was answered, or a move was made since. Nothing changed.";

impl Tables {
    /// `user` asks to take back their last move at table `id`.
    ///
    /// # Errors
    /// [`TableError::Undo`] in words when it was not their move, someone has acted since, or
    /// the game refuses (a card was drawn, dice were rolled…); nothing changes then.
    pub async fn ask_undo(&self, id: TableId, user: UserId) -> Result<UndoAsked, TableError> {
        let (table, seat) = self.load_seated(id, user).await?;
        if table.row.paused_at.is_some() {
            return Err(TableError::Paused(id));
        }
        let (before, undoes) = self.undoable(&table, seat).await?;
        let asker = table.names().get(seat.index()).cloned().unwrap_or_default();
        let asked: Vec<(UserId, String)> = table
            .row
            .seats
            .iter()
            .filter(|s| s.seat != seat.0 && !s.away && !table.game.resigned(Seat(s.seat)))
            .filter_map(|s| s.user.map(|u| (u, s.name.clone())))
            .collect();
        if asked.is_empty() {
            let version = table.row.version;
            let report = self.grant(table, before, seat, undoes).await?;
            return Ok(UndoAsked { version, asked, asker, granted: Some(Box::new(report)), recorded: None });
        }
        // The request and its post are one commit (the post goes through the outbox, so a stop
        // between the two loses neither); it is open at the version this commit writes.
        let seats: SeatSet = asked.iter().filter_map(|(u, _)| table.seat_of(*u)).collect();
        let request = UndoRequest { seat: seat.0, version: 0, undoes, asked: seats.bits(), allowed: 0 };
        let note = UndoNote {
            asker: asker.clone(),
            users: asked.iter().map(|(u, _)| *u).collect(),
            version: table.row.version + 1,
        };
        let dispatch = Dispatch { undo: Some(note), ..Dispatch::default() };
        let update = Update { undo: Some(request), ..lobby::outgoing(&table.row, dispatch.clone())? };
        let written =
            self.store.update(id, table.row.version, &update).await.map_err(|e| TableError::from_store(e, id))?;
        let recorded = recorded(table.row.delivers.then_some(dispatch), written);
        Ok(UndoAsked { version: written.version, asked, asker, granted: None, recorded })
    }

    /// `user` answers the request asked at `version` at table `id`: agrees (`allow`) or refuses.
    ///
    /// # Errors
    /// [`TableError::Undo`] when the request is no longer open or `user` is not one of the
    /// people asked; nothing changes then.
    pub async fn answer_undo(
        &self,
        id: TableId,
        user: UserId,
        version: i64,
        allow: bool,
    ) -> Result<UndoAnswer, TableError> {
        let (table, seat) = self.load_seated(id, user).await?;
        let request = self.store.undo_request(id).await.map_err(|e| TableError::from_store(e, id))?;
        let Some(request) = request.filter(|r| r.version == version && r.version == table.row.version) else {
            return Err(TableError::Undo(NOT_OPEN.into()));
        };
        let names = table.names();
        let asker = names.get(usize::from(request.seat)).cloned().unwrap_or_default();
        if request.seat == seat.0 {
            return Err(TableError::Undo("You asked to take that move back; the other players answer.".into()));
        }
        let asked = SeatSet::from_bits(request.asked);
        if !asked.contains(seat) {
            return Err(TableError::Undo("Only the people asked answer this request.".into()));
        }
        if !allow {
            self.store.close_undo(id).await.map_err(|e| TableError::from_store(e, id))?;
            let by = names.get(seat.index()).cloned().unwrap_or_default();
            return Ok(UndoAnswer::Refused { by, asker });
        }
        let mut allowed = SeatSet::from_bits(request.allowed);
        allowed.insert(seat);
        let still = asked.without(allowed);
        if !still.is_empty() {
            if !self.store.allow_undo(id, version, allowed.bits()).await.map_err(|e| TableError::from_store(e, id))? {
                return Err(TableError::Undo(NOT_OPEN.into()));
            }
            return Ok(UndoAnswer::Waiting(still.iter().filter_map(|s| names.get(s.index()).cloned()).collect()));
        }
        let asker_seat = Seat(request.seat);
        let (before, undoes) = self.undoable(&table, asker_seat).await?;
        let report = self.grant(table, before, asker_seat, undoes).await?;
        self.store.close_undo(id).await.map_err(|e| TableError::from_store(e, id))?;
        Ok(UndoAnswer::Granted(Box::new(report)))
    }

    /// The state before `seat`'s last move and how many actions taking it back drops (the move
    /// and the computer moves right after it), if the game and the log allow it.
    async fn undoable(&self, table: &Loaded, seat: Seat) -> Result<(AnyGame, u16), TableError> {
        let id = table.row.id;
        let log = self.store.log(id).await.map_err(|e| TableError::from_store(e, id))?;
        let kept = in_effect(&log);
        let computers = kept.iter().rev().take_while(|e| e.origin == Origin::Computer).count();
        let Some(last) = kept.len().checked_sub(computers + 1).map(|i| kept[i]) else {
            return Err(TableError::Undo("There is no move of yours to take back yet.".into()));
        };
        if last.seat != seat.0 || last.origin != Origin::Player {
            return Err(TableError::Undo(
                "Only your own last move can be taken back, while nobody else has moved since. Nothing changed.".into(),
            ));
        }
        let start = kept.len() - computers - 1;
        let names = table.names();
        let mut game = replay(&table.row, &kept[..start])?;
        let before = game.clone();
        for entry in &kept[start..] {
            let previous = game.clone();
            let who = Seat(entry.seat);
            game.apply(who, &entry.action, &names).map_err(|e| TableError::Internal(format!("replay: {e}")))?;
            if let Err(refusal) = game.take_back(&previous, who, &entry.action, &names) {
                return Err(TableError::Undo(refusal.to_string()));
            }
        }
        if game != table.game {
            return Err(TableError::Internal(format!("table {id}: the log does not replay to the saved state")));
        }
        let undoes = u16::try_from(kept.len() - start).map_err(|_| TableError::Internal("too many moves".into()))?;
        Ok((before, undoes))
    }

    /// Takes the move back: the game as it was before, an appended log entry saying so, and
    /// everyone waited on asked afresh (new panels, and the turn's clock starts again).
    async fn grant(
        &self,
        mut table: Loaded,
        before: AnyGame,
        seat: Seat,
        undoes: u16,
    ) -> Result<MoveReport, TableError> {
        let name = table.names().get(seat.index()).cloned().unwrap_or_default();
        let mut progress = Progress::opening();
        progress.announce(format!("{name} took back their last move, with everyone's agreement."));
        progress.record_undo(LogEntry { seat: seat.0, action: "undo".into(), origin: Origin::Player, undoes });
        table.game = before;
        self.commit(table, progress, false).await
    }
}

/// The game of `row` rebuilt from its seed and `entries`.
fn replay(row: &TableRow, entries: &[&LogEntry]) -> Result<AnyGame, TableError> {
    let (kind, _) = engine_of(row)?;
    let options: serde_json::Value =
        serde_json::from_str(&row.options).map_err(|e| TableError::Internal(e.to_string()))?;
    let mut game = AnyGame::setup(kind, &options, row.seats.len(), row.seed).map_err(TableError::Setup)?;
    let names: Vec<String> = row.seats.iter().map(|s| s.name.clone()).collect();
    for entry in entries {
        game.apply(Seat(entry.seat), &entry.action, &names)
            .map_err(|e| TableError::Internal(format!("table {}: the log does not replay: {e}", row.id)))?;
    }
    Ok(game)
}
