//! Moving cards between zones (§2.3, §4.0, §4.11): draws with lazy reshuffles, discard
//! batches in canonical order, hand and event refills, VP gains.

use super::events::Event;
use super::state::{EventSlot, EventStatus, MartianGunslinger};
use crate::game::Seat;
use crate::parts::cards::{Card, CardSet};

impl MartianGunslinger {
    /// §4.0 Draw: the top of the draw pile, reshuffling the whole discard pile first when the
    /// draw pile is empty; `None` when both are empty (the draw fails, R32). Cards set aside
    /// or in contest hands are not in the discard pile, so a procedure never redraws its own.
    pub(crate) fn draw_card(&mut self, ev: &mut Vec<Event>) -> Option<Card> {
        if self.draw.is_empty() {
            if self.discard.is_empty() {
                return None;
            }
            let mut cards = std::mem::take(&mut self.discard);
            self.rng.shuffle(&mut cards);
            ev.push(Event::Reshuffled { cards: cards.len() as u8 });
            self.draw = cards;
        }
        self.draw.pop()
    }

    /// Whether a draw would succeed now.
    pub(crate) fn can_draw(&self) -> bool {
        !self.draw.is_empty() || !self.discard.is_empty()
    }

    /// §4.0 Discard batch: the cards go on the discard pile in canonical ascending order (top =
    /// highest) (R53).
    pub(crate) fn discard_batch(&mut self, cards: impl IntoIterator<Item = Card>) {
        let mut batch: Vec<Card> = cards.into_iter().collect();
        batch.sort_unstable();
        for card in &batch {
            self.revealed.insert(*card);
        }
        self.discard.extend(batch);
    }

    /// Draws up to `count` cards into `seat`'s hand; the public hears the count, the owner the
    /// cards. Returns how many were drawn.
    pub(crate) fn draw_to_hand(&mut self, seat: Seat, count: usize, ev: &mut Vec<Event>) -> usize {
        let mut cards = Vec::with_capacity(count);
        for _ in 0..count {
            match self.draw_card(ev) {
                Some(card) => cards.push(card),
                None => break,
            }
        }
        let drawn = cards.len();
        if drawn > 0 {
            for card in &cards {
                self.players[seat.index()].hand.insert(*card);
            }
            ev.push(Event::Drew { seat, count: drawn as u8 });
            ev.push(Event::DrewCards { seat, cards });
        }
        if drawn < count {
            ev.push(Event::DrawFailed { seat });
        }
        drawn
    }

    /// A new Hidden event card for `seat` (R55: if the draw fails, the slot stays empty until
    /// the owner's next T9).
    pub(crate) fn draw_event_card(&mut self, seat: Seat, ev: &mut Vec<Event>) {
        if self.player(seat).event.is_some() || self.player(seat).resigned {
            return;
        }
        match self.draw_card(ev) {
            Some(card) => {
                self.players[seat.index()].event = Some(EventSlot { card, status: EventStatus::Hidden });
                ev.push(Event::EventCardDrawn { seat });
                ev.push(Event::EventCardIs { seat, card });
            }
            None => ev.push(Event::DrawFailed { seat }),
        }
    }

    /// Discards `seat`'s event card (its own batch) and draws a new Hidden one (§4.9).
    pub(crate) fn replace_event_card(&mut self, seat: Seat, ev: &mut Vec<Event>) {
        if let Some(slot) = self.players[seat.index()].event.take() {
            self.discard_batch([slot.card]);
        }
        self.draw_event_card(seat, ev);
    }

    /// §4.0 Gain VP: also vacates the Mayor title of anyone else (R45).
    pub(crate) fn gain_vp(&mut self, seat: Seat, amount: u8, ev: &mut Vec<Event>) {
        let player = &mut self.players[seat.index()];
        player.vp += amount;
        player.lifetime += amount;
        ev.push(Event::GainedVp { seat, amount, vp: player.vp });
        if let Some(mayor) = self.mayor
            && mayor != seat
        {
            self.mayor = None;
            self.mayor_counter = 0;
            ev.push(Event::MayorVacated { seat: mayor });
        }
    }

    /// Moves face-up resources of `seat` to the discard pile as one batch.
    pub(crate) fn discard_resources(&mut self, seat: Seat, cards: CardSet) {
        let player = &mut self.players[seat.index()];
        let cards = cards.intersection(player.resources);
        player.resources = player.resources.difference(cards);
        self.discard_batch(cards.iter());
    }

    /// Every card in play, for the conservation invariant (§9.1): zone name and cards.
    pub(crate) fn zones(&self) -> Vec<(String, Vec<Card>)> {
        let mut zones = vec![
            ("draw pile".to_string(), self.draw.clone()),
            ("discard pile".to_string(), self.discard.clone()),
            ("set aside".to_string(), self.set_aside.clone()),
        ];
        for seat in self.seats() {
            let p = self.player(seat);
            zones.push((format!("{seat} hand"), p.hand.iter().collect()));
            zones.push((format!("{seat} resources"), p.resources.iter().collect()));
            zones.push((format!("{seat} locked"), p.locked.iter().collect()));
            zones.push((format!("{seat} event"), p.event.iter().map(|e| e.card).collect()));
            zones.push((format!("{seat} tokens"), p.tokens.iter().map(|t| t.card).collect()));
        }
        if let Some(contest) = &self.contest {
            for side in &contest.sides {
                zones.push((format!("{} contest hand", side.seat), side.hand.iter().collect()));
            }
        }
        if let Some((card, _)) = self.turn.dug {
            zones.push(("dug card".to_string(), vec![card]));
        }
        zones
    }
}
