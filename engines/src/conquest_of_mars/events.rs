//! What happened, for the log and the post after a move. Every event is public except the
//! sealed choices ([`Event::StartDieChosen`], [`Event::AnswerChosen`], [`Event::DieCommitted`]),
//! which only their seat reads until they are shown together (§5).

use serde::{Deserialize, Serialize};

use super::board::{Cell, Orient, PyramidId};
use super::combat::Side;
use super::dice::{Die, Rolled};
use super::scoring::EndReason;
use super::state::ConquestOfMars;
use crate::game::{Audience, Seat};
use crate::parts::cards::Card;
use crate::wording::count;

/// Which sub-phase was cancelled (R36).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[allow(missing_docs)]
pub enum SubPhase {
    Trade,
    Reorient,
}

/// Why a pyramid went back to its owner's reserve.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Removal {
    /// R15: the attacker's own pyramid on the target.
    OwnOnTarget,
    /// R21, R23: lost in an exchange.
    Casualty,
    /// §4.8: its owner resigned.
    Resigned,
}

/// A Conquest of Mars event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[allow(missing_docs)]
pub enum Event {
    /// §3 step 4: a starting die is in (which one is sealed).
    StartDieSealed { seat: Seat },
    /// §3 step 4, for the chooser only.
    StartDieChosen { seat: Seat, die: Die },
    /// §3 step 4: every starting die, shown when the last is in.
    StartDiceShown { dice: Vec<(Seat, Die)> },
    /// §3 step 5: the roll-off among tied seats (R4).
    RollOff { tied: Vec<Seat>, first: Seat },
    /// §3 steps 5–6.
    FirstPlayer { seat: Seat, order: Vec<Seat> },
    /// §4.9 step 2.
    RoundStarted { round: u8 },
    /// §4.9 step 3.
    TurnStarted { seat: Seat, round: u8 },
    /// `TakeDie` (R2).
    DieTaken { seat: Seat, die: Die },
    /// `TradeStart`.
    TradeOpened { seat: Seat, want: Die },
    /// `TradeAdd`.
    DieOffered { seat: Seat, die: Die },
    /// `TradeConfirm` (R3).
    Traded { seat: Seat, gave: Vec<Die>, got: Die },
    /// `TradeCancel` / `ReorientCancel` (R36), or a timeout's.
    Cancelled { seat: Seat, what: SubPhase },
    /// `Spawn` (R10).
    Spawned { seat: Seat, pyramid: PyramidId, cell: Cell },
    /// R8: a card turned face up, now public.
    Revealed { cell: Cell, card: Card },
    /// `Grow` (R11).
    Grew { seat: Seat, from: PyramidId, to: PyramidId, cell: Cell },
    /// `ReorientStart`.
    ReorientOpened { seat: Seat },
    /// `Orient`.
    Oriented { seat: Seat, pyramid: PyramidId, orient: Orient },
    /// `ReorientDone` (R12).
    Reoriented { seat: Seat, pyramids: Vec<PyramidId> },
    /// `Move` (R13).
    Moved { seat: Seat, pyramid: PyramidId, from: Cell, to: Cell },
    /// The timeout's turn end (§4.8).
    Passed { seat: Seat },
    /// `Attack` (§4.5 step 1).
    AttackDeclared { seat: Seat, target: Cell },
    /// A pyramid back in its owner's reserve.
    Removed { seat: Seat, pyramid: PyramidId, cell: Cell, why: Removal },
    /// §4.5 step 3: who may join (R16).
    Invited { target: Cell, seats: Vec<Seat> },
    /// An invitee answered (how is sealed).
    AnswerSealed { seat: Seat },
    /// The answer, for the invitee only.
    AnswerChosen { seat: Seat, join: bool },
    /// Every answer, shown when the window closes.
    AnswersShown { answers: Vec<(Seat, bool)> },
    /// §4.5 step 4: participants in combat order with their involved pyramids and X.
    Roles { sides: Vec<(Seat, Side, Vec<PyramidId>, u8)> },
    /// A die committed, for its owner only (R18).
    DieCommitted { seat: Seat, die: Die },
    /// A participant's commitment is complete (which dice is sealed).
    CommitComplete { seat: Seat },
    /// §4.5 step 5: every commitment, shown when all are complete.
    CommitsShown { commits: Vec<(Seat, Vec<Die>)> },
    /// §4.5 step 6: a participant's line.
    Rolled { seat: Seat, line: Vec<Rolled> },
    /// §4.5 step 7 (R19).
    Exchange { number: u8, tops: Vec<(Seat, u8)>, losers: Vec<Seat> },
    /// R22: a defender escaped.
    Evaded { seat: Seat, pyramid: PyramidId, from: Cell, to: Cell },
    /// §4.5 step 9: out of the combat; the rest of its line went home.
    DroppedOut { seat: Seat, returned: Vec<Die> },
    /// §4.5 step 11 (R20, R24).
    CombatEnded { target: Cell, exchanges: u8, returned: Vec<(Seat, Vec<Die>)> },
    /// §4.8.
    Resigned { seat: Seat },
    /// §6.
    GameEnded { reason: EndReason, winners: Vec<Seat> },
}

impl Event {}

/// Who may read the event (§5).
#[must_use]
pub(crate) fn audience(event: &Event) -> Audience {
    match event {
        Event::StartDieChosen { seat, .. } | Event::AnswerChosen { seat, .. } | Event::DieCommitted { seat, .. } => {
            Audience::seat(*seat)
        }
        _ => Audience::Public,
    }
}

/// A pyramid as people name it: its owner's and its size, "Ada's small pyramid" (the
/// pyramid's id, "RS1", is for the engine and its tests only).
fn piece(owner: String, pyramid: PyramidId) -> String {
    format!("{owner}'s {} pyramid", pyramid.size.word())
}

/// Dice as words: "d4, d4 and d6"; "no dice".
fn dice_words(dice: &[Die]) -> String {
    let words: Vec<String> = dice.iter().map(ToString::to_string).collect();
    match words.split_last() {
        None => "no dice".to_string(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

impl ConquestOfMars {
    /// The sentences of combat and the end.
    fn combat_sentence(&self, event: &Event, name: &dyn Fn(&Seat) -> String) -> String {
        let list = |seats: &[Seat]| seats.iter().map(name).collect::<Vec<_>>().join(", ");
        match event {
            Event::AttackDeclared { seat, target } => format!("{} attacks {target}!", name(seat)),
            Event::Removed { seat, pyramid, cell, why } => match why {
                Removal::OwnOnTarget => {
                    format!("{} on {cell} is destroyed by its own attack.", piece(name(seat), *pyramid))
                }
                Removal::Casualty => format!("{} on {cell} is destroyed.", piece(name(seat), *pyramid)),
                Removal::Resigned => format!("{} leaves {cell}.", piece(name(seat), *pyramid)),
            },
            Event::Invited { target, seats } => format!("{} may join the attack on {target}.", list(seats)),
            Event::AnswerSealed { seat } => format!("{} has answered.", name(seat)),
            Event::AnswerChosen { join: true, .. } => "You join the attack (sealed).".into(),
            Event::AnswerChosen { join: false, .. } => "You stay out (sealed).".into(),
            Event::DieCommitted { die, .. } => format!("You commit a {die} (sealed)."),
            Event::CommitComplete { seat } => format!("{} has committed dice.", name(seat)),
            Event::Exchange { number, tops, losers } => {
                let shown: Vec<String> = tops.iter().map(|(s, t)| format!("{} {t}", name(s))).collect();
                let lose = if losers.len() == 1 { "loses" } else { "lose" };
                format!("Exchange {number}: {}; {} {lose}.", shown.join(" vs "), list(losers))
            }
            Event::Evaded { seat, pyramid, from, to } => {
                format!("{} evades from {from} to {to}.", piece(name(seat), *pyramid))
            }
            Event::DroppedOut { seat, .. } => format!("{} is out of the combat.", name(seat)),
            Event::CombatEnded { target, exchanges, .. } => {
                format!("The battle for {target} ends after {}.", count(*exchanges, "exchange"))
            }
            Event::Resigned { seat } => format!("{} resigns.", name(seat)),
            Event::GameEnded { winners, .. } => {
                let reason = self.outcome().map(|o| o.reason).unwrap_or_default();
                format!("Game over: {reason}. Winner: {}.", list(winners))
            }
            // `sentence` sends only the variants above here.
            _ => String::new(),
        }
    }
}

/// `event` in a sentence, players called by `names`.
pub(crate) fn sentence(game: &ConquestOfMars, event: &Event, names: &[String]) -> String {
    let name = |seat: &Seat| names.get(seat.index()).cloned().unwrap_or_else(|| seat.to_string());
    let list = |seats: &[Seat]| seats.iter().map(name).collect::<Vec<_>>().join(", ");
    match event {
        Event::StartDieSealed { seat } => format!("{} has chosen a starting die.", name(seat)),
        Event::StartDieChosen { die, .. } => format!("You chose a {die} as your starting die (sealed)."),
        Event::StartDiceShown { dice } => {
            let shown: Vec<String> = dice.iter().map(|(s, d)| format!("{} {d}", name(s))).collect();
            format!("Starting dice: {}.", shown.join(", "))
        }
        Event::RollOff { tied, first } => format!("Roll-off among {}: {} goes first.", list(tied), name(first)),
        Event::FirstPlayer { seat, order } => format!("{} goes first; turn order {}.", name(seat), list(order)),
        Event::RoundStarted { round } => format!("Round {round} begins."),
        Event::TurnStarted { seat, round } => format!("Round {round}: {}'s turn.", name(seat)),
        Event::DieTaken { seat, die } => format!("{} takes a {die}.", name(seat)),
        Event::TradeOpened { seat, want } => format!("{} trades for a {want}.", name(seat)),
        Event::DieOffered { seat, die } => format!("{} offers a {die}.", name(seat)),
        Event::Traded { seat, gave, got } => format!("{} trades {} for a {got}.", name(seat), dice_words(gave)),
        Event::Cancelled { seat, what } => {
            let what = if *what == SubPhase::Trade { "trade" } else { "reorientation" };
            format!("{} cancels the {what}.", name(seat))
        }
        Event::Spawned { seat, pyramid, cell } => {
            format!("{} spawns a {} pyramid on {cell}.", name(seat), pyramid.size.word())
        }
        Event::Revealed { cell, card } => format!("{cell} turns face up: {card}."),
        Event::Grew { seat, from, to, cell } => {
            format!("{} grows a {} pyramid into a {} one on {cell}.", name(seat), from.size.word(), to.size.word())
        }
        Event::ReorientOpened { seat } => format!("{} reorients.", name(seat)),
        Event::Oriented { seat, pyramid, orient: Orient::Up } => {
            format!("{} now stands upright.", piece(name(seat), *pyramid))
        }
        Event::Oriented { seat, pyramid, orient } => {
            format!("{} now points {}.", piece(name(seat), *pyramid), orient.word())
        }
        Event::Reoriented { seat, pyramids } => format!(
            "{} reoriented {}.",
            name(seat),
            count(u32::try_from(pyramids.len()).unwrap_or(u32::MAX), "pyramid")
        ),
        Event::Moved { seat, pyramid, from, to } => {
            format!("{} moves a {} pyramid from {from} to {to}.", name(seat), pyramid.size.word())
        }
        Event::Passed { seat } => format!("{} passes.", name(seat)),
        shown @ (Event::AnswersShown { .. }
        | Event::Roles { .. }
        | Event::CommitsShown { .. }
        | Event::Rolled { .. }) => shown_sentence(shown, &name),
        combat @ (Event::AttackDeclared { .. }
        | Event::Removed { .. }
        | Event::Invited { .. }
        | Event::AnswerSealed { .. }
        | Event::AnswerChosen { .. }
        | Event::DieCommitted { .. }
        | Event::CommitComplete { .. }
        | Event::Exchange { .. }
        | Event::Evaded { .. }
        | Event::DroppedOut { .. }
        | Event::CombatEnded { .. }
        | Event::Resigned { .. }
        | Event::GameEnded { .. }) => game.combat_sentence(combat, &name),
    }
}

/// The sentences that list every participant: answers, roles, commitments and rolls.
fn shown_sentence(event: &Event, name: &dyn Fn(&Seat) -> String) -> String {
    let words: Vec<String> = match event {
        Event::AnswersShown { answers } => {
            answers.iter().map(|(s, j)| format!("{} {}", name(s), if *j { "joins" } else { "declines" })).collect()
        }
        Event::Roles { sides } => sides
            .iter()
            .map(|(s, side, _, x)| {
                let role = if *side == Side::Attacker { "attacks" } else { "defends" };
                format!("{} {role} with X = {x}", name(s))
            })
            .collect(),
        Event::CommitsShown { commits } => {
            let each = commits.iter().map(|(s, d)| format!("{} {}", name(s), dice_words(d)));
            return format!("Dice committed: {}.", each.collect::<Vec<_>>().join("; "));
        }
        Event::Rolled { seat, line } => {
            let shown: Vec<String> = line.iter().map(ToString::to_string).collect();
            let rolled = if shown.is_empty() { "nothing".to_string() } else { shown.join(", ") };
            return format!("{} rolls {rolled}.", name(seat));
        }
        // `sentence` sends only the variants above here.
        _ => Vec::new(),
    };
    format!("{}.", words.join("; "))
}
