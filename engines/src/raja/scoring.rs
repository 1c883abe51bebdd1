//! Victory points and the final ranking (§6, R35, R37, R38, R48).

use super::state::{EndReason, Noble, Player, Raja};
use super::wall::WALL_VP_STONES;
use crate::game::{Outcome, Seat, SeatSet, Standing};
use crate::wording::count;

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
            let captured = count(p.captured.len() as i64, "noble");
            let detail = format!("{} VP, {captured} captured, ${}{resigned}", self.vp(seat), p.cash);
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

/// Each seat's chances from the board as it stands, for the computer players' search to cut
/// a playout short (a random Raja game runs some 1,500 actions to the turn cap): victory
/// points (§6), walls on their way to the 15 stones that count (R35), and cash as the last
/// tie-break (R38). Called on determinized states only; the cash it reads is what the public
/// record of payments gives (§5, determinize.rs). Resigned seats score nothing (R48).
pub(crate) fn estimate(game: &Raja) -> Vec<f64> {
    estimate_counting(game, |_, p| f64::from(p.cash) / 1_000.0)
}

/// [`estimate`] with `holdings` (in points) in place of its cash tie-break: victory points,
/// half a point for a wall of 15 stones, in proportion on the way there, and what
/// `holdings` counts for each seat that did not resign.
pub(crate) fn estimate_counting(game: &Raja, holdings: impl Fn(&Raja, &Player) -> f64) -> Vec<f64> {
    let scores: Vec<Option<f64>> = game
        .seats()
        .map(|seat| {
            let p = game.player(seat);
            let walls: f64 = p
                .cities
                .iter()
                .filter(|c| c.exists() && c.wall.stones() < WALL_VP_STONES)
                .map(|c| f64::from(c.wall.stones()) / f64::from(WALL_VP_STONES))
                .sum();
            (!p.resigned).then(|| f64::from(game.vp(seat)) + 0.5 * walls + holdings(game, p))
        })
        .collect();
    crate::ai::ismcts::estimate_from_scores(&scores, 0.8)
}
