//! A Mayor: the election (§4.9.1, R43–R45): sealed bids, tie-breaks, payment, the title.

use std::cmp::Reverse;

use super::action::Action;
use super::events::Event;
use super::state::{MartianGunslinger, Stage};
use crate::game::Seat;
use crate::parts::cards::{Card, Rank};

impl MartianGunslinger {
    /// §4.9.1 steps 1–2: the Jail and the Courthouse go; sealed bids open; a player with no
    /// face-up resource bids 0 at once (public).
    pub(crate) fn open_election(&mut self, jail: Card, courthouse: Card, ev: &mut Vec<Event>) {
        let a = self.active();
        self.discard_resources(a, [jail, courthouse].into_iter().collect());
        self.bids = vec![None; self.players.len()];
        for seat in self.playing().collect::<Vec<_>>() {
            if self.player(seat).resources.is_empty() {
                self.bids[seat.index()] = Some(0);
                ev.push(Event::BidSubmitted { seat, automatic: true });
            }
        }
        self.stage = Stage::Bid;
        self.close_bids_if_all_in(ev);
    }

    /// Seats still to bid.
    pub(crate) fn bidders_waiting(&self) -> Vec<Seat> {
        self.playing().filter(|s| self.bids[s.index()].is_none()).collect()
    }

    /// `SubmitBid(n)` choices: 0 to the face-up count (R44).
    pub(crate) fn bid_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        if self.stage != Stage::Bid || self.bids.get(seat.index()).copied().flatten().is_some() {
            return;
        }
        if self.player(seat).resigned {
            return;
        }
        let max = self.player(seat).resources.len() as u8;
        out.extend((0..=max).map(Action::SubmitBid));
    }

    /// `SubmitBid(n)`; the bids are revealed when the last one arrives.
    pub(crate) fn submit_bid(&mut self, seat: Seat, bid: u8, ev: &mut Vec<Event>) {
        self.bids[seat.index()] = Some(bid);
        ev.push(Event::BidSubmitted { seat, automatic: false });
        ev.push(Event::BidIs { seat, bid });
        self.close_bids_if_all_in(ev);
    }

    pub(crate) fn close_bids_if_all_in(&mut self, ev: &mut Vec<Event>) {
        if !self.bidders_waiting().is_empty() {
            return;
        }
        let bids: Vec<(Seat, u8)> = self.playing().map(|s| (s, self.bids[s.index()].unwrap_or(0))).collect();
        let winner = self.election_winner(&bids);
        ev.push(Event::BidsRevealed { bids: bids.clone(), winner });
        self.bids = vec![None; self.players.len()];
        let amount = bids.iter().find(|(s, _)| *s == winner).map_or(0, |(_, b)| *b);
        if amount == 0 {
            self.elect(winner, ev);
        } else {
            self.payer = Some((winner, amount));
            self.stage = Stage::Pay;
        }
    }

    /// §4.9.1 step 3: highest bid; then pips on the board, current VP, face-up ranks high to
    /// low, then the potato (RNG among the still tied, in turn order).
    fn election_winner(&mut self, bids: &[(Seat, u8)]) -> Seat {
        let key = |s: Seat, bid: u8| {
            let p = self.player(s);
            let mut ranks: Vec<Rank> = p.resources.iter().map(|c| c.rank).collect();
            ranks.sort_unstable_by_key(|r| Reverse(*r));
            (bid, p.pips_on_board(), p.vp, ranks)
        };
        let keyed: Vec<_> = bids.iter().map(|(s, b)| (*s, key(*s, *b))).collect();
        let best = keyed.iter().map(|(_, k)| k.clone()).max();
        let tied: Vec<Seat> = keyed.iter().filter(|(_, k)| Some(k) == best.as_ref()).map(|(s, _)| *s).collect();
        let tied: Vec<Seat> = self.turn_order_from(self.active()).into_iter().filter(|s| tied.contains(s)).collect();
        if tied.len() == 1 { tied[0] } else { tied[self.rng.index(tied.len())] }
    }

    /// `PayResource` choices of the winner.
    pub(crate) fn pay_actions(&self, out: &mut Vec<Action>) {
        if let Some((seat, _)) = self.payer {
            out.extend(self.player(seat).resources.iter().map(Action::PayResource));
        }
    }

    /// `PayResource(card)`; when the last card is paid the winner takes office.
    pub(crate) fn pay(&mut self, card: Card, ev: &mut Vec<Event>) {
        let Some((seat, left)) = self.payer else { return };
        self.discard_resources(seat, [card].into_iter().collect());
        ev.push(Event::Paid { seat, card });
        if left <= 1 {
            self.payer = None;
            self.elect(seat, ev);
        } else {
            self.payer = Some((seat, left - 1));
        }
    }

    /// Whether the payment is forced (every face-up card must go), so it is applied
    /// automatically (public information).
    pub(crate) fn forced_payment(&self) -> Option<Card> {
        let (seat, left) = self.payer?;
        let resources = self.player(seat).resources;
        (resources.len() <= usize::from(left)).then(|| resources.first()).flatten()
    }

    /// §4.9.1 steps 5–6: +2 VP (vacating another Mayor), the title for 3 × N slot ends.
    pub(crate) fn elect(&mut self, seat: Seat, ev: &mut Vec<Event>) {
        self.gain_vp(seat, 2, ev);
        self.mayor = Some(seat);
        self.mayor_counter = 3 * self.players.len() as u8;
        self.election_slot = self.slot;
        ev.push(Event::MayorElected { seat, counter: self.mayor_counter });
        self.finish_event(ev);
    }
}
