//! T3 Move (§4.2, R7–R10): Step, Reorient, Aim, Hop, EndMove.

use super::action::Action;
use super::events::Event;
use super::state::{LastMove, MartianGunslinger, Stage, front};
use crate::parts::dice::Treehouse;
use crate::parts::grid::{Direction, Square};

/// How a Hop lands (R10).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum HopKind {
    /// Over the faced pyramid to the empty square beyond.
    Over(Square),
    /// Into the empty faced square, the next one being occupied (contact).
    Contact(Square),
}

impl MartianGunslinger {
    /// The active piece's square and facing, if on the board.
    fn active_piece(&self) -> Option<(Square, Direction)> {
        let piece = self.player(self.active()).piece;
        piece.square.map(|sq| (sq, piece.facing))
    }

    /// Whether `Step` is legal: mp ≥ 1 and the faced square on the board and empty.
    pub(crate) fn can_step(&self) -> Option<Square> {
        let (sq, facing) = self.active_piece()?;
        let f = front(sq, facing)?;
        (self.turn.mp >= 1 && !self.occupied(f)).then_some(f)
    }

    /// Directions for `Reorient` (mp ≥ 1) or `Aim` (free, once): not the current facing and
    /// pointing on the board (R7).
    pub(crate) fn turn_dirs(&self) -> Vec<Direction> {
        let Some((sq, facing)) = self.active_piece() else { return Vec::new() };
        Direction::ALL.into_iter().filter(|d| *d != facing && front(sq, *d).is_some()).collect()
    }

    /// Whether Aim is available this turn.
    pub(crate) fn can_aim(&self) -> bool {
        self.turn.power == Some(Treehouse::Aim) && !self.turn.aim_used
    }

    /// The Hop available now, if any (R10).
    pub(crate) fn hop(&self) -> Option<HopKind> {
        if self.turn.power != Some(Treehouse::Hop) || self.turn.hop_used {
            return None;
        }
        let (sq, facing) = self.active_piece()?;
        let f = front(sq, facing)?;
        let b = front(f, facing)?;
        match (self.occupied(f), self.occupied(b)) {
            (true, false) => Some(HopKind::Over(b)),
            (false, true) => Some(HopKind::Contact(f)),
            _ => None,
        }
    }

    /// The T3 actions in list order (EndMove first: the pass).
    pub(crate) fn move_actions(&self, out: &mut Vec<Action>) {
        out.push(Action::EndMove);
        if self.can_step().is_some() {
            out.push(Action::Step);
        }
        let dirs = self.turn_dirs();
        if self.turn.mp >= 1 {
            out.extend(dirs.iter().map(|d| Action::Reorient(*d)));
        }
        if self.can_aim() {
            out.extend(dirs.iter().map(|d| Action::Aim(*d)));
        }
        if self.hop().is_some() {
            out.push(Action::Hop);
        }
    }

    /// Applies a legal movement action.
    pub(crate) fn apply_move(&mut self, action: Action, ev: &mut Vec<Event>) {
        let a = self.active();
        match action {
            Action::Step => {
                if let Some(to) = self.can_step() {
                    self.note_path(self.player(a).piece.square, to);
                    self.players[a.index()].piece.square = Some(to);
                    self.turn.mp -= 1;
                    ev.push(Event::Stepped { seat: a, to });
                }
            }
            Action::Reorient(dir) => {
                self.players[a.index()].piece.facing = dir;
                self.turn.mp -= 1;
                ev.push(Event::Reoriented { seat: a, dir });
            }
            Action::Aim(dir) => {
                self.players[a.index()].piece.facing = dir;
                self.turn.aim_used = true;
                ev.push(Event::Aimed { seat: a, dir });
            }
            Action::Hop => {
                if let Some(HopKind::Over(to) | HopKind::Contact(to)) = self.hop() {
                    self.note_path(self.player(a).piece.square, to);
                    self.players[a.index()].piece.square = Some(to);
                    self.turn.hop_used = true;
                    ev.push(Event::Hopped { seat: a, to });
                }
            }
            _ => {
                ev.push(Event::MoveEnded { seat: a });
                self.stage = Stage::Action;
            }
        }
    }

    /// The slot's movement record, started afresh when the last one belongs to another slot.
    fn moves_this_slot(&mut self) -> &mut LastMove {
        let (slot, seat) = (self.slot, self.active());
        if self.last_move.as_ref().is_some_and(|(s, m)| *s != slot || m.seat != seat) {
            self.last_move = None;
        }
        &mut self.last_move.get_or_insert_with(|| (slot, LastMove { seat, path: Vec::new(), swap: None })).1
    }

    /// Records that the slot's piece went from `from` to `to` (Step, Hop, the 10's ride).
    pub(crate) fn note_path(&mut self, from: Option<Square>, to: Square) {
        let moved = self.moves_this_slot();
        if let Some(from) = from.filter(|f| moved.path.last() != Some(f)) {
            moved.path = vec![from];
        }
        moved.path.push(to);
    }

    /// Records a Swap of the pyramids on `a` and `b`.
    pub(crate) fn note_swap(&mut self, a: Square, b: Square) {
        self.moves_this_slot().swap = Some((a, b));
    }

    /// Whether T3 has nothing but `EndMove` (then it is applied automatically, public).
    pub(crate) fn move_is_forced_end(&self) -> bool {
        let mut actions = Vec::new();
        self.move_actions(&mut actions);
        actions.len() == 1
    }
}
