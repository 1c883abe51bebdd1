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
}

/// Lobby buttons.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LobbyOp {
    /// Take a seat.
    Join,
    /// Give up a seat.
    Leave,
    /// Seat a computer player.
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
        };
        (id.len() <= MAX_ID).then_some(id)
    }

    /// Reads an id; `None` for anything that is not Saloon's.
    #[must_use]
    pub fn decode(id: &str) -> Option<Self> {
        let mut parts = id.splitn(4, ':');
        let kind = parts.next()?;
        let table = TableId(parts.next()?.parse().ok()?);
        match kind {
            "l" => Some(Self::Lobby(table, LobbyOp::parse(parts.next()?)?)),
            "p" => Some(Self::Panel(table)),
            "m" | "s" | "c" => {
                let version = parts.next()?.parse().ok()?;
                let text = parts.next().unwrap_or_default().to_string();
                Some(match kind {
                    "m" => Self::Step { table, version, text },
                    "c" => Self::Confirm { table, version, text },
                    _ => Self::Select { table, version, prefix: text },
                })
            }
            _ => None,
        }
    }
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
        ];
        for id in ids {
            let text = id.encode().expect("fits");
            assert_eq!(ComponentId::decode(&text), Some(id));
        }
        let long = ComponentId::Step { table: TableId(1), version: 1, text: "x".repeat(120) };
        assert_eq!(long.encode(), None);
    }

    #[test]
    fn foreign_or_broken_ids_are_ignored() {
        for id in ["", "x:1:2", "m:abc:1:pass", "m:1:notanumber:pass", "l:1:dance", "p"] {
            assert_eq!(ComponentId::decode(id), None, "{id}");
        }
    }
}
