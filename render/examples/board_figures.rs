//! The tallest picture and the largest file of every game, player count and audience (the
//! public board, a seat's own) along seeded random games: the figures the limits test
//! (`tests/limits.rs`) holds to 1,600 px and 100 KB.
//!
//! `cargo run --release -p render --example board_figures -- [games per table] [every nth decision] [game]`
//! (defaults 3, 4 and every game; `game` as `raja`).

#[path = "../tests/common/mod.rs"]
mod common;

use std::collections::BTreeMap;
use std::time::Instant;

use common::walk::{tables, walk};

#[derive(Default)]
struct Figures {
    pictures: usize,
    tallest: (u32, String),
    largest: (usize, String),
    over_height: usize,
    over_size: usize,
    slowest: f64,
    total_ms: f64,
}

fn main() {
    let only = std::env::args().nth(3);
    let mut args = std::env::args().skip(1).take(2).map(|a| a.parse::<u64>().expect("a number"));
    let games = args.next().unwrap_or(3);
    let every = args.next().unwrap_or(4) as usize;
    let mut figures: BTreeMap<(String, usize, &'static str), Figures> = BTreeMap::new();
    for (kind, players) in tables().into_iter().filter(|(kind, _)| only.as_deref().is_none_or(|id| id == kind.id())) {
        let names = common::names(players);
        for seed in 0..games {
            walk(kind, players, seed, every, |stop| {
                let start = Instant::now();
                let png = render::board_png(&stop.view, &names).expect("renders");
                let ms = start.elapsed().as_secs_f64() * 1e3;
                let height = u32::from_be_bytes([png[20], png[21], png[22], png[23]]);
                let entry = figures.entry((kind.id().to_string(), players, stop.audience())).or_default();
                entry.pictures += 1;
                entry.total_ms += ms;
                entry.slowest = entry.slowest.max(ms);
                entry.over_height += usize::from(height > 1600);
                entry.over_size += usize::from(png.len() > 100_000);
                if height > entry.tallest.0 {
                    entry.tallest = (height, stop.label());
                }
                if png.len() > entry.largest.0 {
                    entry.largest = (png.len(), stop.label());
                }
            });
        }
    }
    println!(
        "| game | players | view | pictures | tallest px | over 1,600 px | largest KB | over 100 KB | mean ms | slowest ms |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|");
    for ((game, players, audience), f) in &figures {
        println!(
            "| {game} | {players} | {audience} | {} | {} | {} | {:.1} | {} | {:.1} | {:.1} |",
            f.pictures,
            f.tallest.0,
            f.over_height,
            f.largest.0 as f64 / 1000.0,
            f.over_size,
            f.total_ms / f.pictures as f64,
            f.slowest
        );
    }
    println!();
    for ((game, players, audience), f) in &figures {
        println!("{game} {players}p {audience}: tallest at {}; largest at {}", f.tallest.1, f.largest.1);
    }
}
