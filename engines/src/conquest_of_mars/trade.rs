//! Trading (§4.3, R3): two or more smaller dice for one larger die of the common pool, with
//! at least as many faces in all; over-paying allowed, no change given.

use super::action::Action;
use super::dice::{DicePool, Die};
use super::events::Event;
use super::state::{ConquestOfMars, Phase};
use super::turn::CANCELS_PER_TURN;
use crate::game::{RuleError, Seat};

/// Whether `offered` pays for `want` (R3): two dice or more, enough faces.
pub(crate) fn pays_for(offered: &DicePool, want: Die) -> bool {
    offered.len() >= 2 && offered.faces() >= u32::from(want.sides())
}

impl ConquestOfMars {
    /// `TradeStart{want}` (R2, R3): a `want` die in the common pool, and `seat`'s dice with
    /// fewer faces would pay for it, so a trade once opened can always be completed (R36).
    pub(crate) fn can_trade_for(&self, seat: Seat, want: Die) -> bool {
        self.common.get(want) > 0 && pays_for(&self.player(seat).dice.below(want), want)
    }

    /// §4.3 in canonical order: offers by ascending faces, confirm, cancel (R36).
    pub(crate) fn trade_actions(&self, seat: Seat, want: Die, offered: &DicePool, out: &mut Vec<Action>) {
        let dice = self.player(seat).dice;
        let addable = Die::ALL.into_iter().filter(|d| *d < want && dice.get(*d) > offered.get(*d));
        out.extend(addable.map(Action::TradeAdd));
        if pays_for(offered, want) {
            out.push(Action::TradeConfirm);
        }
        if self.cancels < CANCELS_PER_TURN {
            out.push(Action::Cancel);
        }
    }

    /// `TradeStart{want}`: the trade sub-phase opens with nothing offered.
    pub(crate) fn open_trade(&mut self, seat: Seat, want: Die, events: &mut Vec<Event>) {
        self.phase = Phase::Trade { want, offered: DicePool::EMPTY };
        events.push(Event::TradeOpened { seat, want });
    }

    /// `TradeAdd{sides}`: one more die offered (it stays in the personal pool until confirmed).
    pub(crate) fn offer(&mut self, seat: Seat, die: Die, events: &mut Vec<Event>) {
        if let Phase::Trade { offered, .. } = &mut self.phase {
            offered.add(die);
            events.push(Event::DieOffered { seat, die });
        }
    }

    /// `TradeConfirm`: the offered dice go to the common pool, the wanted die comes out of
    /// it; the turn ends.
    pub(crate) fn confirm_trade(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let Phase::Trade { want, offered } = self.phase else { return };
        let gave = offered.dice();
        for die in &gave {
            self.player_mut(seat).dice.remove(*die);
            self.common.add(*die);
        }
        self.common.remove(want);
        self.player_mut(seat).dice.add(want);
        events.push(Event::Traded { seat, gave, got: want });
        self.phase = Phase::Main;
        self.end_turn(events);
    }

    /// Why `TradeStart{want}` is refused (R2, R3).
    pub(crate) fn explain_trade_start(&self, seat: Seat, want: Die) -> RuleError {
        if self.common.get(want) == 0 {
            return RuleError::ruled("R2", format!("the common pool has no {want}"));
        }
        let smaller = self.player(seat).dice.below(want);
        RuleError::ruled(
            "R3",
            format!(
                "a {want} needs two or more of your dice with fewer faces, {} faces in all; you have {} such dice with {} faces",
                want.sides(),
                smaller.len(),
                smaller.faces()
            ),
        )
    }

    /// Why an action is refused during a trade (§4.3, R3, R36).
    pub(crate) fn explain_trade(&self, seat: Seat, want: Die, action: Action) -> RuleError {
        match action {
            Action::TradeAdd(die) if die >= want => {
                RuleError::ruled("R3", format!("every die turned in must have fewer faces than the {want}"))
            }
            Action::TradeAdd(die) => RuleError::illegal(format!(
                "you have no other {die} to offer (you hold {})",
                self.player(seat).dice.get(die)
            )),
            Action::TradeConfirm => RuleError::ruled(
                "R3",
                format!("offer at least two dice with {} faces or more in all before confirming", want.sides()),
            ),
            Action::Cancel => {
                RuleError::ruled("R36", "you have cancelled twice this turn: this trade must be completed")
            }
            _ => RuleError::illegal(format!("you are trading for a {want}: add a die, confirm or cancel")),
        }
    }
}
