//! Conquest of Mars random-playout throughput: whole games (2 and 4 players, default options,
//! and 4 players with d6 only) with uniformly random legal actions, and the same expressed in
//! actions.
//!
//! `cargo bench -p engines --bench conquest_of_mars`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use engines::conquest_of_mars::{ConquestOfMars, DiceMix, Options};
use engines::{Game, GameRng, ai};

type Action = <ConquestOfMars as Game>::Action;

/// Plays one game to the end; returns the number of actions applied.
fn playout(options: &Options, players: usize, seed: u64, actions: &mut Vec<Action>) -> u64 {
    let mut game = ConquestOfMars::setup(options, players, GameRng::from_seed(seed)).expect("setup");
    let mut chooser = GameRng::from_seed(!seed);
    let mut events = Vec::new();
    let mut applied = 0;
    while ai::random_move(&mut game, &mut chooser, actions, &mut events).is_some() {
        applied += 1;
    }
    applied
}

fn bench(c: &mut Criterion) {
    let mixed = Options::default();
    let d6 = Options { dice_mix: DiceMix::D6Only, ..Options::default() };
    let cases = [("2 players", &mixed, 2), ("4 players", &mixed, 4), ("4 players, d6 only", &d6, 4)];
    let mut actions = Vec::new();
    let mut group = c.benchmark_group("conquest-of-mars");
    group.sample_size(20);
    for (name, options, players) in cases {
        let sample: u64 = (0..100).map(|s| playout(options, players, s, &mut actions)).sum();
        let per_game = sample / 100;
        println!("conquest-of-mars {name}: {per_game} actions per random game on average");
        let mut seed = 0u64;
        group.throughput(Throughput::Elements(1));
        group.bench_function(format!("random game ({name})"), |b| {
            b.iter(|| {
                seed += 1;
                black_box(playout(options, players, seed, &mut actions))
            });
        });
        group.throughput(Throughput::Elements(per_game));
        group.bench_function(format!("actions (per random game, {name})"), |b| {
            b.iter(|| {
                seed += 1;
                black_box(playout(options, players, seed, &mut actions))
            });
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
