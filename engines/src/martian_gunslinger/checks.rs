//! §4.14 state-based checks (Judge fizzle, win conditions, R46–R48, R58) and the end of the
//! game with its ranking (§6, R50).

use std::cmp::Reverse;

use super::events::Event;
use super::state::{EventStatus, Finish, MartianGunslinger, Stage, WIN_VP, WinReason};
use crate::game::Seat;
use crate::parts::cards::CardSet;
use crate::parts::poker::{Category, evaluate_set};

/// R47: five face-up cards of one suit in sequence (A low or high, no wrap).
pub(crate) fn has_straight_flush(resources: CardSet) -> bool {
    resources.len() >= 5 && evaluate_set(resources).category() == Category::StraightFlush
}

impl MartianGunslinger {
    /// §4.14: Judge fizzles, then the win conditions; true when the game has ended (R58).
    pub(crate) fn state_checks(&mut self, ev: &mut Vec<Event>) -> bool {
        if self.stage == Stage::Over {
            return true;
        }
        self.judge_fizzles(ev);
        let forced = self.forced_check.take();
        let playing: Vec<Seat> = self.playing().collect();
        match playing.len() {
            0 => {
                self.end_game(None, WinReason::AllResigned, ev);
                return true;
            }
            1 => {
                self.end_game(Some(playing[0]), WinReason::LastStanding, ev);
                return true;
            }
            _ => {}
        }
        // R48: A if among the qualifiers, else the first in turn order after A.
        for seat in self.turn_order_from(self.active()) {
            if let Some(reason) = self.qualifies(seat, forced) {
                self.end_game(Some(seat), reason, ev);
                return true;
            }
        }
        false
    }

    /// The first win condition (a)–(c) `seat` meets, if any.
    fn qualifies(&self, seat: Seat, forced: Option<Seat>) -> Option<WinReason> {
        let player = self.player(seat);
        if player.resigned {
            return None;
        }
        if player.vp >= WIN_VP {
            return Some(WinReason::Points);
        }
        if has_straight_flush(player.resources) {
            return Some(WinReason::StraightFlush);
        }
        // R46: only right after a piece attack, for its winner.
        let all_forced = || {
            self.seats().filter(|s| *s != seat).all(|s| {
                let other = self.player(s);
                other.piece.square.is_none() || other.piece.square == other.home
            })
        };
        (forced == Some(seat) && all_forced()).then_some(WinReason::Forced)
    }

    /// §4.14 step 1 (R37): a Judge whose designated cards are not both face up fizzles.
    fn judge_fizzles(&mut self, ev: &mut Vec<Event>) {
        for seat in self.seats().collect::<Vec<_>>() {
            let player = self.player(seat);
            let Some(slot) = player.event else { continue };
            let EventStatus::Judge { ace, four } = slot.status else { continue };
            if !player.resources.contains(ace) || !player.resources.contains(four) {
                ev.push(Event::JudgeFizzled { seat });
                self.replace_event_card(seat, ev);
            }
        }
    }

    /// Ends the game (R58): pending decisions are dropped, cards of a running contest or duel
    /// go to the discard pile as one batch; the ranking is fixed (§6).
    pub(crate) fn end_game(&mut self, winner: Option<Seat>, reason: WinReason, ev: &mut Vec<Event>) {
        let mut batch = std::mem::take(&mut self.set_aside);
        if let Some(contest) = self.contest.take() {
            batch.extend(contest.sides.iter().flat_map(|s| s.hand.iter()));
        }
        if let Some((card, _)) = self.turn.dug.take() {
            batch.push(card);
        }
        self.discard_batch(batch);
        if let Some(running) = self.running.take() {
            self.discard_batch([running.card]);
        }
        self.bids = vec![None; self.players.len()];
        self.payer = None;
        self.turn.refill = CardSet::EMPTY;
        let ranking = self.ranking(winner);
        let winner = if reason == WinReason::Cap { ranking.first().copied() } else { winner };
        self.finish = Some(Finish { winner, reason, ranking });
        self.stage = Stage::Over;
        ev.push(Event::GameOver { winner, reason });
    }

    /// §6 ranking: the winner first; then most VP, most lifetime VP, the Mayor, the larger
    /// piece on the board, most face-up resources, then the potato (RNG); resigned last.
    fn ranking(&mut self, winner: Option<Seat>) -> Vec<Seat> {
        let keys: Vec<_> = self
            .seats()
            .map(|s| {
                let p = self.player(s);
                (
                    Some(s) == winner,
                    !p.resigned,
                    p.vp,
                    p.lifetime,
                    self.mayor == Some(s),
                    p.pips_on_board(),
                    p.resources.len(),
                )
            })
            .collect();
        let key = |s: Seat| keys[s.index()];
        let mut seats: Vec<Seat> = self.turn_order_from(self.order[0]);
        seats.sort_by_key(|s| Reverse(key(*s)));
        let mut ranking = Vec::with_capacity(seats.len());
        let mut i = 0;
        while i < seats.len() {
            let mut group: Vec<Seat> = seats[i..].iter().copied().take_while(|s| key(*s) == key(seats[i])).collect();
            i += group.len();
            // The potato: uniform picks among the still tied, indexed in turn order.
            while group.len() > 1 {
                let pick = self.rng.index(group.len());
                ranking.push(group.remove(pick));
            }
            ranking.extend(group);
        }
        ranking
    }
}
