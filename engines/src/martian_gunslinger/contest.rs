//! T4/T5: plotpoint attempts (§4.5) and poker contests (§4.6) — the piece attack and the
//! event contests (Shootout, Barroom Brawl, Robbery) — with their sealed exchanges.

use super::action::Action;
use super::events::{ContestWhy, Event, ShownHand};
use super::state::{Contest, ContestKind, EventStatus, MartianGunslinger, PlotId, Side, Stage, front};
use crate::game::Seat;
use crate::parts::cards::{Card, CardSet};
use crate::parts::poker::evaluate_set;
use crate::parts::pyramids::Size;

/// R17: an opponent may be attacked once it has scored this many VP in the game.
const ATTACK_THRESHOLD: u8 = 2;

impl MartianGunslinger {
    /// The square the active piece faces.
    fn faced(&self) -> Option<crate::parts::grid::Square> {
        let piece = self.player(self.active()).piece;
        front(piece.square?, piece.facing)
    }

    /// `AttemptPlotpoint` target (R15, R16): the faced plotpoint unless it was the last one tried.
    pub(crate) fn attempt_target(&self) -> Option<PlotId> {
        let plot = self.plot_at(self.faced()?)?;
        (self.player(self.active()).last_attempt != Some(plot)).then_some(plot)
    }

    /// `Attack` target (R16, R17): the faced opponent piece whose owner scored 2+ VP ever.
    pub(crate) fn attack_target(&self) -> Option<Seat> {
        let seat = self.piece_at(self.faced()?)?;
        (seat != self.active() && self.player(seat).lifetime >= ATTACK_THRESHOLD).then_some(seat)
    }

    /// The T4 actions, `SkipAction` first.
    pub(crate) fn action_actions(&self, out: &mut Vec<Action>) {
        out.push(Action::SkipAction);
        if self.attempt_target().is_some() {
            out.push(Action::AttemptPlotpoint);
        }
        if self.attack_target().is_some() {
            out.push(Action::Attack);
        }
    }

    /// §4.5: A's card against the house card; higher rank scores 1 (R14).
    pub(crate) fn attempt(&mut self, ev: &mut Vec<Event>) {
        let a = self.active();
        let Some(plot) = self.attempt_target() else { return };
        self.turn.acted = true;
        let mine = self.draw_card(ev);
        let house = if mine.is_some() { self.draw_card(ev) } else { None };
        let scored = matches!((mine, house), (Some(m), Some(h)) if m.rank > h.rank);
        ev.push(Event::Attempted { seat: a, plot, mine, house, scored });
        if scored {
            self.gain_vp(a, 1, ev);
        }
        self.players[a.index()].last_attempt = Some(plot);
        self.discard_batch(mine.into_iter().chain(house));
        self.stage = Stage::HandCard;
    }

    /// §4.6 Attack: draws and caps per side (R18, R25).
    pub(crate) fn attack(&mut self, ev: &mut Vec<Event>) {
        let a = self.active();
        let Some(d) = self.attack_target() else { return };
        self.turn.acted = true;
        let (pa, pd) = (self.player(a), self.player(d));
        let draw = |s: &super::state::Player, o: &super::state::Player| {
            5 + s.piece.size.pips().saturating_sub(o.piece.size.pips()) + s.draw_bonus()
        };
        let cap = |s: &super::state::Player, o: &super::state::Player| 2 + u8::from(s.vp > o.vp) + s.discard_bonus();
        let draws = [draw(pa, pd), draw(pd, pa)];
        let caps = [cap(pa, pd), cap(pd, pa)];
        self.start_contest(ContestKind::Attack, [a, d], draws, caps, ContestWhy::Attack, ev);
    }

    /// PokerContest steps 1–2: X draws, then Y; the sealed exchange window opens.
    pub(crate) fn start_contest(
        &mut self,
        kind: ContestKind,
        seats: [Seat; 2],
        draws: [u8; 2],
        caps: [u8; 2],
        why: ContestWhy,
        ev: &mut Vec<Event>,
    ) {
        ev.push(Event::ContestBegan { why, sides: [(seats[0], draws[0], caps[0]), (seats[1], draws[1], caps[1])] });
        let mut sides =
            seats.map(|seat| Side { seat, hand: CardSet::EMPTY, cap: 0, chosen: CardSet::EMPTY, done: false });
        for i in 0..2 {
            let mut hand = CardSet::EMPTY;
            for _ in 0..draws[i] {
                match self.draw_card(ev) {
                    Some(card) => {
                        hand.insert(card);
                    }
                    None => break,
                }
            }
            sides[i].hand = hand;
            sides[i].cap = caps[i];
            ev.push(Event::ContestHand { seat: seats[i], cards: hand.iter().collect() });
        }
        self.contest = Some(Contest { kind, sides });
        self.stage = Stage::Exchange;
    }

    /// The side of `seat` in the running contest.
    pub(crate) fn side(&self, seat: Seat) -> Option<&Side> {
        self.contest.as_ref()?.sides.iter().find(|s| s.seat == seat)
    }

    /// Exchange choices of `seat`: `ContestDone` first, then cards still choosable.
    pub(crate) fn exchange_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        let Some(side) = self.side(seat).filter(|s| !s.done) else { return };
        out.push(Action::ContestDone);
        if side.chosen.len() < usize::from(side.cap) {
            out.extend(side.hand.difference(side.chosen).iter().map(Action::ContestDiscard));
        }
    }

    /// One card into the sealed exchange, or the exchange closed; once both sides are done
    /// the contest resolves.
    pub(crate) fn exchange(&mut self, seat: Seat, action: Action, ev: &mut Vec<Event>) {
        let Some(contest) = self.contest.as_mut() else { return };
        let Some(side) = contest.sides.iter_mut().find(|s| s.seat == seat) else { return };
        match action {
            Action::ContestDiscard(card) => {
                side.chosen.insert(card);
                ev.push(Event::ContestChose { seat, card });
            }
            _ => {
                side.done = true;
                ev.push(Event::ContestSubmitted { seat });
            }
        }
        if contest.sides.iter().all(|s| s.done) {
            self.showdown(ev);
        }
    }

    /// PokerContest steps 3–5: replacements (X first), showdown, one discard batch; then
    /// the attack outcome or the event's continuation.
    fn showdown(&mut self, ev: &mut Vec<Event>) {
        let Some(mut contest) = self.contest.take() else { return };
        let mut exchanged = [Vec::new(), Vec::new()];
        for (i, side) in contest.sides.iter_mut().enumerate() {
            side.hand = side.hand.difference(side.chosen);
            self.set_aside.extend(side.chosen.iter());
            exchanged[i] = side.chosen.iter().collect();
            for _ in 0..side.chosen.len() {
                match self.draw_card(ev) {
                    Some(card) => {
                        side.hand.insert(card);
                    }
                    None => break,
                }
            }
        }
        let values = contest.sides.each_ref().map(|s| evaluate_set(s.hand));
        let winner = match values[0].cmp(&values[1]) {
            std::cmp::Ordering::Greater => Some(contest.sides[0].seat),
            std::cmp::Ordering::Less => Some(contest.sides[1].seat),
            std::cmp::Ordering::Equal => None,
        };
        let hands = (0..2)
            .map(|i| ShownHand {
                seat: contest.sides[i].seat,
                cards: contest.sides[i].hand.iter().collect(),
                value: values[i],
                exchanged: std::mem::take(&mut exchanged[i]),
            })
            .collect();
        ev.push(Event::Showdown { hands, winner });
        let mut batch: Vec<Card> = std::mem::take(&mut self.set_aside);
        batch.extend(contest.sides.iter().flat_map(|s| s.hand.iter()));
        self.discard_batch(batch);
        match contest.kind {
            ContestKind::Attack => self.attack_outcome([contest.sides[0].seat, contest.sides[1].seat], winner, ev),
            ContestKind::Event => self.event_contest_over(winner, ev),
        }
    }

    /// §4.6 Attack outcome (R20–R22, R37) and step 5: checks run before T6.
    fn attack_outcome(&mut self, sides: [Seat; 2], winner: Option<Seat>, ev: &mut Vec<Event>) {
        self.stage = Stage::HandCard;
        let Some(winner) = winner else {
            ev.push(Event::AttackTied);
            return;
        };
        let [attacker, defender] = sides;
        let loser = if winner == attacker { defender } else { attacker };
        self.lose_attack(loser, ev);
        if winner == attacker {
            self.pay_judge(attacker, ev);
        }
        self.forced_check = Some(winner);
    }

    /// R21: shrink (a Small is removed), lose half the VP (rounded up), lose one or two turns.
    fn lose_attack(&mut self, loser: Seat, ev: &mut Vec<Event>) {
        let player = &mut self.players[loser.index()];
        match player.piece.size.shrunk() {
            Some(size) => player.piece.size = size,
            None => player.piece.square = None,
        }
        player.vp /= 2;
        player.lost_turns += if player.vp == 0 { 2 } else { 1 };
        let size = player.piece.square.map(|_| player.piece.size);
        ev.push(Event::AttackLost { loser, size, vp: player.vp, lost_turns: player.lost_turns });
        if size.is_none() {
            player.piece.size = Size::Small;
        }
    }

    /// §4.6 step 4: Hanging Judge pays 2 VP when both designated cards are still face up.
    fn pay_judge(&mut self, seat: Seat, ev: &mut Vec<Event>) {
        let Some(slot) = self.player(seat).event else { return };
        let EventStatus::Judge { ace, four } = slot.status else { return };
        let resources = self.player(seat).resources;
        if !resources.contains(ace) || !resources.contains(four) {
            return;
        }
        self.gain_vp(seat, 2, ev);
        ev.push(Event::JudgePaid { seat });
        self.discard_resources(seat, [ace, four].into_iter().collect());
        self.replace_event_card(seat, ev);
    }
}
