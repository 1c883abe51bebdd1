//! Raja decisions (§3, §4) and their text forms: the specification's action names, with
//! cells as `x,y`, cities as `C1`…`C3`, players by colour, money in three digits and grain
//! in two (so every number is entered digit by digit in the same places, §4.10; any number of
//! digits is read back).
//!
//! | spec | text |
//! |---|---|
//! | `land_add(x,y)` / `land_color(x,y,c)` / `land_confirm` | `land_add 2,0`, `land_color 1,0 red`, `land_confirm` |
//! | `noble_place(x,y)` / `setup_done` | `noble_place 0,0`, `setup_done` |
//! | `build_declare(city,n)` / `build_place(row)` | `build_declare C1 6`, `build_place 3` |
//! | `shield_deploy(face,x,y)` | `shield_deploy 2 1,0` |
//! | `bid(m)` / `pass` | `bid 012`, `pass` |
//! | `trade_propose(to,give,get)` | `trade_propose all give money 010 get elephants 1 send` (or `… discard`) |
//! | `trade_accept` / `trade_counter(give',get')` / `trade_decline` | `trade_accept`, `trade_counter give elephants 1 get money 014 send`, `trade_decline` |
//! | `trade_select(r)` / `trade_cancel` | `trade_select White`, `trade_cancel` |
//! | `market_order(m, side, q)` | `market_order grain buy 02`, `market_order shields sell 0 1 0` |
//! | `fill_offer` / `fill_decline` / `commerce_end` / `building_end` | the same words |
//! | `siege_marker(q,x,y)` / `siege_skip` | `siege_marker White 1,0`, `siege_skip` |
//! | `siege_assign(city,n)` / `siege_launch` | `siege_assign C2 1`, `siege_launch` |
//! | `defend_assign(x,y,face,city)` / `defend_clear` / `defend_confirm` | `defend_assign 2,1 1 C3`, … |
//! | `remove_stone(row)` / `remove_auto` | `remove_stone 2`, `remove_auto` |
//! | `ransom_demand(m)` / `noble_take` / `ransom_pay` / `ransom_refuse` | `ransom_demand 050`, … |
//! | `ransom_counter(m')` / `ransom_accept` | `ransom_counter 010`, `ransom_accept` |
//! | host `timeout(seat)` (§4.8) / `resign` (R48) | `timeout`, `resign` |

use std::fmt;
use std::str::FromStr;

use super::lands::{Cell, TileColour};
use super::market::{Lot, Market, Side};
use super::state::Colour;
use super::trade::{Bundle, Item, Part, Recipient};
use crate::game::ParseActionError;
use crate::parts::words::UnknownWord;

/// A Raja decision.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum Action {
    LandAdd(Cell),
    LandColor(Cell, TileColour),
    LandConfirm,
    NoblePlace(Cell),
    /// `build_declare`: city 0-based, stones.
    BuildDeclare {
        city: u8,
        stones: u8,
    },
    /// `build_place`: row 1-based.
    BuildPlace(u8),
    ShieldDeploy {
        face: u8,
        cell: Cell,
    },
    SetupDone,
    Bid(u32),
    Pass,
    /// `send` false: the draft is discarded (it still counts, R45).
    TradePropose {
        to: Recipient,
        give: Bundle,
        get: Bundle,
        send: bool,
    },
    TradeAccept,
    /// `give`: what the recipient gives; `get`: what it wants. `send` false discards it.
    TradeCounter {
        give: Bundle,
        get: Bundle,
        send: bool,
    },
    TradeDecline,
    TradeSelect(Colour),
    TradeCancel,
    MarketOrder {
        side: Side,
        lot: Lot,
    },
    FillOffer,
    FillDecline,
    CommerceEnd,
    BuildingEnd,
    SiegeMarker {
        target: Colour,
        cell: Cell,
    },
    SiegeSkip,
    /// City 0-based.
    SiegeAssign {
        city: u8,
        elephants: u8,
    },
    SiegeLaunch,
    /// City 0-based.
    DefendAssign {
        cell: Cell,
        face: u8,
        city: u8,
    },
    DefendClear,
    DefendConfirm,
    RemoveStone(u8),
    RemoveAuto,
    RansomDemand(u32),
    NobleTake,
    RansomPay,
    RansomRefuse,
    RansomCounter(u32),
    RansomAccept,
    /// The host's `timeout(seat)`: the pending decision takes its §4.8 default.
    Timeout,
    /// Leave the game (R48).
    Resign,
}

/// Digits a number of `item` is written with: money 3, grain 2, others as they are.
#[must_use]
pub const fn width(item: Item) -> usize {
    match item {
        Item::Money => 3,
        Item::Grain => 2,
        _ => 1,
    }
}

/// `C1`…`C3` for a 0-based city.
#[must_use]
pub fn city_name(city: u8) -> String {
    format!("C{}", city + 1)
}

fn write_bundles(f: &mut fmt::Formatter<'_>, give: &Bundle, get: &Bundle, send: bool) -> fmt::Result {
    for (part, bundle) in [(Part::Give, give), (Part::Get, get)] {
        for (item, value) in bundle.fields() {
            write!(f, " {part} {item} {value:0w$}", w = width(item))?;
        }
    }
    f.write_str(if send { " send" } else { " discard" })
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::LandAdd(cell) => write!(f, "land_add {cell}"),
            Self::LandColor(cell, colour) => write!(f, "land_color {cell} {colour}"),
            Self::NoblePlace(cell) => write!(f, "noble_place {cell}"),
            Self::BuildDeclare { city, stones } => write!(f, "build_declare C{} {stones}", city + 1),
            Self::BuildPlace(row) => write!(f, "build_place {row}"),
            Self::ShieldDeploy { face, cell } => write!(f, "shield_deploy {face} {cell}"),
            Self::Bid(m) => write!(f, "bid {m:03}"),
            Self::TradePropose { to, give, get, send } => {
                match to {
                    Recipient::All => f.write_str("trade_propose all")?,
                    Recipient::One(colour) => write!(f, "trade_propose {colour}")?,
                }
                write_bundles(f, give, get, *send)
            }
            Self::TradeCounter { give, get, send } => {
                f.write_str("trade_counter")?;
                write_bundles(f, give, get, *send)
            }
            Self::TradeSelect(colour) => write!(f, "trade_select {colour}"),
            Self::MarketOrder { side, lot } => match lot {
                Lot::Grain(q) => write!(f, "market_order grain {side} {q:02}"),
                Lot::Elephants(q) => write!(f, "market_order elephants {side} {q}"),
                Lot::Shields([a, b, c]) => write!(f, "market_order shields {side} {a} {b} {c}"),
            },
            Self::SiegeMarker { target, cell } => write!(f, "siege_marker {target} {cell}"),
            Self::SiegeAssign { city, elephants } => write!(f, "siege_assign C{} {elephants}", city + 1),
            Self::DefendAssign { cell, face, city } => write!(f, "defend_assign {cell} {face} C{}", city + 1),
            Self::RemoveStone(row) => write!(f, "remove_stone {row}"),
            Self::RansomDemand(m) => write!(f, "ransom_demand {m:03}"),
            Self::RansomCounter(m) => write!(f, "ransom_counter {m:03}"),
            word => f.write_str(word.word().unwrap_or("?")),
        }
    }
}

impl Action {
    /// The text of an action that is a single word.
    fn word(&self) -> Option<&'static str> {
        Some(match self {
            Self::LandConfirm => "land_confirm",
            Self::SetupDone => "setup_done",
            Self::Pass => "pass",
            Self::TradeAccept => "trade_accept",
            Self::TradeDecline => "trade_decline",
            Self::TradeCancel => "trade_cancel",
            Self::FillOffer => "fill_offer",
            Self::FillDecline => "fill_decline",
            Self::CommerceEnd => "commerce_end",
            Self::BuildingEnd => "building_end",
            Self::SiegeSkip => "siege_skip",
            Self::SiegeLaunch => "siege_launch",
            Self::DefendClear => "defend_clear",
            Self::DefendConfirm => "defend_confirm",
            Self::RemoveAuto => "remove_auto",
            Self::NobleTake => "noble_take",
            Self::RansomPay => "ransom_pay",
            Self::RansomRefuse => "ransom_refuse",
            Self::RansomAccept => "ransom_accept",
            Self::Timeout => "timeout",
            Self::Resign => "resign",
            _ => return None,
        })
    }

    /// Every single-word action, for parsing.
    const WORDS: [Self; 21] = [
        Self::LandConfirm,
        Self::SetupDone,
        Self::Pass,
        Self::TradeAccept,
        Self::TradeDecline,
        Self::TradeCancel,
        Self::FillOffer,
        Self::FillDecline,
        Self::CommerceEnd,
        Self::BuildingEnd,
        Self::SiegeSkip,
        Self::SiegeLaunch,
        Self::DefendClear,
        Self::DefendConfirm,
        Self::RemoveAuto,
        Self::NobleTake,
        Self::RansomPay,
        Self::RansomRefuse,
        Self::RansomAccept,
        Self::Timeout,
        Self::Resign,
    ];
}

const EXPECTED: &str = "a Raja action such as land_add 2,0, bid 012, trade_propose all give money 010 send, \
                        market_order grain buy 02, build_declare C1 3, build_place 1, siege_marker White 1,0, \
                        remove_stone 2, ransom_demand 050 or one of the single words (pass, commerce_end, …)";

fn bad(word: &str, what: &'static str) -> UnknownWord {
    UnknownWord::not(word, what)
}

/// A whole number written with digits only.
fn number(word: &str) -> Result<u32, UnknownWord> {
    if word.is_empty() || word.len() > 4 || !word.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad(word, "a number"));
    }
    word.parse().map_err(|_| bad(word, "a number"))
}

fn small(word: &str) -> Result<u8, UnknownWord> {
    number(word).and_then(|n| u8::try_from(n).map_err(|_| bad(word, "a small number")))
}

fn city(word: &str) -> Result<u8, UnknownWord> {
    ["c1", "c2", "c3"]
        .iter()
        .position(|c| c.eq_ignore_ascii_case(word))
        .map(|i| i as u8)
        .ok_or_else(|| bad(word, "a city (C1, C2 or C3)"))
}

fn face(word: &str) -> Result<u8, UnknownWord> {
    small(word).ok().filter(|f| (1..=3).contains(f)).ok_or_else(|| bad(word, "a shield face (1, 2 or 3)"))
}

/// `give money 010 get elephants 1 … send|discard`.
fn bundles(words: &[&str]) -> Result<(Bundle, Bundle, bool), UnknownWord> {
    let (last, fields) = words.split_last().ok_or_else(|| bad("", "send or discard"))?;
    let send = if last.eq_ignore_ascii_case("send") {
        true
    } else if last.eq_ignore_ascii_case("discard") {
        false
    } else {
        return Err(bad(last, "send or discard"));
    };
    if fields.len() % 3 != 0 {
        return Err(bad(&fields.join(" "), "bundle fields like give money 010"));
    }
    let (mut give, mut get) = (Bundle::default(), Bundle::default());
    for field in fields.chunks(3) {
        let part: Part = field[0].parse()?;
        let item: Item = field[1].parse()?;
        let value = number(field[2])?;
        let bundle = if part == Part::Give { &mut give } else { &mut get };
        if value == 0 || value > item.total() || bundle.get(item) > 0 {
            return Err(bad(field[2], "a field set once, from 1 to the item's total"));
        }
        bundle.set(item, value);
    }
    Ok((give, get, send))
}

fn market_order(words: &[&str]) -> Result<Action, UnknownWord> {
    let [market, side, rest @ ..] = words else { return Err(bad(&words.join(" "), "a market and buy or sell")) };
    let market: Market = market.parse()?;
    let side: Side = side.parse()?;
    let lot = match (market, rest) {
        (Market::Grain, [q]) => Lot::Grain(small(q)?),
        (Market::Elephants, [q]) => Lot::Elephants(small(q)?),
        (Market::Shields, [a, b, c]) => Lot::Shields([small(a)?, small(b)?, small(c)?]),
        _ => return Err(bad(&rest.join(" "), "a quantity (three face counts for shields)")),
    };
    Ok(Action::MarketOrder { side, lot })
}

/// The first words of actions with parameters.
const HEADS: [&str; 17] = [
    "land_add",
    "land_color",
    "noble_place",
    "build_declare",
    "build_place",
    "shield_deploy",
    "bid",
    "trade_propose",
    "trade_counter",
    "trade_select",
    "market_order",
    "siege_marker",
    "siege_assign",
    "defend_assign",
    "remove_stone",
    "ransom_demand",
    "ransom_counter",
];

fn parse(words: &[&str]) -> Result<Action, UnknownWord> {
    let first = words.first().copied().unwrap_or_default();
    let head = HEADS.iter().find(|h| h.eq_ignore_ascii_case(first)).copied().unwrap_or(first);
    let rest = words.get(1..).unwrap_or_default();
    Ok(match (head, rest) {
        ("land_add", [cell]) => Action::LandAdd(cell.parse()?),
        ("land_color", [cell, colour]) => Action::LandColor(cell.parse()?, colour.parse()?),
        ("noble_place", [cell]) => Action::NoblePlace(cell.parse()?),
        ("build_declare", [c, n]) => Action::BuildDeclare { city: city(c)?, stones: small(n)? },
        ("build_place", [row]) => Action::BuildPlace(small(row)?),
        ("shield_deploy", [f, cell]) => Action::ShieldDeploy { face: face(f)?, cell: cell.parse()? },
        ("bid", [m]) => Action::Bid(number(m)?),
        ("trade_propose", [to, fields @ ..]) => {
            let to = if to.eq_ignore_ascii_case("all") { Recipient::All } else { Recipient::One(to.parse()?) };
            let (give, get, send) = bundles(fields)?;
            Action::TradePropose { to, give, get, send }
        }
        ("trade_counter", fields) => {
            let (give, get, send) = bundles(fields)?;
            Action::TradeCounter { give, get, send }
        }
        ("trade_select", [colour]) => Action::TradeSelect(colour.parse()?),
        ("market_order", rest) => market_order(rest)?,
        ("siege_marker", [target, cell]) => Action::SiegeMarker { target: target.parse()?, cell: cell.parse()? },
        ("siege_assign", [c, n]) => Action::SiegeAssign { city: city(c)?, elephants: small(n)? },
        ("defend_assign", [cell, f, c]) => Action::DefendAssign { cell: cell.parse()?, face: face(f)?, city: city(c)? },
        ("remove_stone", [row]) => Action::RemoveStone(small(row)?),
        ("ransom_demand", [m]) => Action::RansomDemand(number(m)?),
        ("ransom_counter", [m]) => Action::RansomCounter(number(m)?),
        (word, []) => {
            let known = Action::WORDS.into_iter().find(|a| a.word().is_some_and(|w| w.eq_ignore_ascii_case(word)));
            known.ok_or_else(|| bad(word, "an action"))?
        }
        _ => return Err(bad(&words.join(" "), "an action")),
    })
}

impl FromStr for Action {
    type Err = ParseActionError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        // The longest action (a bundle of 12 fields) has 39 words; no allocation is needed.
        let mut words = [""; 40];
        let mut n = 0;
        for word in s.split_whitespace() {
            if n == words.len() {
                n = 0;
                break;
            }
            words[n] = word;
            n += 1;
        }
        parse(&words[..n]).map_err(|why| {
            let ParseActionError { expected, .. } = why.into();
            ParseActionError { text: s.to_string(), expected: format!("{expected}; {EXPECTED}") }
        })
    }
}
