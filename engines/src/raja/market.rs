//! The three markets (§2.6, R16–R19): price disks, market orders and the window in which
//! other players may fill them (§4.3 `FILL_WINDOW`, R18).
//!
//! The face-down disks of the seed hold nothing hidden (they are the range's other numbers),
//! so a market is its price alone.

use serde::{Deserialize, Serialize};

use super::events::Event;
use super::state::{Raja, Step};
use super::trade::Bundle;
use crate::game::{RuleError, Seat};
use crate::parts::words::word_enum;

/// A market (§2.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[allow(missing_docs)]
pub enum Market {
    Grain,
    Shields,
    Elephants,
}

impl Market {
    /// Grain, shields, elephants.
    pub const ALL: [Self; 3] = [Self::Grain, Self::Shields, Self::Elephants];

    /// `grain`, `shields` or `elephants`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Grain => "grain",
            Self::Shields => "shields",
            Self::Elephants => "elephants",
        }
    }

    /// Index into per-market arrays.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The price range (§2.6).
    #[must_use]
    pub const fn range(self) -> (u8, u8) {
        match self {
            Self::Grain => (1, 5),
            Self::Shields => (6, 10),
            Self::Elephants => (11, 16),
        }
    }

    /// The starting price (§3 step 2).
    #[must_use]
    pub const fn start_price(self) -> u8 {
        match self {
            Self::Grain => 3,
            Self::Shields => 8,
            Self::Elephants => 14,
        }
    }
}

word_enum!(Market, "a market");

/// Buying from or selling to a market.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[allow(missing_docs)]
pub enum Side {
    Buy,
    Sell,
}

impl Side {
    /// Buy, sell.
    pub const ALL: [Self; 2] = [Self::Buy, Self::Sell];

    /// `buy` or `sell`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Buy => "buy",
            Self::Sell => "sell",
        }
    }
}

word_enum!(Side, "buy or sell");

/// What a market order names (§4.3): a quantity, or shields by face (R16).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Lot {
    /// Grain tokens.
    Grain(u8),
    /// Shields: counts of faces 1, 2, 3.
    Shields([u8; 3]),
    /// Elephants.
    Elephants(u8),
}

impl Lot {
    /// The market it trades with.
    #[must_use]
    pub const fn market(self) -> Market {
        match self {
            Self::Grain(_) => Market::Grain,
            Self::Shields(_) => Market::Shields,
            Self::Elephants(_) => Market::Elephants,
        }
    }

    /// Items priced: the quantity, or `s1 + 2·s2 + 3·s3` (R16).
    #[must_use]
    pub fn items(self) -> u32 {
        match self {
            Self::Grain(q) | Self::Elephants(q) => u32::from(q),
            Self::Shields([a, b, c]) => u32::from(a) + 2 * u32::from(b) + 3 * u32::from(c),
        }
    }

    /// The goods as a bundle.
    #[must_use]
    pub fn bundle(self) -> Bundle {
        match self {
            Self::Grain(q) => Bundle { grain: q, ..Bundle::default() },
            Self::Elephants(q) => Bundle { elephants: q, ..Bundle::default() },
            Self::Shields(shields) => Bundle { shields, ..Bundle::default() },
        }
    }
}

/// A player's answer in a fill window.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Answer {
    /// Not asked: the active player, or auto-declined (§4.3).
    NotAsked,
    /// Asked, not yet answered.
    Waiting,
    /// `fill_offer`.
    Offered,
    /// `fill_decline`.
    Declined,
}

/// A market order in its fill window (§4.3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Order {
    /// Buy or sell.
    pub side: Side,
    /// What.
    pub lot: Lot,
    /// `price × items`.
    pub cost: u32,
    /// Each seat's answer.
    pub answers: Vec<Answer>,
}

impl Raja {
    /// `market_order` (§4.3, R17, R19): legality for the active player `seat`.
    pub(crate) fn check_order(&self, seat: Seat, side: Side, lot: Lot) -> Result<(), RuleError> {
        let market = lot.market();
        let me = self.player(seat);
        if me.markets_used[market.index()] {
            return Err(RuleError::ruled("R19", format!("you have already traded with the {market} market this turn")));
        }
        let items = lot.items();
        if items == 0 {
            return Err(RuleError::illegal("an order names at least one item"));
        }
        let cost = u32::from(self.price(market)) * items;
        match side {
            Side::Buy => {
                if me.cash < cost {
                    return Err(RuleError::illegal(format!("you cannot pay ${cost} for that order")));
                }
                if !self.stock_holds(lot) {
                    return Err(RuleError::illegal(format!("the {market} market does not hold that many")));
                }
                if market == Market::Grain && !me.has_city() {
                    return Err(RuleError::ruled("R41", "a player with no city cannot hold grain"));
                }
            }
            Side::Sell => {
                if !lot.bundle().held_by(me) {
                    return Err(RuleError::illegal("you do not hold those items"));
                }
                if self.bank < cost {
                    return Err(RuleError::ruled("R6", format!("the bank cannot pay ${cost}")));
                }
            }
        }
        Ok(())
    }

    /// Whether the market's stock holds `lot`.
    pub(crate) fn stock_holds(&self, lot: Lot) -> bool {
        match lot {
            Lot::Grain(q) => q <= self.grain_pile,
            Lot::Elephants(q) => q <= self.elephant_stock,
            Lot::Shields(s) => (0..3).all(|f| s[f] <= self.shield_stock[f]),
        }
    }

    /// Places a checked order: the market counts as used (R19) and the other players are asked,
    /// except those whose public holdings rule a fill out (§4.3).
    pub(crate) fn place_order(&mut self, seat: Seat, side: Side, lot: Lot, events: &mut Vec<Event>) {
        let market = lot.market();
        self.player_mut(seat).markets_used[market.index()] = true;
        let cost = u32::from(self.price(market)) * lot.items();
        let answers = self
            .seats()
            .map(|s| {
                let p = self.player(s);
                let possible = match side {
                    Side::Buy => lot.bundle().held_by_publicly(p),
                    Side::Sell => market != Market::Grain || p.has_city(),
                };
                if s == seat || !possible { Answer::NotAsked } else { Answer::Waiting }
            })
            .collect();
        events.push(Event::Ordered { seat, side, lot, cost });
        self.set_step(Step::Fill(Order { side, lot, cost, answers }));
    }

    /// `fill_offer` (§4.3): a buy order needs the exact items, a sell order the cash.
    pub(crate) fn check_fill(&self, seat: Seat, order: &Order) -> Result<(), RuleError> {
        let me = self.player(seat);
        match order.side {
            Side::Buy if !order.lot.bundle().held_by(me) => Err(RuleError::illegal("you do not hold those items")),
            Side::Sell if me.cash < order.cost => {
                Err(RuleError::illegal(format!("you cannot pay ${} to fill that order", order.cost)))
            }
            _ => Ok(()),
        }
    }

    /// Records a fill answer; the window closes when every asked player has answered.
    pub(crate) fn answer_fill(&mut self, seat: Seat, offer: bool, events: &mut Vec<Event>) {
        let Some(Step::Fill(order)) = self.step_mut() else { return };
        order.answers[seat.index()] = if offer { Answer::Offered } else { Answer::Declined };
        events.push(Event::FillAnswered { seat, offer });
    }

    /// Closes a fill window whose answers are all in (§4.3 resolution, R17, R18).
    pub(crate) fn resolve_order(&mut self, events: &mut Vec<Event>) {
        let (Some(active), Some(Step::Fill(order))) = (self.active(), self.step().cloned()) else { return };
        let mut filler = None;
        let mut seat = self.next(active);
        while seat != active {
            if order.answers[seat.index()] == Answer::Offered {
                filler = Some(seat);
                break;
            }
            seat = self.next(seat);
        }
        let goods = order.lot.bundle();
        let money = Bundle { money: order.cost, ..Bundle::default() };
        match (filler, order.side) {
            (Some(filler), Side::Buy) => self.exchange(filler, active, &goods, &money, events),
            (Some(filler), Side::Sell) => self.exchange(active, filler, &goods, &money, events),
            (None, side) => self.trade_with_market(active, side, order.lot, order.cost, events),
        }
        if let Some(filler) = filler {
            events.push(Event::Filled { seat: active, filler, side: order.side, lot: order.lot, cost: order.cost });
        }
        self.set_step(Step::Commerce);
    }

    /// No offer: the active player trades with the bank and stock; the price moves one step.
    fn trade_with_market(&mut self, seat: Seat, side: Side, lot: Lot, cost: u32, events: &mut Vec<Event>) {
        let market = lot.market();
        let (low, high) = market.range();
        let goods = lot.bundle();
        match side {
            Side::Buy => {
                self.player_mut(seat).cash -= cost;
                self.bank += cost;
                self.take_from_stock(&goods);
                self.hand_over(seat, &goods, events);
                self.prices[market.index()] = (self.price(market) + 1).min(high);
            }
            Side::Sell => {
                self.player_mut(seat).cash += cost;
                self.bank -= cost;
                self.take_from(seat, &goods);
                self.return_to_stock(&goods);
                self.prices[market.index()] = (self.price(market) - 1).max(low);
            }
        }
        events.push(Event::MarketTraded { seat, side, lot, cost, price: self.price(market) });
        events.push(self.purse(seat));
    }

    /// Goods leave the market stock (the caller checked it holds them).
    fn take_from_stock(&mut self, goods: &Bundle) {
        self.grain_pile -= goods.grain;
        self.elephant_stock -= goods.elephants;
        for f in 0..3 {
            self.shield_stock[f] -= goods.shields[f];
        }
    }

    /// Goods go back to the market stock (R25).
    pub(crate) fn return_to_stock(&mut self, goods: &Bundle) {
        self.grain_pile += goods.grain;
        self.elephant_stock += goods.elephants;
        for f in 0..3 {
            self.shield_stock[f] += goods.shields[f];
        }
    }
}
