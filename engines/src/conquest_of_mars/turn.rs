//! The flow around the actions: the sealed starting dice and the first player (§3 steps
//! 4–6, R4), EndOfTurn (§4.9, R33), cancelling a sub-phase (R36), resignation (§4.8, R34,
//! R37) and the timeout defaults (§4.7, §4.8).

use super::action::Action;
use super::board::Place;
use super::dice::Die;
use super::events::{Event, Removal, SubPhase};
use super::scoring::EndReason;
use super::state::{ConquestOfMars, Phase};
use crate::game::{RuleError, Seat};

/// Sub-phases a player may cancel in one turn (R36).
pub const CANCELS_PER_TURN: u8 = 2;

impl ConquestOfMars {
    /// §3 step 4: a sealed starting die; when the last one is in, all are shown.
    pub(crate) fn choose_start_die(&mut self, seat: Seat, die: Die, events: &mut Vec<Event>) {
        self.player_mut(seat).start_die = Some(die);
        events.push(Event::StartDieSealed { seat });
        events.push(Event::StartDieChosen { seat, die });
        self.close_start_dice(events);
    }

    /// §3 steps 4–6 once every seat still playing has chosen: the dice move to the personal
    /// pools, the fewest faces goes first (ties: a roll-off, R4), round 1 begins.
    pub(crate) fn close_start_dice(&mut self, events: &mut Vec<Event>) {
        if self.phase != Phase::SetupDieChoice || !self.must().is_empty() {
            return;
        }
        let chosen: Vec<(Seat, Die)> =
            self.active().iter().filter_map(|s| self.player(s).start_die.map(|d| (s, d))).collect();
        for (seat, die) in &chosen {
            self.common.remove(*die);
            self.player_mut(*seat).dice.add(*die);
        }
        events.push(Event::StartDiceShown { dice: chosen.clone() });
        let fewest = chosen.iter().map(|(_, d)| *d).min();
        let tied: Vec<Seat> = chosen.iter().filter(|(_, d)| Some(*d) == fewest).map(|(s, _)| *s).collect();
        let first = if tied.len() > 1 {
            let first = tied[self.rng.index(tied.len())];
            events.push(Event::RollOff { tied: tied.clone(), first });
            first
        } else {
            tied.first().copied().unwrap_or(Seat(0))
        };
        self.turn_order = self.clockwise(first).collect();
        self.current = first;
        self.round = 1;
        self.cancels = 0;
        self.phase = Phase::Main;
        events.push(Event::FirstPlayer { seat: first, order: self.turn_order.clone() });
        events.push(Event::TurnStarted { seat: first, round: 1 });
    }

    /// §4.9 steps 2–3: the round advances after the last seat still playing in the turn
    /// order (R33), the game ends after round `round_cap` (R30), and the next seat still
    /// playing takes its turn. Step 2 looks past a `current` that has just resigned (R37).
    pub(crate) fn end_turn(&mut self, events: &mut Vec<Event>) {
        let at = self.turn_order.iter().position(|s| *s == self.current).unwrap_or(0);
        let later = self.turn_order[at + 1..].iter().any(|s| !self.player(*s).resigned);
        if !later {
            if self.round >= self.options.round_cap {
                self.finish(EndReason::RoundCap, events);
                return;
            }
            self.round += 1;
            events.push(Event::RoundStarted { round: self.round });
        }
        let n = self.turn_order.len();
        let next = (1..=n).map(|i| self.turn_order[(at + i) % n]).find(|s| !self.player(*s).resigned);
        self.current = next.unwrap_or(self.current);
        self.cancels = 0;
        self.phase = Phase::Main;
        events.push(Event::TurnStarted { seat: self.current, round: self.round });
    }

    /// Drops an open trade or reorientation, restoring the orientations (§4.4).
    fn drop_sub_phase(&mut self) -> Option<SubPhase> {
        let dropped = match std::mem::replace(&mut self.phase, Phase::Main) {
            Phase::Trade { .. } => SubPhase::Trade,
            Phase::Reorient { original } => {
                for (pyramid, orient) in original {
                    if let Some(Place::Board { cell, .. }) = self.place(pyramid) {
                        self.set_place(pyramid, Place::Board { cell, orient });
                    }
                }
                SubPhase::Reorient
            }
            other => {
                self.phase = other;
                return None;
            }
        };
        Some(dropped)
    }

    /// `TradeCancel` / `ReorientCancel` (R36): back to `Main`, nothing spent.
    pub(crate) fn cancel(&mut self, seat: Seat, events: &mut Vec<Event>) {
        if let Some(what) = self.drop_sub_phase() {
            self.cancels += 1;
            events.push(Event::Cancelled { seat, what });
        }
    }

    /// Whether `pass` is the timeout's action now (§4.7, §4.8): in `Trade` and `Reorient`
    /// (cancelled regardless of R36), and in `Main` when no die can be taken.
    pub(crate) fn check_pass(&self, seat: Seat) -> Result<(), RuleError> {
        let allowed = match self.phase {
            Phase::Trade { .. } | Phase::Reorient { .. } => true,
            Phase::Main => self.common.is_empty(),
            _ => false,
        };
        if allowed && self.current == seat {
            Ok(())
        } else {
            Err(RuleError::illegal("there is no voluntary pass: choose one of the actions (§4.2)"))
        }
    }

    /// The timeout's `pass` (§4.8): any open sub-phase is cancelled, then the `Main` default
    /// (a die if one is left, R2), and the turn ends.
    pub(crate) fn pass(&mut self, seat: Seat, events: &mut Vec<Event>) {
        if let Some(what) = self.drop_sub_phase() {
            events.push(Event::Cancelled { seat, what });
        }
        events.push(Event::Passed { seat });
        self.take_die(seat, events);
        self.end_turn(events);
    }

    /// §4.8 `Resign` (R34, R37): every pyramid returns to the reserve, later turns are
    /// skipped; the last player left wins at once.
    pub(crate) fn resign(&mut self, seat: Seat, events: &mut Vec<Event>) {
        events.push(Event::Resigned { seat });
        let on_board: Vec<_> = self.player(seat).all().filter_map(|(id, p)| p.cell().map(|c| (id, c))).collect();
        for (pyramid, cell) in on_board {
            self.set_place(pyramid, Place::Reserve);
            events.push(Event::Removed { seat, pyramid, cell, why: Removal::Resigned });
        }
        let player = self.player_mut(seat);
        player.resigned = true;
        player.start_die = None;
        let active = self.active();
        if active.len() <= 1 {
            events.extend(self.close_combat());
            let reason = active.first().map_or(EndReason::RoundCap, EndReason::LastStanding);
            self.finish(reason, events);
            return;
        }
        match self.phase {
            Phase::SetupDieChoice => self.close_start_dice(events),
            Phase::Attack(_) => self.withdraw(seat, events),
            Phase::Main | Phase::Trade { .. } | Phase::Reorient { .. } if self.current == seat => {
                self.drop_sub_phase();
                self.end_turn(events);
            }
            _ => {}
        }
    }
}

/// The safe default when `seat` runs out of time (§4.8).
pub(crate) fn timeout_action(game: &ConquestOfMars, seat: Seat) -> Option<Action> {
    if !game.must().contains(seat) {
        return None;
    }
    match &game.phase {
        Phase::SetupDieChoice => game.common.smallest().map(Action::ChooseStartDie),
        Phase::Main if !game.common.is_empty() => Some(Action::TakeDie),
        Phase::Main | Phase::Trade { .. } | Phase::Reorient { .. } => Some(Action::Pass),
        Phase::Attack(combat) => game.combat_default(combat, seat),
        Phase::GameOver => None,
    }
}
