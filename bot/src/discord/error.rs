//! What can fail in the Discord front end, and whether trying again can help.

use poise::serenity_prelude as serenity;

use super::rows::RowsError;
use crate::table::{TableError, TableId};

/// A failure of the Discord front end. Players never read these: refusals of the table layer
/// are answered with their own sentence, and everything else goes to the operator's log.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Discord refused or could not be reached.
    #[error("Discord: {0}")]
    Discord(Box<serenity::Error>),
    /// The table layer refused or failed.
    #[error(transparent)]
    Table(#[from] TableError),
    /// The Discord side's own rows failed.
    #[error(transparent)]
    Rows(#[from] RowsError),
    /// The table has no place on Discord (opened elsewhere, or its `/play` never finished).
    #[error("table {0} has no place on Discord")]
    NoPlace(TableId),
    /// The table could not be read back.
    #[error("table {0} could not be read")]
    Gone(TableId),
    /// Discord is busy or down: try again later.
    #[error("Discord is busy or unreachable")]
    Busy,
}

impl From<serenity::Error> for Error {
    fn from(error: serenity::Error) -> Self {
        Self::Discord(Box::new(error))
    }
}

/// What a failed delivery means for the next attempt.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Failure {
    /// It may pass (Discord busy, down or unreachable; the database for a moment): try again.
    #[error("{0} (will try again)")]
    Later(String),
    /// Discord refused it for good (a deleted channel, missing permissions): trying again
    /// cannot help.
    #[error("{0}")]
    Never(String),
}

impl Failure {
    /// Whether trying again may help.
    #[must_use]
    pub const fn is_later(&self) -> bool {
        matches!(self, Self::Later(_))
    }
}

/// Discord's JSON error code of a refused request, if it was one.
#[must_use]
pub fn code(error: &serenity::Error) -> Option<isize> {
    match error {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response)) => Some(response.error.code),
        _ => None,
    }
}

/// Discord's "Cannot send messages to this user" (closed DMs).
pub const DMS_CLOSED: isize = 50007;

/// Whether a REST error is Discord refusing a DM.
#[must_use]
pub fn is_dm_closed(error: &serenity::Error) -> bool {
    code(error) == Some(DMS_CLOSED)
}

impl Error {
    /// Whether trying again may help, with what happened in words for the log.
    #[must_use]
    pub fn failure(&self) -> Failure {
        let text = self.to_string();
        match self {
            Self::Discord(error) => match error.as_ref() {
                serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response)) => {
                    let status = response.status_code.as_u16();
                    if status == 429 || status >= 500 { Failure::Later(text) } else { Failure::Never(text) }
                }
                // The request did not get an answer: Discord unreachable, a timeout.
                serenity::Error::Http(serenity::HttpError::Request(_)) | serenity::Error::Io(_) => Failure::Later(text),
                _ => Failure::Never(text),
            },
            Self::Table(error) if error.is_internal() => Failure::Later(error.log_detail()),
            Self::Rows(_) | Self::Gone(_) | Self::Busy => Failure::Later(text),
            Self::Table(_) | Self::NoPlace(_) => Failure::Never(text),
        }
    }
}

/// Why a request to Discord got no answer, with every cause underneath ("connection
/// refused"), for the operator's log.
#[must_use]
pub fn reach_failure(error: &serenity::Error) -> String {
    let mut text = error.to_string();
    let mut cause = std::error::Error::source(error);
    while let Some(inner) = cause {
        let more = inner.to_string();
        if !text.contains(&more) {
            text.push_str(": ");
            text.push_str(&more);
        }
        cause = inner.source();
    }
    text
}
