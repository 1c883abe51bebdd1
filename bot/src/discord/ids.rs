//! Component ids: every button and menu carries its table (and, for moves, the board version),
//! so the global router can serve them after a restart. A step of entering a move carries the
//! options chosen so far by their place in each step's list (one character a step), never the
//! action text, so any action of any length can be entered within Discord's 100 characters.

use engines::GameKind;

use crate::table::{Path, TableId, UserId};

/// What a component does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ComponentId {
    /// A lobby button.
    Lobby(TableId, LobbyOp),
    /// A step of entering a move: the options chosen so far, this button's included.
    Step { table: TableId, version: i64, path: Path },
    /// Submits the action the options chosen so far make (a whole action that could also be
    /// extended, so it has its own button).
    Confirm { table: TableId, version: i64, path: Path },
    /// A select menu of steps: the chosen option is appended to `path`.
    Select { table: TableId, version: i64, path: Path },
    /// A button of a board posted by an earlier release, which carried the action text.
    Legacy { kind: LegacyKind, table: TableId, version: i64, text: String },
    /// "What do these mean?": explains, privately, each option of the step `path` reaches.
    Explain { table: TableId, version: i64, path: Path },
    /// Opens the clicker's private panel (view and choices).
    Panel(TableId),
    /// "I'm back": the clicker takes their seat back from the computer playing it.
    Rejoin(TableId),
    /// Rematch of a finished table.
    Rematch(TableId),
    /// "Skip pings for this turn" on a player's private panel.
    SkipPings(TableId),
    /// A toggle of the clicker's own notification settings (`/settings`); no table.
    Settings(SettingsOp),
    /// "Take back" under the answer to a move (undo by consent).
    TakeBack(TableId),
    /// Allow or Refuse a request to take back a move, asked at `version`.
    UndoVote { table: TableId, version: i64, allow: bool },
    /// A page of a game's leaderboard on the clicker's server; no table.
    Leaderboard { game: GameKind, page: usize },
    /// A page of the finished games on the clicker's server (of a player and a game, when
    /// given); no table.
    History { player: Option<UserId>, game: Option<GameKind>, page: usize },
}

/// The toggles of the `/settings` panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SettingsOp {
    /// A DM when a game starts waiting for you.
    Dm,
    /// A mention in the game's thread.
    Mention,
    /// The half-time reminder.
    HalfTime,
    /// The time-zone menu (the value is an IANA name).
    Zone,
    /// The menu of when quiet hours start (the value is minutes after midnight, or "off").
    QuietFrom,
    /// The menu of when quiet hours end (the value is minutes after midnight).
    QuietUntil,
    /// The menu of the daily digest's hour (the value is an hour, or "off").
    Digest,
    /// Listed on leaderboards, stats and history shown to others.
    Listed,
    /// Small board pictures in the player's own panel and DMs.
    SmallPictures,
}

impl SettingsOp {
    /// Every toggle, in the panel's order.
    pub const ALL: [Self; 5] = [Self::Dm, Self::Mention, Self::HalfTime, Self::Listed, Self::SmallPictures];
    /// Every menu, in the panel's order.
    pub const MENUS: [Self; 4] = [Self::Zone, Self::QuietFrom, Self::QuietUntil, Self::Digest];

    const fn code(self) -> &'static str {
        match self {
            Self::Dm => "dm",
            Self::Mention => "mention",
            Self::HalfTime => "half",
            Self::Zone => "tz",
            Self::QuietFrom => "qf",
            Self::QuietUntil => "qu",
            Self::Digest => "dg",
            Self::Listed => "ls",
            Self::SmallPictures => "sp",
        }
    }
}

/// What a legacy id did with its text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LegacyKind {
    /// A step: the text so far.
    Step,
    /// Confirm the text.
    Confirm,
    /// A select menu: the value is appended to the text.
    Select,
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
    /// The choices it carries are not a path of steps.
    #[error("This control's choices cannot be read (\"{0}\"). Use /hand for your current choices.")]
    Path(String),
}

/// Discord's limit on a component id.
pub const MAX_ID: usize = 100;

/// The characters that stand for a step's option, by its place in the step's list.
const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";

/// A path as id text: one character per step.
#[must_use]
pub fn path_text(path: &[u8]) -> String {
    path.iter().map(|&i| DIGITS.get(usize::from(i)).map_or('?', |&d| char::from(d))).collect()
}

/// A path from id text; `None` when a character stands for no option.
#[must_use]
pub fn parse_path(text: &str) -> Option<Path> {
    text.bytes().map(|b| DIGITS.iter().position(|&d| d == b).and_then(|i| u8::try_from(i).ok())).collect()
}

impl ComponentId {
    /// The table the control belongs to.
    #[must_use]
    pub const fn table(&self) -> Option<TableId> {
        match self {
            Self::Lobby(table, _)
            | Self::Panel(table)
            | Self::Rejoin(table)
            | Self::Rematch(table)
            | Self::SkipPings(table)
            | Self::TakeBack(table)
            | Self::UndoVote { table, .. } => Some(*table),
            Self::Step { table, .. }
            | Self::Confirm { table, .. }
            | Self::Select { table, .. }
            | Self::Explain { table, .. }
            | Self::Legacy { table, .. } => Some(*table),
            Self::Settings(_) | Self::Leaderboard { .. } | Self::History { .. } => None,
        }
    }

    /// The id as sent to Discord; `None` when it would exceed [`MAX_ID`] (a path of more steps
    /// than any game's action has).
    #[must_use]
    pub fn encode(&self) -> Option<String> {
        let id = match self {
            Self::Lobby(table, op) => format!("l:{table}:{}", op.code()),
            Self::Step { table, version, path } => format!("M:{table}:{version}:{}", path_text(path)),
            Self::Confirm { table, version, path } => format!("C:{table}:{version}:{}", path_text(path)),
            Self::Select { table, version, path } => format!("S:{table}:{version}:{}", path_text(path)),
            Self::Explain { table, version, path } => format!("X:{table}:{version}:{}", path_text(path)),
            Self::Legacy { kind, table, version, text } => {
                let code = match kind {
                    LegacyKind::Step => 'm',
                    LegacyKind::Confirm => 'c',
                    LegacyKind::Select => 's',
                };
                format!("{code}:{table}:{version}:{text}")
            }
            Self::Panel(table) => format!("p:{table}"),
            Self::Rejoin(table) => format!("r:{table}"),
            Self::Rematch(table) => format!("a:{table}"),
            Self::SkipPings(table) => format!("k:{table}"),
            Self::Settings(op) => format!("u:{}", op.code()),
            Self::TakeBack(table) => format!("t:{table}"),
            Self::UndoVote { table, version, allow } => {
                format!("v:{table}:{version}:{}", if *allow { 'y' } else { 'n' })
            }
            Self::Leaderboard { game, page } => format!("b:{}:{page}", game.id()),
            Self::History { player, game, page } => {
                format!("h:{}:{}:{page}", player.map_or(0, |p| p.0), game.map_or("-", GameKind::id))
            }
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
        if kind == "u" {
            return SettingsOp::ALL
                .into_iter()
                .chain(SettingsOp::MENUS)
                .find(|op| op.code() == table)
                .map(Self::Settings)
                .ok_or_else(|| BadId::Verb(clip(table)));
        }
        if kind == "b" || kind == "h" {
            return list_page(kind, table, parts);
        }
        if !matches!(kind, "l" | "p" | "r" | "a" | "k" | "t" | "v" | "m" | "s" | "c" | "M" | "S" | "C" | "X") {
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
            "a" => Ok(Self::Rematch(table)),
            "k" => Ok(Self::SkipPings(table)),
            "t" => Ok(Self::TakeBack(table)),
            _ => {
                let version = parts.next().unwrap_or_default();
                let version = version.parse().ok().filter(|v| *v >= 0).ok_or_else(|| BadId::Version(clip(version)))?;
                let rest = parts.next().unwrap_or_default();
                let path = || parse_path(rest).ok_or_else(|| BadId::Path(clip(rest)));
                Ok(match kind {
                    "v" => match rest {
                        "y" => Self::UndoVote { table, version, allow: true },
                        "n" => Self::UndoVote { table, version, allow: false },
                        other => return Err(BadId::Verb(clip(other))),
                    },
                    "M" => Self::Step { table, version, path: path()? },
                    "C" => Self::Confirm { table, version, path: path()? },
                    "S" => Self::Select { table, version, path: path()? },
                    "X" => Self::Explain { table, version, path: path()? },
                    legacy => {
                        let kind = match legacy {
                            "m" => LegacyKind::Step,
                            "c" => LegacyKind::Confirm,
                            _ => LegacyKind::Select,
                        };
                        Self::Legacy { kind, table, version, text: rest.to_string() }
                    }
                })
            }
        }
    }
}

/// A page of a leaderboard (`b:game:page`) or history (`h:player:game:page`); `first` is the
/// part after the kind.
fn list_page<'a>(kind: &str, first: &str, mut rest: impl Iterator<Item = &'a str>) -> Result<ComponentId, BadId> {
    let game = |text: &str| text.parse::<GameKind>().map_err(|_| BadId::Verb(clip(text)));
    let page = |text: Option<&str>| {
        let text = text.unwrap_or_default();
        text.parse::<usize>().ok().filter(|p| *p > 0).ok_or_else(|| BadId::Version(clip(text)))
    };
    if kind == "b" {
        return Ok(ComponentId::Leaderboard { game: game(first)?, page: page(rest.next())? });
    }
    let player = first.parse::<u64>().map_err(|_| BadId::Verb(clip(first)))?;
    let game = match rest.next().unwrap_or_default() {
        "-" => None,
        text => Some(game(text)?),
    };
    Ok(ComponentId::History { player: (player != 0).then_some(UserId(player)), game, page: page(rest.next())? })
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
            ComponentId::Step { table: TableId(12), version: 40, path: vec![3, 0, 24] },
            ComponentId::Select { table: TableId(3), version: 1, path: Vec::new() },
            ComponentId::Explain { table: TableId(3), version: 1, path: vec![2] },
            ComponentId::Confirm { table: TableId(3), version: 2, path: vec![1, 12] },
            ComponentId::Legacy { kind: LegacyKind::Step, table: TableId(3), version: 2, text: "play 10H".into() },
            ComponentId::Panel(TableId(99)),
            ComponentId::Rejoin(TableId(7)),
            ComponentId::TakeBack(TableId(7)),
            ComponentId::UndoVote { table: TableId(7), version: 31, allow: true },
            ComponentId::UndoVote { table: TableId(7), version: 31, allow: false },
            ComponentId::Leaderboard { game: GameKind::Raja, page: 3 },
            ComponentId::History { player: Some(UserId(u64::MAX)), game: Some(GameKind::Martian12s), page: 1 },
            ComponentId::History { player: None, game: None, page: 12 },
        ];
        assert_eq!(ComponentId::decode("v:7:31:x"), Err(BadId::Verb("x".into())), "an answer is y or n");
        for id in ids {
            let text = id.encode().expect("fits");
            assert_eq!(ComponentId::decode(&text), Ok(id));
        }
        // Seventy steps of the largest table number and version still fit.
        let deep = ComponentId::Step { table: TableId(i64::from(u32::MAX)), version: 9_999_999, path: vec![24; 70] };
        assert!(deep.encode().is_some_and(|id| id.len() <= MAX_ID));
        assert_eq!(parse_path(&path_text(&[0, 9, 10, 24, 35])), Some(vec![0, 9, 10, 24, 35]));
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
            ("M:0:1:3", BadId::Table("0".into())),
            ("M:2:99999999999999999999:1", BadId::Version("99999999999999999999".into())),
            ("m:1:notanumber:pass", BadId::Version("notanumber".into())),
            ("M:1:4:3 pass", BadId::Path("3 pass".into())),
            ("l:4:dance", BadId::Verb("dance".into())),
            ("b:chess:1", BadId::Verb("chess".into())),
            ("b:raja:0", BadId::Version("0".into())),
            ("h:0:-:x", BadId::Version("x".into())),
        ];
        for (id, error) in cases {
            assert_eq!(ComponentId::decode(id), Err(error), "{id}");
        }
        assert!(BadId::Verb("dance".into()).to_string().contains("/status"));
    }
}
