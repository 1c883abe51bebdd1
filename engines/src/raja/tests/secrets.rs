//! Hidden information (§5, R5, R47): cash behind the blinder, the bank, setups until they are
//! revealed, and the random source, checked over whole random games and at chosen moments.

use serde_json::Value;

use super::fixture::{A, B, C, Fx};
use crate::game::{Audience, Game, Pending, Seat, Viewer};
use crate::raja::events::Event;
use crate::raja::state::{Options, Phase, Raja, Step};
use crate::rng::GameRng;

/// Every key path in `json` whose last key is `key`.
fn keys_named(json: &Value, key: &str, path: &str, out: &mut Vec<String>) {
    match json {
        Value::Object(map) => {
            for (k, v) in map {
                let here = format!("{path}.{k}");
                if k == key && !v.is_null() {
                    out.push(here.clone());
                }
                keys_named(v, key, &here, out);
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                keys_named(v, key, &format!("{path}[{i}]"), out);
            }
        }
        _ => {}
    }
}

fn paths(view: &impl serde::Serialize, key: &str) -> Vec<String> {
    let mut out = Vec::new();
    keys_named(&serde_json::to_value(view).expect("view serialises"), key, "", &mut out);
    out
}

/// Plays random legal actions, checking after each one what every reader may see.
fn play_and_check(seed: u64, players: usize) {
    let mut game = Raja::setup(&Options::default(), players, GameRng::from_seed(seed)).expect("set up");
    let mut chooser = GameRng::from_seed(seed ^ 0xb1ad);
    let rng_text = |g: &Raja| serde_json::to_string(&g.rng).expect("rng serialises");
    for _ in 0..Raja::MAX_ACTIONS {
        let Pending::Deciding { must, .. } = game.pending() else { break };
        let seats: Vec<Seat> = must.iter().collect();
        let seat = seats[chooser.index(seats.len())];
        let legal = game.legal_actions(seat);
        let action = legal[chooser.index(legal.len())].clone();
        let events = game.apply(seat, &action).expect("a legal action applies");
        let over = game.phase == Phase::Over;
        for event in &events {
            match event {
                // R5: a purse is told to its owner alone.
                Event::Purse { seat, .. } => assert_eq!(crate::raja::events::audience(event), Audience::seat(*seat)),
                Event::GameEnded { .. } => assert_eq!(crate::raja::events::audience(event), Audience::Public),
                _ => {
                    let json = serde_json::to_string(event).expect("event serialises");
                    assert!(!json.contains("\"cash\""), "{event:?} carries cash");
                    assert!(!json.contains("\"bank\""), "{event:?} carries the bank");
                }
            }
        }
        // The public view: no cash, no bank, no random source until the end.
        let public = game.view(Viewer::Public);
        assert!(public.me.is_none());
        if !over {
            assert!(paths(&public, "cash").is_empty(), "public cash at {:?}", paths(&public, "cash"));
            assert!(paths(&public, "bank").is_empty());
        }
        let public_text = serde_json::to_string(&public).expect("view serialises");
        assert!(!public_text.contains(&rng_text(&game)));
        // A seat's view: its own cash, nobody else's.
        for s in game.seats() {
            let view = game.view(Viewer::Seat(s));
            let me = view.me.as_ref().expect("a seat sees its own panel");
            assert_eq!((me.seat, me.cash), (s, game.player(s).cash));
            if !over {
                assert_eq!(paths(&view, "cash"), [".me.cash"], "only the own cash");
                for other in game.seats().filter(|o| *o != s) {
                    assert!(!serde_json::to_string(&view).expect("view").contains(&game.blinder(other)));
                }
            }
        }
    }
    assert!(game.phase == Phase::Over, "seed {seed}: the game ended");
}

#[test]
fn random_games_never_show_cash_bank_or_dice_to_the_wrong_reader() {
    for seed in 0..4 {
        play_and_check(seed, 2 + (seed as usize % 4));
    }
}

#[test]
fn setup_stays_private_until_every_player_is_done() {
    // R47: A finishes first; B still sees no land of A's, and A's steps were A's alone.
    let mut game = Raja::setup(&Options::default(), 2, GameRng::from_seed(7)).expect("set up");
    let events = game.apply(A, &"timeout".parse().expect("action")).expect("A's default setup");
    for event in &events {
        let expected = if matches!(event, Event::SetupDone { .. }) { Audience::Public } else { Audience::seat(A) };
        assert_eq!(crate::raja::events::audience(event), expected, "{event:?}");
    }
    assert!(events.iter().any(|e| matches!(e, Event::Placed { .. })), "the walls were built");
    let fx = Fx { game };
    let seen = fx.view_of(B);
    assert!(seen.players.iter().all(|p| p.board.is_none()), "no board during setup");
    let own = fx.view_of(A).me.and_then(|me| me.setup).map(|(_, sketch)| sketch);
    assert_eq!(own.as_deref(), Some(fx.game.setup_sketch(A).as_str()), "A sees its own sketch");
    let text = serde_json::to_string(&seen).expect("view");
    assert!(!text.contains(&fx.game.setup_sketch(A)));
}

#[test]
fn a_refusal_for_lack_of_cash_is_an_error_to_the_actor_and_changes_nothing() {
    let mut fx = Fx::new(3);
    fx.segment(A, Step::Commerce).cash(A, 10);
    let error = fx.refused(A, "market_order elephants buy 1");
    assert!(error.message.contains("$14"));
    let error = fx.refused(A, "trade_propose Green give money 011 get elephants 1 send");
    assert_eq!(error.ruling, Some("R15"));
    // The menus offer only what A can afford: elephants cannot be bought at all.
    assert!(!fx.options(A, "").iter().any(|o| o == "market_order elephants buy"), "{:?}", fx.options(A, ""));
    // Every seat is still asked in the auction whatever its cash (§4.2): C with $0 may pass.
    let mut fx = Fx::new(3);
    fx.cash(C, 0);
    fx.ok(A, "bid 005");
    fx.ok(B, "pass");
    assert_eq!(fx.game.pending().must_seats().iter().collect::<Vec<_>>(), [C]);
    assert_eq!(fx.options(C, ""), ["pass"]);
}

/// A ledger kept from the public announcements alone, as a diligent player keeps it (§5): who
/// paid whom how much. Every change of cash is one of these events.
fn post(ledger: &mut [i64], event: &Event) {
    use crate::raja::market::Side;
    let mut pay = |from: Option<Seat>, to: Option<Seat>, amount: u32| {
        for (seat, sign) in [(from, -1), (to, 1)] {
            if let Some(seat) = seat {
                ledger[seat.index()] += sign * i64::from(amount);
            }
        }
    };
    match event {
        // R12: the winner pays the bank.
        Event::AuctionWon { seat, amount } => pay(Some(*seat), None, *amount),
        // §4.3: a filled order moves its cost between the active player and the filler.
        Event::Filled { seat, filler, side: Side::Buy, cost, .. } => pay(Some(*seat), Some(*filler), *cost),
        Event::Filled { seat, filler, side: Side::Sell, cost, .. } => pay(Some(*filler), Some(*seat), *cost),
        // §4.3: nobody filled, so the bank did.
        Event::MarketTraded { seat, side: Side::Buy, cost, .. } => pay(Some(*seat), None, *cost),
        Event::MarketTraded { seat, side: Side::Sell, cost, .. } => pay(None, Some(*seat), *cost),
        // R15: a trade's money goes both ways.
        Event::Traded { seat, partner, gave, got } => {
            pay(Some(*seat), Some(*partner), gave.money);
            pay(Some(*partner), Some(*seat), got.money);
        }
        // §4.6 step 6.
        Event::RansomPaid { seat, to, amount, .. } => pay(Some(*seat), Some(*to), *amount),
        _ => {}
    }
}

/// §5: "a diligent player can reconstruct cash". Along random games of every size, a ledger
/// that starts every purse at $75 (§3 step 2) and reads only public events always equals every
/// purse, so cash is hidden from the careless reader, not from a seat with a memory, and a
/// computer's drawn worlds may keep it (determinize.rs).
#[test]
fn every_purse_follows_from_the_public_announcements() {
    use crate::raja::state::START_CASH;
    let mut moved = 0;
    for seed in 0..12 {
        let players = 2 + (seed as usize % 4);
        let mut game = Raja::setup(&Options::default(), players, GameRng::from_seed(seed)).expect("set up");
        let mut chooser = GameRng::from_seed(seed ^ 0x1ed9);
        let mut ledger = vec![i64::from(START_CASH); players];
        let (mut actions, mut events) = (Vec::new(), Vec::new());
        while crate::ai::random_move(&mut game, &mut chooser, &mut actions, &mut events).is_some() {
            for event in events.iter().filter(|e| crate::raja::events::audience(e) == Audience::Public) {
                post(&mut ledger, event);
            }
            let purses: Vec<i64> = game.seats().map(|s| i64::from(game.player(s).cash)).collect();
            assert_eq!(ledger, purses, "seed {seed}: the public record and the purses part after {events:?}");
            moved += usize::from(events.iter().any(|e| matches!(e, Event::Purse { .. })));
        }
        assert!(game.phase == Phase::Over, "seed {seed}: the game ended");
    }
    assert!(moved > 100, "money changed hands only {moved} times");
}
