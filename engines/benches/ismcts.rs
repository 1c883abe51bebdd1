//! Information-set search throughput on one core: iterations per second of one decision, in
//! each game, from positions part-way into seeded random games (a determinization, a walk
//! down the tree, one random playout cut off where the game gives an estimate, a back-up),
//! searching the legal list and searching the step tree; and the time of one whole decision
//! at each level's iteration budget, searched as computers play it (`Guide::search_at`, the
//! game's guide), without the level's time limit (`examples/ai_timing.rs` measures with it).

use std::hint::black_box;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main};
use engines::ai::{self, Budget, Guide, Level, Search};
use engines::conquest_of_mars::ConquestOfMars;
use engines::gunslinger_gang::GunslingerGang;
use engines::martian_12s::Martian12s;
use engines::martian_gunslinger::MartianGunslinger;
use engines::raja::Raja;
use engines::{Game, GameRng, Pending, Seat};

/// Iterations per measured search.
const ITERATIONS: u32 = 200;

/// Positions `moves` random moves into games of `players` (one per seed), each with a seat
/// that has a real choice.
fn positions<G: Game>(players: usize, moves: usize) -> Vec<(G, Seat)> {
    let mut out = Vec::new();
    for seed in 0..8 {
        let mut game = G::setup(&G::Options::default(), players, GameRng::from_seed(seed)).expect("setup");
        let mut chooser = GameRng::from_seed(!seed);
        let (mut actions, mut events) = (Vec::new(), Vec::new());
        let mut played = 0;
        while let Pending::Deciding { must, .. } = game.pending() {
            let seat = must.first().expect("a seat");
            if played >= moves && game.legal_actions(seat).len() > 1 {
                out.push((game, seat));
                break;
            }
            ai::random_list_move(&mut game, &mut chooser, &mut actions, &mut events);
            played += 1;
        }
    }
    out
}

fn bench_game<G: Guide>(c: &mut Criterion, players: usize, moves: usize) {
    let positions = positions::<G>(players, moves);
    let search = Search::with_budget(Budget { iterations: ITERATIONS, time: None });
    let mut group = c.benchmark_group(format!("ismcts/{}", G::ID));
    group.sample_size(10);
    group.throughput(Throughput::Elements(u64::from(ITERATIONS)));
    let shapes = [
        ("iterations", Search { steps: false, ..search }),
        ("iterations over the step tree", Search { steps: true, ..search }),
    ];
    for (shape, search) in shapes {
        bench_search(&mut group, &format!("{players} players, {shape}"), &positions, &search);
    }
    group.finish();

    // One decision at each level: the level's iterations, no time limit.
    let mut group = c.benchmark_group(format!("decision/{}", G::ID));
    group.sample_size(10);
    for level in Level::ALL {
        bench_search(&mut group, &format!("{players} players, {level}"), &positions, &G::search_at(level).untimed());
    }
    group.finish();
}

/// One search a sample, from each position in turn.
fn bench_search<G: Guide>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    positions: &[(G, Seat)],
    search: &Search,
) {
    let mut round = 0usize;
    group.bench_function(name, |b| {
        b.iter(|| {
            round += 1;
            let (game, seat) = &positions[round % positions.len()];
            black_box(ai::search(game, *seat, search, &mut GameRng::from_seed(round as u64)))
        });
    });
}

fn ismcts(c: &mut Criterion) {
    bench_game::<MartianGunslinger>(c, 2, 60);
    bench_game::<GunslingerGang>(c, 2, 20);
    bench_game::<Martian12s>(c, 2, 10);
    bench_game::<ConquestOfMars>(c, 2, 20);
    // Past both setups (about 60 steps each), into the turns.
    bench_game::<Raja>(c, 2, 150);
}

criterion_group!(benches, ismcts);
criterion_main!(benches);
