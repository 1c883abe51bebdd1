//! Walks seeded random games of one game and shows what the limits test finds: every problem
//! counted by kind, the first few in full, and the pictures that have them (with the tallest
//! of each audience) written to a folder to look at.
//!
//! `cargo run --release -p render --example board_shot -- GAME [players] [games] [every] [folder]`
//! (`GAME` as `raja`; all player counts when `players` is 0; defaults 0, 1, 10, `shots`).

#[path = "../tests/common/mod.rs"]
mod common;

use std::collections::BTreeMap;
use std::path::PathBuf;

use common::limits::problems;
use common::walk::walk;
use engines::GameKind;

/// Pictures with problems written at most.
const WRITTEN: usize = 12;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let kind = GameKind::ALL.iter().copied().find(|k| args.first().is_some_and(|a| a == k.id())).expect("a game id");
    let number = |i: usize, default: u64| args.get(i).map_or(default, |a| a.parse().expect("a number"));
    let (players, games, every) = (number(1, 0) as usize, number(2, 1), number(3, 10) as usize);
    let folder = PathBuf::from(args.get(4).map_or("shots", String::as_str));
    std::fs::create_dir_all(&folder).expect("a folder for the pictures");
    let (low, high) = kind.players();
    let counts = if players == 0 { low..=high } else { players..=players };
    let mut kinds: BTreeMap<String, usize> = BTreeMap::new();
    let mut tallest: BTreeMap<&str, (u32, String, Vec<u8>)> = BTreeMap::new();
    let (mut written, mut pictures, mut shown) = (0, 0, 0);
    for players in counts {
        let names = common::names(players);
        for seed in 0..games {
            walk(kind, players, seed, every, |stop| {
                let drawing = render::board_drawing(&stop.view, &names).expect("draws");
                pictures += 1;
                let label = stop.label().replace(' ', "_");
                let found = problems(&drawing);
                for problem in &found {
                    let key = kind_of(problem);
                    *kinds.entry(key).or_default() += 1;
                    if shown < 30 {
                        println!("{}: {problem}", stop.label());
                        shown += 1;
                    }
                }
                if !found.is_empty() && written < WRITTEN {
                    std::fs::write(folder.join(format!("{label}.png")), &drawing.png).expect("writes");
                    written += 1;
                }
                let best = tallest.entry(stop.audience()).or_default();
                if drawing.height > best.0 {
                    *best = (drawing.height, label, drawing.png);
                }
            });
        }
    }
    for (audience, (height, label, png)) in &tallest {
        std::fs::write(folder.join(format!("tallest_{audience}.png")), png).expect("writes");
        println!("tallest {audience}: {height} px at {label}");
    }
    println!("{pictures} pictures; problems by kind:");
    for (kind, count) in kinds {
        println!("  {count:6}  {kind}");
    }
}

/// A problem without what varies (the text quoted, the numbers): `"…" is #.# px on a phone`.
fn kind_of(problem: &str) -> String {
    let mut out = String::new();
    for (i, part) in problem.split('"').enumerate() {
        out.push_str(if i % 2 == 1 { "…" } else { part });
    }
    let masked: String = out.chars().map(|c| if c.is_ascii_digit() { '#' } else { c }).collect();
    masked.split(" at ").next().unwrap_or("").split(" {").next().unwrap_or("").chars().take(60).collect()
}
