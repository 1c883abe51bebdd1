//! Victory points and the final ranking (§6, R35, R37, R38, R48).

use super::state::{EndReason, Noble, Raja};
use super::wall::WALL_VP_STONES;
use crate::game::{Outcome, Seat, SeatSet, Standing};

impl Raja {
    /// `vp(p) = #own nobles home + 2 × #nobles captured + #own cities with S ≥ 15` (§6).
    pub(crate) fn vp(&self, seat: Seat) -> u8 {
        let p = self.player(seat);
        let home = p.cities.iter().filter(|c| c.noble == Noble::Home).count() as u8;
        let walls = p.cities.iter().filter(|c| c.exists() && c.wall.stones() >= WALL_VP_STONES).count() as u8;
        home + 2 * p.captured.len() as u8 + walls
    }

    /// The ranking key: non-resigned first (R48), then vp, captured nobles, cash (R38).
    fn rank_key(&self, seat: Seat) -> (bool, u8, usize, u32) {
        let p = self.player(seat);
        (!p.resigned, self.vp(seat), p.captured.len(), p.cash)
    }

    /// The standings as they are now: equal keys share a place; winners are the first place
    /// among players who did not resign.
    pub(crate) fn outcome_now(&self) -> Outcome {
        let mut order: Vec<Seat> = self.seats().collect();
        order.sort_by_key(|&s| (std::cmp::Reverse(self.rank_key(s)), s));
        let mut standings: Vec<Standing> = Vec::with_capacity(order.len());
        for (i, &seat) in order.iter().enumerate() {
            let place = match standings.last() {
                Some(prev) if self.rank_key(prev.seat) == self.rank_key(seat) => prev.place,
                _ => i as u8 + 1,
            };
            let p = self.player(seat);
            let resigned = if p.resigned { ", resigned" } else { "" };
            let detail = format!("{} vp, {} nobles captured, ${}{resigned}", self.vp(seat), p.captured.len(), p.cash);
            standings.push(Standing { seat, place, score: i64::from(self.vp(seat)), detail });
        }
        let winners: SeatSet =
            standings.iter().filter(|s| s.place == 1 && !self.player(s.seat).resigned).map(|s| s.seat).collect();
        let reason = match self.end {
            Some(EndReason::Threshold) => {
                format!("a player reached {} vp at the end of turn {}", self.threshold(), self.turn)
            }
            Some(EndReason::TurnCap) => format!("turn {} ended without anyone at {} vp", self.turn, self.threshold()),
            Some(EndReason::LastStanding) => "every other player resigned".to_string(),
            None => "the game goes on".to_string(),
        };
        Outcome { standings, winners, reason }
    }
}
