//! BUILDING (§4.4, R20–R26, R42): declarations paid in grain with a one-stone credit, stones
//! placed one by one with touch checks, and shield deployment. The setup walls (R26) use the
//! same placement with a free allowance.

use super::events::Event;
use super::lands::Cell;
use super::state::{DECLARE_MAX, Placing, Raja, Step};
use super::wall::WALL_CAPACITY;
use crate::game::{RuleError, Seat};
use crate::wording::count;

/// Grain paid for `n` stones with `credit` (R24): `max(0, ceil((n − credit)/2))`, and the
/// credit left afterwards (`credit + 2g − n`, 0 or 1).
#[must_use]
pub fn grain_for(n: u8, credit: u8) -> (u8, u8) {
    let g = n.saturating_sub(credit).div_ceil(2);
    (g, credit + 2 * g - n)
}

impl Raja {
    /// `build_declare(city, n)` in a segment (§4.4): an existing city, 1 ≤ n ≤ min(24, reserve),
    /// paid by grain and credit, within the wall's 72 stones.
    pub(crate) fn check_declare(&self, seat: Seat, city: u8, n: u8, credit: u8) -> Result<(), RuleError> {
        let me = self.player(seat);
        let Some(target) = me.cities.get(usize::from(city)).filter(|c| c.exists()) else {
            return Err(RuleError::illegal(format!("you have no city C{}", city + 1)));
        };
        if n == 0 || n > DECLARE_MAX {
            return Err(RuleError::illegal(format!("declare 1 to {DECLARE_MAX} stones")));
        }
        if n > me.stones {
            return Err(RuleError::illegal(format!("you have {} in reserve", count(me.stones, "stone"))));
        }
        if 2 * u32::from(me.grain()) + u32::from(credit) < u32::from(n) {
            return Err(RuleError::ruled(
                "R24",
                format!(
                    "{} grain do not pay for {} (each grain pays for 2 stones; {credit} already paid for)",
                    me.grain(),
                    count(n, "stone")
                ),
            ));
        }
        if target.wall.stones() + n > WALL_CAPACITY {
            return Err(RuleError::ruled("R20", format!("a wall holds at most {WALL_CAPACITY} stones")));
        }
        Ok(())
    }

    /// Declares: grain to the pile (tallest column first), stones from reserve to pending.
    pub(crate) fn declare(&mut self, seat: Seat, city: u8, n: u8, events: &mut Vec<Event>) {
        let Some(segment) = self.segment_mut() else { return };
        let (grain, credit) = grain_for(n, segment.credit);
        segment.credit = credit;
        segment.step = Step::Placing(Placing { city, pending: n });
        let me = self.player_mut(seat);
        me.pay_grain(grain);
        me.stones -= n;
        self.grain_pile += grain;
        events.push(Event::Declared { seat, city, stones: n, grain, credit, setup: false });
    }

    /// `build_place(row)`: a legal placement row of the wall being built.
    pub(crate) fn check_place(&self, seat: Seat, placing: Placing, row: u8) -> Result<(), RuleError> {
        let wall = &self.player(seat).cities[usize::from(placing.city)].wall;
        if wall.can_place(row) {
            Ok(())
        } else {
            let rows: Vec<String> = wall.placement_rows().iter().map(u8::to_string).collect();
            Err(RuleError::ruled("R20", format!("row {row} cannot take a stone now; rows {}", rows.join(", "))))
        }
    }

    /// Places one pending stone with its touch check (R23): on a collapse the fallen stones and
    /// every stone still pending return to the reserve. Returns what is still to place.
    pub(crate) fn place(
        &mut self,
        seat: Seat,
        placing: Placing,
        row: u8,
        setup: bool,
        events: &mut Vec<Event>,
    ) -> Option<Placing> {
        let Self { players, rng, .. } = self;
        let me = &mut players[seat.index()];
        let city = usize::from(placing.city);
        let touch = me.cities[city].wall.build(row, rng);
        let left = placing.pending - 1;
        let lost = if touch.collapsed() { left } else { 0 };
        me.stones += touch.fallen + lost;
        let wall = me.cities[city].wall;
        events.push(Event::Placed { seat, city: placing.city, touch, wall, lost, setup });
        (left > 0 && !touch.collapsed()).then_some(Placing { pending: left, ..placing })
    }

    /// `shield_deploy(face, x, y)` (§4.4, R42): a reserve shield onto an own tile without a
    /// noble.
    pub(crate) fn check_deploy(&self, seat: Seat, face: u8, cell: Cell) -> Result<(), RuleError> {
        let me = self.player(seat);
        if !(1..=3).contains(&face) || me.shields[usize::from(face) - 1] == 0 {
            return Err(RuleError::illegal(format!("you have no {face}-shield in reserve")));
        }
        if !me.lands.has(cell) {
            return Err(RuleError::illegal(format!("{cell} is not one of your tiles")));
        }
        if me.noble_on(cell) {
            return Err(RuleError::illegal(format!("shields cannot share {cell} with a noble")));
        }
        Ok(())
    }

    /// Deploys a checked shield; deployed shields never move (R42).
    pub(crate) fn deploy(&mut self, seat: Seat, face: u8, cell: Cell, setup: bool, events: &mut Vec<Event>) {
        let me = self.player_mut(seat);
        me.shields[usize::from(face) - 1] -= 1;
        me.deployed.push(super::state::Shield { cell, face });
        me.deployed.sort_unstable();
        events.push(Event::ShieldDeployed { seat, face, cell, setup });
    }
}
