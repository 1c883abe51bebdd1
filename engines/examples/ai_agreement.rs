//! How often a level makes the same choice twice, and how often normal and hard agree:
//! `cargo run --release -p engines --example ai_agreement [positions [game id]]`.
//!
//! A search whose choice changes with its own seed in most positions is choosing among moves
//! it cannot tell apart: more iterations of the same search then buy little. Positions come
//! from seeded 2-player games played by `normal` for every seat (every sixth decision with
//! more than one candidate); each is searched twice at `normal` and twice at `hard`, as
//! computers play (`Guide::search_at`) with the time limit lifted. Prints, by the kind of
//! the move `normal` chose: positions, normal = normal, hard = hard, normal = hard.

use std::collections::BTreeMap;

use engines::ai::{self, Guide, Level, Search};
use engines::conquest_of_mars::ConquestOfMars;
use engines::gunslinger_gang::GunslingerGang;
use engines::martian_12s::Martian12s;
use engines::martian_gunslinger::MartianGunslinger;
use engines::raja::Raja;
use engines::{Game, GameRng, Pending};

/// The action's variant name (`Bid`, `BuildPlace`, …), from its debug form.
fn kind<A: std::fmt::Debug>(action: &A) -> String {
    let text = format!("{action:?}");
    text.split(|c: char| !c.is_alphanumeric()).next().unwrap_or_default().to_string()
}

fn agreement<G: Guide>(count: usize) {
    let (normal, hard) = (G::search_at(Level::Normal).untimed(), G::search_at(Level::Hard).untimed());
    let decide = |game: &G, seat, search: &Search, seed: u64| {
        ai::search(game, seat, search, &mut GameRng::from_seed(seed)).expect("a decision").action
    };
    let mut by_kind: BTreeMap<String, [u32; 4]> = BTreeMap::new();
    let (mut seed, mut done) = (100, 0);
    while done < count {
        seed += 1;
        let mut game = G::setup(&G::Options::default(), 2, GameRng::from_seed(seed)).expect("setup");
        let mut decision = 0u64;
        while let Pending::Deciding { must, .. } = game.pending() {
            let seat = must.first().expect("a seat");
            let mut candidates = Vec::new();
            game.candidates_into(seat, &mut candidates);
            decision += 1;
            let chosen = decide(&game, seat, &normal, decision);
            if candidates.len() > 1 && decision.is_multiple_of(6) && done < count {
                done += 1;
                let again = decide(&game, seat, &normal, decision + 1_000_000);
                let hard_1 = decide(&game, seat, &hard, decision + 2_000_000);
                let hard_2 = decide(&game, seat, &hard, decision + 3_000_000);
                let row = by_kind.entry(kind(&chosen)).or_default();
                row[0] += 1;
                row[1] += u32::from(chosen == again);
                row[2] += u32::from(hard_1 == hard_2);
                row[3] += u32::from(chosen == hard_1);
            }
            game.apply(seat, &chosen).expect("a legal move");
        }
    }
    println!(
        "{}: {count} positions; by the kind of normal's move: positions, normal = normal, hard = hard, normal = hard",
        G::ID
    );
    let mut total = [0u32; 4];
    for (kind, row) in &by_kind {
        println!("{kind:18} {:4} {:4} {:4} {:4}", row[0], row[1], row[2], row[3]);
        for (sum, n) in total.iter_mut().zip(row) {
            *sum += n;
        }
    }
    println!("{:18} {:4} {:4} {:4} {:4}", "all", total[0], total[1], total[2], total[3]);
}

fn main() {
    let count = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(80);
    let only = std::env::args().nth(2);
    let wanted = |id: &str| only.as_deref().is_none_or(|o| o == id);
    if wanted(MartianGunslinger::ID) {
        agreement::<MartianGunslinger>(count);
    }
    if wanted(GunslingerGang::ID) {
        agreement::<GunslingerGang>(count);
    }
    if wanted(Martian12s::ID) {
        agreement::<Martian12s>(count);
    }
    if wanted(ConquestOfMars::ID) {
        agreement::<ConquestOfMars>(count);
    }
    if wanted(Raja::ID) {
        agreement::<Raja>(count);
    }
}
