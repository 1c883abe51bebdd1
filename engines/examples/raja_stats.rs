//! How Raja games end, under two policies over the same seeded games (seed `s` seats
//! `2 + s % 4` players; invariants checked after every action):
//! - `random`: every pending seat chooses uniformly among its legal actions;
//! - `siege-minded`: a simple heuristic player that buys elephants (then grain, then shields)
//!   instead of trading, builds the largest walls it can pay for on the lowest rows, deploys
//!   its shields, always besieges with every elephant it may send, defends with every
//!   shield, takes the noble, and bids nothing. Ties, and choices it has no view on (setup,
//!   which tile to besiege), are drawn uniformly.
//!
//! `cargo run -p engines --release --example raja_stats [games]`

use std::collections::BTreeMap;
use std::time::Instant;

use engines::raja::{Action, EndReason, Event, Lot, Options, Raja, Side};
use engines::{Game, GameRng, Pending, Viewer};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Policy {
    Random,
    SiegeMinded,
}

/// How much the siege-minded player likes `action`; the best-liked legal action is played.
fn liking(action: &Action) -> i32 {
    match action {
        Action::MarketOrder { side: Side::Buy, lot: Lot::Elephants(q) } => 100 + i32::from(*q),
        Action::MarketOrder { side: Side::Buy, lot: Lot::Grain(q) } => 60 + i32::from(*q),
        Action::MarketOrder { side: Side::Buy, lot: Lot::Shields(_) } => 40,
        Action::BuildDeclare { stones, .. } => 30 + i32::from(*stones),
        Action::BuildPlace(row) => 20 - i32::from(*row),
        Action::ShieldDeploy { .. } => 25,
        Action::SiegeMarker { .. } => 20,
        Action::SiegeAssign { elephants, .. } => 20 + i32::from(*elephants),
        Action::SiegeLaunch => 19,
        Action::DefendAssign { .. } => 20,
        Action::NobleTake | Action::RansomAccept | Action::RemoveAuto => 30,
        Action::RansomPay => 20,
        Action::Bid(m) => 10 - i32::try_from(*m).unwrap_or(i32::MAX).min(10),
        Action::Pass
        | Action::CommerceEnd
        | Action::BuildingEnd
        | Action::TradeDecline
        | Action::TradeCancel
        | Action::FillDecline
        | Action::DefendConfirm
        | Action::RansomRefuse => 10,
        Action::TradePropose { .. } | Action::TradeCounter { .. } | Action::SiegeSkip | Action::DefendClear => -10,
        _ => 0,
    }
}

/// One action of `policy`; `None` when the game is over.
fn play(game: &mut Raja, policy: Policy, chooser: &mut GameRng, events: &mut Vec<Event>) -> Option<()> {
    let Pending::Deciding { must, .. } = game.pending() else { return None };
    let seats: Vec<_> = must.iter().collect();
    let seat = seats[chooser.index(seats.len())];
    let legal = game.legal_actions(seat);
    let pool: Vec<&Action> = match policy {
        Policy::Random => legal.iter().collect(),
        Policy::SiegeMinded => {
            let best = legal.iter().map(liking).max().unwrap_or(0);
            legal.iter().filter(|a| liking(a) == best).collect()
        }
    };
    let action = pool[chooser.index(pool.len())].clone();
    *events = game.apply(seat, &action).unwrap_or_else(|e| panic!("legal {action} refused: {e}"));
    Some(())
}

fn report(games: u64, policy: Policy, name: &str) {
    let mut reasons: BTreeMap<String, u64> = BTreeMap::new();
    let mut by_players: BTreeMap<usize, (u64, u64, u64, u64)> = BTreeMap::new();
    let mut happened: BTreeMap<&'static str, u64> = BTreeMap::new();
    let (mut turns, mut actions_total, mut actions_max) = (0u64, 0u64, 0u64);
    let start = Instant::now();
    for seed in 0..games {
        let players = 2 + (seed % 4) as usize;
        let mut game = Raja::setup(&Options::default(), players, GameRng::from_seed(seed)).expect("setup");
        let mut chooser = GameRng::from_seed(!seed);
        let mut actions = 0u64;
        let mut events = Vec::new();
        while play(&mut game, policy, &mut chooser, &mut events).is_some() {
            actions += 1;
            if let Err(e) = game.check_invariants() {
                panic!("{name} seed {seed} after {actions} actions: {e}");
            }
            for event in &events {
                let key = match event {
                    Event::NobleCaptured { .. } => "noble captured",
                    Event::RansomPaid { .. } => "ransom paid",
                    Event::Battle(_) => "city attacked",
                    Event::WallDestroyed { .. } => "wall destroyed by removal",
                    Event::Traded { .. } => "trade between players",
                    Event::Filled { .. } => "market order filled by a player",
                    Event::MarketTraded { .. } => "market order with the market",
                    Event::Placed { touch, .. } if touch.collapsed() => "collapse while building",
                    Event::GrainCheck(c) if c.toppled > 0 => "grain column toppled",
                    _ => continue,
                };
                *happened.entry(key).or_default() += 1;
            }
        }
        let view = game.view(Viewer::Public);
        let result = view.result.expect("the game ended");
        *reasons.entry(format!("{:?}", result.reason)).or_default() += 1;
        turns += u64::from(view.turn);
        actions_total += actions;
        actions_max = actions_max.max(actions);
        let entry = by_players.entry(players).or_default();
        entry.0 += 1;
        entry.1 += u64::from(view.turn);
        entry.2 += actions;
        entry.3 += u64::from(result.reason == EndReason::Threshold);
    }
    let secs = start.elapsed().as_secs_f64();
    println!("policy {name}: {games} games in {secs:.1} s ({:.0} games/s)", games as f64 / secs);
    println!("end conditions:");
    for (reason, count) in &reasons {
        println!("  {reason:<14} {count:>5}  ({:.1}%)", 100.0 * *count as f64 / games as f64);
    }
    println!("turns per game: {:.2} on average", turns as f64 / games as f64);
    println!("actions per game: {:.0} on average, {actions_max} at most", actions_total as f64 / games as f64);
    for (players, (count, t, a, threshold)) in &by_players {
        println!(
            "  {players} players: {count} games, {:.2} turns, {:.0} actions, threshold {:.1}%",
            *t as f64 / *count as f64,
            *a as f64 / *count as f64,
            100.0 * *threshold as f64 / *count as f64
        );
    }
    println!("what happened, per game:");
    for (what, count) in &happened {
        println!("  {what:<34} {:>8.2}", *count as f64 / games as f64);
    }
    println!();
}

fn main() {
    let games: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(1_000);
    report(games, Policy::Random, "random");
    report(games, Policy::SiegeMinded, "siege-minded");
}
