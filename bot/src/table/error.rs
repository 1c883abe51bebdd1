//! What the table layer refuses, in words for the player; internal failures keep their
//! details for the log only.

use engines::{ActionError, AnyGame, RuleErrorKind, Seat, SetupError};

use crate::store::{Fault, StoreError};
use crate::table::vocab::TableId;

/// A refused table operation. `Display` is the message for the player.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    /// Unknown table id.
    #[error("There is no table #{0}.")]
    NoSuchTable(TableId),
    /// The user has no seat there.
    #[error("You are not seated at table #{0}.")]
    NotSeated(TableId),
    /// The player named in a host's request has no seat there.
    #[error("{0} has no seat at table #{1} that a person plays.")]
    NoSuchPlayer(String, TableId),
    /// Still in the lobby.
    #[error("Table #{0} has not started yet.")]
    NotStarted(TableId),
    /// Finished or abandoned.
    #[error("Table #{0} is over; nothing can change there now.")]
    Over(TableId),
    /// Someone else must decide.
    #[error("It is not your decision now; waiting for {waiting}.")]
    NotYourDecision {
        /// Names of the players the game waits for.
        waiting: String,
    },
    /// The rules refuse the action.
    #[error("{reason} You may: {allowed}.")]
    Illegal {
        /// What is wrong.
        reason: String,
        /// What would be allowed now.
        allowed: String,
    },
    /// The board changed since the player looked.
    #[error("The board changed since you looked (table #{0}); here is the current one.")]
    Stale(TableId),
    /// The game does not allow resigning now.
    #[error("You cannot resign from this game now.")]
    CannotResign,
    /// The player has resigned from this game.
    #[error("You have resigned from table #{0}; you can watch, but not play.")]
    Resigned(TableId),
    /// A lobby operation on a table that is not in its lobby.
    #[error("Table #{0} is not taking seats.")]
    NotInLobby(TableId),
    /// Every seat is taken.
    #[error("Table #{0} is full.")]
    Full(TableId),
    /// Seated already.
    #[error("You already have a seat at table #{0}.")]
    AlreadySeated(TableId),
    /// A computer plays the user's seat while they are away.
    #[error(
        "A computer is playing your seat at table #{0} while you are away; use /rejoin (or the I'm back button) to play again."
    )]
    Away(TableId),
    /// `/rejoin` by a player who is playing their seat.
    #[error("You are playing your own seat at table #{0} already; nothing to rejoin.")]
    NotAway(TableId),
    /// Only the host may do this.
    #[error("Only the host of table #{0} can do that.")]
    NotHost(TableId),
    /// More computer players asked for than there are free seats.
    #[error("A table of {players} has room for at most {most} computer players besides the people seated.")]
    TooManyComputers {
        /// Seats at the table.
        players: usize,
        /// Computer players that fit.
        most: usize,
    },
    /// Too few players to start.
    #[error("{game} needs at least {need} players; {have} seated.")]
    TooFew {
        /// The game.
        game: &'static str,
        /// Players needed.
        need: usize,
        /// Players seated.
        have: usize,
    },
    /// The table is paused: nobody can move until it is unpaused.
    #[error("Table #{0} is paused: nobody can move until the host (or a moderator) unpauses it with /pause.")]
    Paused(TableId),
    /// `/pause` on a table already paused.
    #[error("Table #{0} is paused already; use /pause again with on set to false to unpause it.")]
    AlreadyPaused(TableId),
    /// Unpausing a table that is not paused.
    #[error("Table #{0} is not paused; nothing to unpause.")]
    NotPaused(TableId),
    /// A note longer than allowed.
    #[error("A note may be at most {most} characters; yours has {got}. Nothing was saved.")]
    NoteTooLong {
        /// The most allowed.
        most: usize,
        /// The note's length.
        got: usize,
    },
    /// A rematch of a game not over.
    #[error("The game at table #{0} is not over; a rematch can be asked for once it ends.")]
    NotOver(TableId),
    /// A rematch asked by someone who did not play.
    #[error("Only the players of table #{0} can ask for its rematch.")]
    NotPlayer(TableId),
    /// An export or a check of a game not over.
    #[error("The game at table #{0} is not over yet; its log can be exported and checked once it ends.")]
    NotFinished(TableId),
    /// An export asked by someone who did not play.
    #[error("Only the players of table #{0} can export its log; anyone can check a log with /verify.")]
    NotAPlayerOf(TableId),
    /// The rematch began already.
    #[error("The rematch of table #{old} has begun already: it is table #{new}.")]
    RematchBegan {
        /// The finished table.
        old: TableId,
        /// Its rematch.
        new: TableId,
    },
    /// A rematch started before everyone confirmed.
    #[error("The rematch starts once everyone seated has confirmed with Join; still to confirm: {names}.")]
    Unconfirmed {
        /// Who has not confirmed.
        names: String,
    },
    /// A request to take a move back refused, or an answer to one that is not open: the
    /// sentence says why.
    #[error("{0}")]
    Undo(String),
    /// Away time refused.
    #[error("{0}")]
    AwayTime(#[from] super::away::AwayError),
    /// A setting refused.
    #[error("{0}")]
    Setting(#[from] super::settings::SettingError),
    /// The game refused its setup (player count, options) or is not playable yet.
    #[error("{0}")]
    Setup(SetupError),
    /// The table's saved row cannot be read (a damaged state, seats or game name): this table
    /// cannot be played, the others are not affected.
    #[error(
        "Table #{table}'s saved state is damaged, so it cannot be played; the other tables are fine. Please tell the server's admin."
    )]
    Damaged {
        /// The table.
        table: TableId,
        /// What is wrong, for the log.
        detail: String,
    },
    /// Storage failed for a reason the player can pass on to whoever runs the bot (the disk
    /// is full, the database file was deleted…); nothing was saved.
    #[error("{}", storage_sentence(*.fault))]
    Storage {
        /// What the failure means.
        fault: Fault,
        /// What happened, for the log.
        detail: String,
    },
    /// Something failed on Saloon's side; the player sees only that nothing changed.
    #[error(
        "Something went wrong on Saloon's side, and nothing was changed. If it happens again, please tell the server's admin."
    )]
    Internal(String),
}

/// What a player reads when storage fails: the cause, that nothing was saved, and who can
/// help (trying again only where it can).
const fn storage_sentence(fault: Fault) -> &'static str {
    match fault {
        Fault::DiskFull => {
            "The bot's disk is full, so what you just did was not saved. Please tell the server's admin."
        }
        Fault::ReadOnly => {
            "The bot cannot write to its database (it is read-only), so what you just did was not saved. \
Please tell the server's admin."
        }
        Fault::Damaged => "The bot's database file is damaged. Please tell the server's admin.",
        Fault::FileGone => {
            "The bot's database file was deleted or replaced while the bot was running, so what you just did was \
not saved. Please tell the server's admin: the bot needs a restart."
        }
        Fault::Busy => "The bot's database is busy or out of reach just now. Try again in a minute.",
        Fault::Other => {
            "Something went wrong on Saloon's side, and nothing was changed. If it happens again, please tell the server's admin."
        }
    }
}

impl TableError {
    /// A storage failure while working on table `id`.
    pub(crate) fn from_store(error: StoreError, id: TableId) -> Self {
        match error {
            StoreError::NotFound(_) => Self::NoSuchTable(id),
            StoreError::Stale { .. } => Self::Stale(id),
            StoreError::Corrupt(detail) => Self::Damaged { table: id, detail },
            other => Self::store(other),
        }
    }

    /// A storage failure, named by what it means for whoever can act on it.
    pub(crate) fn store(error: StoreError) -> Self {
        Self::Storage { fault: Fault::of(&error), detail: error.to_string() }
    }

    /// A failure of the database under a front end's own rows, in the same words as the
    /// tables' own.
    #[must_use]
    pub fn of_database(error: &sqlx::Error) -> Self {
        Self::Storage { fault: Fault::of_sqlx(error), detail: format!("database error: {error}") }
    }

    /// Table `id`'s saved row cannot be read.
    pub(crate) fn damaged(id: TableId, detail: impl Into<String>) -> Self {
        Self::Damaged { table: id, detail: detail.into() }
    }

    /// An engine refusal at table `id`, matched on its kind: the opening checks become the
    /// table's own messages (with players' names), a rule's refusal lists the legal choices
    /// of `seat` by their labels (the words on its buttons, never the action text).
    pub(crate) fn illegal(id: TableId, game: &AnyGame, seat: Seat, names: &[String], error: &ActionError) -> Self {
        let mut reason = match error {
            ActionError::Parse(parse) => format!("\"{}\" is not a move here", super::quoted(parse.text.trim())),
            ActionError::Rule(rule) => match rule.kind {
                RuleErrorKind::GameOver => return Self::Over(id),
                RuleErrorKind::Resigned => return Self::Resigned(id),
                RuleErrorKind::UnknownSeat => return Self::NotSeated(id),
                RuleErrorKind::NotYourDecision => {
                    let waiting: Vec<String> = rule
                        .waiting
                        .iter()
                        .map(|s| names.get(s.index()).cloned().unwrap_or_else(|| s.to_string()))
                        .collect();
                    return Self::NotYourDecision { waiting: waiting.join(", ") };
                }
                RuleErrorKind::Illegal => rule.to_string(),
            },
        };
        if !reason.ends_with('.') {
            reason.push('.');
        }
        if let Some(first) = reason.get(..1) {
            reason = first.to_uppercase() + &reason[1..];
        }
        let mut legal: Vec<String> = game.legal_actions(seat, names).into_iter().map(|a| a.label).collect();
        legal.dedup();
        let allowed = if legal.len() > 12 {
            format!("{}; or one of {} more", legal[..12].join("; "), legal.len() - 12)
        } else {
            legal.join("; ")
        };
        Self::Illegal { reason, allowed }
    }

    /// Whether the details belong in the log (a failure of Saloon, not of the player).
    #[must_use]
    pub const fn is_internal(&self) -> bool {
        matches!(self, Self::Internal(_) | Self::Storage { .. } | Self::Damaged { .. })
    }

    /// Whether the same request may succeed later without anyone's help (the database was
    /// busy for a moment); `false` for a refusal, a damaged table, a full disk.
    #[must_use]
    pub const fn may_pass(&self) -> bool {
        match self {
            Self::Storage { fault, .. } => fault.may_pass(),
            Self::Internal(_) => true,
            _ => false,
        }
    }

    /// Details for the log (never shown to players).
    #[must_use]
    pub fn log_detail(&self) -> String {
        match self {
            Self::Internal(detail) | Self::Storage { detail, .. } => detail.clone(),
            Self::Damaged { table, detail } => format!("table {table}'s saved row cannot be read: {detail}"),
            other => other.to_string(),
        }
    }
}
