//! Events in sentences and actions as button labels.

use super::action::{Ability, Action, Piece, Timing};
use super::board::Pos;
use super::cards::{Colour, Item, News, Underling};
use super::events::{Bonus, BuildingReason, Displacement, Event, Removal};
use super::scoring::How;
use super::state::{GunslingerGang, Step};
use crate::game::Seat;

impl GunslingerGang {
    fn who(&self, seat: Seat, names: &[String]) -> String {
        let colour = self.colour(seat);
        match names.get(seat.index()) {
            Some(name) => format!("{name} ({colour})"),
            None => colour.to_string(),
        }
    }

    /// `event` in a sentence.
    pub(crate) fn sentence(&self, event: &Event, names: &[String]) -> String {
        let who = |seat: Seat| self.who(seat, names);
        self.turn_sentence(event, &who)
            .or_else(|| self.effect_sentence(event, &who))
            .unwrap_or_else(|| self.score_sentence(event, &who))
    }

    /// Rounds, plays, reveals and their steps.
    fn turn_sentence(&self, event: &Event, who: &dyn Fn(Seat) -> String) -> Option<String> {
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
                let story = news.map_or(String::new(), |n| format!(" with {n} {}", n.title()));
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
            Event::Resolved { seat, card } => format!("{}'s {} is resolved.", who(*seat), card.underling.name()),
            Event::Resigned { seat } => format!("{} resigns; their decisions now take the defaults.", who(*seat)),
            Event::Automatic { seat, action } => format!("Automatically for {}: {action}.", who(*seat)),
            _ => return None,
        })
    }

    /// What abilities, News Stories and items did.
    fn effect_sentence(&self, event: &Event, who: &dyn Fn(Seat) -> String) -> Option<String> {
        Some(match event {
            Event::Moved { seat, from, to, kind } => match kind {
                Piece::Outlaw => format!("{} moves an outlaw from {from} to {to}.", who(*seat)),
                Piece::Lawman(role) => {
                    format!("{}'s {} leaves {from} for {to}, arriving as an outlaw.", who(*seat), role.word())
                }
            },
            Event::Ended { seat, news, unused } => {
                let what = if *news { "the News Story" } else { "the ability" };
                let left =
                    if *unused > 0 { format!(" with {unused} step{} unused", plural(*unused)) } else { String::new() };
                format!("{} ends {what}{left}.", who(*seat))
            }
            Event::Promoted { seat, town, role } => {
                format!("{} promotes an outlaw to {} at {town}.", who(*seat), role.word())
            }
            Event::Demoted { seat, town, role } => {
                format!("{}'s {} at {town} becomes an outlaw.", who(*seat), role.word())
            }
            Event::Displaced { seat, from, to, by } => {
                let by = if *by == Displacement::Lasso { "lassoed" } else { "run out of town" };
                format!("{}'s outlaw at {from} is {by} to {to}.", who(*seat))
            }
            Event::Returned { seat, town, count, by } => {
                let by = match by {
                    Removal::Ambush => "Ambush",
                    Removal::Blast => "Dynamite",
                    Removal::Shootout => "Shootout",
                    Removal::SaloonBrawl => "Saloon Brawl",
                    Removal::WantedPoster => "Wanted Poster",
                    Removal::Turncoat => "Turncoat",
                };
                format!("{} loses {count} outlaw{} at {town} to the supply ({by}).", who(*seat), plural(*count))
            }
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
            Event::Bonus { seat, vp, why } => {
                let why = match why {
                    Bonus::TinStar => "Tin Star",
                    Bonus::BountyLedger => "Bounty Ledger",
                    Bonus::Pickaxe => "Pickaxe",
                };
                format!("{} gains {vp} VP ({why}).", who(*seat))
            }
            Event::Drew { seat } => format!("{} draws a News Story.", who(*seat)),
            Event::DrewCard { news, .. } => format!("You drew {news} {}.", news.title()),
            Event::DrawLost { seat } => format!("{}'s draw is lost.", who(*seat)),
            Event::Reshuffled { cards } => format!("The discard pile is reshuffled ({cards} cards)."),
            _ => return None,
        })
    }

    /// Scoring, Growth, Founding and the end.
    fn score_sentence(&self, event: &Event, who: &dyn Fn(Seat) -> String) -> String {
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
                format!("{} claims {} ({item}) at {town}.", who(*seat), item.name())
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
                let item = item.map_or(String::new(), |i| format!(" with {} ({i})", i.name()));
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

    /// A button label for a complete action.
    pub(crate) fn label(&self, action: &Action) -> String {
        match *action {
            Action::Play { card, town, news, under_top } => format!(
                "Play {} ({}) to {town}{}{}",
                card.name(),
                card.value(),
                news.map_or(String::new(), |n| format!(" with {n} {}", n.title())),
                if under_top { ", beneath the top (Secret Passage)" } else { "" }
            ),
            Action::Reveal(town) => format!("Reveal your entry at {town}"),
            Action::RevealSecond(town) => format!("Reveal your second entry at {town} (Forged Orders)"),
            Action::Skip => "Skip (keep Forged Orders)".into(),
            Action::Timing(Timing::Before) => "Resolve the News before the ability".into(),
            Action::Timing(Timing::After) => "Resolve the News after the ability".into(),
            Action::Timing(Timing::Keep) => "Keep the News Story".into(),
            Action::Use(ability) => self.ability_label(ability),
            Action::Move { from, kind } => format!("Move your {} in from {from}", kind.word()),
            Action::Promote(role) => format!("Promote an outlaw to {}", role.word()),
            Action::Demote(role) => format!("Demote the {} (Jail Keys)", role.word()),
            Action::Lasso { player, to } => format!("Lasso a {player} outlaw to {to}"),
            Action::Ambush(player) => format!("Ambush a {player} outlaw"),
            Action::Elect(role) => format!("Elect your outlaw {}", role.word()),
            Action::Push { player, to } => format!("Run a {player} outlaw out to {to}"),
            Action::Drive { to, count } => format!("Drive {count} outlaw{} to {to}", plural(count)),
            Action::Blast(player) => format!("Blast a {player} outlaw"),
            Action::Rail { from, kind } => format!("Rail your {} in from {from}", kind.word()),
            Action::SwearIn(role) => format!("Swear in your outlaw as {}", role.word()),
            Action::Turncoat(player) => format!("Turn a {player} outlaw"),
            Action::Done => match self.resolving.map(|r| r.step) {
                Some(Step::Rail { .. } | Step::SwearIn) => "End the News Story".into(),
                _ => "End the ability".into(),
            },
            Action::Resign => "Resign".into(),
        }
    }

    fn ability_label(&self, ability: Ability) -> String {
        let Some(r) = self.resolving else { return ability.word().to_string() };
        match ability {
            Ability::A => {
                let budget = r.card.value() + u8::from(self.holds(r.seat, Item::FastHorse));
                format!("A: Hustle, up to {budget} steps")
            }
            Ability::B => format!("B: Hire {}", r.card.hire()),
            Ability::C => format!("C: {}", r.card.talent()),
            Ability::Dynamite => "Dynamite: up to 3 blasts".into(),
        }
    }

    /// A friendlier label for one word of an action text, for the menus on the way.
    pub(crate) fn word_label(&self, word: &str) -> Option<String> {
        if let Ok(card) = word.parse::<Underling>() {
            return Some(format!("{} ({}, B {})", card.name(), card.value(), card.hire()));
        }
        if let Ok(news) = word.parse::<News>() {
            return Some(format!("{news} {}", news.title()));
        }
        if let Ok(pos) = word.parse::<Pos>()
            && self.is_town(pos)
        {
            return Some(format!("{pos} {}", self.town(pos).tile.name()));
        }
        if word.parse::<Colour>().is_ok() {
            return None;
        }
        Some(
            match word {
                "none" => "No News Story",
                "under" => "Beneath the top entry (Secret Passage)",
                "play" => "Play an underling",
                "reveal" => "Reveal",
                "second" => "Reveal second (Forged Orders)",
                "use" => "Use an ability",
                "move" => "Move a gunslinger in",
                "promote" => "Promote",
                "demote" => "Demote (Jail Keys)",
                "lasso" => "Lasso",
                "push" => "Run out of town",
                "drive" => "Cattle drive",
                "rail" => "Railroad",
                _ => return None,
            }
            .to_string(),
        )
    }
}

fn reason_word(reason: BuildingReason) -> &'static str {
    match reason {
        BuildingReason::Boomtown => "Boomtown",
        BuildingReason::Growth => "Growth",
        BuildingReason::Founding => "Founding",
    }
}

fn plural(count: u8) -> &'static str {
    if count == 1 { "" } else { "s" }
}
