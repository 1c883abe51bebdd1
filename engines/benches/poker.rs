//! Poker evaluation speed: five- and seven-card hands from a fixed pseudo-random sample.
//!
//! `cargo bench -p engines --bench poker`; evaluations per second = hands per iteration
//! divided by the reported time.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use engines::GameRng;
use engines::parts::cards::{Card, CardSet, deck};
use engines::parts::poker::{evaluate, evaluate_set};

const HANDS: usize = 10_000;

fn sample(size: usize) -> Vec<Vec<Card>> {
    let mut rng = GameRng::from_seed(2024);
    (0..HANDS)
        .map(|_| {
            let mut cards = deck();
            rng.shuffle(&mut cards);
            cards.truncate(size);
            cards
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("poker");
    group.throughput(Throughput::Elements(HANDS as u64));
    for size in [5, 7, 10] {
        let hands = sample(size);
        group.bench_function(format!("evaluate {size} cards"), |b| {
            b.iter(|| hands.iter().map(|h| evaluate(black_box(h)).raw()).fold(0u32, u32::wrapping_add));
        });
    }
    let sets: Vec<CardSet> = sample(7).iter().map(|h| h.iter().copied().collect()).collect();
    group.bench_function("evaluate_set 7 cards", |b| {
        b.iter(|| sets.iter().map(|s| evaluate_set(black_box(*s)).raw()).fold(0u32, u32::wrapping_add));
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
