//! The step tree for entering an action word by word (§8.1, §8.3; R42, R43), and the labels a
//! player reads on its buttons: a whole action's label, and friendlier labels for the cards,
//! towns and News Stories met on the way.

use super::action::{Ability, Action, Timing};
use super::board::Pos;
use super::cards::{Colour, Item, News, Underling};
use super::events::plural;
use super::state::{GunslingerGang, Step};
use crate::game::{Choice, Choices, Seat, choices_from_list, explain_from_list};
use crate::wording::{capitalized, count};

/// The word-by-word tree over the legal list (no step has more than 13 options: R42, R43),
/// with [`word_label`]'s friendlier labels for the words on the way.
pub(super) fn choices(game: &GunslingerGang, seat: Seat, prefix: &str) -> Choices {
    choices_from_list(game, seat, prefix)
}

/// A button label for a complete action.
pub(super) fn label(game: &GunslingerGang, action: &Action) -> String {
    match *action {
        Action::Play { card, town, news, under_top } => format!(
            "Play {} ({}) to {town}{}{}",
            card.name(),
            card.value(),
            news.map_or(String::new(), |n| format!(" with {}", n.title())),
            if under_top { ", beneath the top (Secret Passage)" } else { "" }
        ),
        Action::Reveal(town) => format!("Reveal your entry at {town}"),
        Action::RevealSecond(town) => format!("Reveal your second entry at {town} (Forged Orders)"),
        Action::Skip => "Skip (keep Forged Orders)".into(),
        Action::Timing(Timing::Before) => "Resolve the News before the ability".into(),
        Action::Timing(Timing::After) => "Resolve the News after the ability".into(),
        Action::Timing(Timing::Keep) => "Keep the News Story".into(),
        Action::Use(ability) => ability_label(game, ability),
        Action::Move { from, kind } => format!("Move your {} in from {from}", kind.name()),
        Action::Promote(role) => format!("Promote an outlaw to {}", role.name()),
        Action::Demote(role) => format!("Demote the {} (Jail Keys)", role.name()),
        Action::Lasso { player, to } => format!("Lasso an outlaw of {} to {to}", owner(game, player)),
        Action::Ambush(player) => format!("Ambush an outlaw of {}", owner(game, player)),
        Action::Elect(role) => format!("Elect your outlaw {}", role.name()),
        Action::Push { player, to } => format!("Run an outlaw of {} out to {to}", owner(game, player)),
        Action::Drive { to, count } => format!("Drive {count} outlaw{} to {to}", plural(count)),
        Action::Blast(player) => format!("Blast an outlaw of {}", owner(game, player)),
        Action::Rail { from, kind } => format!("Rail your {} in from {from}", kind.name()),
        Action::SwearIn(role) => format!("Swear in your outlaw as {}", role.name()),
        Action::Turncoat(player) => format!("Turn an outlaw of {} to your side", owner(game, player)),
        Action::Done => match game.resolving.map(|r| r.step) {
            Some(Step::Rail { .. } | Step::SwearIn) => "End the News Story".into(),
            _ => "End the ability".into(),
        },
        Action::Resign => "Resign".into(),
    }
}

fn ability_label(game: &GunslingerGang, ability: Ability) -> String {
    let Some(r) = game.resolving else { return ability.name().to_string() };
    match ability {
        Ability::A => {
            let budget = r.card.value() + u8::from(game.holds(r.seat, Item::FastHorse));
            format!("A: Hustle, up to {}", count(budget, "step"))
        }
        Ability::B => format!("B: Hire {}", count(r.card.hire(), "outlaw")),
        Ability::C => format!("C: {}", r.card.talent()),
        Ability::Dynamite => "Dynamite: up to 3 blasts".into(),
    }
}

/// The label of one word of an action text on the way to a whole action: the card, News
/// Story, town or player it names, or the kind of move.
pub(super) fn word_label(game: &GunslingerGang, word: &str) -> String {
    word_name(game, word).unwrap_or_else(|| capitalized(word))
}

fn word_name(game: &GunslingerGang, word: &str) -> Option<String> {
    if let Ok(card) = word.parse::<Underling>() {
        return Some(format!("{} (value {}, hires {})", card.name(), card.value(), card.hire()));
    }
    if let Ok(news) = word.parse::<News>() {
        return Some(news.title().to_string());
    }
    if let Ok(pos) = word.parse::<Pos>()
        && game.is_town(pos)
    {
        return Some(format!("{pos} {}", game.town(pos).tile.name()));
    }
    if let Ok(colour) = word.parse::<Colour>() {
        return Some(owner(game, colour));
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
            "ambush" => "Ambush",
            "elect" => "Elect",
            "turncoat" => "Turncoat",
            "swear" => "Swear in",
            "blast" => "Blast",
            _ => return None,
        }
        .to_string(),
    )
}

/// The player of `colour`, as a label names them: their name (through [`Seat::mention`]) and
/// the colour of their pieces.
fn owner(game: &GunslingerGang, colour: Colour) -> String {
    game.seat_of(colour).map_or_else(|| colour.to_string(), |seat| format!("{} ({colour})", seat.mention()))
}

/// What an action does, in one line (§2.4 underlings, §2.5 items, §4.6 steps, §7.4 News).
pub(super) fn explain(game: &GunslingerGang, action: &Action) -> String {
    match *action {
        Action::Play { card, news, .. } => format!(
            "Place {} face down on this town's stack{}; only you know which underling it is until it is revealed",
            card.name(),
            news.map_or(String::new(), |n| format!(", with {}: {}", n.title(), n.title().effect()))
        ),
        Action::Reveal(_) => "Turn over your top entry here and use its underling's ability in this town".into(),
        Action::RevealSecond(_) => "Forged Orders: resolve your entry second from the top here, once this round".into(),
        Action::Skip => "Pass this reveal and keep Forged Orders for later".into(),
        Action::Timing(Timing::Before) => "The News Story takes effect first, then you use the ability".into(),
        Action::Timing(Timing::After) => "You use the ability first, then the News Story takes effect".into(),
        Action::Timing(Timing::Keep) => "Keep the News Story in your hand: unused stories score 1 VP at the end".into(),
        Action::Use(ability) => explain_ability(game, ability),
        Action::Move { .. } => {
            "Hustle step: move one of your gunslingers here from a neighbouring town; it arrives as an outlaw".into()
        }
        Action::Promote(_) => "Hustle step: one of your outlaws here takes this empty lawman's badge".into(),
        Action::Demote(_) => "Jail Keys: this lawman becomes an outlaw of its owner, once a round".into(),
        Action::Lasso { .. } => {
            "Lasso: move one outlaw of another player from here to a neighbouring town, once a round".into()
        }
        Action::Ambush(_) => "Ambush: one of this player's outlaws here goes back to their supply".into(),
        Action::Elect(_) => "Election: one of your outlaws here becomes the sheriff or deputy".into(),
        Action::Push { .. } => "Run Out of Town: move this player's outlaw from here to a neighbouring town".into(),
        Action::Drive { .. } => {
            "Cattle Drive: move this many of your outlaws from here to one neighbouring town".into()
        }
        Action::Blast(_) => "Dynamite: one outlaw of this player here goes back to its owner's supply".into(),
        Action::Rail { .. } => "Railroad: move one of your gunslingers here from any other town".into(),
        Action::SwearIn(_) => "Swearing In: one of your outlaws here becomes the sheriff or deputy".into(),
        Action::Turncoat(_) => "Turncoat: one outlaw of this player here is replaced by one of yours".into(),
        Action::Done => "Stop here and give up the steps you have left".into(),
        Action::Resign => "Leave the game for good".into(),
    }
}

fn explain_ability(game: &GunslingerGang, ability: Ability) -> String {
    let Some(r) = game.resolving else { return ability.name().to_string() };
    match ability {
        Ability::A => "Hustle: each step moves one of your gunslingers in from a neighbouring town or promotes one of your outlaws here".into(),
        Ability::B => format!("Hire: put up to {} from your supply in this town", count(r.card.hire(), "outlaw")),
        Ability::C => format!("{}: {}", r.card.talent(), talent_effect(r.card)),
        Ability::Dynamite => "Dynamite, once a game: up to 3 outlaws here, anyone's, go back to their owners' supply".into(),
    }
}

/// What an underling's C talent does (§2.4).
fn talent_effect(card: Underling) -> &'static str {
    match card {
        Underling::Kid => "one outlaw of another player here goes back to their supply",
        Underling::Gambler => "if you control this town at this round's scoring, you gain 2 VP",
        Underling::Preacher => "the lawmen here become outlaws, then you may make your outlaws here sheriff and deputy",
        Underling::Operator => "draw 2 News Stories",
        Underling::HiredGun => "up to twice, move another player's outlaw from here to a neighbouring town",
        Underling::Rancher => "move any number of your outlaws from here to one neighbouring town",
    }
}

/// One line for an option on the way to an action: an underling or a News Story is explained
/// by what it does, anything else by the action it leads to.
pub(super) fn explain_choice(game: &GunslingerGang, seat: Seat, prefix: &str, choice: &Choice) -> String {
    let word = choice.token.trim();
    if let Ok(card) = word.parse::<Underling>() {
        return format!(
            "Value {}: Hustle up to {}; Hire {}; or {}: {}",
            card.value(),
            count(card.value(), "step"),
            count(card.hire(), "outlaw"),
            card.talent(),
            talent_effect(card)
        );
    }
    if let Ok(news) = word.parse::<News>() {
        return format!("When revealed with your underling, {}", news.title().effect());
    }
    explain_from_list(game, seat, prefix, choice)
}
