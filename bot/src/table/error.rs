//! What the table layer refuses, in words for the player; internal failures keep their
//! details for the log only.

use engines::{ActionError, AnyGame, RuleErrorKind, Seat, SetupError};

use crate::store::{StoreError, TableId};

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
    /// The game refused its setup (player count, options) or is not playable yet.
    #[error("{0}")]
    Setup(SetupError),
    /// Something failed on Saloon's side; the player sees only that nothing changed.
    #[error("Something went wrong on our side; nothing was changed. Please try again.")]
    Internal(String),
}

impl TableError {
    pub(crate) fn from_store(error: StoreError, id: TableId) -> Self {
        match error {
            StoreError::NotFound(_) => Self::NoSuchTable(id),
            StoreError::Stale { .. } => Self::Stale(id),
            other => Self::Internal(other.to_string()),
        }
    }

    pub(crate) fn store(error: StoreError) -> Self {
        Self::Internal(error.to_string())
    }

    /// An engine refusal at table `id`, matched on its kind: the opening checks become the
    /// table's own messages (with players' names), a rule's refusal lists the legal choices
    /// of `seat` by their labels (the words on its buttons, never the action text).
    pub(crate) fn illegal(id: TableId, game: &AnyGame, seat: Seat, names: &[String], error: &ActionError) -> Self {
        let mut reason = match error {
            ActionError::Parse(parse) => format!("\"{}\" is not a move here", parse.text.trim()),
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
        matches!(self, Self::Internal(_))
    }

    /// Details for the log (never shown to players).
    #[must_use]
    pub fn log_detail(&self) -> String {
        match self {
            Self::Internal(detail) => detail.clone(),
            other => other.to_string(),
        }
    }
}
