//! Random-playout throughput: whole default matches, and single moves, on one core.
//! A move = list the legal actions, choose one at random, apply it.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use engines::martian_12s::{Martian12s, Options};
use engines::{Game, GameRng, ai};

/// Plays one match to the end with uniformly random moves; returns the number of moves.
fn playout<G: Game>(
    options: &G::Options,
    players: usize,
    seed: u64,
    actions: &mut Vec<G::Action>,
    events: &mut Vec<G::Event>,
) -> u64 {
    let Ok(mut game) = G::setup(options, players, GameRng::from_seed(seed)) else { return 0 };
    let mut chooser = GameRng::from_seed(!seed);
    let mut moves = 0;
    while ai::random_move(&mut game, &mut chooser, actions, events).is_some() {
        moves += 1;
    }
    moves
}

fn martian_12s(c: &mut Criterion) {
    let options = Options::default();
    let (mut actions, mut events) = (Vec::new(), Vec::new());
    // Moves per match, to express throughput in moves.
    let sample: u64 = (0..1_000).map(|s| playout::<Martian12s>(&options, 3, s, &mut actions, &mut events)).sum();
    let per_match = sample / 1_000;
    println!("martian-12s: {per_match} moves per default 3-player match on average");

    let mut group = c.benchmark_group("martian-12s");
    group.throughput(Throughput::Elements(1));
    let mut seed = 0u64;
    group.bench_function("match (3 players, defaults)", |b| {
        b.iter(|| {
            seed += 1;
            black_box(playout::<Martian12s>(&options, 3, seed, &mut actions, &mut events))
        });
    });
    group.throughput(Throughput::Elements(per_match));
    group.bench_function("moves (per match)", |b| {
        b.iter(|| {
            seed += 1;
            black_box(playout::<Martian12s>(&options, 3, seed, &mut actions, &mut events))
        });
    });
    group.finish();
}

criterion_group!(benches, martian_12s);
criterion_main!(benches);
