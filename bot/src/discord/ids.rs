//! Component ids: every button and menu carries its table (and, for moves, the board
//! version), so the global router can serve them after a restart. At most 100 characters.

use crate::store::TableId;

/// What a component does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ComponentId {
    /// A lobby button.
    Lobby(TableId, LobbyOp),
    /// A step of entering a move: the action text so far, including this button's token.
    Step { table: TableId, version: i64, text: String },
    /// Submits `text`, a whole action that could also be extended (so it has its own button).
    Confirm { table: TableId, version: i64, text: String },
    /// A select menu of steps: the chosen value is appended to `prefix`.
    Select { table: TableId, version: i64, prefix: String },
    /// Opens the clicker's private panel (view and choices).
    Panel(TableId),
    /// "I'm back": the clicker takes their seat back from the computer playing it.
    Rejoin(TableId),
}

/// Lobby buttons.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LobbyOp {
    /// Take a seat.
    Join,
    /// Give up a seat.
    Leave,
    /// Seat a computer player (a menu of strengths; a plain click seats the default one).
    Computer,
    /// Start (host).
    Start,
    /// Cancel (host).
    Cancel,
}

impl LobbyOp {
    const fn code(self) -> &'static str {
        match self {
            Self::Join => "join",
            Self::Leave => "leave",
            Self::Computer => "bot",
            Self::Start => "start",
            Self::Cancel => "cancel",
        }
    }

    fn parse(code: &str) -> Option<Self> {
        [Self::Join, Self::Leave, Self::Computer, Self::Start, Self::Cancel].into_iter().find(|op| op.code() == code)
    }
}

/// Why a component id could not be read. `Display` is the sentence for the player who
/// clicked: every click is answered, never left to "This interaction failed".
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BadId {
    /// Not of the form `kind:table:…` at all.
    #[error("This control is not one Saloon made, so it does nothing. Use /status in a game's channel for its board.")]
    Unreadable,
    /// The table number is missing, not a number, or too large.
    #[error("This control names no table Saloon knows (\"{0}\"). Use /games to see your tables.")]
    Table(String),
    /// A kind of control or lobby verb Saloon does not have.
    #[error("This control asks for something Saloon does not do (\"{0}\"). Use /status for the current board.")]
    Verb(String),
    /// The board version is missing, not a number or out of range.
    #[error("This control is from a board Saloon cannot place (version \"{0}\"). Use /status for the current board.")]
    Version(String),
}

/// Discord's limit on a component id.
pub const MAX_ID: usize = 100;

impl ComponentId {
    /// The id as sent to Discord; `None` when it would exceed [`MAX_ID`].
    #[must_use]
    pub fn encode(&self) -> Option<String> {
        let id = match self {
            Self::Lobby(table, op) => format!("l:{table}:{}", op.code()),
            Self::Step { table, version, text } => format!("m:{table}:{version}:{text}"),
            Self::Confirm { table, version, text } => format!("c:{table}:{version}:{text}"),
            Self::Select { table, version, prefix } => format!("s:{table}:{version}:{prefix}"),
            Self::Panel(table) => format!("p:{table}"),
            Self::Rejoin(table) => format!("r:{table}"),
        };
        (id.len() <= MAX_ID).then_some(id)
    }

    /// Reads an id.
    ///
    /// # Errors
    /// [`BadId`] says what is wrong with it, for the player who clicked.
    pub fn decode(id: &str) -> Result<Self, BadId> {
        let mut parts = id.splitn(4, ':');
        let (Some(kind), Some(table)) = (parts.next(), parts.next()) else { return Err(BadId::Unreadable) };
        if !matches!(kind, "l" | "p" | "r" | "m" | "s" | "c") {
            return Err(if kind.is_empty() { BadId::Unreadable } else { BadId::Verb(clip(kind)) });
        }
        let table = TableId(table.parse().ok().filter(|t| *t > 0).ok_or_else(|| BadId::Table(clip(table)))?);
        match kind {
            "l" => {
                let verb = parts.next().unwrap_or_default();
                Ok(Self::Lobby(table, LobbyOp::parse(verb).ok_or_else(|| BadId::Verb(clip(verb)))?))
            }
            "p" => Ok(Self::Panel(table)),
            "r" => Ok(Self::Rejoin(table)),
            _ => {
                let version = parts.next().unwrap_or_default();
                let version = version.parse().ok().filter(|v| *v >= 0).ok_or_else(|| BadId::Version(clip(version)))?;
                let text = parts.next().unwrap_or_default().to_string();
                Ok(match kind {
                    "m" => Self::Step { table, version, text },
                    "c" => Self::Confirm { table, version, text },
                    _ => Self::Select { table, version, prefix: text },
                })
            }
        }
    }
}

/// A piece of a bad id, cut short for a message.
fn clip(text: &str) -> String {
    text.chars().take(24).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_stay_short() {
        let ids = [
            ComponentId::Lobby(TableId(12), LobbyOp::Computer),
            ComponentId::Step { table: TableId(12), version: 40, text: "play 10H cost 2H: e 4".into() },
            ComponentId::Select { table: TableId(3), version: 1, prefix: String::new() },
            ComponentId::Confirm { table: TableId(3), version: 2, text: "bid 12".into() },
            ComponentId::Panel(TableId(99)),
            ComponentId::Rejoin(TableId(7)),
        ];
        for id in ids {
            let text = id.encode().expect("fits");
            assert_eq!(ComponentId::decode(&text), Ok(id));
        }
        let long = ComponentId::Step { table: TableId(1), version: 1, text: "x".repeat(120) };
        assert_eq!(long.encode(), None);
    }

    #[test]
    fn broken_ids_say_what_is_wrong() {
        let cases = [
            ("", BadId::Unreadable),
            ("garbage", BadId::Unreadable),
            ("p", BadId::Unreadable),
            ("::::", BadId::Unreadable),
            ("x:1:2", BadId::Verb("x".into())),
            ("m:abc:1:pass", BadId::Table("abc".into())),
            ("m:0:1:pass", BadId::Table("0".into())),
            ("m:2:99999999999999999999:pass", BadId::Version("99999999999999999999".into())),
            ("m:1:notanumber:pass", BadId::Version("notanumber".into())),
            ("l:4:dance", BadId::Verb("dance".into())),
        ];
        for (id, error) in cases {
            assert_eq!(ComponentId::decode(id), Err(error), "{id}");
        }
        assert!(BadId::Verb("dance".into()).to_string().contains("/status"));
    }
}
