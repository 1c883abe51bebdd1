//! SIEGE, resolution (§4.6, R27–R31, R34, R35): dice per attacked city in ascending order,
//! the corrected formula `x = A − D − S`, stone removal with touch checks, elephant losses,
//! and ransom or capture when a wall is destroyed.

use serde::{Deserialize, Serialize};

use super::events::Event;
use super::siege::SiegeStage;
use super::state::{Captive, Noble, RANSOM_MAX, Raja};
use super::wall::Wall;
use crate::game::{RuleError, Seat};
use crate::parts::dice::D6;

/// The dice and arithmetic of one attacked city (§4.6 steps 1–5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Battle {
    /// The attacker.
    pub attacker: Seat,
    /// The defender.
    pub defender: Seat,
    /// The city, 1..=3.
    pub city: u8,
    /// Elephants attacking it.
    pub elephants: u8,
    /// The attacker's 2e dice.
    pub attack: Vec<u8>,
    /// The defender's dice, one per committed shield point.
    pub defence: Vec<u8>,
    /// Stones in the wall before the battle.
    pub stones: u8,
    /// `x = A − D − S` (R27).
    pub x: i32,
    /// Elephants lost to the market (R31).
    pub lost: u8,
    /// The wall was destroyed outright (`x ≥ S`, R28).
    pub destroyed: bool,
}

/// `x = A − D − S`: the seed's formula with attacker and defender swapped (R27).
#[must_use]
pub fn siege_x(attack: &[u8], defence: &[u8], stones: u8) -> i32 {
    let sum = |dice: &[u8]| dice.iter().map(|&d| i32::from(d)).sum::<i32>();
    sum(attack) - sum(defence) - i32::from(stones)
}

/// Elephants lost (R31): exactly one when `x ≤ 0`, else one per 6 the defender rolled,
/// at most the elephants attacking the city.
#[must_use]
pub fn elephants_lost(x: i32, defence: &[u8], elephants: u8) -> u8 {
    if x <= 0 {
        return 1.min(elephants);
    }
    let sixes = defence.iter().filter(|&&d| d == 6).count() as u8;
    sixes.min(elephants)
}

impl Raja {
    /// Resolves attacked cities in ascending order (R33) until one needs a decision; after the
    /// last, the segment ends (§4.6 step 7).
    pub(crate) fn resolve_siege(&mut self, events: &mut Vec<Event>) {
        while let Some(siege) = self.siege().cloned() {
            let Some(city) = (usize::from(siege.next)..3).find(|&c| siege.elephants(c) > 0) else {
                if let Some(active) = self.active() {
                    events.push(Event::SiegeEnded { seat: active, attacked: true });
                }
                self.end_segment(events);
                return;
            };
            if let Some(siege) = self.siege_mut() {
                siege.next = city as u8 + 1;
            }
            if self.battle(city as u8, events) {
                return;
            }
        }
    }

    /// One city's dice and losses; true when the defender or attacker must now decide.
    fn battle(&mut self, city: u8, events: &mut Vec<Event>) -> bool {
        let (Some(attacker), Some(siege)) = (self.active(), self.siege().cloned()) else { return false };
        let i = usize::from(city);
        let defender = siege.target;
        let elephants = siege.elephants(i);
        let faces: u8 = siege.commits.iter().filter(|c| c.city == city).map(|c| c.face).sum();
        let attack: Vec<u8> = (0..2 * elephants).map(|_| D6::roll(&mut self.rng).pips()).collect();
        let defence: Vec<u8> = (0..faces).map(|_| D6::roll(&mut self.rng).pips()).collect();
        let stones = self.player(defender).cities[i].wall.stones();
        let x = siege_x(&attack, &defence, stones);
        // R32: committed shields go back to the market, win or lose.
        for commit in siege.commits.iter().filter(|c| c.city == city) {
            let deployed = &mut self.player_mut(defender).deployed;
            if let Some(at) = deployed.iter().position(|s| s.cell == commit.cell && s.face == commit.face) {
                deployed.remove(at);
                self.shield_stock[usize::from(commit.face) - 1] += 1;
            }
        }
        let lost = elephants_lost(x, &defence, elephants);
        if let Some(herd) =
            self.herds.iter_mut().find(|h| h.attacker == attacker && h.target == defender && h.city == city)
        {
            herd.count -= lost;
        }
        self.elephant_stock += lost;
        let destroyed = x > 0 && x >= i32::from(stones);
        if destroyed {
            let owner = self.player_mut(defender);
            owner.stones += owner.cities[i].wall.stones();
            owner.cities[i].wall = Wall::default();
        }
        let battle =
            Battle { attacker, defender, city: city + 1, elephants, attack, defence, stones, x, lost, destroyed };
        events.push(Event::Battle(battle));
        let stage = match x {
            _ if destroyed => SiegeStage::Demand { city },
            x if x > 0 => SiegeStage::Removal { city, left: x as u8 },
            _ => return false,
        };
        if let Some(siege) = self.siege_mut() {
            siege.stage = stage;
        }
        true
    }

    /// `remove_stone(row)` (R30): an exposed row of the wall under removal.
    pub(crate) fn check_remove(&self, defender: Seat, city: u8, row: u8) -> Result<(), RuleError> {
        if self.player(defender).cities[usize::from(city)].wall.is_exposed(row) {
            Ok(())
        } else {
            Err(RuleError::ruled("R30", format!("row {row} of C{} is not exposed", city + 1)))
        }
    }

    /// Removes one stone with its touch check; fallen stones do not count (R30). An emptied
    /// wall is destroyed; with nothing left to remove the next city resolves.
    pub(crate) fn remove_stone(&mut self, defender: Seat, row: u8, events: &mut Vec<Event>) {
        let Some(SiegeStage::Removal { city, left }) = self.siege().map(|s| s.stage) else { return };
        let i = usize::from(city);
        let Self { players, rng, .. } = self;
        let owner = &mut players[defender.index()];
        let touch = owner.cities[i].wall.knock_out(row, rng);
        owner.stones += 1 + touch.fallen;
        let emptied = owner.cities[i].wall.is_empty();
        events.push(Event::StoneRemoved { seat: defender, city: city + 1, touch, wall: owner.cities[i].wall });
        let stage = if emptied {
            events.push(Event::WallDestroyed { seat: defender, city: city + 1 });
            SiegeStage::Demand { city }
        } else if left > 1 {
            SiegeStage::Removal { city, left: left - 1 }
        } else {
            return self.resolve_siege(events);
        };
        if let Some(siege) = self.siege_mut() {
            siege.stage = stage;
        }
    }

    /// `remove_auto`: every remaining stone, each from the exposed row of lowest risk, ties to
    /// the highest row (§4.6 step 5).
    pub(crate) fn remove_auto(&mut self, defender: Seat, events: &mut Vec<Event>) {
        while let Some(SiegeStage::Removal { city, .. }) = self.siege().map(|s| s.stage) {
            let Some(row) = self.player(defender).cities[usize::from(city)].wall.auto_row() else { return };
            self.remove_stone(defender, row, events);
        }
    }

    /// `ransom_demand(m)`: 1 ≤ m ≤ 775.
    pub(crate) fn check_demand(amount: u32) -> Result<(), RuleError> {
        if (1..=RANSOM_MAX).contains(&amount) {
            Ok(())
        } else {
            Err(RuleError::ruled("R34", format!("a ransom is $1 to ${RANSOM_MAX}")))
        }
    }

    /// `ransom_counter(m')`: 1 ≤ m' < m and m' within the defender's cash.
    pub(crate) fn check_counter_ransom(&self, defender: Seat, demand: u32, offer: u32) -> Result<(), RuleError> {
        if offer == 0 || offer >= demand {
            return Err(RuleError::ruled("R34", format!("a counter is $1 to ${}", demand - 1)));
        }
        if offer > self.player(defender).cash {
            return Err(RuleError::illegal(format!("you cannot pay ${offer}")));
        }
        Ok(())
    }

    /// Sets the ransom stage.
    pub(crate) fn set_ransom(&mut self, stage: SiegeStage, events: &mut Vec<Event>) {
        match stage {
            SiegeStage::Reply { city, demand } => events.push(Event::RansomDemanded { city: city + 1, demand }),
            SiegeStage::Counter { city, offer, .. } => events.push(Event::RansomCountered { city: city + 1, offer }),
            _ => {}
        }
        if let Some(siege) = self.siege_mut() {
            siege.stage = stage;
        }
    }

    /// The defender pays a ransom: the noble stays, the city keeps its tile, column and empty
    /// wall (§4.6 step 6); the next city resolves.
    pub(crate) fn pay_ransom(
        &mut self,
        attacker: Seat,
        defender: Seat,
        city: u8,
        amount: u32,
        events: &mut Vec<Event>,
    ) {
        self.player_mut(defender).cash -= amount;
        self.player_mut(attacker).cash += amount;
        events.push(Event::RansomPaid { seat: defender, to: attacker, city: city + 1, amount });
        events.push(self.purse(defender));
        events.push(self.purse(attacker));
        self.resolve_siege(events);
    }

    /// `noble_take` or a refusal (R34, R35): the noble joins the captor for the game, the city
    /// ceases and its grain returns to the pile; the next city resolves.
    pub(crate) fn capture(&mut self, attacker: Seat, defender: Seat, city: u8, events: &mut Vec<Event>) {
        let i = usize::from(city);
        let owner = self.player_mut(defender);
        owner.cities[i].noble = Noble::Captured(attacker);
        let grain = std::mem::take(&mut owner.cities[i].column);
        self.grain_pile += grain;
        self.player_mut(attacker).captured.push(Captive { owner: defender, city: city + 1 });
        events.push(Event::NobleCaptured { seat: attacker, owner: defender, city: city + 1, grain });
        self.resolve_siege(events);
    }
}
