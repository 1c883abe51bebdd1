//! The legal lists (§4.10, R44): every action a seat may take now, filtered through
//! [`Raja::check`] so that the list and `apply` never disagree.
//!
//! One exception, **Designed**: a trade bundle has astronomically many values, so for
//! `trade_propose` and `trade_counter` the list holds the legal members of a fixed family (a
//! discarded empty draft, and bundles of at most one field per side, money 10 and one of any
//! other item). `menus::choices` offers, and `apply` accepts, every legal bundle.

use super::action::Action;
use super::market::{Lot, Market, Side};
use super::rules::Decision;
use super::siege::SiegeStage;
use super::state::{DECLARE_MAX, MAX_PROPOSALS, RANSOM_MAX, Raja, SHIELDS_PER_FACE, Step};
use super::trade::{Bundle, Item, Part, Recipient};
use super::wall::{WALL_CAPACITY, WALL_MAX_ROWS};
use crate::game::Seat;
use crate::rng::GameRng;

/// The money field of the listed bundle family.
pub const LISTED_MONEY: u32 = 10;

impl Raja {
    /// Whether the check (of setup, or of play) accepts a candidate.
    fn admits(&self, seat: Seat, setup: bool, action: &Action) -> bool {
        if setup { self.check_setup(seat, action).is_ok() } else { self.check(seat, action).is_ok() }
    }

    /// The actions `seat` might take now, in menu order, before the check filters them; and
    /// whether they are setup steps (checked by [`Raja::check_setup`]).
    fn candidates(&self, seat: Seat, out: &mut Vec<Action>) -> bool {
        if seat.index() >= self.n() || self.player(seat).resigned {
            return false;
        }
        let decision = self.decision(seat);
        if decision == Decision::Setup {
            self.setup_candidates(seat, out);
            return true;
        }
        match decision {
            Decision::None | Decision::Setup => {}
            Decision::Auction => out.extend(self.auction_candidates(seat)),
            Decision::Commerce => out.extend(self.commerce_candidates(seat)),
            Decision::Reply => {
                out.push(Action::TradeAccept);
                out.extend(self.bundle_family(seat).map(|(give, get, send)| Action::TradeCounter { give, get, send }));
                out.push(Action::TradeDecline);
            }
            Decision::Withdraw => out.push(Action::TradeCancel),
            Decision::Choose => {
                out.extend(self.seats().map(|s| Action::TradeSelect(self.player(s).colour)));
                out.push(Action::TradeCancel);
            }
            Decision::Fill => out.extend([Action::FillOffer, Action::FillDecline]),
            Decision::Build => out.extend(self.build_candidates(seat)),
            Decision::Placing => {
                if let Some(Step::Placing(placing)) = self.step() {
                    let wall = &self.player(seat).cities[usize::from(placing.city)].wall;
                    out.extend((1..=WALL_MAX_ROWS).filter(|row| wall.can_place(*row)).map(Action::BuildPlace));
                }
            }
            _ => out.extend(self.siege_candidates(seat, decision)),
        }
        false
    }

    fn auction_candidates(&self, seat: Seat) -> Vec<Action> {
        let Some(auction) = self.auction() else { return Vec::new() };
        let low = auction.high.map_or(0, |(_, high)| high + 1);
        let mut v: Vec<Action> = (low..=self.player(seat).cash).map(Action::Bid).collect();
        v.push(Action::Pass);
        v
    }

    /// The listed bundle family: `(give, get, send)`.
    fn bundle_family(&self, seat: Seat) -> impl Iterator<Item = (Bundle, Bundle, bool)> {
        let sample = |part: Part| -> Vec<Bundle> {
            let mut v = vec![Bundle::default()];
            for item in Item::ALL {
                let amount = if item == Item::Money { LISTED_MONEY } else { 1 };
                if self.field_range(seat, part, item).is_some_and(|(_, hi)| amount <= hi) {
                    let mut bundle = Bundle::default();
                    bundle.set(item, amount);
                    v.push(bundle);
                }
            }
            v
        };
        let (gives, gets) = (sample(Part::Give), sample(Part::Get));
        let pairs: Vec<(Bundle, Bundle, bool)> = gives
            .iter()
            .flat_map(|give| gets.iter().map(move |get| (*give, *get, true)))
            .filter(|(give, get, _)| !(give.is_empty() && get.is_empty()))
            .collect();
        std::iter::once((Bundle::default(), Bundle::default(), false)).chain(pairs)
    }

    fn commerce_candidates(&self, seat: Seat) -> Vec<Action> {
        let mut v = Vec::new();
        // R14: once three proposals are used every proposal is refused, so none is listed to
        // be refused (the playouts of the computer players pass here thousands of times).
        if self.segment().map_or(0, |s| s.proposals) < MAX_PROPOSALS {
            let family: Vec<(Bundle, Bundle, bool)> = self.bundle_family(seat).collect();
            let others = self.standing().filter(|s| *s != seat).map(|s| Recipient::One(self.player(s).colour));
            for to in std::iter::once(Recipient::All).chain(others) {
                v.extend(family.iter().map(|&(give, get, send)| Action::TradePropose { to, give, get, send }));
            }
        }
        for market in Market::ALL {
            for side in Side::ALL {
                v.extend(self.lots(seat, market, side).into_iter().map(|lot| Action::MarketOrder { side, lot }));
            }
        }
        v.push(Action::CommerceEnd);
        v
    }

    /// The lots `seat` might order from `market` (checked afterwards).
    fn lots(&self, seat: Seat, market: Market, side: Side) -> Vec<Lot> {
        let me = self.player(seat);
        if me.markets_used[market.index()] {
            return Vec::new();
        }
        let price = u32::from(self.price(market));
        let afford = if side == Side::Buy { me.cash / price } else { self.bank / price };
        let cap = |held: u8| u8::try_from(afford.min(u32::from(held))).unwrap_or(u8::MAX);
        match (market, side) {
            (Market::Grain, Side::Buy) => (1..=cap(self.grain_pile)).map(Lot::Grain).collect(),
            (Market::Grain, Side::Sell) => (1..=cap(me.grain())).map(Lot::Grain).collect(),
            (Market::Elephants, Side::Buy) => (1..=cap(self.elephant_stock)).map(Lot::Elephants).collect(),
            (Market::Elephants, Side::Sell) => (1..=cap(me.elephants)).map(Lot::Elephants).collect(),
            (Market::Shields, side) => {
                let have = if side == Side::Buy { self.shield_stock } else { me.shields };
                let most = have.map(|h| h.min(SHIELDS_PER_FACE));
                let mut v = Vec::new();
                for a in 0..=most[0] {
                    for b in 0..=most[1] {
                        for c in 0..=most[2] {
                            let lot = Lot::Shields([a, b, c]);
                            if (1..=afford).contains(&lot.items()) {
                                v.push(lot);
                            }
                        }
                    }
                }
                v
            }
        }
    }

    /// Only what [`Raja::check`] accepts, so that no refusal is built to be thrown away (the
    /// playouts of the computer players pass here thousands of times); the check still filters.
    fn build_candidates(&self, seat: Seat) -> Vec<Action> {
        let me = self.player(seat);
        let credit = self.segment().map_or(0, |s| s.credit);
        // R24: two stones per grain, plus the credit.
        let paid = u8::try_from(2 * u32::from(me.grain()) + u32::from(credit)).unwrap_or(u8::MAX);
        let mut v = Vec::new();
        for (city, target) in (0..3u8).zip(&me.cities).filter(|(_, c)| c.exists()) {
            let room = WALL_CAPACITY.saturating_sub(target.wall.stones());
            let most = DECLARE_MAX.min(me.stones).min(paid).min(room);
            v.extend((1..=most).map(|stones| Action::BuildDeclare { city, stones }));
        }
        for face in (1..=3u8).filter(|face| me.shields[usize::from(*face) - 1] > 0) {
            v.extend(
                me.lands.cells().filter(|cell| !me.noble_on(*cell)).map(|cell| Action::ShieldDeploy { face, cell }),
            );
        }
        v.push(Action::BuildingEnd);
        v
    }

    fn siege_candidates(&self, seat: Seat, decision: Decision) -> Vec<Action> {
        let siege = self.siege();
        match decision {
            Decision::Marker => {
                let mut v = Vec::new();
                for q in self.seats().filter(|q| *q != seat) {
                    let target = self.player(q).colour;
                    v.extend(self.player(q).lands.cells().map(|cell| Action::SiegeMarker { target, cell }));
                }
                v.push(Action::SiegeSkip);
                v
            }
            Decision::Assign => {
                let mut v: Vec<Action> = (0..3u8)
                    .flat_map(|city| (0..=6u8).map(move |elephants| Action::SiegeAssign { city, elephants }))
                    .collect();
                v.extend([Action::SiegeLaunch, Action::SiegeSkip]);
                v
            }
            Decision::Defense => {
                let Some(siege) = siege else { return Vec::new() };
                let mut v: Vec<Action> = self
                    .eligible_shields(siege)
                    .into_iter()
                    .map(|(cell, face, city)| Action::DefendAssign { cell, face, city })
                    .collect();
                v.extend([Action::DefendClear, Action::DefendConfirm]);
                v
            }
            Decision::Removal => {
                let mut v: Vec<Action> = (1..=WALL_MAX_ROWS).map(Action::RemoveStone).collect();
                v.push(Action::RemoveAuto);
                v
            }
            Decision::Demand => {
                let mut v: Vec<Action> = (1..=RANSOM_MAX).map(Action::RansomDemand).collect();
                v.push(Action::NobleTake);
                v
            }
            Decision::RansomReply => {
                let Some(SiegeStage::Reply { demand, .. }) = siege.map(|s| s.stage) else { return Vec::new() };
                let most = (demand - 1).min(self.player(seat).cash);
                let mut v = vec![Action::RansomPay, Action::RansomRefuse];
                v.extend((1..=most).map(Action::RansomCounter));
                v
            }
            Decision::RansomCounter => vec![Action::RansomAccept, Action::NobleTake],
            _ => Vec::new(),
        }
    }
}

/// One legal action of `seat`, each as likely as in a uniform draw from `legal_actions_into`,
/// for random playouts: the candidates are drawn from at random and only the ones drawn are
/// checked, so a decision among ~150 trade proposals checks one or two instead of all.
/// `scratch` is a buffer the caller reuses.
pub(crate) fn random_legal_action(
    game: &Raja,
    seat: Seat,
    rng: &mut GameRng,
    scratch: &mut Vec<Action>,
) -> Option<Action> {
    scratch.clear();
    let setup = game.candidates(seat, scratch);
    // Drawing without replacement until one passes: the first to pass is uniform among
    // those that would pass.
    while !scratch.is_empty() {
        let action = scratch.swap_remove(rng.index(scratch.len()));
        if game.admits(seat, setup, &action) {
            return Some(action);
        }
    }
    None
}

/// Every legal action of `seat` now, in menu order.
pub(crate) fn legal_actions_into(game: &Raja, seat: Seat, out: &mut Vec<Action>) {
    let mut candidates = Vec::new();
    let setup = game.candidates(seat, &mut candidates);
    out.reserve(candidates.len());
    out.extend(candidates.into_iter().filter(|a| game.admits(seat, setup, a)));
}
