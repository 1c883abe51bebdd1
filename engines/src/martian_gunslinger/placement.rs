//! §3 steps 5–8, the set-up decisions: placement turns with quotas (R4–R7), the
//! compensation move (R5) and the deal. Steps 1–4 (colours, the order roll) are `state::setup`.

use super::events::Event;
use super::state::{
    CORNERS, DEAL, EventSlot, EventStatus, MartianGunslinger, PlotId, Stage, all_squares, in_corner_zone, on_board_dirs,
};
use crate::game::Seat;
use crate::parts::cards::deck;
use crate::parts::grid::{Direction, Square};
use crate::parts::pyramids::Size;

impl MartianGunslinger {
    /// Whether `seat` still has a placement to make.
    fn has_placement(&self, seat: Seat) -> bool {
        let p = self.player(seat);
        p.home.is_none() || p.quota > 0
    }

    /// The plotpoint placed next (R6: PL, PM, PS).
    pub(crate) fn next_plotpoint(&self) -> Option<PlotId> {
        PlotId::ALL.into_iter().find(|p| self.plotpoints[*p as usize].is_none())
    }

    /// `PlaceHome` choices for the placer (R7): unclaimed corners, on-board facings.
    pub(crate) fn home_options(&self, seat: Seat) -> Vec<(Square, Direction)> {
        if self.player(seat).home.is_some() {
            return Vec::new();
        }
        CORNERS
            .into_iter()
            .filter(|c| !self.seats().any(|s| self.player(s).home == Some(*c)) && !self.occupied(*c))
            .flat_map(|c| on_board_dirs(c).map(move |d| (c, d)))
            .collect()
    }

    /// Empty squares outside the corner zone (R6), a1…h8.
    pub(crate) fn plotpoint_squares(&self) -> Vec<Square> {
        all_squares().filter(|s| !in_corner_zone(*s) && !self.occupied(*s)).collect()
    }

    /// `PlaceHome(corner, dir)`.
    pub(crate) fn place_home(&mut self, seat: Seat, corner: Square, dir: Direction, ev: &mut Vec<Event>) {
        let player = &mut self.players[seat.index()];
        player.home = Some(corner);
        player.piece.size = Size::Small;
        player.piece.facing = dir;
        if !player.resigned {
            player.piece.square = Some(corner);
        }
        ev.push(Event::HomePlaced { seat, corner, dir });
        self.next_placement(ev);
    }

    /// `PlacePlotpoint(square)`: the next plotpoint in PL, PM, PS order.
    pub(crate) fn place_plotpoint(&mut self, seat: Seat, square: Square, ev: &mut Vec<Event>) {
        if let Some(plot) = self.next_plotpoint() {
            self.plotpoints[plot as usize] = Some(square);
            self.players[seat.index()].quota -= 1;
            ev.push(Event::PlotpointPlaced { seat, plot, square });
        }
        self.next_placement(ev);
    }

    /// §3 step 5: the next placer in turn order with something left, else compensation.
    fn next_placement(&mut self, ev: &mut Vec<Event>) {
        self.placements += 1;
        let n = self.players.len();
        if let Some(next) = (1..=n).map(|k| (self.turn_pos + k) % n).find(|i| self.has_placement(self.order[*i])) {
            self.turn_pos = next;
            return;
        }
        // R5: 2p → P2, 4p → P4 may move one plotpoint.
        match n {
            2 => {
                self.turn_pos = 1;
                self.stage = Stage::Compensation;
            }
            4 => {
                self.turn_pos = 3;
                self.stage = Stage::Compensation;
            }
            _ => self.deal(ev),
        }
    }

    /// `MovePlotpoint` targets: empty squares outside the corner zone.
    pub(crate) fn move_plotpoint(&mut self, seat: Seat, plot: PlotId, to: Square, ev: &mut Vec<Event>) {
        if let Some(from) = self.plotpoints[plot as usize] {
            self.plotpoints[plot as usize] = Some(to);
            ev.push(Event::PlotpointMoved { seat, plot, from, to });
        }
        self.deal(ev);
    }

    /// `SkipMovePlotpoint`.
    pub(crate) fn skip_move_plotpoint(&mut self, seat: Seat, ev: &mut Vec<Event>) {
        ev.push(Event::CompensationSkipped { seat });
        self.deal(ev);
    }

    /// §3 steps 7–8: shuffle, four cards each one at a time from P1, then one Hidden event
    /// card each; round 1 begins with P1's slot.
    fn deal(&mut self, ev: &mut Vec<Event>) {
        let mut cards = deck();
        self.rng.shuffle(&mut cards);
        self.draw = cards;
        // A seat that resigned during setup is dealt nothing.
        let dealt: Vec<Seat> = self.order.iter().copied().filter(|s| !self.player(*s).resigned).collect();
        for _ in 0..DEAL {
            for seat in &dealt {
                if let Some(card) = self.draw.pop() {
                    self.players[seat.index()].hand.insert(card);
                }
            }
        }
        for seat in dealt {
            if let Some(card) = self.draw.pop() {
                self.players[seat.index()].event = Some(EventSlot { card, status: EventStatus::Hidden });
            }
        }
        ev.push(Event::Dealt { hand: DEAL as u8 });
        for seat in self.seats() {
            let p = self.player(seat);
            ev.push(Event::DrewCards { seat, cards: p.hand.iter().collect() });
            if let Some(slot) = p.event {
                ev.push(Event::EventCardIs { seat, card: slot.card });
            }
        }
        self.turn_pos = 0;
        self.round = 1;
        self.stage = Stage::SlotStart;
    }
}
