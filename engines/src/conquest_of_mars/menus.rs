//! The step tree for entering actions (R35): one word at a time over the legal list, each
//! step at most [`MAX_CHOICES`] options. Where a step would offer more (spawning anywhere:
//! 44 cells), a cell is entered as its column letter, then its row number, so no step shows
//! more than seven cells. Nothing reaches the engine before the last step.

use super::action::Action;
use super::board::{Orient, Place, PyramidId};
use super::state::{ConquestOfMars, Phase};
use crate::game::{Choice, Choices, MAX_CHOICES, Seat};
use crate::wording::capitalized;

/// The next token of `rest` (the text of an action after the prefix): the next word with
/// its leading space, or the end of a word already begun.
fn next_token(rest: &str) -> &str {
    let start = usize::from(rest.starts_with(' '));
    let end = rest[start..].find(' ').map_or(rest.len(), |i| start + i);
    &rest[..end]
}

/// The first letter of a token (with its leading space), for a token too many to list.
fn first_letter(token: &str) -> &str {
    let start = usize::from(token.starts_with(' '));
    token.get(..start + 1).filter(|_| token.len() > start + 1).unwrap_or(token)
}

/// What may follow `prefix` for `seat`, and whether `prefix` is already a whole action.
pub(crate) fn choices(game: &ConquestOfMars, seat: Seat, prefix: &str) -> Choices {
    let legal: Vec<(String, Action)> = game.legal(seat).into_iter().map(|a| (a.to_string(), a)).collect();
    let matching: Vec<&(String, Action)> = legal
        .iter()
        .filter(|(text, _)| text.get(..prefix.len()).is_some_and(|head| head.eq_ignore_ascii_case(prefix)))
        .collect();
    let mut choices = Choices { options: Vec::new(), complete: matching.iter().any(|(t, _)| t.len() == prefix.len()) };
    let rests: Vec<(&str, Action)> =
        matching.iter().filter(|(t, _)| t.len() > prefix.len()).map(|(t, a)| (&t[prefix.len()..], *a)).collect();
    let mut tokens: Vec<(&str, Option<Action>)> = Vec::new();
    for (rest, action) in &rests {
        let token = next_token(rest);
        if !tokens.iter().any(|(t, _)| *t == token) {
            tokens.push((token, (token.len() == rest.len()).then_some(*action)));
        }
    }
    if tokens.len() > MAX_CHOICES {
        tokens.clear();
        for (rest, _) in &rests {
            let token = first_letter(next_token(rest));
            if !tokens.iter().any(|(t, _)| *t == token) {
                tokens.push((token, None));
            }
        }
    }
    choices.options = tokens
        .into_iter()
        .map(|(token, action)| Choice {
            token: token.to_string(),
            label: action.map_or_else(|| step_label(game, token), |a| label(game, &a)),
        })
        .collect();
    choices
}

/// The label of a token that does not end an action.
fn step_label(game: &ConquestOfMars, token: &str) -> String {
    let word = token.trim();
    let text = match word {
        "trade" => "Trade dice for a bigger die",
        "spawn" => "Spawn a small pyramid",
        "grow" => "Grow a pyramid",
        "move" => "Move a pyramid",
        "attack" => "Attack a card",
        "orient" => "Orient a pyramid",
        "start" => "Choose your starting die",
        "add" => "Offer a die",
        "commit" => "Commit a die to the battle",
        "destroy" => "Lose a pyramid",
        "evade" => "Evade with a pyramid",
        _ if word.len() == 1 && token.starts_with(' ') => return format!("Column {word}"),
        _ => {
            return match word.parse::<PyramidId>().ok().and_then(|p| game.place(p).map(|pl| (p, pl))) {
                Some((p, Place::Board { cell, orient })) => {
                    format!("Your {} pyramid on {cell} ({})", p.size.word(), orient.word())
                }
                _ => capitalized(word),
            };
        }
    };
    text.to_string()
}

/// A player-facing label for a complete action.
pub(crate) fn label(game: &ConquestOfMars, action: &Action) -> String {
    let at = |p: &PyramidId| game.place(*p).unwrap_or(Place::Reserve);
    let cell_of = |p: &PyramidId| at(p).cell().map_or_else(String::new, |c| c.to_string());
    let points = |p: &PyramidId| at(p).points_at().map_or_else(String::new, |c| c.to_string());
    // People name a pyramid by its size and where it stands, not by its id ("RS1").
    let piece = |p: &PyramidId| format!("{} pyramid", p.size.word());
    match action {
        Action::ChooseStartDie(die) => format!("Start with a {die}"),
        Action::TakeDie => game.common.smallest().map_or_else(|| "Take a die".into(), |d| format!("Take a {d}")),
        Action::TradeStart(die) => format!("Trade up for a {die}"),
        Action::Spawn(cell) => format!("Spawn a small pyramid on {cell}"),
        Action::Grow(p) => format!("Grow your {}", game.pyramid_words(*p)),
        Action::ReorientStart => "Reorient pyramids".into(),
        Action::Move(p) => format!("Move your {} from {} to {}", piece(p), cell_of(p), points(p)),
        Action::Attack(cell) => format!("Attack {cell}"),
        Action::TradeAdd(die) => format!("Offer a {die}"),
        Action::TradeConfirm => "Confirm the trade".into(),
        Action::Cancel => "Cancel".into(),
        Action::Orient { pyramid, orient: Orient::Up } => {
            format!("Stand your {} upright", game.pyramid_words(*pyramid))
        }
        Action::Orient { pyramid, orient } => {
            let target = at(pyramid).cell().and_then(|c| c.step(*orient)).map_or_else(String::new, |c| c.to_string());
            format!("Point your {} {} at {target}", game.pyramid_words(*pyramid), orient.word())
        }
        Action::ReorientDone => "Done reorienting".into(),
        Action::JoinAttack => match &game.phase {
            Phase::Attack(combat) => format!("Join the attack on {}", combat.target),
            _ => "Join the attack".into(),
        },
        Action::DeclineAttack => "Stay out".into(),
        Action::CommitDie(die) => format!("Commit a {die}"),
        Action::Destroy(p) => format!("Lose your {}", game.pyramid_words(*p)),
        Action::Evade(p) => format!("Evade with your {} from {} to {}", piece(p), cell_of(p), points(p)),
        Action::Pass => "Pass (timeout)".into(),
        Action::Resign => "Resign".into(),
    }
}

/// What an action does, in one line (§3 step 4, §4.2–§4.5).
pub(crate) fn explain(action: &Action) -> String {
    let line = match action {
        Action::ChooseStartDie(_) => "Start the game holding this die, chosen in secret",
        Action::TakeDie => "Take the smallest die from the common pool",
        Action::TradeStart(_) => "Give back two or more smaller dice, with at least as many faces in all, for this die",
        Action::Spawn(_) => "Put a new small pyramid from your reserve on this card",
        Action::Grow(_) => "Make this upright pyramid one size bigger: more pips mean more dice in a fight",
        Action::ReorientStart => "Stand your pyramids upright or point them flat at neighbouring cards",
        Action::Move(_) => "Move this flat pyramid onto the card it points at",
        Action::Attack(_) => "Fight for this card with every pyramid you have pointing at it",
        Action::TradeAdd(_) => "Put this die towards the trade",
        Action::TradeConfirm => "Hand over the dice offered and take the bigger die",
        Action::Cancel => "Go back and choose another move for this turn",
        Action::Orient { orient: Orient::Up, .. } => "Stand this pyramid upright, so it can grow",
        Action::Orient { .. } => "Lay this pyramid flat pointing at this card, to move or attack there",
        Action::ReorientDone => "Keep these orientations and end your turn",
        Action::JoinAttack => "Fight with your pyramids that point at the attacked card",
        Action::DeclineAttack => "Keep out of this fight",
        Action::CommitDie(_) => "Roll this die in the fight: one die for each pip of your pyramids in it",
        Action::Destroy(_) => "Lose this pyramid: it goes back to your reserve",
        Action::Evade(_) => "Escape onto the card this pyramid points at instead of losing it",
        Action::Pass => "Your turn ends without a move",
        Action::Resign => "Leave the game for good",
    };
    line.to_string()
}
