//! Score spread and tie-break frequencies over seeded random Gunslinger Gang games.
//!
//! `cargo run --release -p engines --example gunslinger_gang_stats [games]` (default 1,000;
//! the player count cycles 2, 3, 4 with the seed).

use std::collections::BTreeMap;
use std::time::Instant;

use engines::gunslinger_gang::{GunslingerGang, Options, View};
use engines::{Game, GameRng, Viewer, ai};

/// min / median / max of a sample.
fn spread(values: &mut [u32]) -> String {
    values.sort_unstable();
    match (values.first(), values.last()) {
        (Some(min), Some(max)) => format!("min {min}, median {}, max {max}", values[values.len() / 2]),
        _ => "none".to_string(),
    }
}

fn play(players: usize, seed: u64) -> (View, usize) {
    let mut game = GunslingerGang::setup(&Options::default(), players, GameRng::from_seed(seed)).expect("setup");
    let mut chooser = GameRng::from_seed(seed ^ 0xdead_beef);
    let (mut legal, mut events) = (Vec::new(), Vec::new());
    let mut actions = 0;
    while ai::random_move(&mut game, &mut chooser, &mut legal, &mut events).is_some() {
        actions += 1;
    }
    (game.view(Viewer::Public), actions)
}

fn main() {
    let games: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(1_000);
    let started = Instant::now();
    let (mut winners, mut losers, mut margins, mut lengths) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let mut first_place: BTreeMap<String, u32> = BTreeMap::new();
    let mut any_place: BTreeMap<String, u32> = BTreeMap::new();
    for seed in 0..games {
        let players = 2 + (seed % 3) as usize;
        let (view, actions) = play(players, seed);
        lengths.push(actions as u32);
        let result = view.result.expect("a finished game has a result");
        let lines = &result.lines;
        winners.push(lines[0].vp);
        losers.extend(lines[1..].iter().map(|l| l.vp));
        margins.push(lines[0].vp - lines[1].vp);
        *first_place.entry(format!("{:?}", result.breaks[0])).or_default() += 1;
        for decided in &result.breaks {
            *any_place.entry(format!("{decided:?}")).or_default() += 1;
        }
    }
    let elapsed = started.elapsed().as_secs_f64();
    println!(
        "{games} seeded random games (2/3/4 players in turn) in {elapsed:.2}s: {:.0} games/s",
        games as f64 / elapsed
    );
    println!("actions per game: {}", spread(&mut lengths));
    println!("winning score: {}", spread(&mut winners));
    println!("losing scores: {}", spread(&mut losers));
    println!("winning margin: {}", spread(&mut margins));
    let show = |title: &str, counts: &BTreeMap<String, u32>| {
        let total: u32 = counts.values().sum();
        let parts: Vec<String> =
            counts.iter().map(|(k, v)| format!("{k} {v} ({:.1}%)", 100.0 * f64::from(*v) / f64::from(total))).collect();
        println!("{title}: {}", parts.join(", "));
    };
    show("first place decided by", &first_place);
    show("every place decided by", &any_place);
}
