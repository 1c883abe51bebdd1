//! Random playouts of Gunslinger Gang: whole games per second, by player count.
//!
//! `cargo bench -p engines --bench gunslinger_gang`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use engines::gunslinger_gang::{GunslingerGang, Options};
use engines::{Game, GameRng, ai};

/// One seeded game to the end with uniformly random legal actions; returns the actions taken.
fn playout(players: usize, seed: u64) -> usize {
    let mut game = GunslingerGang::setup(&Options::default(), players, GameRng::from_seed(seed)).expect("setup");
    let mut chooser = GameRng::from_seed(!seed);
    let (mut actions, mut events) = (Vec::new(), Vec::new());
    let mut taken = 0;
    while ai::random_move(&mut game, &mut chooser, &mut actions, &mut events).is_some() {
        taken += 1;
    }
    taken
}

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("gunslinger_gang_playout");
    group.throughput(Throughput::Elements(1));
    for players in 2..=4 {
        let mut seed = 0u64;
        group.bench_function(format!("{players}p"), |b| {
            b.iter(|| {
                seed += 1;
                black_box(playout(players, seed))
            });
        });
    }
    group.finish();
}

criterion_group!(benches, playouts);
criterion_main!(benches);
