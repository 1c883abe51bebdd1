//! Time to draw a board and encode it as PNG bytes (target: at most 5 ms on one core, at
//! most 100 KB), for the golden boards and for every game and view along a seeded random
//! game at the largest table: mid-game and final, public and a seat's own.
//!
//! `cargo bench -p render --bench render`
//!
//! Times are the CPU time of the drawing thread (see [`ThreadCpu`]), not wall-clock time: the
//! machine is shared, and a wall clock counts the time other processes hold the core.

#[path = "../tests/common/mod.rs"]
mod common;

use std::hint::black_box;

use common::gunslinger as mg;
use criterion::measurement::{Measurement, ValueFormatter, WallTime};
use criterion::{criterion_group, criterion_main};
use engines::{AnyGame, Viewer};
use render::PictureSize;

type Criterion = criterion::Criterion<ThreadCpu>;

/// The CPU time the benchmark's thread has used (`CLOCK_THREAD_CPUTIME_ID`), in nanoseconds:
/// what one core spends drawing, whatever else the machine runs meanwhile.
struct ThreadCpu;

fn thread_cpu_ns() -> u64 {
    let now = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    u64::try_from(now.tv_sec).unwrap_or(0) * 1_000_000_000 + u64::try_from(now.tv_nsec).unwrap_or(0)
}

impl Measurement for ThreadCpu {
    type Intermediate = u64;
    type Value = u64;

    fn start(&self) -> u64 {
        thread_cpu_ns()
    }

    fn end(&self, start: u64) -> u64 {
        thread_cpu_ns().saturating_sub(start)
    }

    fn add(&self, a: &u64, b: &u64) -> u64 {
        a + b
    }

    fn zero(&self) -> u64 {
        0
    }

    fn to_f64(&self, value: &u64) -> f64 {
        *value as f64
    }

    fn formatter(&self) -> &dyn ValueFormatter {
        // Nanoseconds, shown as wall times are (ns, µs, ms).
        WallTime.formatter()
    }
}

fn bench_board(c: &mut Criterion, id: &str, game: &AnyGame) {
    bench_view(c, id, game, Viewer::Public);
}

fn bench_view(c: &mut Criterion, id: &str, game: &AnyGame, viewer: Viewer) {
    let view = game.view(viewer);
    let names = common::names(game.players());
    let png = render::board_png(&view, &names).expect("renders");
    println!("{id}: PNG is {} bytes", png.len());
    c.bench_function(id, |b| b.iter(|| render::board_png(black_box(&view), black_box(&names))));
}

fn boards(c: &mut Criterion) {
    bench_board(c, "martian-12s 3 players mid-round", &common::three_players_mid_round());
    bench_board(c, "martian-12s 9 players", &common::nine_players());
    bench_board(c, "martian-12s 9 players, 20-pyramid stack", &common::nine_players_long_stack());
    bench_board(c, "martian-gunslinger 2 players in setup", &mg::setup_two_players());
    let mid = mg::four_players_mid_game();
    bench_board(c, "martian-gunslinger 4 players mid-game", &mid);
    let active = mg::view(&mid, Viewer::Public).active.expect("mid-game");
    bench_view(c, "martian-gunslinger 4 players mid-game, seat view", &mid, Viewer::Seat(active));
    bench_board(c, "martian-gunslinger 4 players finished", &mg::four_players_finished());
}

/// Gunslinger Gang: public boards at each phase, and a seat's own picture with its private strip.
fn gunslinger_gang_boards(c: &mut Criterion) {
    use common::gunslinger_gang as gg;
    let boards = [
        ("gunslinger-gang 2 players mid-Planning", gg::two_players_planning(), Viewer::Public),
        ("gunslinger-gang 4 players mid-Planning", gg::four_players_planning(), Viewer::Public),
        ("gunslinger-gang 4 players, seat view", gg::four_players_planning(), Viewer::Seat(engines::Seat(0))),
        ("gunslinger-gang 3 players mid-Resolution", gg::resolution(), Viewer::Public),
        ("gunslinger-gang 4 players finished", gg::finished(), Viewer::Public),
    ];
    for (id, game, viewer) in boards {
        let view = game.view(viewer);
        let names = common::names(game.players());
        let png = render::board_png(&view, &names).expect("renders");
        println!("{id}: PNG is {} bytes", png.len());
        c.bench_function(id, |b| b.iter(|| render::board_png(black_box(&view), black_box(&names))));
    }
}

/// Conquest of Mars: the opening, an attack mid-way (public and a fighter's own picture) and
/// the final standings.
fn conquest_of_mars_boards(c: &mut Criterion) {
    use common::conquest_of_mars as com;
    let commit = com::attack_commit();
    let waiting = com::waiting(&com::view(&commit, Viewer::Public));
    bench_board(c, "conquest-of-mars 3 players opening", &com::opening());
    bench_board(c, "conquest-of-mars 4 players attack, dice sealed", &commit);
    bench_view(c, "conquest-of-mars 4 players attack, seat view", &commit, Viewer::Seat(waiting));
    bench_board(c, "conquest-of-mars 3 players attack, casualty", &com::attack_casualty());
    bench_board(c, "conquest-of-mars 4 players finished", &com::finished());
}

/// Raja: an auction with its bid history, a siege with elephants and markers (public and
/// the besieged player's own picture with its blinder), and a finished five-player game.
fn raja_boards(c: &mut Criterion) {
    use common::raja;
    let siege = raja::siege();
    bench_board(c, "raja 4 players auction", &raja::auction());
    bench_board(c, "raja 4 players siege", &siege);
    bench_view(c, "raja 4 players siege, seat view", &siege, Viewer::Seat(engines::Seat(0)));
    bench_board(c, "raja 5 players finished", &raja::finished());
}

/// Every game at its largest table along a seeded random game: half-way and at the end, the
/// public board and the first seat's own, each at both picture sizes.
fn walked_boards(c: &mut Criterion) {
    for kind in engines::GameKind::ALL {
        let players = kind.players().1;
        let mut stops = Vec::new();
        common::walk::walk(*kind, players, 0, 1, |stop| {
            if matches!(stop.viewer, Viewer::Public | Viewer::Seat(engines::Seat(0))) {
                stops.push(stop);
            }
        });
        let last = stops.last().map_or(0, |s| s.step);
        let middle = stops.iter().map(|s| s.step).find(|s| *s >= last / 2).unwrap_or(0);
        for stop in stops.iter().filter(|s| s.step == middle || s.step == last) {
            let moment = if stop.over { "final" } else { "mid-game" };
            let id = format!("{} {players} players {moment}, {}", kind.id(), stop.audience());
            let names = common::names(players);
            let png = render::board_png(&stop.view, &names).expect("renders");
            println!("{id}: PNG is {} bytes", png.len());
            c.bench_function(&id, |b| b.iter(|| render::board_png(black_box(&stop.view), black_box(&names))));
            // The same board as a player on a slow link gets it.
            let small = PictureSize::Small;
            let id = format!("{id}, small");
            let png = render::board_png_sized(&stop.view, &names, small).expect("renders");
            println!("{id}: PNG is {} bytes", png.len());
            c.bench_function(&id, |b| {
                b.iter(|| render::board_png_sized(black_box(&stop.view), black_box(&names), small))
            });
        }
    }
}

criterion_group! {
    name = benches;
    config = criterion::Criterion::default().with_measurement(ThreadCpu);
    targets = boards, gunslinger_gang_boards, conquest_of_mars_boards, raja_boards, walked_boards
}
criterion_main!(benches);
