//! Gunslinger Gang decisions (§4) and their text forms.
//!
//! | spec | text |
//! |---|---|
//! | `PlayUnderling{card, town, news, under_top}` | `play RANCHER B1 N05`, `play KID B2 none under` |
//! | `Reveal{town}` / `RevealSecond{town}` / `Skip` | `reveal B2`, `second B2`, `skip` |
//! | `NewsTiming{Before,After,Keep}` | `before`, `after`, `keep` |
//! | `ChooseAbility{A,B,C,Dynamite}` | `use A`, `use B`, `use C`, `use dynamite` |
//! | `Move{from, kind}` / `Promote{role}` / `Demote{role}` | `move B1 outlaw`, `promote sheriff`, `demote deputy` |
//! | `Lasso{player,to}` / `Push{player,to}` | `lasso Blue C3`, `push Blue B2` |
//! | `Ambush{player}` / `Blast{player}` / `Turncoat{player}` | `ambush Blue`, `blast Red`, `turncoat Green` |
//! | `ElectPromote{role}` / `SwearIn{role}` | `elect sheriff`, `swear deputy` |
//! | `Drive{to, count}` / `RailMove{from, kind}` | `drive B2 3`, `rail A1 sheriff` |
//! | `EndAbility` / `EndNews` | `done` |
//! | resign (Designed) | `resign` |

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::board::Pos;
use super::cards::{Colour, News, Underling};
use crate::game::ParseActionError;
use crate::parts::words::{UnknownWord, word_enum};

/// A lawman role (§2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[allow(missing_docs)]
pub enum Role {
    Sheriff,
    Deputy,
}

impl Role {
    /// Both roles, sheriff first.
    pub const ALL: [Self; 2] = [Self::Sheriff, Self::Deputy];

    /// `sheriff` or `deputy`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Sheriff => "sheriff",
            Self::Deputy => "deputy",
        }
    }
}

word_enum!(Role, "a role");

/// What kind of gunslinger moves (§4.6 `Move{from, kind}`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[allow(missing_docs)]
pub enum Piece {
    Outlaw,
    Lawman(Role),
}

impl Piece {
    /// Outlaw, sheriff, deputy.
    pub const ALL: [Self; 3] = [Self::Outlaw, Self::Lawman(Role::Sheriff), Self::Lawman(Role::Deputy)];

    /// `outlaw`, `sheriff` or `deputy`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Outlaw => "outlaw",
            Self::Lawman(role) => role.name(),
        }
    }
}

word_enum!(Piece, "a piece");

/// When an attached News Story resolves (§4.4 step 2, R11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[allow(missing_docs)]
pub enum Timing {
    Before,
    After,
    Keep,
}

impl Timing {
    /// In menu order.
    pub const ALL: [Self; 3] = [Self::Before, Self::After, Self::Keep];

    /// `before`, `after` or `keep`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Before => "before",
            Self::After => "after",
            Self::Keep => "keep",
        }
    }
}

word_enum!(Timing, "a timing");

/// Which ability a revealed underling uses (§4.4 step 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[allow(missing_docs)]
pub enum Ability {
    A,
    B,
    C,
    /// Dynamite (I11) instead of A/B/C.
    Dynamite,
}

impl Ability {
    /// In menu order.
    pub const ALL: [Self; 4] = [Self::A, Self::B, Self::C, Self::Dynamite];

    /// `A`, `B`, `C` or `dynamite`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::A => "A",
            Self::B => "B",
            Self::C => "C",
            Self::Dynamite => "dynamite",
        }
    }
}

word_enum!(Ability, "an ability");

/// A Gunslinger Gang decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// `PlayUnderling` (§4.2): a private decision; only the town and whether News is attached
    /// become public.
    Play {
        /// The underling played.
        card: Underling,
        /// The face-up town.
        town: Pos,
        /// The attached News Story, if any (R10).
        news: Option<News>,
        /// Secret Passage: beneath the top entry (R34).
        under_top: bool,
    },
    /// `Reveal{town}` (§4.3).
    Reveal(Pos),
    /// `RevealSecond{town}` with Forged Orders (§4.3).
    RevealSecond(Pos),
    /// `Skip` (R36).
    Skip,
    /// `NewsTiming` (§4.4).
    Timing(Timing),
    /// `ChooseAbility` (§4.4).
    Use(Ability),
    /// `Move{from, kind}` (§4.6).
    Move {
        /// Where the piece comes from.
        from: Pos,
        /// Which piece.
        kind: Piece,
    },
    /// `Promote{role}` (§4.6).
    Promote(Role),
    /// `Demote{role}` with Jail Keys (§4.6).
    Demote(Role),
    /// `Lasso{player, to}` (§4.6).
    Lasso {
        /// Whose outlaw.
        player: Colour,
        /// Where to.
        to: Pos,
    },
    /// `Ambush{player}` (KID C).
    Ambush(Colour),
    /// `ElectPromote{role}` (PREACHER C).
    Elect(Role),
    /// `Push{player, to}` (HIREDGUN C).
    Push {
        /// Whose outlaw.
        player: Colour,
        /// Where to.
        to: Pos,
    },
    /// `Drive{to, count}` (RANCHER C).
    Drive {
        /// Where to.
        to: Pos,
        /// How many outlaws, at least 1.
        count: u8,
    },
    /// `Blast{player}` (Dynamite).
    Blast(Colour),
    /// `RailMove{from, kind}` (Railroad).
    Rail {
        /// Where the piece comes from.
        from: Pos,
        /// Which piece.
        kind: Piece,
    },
    /// `SwearIn{role}` (Swearing In).
    SwearIn(Role),
    /// `Turncoat{player}` (Turncoat).
    Turncoat(Colour),
    /// `EndAbility` or `EndNews`: stop an "up to" effect (G3).
    Done,
    /// Leave the game (Designed, see `Game::resign_action`).
    Resign,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Play { card, town, news, under_top } => {
                write!(f, "play {card} {town} ")?;
                match news {
                    Some(news) => write!(f, "{news}")?,
                    None => f.write_str("none")?,
                }
                if *under_top { f.write_str(" under") } else { Ok(()) }
            }
            Self::Reveal(town) => write!(f, "reveal {town}"),
            Self::RevealSecond(town) => write!(f, "second {town}"),
            Self::Skip => f.write_str("skip"),
            Self::Timing(timing) => write!(f, "{timing}"),
            Self::Use(ability) => write!(f, "use {ability}"),
            Self::Move { from, kind } => write!(f, "move {from} {kind}"),
            Self::Promote(role) => write!(f, "promote {role}"),
            Self::Demote(role) => write!(f, "demote {role}"),
            Self::Lasso { player, to } => write!(f, "lasso {player} {to}"),
            Self::Ambush(player) => write!(f, "ambush {player}"),
            Self::Elect(role) => write!(f, "elect {role}"),
            Self::Push { player, to } => write!(f, "push {player} {to}"),
            Self::Drive { to, count } => write!(f, "drive {to} {count}"),
            Self::Blast(player) => write!(f, "blast {player}"),
            Self::Rail { from, kind } => write!(f, "rail {from} {kind}"),
            Self::SwearIn(role) => write!(f, "swear {role}"),
            Self::Turncoat(player) => write!(f, "turncoat {player}"),
            Self::Done => f.write_str("done"),
            Self::Resign => f.write_str("resign"),
        }
    }
}

const EXPECTED: &str = "play <card> <town> <news|none> [under], reveal <town>, second <town>, skip, before, after, \
                        keep, use A|B|C|dynamite, move <town> outlaw|sheriff|deputy, promote|demote|elect|swear \
                        sheriff|deputy, lasso|push <colour> <town>, ambush|blast|turncoat <colour>, drive <town> \
                        <count>, rail <town> <piece>, done or resign";

/// The words after `play`: `<card> <town> <news|none> [under]`, read in that order.
fn play(words: &[&str]) -> Result<Action, UnknownWord> {
    let (card, town, news, under_top) = match words {
        [card, town, news] => (card, town, news, false),
        [card, town, news, "under"] => (card, town, news, true),
        _ => return Err(UnknownWord::not(&words.join(" "), "<card> <town> <news|none> [under] after play")),
    };
    let (card, town) = (card.parse()?, town.parse()?);
    let news = if *news == "none" { None } else { Some(news.parse()?) };
    Ok(Action::Play { card, town, news, under_top })
}

/// A Cattle Drive's count: plain digits, at least 1.
fn count(word: &str) -> Result<u8, UnknownWord> {
    let digits = !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit());
    word.parse().ok().filter(|c| digits && *c >= 1).ok_or_else(|| UnknownWord::not(word, "a count of 1 or more"))
}

/// The action written as `words` (lower case); the error names the first word not understood.
fn parse(words: &[&str]) -> Result<Action, UnknownWord> {
    let single = |word: &str| match word {
        "skip" => Some(Action::Skip),
        "done" => Some(Action::Done),
        "resign" => Some(Action::Resign),
        _ => word.parse().ok().map(Action::Timing),
    };
    Ok(match words {
        ["play", rest @ ..] => play(rest)?,
        [word] => single(word).ok_or_else(|| UnknownWord::not(word, "an action"))?,
        ["reveal", town] => Action::Reveal(town.parse()?),
        ["second", town] => Action::RevealSecond(town.parse()?),
        ["use", ability] => Action::Use(ability.parse()?),
        ["move", from, kind] => Action::Move { from: from.parse()?, kind: kind.parse()? },
        ["rail", from, kind] => Action::Rail { from: from.parse()?, kind: kind.parse()? },
        ["promote", role] => Action::Promote(role.parse()?),
        ["demote", role] => Action::Demote(role.parse()?),
        ["elect", role] => Action::Elect(role.parse()?),
        ["swear", role] => Action::SwearIn(role.parse()?),
        ["lasso", player, to] => Action::Lasso { player: player.parse()?, to: to.parse()? },
        ["push", player, to] => Action::Push { player: player.parse()?, to: to.parse()? },
        ["ambush", player] => Action::Ambush(player.parse()?),
        ["blast", player] => Action::Blast(player.parse()?),
        ["turncoat", player] => Action::Turncoat(player.parse()?),
        ["drive", to, n] => Action::Drive { to: to.parse()?, count: count(n)? },
        _ => return Err(UnknownWord::not(&words.join(" "), "an action")),
    })
}

/// Any case, any spacing; the error names the word not understood, then the whole grammar.
impl FromStr for Action {
    type Err = ParseActionError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let lower: Vec<String> = s.split_whitespace().map(str::to_ascii_lowercase).collect();
        let words: Vec<&str> = lower.iter().map(String::as_str).collect();
        parse(&words).map_err(|why| ParseActionError { text: s.to_string(), expected: format!("{why}; {EXPECTED}") })
    }
}
