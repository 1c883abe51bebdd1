//! The event cards of the deck, T8 (§4.9, R33–R42, R55): which `PlayEvent`s are legal, and
//! their resolution. The Mayor election is in `mayor.rs`; the narration is `events.rs`.

use super::action::{Action, EventParams};
use super::events::{ContestWhy, Event};
use super::state::{ContestKind, EventSlot, EventStatus, MartianGunslinger, Running, Stage};
use crate::game::Seat;
use crate::parts::cards::{Card, CardSet, Rank, Suit};

impl MartianGunslinger {
    /// Face-up cards of `rank` held by `seat`.
    fn of(&self, seat: Seat, rank: Rank) -> Vec<Card> {
        self.player(seat).resources_of(rank).iter().collect()
    }

    /// Every legal `PlayEvent` for the active player's Hidden event card (R33, R34).
    pub(crate) fn event_options(&self) -> Vec<EventParams> {
        self.event_options_for(self.active())
    }

    /// Every `PlayEvent` `a` could make now with its Hidden event card.
    pub(crate) fn event_options_for(&self, a: Seat) -> Vec<EventParams> {
        let Some(card) = self.player(a).hidden_event() else { return Vec::new() };
        let mut out = Vec::new();
        let opponents = self.opponents(a);
        match card.rank.value() {
            13 if [Rank::JACK, Rank::TEN, Rank::FIVE].iter().all(|r| self.player(a).has(*r)) => {
                out.push(EventParams::CattleBaron);
            }
            12 => self.shootout_options(a, &opponents, &mut out),
            11 => self.pony_options(a, &opponents, &mut out),
            10 => {
                for opponent in &opponents {
                    for gun in self.of(a, Rank::NINE) {
                        for casino in self.of(a, Rank::QUEEN) {
                            out.push(EventParams::Brawl { opponent: *opponent, gun, casino });
                        }
                    }
                }
            }
            9 => self.tycoon_options(a, &mut out),
            8 => self.pairs(a, Rank::ACE, Rank::FOUR, &mut out, |ace, four| EventParams::Judge { ace, four }),
            7 => self.pairs(a, Rank::NINE, Rank::EIGHT, &mut out, |gun, horse| EventParams::CrackShot { gun, horse }),
            6 if self.anywhere(Rank::SEVEN) && self.anywhere(Rank::ACE) => {
                for suit in Suit::ALL {
                    out.extend(Rank::ALL.iter().map(|rank| EventParams::HolyVision { suit, rank: *rank }));
                }
            }
            5 => {
                for opponent in &opponents {
                    if self.player(*opponent).has(Rank::KING) {
                        for jail in self.of(*opponent, Rank::THREE) {
                            out.push(EventParams::Jailbreak { opponent: *opponent, jail });
                        }
                    }
                }
            }
            4 => self.robbery_options(a, &opponents, &mut out),
            3 => self.pairs(a, Rank::SEVEN, Rank::FIVE, &mut out, |church, grazing| EventParams::Revival {
                church,
                grazing,
            }),
            2 => {
                for opponent in &opponents {
                    for cattle in self.of(*opponent, Rank::TEN) {
                        out.push(EventParams::PunchACow { opponent: *opponent, cattle });
                    }
                }
            }
            14 if self.common_suit_everywhere() => {
                self.pairs(a, Rank::THREE, Rank::FOUR, &mut out, |jail, courthouse| EventParams::Mayor {
                    jail,
                    courthouse,
                });
            }
            _ => {}
        }
        out
    }

    fn pairs(
        &self,
        a: Seat,
        first: Rank,
        second: Rank,
        out: &mut Vec<EventParams>,
        make: impl Fn(Card, Card) -> EventParams,
    ) {
        for x in self.of(a, first) {
            out.extend(self.of(a, second).into_iter().map(|y| make(x, y)));
        }
    }

    fn shootout_options(&self, a: Seat, opponents: &[Seat], out: &mut Vec<EventParams>) {
        for (mine_rank, theirs_rank) in [(Rank::JACK, Rank::KING), (Rank::KING, Rank::JACK)] {
            for mine in self.of(a, mine_rank) {
                for opponent in opponents {
                    for theirs in self.of(*opponent, theirs_rank) {
                        out.push(EventParams::Shootout { opponent: *opponent, mine, theirs });
                    }
                }
            }
        }
    }

    fn pony_options(&self, a: Seat, opponents: &[Seat], out: &mut Vec<EventParams>) {
        let resources = self.player(a).resources;
        for horse in self.of(a, Rank::EIGHT) {
            for stagecoach in self.of(a, Rank::SIX) {
                let cargo: CardSet = resources.difference([horse, stagecoach].into_iter().collect());
                for cargo in cargo.iter() {
                    for recipient in opponents {
                        out.push(EventParams::PonyExpress { horse, stagecoach, cargo, recipient: *recipient });
                    }
                }
            }
        }
    }

    fn tycoon_options(&self, a: Seat, out: &mut Vec<EventParams>) {
        let resources = self.player(a).resources;
        for casino in self.of(a, Rank::QUEEN) {
            for bank in self.of(a, Rank::TWO) {
                let others = resources.difference([casino, bank].into_iter().collect());
                out.extend(others.iter().map(|other| EventParams::Tycoon { casino, bank, other }));
            }
        }
    }

    fn robbery_options(&self, a: Seat, opponents: &[Seat], out: &mut Vec<EventParams>) {
        for opponent in opponents {
            let p = self.player(*opponent);
            let loot = p.resources_of(Rank::TWO).union(p.resources_of(Rank::SIX));
            for loot in loot.iter() {
                for gun in self.of(a, Rank::NINE) {
                    out.push(EventParams::Robbery { opponent: *opponent, loot, gun });
                }
            }
        }
    }

    /// R39: a face-up card of `rank` in anybody's resources.
    fn anywhere(&self, rank: Rank) -> bool {
        self.playing().any(|s| self.player(s).has(rank))
    }

    /// R43: one suit appears in every (remaining) player's face-up resources.
    pub(crate) fn common_suit_everywhere(&self) -> bool {
        Suit::ALL.iter().any(|suit| self.playing().all(|s| !self.player(s).resources.of_suit(*suit).is_empty()))
    }

    /// The T8 actions: `SkipEvent` first.
    pub(crate) fn event_actions(&self, out: &mut Vec<Action>) {
        out.push(Action::SkipEvent);
        out.extend(self.event_options().into_iter().map(Action::PlayEvent));
    }

    /// `PlayEvent`: reveals the card and resolves it (§4.9).
    pub(crate) fn play_event(&mut self, params: EventParams, ev: &mut Vec<Event>) {
        let a = self.active();
        let Some(slot) = self.players[a.index()].event.take() else { return };
        let card = slot.card;
        ev.push(Event::EventRevealed { seat: a, card, params });
        self.stage = Stage::Draw;
        self.running = Some(Running { card, params });
        match params {
            EventParams::CattleBaron => {
                let all = self.player(a).resources;
                ev.push(Event::CattleBaron { seat: a, discarded: all.iter().collect() });
                self.discard_resources(a, all);
                self.gain_vp(a, 2, ev);
                self.finish_event(ev);
            }
            EventParams::Shootout { opponent, .. } => {
                let draw = |s: Seat| 5 + u8::from(self.player(s).has(Rank::NINE)) + self.player(s).draw_bonus();
                let draws = [draw(a), draw(opponent)];
                self.event_contest(a, opponent, draws, card.rank, ev);
            }
            EventParams::Brawl { opponent, .. } | EventParams::Robbery { opponent, .. } => {
                let draws = [5 + self.player(a).draw_bonus(), 5 + self.player(opponent).draw_bonus()];
                self.event_contest(a, opponent, draws, card.rank, ev);
            }
            EventParams::PonyExpress { horse, stagecoach, cargo, recipient } => {
                // R51: the cargo travels face up to the recipient.
                self.players[a.index()].resources.remove(cargo);
                self.players[recipient.index()].resources.insert(cargo);
                ev.push(Event::PonyExpress { seat: a, cargo, recipient });
                self.gain_vp(a, 2, ev);
                self.discard_resources(a, [horse, stagecoach].into_iter().collect());
                self.finish_event(ev);
            }
            EventParams::Tycoon { casino, bank, other } => {
                let locked: CardSet = [casino, bank, other].into_iter().collect();
                let player = &mut self.players[a.index()];
                player.resources = player.resources.difference(locked);
                player.locked = locked;
                let status = EventStatus::Tycoon { casino, bank, other, reveal_slot: self.slot };
                player.event = Some(EventSlot { card, status });
                self.running = None;
                ev.push(Event::TycoonLocked { seat: a });
            }
            EventParams::Judge { ace, four } => {
                self.players[a.index()].event = Some(EventSlot { card, status: EventStatus::Judge { ace, four } });
                self.running = None;
                ev.push(Event::JudgeSeated { seat: a });
            }
            EventParams::CrackShot { gun, horse } => self.crack_shot(gun, horse, ev),
            EventParams::HolyVision { suit, rank } => self.holy_vision(suit, rank, ev),
            EventParams::Jailbreak { opponent, jail } => self.jailbreak(opponent, jail, ev),
            EventParams::Revival { church, grazing } => self.revival(church, grazing, ev),
            EventParams::PunchACow { opponent, cattle } => self.punch_a_cow(opponent, cattle, ev),
            EventParams::Mayor { jail, courthouse } => self.open_election(jail, courthouse, ev),
        }
    }

    /// Shootout, Brawl and Robbery contests: caps 2 + discard bonus, no VP-lead bonus (R25).
    fn event_contest(&mut self, a: Seat, opponent: Seat, draws: [u8; 2], rank: Rank, ev: &mut Vec<Event>) {
        let caps = [2 + self.player(a).discard_bonus(), 2 + self.player(opponent).discard_bonus()];
        self.start_contest(ContestKind::Event, [a, opponent], draws, caps, ContestWhy::Event(rank), ev);
    }

    /// After an event contest: the winner gains 2 (a tie, nobody, R20); the named cards go;
    /// no piece, VP-loss or turn-loss effects (R35).
    pub(crate) fn event_contest_over(&mut self, winner: Option<Seat>, ev: &mut Vec<Event>) {
        self.stage = Stage::Draw;
        let Some(running) = self.running.clone() else { return };
        let a = self.active();
        if let Some(winner) = winner {
            self.gain_vp(winner, 2, ev);
        }
        match running.params {
            EventParams::Shootout { opponent, mine, theirs } => {
                self.take_from_resources(&[(a, mine), (opponent, theirs)]);
            }
            EventParams::Brawl { gun, casino, .. } => self.take_from_resources(&[(a, gun), (a, casino)]),
            EventParams::Robbery { opponent, loot, gun } => self.take_from_resources(&[(opponent, loot), (a, gun)]),
            _ => {}
        }
        self.finish_event(ev);
    }

    /// Discards the named face-up cards (from whichever pile holds them) as one batch.
    fn take_from_resources(&mut self, cards: &[(Seat, Card)]) {
        let mut batch = Vec::new();
        for (seat, card) in cards {
            if self.players[seat.index()].resources.remove(*card) {
                batch.push(*card);
            }
        }
        self.discard_batch(batch);
    }

    /// The end of an event (§4.9): the event card is discarded (its own, last batch) and the
    /// actor draws a new Hidden event card (R55); then T9.
    pub(crate) fn finish_event(&mut self, ev: &mut Vec<Event>) {
        if let Some(running) = self.running.take() {
            self.discard_batch([running.card]);
        }
        self.draw_event_card(self.active(), ev);
        self.stage = Stage::Draw;
    }

    /// A public single-card draw to the set-aside cards.
    pub(crate) fn duel_draw(&mut self, seat: Seat, ev: &mut Vec<Event>) -> Option<Card> {
        let card = self.draw_card(ev);
        if let Some(card) = card {
            self.set_aside.push(card);
        }
        ev.push(Event::DuelDraw { seat, card });
        card
    }

    /// 7 Crack-Shot (R38): everybody draws from A; tied leaders re-draw until one is highest.
    fn crack_shot(&mut self, gun: Card, horse: Card, ev: &mut Vec<Event>) {
        let a = self.active();
        let mut drawers: Vec<Seat> =
            self.turn_order_from(a).into_iter().filter(|s| !self.player(*s).resigned).collect();
        let winner = loop {
            let mut drawn: Vec<(Seat, Card)> = Vec::new();
            for seat in drawers.clone() {
                if let Some(card) = self.duel_draw(seat, ev) {
                    drawn.push((seat, card));
                }
            }
            let Some(best) = drawn.iter().map(|(_, c)| c.rank).max() else { break None };
            drawers = drawn.iter().filter(|(_, c)| c.rank == best).map(|(s, _)| *s).collect();
            if drawers.len() == 1 {
                break Some(drawers[0]);
            }
        };
        ev.push(Event::DuelResult { winner });
        if let Some(winner) = winner {
            self.gain_vp(winner, if winner == a { 2 } else { 1 }, ev);
        }
        let set_aside = std::mem::take(&mut self.set_aside);
        self.discard_batch(set_aside);
        self.discard_resources(a, [gun, horse].into_iter().collect());
        self.finish_event(ev);
    }

    /// 6 Holy Vision (R39): suit or rank right 1 VP, both 2.
    fn holy_vision(&mut self, suit: Suit, rank: Rank, ev: &mut Vec<Event>) {
        let a = self.active();
        if let Some(card) = self.duel_draw(a, ev) {
            let points = u8::from(card.suit == suit) + u8::from(card.rank == rank);
            if points > 0 {
                self.gain_vp(a, points, ev);
            }
        }
        let set_aside = std::mem::take(&mut self.set_aside);
        self.discard_batch(set_aside);
        self.finish_event(ev);
    }

    /// 3 Revival (R42): draw around the table from A until a 7; a failed draw ends it.
    fn revival(&mut self, church: Card, grazing: Card, ev: &mut Vec<Event>) {
        let a = self.active();
        let circle: Vec<Seat> = self.turn_order_from(a).into_iter().filter(|s| !self.player(*s).resigned).collect();
        let mut winner = None;
        'draws: loop {
            for seat in &circle {
                match self.duel_draw(*seat, ev) {
                    None => break 'draws,
                    Some(card) if card.rank == Rank::SEVEN => {
                        winner = Some(*seat);
                        break 'draws;
                    }
                    Some(_) => {}
                }
            }
        }
        ev.push(Event::DuelResult { winner });
        if let Some(winner) = winner {
            self.gain_vp(winner, 2, ev);
        }
        self.discard_resources(a, [church, grazing].into_iter().collect());
        let set_aside = std::mem::take(&mut self.set_aside);
        self.discard_batch(set_aside);
        self.finish_event(ev);
    }

    /// 5 Jailbreak (R40): one draw each; a failed drawer loses; both failed is a tie.
    fn jailbreak(&mut self, opponent: Seat, jail: Card, ev: &mut Vec<Event>) {
        let a = self.active();
        let mine = self.duel_draw(a, ev).map(|c| c.rank);
        let theirs = self.duel_draw(opponent, ev).map(|c| c.rank);
        let winner = match (mine, theirs) {
            (Some(m), Some(t)) if m > t => Some(a),
            (Some(m), Some(t)) if m < t => Some(opponent),
            (Some(_), None) => Some(a),
            (None, Some(_)) => Some(opponent),
            _ => None,
        };
        self.duel_over(winner, opponent, jail, ev);
    }

    /// 2 Punch a Cow (R41): rounds until a streak of two; an incomplete round ends it.
    fn punch_a_cow(&mut self, opponent: Seat, cattle: Card, ev: &mut Vec<Event>) {
        let a = self.active();
        let mut streak = [0u8; 2];
        let winner = loop {
            let Some(mine) = self.duel_draw(a, ev) else { break None };
            let Some(theirs) = self.duel_draw(opponent, ev) else { break None };
            match mine.rank.cmp(&theirs.rank) {
                std::cmp::Ordering::Greater => streak = [streak[0] + 1, 0],
                std::cmp::Ordering::Less => streak = [0, streak[1] + 1],
                std::cmp::Ordering::Equal => streak = [0, 0],
            }
            if streak[0] == 2 {
                break Some(a);
            }
            if streak[1] == 2 {
                break Some(opponent);
            }
        };
        self.duel_over(winner, opponent, cattle, ev);
    }

    /// Jailbreak and Punch a Cow outcome: the winner gains 2; A winning discards the target
    /// card, A losing makes a Loss choice (R40); then the set-aside cards and the event card.
    fn duel_over(&mut self, winner: Option<Seat>, opponent: Seat, target: Card, ev: &mut Vec<Event>) {
        let a = self.active();
        ev.push(Event::DuelResult { winner });
        if let Some(winner) = winner {
            self.gain_vp(winner, 2, ev);
        }
        if winner == Some(a) {
            self.take_from_resources(&[(opponent, target)]);
        } else if winner == Some(opponent) {
            self.stage = Stage::Loss;
            return;
        }
        self.after_duel(ev);
    }

    /// Loss choices (§4.9): own face-up resources, else hand cards, else nothing.
    pub(crate) fn loss_options(&self) -> (CardSet, bool) {
        let player = self.player(self.active());
        if player.resources.is_empty() { (player.hand, true) } else { (player.resources, false) }
    }

    /// The Loss stage's actions.
    pub(crate) fn loss_actions(&self, out: &mut Vec<Action>) {
        out.extend(self.loss_options().0.iter().map(Action::ChooseLoss));
    }

    /// `ChooseLoss(card)` (or nothing when there is nothing to lose), then the rest of the duel.
    pub(crate) fn choose_loss(&mut self, card: Option<Card>, ev: &mut Vec<Event>) {
        let a = self.active();
        if let Some(card) = card {
            let from_hand = self.loss_options().1;
            let player = &mut self.players[a.index()];
            player.resources.remove(card);
            player.hand.remove(card);
            self.discard_batch([card]);
            ev.push(Event::Loss { seat: a, card, from_hand });
        }
        self.after_duel(ev);
    }

    fn after_duel(&mut self, ev: &mut Vec<Event>) {
        let set_aside = std::mem::take(&mut self.set_aside);
        self.discard_batch(set_aside);
        self.finish_event(ev);
    }
}
