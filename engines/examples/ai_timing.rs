//! Time per decision at each level, in each game, as players get it (with the level's time
//! limit): `cargo run --release -p engines --example ai_timing [positions [game id]]`.
//!
//! Positions are drawn from seeded random 2-player games (every seventh decision with a real
//! choice); each is decided once per level. Prints mean, median, 95th percentile and maximum
//! time, the iterations run, and how often the time limit cut a search short.

use std::time::Instant;

use engines::ai::{self, Guide, Level};
use engines::conquest_of_mars::ConquestOfMars;
use engines::gunslinger_gang::GunslingerGang;
use engines::martian_12s::Martian12s;
use engines::martian_gunslinger::MartianGunslinger;
use engines::raja::Raja;
use engines::{Game, GameRng, Pending, Seat};

fn positions<G: Game>(count: usize) -> Vec<(G, Seat)> {
    let mut out = Vec::new();
    let mut seed = 0;
    while out.len() < count {
        seed += 1;
        let mut game = G::setup(&G::Options::default(), 2, GameRng::from_seed(seed)).expect("setup");
        let mut chooser = GameRng::from_seed(!seed);
        let (mut actions, mut events) = (Vec::new(), Vec::new());
        let mut real_choices = 0;
        while let Pending::Deciding { must, .. } = game.pending() {
            let seat = must.first().expect("a seat");
            if game.legal_actions(seat).len() > 1 {
                real_choices += 1;
                if real_choices % 7 == 0 && out.len() < count {
                    out.push((game.clone(), seat));
                }
            }
            ai::random_list_move(&mut game, &mut chooser, &mut actions, &mut events);
        }
    }
    out
}

fn time<G: Guide>(count: usize) {
    let positions = positions::<G>(count);
    for level in Level::ALL {
        let search = G::search_at(level);
        let mut ms = Vec::new();
        let (mut iterations, mut cut) = (0u64, 0);
        for (i, (game, seat)) in positions.iter().enumerate() {
            let started = Instant::now();
            let decision = ai::search(game, *seat, &search, &mut GameRng::from_seed(i as u64)).expect("a decision");
            ms.push(started.elapsed().as_secs_f64() * 1e3);
            iterations += u64::from(decision.iterations);
            if decision.iterations < search.budget.iterations {
                cut += 1;
            }
        }
        ms.sort_by(f64::total_cmp);
        let at = |q: f64| ms[((ms.len() - 1) as f64 * q) as usize];
        println!(
            "{:20} {:6}: {} positions, mean {:7.1} ms, median {:7.1}, p95 {:7.1}, max {:7.1}; {:5} iterations on average, time limit hit {cut}×",
            G::ID,
            level.to_string(),
            ms.len(),
            ms.iter().sum::<f64>() / ms.len() as f64,
            at(0.5),
            at(0.95),
            at(1.0),
            iterations / ms.len() as u64,
        );
    }
}

fn main() {
    let count = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(20);
    let only = std::env::args().nth(2);
    let wanted = |id: &str| only.as_deref().is_none_or(|o| o == id);
    if wanted(MartianGunslinger::ID) {
        time::<MartianGunslinger>(count);
    }
    if wanted(GunslingerGang::ID) {
        time::<GunslingerGang>(count);
    }
    if wanted(Martian12s::ID) {
        time::<Martian12s>(count);
    }
    if wanted(ConquestOfMars::ID) {
        time::<ConquestOfMars>(count);
    }
    if wanted(Raja::ID) {
        time::<Raja>(count);
    }
}
