//! Scenarios S06, S07 and S15 of `rules/raja.scenarios.md`: markets, trades and the entry
//! steps.

use super::fixture::{A, B, C, Fx};
use crate::game::{Audience, Game};
use crate::raja::events::Event;
use crate::raja::state::{Phase, Step};

/// S06 — Market trades with the bank, price clamps (R16, R17, R19).
#[test]
fn s06_market_trades_and_price_clamps() {
    let mut fx = Fx::new(3);
    fx.segment(A, Step::Commerce).cash(A, 30).shields(A, [0, 1, 0]);
    for (seat, city, h) in [(B, 1, 8), (B, 2, 8), (B, 3, 4), (C, 1, 8), (C, 2, 8), (C, 3, 4)] {
        fx.column(seat, city, h);
    }
    fx.game.prices = [5, 6, 14];
    assert_eq!(fx.game.grain_pile, 10);
    let bank = fx.game.bank;
    // 1. Two grain from the market: nobody fills; the price stays at its maximum.
    fx.ok(A, "market_order grain buy 02");
    assert_eq!(fx.game.pending().must_seats().len(), 2, "B and C are asked");
    fx.ok(B, "fill_decline");
    let events = fx.ok(C, "fill_decline");
    assert!(events.iter().any(|e| matches!(e, Event::MarketTraded { cost: 10, price: 5, .. })));
    assert_eq!((fx.game.grain_pile, fx.height(A, 1), fx.height(A, 2), fx.height(A, 3)), (8, 1, 1, 0));
    // 2. R16: a 2-shield is two items; the price stays at its minimum.
    fx.ok(A, "market_order shields sell 0 1 0");
    fx.ok(B, "fill_decline");
    fx.ok(C, "fill_decline");
    assert_eq!(fx.cash_of(A), 32);
    assert_eq!(fx.game.shield_stock[1], 10 - 3, "face-2 stock +1 (three still deployed)");
    assert_eq!(fx.game.prices, [5, 6, 14]);
    // 3. R19: one order per market and turn; an order above cash is refused privately.
    assert_eq!(fx.refused(A, "market_order shields buy 0 0 1").ruling, Some("R19"));
    let private = fx.refused(A, "market_order elephants buy 3");
    assert!(private.message.contains("$42"));
    assert_eq!((fx.cash_of(A), fx.game.bank), (32, bank + 10 - 12));
    assert_eq!(fx.game.players[0].shields, [0, 0, 0]);
}

/// S07 — Trade proposal, counter, limits (R14, R15).
#[test]
fn s07_trade_proposal_counter_and_limits() {
    let mut fx = Fx::new(3);
    fx.segment(A, Step::Commerce).cash(A, 40).cash(B, 30).cash(C, 20).elephants(B, 2).elephants(C, 1);
    let prices = fx.game.prices;
    // 1. Proposal 1 to everyone; B counters, C declines; A picks B's counter.
    fx.ok(A, "trade_propose all give money 010 get elephants 1 send");
    assert!(fx.game.pending().may_seats().contains(A), "the proposer may withdraw meanwhile");
    fx.ok(B, "trade_counter give elephants 1 get money 014 send");
    fx.ok(C, "trade_decline");
    fx.refused(A, "trade_select Green");
    let events = fx.ok(A, "trade_select White");
    assert!(events.iter().all(|e| match e {
        Event::Purse { seat, .. } => crate::raja::events::audience(e) == Audience::seat(*seat),
        _ => crate::raja::events::audience(e) == Audience::Public,
    }));
    assert_eq!((fx.cash_of(A), fx.game.players[0].elephants), (26, 1));
    assert_eq!((fx.cash_of(B), fx.game.players[1].elephants), (44, 1));
    // 2. A cannot offer more than it holds (told privately); proposal 2 to C is accepted.
    let private = fx.refused(A, "trade_propose Green give money 030 get elephants 1 send");
    assert_eq!(private.ruling, Some("R15"));
    fx.ok(A, "trade_propose Green give money 012 get elephants 1 send");
    fx.ok(C, "trade_accept");
    fx.ok(A, "trade_select Green");
    assert_eq!((fx.cash_of(A), fx.game.players[0].elephants), (14, 2));
    assert_eq!((fx.cash_of(C), fx.game.players[2].elephants), (32, 0));
    // 3. Proposal 3 asks for grain nobody holds: B cannot accept; both decline.
    fx.ok(A, "trade_propose all give money 001 get grain 01 send");
    fx.refused(B, "trade_accept");
    fx.ok(B, "trade_decline");
    fx.ok(C, "trade_decline");
    assert!(matches!(fx.game.step(), Some(Step::Commerce)));
    // 4. R14: three proposals a segment.
    assert_eq!(fx.refused(A, "trade_propose White give money 001 get elephants 1 send").ruling, Some("R14"));
    assert_eq!(fx.game.players.iter().map(|p| p.cash).sum::<u32>() + fx.game.bank, 775);
    assert_eq!(fx.game.prices, prices);
    assert_eq!(fx.game.grain_pile, 50);
}

/// S15 — Entry steps, forced pass, bounded drafts (R44, R45, R11).
#[test]
fn s15_entry_steps_forced_pass_and_bounded_drafts() {
    let mut fx = Fx::new(3);
    fx.cash(A, 40).cash(B, 30).cash(C, 10);
    assert_eq!(fx.game.bank, 695);
    // 1. The opener may only bid; 0..40 is entered as tens (0–4), then units.
    assert_eq!(fx.options(A, ""), ["bid"]);
    assert_eq!(fx.options(A, "bid"), ["00", "01", "02", "03", "04"]);
    assert_eq!(fx.options(A, "bid 00"), ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"]);
    assert!(fx.game.choices(A, "bid 007").complete);
    let events = fx.ok(A, "bid 007");
    assert_eq!(events, [Event::Bid { seat: A, amount: 7 }]);
    // 2. B: bid or pass; 8..30 is one step of 23 values.
    assert_eq!(fx.options(B, ""), ["bid", "pass"]);
    let step = fx.options(B, "bid");
    assert_eq!(step.len(), 23);
    assert_eq!((step[0].as_str(), step[22].as_str()), ("008", "030"));
    fx.ok(B, "bid 030");
    // 3. C (cash 10 ≤ 30) may only pass, though it is asked like everyone.
    assert_eq!(fx.options(C, ""), ["pass"]);
    fx.ok(C, "pass");
    // 4. A's amounts are 31..40 in one step; A times out: the draft is gone and A passes.
    assert_eq!(fx.options(A, "bid").len(), 10);
    fx.ok(A, "timeout");
    assert_eq!(fx.cash_of(B), 0);
    // 5. B, with nothing to sell and no cash, may only propose or end commerce.
    assert!(matches!(fx.game.phase, Phase::Segment(_)));
    assert_eq!(fx.options(B, ""), ["trade_propose all", "trade_propose Black", "trade_propose Green", "commerce_end"]);
    let fields = fx.options(B, "trade_propose all");
    assert_eq!(fields, ["get money", "get grain", "get elephants", "get s1", "get s2", "get s3", "discard"]);
    // One step 1..10 ("10" is listed before "1", which it starts with, so that a path
    // matched in order never stops short).
    let mut count: Vec<u32> =
        fx.options(B, "trade_propose all get elephants").iter().map(|t| t.parse().expect("n")).collect();
    count.sort_unstable();
    assert_eq!(count, (1..=10).collect::<Vec<_>>());
    // Ten, the longest value, is whole too: the next fields, send and discard follow it.
    let ten = fx.options(B, "trade_propose all get elephants 10");
    assert!(ten.contains(&"send".to_string()) && ten.contains(&"get money".to_string()), "{ten:?}");
    let next = fx.options(B, "trade_propose all get elephants 2");
    assert!(next.contains(&"send".to_string()) && next.contains(&"discard".to_string()));
    assert!(!next.contains(&"get elephants".to_string()));
    fx.ok(B, "trade_propose all get elephants 2 discard");
    assert_eq!(fx.game.segment().map(|s| s.proposals), Some(1), "R45: a discarded draft counts");
    // 6. A discards its counter draft: only accept and decline remain.
    fx.ok(B, "trade_propose Black get money 005 send");
    assert!(fx.options(A, "trade_counter").contains(&"give money".to_string()));
    let give_money = fx.game.choices(A, "trade_counter");
    assert!(give_money.options.iter().any(|c| c.label == "Give money ($1–$40)"));
    fx.ok(A, "trade_counter discard");
    assert_eq!(fx.options(A, ""), ["trade_accept", "trade_decline"]);
    fx.ok(A, "trade_decline");
    // 7. Proposal 3, declined; then only commerce_end is left.
    fx.ok(B, "trade_propose Green get money 001 send");
    fx.ok(C, "trade_decline");
    assert_eq!(fx.options(B, ""), ["commerce_end"]);
    assert_eq!((fx.cash_of(A), fx.cash_of(B), fx.cash_of(C), fx.game.bank), (40, 0, 10, 725));
    assert_eq!(fx.draws_left(), 0);
}
