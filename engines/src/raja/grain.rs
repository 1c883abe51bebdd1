//! The grain column model (§2.5, R7, R8, **Designed**) and Production (§4.1, R9, R10).
//!
//! Every city stacks its grain in one column. A column is safe up to 8 tokens; each token
//! added above that draws a d12 and the column topples on a result ≤ `h − 8`, its top half
//! going back to the market pile. Grain arriving other than by production goes, token by
//! token, onto the receiver's shortest column; grain paid leaves from the tallest.

use serde::{Deserialize, Serialize};

use super::events::Event;
use super::lands::TileColour;
use super::state::{Player, Raja};
use crate::game::Seat;
use crate::rng::GameRng;

/// Grain units in the game (§2.1 `GRAIN_TOTAL`).
pub const GRAIN_TOTAL: u8 = 50;
/// A column this high or lower never topples (§2.1 `GRAIN_SAFE`).
pub const GRAIN_SAFE: u8 = 8;

/// A grain check that drew (a token added above the safe height, §2.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GrainCheck {
    /// Whose column.
    pub seat: Seat,
    /// The city, 1..=3.
    pub city: u8,
    /// The column's height after the token was added.
    pub height: u8,
    /// The d12 drawn.
    pub roll: u8,
    /// Tokens that went back to the pile (0 when it held).
    pub toppled: u8,
}

/// Adds one token to `column` and makes the check (§2.5): a topple returns the top
/// `ceil(h/2)` tokens to `pile`. Returns `(height, roll, toppled)` when a d12 was drawn.
pub fn stack_token(column: &mut u8, pile: &mut u8, rng: &mut GameRng) -> Option<(u8, u8, u8)> {
    *column += 1;
    let h = *column;
    if h <= GRAIN_SAFE {
        return None;
    }
    let roll = rng.roll(12) as u8;
    let toppled = if roll <= h - GRAIN_SAFE { h.div_ceil(2) } else { 0 };
    *column -= toppled;
    *pile += toppled;
    Some((h, roll, toppled))
}

impl Player {
    /// The player's grain: the sum of his columns.
    #[must_use]
    pub fn grain(&self) -> u8 {
        self.cities.iter().map(|c| c.column).sum()
    }

    /// Whether the player has a city, so may hold grain (R41).
    #[must_use]
    pub fn has_city(&self) -> bool {
        self.cities.iter().any(|c| c.exists())
    }

    /// The existing city with the shortest column (ties: lowest number), 0-based.
    fn shortest(&self) -> Option<usize> {
        (0..3).filter(|&i| self.cities[i].exists()).min_by_key(|&i| (self.cities[i].column, i))
    }

    /// The city with the tallest column (ties: lowest number), 0-based.
    fn tallest(&self) -> Option<usize> {
        (0..3).filter(|&i| self.cities[i].column > 0).min_by_key(|&i| (std::cmp::Reverse(self.cities[i].column), i))
    }

    /// Receives `count` tokens, one at a time onto the shortest column, each with its check
    /// (§2.5). The caller has taken them from their source; toppled tokens go to `pile`.
    /// The player must have a city.
    pub fn receive_grain(&mut self, seat: Seat, count: u8, pile: &mut u8, rng: &mut GameRng, out: &mut Vec<Event>) {
        for _ in 0..count {
            let Some(i) = self.shortest() else { return };
            if let Some((height, roll, toppled)) = stack_token(&mut self.cities[i].column, pile, rng) {
                let check = GrainCheck { seat, city: i as u8 + 1, height, roll, toppled };
                out.push(Event::GrainCheck(check));
            }
        }
    }

    /// Pays `count` tokens, one at a time from the tallest column (§2.5); the player holds them.
    pub fn pay_grain(&mut self, count: u8) {
        for _ in 0..count {
            if let Some(i) = self.tallest() {
                self.cities[i].column -= 1;
            }
        }
    }
}

impl Raja {
    /// §4.1 PRODUCTION: cities on tiles of the season's colour harvest `1 + W` tokens each,
    /// one city per visit in a clockwise rotation from the starting seat (R9), token by token
    /// until the lists are done or the pile is empty (R10).
    pub(crate) fn production(&mut self, events: &mut Vec<Event>) {
        let season = TileColour::season(self.turn);
        let n = self.players.len();
        let mut lists: Vec<Vec<usize>> = self.players.iter().map(|p| producing(p, season)).collect();
        let mut seat = self.starting_seat().index();
        while lists.iter().any(|l| !l.is_empty()) {
            if !lists[seat].is_empty() {
                let city = lists[seat].remove(0);
                if !self.harvest(Seat(seat as u8), city, events) {
                    events.push(Event::PileEmpty);
                    return;
                }
            }
            seat = (seat + 1) % n;
        }
    }

    /// Harvests one city: `1 + W` tokens from the pile, each with its check. Returns false
    /// when the pile ran out.
    fn harvest(&mut self, seat: Seat, city: usize, events: &mut Vec<Event>) -> bool {
        let wanted = self.players[seat.index()].cities[city].wall.production();
        let mut got = 0;
        let mut checks = Vec::new();
        while got < wanted && self.grain_pile > 0 {
            self.grain_pile -= 1;
            got += 1;
            let column = &mut self.players[seat.index()].cities[city].column;
            if let Some((height, roll, toppled)) = stack_token(column, &mut self.grain_pile, &mut self.rng) {
                checks.push(GrainCheck { seat, city: city as u8 + 1, height, roll, toppled });
            }
        }
        if got > 0 {
            events.push(Event::Harvested { seat, city: city as u8 + 1, grain: got, pile: self.grain_pile });
        }
        events.extend(checks.into_iter().map(Event::GrainCheck));
        got == wanted
    }
}

/// A player's producing cities (0-based), in harvest order: production descending, column
/// ascending, city number (§4.1 step 2).
fn producing(player: &Player, season: TileColour) -> Vec<usize> {
    let mut list: Vec<usize> = (0..3)
        .filter(|&i| {
            let city = &player.cities[i];
            city.exists() && city.cell.and_then(|c| player.lands.tile(c)).is_some_and(|t| t.colour == season)
        })
        .collect();
    list.sort_by_key(|&i| (std::cmp::Reverse(player.cities[i].wall.production()), player.cities[i].column, i));
    list
}
