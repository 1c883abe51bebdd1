//! SIEGE, declaration (§4.5, R29, R32, R33): the marker, elephants per city, the defence.

use serde::{Deserialize, Serialize};

use super::events::Event;
use super::lands::Cell;
use super::state::{Colour, Herd, Raja, Step};
use crate::game::{RuleError, Seat};

/// A shield committed to a city's defence (§4.5 `defend_assign`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Commit {
    /// The shield's tile.
    pub cell: Cell,
    /// Its face.
    pub face: u8,
    /// The attacked city it defends, 0-based.
    pub city: u8,
}

/// Where a siege stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SiegeStage {
    /// `SIEGE_ASSIGN` (attacker).
    Assign,
    /// `DEFENSE` (defender).
    Defense,
    /// `REMOVAL` (defender): `left` stones still to remove from `city`.
    Removal {
        /// 0-based.
        city: u8,
        /// Stones still to remove.
        left: u8,
    },
    /// `RANSOM_DEMAND` (attacker).
    Demand {
        /// 0-based.
        city: u8,
    },
    /// `RANSOM_REPLY` (defender).
    Reply {
        /// 0-based.
        city: u8,
        /// The demand.
        demand: u32,
    },
    /// `RANSOM_COUNTER` (attacker).
    Counter {
        /// 0-based.
        city: u8,
        /// The demand.
        demand: u32,
        /// The defender's counter.
        offer: u32,
    },
}

/// A siege under way (§4.5, §4.6).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Siege {
    /// The defender.
    pub target: Seat,
    /// The marker's tile.
    pub cell: Cell,
    /// Cities the marker touches (R33), 0-based.
    pub attackable: [bool; 3],
    /// Elephants assigned per city (`None` = not assigned yet; R45: once each).
    pub assigned: [Option<u8>; 3],
    /// Shields committed to the defence.
    pub commits: Vec<Commit>,
    /// `defend_clear` used (R45: once per siege).
    pub cleared: bool,
    /// The first city not yet resolved, 0-based.
    pub next: u8,
    /// The decision now.
    pub stage: SiegeStage,
}

impl Siege {
    /// Elephants assigned to `city` (0 when unassigned).
    #[must_use]
    pub fn elephants(&self, city: usize) -> u8 {
        self.assigned[city].unwrap_or(0)
    }

    /// Total elephants assigned.
    #[must_use]
    pub fn total(&self) -> u8 {
        (0..3).map(|c| self.elephants(c)).sum()
    }
}

impl Raja {
    /// The siege under way.
    pub(crate) fn siege(&self) -> Option<&Siege> {
        match self.step() {
            Some(Step::Siege(siege)) => Some(siege),
            _ => None,
        }
    }

    /// The siege under way, to change.
    pub(crate) fn siege_mut(&mut self) -> Option<&mut Siege> {
        match self.step_mut() {
            Some(Step::Siege(siege)) => Some(siege),
            _ => None,
        }
    }

    /// `siege_marker(q, x, y)` (§4.5): an opponent's tile with no marker and no noble.
    pub(crate) fn check_marker(&self, seat: Seat, target: Colour, cell: Cell) -> Result<(), RuleError> {
        let q = self.seat_of(target).ok_or_else(|| RuleError::illegal(format!("nobody plays {target}")))?;
        if q == seat {
            return Err(RuleError::illegal("the marker goes on an opponent's lands, not your own"));
        }
        let owner = self.player(q);
        if !owner.lands.has(cell) {
            return Err(RuleError::illegal(format!("{target} has no tile at {cell}")));
        }
        if owner.noble_on(cell) {
            return Err(RuleError::illegal(format!("a noble stands on {target}'s {cell}")));
        }
        if self.players.iter().any(|p| p.marker_at == Some((q, cell))) {
            return Err(RuleError::illegal(format!("another marker stands on {target}'s {cell}")));
        }
        Ok(())
    }

    /// Whether `seat` has any legal marker tile (§4.9: otherwise the siege is skipped).
    pub(crate) fn has_marker_tile(&self, seat: Seat) -> bool {
        self.seats().filter(|q| *q != seat).any(|q| {
            let colour = self.player(q).colour;
            self.player(q).lands.cells().any(|c| self.check_marker(seat, colour, c).is_ok())
        })
    }

    /// Places a checked marker; with no elephant or no attackable city the siege ends at once.
    pub(crate) fn place_marker(&mut self, seat: Seat, target: Colour, cell: Cell, events: &mut Vec<Event>) {
        let Some(q) = self.seat_of(target) else { return };
        self.player_mut(seat).marker_at = Some((q, cell));
        let owner = self.player(q);
        let attackable = [0, 1, 2].map(|i| owner.cities[i].home().is_some_and(|c| c.adjacent(cell)));
        events.push(Event::MarkerPlaced { seat, target: q, cell, attackable });
        if self.player(seat).elephants == 0 || !attackable.contains(&true) {
            events.push(Event::SiegeEnded { seat, attacked: false });
            self.end_segment(events);
            return;
        }
        let siege = Siege {
            target: q,
            cell,
            attackable,
            assigned: [None; 3],
            commits: Vec::new(),
            cleared: false,
            next: 0,
            stage: SiegeStage::Assign,
        };
        self.set_step(Step::Siege(siege));
    }

    /// `siege_assign(city, n)` (§4.5, R29, R45).
    pub(crate) fn check_assign(&self, seat: Seat, siege: &Siege, city: u8, n: u8) -> Result<(), RuleError> {
        let i = usize::from(city);
        if !siege.attackable[i] {
            return Err(RuleError::ruled("R33", format!("C{} is not next to your marker", i + 1)));
        }
        if siege.assigned[i].is_some() {
            return Err(RuleError::ruled("R45", format!("C{} already has its elephants", i + 1)));
        }
        let cap = self.player(siege.target).cities[i].wall.elephant_cap();
        if n > cap {
            return Err(RuleError::ruled("R29", format!("at most {cap} elephants may attack C{}", i + 1)));
        }
        if siege.total() + n > self.player(seat).elephants {
            return Err(RuleError::illegal("you do not have that many elephants"));
        }
        Ok(())
    }

    /// Records an assignment.
    pub(crate) fn assign(&mut self, seat: Seat, city: u8, n: u8, events: &mut Vec<Event>) {
        if let Some(siege) = self.siege_mut() {
            siege.assigned[usize::from(city)] = Some(n);
        }
        events.push(Event::Assigned { seat, city: city + 1, elephants: n });
    }

    /// `siege_launch`: the elephants move onto the defender's lands; the defence follows, or
    /// is skipped when no deployed shield touches an attacked city (§4.5).
    pub(crate) fn launch(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let Some(siege) = self.siege().cloned() else { return };
        let q = siege.target;
        for city in 0..3u8 {
            let count = siege.elephants(usize::from(city));
            if count > 0 {
                let cap = self.player(q).cities[usize::from(city)].wall.elephant_cap();
                self.herds.push(Herd { attacker: seat, target: q, city, count, cap });
            }
        }
        self.player_mut(seat).elephants -= siege.total();
        events.push(Event::Launched { seat, target: q, elephants: [0, 1, 2].map(|c| siege.elephants(c)) });
        if self.eligible_shields(&siege).is_empty() {
            self.resolve_siege(events);
        } else if let Some(siege) = self.siege_mut() {
            siege.stage = SiegeStage::Defense;
        }
    }

    /// The defender's deployed shields that may still be committed, as `(cell, face, city)`
    /// options in canonical order (§4.5): adjacent to an attacked city, not yet committed.
    pub(crate) fn eligible_shields(&self, siege: &Siege) -> Vec<(Cell, u8, u8)> {
        let owner = self.player(siege.target);
        let mut out = Vec::new();
        let mut deployed = owner.deployed.clone();
        deployed.dedup();
        for shield in deployed {
            let on_tile = owner.deployed.iter().filter(|s| **s == shield).count();
            let used = siege.commits.iter().filter(|c| c.cell == shield.cell && c.face == shield.face).count();
            if used >= on_tile {
                continue;
            }
            for city in 0..3u8 {
                let i = usize::from(city);
                let attacked = siege.elephants(i) > 0;
                if attacked && owner.cities[i].home().is_some_and(|c| c.adjacent(shield.cell)) {
                    out.push((shield.cell, shield.face, city));
                }
            }
        }
        out
    }

    /// `defend_assign(x, y, face, city)` (§4.5, R32).
    pub(crate) fn check_defend(&self, siege: &Siege, cell: Cell, face: u8, city: u8) -> Result<(), RuleError> {
        if self.eligible_shields(siege).contains(&(cell, face, city)) {
            Ok(())
        } else {
            Err(RuleError::ruled(
                "R32",
                format!("no uncommitted face-{face} shield on {cell} can defend C{}", city + 1),
            ))
        }
    }

    /// Commits a checked shield.
    pub(crate) fn defend(&mut self, seat: Seat, cell: Cell, face: u8, city: u8, events: &mut Vec<Event>) {
        if let Some(siege) = self.siege_mut() {
            siege.commits.push(Commit { cell, face, city });
        }
        events.push(Event::Defended { seat, cell, face, city: city + 1 });
    }

    /// `defend_clear` (R45: once per siege).
    pub(crate) fn clear_defence(&mut self, seat: Seat, events: &mut Vec<Event>) {
        if let Some(siege) = self.siege_mut() {
            siege.commits.clear();
            siege.cleared = true;
        }
        events.push(Event::DefenceCleared { seat });
    }

    /// The §4.8 default defence: every eligible shield, highest face first, to the adjacent
    /// attacked city with most elephants (ties: lowest city number). `None` when all are in.
    pub(crate) fn default_defence(&self, siege: &Siege) -> Option<(Cell, u8, u8)> {
        let options = self.eligible_shields(siege);
        let best_face = options.iter().map(|o| o.1).max()?;
        let (cell, face, _) = *options.iter().find(|o| o.1 == best_face)?;
        let city = options
            .iter()
            .filter(|o| o.0 == cell && o.1 == face)
            .map(|o| o.2)
            .min_by_key(|&c| (std::cmp::Reverse(siege.elephants(usize::from(c))), c))?;
        Some((cell, face, city))
    }
}
