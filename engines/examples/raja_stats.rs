//! How random Raja games end: seeded games (seed `s` seats `2 + s % 4` players), every
//! pending seat choosing uniformly among its legal actions; invariants checked after every
//! action.
//!
//! `cargo run -p engines --release --example raja_stats [games]`

use std::collections::BTreeMap;
use std::time::Instant;

use engines::raja::{EndReason, Event, Options, Raja};
use engines::{Game, GameRng, Viewer, ai};

fn main() {
    let games: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(1_000);
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
        let (mut legal, mut events) = (Vec::new(), Vec::new());
        while ai::random_move(&mut game, &mut chooser, &mut legal, &mut events).is_some() {
            actions += 1;
            if let Err(e) = game.check_invariants() {
                panic!("seed {seed} after {actions} actions: {e}");
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
    println!("{games} random games in {secs:.1} s ({:.0} games/s)", games as f64 / secs);
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
}
