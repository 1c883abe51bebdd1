//! Every distinct text a player can read from the engine in seeded random games of one game,
//! grouped by kind (labels, narration, refusals…), then the slips the structural check finds:
//! for reviewing the wording by eye.
//!
//! ```sh
//! cargo run -p engines --example words -- raja [players] [seeds]
//! ```

use engines::GameKind;
use engines::wording::{Reader, walk};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let kind: GameKind = args.next().unwrap_or_else(|| "martian-12s".into()).parse()?;
    let players: usize = args.next().map_or(Ok(kind.players().0), |s| s.parse())?;
    let seeds: u64 = args.next().map_or(Ok(1), |s| s.parse())?;
    let mut reader = Reader::recording();
    for seed in 0..seeds {
        walk(kind, players, seed, &mut reader, |_, _| {});
    }
    for (what, text) in reader.record.iter().flatten() {
        println!("{what:<28} {text}");
    }
    for slip in &reader.slips {
        println!("SLIP {slip}");
    }
    Ok(())
}
