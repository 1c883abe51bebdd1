//! Raja random-playout throughput: whole games (3 players, default options, private setups
//! included) with uniformly random legal actions, and the same expressed in actions.
//!
//! `cargo bench -p engines --bench raja`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use engines::raja::{Options, Raja};
use engines::{Game, GameRng, ai};

/// Plays one game to the end; returns the number of actions applied.
fn playout(players: usize, seed: u64, actions: &mut Vec<<Raja as Game>::Action>) -> u64 {
    let mut game = Raja::setup(&Options::default(), players, GameRng::from_seed(seed)).expect("setup");
    let mut chooser = GameRng::from_seed(!seed);
    let mut events = Vec::new();
    let mut applied = 0;
    while ai::random_move(&mut game, &mut chooser, actions, &mut events).is_some() {
        applied += 1;
    }
    applied
}

fn bench(c: &mut Criterion) {
    let mut actions = Vec::new();
    let sample: u64 = (0..200).map(|s| playout(3, s, &mut actions)).sum();
    let per_game = sample / 200;
    println!("raja: {per_game} actions per random 3-player game on average");
    let mut group = c.benchmark_group("raja");
    group.sample_size(20);
    group.throughput(Throughput::Elements(1));
    let mut seed = 0u64;
    group.bench_function("random game (3 players)", |b| {
        b.iter(|| {
            seed += 1;
            black_box(playout(3, seed, &mut actions))
        });
    });
    group.throughput(Throughput::Elements(per_game));
    group.bench_function("actions (per random 3-player game)", |b| {
        b.iter(|| {
            seed += 1;
            black_box(playout(3, seed, &mut actions))
        });
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
