//! The specification's §9 invariants, checked after every action by the tests and the
//! conformance harness. (§9.16, drafts, concerns the front ends: the engine keeps none; its
//! step tree is checked by the harness to fit 25 options.)

use super::grain::GRAIN_TOTAL;
use super::lands::{BLOCK, TILES};
use super::market::Market;
use super::state::{
    ELEPHANTS, MAX_PROPOSALS, MAX_TURNS, MONEY_TOTAL, Noble, Phase, Raja, SHIELDS_PER_FACE, STONES_PER_COLOR, Step,
};
use crate::game::{InvariantError, Seat};

type Check = Result<(), InvariantError>;

fn fail(text: String) -> Check {
    Err(InvariantError(text))
}

impl Raja {
    /// §9.1–§9.5, §9.7: money, grain, shields, elephants and stones are conserved.
    fn conserved(&self) -> Check {
        let cash: u32 = self.players.iter().map(|p| p.cash).sum();
        if cash + self.bank != MONEY_TOTAL {
            return fail(format!("§9.1: cash {cash} + bank {} ≠ {MONEY_TOTAL}", self.bank));
        }
        let grain: u32 = self.players.iter().map(|p| u32::from(p.grain())).sum();
        if grain + u32::from(self.grain_pile) != u32::from(GRAIN_TOTAL) {
            return fail(format!("§9.2: grain {grain} + pile {} ≠ {GRAIN_TOTAL}", self.grain_pile));
        }
        for f in 0..3 {
            let reserves: u8 = self.players.iter().map(|p| p.shields[f]).sum();
            let deployed =
                self.players.iter().flat_map(|p| &p.deployed).filter(|s| usize::from(s.face) == f + 1).count();
            if usize::from(self.shield_stock[f] + reserves) + deployed != usize::from(SHIELDS_PER_FACE) {
                return fail(format!("§9.3: face {} shields not conserved", f + 1));
            }
        }
        let reserves: u8 = self.players.iter().map(|p| p.elephants).sum();
        let board: u8 = self.herds.iter().map(|h| h.count).sum();
        if self.elephant_stock + reserves + board != ELEPHANTS {
            return fail("§9.4: elephants not conserved".into());
        }
        if !self.herds.is_empty() && !matches!(self.phase, Phase::Segment(_)) {
            return fail("§9.4: elephants on the board outside a turn's segments".into());
        }
        for market in Market::ALL {
            let (lo, hi) = market.range();
            if !(lo..=hi).contains(&self.price(market)) {
                return fail(format!("§9.7: {market} price {}", self.price(market)));
            }
        }
        Ok(())
    }

    /// Stones waiting to be placed by `seat`.
    fn pending_stones(&self, seat: Seat) -> u8 {
        let setup = self.progress(seat).and_then(|p| p.placing).map_or(0, |p| p.pending);
        let turn = match self.step() {
            Some(Step::Placing(p)) if self.active() == Some(seat) => p.pending,
            _ => 0,
        };
        setup + turn
    }

    /// §9.5, §9.6, §9.8, §9.9, §9.12, §9.14 for one player.
    fn player_ok(&self, seat: Seat) -> Check {
        let p = self.player(seat);
        let stones = p.stones + self.pending_stones(seat) + p.wall_stones();
        if stones != STONES_PER_COLOR {
            return fail(format!("§9.5: {seat} has {stones} stones, not {STONES_PER_COLOR}"));
        }
        let mut cells = Vec::new();
        for (k, city) in p.cities.iter().enumerate() {
            if !city.wall.is_staircase() {
                return fail(format!("§9.6: {seat} C{} wall {}", k + 1, city.wall));
            }
            if !city.exists() && city.column > 0 {
                return fail(format!("§9.2: {seat} C{} holds grain without its noble", k + 1));
            }
            match city.noble {
                Noble::Home => match city.cell {
                    Some(cell) if p.lands.has(cell) && !cells.contains(&cell) => cells.push(cell),
                    _ => return fail(format!("§9.8: {seat} C{} noble is not alone on its own tile", k + 1)),
                },
                Noble::Captured(by) => {
                    let captor = self.player(by);
                    let held =
                        captor.captured.iter().filter(|c| c.owner == seat && usize::from(c.city) == k + 1).count();
                    if by == seat || held != 1 {
                        return fail(format!("§9.8: {seat} C{} captured by {by} {held} times", k + 1));
                    }
                }
                Noble::Unplaced if p.setup.is_none() => return fail(format!("§9.8: {seat} C{} unplaced", k + 1)),
                Noble::Unplaced => {}
            }
            if !city.wall.is_empty() && city.noble == Noble::Unplaced {
                return fail(format!("§9.6: {seat} C{} has a wall but no noble", k + 1));
            }
        }
        if p.deployed.iter().any(|s| cells.contains(&s.cell) || !p.lands.has(s.cell)) {
            return fail(format!("§9.9: {seat} has a shield on a noble or off its lands"));
        }
        let settled = p.setup.as_ref().is_none_or(|s| s.confirmed);
        let block = BLOCK.iter().all(|c| p.lands.has(*c));
        if (settled && p.lands.len() != TILES) || !block || !p.lands.connected() {
            return fail(format!("§9.14: {seat} lands {}", p.lands.sketch()));
        }
        let vp = self.vp(seat);
        let most = 3 + 2 * 3 * (self.n() as u8 - 1) + 2;
        if vp > most {
            return fail(format!("§9.12: {seat} vp {vp} above {most}"));
        }
        Ok(())
    }

    /// §9.10, §9.11: markers and elephants on the board.
    fn board_ok(&self) -> Check {
        let in_turn = matches!(self.phase, Phase::Segment(_));
        let mut spots = Vec::new();
        for seat in self.seats() {
            let Some((target, cell)) = self.player(seat).marker_at else { continue };
            let owner = self.player(target);
            if !in_turn
                || target == seat
                || !owner.lands.has(cell)
                || owner.noble_on(cell)
                || spots.contains(&(target, cell))
            {
                return fail(format!("§9.10: {seat}'s marker on {target}'s {cell}"));
            }
            spots.push((target, cell));
        }
        for herd in &self.herds {
            if herd.count > herd.cap {
                return fail(format!("§9.11: {} elephants above the cap {}", herd.count, herd.cap));
            }
        }
        Ok(())
    }

    /// §9.13, §9.15 and the flow: someone is always waited for.
    fn flow_ok(&self) -> Check {
        if !(1..=MAX_TURNS).contains(&self.turn) {
            return fail(format!("§9.15: turn {}", self.turn));
        }
        if let Some(segment) = self.segment() {
            if segment.proposals > MAX_PROPOSALS || segment.credit > 1 {
                return fail(format!("§9.13: {} proposals, credit {}", segment.proposals, segment.credit));
            }
            let placing = matches!(segment.step, Step::Placing(_));
            if placing != (self.active().map(|a| self.pending_stones(a)).unwrap_or(0) > 0) {
                return fail("§9.6: pending stones outside BUILD_PLACING".into());
            }
        }
        if self.phase == Phase::Over {
            return if self.end.is_some() { Ok(()) } else { fail("over without a reason".into()) };
        }
        // (That each of them has a legal action is the conformance harness's check.)
        if self.must_may().0.is_empty() {
            return fail(format!("nobody to decide in {:?}", self.phase));
        }
        Ok(())
    }
}

/// §9.1–§9.15, and that the game waits for someone who can act.
pub(crate) fn check_invariants(game: &Raja) -> Check {
    game.conserved()?;
    for seat in game.seats() {
        game.player_ok(seat)?;
    }
    game.board_ok()?;
    game.flow_ok()
}
