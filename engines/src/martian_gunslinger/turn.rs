//! The slot machine's automatic steps and the turn's early decisions: T0 SlotStart (lost
//! slots, re-entry), T1 Roll, T2a re-rolls, T2b Wild, T2c powers (Tip, Swap, Dig), T9 Draw,
//! T10 SlotEnd (Tycoon, checks, Mayor counter, cap).

use super::action::{Die, Pile, Place};
use super::events::Event;
use super::state::{
    EventStatus, HAND_LIMIT, MartianGunslinger, ROUND_CAP, Stage, TokenKind, TurnState, WinReason, all_squares,
    on_board_dirs,
};
use crate::game::Seat;
use crate::parts::cards::CardSet;
use crate::parts::dice::{D6, Treehouse};
use crate::parts::grid::{Direction, Square};

impl MartianGunslinger {
    /// T0 SlotStart.
    pub(crate) fn slot_start(&mut self, ev: &mut Vec<Event>) {
        self.slot += 1;
        self.turn = TurnState::default();
        let a = self.active();
        ev.push(Event::SlotBegan { seat: a, round: self.round });
        let player = &mut self.players[a.index()];
        if player.resigned {
            self.stage = Stage::SlotEnd;
        } else if player.lost_turns > 0 {
            // R49: the slot is lost: no roll, no cards, no draw; T10 still runs.
            player.lost_turns -= 1;
            ev.push(Event::SlotLost { seat: a, left: player.lost_turns });
            self.stage = Stage::SlotEnd;
        } else if player.piece.square.is_none() {
            // R23: a re-entry turn skips T1–T5.
            self.turn.reentry = true;
            if self.reentry_options(a).is_empty() {
                ev.push(Event::ReEntryBlocked { seat: a });
                self.stage = Stage::HandCard;
            } else {
                self.stage = Stage::ReEnter;
            }
        } else {
            self.stage = Stage::Roll;
        }
    }

    /// T0r choices (R23): the home square if empty, else its empty neighbours; on-board facings.
    pub(crate) fn reentry_options(&self, seat: Seat) -> Vec<(Square, Direction)> {
        let Some(home) = self.player(seat).home else { return Vec::new() };
        let squares: Vec<Square> = if self.occupied(home) {
            all_squares().filter(|s| home.is_adjacent(*s) && !self.occupied(*s)).collect()
        } else {
            vec![home]
        };
        squares.into_iter().flat_map(|s| on_board_dirs(s).map(move |d| (s, d))).collect()
    }

    /// `ReEnter(square, dir)`: same size (S after removal), then T6.
    pub(crate) fn reenter(&mut self, seat: Seat, square: Square, dir: Direction, ev: &mut Vec<Event>) {
        let piece = &mut self.players[seat.index()].piece;
        piece.square = Some(square);
        piece.facing = dir;
        ev.push(Event::ReEntered { seat, square, dir });
        self.stage = Stage::HandCard;
    }

    /// T1 Roll.
    pub(crate) fn roll_dice(&mut self, ev: &mut Vec<Event>) {
        let d6 = D6::roll(&mut self.rng).pips();
        let face = Treehouse::roll(&mut self.rng);
        self.turn.d6 = d6;
        self.turn.mp = d6;
        self.turn.face = Some(face);
        ev.push(Event::Rolled { seat: self.active(), d6, face });
        self.stage = if self.player(self.active()).rerolls() > 0 { Stage::Reroll } else { Stage::Face };
    }

    /// `UseReroll(die)` (R28): spend one Ace token (it goes to the discard pile), re-roll.
    pub(crate) fn use_reroll(&mut self, die: Die, ev: &mut Vec<Event>) {
        let a = self.active();
        let tokens = &mut self.players[a.index()].tokens;
        if let Some(i) = tokens.iter().position(|t| t.kind == TokenKind::Reroll) {
            let token = tokens.remove(i);
            self.discard_batch([token.card]);
        }
        match die {
            Die::Table => {
                self.turn.d6 = D6::roll(&mut self.rng).pips();
                self.turn.mp = self.turn.d6;
            }
            Die::Treehouse => self.turn.face = Some(Treehouse::roll(&mut self.rng)),
        }
        let face = self.turn.face.unwrap_or(Treehouse::Wild);
        ev.push(Event::Rerolled { seat: a, die, d6: self.turn.d6, face });
        if self.player(a).rerolls() == 0 {
            self.stage = Stage::Face;
        }
    }

    /// T2b: a Wild face asks; any other face becomes the power.
    pub(crate) fn resolve_face(&mut self) {
        match self.turn.face {
            Some(Treehouse::Wild) => self.stage = Stage::Wild,
            face => self.set_power(face),
        }
    }

    /// The power takes effect: Tip, Swap and Dig act now (T2c); Aim and Hop wait for T3 (R12).
    pub(crate) fn set_power(&mut self, power: Option<Treehouse>) {
        self.turn.power = power;
        self.stage = match power {
            Some(Treehouse::Tip | Treehouse::Swap | Treehouse::Dig) => Stage::Power,
            _ => Stage::Move,
        };
    }

    /// `WildReroll` (R11): a new table d6, no power.
    pub(crate) fn wild_reroll(&mut self, ev: &mut Vec<Event>) {
        let d6 = D6::roll(&mut self.rng).pips();
        self.turn.d6 = d6;
        self.turn.mp = d6;
        ev.push(Event::WildRerolled { seat: self.active(), d6 });
        self.set_power(None);
    }

    /// Tip targets: opponents' pieces on the board, on-board facings (§4.3, R7, R12).
    pub(crate) fn tip_options(&self) -> Vec<(Seat, Direction)> {
        let a = self.active();
        self.turn_order_from(a)
            .into_iter()
            .skip(1)
            .filter_map(|s| self.player(s).piece.square.map(|sq| (s, sq)))
            .flat_map(|(s, sq)| on_board_dirs(sq).map(move |d| (s, d)))
            .collect()
    }

    /// Swap pairs (§4.3): two distinct occupied squares, the first earlier in a1…h8 order.
    pub(crate) fn swap_options(&self) -> Vec<(Square, Square)> {
        let occupied: Vec<Square> = all_squares().filter(|s| self.occupied(*s)).collect();
        let mut pairs = Vec::with_capacity(21);
        for (i, a) in occupied.iter().enumerate() {
            for b in &occupied[i + 1..] {
                pairs.push((*a, *b));
            }
        }
        pairs
    }

    /// `Swap(a, b)`: the pyramids exchange squares, keeping facings; plotpoint ids move with
    /// them (R15).
    pub(crate) fn swap(&mut self, a: Square, b: Square, ev: &mut Vec<Event>) {
        let (piece_a, piece_b) = (self.piece_at(a), self.piece_at(b));
        let (plot_a, plot_b) = (self.plot_at(a), self.plot_at(b));
        if let Some(s) = piece_a {
            self.players[s.index()].piece.square = Some(b);
        }
        if let Some(s) = piece_b {
            self.players[s.index()].piece.square = Some(a);
        }
        if let Some(p) = plot_a {
            self.plotpoints[p as usize] = Some(b);
        }
        if let Some(p) = plot_b {
            self.plotpoints[p as usize] = Some(a);
        }
        self.note_swap(a, b);
        ev.push(Event::Swapped { seat: self.active(), a, b });
        self.stage = Stage::Move;
    }

    /// `DigFrom(pile)` (R13): the top card, seen by the digger only when it comes from the
    /// draw pile.
    pub(crate) fn dig_from(&mut self, pile: Pile, ev: &mut Vec<Event>) {
        let a = self.active();
        let card = match pile {
            Pile::Draw => self.draw_card(ev),
            Pile::Discard => self.discard.pop(),
        };
        let Some(card) = card else {
            self.stage = Stage::Move;
            return;
        };
        match pile {
            Pile::Draw => {
                ev.push(Event::Dug { seat: a, pile, card: None });
                ev.push(Event::DugCard { seat: a, card });
            }
            Pile::Discard => ev.push(Event::Dug { seat: a, pile, card: Some(card) }),
        }
        self.turn.dug = Some((card, pile));
        self.stage = Stage::DigTo;
    }

    /// `DigTo(place)`: not a card played (R13).
    pub(crate) fn dig_to(&mut self, place: Place, ev: &mut Vec<Event>) {
        let a = self.active();
        if let Some((card, pile)) = self.turn.dug.take() {
            let player = &mut self.players[a.index()];
            let shown = match place {
                Place::Hand => {
                    player.hand.insert(card);
                    if pile == Pile::Discard {
                        self.revealed.insert(card);
                    }
                    (pile == Pile::Discard).then_some(card)
                }
                Place::Resources => {
                    player.resources.insert(card);
                    Some(card)
                }
            };
            ev.push(Event::DugTo { seat: a, place, card: shown });
        }
        self.stage = Stage::Move;
    }

    /// T9 Draw: refill an empty event slot first (not counted), then `max(1, cards played)`
    /// (R30); then the hand limit (R31).
    pub(crate) fn draw_step(&mut self, ev: &mut Vec<Event>) {
        let a = self.active();
        if self.player(a).resigned {
            self.stage = Stage::SlotEnd;
            return;
        }
        self.draw_event_card(a, ev);
        let count = usize::from(self.turn.cards_played.max(1));
        self.draw_to_hand(a, count, ev);
        self.stage = if self.player(a).hand.len() > HAND_LIMIT { Stage::HandLimit } else { Stage::SlotEnd };
    }

    /// `DiscardCard(card)` down to the hand limit.
    pub(crate) fn hand_limit_discard(&mut self, card: crate::parts::cards::Card, ev: &mut Vec<Event>) {
        let a = self.active();
        self.players[a.index()].hand.remove(card);
        self.discard_batch([card]);
        ev.push(Event::HandLimitDiscard { seat: a, card });
        if self.player(a).hand.len() <= HAND_LIMIT {
            self.stage = Stage::SlotEnd;
        }
    }

    /// T10 SlotEnd, in order: Tycoon, win checks, Mayor counter, cap, next slot.
    pub(crate) fn slot_end(&mut self, ev: &mut Vec<Event>) {
        let a = self.active();
        if let Some(slot) = self.player(a).event
            && let EventStatus::Tycoon { reveal_slot, .. } = slot.status
            && reveal_slot < self.slot
        {
            self.resolve_tycoon(a, ev);
        }
        if self.state_checks(ev) {
            return;
        }
        if let Some(mayor) = self.mayor
            && self.slot > self.election_slot
        {
            self.mayor_counter -= 1;
            if self.mayor_counter == 0 {
                self.end_game(Some(mayor), WinReason::Mayor, ev);
                return;
            }
        }
        if self.round >= ROUND_CAP && self.turn_pos + 1 == self.players.len() {
            self.end_game(None, WinReason::Cap, ev);
            return;
        }
        self.turn_pos += 1;
        if self.turn_pos == self.players.len() {
            self.turn_pos = 0;
            self.round += 1;
        }
        self.stage = Stage::SlotStart;
    }

    /// §4.10 Tycoon outcome (R36).
    fn resolve_tycoon(&mut self, seat: Seat, ev: &mut Vec<Event>) {
        let Some(slot) = self.player(seat).event else { return };
        let EventStatus::Tycoon { casino, bank, other, .. } = slot.status else { return };
        let locked = self.player(seat).locked;
        let (c, b, o) = (locked.contains(casino), locked.contains(bank), locked.contains(other));
        ev.push(Event::TycoonResolved { seat, casino: c, bank: b, other: o });
        let mut to_discard = CardSet::EMPTY;
        let mut returned = CardSet::EMPTY;
        match (c, b) {
            (true, true) => {
                self.gain_vp(seat, 2, ev);
                to_discard = [casino, bank].into_iter().collect();
                returned = locked.difference(to_discard);
            }
            (true, false) | (false, true) => {
                self.gain_vp(seat, 1, ev);
                to_discard = locked;
            }
            (false, false) if o => returned = locked,
            (false, false) => {
                let all = self.player(seat).resources;
                self.discard_resources(seat, all);
            }
        }
        let player = &mut self.players[seat.index()];
        player.locked = CardSet::EMPTY;
        player.resources = player.resources.union(returned);
        self.discard_batch(to_discard.iter());
        self.replace_event_card(seat, ev);
    }
}
