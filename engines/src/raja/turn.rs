//! The turn (§4): its start and Production (§4.1), the auction for first move (§4.2,
//! R11–R13), the segments in turn, and Cleanup with the end check (§4.7, §6, R36, R38, R39).

use super::events::Event;
use super::lands::TileColour;
use super::state::{Auction, EndReason, MAX_PLAYERS, MAX_TURNS, Phase, Raja, Segment, Step};
use crate::game::{RuleError, Seat, SeatSet};

impl Raja {
    /// §4 TURN(t): the season indicator, Production, then the auction opened by the starting seat.
    pub(crate) fn start_turn(&mut self, events: &mut Vec<Event>) {
        let starting = self.starting_seat();
        events.push(Event::TurnStarted { turn: self.turn, season: TileColour::season(self.turn), starting });
        self.production(events);
        self.phase =
            Phase::Auction(Auction { to_act: starting, high: None, passed: SeatSet::EMPTY, bids: [None; MAX_PLAYERS] });
    }

    /// The auction, if one is under way.
    pub(crate) fn auction(&self) -> Option<&Auction> {
        match &self.phase {
            Phase::Auction(auction) => Some(auction),
            _ => None,
        }
    }

    /// `bid(m)` (R11): the opener bids 0..cash, later bids rise strictly within cash.
    pub(crate) fn check_bid(&self, seat: Seat, amount: u32) -> Result<(), RuleError> {
        let low = self.auction().and_then(|a| a.high).map_or(0, |(_, high)| high + 1);
        if amount < low {
            return Err(RuleError::ruled("R11", format!("a bid must be at least ${low}")));
        }
        if amount > self.player(seat).cash {
            return Err(RuleError::ruled("R11", "you cannot bid more than your cash"));
        }
        Ok(())
    }

    /// `pass` (R11): final for this auction; the opener must bid.
    pub(crate) fn check_pass(&self) -> Result<(), RuleError> {
        match self.auction() {
            Some(auction) if auction.high.is_some() => Ok(()),
            _ => Err(RuleError::ruled("R11", "the opener must bid (0 is allowed)")),
        }
    }

    /// Records a bid or a pass and moves the auction on.
    pub(crate) fn bid_or_pass(&mut self, seat: Seat, bid: Option<u32>, events: &mut Vec<Event>) {
        let Phase::Auction(mut auction) = self.phase.clone() else { return };
        match bid {
            Some(amount) => {
                auction.high = Some((seat, amount));
                if let Some(slot) = auction.bids.get_mut(seat.index()) {
                    *slot = Some(amount);
                }
                events.push(Event::Bid { seat, amount });
            }
            None => {
                auction.passed.insert(seat);
                events.push(Event::Passed { seat });
            }
        }
        let Some((high_seat, amount)) = auction.high else { return };
        if auction.passed.len() + 1 == self.n() {
            self.win_auction(high_seat, amount, events);
            return;
        }
        let mut next = self.next(seat);
        while auction.passed.contains(next) || next == high_seat {
            next = self.next(next);
        }
        auction.to_act = next;
        self.phase = Phase::Auction(auction);
    }

    /// §4.2 step 3 (R12, R13): the winner alone pays his bid and is active first.
    fn win_auction(&mut self, seat: Seat, amount: u32, events: &mut Vec<Event>) {
        self.player_mut(seat).cash -= amount;
        self.bank += amount;
        events.push(Event::AuctionWon { seat, amount });
        events.push(self.purse(seat));
        self.phase = Phase::Segment(Segment { first: seat, index: 0, proposals: 0, credit: 0, step: Step::Commerce });
        events.push(Event::SegmentStarted { seat });
    }

    /// The active player's segment ends: the next player clockwise is active, or Cleanup.
    pub(crate) fn end_segment(&mut self, events: &mut Vec<Event>) {
        let Phase::Segment(segment) = &mut self.phase else { return };
        segment.index += 1;
        if usize::from(segment.index) == self.players.len() {
            self.cleanup(events);
            return;
        }
        segment.proposals = 0;
        segment.credit = 0;
        segment.step = Step::Commerce;
        if let Some(seat) = self.active() {
            events.push(Event::SegmentStarted { seat });
        }
    }

    /// §4.7: elephants and markers go home (R36), then the end check (§6).
    fn cleanup(&mut self, events: &mut Vec<Event>) {
        self.return_pieces();
        let vp: Vec<u8> = self.seats().map(|s| self.vp(s)).collect();
        events.push(Event::Cleanup { turn: self.turn, vp: vp.clone() });
        let threshold = self.threshold();
        if self.standing().any(|s| vp[s.index()] >= threshold) {
            self.end_game(EndReason::Threshold, events);
        } else if self.turn >= MAX_TURNS {
            self.end_game(EndReason::TurnCap, events);
        } else {
            self.turn += 1;
            self.start_turn(events);
        }
    }

    /// The vp that end the game: 10, or 8 with two players (§1).
    pub(crate) fn threshold(&self) -> u8 {
        if self.n() == 2 { 8 } else { 10 }
    }

    /// Ends the game; cash and the bank are revealed (§6).
    pub(crate) fn end_game(&mut self, reason: EndReason, events: &mut Vec<Event>) {
        // A game that ends mid-segment (R48) puts its pieces away as Cleanup would.
        if let (Some(active), Some(Step::Placing(placing))) = (self.active(), self.step()) {
            let pending = placing.pending;
            self.player_mut(active).stones += pending;
        }
        self.return_pieces();
        self.phase = Phase::Over;
        self.end = Some(reason);
        let winners = self.outcome_now().winners.iter().collect();
        let cash = self.players.iter().map(|p| p.cash).collect();
        events.push(Event::GameEnded { reason, winners, cash, bank: self.bank });
    }

    /// Every elephant on the board returns to its owner (R36); markers come home; the markets
    /// may be used again.
    fn return_pieces(&mut self) {
        for herd in std::mem::take(&mut self.herds) {
            self.player_mut(herd.attacker).elephants += herd.count;
        }
        for p in &mut self.players {
            p.marker_at = None;
            p.markets_used = [false; 3];
        }
    }
}
