//! How random Martian Gunslinger games end: 1,000 seeded games (seed `s` seats
//! `2 + s % 3` players), every pending seat choosing uniformly among its legal actions.
//!
//! `cargo run -p engines --release --example gunslinger_stats [games]`

use std::collections::BTreeMap;
use std::time::Instant;

use engines::martian_gunslinger::{ContestWhy, Event, MartianGunslinger, Options, event_title};
use engines::{Game, GameRng, Viewer, ai};

fn main() {
    let games: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(1_000);
    let mut reasons: BTreeMap<String, u64> = BTreeMap::new();
    let mut by_players: BTreeMap<usize, (u64, u64)> = BTreeMap::new();
    let mut happened: BTreeMap<String, u64> = BTreeMap::new();
    let (mut rounds, mut actions_total, mut actions_max) = (0u64, 0u64, 0u64);
    let start = Instant::now();
    for seed in 0..games {
        let players = 2 + (seed % 3) as usize;
        let mut game = MartianGunslinger::setup(&Options::default(), players, GameRng::from_seed(seed)).expect("setup");
        let mut chooser = GameRng::from_seed(!seed);
        let mut actions = 0u64;
        let (mut legal, mut events) = (Vec::new(), Vec::new());
        while ai::random_move(&mut game, &mut chooser, &mut legal, &mut events).is_some() {
            for event in events.drain(..) {
                let key = match event {
                    Event::EventRevealed { card, .. } => format!("event: {}", event_title(card.rank)),
                    Event::Attempted { scored, .. } => format!("plotpoint attempt (scored: {scored})"),
                    Event::ContestBegan { why: ContestWhy::Attack, .. } => "piece attack".to_string(),
                    Event::HandCardPlayed { play, .. } => format!("hand card: {}", play.card.rank.word()),
                    Event::MayorElected { .. } => "mayor elected".to_string(),
                    Event::TycoonResolved { .. } => "tycoon resolved".to_string(),
                    Event::JudgePaid { .. } => "judge paid".to_string(),
                    Event::Reshuffled { .. } => "reshuffle".to_string(),
                    _ => continue,
                };
                *happened.entry(key).or_default() += 1;
            }
            actions += 1;
        }
        let view = game.view(Viewer::Public);
        *reasons.entry(format!("{:?}", view.end.expect("ended"))).or_default() += 1;
        rounds += u64::from(view.round);
        actions_total += actions;
        actions_max = actions_max.max(actions);
        let entry = by_players.entry(players).or_default();
        entry.0 += 1;
        entry.1 += u64::from(view.round);
    }
    let secs = start.elapsed().as_secs_f64();
    println!("{games} random games in {secs:.1} s ({:.0} games/s)", games as f64 / secs);
    println!("end conditions:");
    for (reason, count) in &reasons {
        println!("  {reason:<14} {count:>5}  ({:.1}%)", 100.0 * *count as f64 / games as f64);
    }
    println!("average rounds: {:.2}", rounds as f64 / games as f64);
    for (players, (count, r)) in &by_players {
        println!("  {players} players: {count} games, {:.2} rounds on average", *r as f64 / *count as f64);
    }
    println!("actions per game: {:.0} on average, {actions_max} at most", actions_total as f64 / games as f64);
    println!("what happened, per game:");
    for (what, count) in &happened {
        println!("  {what:<34} {:>8.2}", *count as f64 / games as f64);
    }
}
