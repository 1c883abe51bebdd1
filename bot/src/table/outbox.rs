//! The outbox: what a commit means for the outside world, recorded in the same transaction as
//! the move, start, timeout or reminder that causes it, and delivered afterwards by the front
//! end in order per table. Transport-independent: it says *what* people must be told (the
//! board after a move, a player's panel, a reminder), and the Discord deliverer decides how.
//!
//! One entry per commit. Its parts are delivered in a fixed order (see [`Dispatch::parts`]);
//! the store counts the parts confirmed, so after a crash delivery carries on at the first
//! part not confirmed, and a part sent again is recognised by the receiver (Discord's message
//! nonce) rather than posted twice.

use engines::{Seat, Viewer};
use serde::{Deserialize, Serialize};

use super::report::Progress;
use super::vocab::UserId;
use super::{Loaded, narration_for};

/// Everything one commit asks a front end to deliver.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Dispatch {
    /// The lobby began the game: it moves to its own place (a thread) first.
    pub started: bool,
    /// The lobby message changed (seats taken or left, started, cancelled).
    pub lobby: bool,
    /// Private panels to bring up to date, in seat order.
    pub panels: Vec<PanelNote>,
    /// Players a computer took over from with this commit, told how to come back.
    pub away: Vec<UserId>,
    /// The public post after the commit, if it changed the game.
    pub board: Option<BoardNote>,
    /// A half-time reminder.
    pub reminder: Option<ReminderNote>,
    /// The game ended with this commit: its standings go to the server's results channel,
    /// if it has one.
    pub results: bool,
    /// A request to take a move back, put to the people asked (issue #27 item 5).
    pub undo: Option<UndoNote>,
}

/// A request to take a move back, as the people asked see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UndoNote {
    /// Whose move it is.
    pub asker: String,
    /// The people asked to agree.
    pub users: Vec<UserId>,
    /// The table version the request is open at (the answer buttons carry it).
    pub version: i64,
}

/// One player's private panel after a commit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PanelNote {
    /// The player.
    pub user: UserId,
    /// Their seat.
    pub seat: u8,
    /// The game began waiting for them with this commit: a notification, not an edit.
    #[serde(default)]
    pub fresh: bool,
    /// What happened that only they (and perhaps others they share it with) may read.
    #[serde(default)]
    pub lines: Vec<String>,
    /// They made this commit's move and the game lets them ask to take it back: the panel
    /// offers Take back (issue #27 item 5).
    #[serde(default)]
    pub take_back: bool,
}

/// The public post after a commit.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct BoardNote {
    /// What happened, for everybody (a late player's timeout said once, before what was played).
    pub lines: Vec<String>,
    /// Players the game began waiting for: mentioned so that they are notified.
    pub ping: Vec<UserId>,
}

/// A half-time reminder.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReminderNote {
    /// The players still owing their decision.
    pub users: Vec<UserId>,
    /// When their time runs out (unix seconds).
    pub deadline: i64,
}

/// A commit's outbox entry, as the process that made the commit holds it: it delivers the
/// entry at once when it holds the table's claim (else whoever holds it does).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recorded {
    /// The entry's id.
    pub id: i64,
    /// What it asks.
    pub dispatch: Dispatch,
    /// The table version the commit wrote.
    pub version: i64,
    /// Whether this process holds the table's claim, so delivers it now.
    pub claimed: bool,
}

/// One part of a dispatch, in delivery order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Part<'a> {
    /// Open the game's own place (thread) and retire the lobby's buttons.
    Start,
    /// Edit the lobby message.
    Lobby,
    /// One player's panel.
    Panel(&'a PanelNote),
    /// Tell a player a computer plays their seat.
    Away(UserId),
    /// The public post.
    Board(&'a BoardNote),
    /// The reminder post.
    Reminder(&'a ReminderNote),
    /// The standings in the server's results channel.
    Results,
    /// A request to take a move back, with its Allow and Refuse buttons.
    Undo(&'a UndoNote),
}

impl Dispatch {
    /// The parts in delivery order: the thread before anything is posted in it; private panels
    /// before the board, so that a closed-DM note lands before the board it concerns.
    #[must_use]
    pub fn parts(&self) -> Vec<Part<'_>> {
        let mut parts = Vec::new();
        if self.started {
            parts.push(Part::Start);
        }
        if self.lobby {
            parts.push(Part::Lobby);
        }
        parts.extend(self.panels.iter().map(Part::Panel));
        parts.extend(self.away.iter().copied().map(Part::Away));
        if let Some(board) = &self.board {
            parts.push(Part::Board(board));
        }
        if let Some(reminder) = &self.reminder {
            parts.push(Part::Reminder(reminder));
        }
        if self.results {
            parts.push(Part::Results);
        }
        if let Some(undo) = &self.undo {
            parts.push(Part::Undo(undo));
        }
        parts
    }

    /// Whether there is nothing to deliver.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.parts().is_empty()
    }

    /// The stored form.
    ///
    /// # Errors
    /// Never in practice (plain data); a serializer failure is reported rather than hidden.
    pub fn to_json(&self) -> Result<String, serde_json::Error> {
        serde_json::to_string(self)
    }

    /// Reads the stored form. Fields a newer release added are ignored, missing ones default.
    ///
    /// # Errors
    /// When the text is not a dispatch at all.
    pub fn from_json(text: &str) -> Result<Self, serde_json::Error> {
        serde_json::from_str(text)
    }

    /// What a commit of moves, seat changes and table lines means: each human's panel (a new
    /// notification for those the game began waiting for), the players a computer took over
    /// from, and the board post (the public lines, a late player's timeout among them, and
    /// a mention of exactly the players newly waited for).
    pub(crate) fn of_commit(progress: &Progress, table: &Loaded) -> Self {
        let fresh = progress.fresh(table.game.pending().must_seats());
        let seats = &table.row.seats;
        let user_of = |seat: Seat| seats.get(seat.index()).and_then(|s| s.user);
        let panels = seats
            .iter()
            .filter_map(|row| {
                let user = row.user?;
                let seat = Seat(row.seat);
                let lines = progress.private_lines(seat);
                let take_back = progress.offers_take_back() == Some(seat) && !table.game.resigned(seat);
                Some(PanelNote { user, seat: row.seat, fresh: fresh.contains(seat), lines, take_back })
            })
            .collect();
        let away = progress.went_away_seats().iter().filter_map(user_of).collect();
        let ping = fresh.iter().filter(|s| seats.get(s.index()).is_some_and(|r| !r.away)).filter_map(user_of).collect();
        let lines = narration_for(progress.narration(), Viewer::Public);
        Self { panels, away, board: Some(BoardNote { lines, ping }), ..Self::default() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_come_in_delivery_order_and_the_stored_form_round_trips() {
        let panel = PanelNote {
            user: UserId(7),
            seat: 1,
            fresh: true,
            lines: vec!["You drew the 4♠.".into()],
            take_back: false,
        };
        let dispatch = Dispatch {
            started: true,
            lobby: true,
            panels: vec![panel.clone()],
            away: vec![UserId(9)],
            board: Some(BoardNote { lines: vec!["Ann passes.".into()], ping: vec![UserId(7)] }),
            reminder: None,
            results: false,
            undo: Some(UndoNote { asker: "Ann".into(), users: vec![UserId(9)], version: 4 }),
        };
        let board = dispatch.board.clone().expect("board");
        let undo = dispatch.undo.clone().expect("undo");
        assert_eq!(
            dispatch.parts(),
            vec![
                Part::Start,
                Part::Lobby,
                Part::Panel(&panel),
                Part::Away(UserId(9)),
                Part::Board(&board),
                Part::Undo(&undo)
            ]
        );
        let json = dispatch.to_json().expect("json");
        assert_eq!(Dispatch::from_json(&json).expect("reads back"), dispatch);
        // A release that adds a field, or leaves one out, still reads.
        let newer = json.replacen('{', "{\"pinned\":true,", 1);
        assert_eq!(Dispatch::from_json(&newer).expect("newer"), dispatch);
        assert_eq!(Dispatch::from_json("{}").expect("empty"), Dispatch::default());
        assert!(Dispatch::default().is_empty());
    }
}
