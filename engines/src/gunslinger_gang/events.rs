//! What happened, for the log and the post after a move: the event type, who may read each
//! event, and its narration. Every event is public except [`Event::PlayedCard`] and
//! [`Event::DrewCard`], which only their seat reads (§5, R38, R44).

use serde::{Deserialize, Serialize};

use super::action::{Ability, Piece, Role, Timing};
use super::board::{Pos, Tile};
use super::cards::{Card, Item, News, Title, Underling};
use super::scoring::{Control, FinalResult, How};
use super::state::GunslingerGang;
use crate::game::{Audience, Seat};
use crate::wording::count;

/// Why a gunslinger went back to its owner's supply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[allow(missing_docs)]
pub enum Removal {
    Ambush,
    Blast,
    Shootout,
    SaloonBrawl,
    WantedPoster,
    Turncoat,
}

/// Why an outlaw was moved to another town against its owner's will.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[allow(missing_docs)]
pub enum Displacement {
    Lasso,
    Push,
}

/// Why a building was placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[allow(missing_docs)]
pub enum BuildingReason {
    Boomtown,
    Growth,
    Founding,
}

/// Why VP were gained outside a town's scoring.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[allow(missing_docs)]
pub enum Bonus {
    TinStar,
    BountyLedger,
    Pickaxe,
}

/// A Gunslinger Gang event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[allow(missing_docs)]
pub enum Event {
    /// §4.1.
    RoundStarted { round: u8, start_seat: Seat },
    /// §4.2, public part: colour, town, position, News attached or not.
    Played { seat: Seat, town: Pos, news: bool, under_top: bool },
    /// §4.2, private part: only `seat` reads it.
    PlayedCard { seat: Seat, card: Card, news: Option<News>, town: Pos },
    /// All plays made (§4.2).
    ResolutionStarted,
    /// §4.3 step 3 or a chosen `Skip` (R19, R36).
    Skipped { seat: Seat, chosen: bool },
    /// §4.4 step 1. The News Story is named by title only.
    Revealed { seat: Seat, town: Pos, card: Card, second: bool, story: Option<Title> },
    /// §4.4 step 2.
    TimingChosen { seat: Seat, timing: Timing, story: Title },
    /// §4.4 step 3.
    AbilityChosen { seat: Seat, card: Underling, ability: Ability },
    /// A `Move` or `RailMove`: the piece arrives as an outlaw (R14).
    Moved { seat: Seat, from: Pos, to: Pos, kind: Piece },
    /// An outlaw became a lawman (`Promote`, `ElectPromote`, `SwearIn`).
    Promoted { seat: Seat, town: Pos, role: Role },
    /// A lawman became an outlaw (Jail Keys, Election, Jailbreak).
    Demoted { seat: Seat, town: Pos, role: Role },
    /// Lasso or Push.
    Displaced { seat: Seat, from: Pos, to: Pos, by: Displacement },
    /// Outlaws returned to their owner's supply.
    Returned { seat: Seat, town: Pos, count: u8, by: Removal },
    /// B ability or Reinforcements / Turncoat: `count` of `wanted` hired (R17).
    Hired { seat: Seat, town: Pos, count: u8, wanted: u8 },
    /// Cattle Drive.
    Driven { seat: Seat, from: Pos, to: Pos, count: u8 },
    /// Gambler's Wager.
    Wagered { seat: Seat, town: Pos },
    /// Gold Strike or Mine Collapse flag.
    Flagged { town: Pos, story: Title },
    /// A building token placed (or `value` 0 when the supply was empty).
    Building { town: Pos, value: u8, reason: BuildingReason },
    /// An effect found nothing to act on (G4, G5).
    NoEffect { seat: Seat, what: String },
    /// An item claimed (R6, Stagecoach Robbery).
    ItemClaimed { seat: Seat, town: Pos, item: Item },
    /// VP from an item.
    Bonus { seat: Seat, vp: u32, why: Bonus },
    /// §4.8: a draw, public part.
    Drew { seat: Seat },
    /// §4.8: the card drawn; only `seat` reads it (R38).
    DrewCard { seat: Seat, news: News },
    /// §4.8: a draw lost at the hand limit or with no cards left.
    DrawLost { seat: Seat },
    /// §4.8: the discard pile reshuffled into the deck.
    Reshuffled { cards: u8 },
    /// `done`: an "up to" effect ended by choice (G3), with `unused` steps left.
    Ended { seat: Seat, news: bool, unused: u8 },
    /// §4.4 step 4.
    Resolved { seat: Seat, card: Card },
    /// §6.2 step 1 for one town.
    TownScored { town: Pos, control: Control, vp: u32 },
    /// §4.9 Founding.
    Founded { town: Pos, tile: Tile, item: Option<Item> },
    /// §4.9 Round end.
    RoundEnded { round: u8 },
    /// §6.4 end-of-game VP and the result.
    GameEnded { result: FinalResult },
    /// A seat resigned (Designed).
    Resigned { seat: Seat },
    /// G2: the only legal action, or a resigned seat's default, was applied for `seat`.
    Automatic { seat: Seat, action: String },
}

/// Who may read `event`: its seat alone for a card played or drawn (R38, R44), else everybody.
pub(super) fn audience(event: &Event) -> Audience {
    match event {
        Event::PlayedCard { seat, .. } | Event::DrewCard { seat, .. } => Audience::seat(*seat),
        _ => Audience::Public,
    }
}

/// `event` in a sentence, players called by `names` (indexed by seat) with their colour.
pub(super) fn sentence(game: &GunslingerGang, event: &Event, names: &[String]) -> String {
    let who = |seat: Seat| {
        let colour = game.colour(seat);
        match names.get(seat.index()) {
            Some(name) => format!("{name} ({colour})"),
            None => colour.to_string(),
        }
    };
    turn_sentence(event, &who).or_else(|| effect_sentence(event, &who)).unwrap_or_else(|| score_sentence(event, &who))
}

/// Rounds, plays, reveals and their steps.
fn turn_sentence(event: &Event, who: &dyn Fn(Seat) -> String) -> Option<String> {
    Some(match event {
        Event::RoundStarted { round, start_seat } => {
            format!("Round {round} begins; {} is the start player.", who(*start_seat))
        }
        Event::Played { seat, town, news, under_top } => format!(
            "{} → {town}{}{}.",
            who(*seat),
            if *news { " (News attached)" } else { "" },
            if *under_top { ", beneath the top entry (Secret Passage)" } else { "" }
        ),
        Event::PlayedCard { card, news, town, .. } => {
            let story = news.map_or(String::new(), |n| format!(" with {}", n.title()));
            format!("You played {} to {town}{story}.", card.underling.name())
        }
        Event::ResolutionStarted => "All underlings are out: Resolution begins.".into(),
        Event::Skipped { seat, chosen } => {
            let why = if *chosen { "skips (keeping Forged Orders)" } else { "has no entry on top and skips" };
            format!("{} {why}.", who(*seat))
        }
        Event::Revealed { seat, town, card, second, story } => format!(
            "{} reveals {} ({}) at {town}{}{}.",
            who(*seat),
            card.underling.name(),
            card.underling.value(),
            if *second { " from second place (Forged Orders)" } else { "" },
            story.map_or(String::new(), |t| format!(" with News: {t}"))
        ),
        Event::TimingChosen { seat, timing, story } => match timing {
            Timing::Keep => format!("{} takes {story} back into hand.", who(*seat)),
            Timing::Before => format!("{} resolves {story} before the ability.", who(*seat)),
            Timing::After => format!("{} will resolve {story} after the ability.", who(*seat)),
        },
        Event::AbilityChosen { seat, card, ability } => {
            let what = match ability {
                Ability::A => "A (Hustle)".to_string(),
                Ability::B => "B (Hire)".to_string(),
                Ability::C => format!("C ({})", card.talent()),
                Ability::Dynamite => "Dynamite".to_string(),
            };
            format!("{} uses {what}.", who(*seat))
        }
        Event::Resolved { seat, card } => format!("{} is done with {}.", who(*seat), card.underling.name()),
        Event::Resigned { seat } => format!("{} resigns; their decisions now take the defaults.", who(*seat)),
        Event::Automatic { seat, action } => format!("Automatically for {}: {action}.", who(*seat)),
        _ => return None,
    })
}

/// What abilities, News Stories and items did.
fn effect_sentence(event: &Event, who: &dyn Fn(Seat) -> String) -> Option<String> {
    Some(match event {
        Event::Moved { seat, from, to, kind } => match kind {
            Piece::Outlaw => format!("{} moves an outlaw from {from} to {to}.", who(*seat)),
            Piece::Lawman(role) => {
                format!("The {} of {} leaves {from} for {to}, arriving as an outlaw.", role.name(), who(*seat))
            }
        },
        Event::Ended { seat, news, unused } => {
            let what = if *news { "the News Story" } else { "the ability" };
            let left =
                if *unused > 0 { format!(" with {unused} step{} unused", plural(*unused)) } else { String::new() };
            format!("{} ends {what}{left}.", who(*seat))
        }
        Event::Promoted { seat, town, role } => {
            format!("{} promotes an outlaw to {} at {town}.", who(*seat), role.name())
        }
        Event::Demoted { seat, town, role } => {
            format!("The {} of {} at {town} becomes an outlaw.", role.name(), who(*seat))
        }
        Event::Displaced { seat, from, to, by } => {
            let by = if *by == Displacement::Lasso { "lassoed" } else { "run out of town" };
            format!("An outlaw of {} at {from} is {by} to {to}.", who(*seat))
        }
        Event::Returned { seat, town, count, by } => format!(
            "{} loses {count} outlaw{} at {town} to the supply ({}).",
            who(*seat),
            plural(*count),
            removal_word(*by)
        ),
        Event::Hired { seat, town, count, wanted } => {
            let capped = if count < wanted { format!(" of {wanted} (supply)") } else { String::new() };
            format!("{} hires {count}{capped} outlaw{} at {town}.", who(*seat), plural(*count))
        }
        Event::Driven { seat, from, to, count } => {
            format!("{} drives {count} outlaw{} from {from} to {to}.", who(*seat), plural(*count))
        }
        Event::Wagered { seat, town } => format!("{} wagers on {town} (+2 VP if they control it).", who(*seat)),
        Event::Flagged { town, story } => format!("{story} at {town} this round."),
        Event::NoEffect { seat, what } => format!("{}: {what}; no effect.", who(*seat)),
        Event::Bonus { seat, vp, why } => format!("{} gains {vp} VP ({}).", who(*seat), bonus_word(*why)),
        Event::Drew { seat } => format!("{} draws a News Story.", who(*seat)),
        Event::DrewCard { news, .. } => format!("You drew {}.", news.title()),
        Event::DrawLost { seat } => format!("The draw of {} is lost.", who(*seat)),
        Event::Reshuffled { cards } => format!("The discard pile is reshuffled ({}).", count(*cards, "card")),
        _ => return None,
    })
}

/// Scoring, Growth, Founding and the end.
fn score_sentence(event: &Event, who: &dyn Fn(Seat) -> String) -> String {
    match event {
        Event::Building { town, value: 0, reason } => {
            format!("No building token left for {town} ({}).", reason_word(*reason))
        }
        Event::Building { town, value, reason } => match reason {
            BuildingReason::Boomtown => format!("Boomtown: a {value} VP building rises at {town}."),
            BuildingReason::Growth => format!("Growth: a {value} VP building at {town}."),
            BuildingReason::Founding => format!("A {value} VP building at the new town {town}."),
        },
        Event::ItemClaimed { seat, town, item } => {
            format!("{} claims {} at {town}.", who(*seat), item.name())
        }
        Event::TownScored { town, control, vp } => match (control.controller, control.how) {
            (Some(seat), How::Lawman) => {
                format!("{town}: {} controls by the lawman tie-break, {vp} VP.", who(seat))
            }
            (Some(seat), _) => {
                format!("{town}: {} controls with a majority of {}, {vp} VP.", who(seat), control.margin)
            }
            (None, _) => format!("{town}: nobody controls it."),
        },
        Event::Founded { town, tile, item } => {
            let item = item.map_or(String::new(), |i| format!(" with {}", i.name()));
            format!("A new town is founded at {town}: {}{item}.", tile.name())
        }
        Event::RoundEnded { round } => format!("Round {round} is over."),
        Event::GameEnded { result } => {
            let lines: Vec<String> = result.lines.iter().map(|l| format!("{} {} VP", who(l.seat), l.vp)).collect();
            format!("The game is over: {}.", lines.join(", "))
        }
        // Every other event is narrated by `turn_sentence` or `effect_sentence`.
        other => format!("{other:?}"),
    }
}

/// What sent outlaws back to the supply, as the log names it.
fn removal_word(by: Removal) -> &'static str {
    match by {
        Removal::Ambush => "Ambush",
        Removal::Blast => "Dynamite",
        Removal::Shootout => "Shootout",
        Removal::SaloonBrawl => "Saloon Brawl",
        Removal::WantedPoster => "Wanted Poster",
        Removal::Turncoat => "Turncoat",
    }
}

/// The item behind a VP bonus.
fn bonus_word(why: Bonus) -> &'static str {
    match why {
        Bonus::TinStar => "Tin Star",
        Bonus::BountyLedger => "Bounty Ledger",
        Bonus::Pickaxe => "Pickaxe",
    }
}

/// Why a building was placed, as the log names it.
fn reason_word(reason: BuildingReason) -> &'static str {
    match reason {
        BuildingReason::Boomtown => "Boomtown",
        BuildingReason::Growth => "Growth",
        BuildingReason::Founding => "Founding",
    }
}

/// `"s"` unless `count` is one.
pub(super) fn plural(count: u8) -> &'static str {
    if count == 1 { "" } else { "s" }
}
