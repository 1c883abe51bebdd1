//! Reorienting (§4.4, R12): one action that sets any of the player's pyramids, each once,
//! upright or pointing at a neighbouring card; at least one must change.

use super::action::Action;
use super::board::{Orient, Place, PyramidId};
use super::events::Event;
use super::state::{ConquestOfMars, Phase};
use super::turn::CANCELS_PER_TURN;
use crate::game::{RuleError, Seat};

impl ConquestOfMars {
    /// §4.4 in canonical order: `Orient` by pyramid then orientation, done, cancel (R36).
    pub(crate) fn reorient_actions(&self, seat: Seat, changed: &[(PyramidId, Orient)], out: &mut Vec<Action>) {
        for (pyramid, place) in self.player(seat).all() {
            let Place::Board { cell, orient: now } = place else { continue };
            if changed.iter().any(|(p, _)| *p == pyramid) {
                continue;
            }
            let options =
                Orient::ALL.into_iter().filter(|o| *o != now && (*o == Orient::Up || cell.step(*o).is_some()));
            out.extend(options.map(|orient| Action::Orient { pyramid, orient }));
        }
        if !changed.is_empty() {
            out.push(Action::ReorientDone);
        }
        if self.cancels < CANCELS_PER_TURN {
            out.push(Action::Cancel);
        }
    }

    /// `ReorientStart`: nothing changed yet.
    pub(crate) fn open_reorient(&mut self, seat: Seat, events: &mut Vec<Event>) {
        self.phase = Phase::Reorient { original: Vec::new() };
        events.push(Event::ReorientOpened { seat });
    }

    /// `Orient{pyr, orient}`: set at once (the board shows it), the old orientation kept
    /// for a cancel.
    pub(crate) fn orient(&mut self, seat: Seat, pyramid: PyramidId, orient: Orient, events: &mut Vec<Event>) {
        let Some(Place::Board { cell, orient: before }) = self.place(pyramid) else { return };
        if let Phase::Reorient { original } = &mut self.phase {
            original.push((pyramid, before));
        }
        self.set_place(pyramid, Place::Board { cell, orient });
        events.push(Event::Oriented { seat, pyramid, orient });
    }

    /// `ReorientDone`: the new orientations stand; the turn ends.
    pub(crate) fn finish_reorient(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let Phase::Reorient { original } = std::mem::replace(&mut self.phase, Phase::Main) else { return };
        events.push(Event::Reoriented { seat, pyramids: original.iter().map(|(p, _)| *p).collect() });
        self.end_turn(events);
    }

    /// Why an action is refused while reorienting (§4.4, R6, R12, R36).
    pub(crate) fn explain_reorient(&self, seat: Seat, action: Action) -> RuleError {
        let Phase::Reorient { original } = &self.phase else { return RuleError::illegal("you are not reorienting") };
        match action {
            Action::Orient { pyramid, orient } => {
                let place = match self.own_place(seat, pyramid) {
                    Ok(place) => place,
                    Err(error) => return error,
                };
                let Place::Board { cell, orient: now } = place else {
                    return RuleError::illegal(Self::not_on_board(pyramid));
                };
                let words = self.pyramid_words(pyramid);
                if original.iter().any(|(p, _)| *p == pyramid) {
                    RuleError::ruled("R12", format!("your {words} has been reoriented already in this action"))
                } else if orient == now {
                    let sits = if orient == Orient::Up { "stands" } else { "points" };
                    RuleError::ruled("R12", format!("your {words} already {sits} {}", orient.word()))
                } else {
                    RuleError::ruled("R6", format!("from {cell}, {} is off the grid or a hole", orient.word()))
                }
            }
            Action::ReorientDone => RuleError::ruled("R12", "change at least one pyramid before you are done"),
            Action::Cancel => RuleError::ruled("R36", "you have cancelled twice this turn: finish this reorientation"),
            _ => RuleError::illegal("you are reorienting: orient a pyramid, then done (or cancel)"),
        }
    }
}
