//! Raja's advice to the search.
//!
//! - **Shortlists.** Its own setup is the careful layout (`raja_policy.rs`); bids are a few
//!   amounts over the high bid, not every dollar up to its cash (the computers bid $42–$68 of
//!   $75 for first move); no trade proposals or counters of the listed family ("gives $10,
//!   wants $10"); market lots of one or two shields, a few grain quantities; declarations of a
//!   few sizes; shields only beside a city; markers only beside a city; a ransom demand of a
//!   few sizes, or the noble.
//! - **Playouts** play the rules of thumb of a player who defends and raids (§4.3–§4.6):
//!   bid nothing, buy elephants or shields, build walls, keep shields beside the cities,
//!   besiege the cities the elephants can breach, defend with every shield, take the noble.
//!   Random playouts never raided, so the search never saw a raid coming.
//! - **Where a playout stops**, it is scored by points, walls on their way to 15 stones and
//!   what each seat owns at market value ([`Raja::worth_estimate`]), so a bid or a lost
//!   elephant costs something.
//! - **Hard thinks further ahead.** Its playouts run 150 moves (about five turns at two
//!   players) before they are scored, over 2,000 iterations, instead of 60 moves over 4,000:
//!   at 60 moves most lines scored alike, so the extra iterations only averaged noise (hard
//!   beat normal 55% of the time); the longer playouts see the sieges and ransoms that decide.

use super::Guide;
use super::raja_policy::{defence, need, plan};
use crate::ai::{Budget, Level, Search};
use crate::game::{Game, Seat};
use crate::raja::{Action, Lot, Market, Phase, Raja, Side, SiegeStage, Step, WALL_MAX_WIDTH};
use crate::rng::GameRng;

/// The most a shortlisted bid goes over the lowest bid allowed.
const BIDS: [u32; 4] = [0, 1, 3, 7];

/// Moves a hard computer's playout makes before the estimate scores it, and its iterations
/// (see the module's notes; measured in engines/AI.md).
const HARD_CUTOFF: u32 = 150;
const HARD_ITERATIONS: u32 = 2_000;

impl Guide for Raja {
    fn search_at(level: Level) -> Search {
        let search = Search::for_game::<Self>(level.budget());
        match level {
            Level::Hard => Search {
                cutoff: Some(HARD_CUTOFF),
                budget: Budget { iterations: HARD_ITERATIONS, ..search.budget },
                ..search
            },
            Level::Easy | Level::Normal => search,
        }
    }

    fn candidates_into(&self, seat: Seat, out: &mut Vec<Action>) {
        self.legal_actions_into(seat, out);
        if self.phase == Phase::Setup {
            if let Some(step) = self.careful_setup_step(seat) {
                out.clear();
                out.push(step);
            }
            return;
        }
        let before = out.len();
        let low = match &self.phase {
            Phase::Auction(a) => a.high.map_or(0, |(_, high)| high + 1),
            _ => 0,
        };
        out.retain(|a| self.shortlisted(seat, a, low));
        if out.is_empty() && before > 0 {
            self.legal_actions_into(seat, out);
        }
    }

    fn evaluate(&self) -> Option<Vec<f64>> {
        Some(self.worth_estimate())
    }

    fn playout_action(&self, seat: Seat, rng: &mut GameRng, scratch: &mut Vec<Action>) -> Option<Action> {
        let wanted = self.rule_of_thumb(seat, rng);
        match wanted {
            Some(action) if self.admissible(seat, &action) => Some(action),
            _ => self.random_legal_action(seat, rng, scratch),
        }
    }
}

/// Dollars a cut-off playout counts as one victory point (see [`Raja::worth_estimate`]).
const DOLLARS_PER_VP: f64 = 25.0;

impl Raja {
    /// Each seat's expected reward where a playout stops: victory points, the walls on their
    /// way to 15 stones (R37), and what the seat owns at market value (cash, elephants,
    /// shields held or deployed, grain), [`DOLLARS_PER_VP`] to the point. The game's own
    /// estimate counts cash at a thousandth of a point and goods at nothing, so the search
    /// saw no cost in a bid for first move (issue #26: computers bid $42–$68 of $75) or in
    /// elephants lost for nothing.
    fn worth_estimate(&self) -> Vec<f64> {
        crate::raja::estimate_counting(self, |game, p| {
            let price = |m: Market| f64::from(game.price(m));
            let points = p.shields.iter().zip(1u8..).map(|(n, face)| u32::from(*n) * u32::from(face)).sum::<u32>()
                + p.deployed.iter().map(|s| u32::from(s.face)).sum::<u32>();
            let goods = f64::from(p.elephants) * price(Market::Elephants)
                + f64::from(points) * price(Market::Shields)
                + f64::from(p.grain()) * price(Market::Grain);
            (f64::from(p.cash) + goods) / DOLLARS_PER_VP
        })
    }

    /// Whether a legal action is on the search's shortlist.
    fn shortlisted(&self, seat: Seat, action: &Action, low: u32) -> bool {
        match *action {
            Action::Bid(m) => BIDS.iter().any(|b| low + b == m),
            Action::TradePropose { .. } | Action::TradeCounter { .. } => false,
            Action::MarketOrder { lot: Lot::Shields(faces), .. } => faces.iter().sum::<u8>() <= 2,
            Action::MarketOrder { lot: Lot::Grain(q), .. } => [1, 2, 3, 5, 8].contains(&q),
            Action::BuildDeclare { stones, .. } => [1, 2, 4, 6].contains(&stones),
            Action::ShieldDeploy { cell, .. } => {
                let p = self.player(seat);
                p.cities.iter().any(|c| c.home().is_some_and(|h| h.adjacent(cell)))
            }
            Action::SiegeMarker { target, cell } => self
                .seat_of(target)
                .is_some_and(|q| self.player(q).cities.iter().any(|c| c.home().is_some_and(|h| h.adjacent(cell)))),
            Action::RansomDemand(m) => [15, 30, 60].contains(&m),
            Action::RansomCounter(m) => m % 10 == 0 && m <= 40,
            Action::BuildPlace(1) => !self.widens_a_bare_wall(seat),
            Action::SiegeAssign { city, elephants } => elephants == 0 || !self.beyond_breach(city),
            _ => true,
        }
    }

    /// Whether, in the siege under way, every elephant the city's cap allows (R29) is still
    /// expected to fall short of its walls and shields (§4.6; see [`need`] with no margin):
    /// elephants sent there are lost for nothing (issue #26: one elephant against an
    /// 8-stone wall with 11–13 shield dice).
    fn beyond_breach(&self, city: u8) -> bool {
        let Some(Step::Siege(siege)) = self.step() else { return false };
        let owner = self.player(siege.target);
        owner.cities.get(usize::from(city)).is_some_and(|c| need(owner, c, -3.0).is_none())
    }

    /// Whether a stone in row 1 of the wall being built would make it six wide with no shield
    /// beside the city, when row 2 takes the stone instead: six elephants could then attack
    /// it (R29, the cap is the width), and row 2 never falls (R43) while adding the same stone
    /// to the wall's strength.
    fn widens_a_bare_wall(&self, seat: Seat) -> bool {
        let Some(Step::Placing(placing)) = self.step() else { return false };
        let p = self.player(seat);
        let city = &p.cities[usize::from(placing.city)];
        city.wall.width() + 1 >= WALL_MAX_WIDTH && defence(p, city) == 0 && city.wall.can_place(2)
    }

    /// Whether `action` would be accepted now (the check of setup, or of play).
    fn admissible(&self, seat: Seat, action: &Action) -> bool {
        if self.phase == Phase::Setup {
            self.check_setup(seat, action).is_ok()
        } else {
            self.check(seat, action).is_ok()
        }
    }

    /// What a player who defends and raids does now, if the rules of thumb say.
    fn rule_of_thumb(&self, seat: Seat, rng: &mut GameRng) -> Option<Action> {
        match &self.phase {
            Phase::Setup => self.careful_setup_step(seat),
            Phase::Auction(a) => Some(if a.high.is_none() { Action::Bid(0) } else { Action::Pass }),
            Phase::Segment(segment) => {
                let active = self.active() == Some(seat);
                match &segment.step {
                    Step::Commerce => Some(self.thumb_shopping(seat, rng)),
                    Step::Trade(p) if p.choosing => Some(Action::TradeCancel),
                    Step::Trade(_) => Some(Action::TradeDecline),
                    Step::Fill(_) => Some(Action::FillDecline),
                    Step::Build => Some(self.thumb_building(seat, segment.credit)),
                    Step::Placing(placing) => self.careful_row(seat, placing.city).map(Action::BuildPlace),
                    Step::Marker => Some(self.thumb_marker(seat)),
                    Step::Siege(siege) => match siege.stage {
                        SiegeStage::Assign if active => Some(self.thumb_assignment(seat)),
                        SiegeStage::Defense => Some(self.thumb_defence(seat)),
                        SiegeStage::Removal { .. } => Some(Action::RemoveAuto),
                        SiegeStage::Demand { .. } | SiegeStage::Counter { .. } => Some(Action::NobleTake),
                        SiegeStage::Reply { demand, .. } => Some(if 3 * demand <= self.player(seat).cash {
                            Action::RansomPay
                        } else {
                            Action::RansomRefuse
                        }),
                        SiegeStage::Assign => None,
                    },
                }
            }
            Phase::Over => None,
        }
    }

    /// Commerce: elephants up to a few (a raider's turn), else shields while a city has none
    /// beside it, else cheap grain; then the end of commerce.
    fn thumb_shopping(&self, seat: Seat, rng: &mut GameRng) -> Action {
        let p = self.player(seat);
        let price = |m: Market| u32::from(self.price(m));
        let free = |m: Market| !p.markets_used[m.index()];
        let wanted = 2 + rng.below(4) as u8;
        if free(Market::Elephants) && p.elephants < wanted && rng.below(2) == 0 {
            let q = (wanted - p.elephants).min((p.cash / price(Market::Elephants)) as u8).min(self.elephant_stock);
            if q > 0 {
                return Action::MarketOrder { side: Side::Buy, lot: Lot::Elephants(q) };
            }
        }
        let bare = p.cities.iter().any(|c| c.exists() && defence(p, c) < 3);
        if free(Market::Shields) && bare && p.cash >= 2 * price(Market::Shields) {
            let face = if self.shield_stock[1] > 0 { [0, 1, 0] } else { [1, 0, 0] };
            return Action::MarketOrder { side: Side::Buy, lot: Lot::Shields(face) };
        }
        if free(Market::Grain) && price(Market::Grain) <= 2 && p.cash >= 20 && self.grain_pile >= 3 {
            return Action::MarketOrder { side: Side::Buy, lot: Lot::Grain(3) };
        }
        Action::CommerceEnd
    }

    /// Building: shields onto the weakest city's side, then walls with all the grain.
    fn thumb_building(&self, seat: Seat, credit: u8) -> Action {
        if let Some(deploy) = self.shield_spots(seat).into_iter().next() {
            return deploy;
        }
        self.careful_declare(seat, credit).unwrap_or(Action::BuildingEnd)
    }

    /// The marker where the elephants breach the most cities, or no siege.
    fn thumb_marker(&self, seat: Seat) -> Action {
        let have = self.player(seat).elephants;
        let mut best = (0usize, Action::SiegeSkip);
        if have == 0 {
            return best.1;
        }
        for q in self.standing().filter(|q| *q != seat) {
            let target = self.player(q);
            for cell in target.lands.cells().filter(|c| !target.noble_on(*c)) {
                let breached = plan(&self.breach_needs(q, cell, 0.0), have).iter().filter(|e| **e > 0).count();
                if breached > best.0 {
                    best = (breached, Action::SiegeMarker { target: target.colour, cell });
                }
            }
        }
        best.1
    }

    /// Siege assignment: the planned elephants for the next unassigned city, then launch.
    fn thumb_assignment(&self, seat: Seat) -> Action {
        let Some(Step::Siege(siege)) = self.step() else { return Action::SiegeSkip };
        let mut needs = self.breach_needs(siege.target, siege.cell, 0.0);
        for (i, need) in needs.iter_mut().enumerate() {
            if siege.assigned[i].is_some() {
                *need = None;
            }
        }
        let planned = plan(&needs, self.player(seat).elephants.saturating_sub(siege.total()));
        match (0..3u8).find(|c| planned[usize::from(*c)] > 0) {
            Some(city) => Action::SiegeAssign { city, elephants: planned[usize::from(city)] },
            None if siege.total() > 0 => Action::SiegeLaunch,
            None => Action::SiegeSkip,
        }
    }

    /// Defence: every eligible shield, highest face first, then confirm.
    fn thumb_defence(&self, _seat: Seat) -> Action {
        let Some(Step::Siege(siege)) = self.step() else { return Action::DefendConfirm };
        let eligible = self.eligible_shields(siege);
        match eligible.iter().max_by_key(|(_, face, _)| *face) {
            Some(&(cell, face, city)) => Action::DefendAssign { cell, face, city },
            None => Action::DefendConfirm,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue #26: in Raja, hard's playouts run further than normal's before the estimate
    /// scores them, within hard's budget; easy and normal keep the default search.
    #[test]
    fn hard_plays_out_further_than_normal_within_its_budget() {
        let (normal, hard) = (Raja::search_at(Level::Normal), Raja::search_at(Level::Hard));
        assert_eq!(normal, Search::for_game::<Raja>(Level::Normal.budget()));
        assert_eq!(Raja::search_at(Level::Easy), Search::for_game::<Raja>(Level::Easy.budget()));
        assert!(hard.cutoff > normal.cutoff, "{hard:?} against {normal:?}");
        assert!(hard.budget.iterations <= Level::Hard.budget().iterations);
        assert_eq!(hard.budget.time, Level::Hard.budget().time);
    }
}
