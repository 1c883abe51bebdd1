//! One board along a seeded random game (the walk of `tests/limits.rs`), written as a PNG:
//! how the before/after pictures under `render/docs/` are drawn.
//!
//! `cargo run --release -p render --example doc_picture -- <game> <players> <seed> <step> <public|seat number> <file>`

#[path = "../tests/common/mod.rs"]
mod common;

use common::walk::walk;
use engines::{GameKind, Viewer};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let kind = GameKind::ALL.iter().copied().find(|k| k.id() == args[0]).expect("a game id");
    let number = |i: usize| args[i].parse::<usize>().expect("a number");
    let (players, seed, step) = (number(1), number(2) as u64, number(3));
    let viewer = match args[4].as_str() {
        "public" => Viewer::Public,
        seat => Viewer::Seat(engines::Seat(seat.parse().expect("a seat number"))),
    };
    let names = common::names(players);
    let mut written = false;
    walk(kind, players, seed, 1, |stop| {
        if !written && stop.step == step && stop.viewer == viewer {
            let png = render::board_png(&stop.view, &names).expect("renders");
            std::fs::write(&args[5], &png).expect("writes");
            let height = u32::from_be_bytes([png[20], png[21], png[22], png[23]]);
            println!("{}: {height} px, {} bytes", stop.label(), png.len());
            written = true;
        }
    });
    assert!(written, "no such stop");
}
