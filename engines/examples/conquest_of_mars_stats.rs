//! How seeded random Conquest of Mars games end, and how long they last.
//!
//! `cargo run --release -p engines --example conquest_of_mars_stats [games] [d6_only]`
//! (default 1,000 games with mixed dice; the player count cycles 2, 3, 4 with the seed).

use std::collections::BTreeMap;
use std::time::Instant;

use engines::conquest_of_mars::{ConquestOfMars, DiceMix, EndReason, Event, Options};
use engines::{Game, GameRng, ai};

/// What one game came to.
struct Played {
    end: &'static str,
    rounds: u32,
    actions: u32,
    attacks: u32,
    exchanges: u32,
}

fn play(options: &Options, players: usize, seed: u64) -> Played {
    let mut game = ConquestOfMars::setup(options, players, GameRng::from_seed(seed)).expect("setup");
    let mut chooser = GameRng::from_seed(seed ^ 0x00c0_ffee);
    let (mut legal, mut events) = (Vec::new(), Vec::new());
    let mut played = Played { end: "other", rounds: 0, actions: 0, attacks: 0, exchanges: 0 };
    while ai::random_move(&mut game, &mut chooser, &mut legal, &mut events).is_some() {
        played.actions += 1;
        for event in &events {
            match event {
                Event::AttackDeclared { .. } => played.attacks += 1,
                Event::Exchange { .. } => played.exchanges += 1,
                Event::GameEnded { reason, .. } => {
                    played.end = match reason {
                        EndReason::NineOnBoard(_) => "ninth pyramid",
                        EndReason::RoundCap => "round cap",
                        EndReason::LastStanding(_) => "last standing",
                    };
                }
                _ => {}
            }
        }
    }
    played.rounds = u32::from(game.view(engines::Viewer::Public).round);
    played
}

fn mean(values: impl Iterator<Item = u32>, n: u64) -> f64 {
    values.map(f64::from).sum::<f64>() / n as f64
}

fn main() {
    let games: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(1_000);
    let d6 = std::env::args().nth(2).is_some_and(|a| a == "d6_only");
    let options = Options { dice_mix: if d6 { DiceMix::D6Only } else { DiceMix::Mixed }, ..Options::default() };
    let started = Instant::now();
    let results: Vec<Played> = (0..games).map(|seed| play(&options, 2 + (seed % 3) as usize, seed)).collect();
    let elapsed = started.elapsed().as_secs_f64();
    println!("{games} seeded random games ({:?}, 2/3/4 players in turn) in {elapsed:.2}s", options.dice_mix);
    let mut ends: BTreeMap<&str, u32> = BTreeMap::new();
    for played in &results {
        *ends.entry(played.end).or_default() += 1;
    }
    let shown: Vec<String> = ends
        .iter()
        .map(|(end, count)| format!("{end} {count} ({:.1}%)", 100.0 * f64::from(*count) / games as f64))
        .collect();
    println!("ends: {}", shown.join(", "));
    println!("mean rounds per game: {:.1}", mean(results.iter().map(|p| p.rounds), games));
    println!("mean actions per game: {:.1}", mean(results.iter().map(|p| p.actions), games));
    println!("max actions in a game: {}", results.iter().map(|p| p.actions).max().unwrap_or(0));
    println!("mean attacks per game: {:.1}", mean(results.iter().map(|p| p.attacks), games));
    println!("mean exchanges per game: {:.1}", mean(results.iter().map(|p| p.exchanges), games));
}
