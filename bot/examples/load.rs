//! Load test of the table layer with board pictures, as a front end runs it: many open games,
//! and a steady stream of moves, each committed (one read, one write transaction) and its board
//! PNG drawn (`discord::post::board_png`, what a board post attaches). Loopback only (SQLite
//! file or a local Postgres), bounded in moves and seconds, stops by itself.
//!
//! ```sh
//! cargo run --release -p bot --example load -- --games 10000 --moves 5000
//! cargo run --release -p bot --example load -- --database postgres://saloon@127.0.0.1:55432/load
//! taskset -c 0 /usr/bin/time -v target/release/examples/load --games 10000 --moves 5000   # one core
//! ```
//!
//! Prints the set-up time, moves per second over the measured stream, p50/p99/max latency per
//! move (commit + picture), and the database's size.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use bot::discord::post::board_png;
use bot::store::{Backend, Store};
use bot::table::{LobbyRequest, MoveReport, Participant, Tables};
use bot::table::{OnTimeout, Skill, Status, TableId, UserId};
use clap::Parser;
use engines::{GameKind, GameRng};
use sqlx::Row;
use tokio::sync::Mutex;

#[derive(Parser, Debug)]
struct Args {
    /// The database (a SQLite path, or a postgres:// URL of a local server); default a new
    /// SQLite file in a temporary directory.
    #[arg(long)]
    database: Option<String>,
    /// Open games (two humans at Martian 12s each; a finished one is replaced).
    #[arg(long, default_value_t = 10_000)]
    games: usize,
    /// Moves to measure.
    #[arg(long, default_value_t = 5_000)]
    moves: usize,
    /// Concurrent players moving (as clicks arriving at once).
    #[arg(long, default_value_t = 8)]
    workers: usize,
    /// Stop measuring after this many seconds even if moves remain.
    #[arg(long, default_value_t = 120)]
    seconds: u64,
}

/// A game and the move its waiting player makes next.
#[derive(Clone, Debug)]
struct Next {
    table: TableId,
    user: UserId,
    action: String,
}

/// Users of game `n`: seat 0 and seat 1.
fn users(n: usize) -> [UserId; 2] {
    [UserId(10_000_000 + 2 * n as u64), UserId(10_000_001 + 2 * n as u64)]
}

/// The next move after `report` (a random legal action of the waiting seat), if the game goes on.
fn next_of(report: &MoveReport, n: usize, rng: &mut GameRng) -> Option<Next> {
    if report.snapshot.status != Status::Running {
        return None;
    }
    let private = report.privates.iter().find(|p| p.waited_for && !p.legal.is_empty())?;
    let pick = rng.index(private.legal.len());
    Some(Next {
        table: report.snapshot.id,
        user: users(n)[usize::from(private.seat.0)],
        action: private.legal[pick].text.clone(),
    })
}

async fn new_game(tables: &Tables, n: usize, rng: &mut GameRng) -> Next {
    let [host, guest] = users(n);
    let request = LobbyRequest {
        game: GameKind::Martian12s,
        options: serde_json::json!({}),
        host: Participant { user: host, name: format!("P{n}a") },
        seat_host: true,
        players: 2,
        computers: 0,
        level: Skill::Random,
        on_timeout: OnTimeout::SafeDefault,
        seed: Some(n as u64),
        turn_timeout: 86_400,
        away_allowance: bot::table::DEFAULT_AWAY_ALLOWANCE,
        delivers: false,
    };
    let lobby = tables.open(request).await.expect("open");
    tables.join(lobby.id, Participant { user: guest, name: format!("P{n}b") }).await.expect("join");
    let report = tables.start(lobby.id, host).await.expect("start");
    next_of(&report, n, rng).expect("a new game waits for a player")
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

#[tokio::main]
async fn main() {
    let args = Args::parse();
    let dir = tempfile::tempdir().expect("tempdir");
    let url = args.database.clone().unwrap_or_else(|| dir.path().join("load.db").to_str().expect("utf-8").to_string());
    let store = Store::open(&url).await.expect("open the database");
    let tables = Tables::new(store.clone());
    println!("database: {:?} ({}), workers {}", store.backend(), bot::store::redacted(&url), args.workers);

    // Set-up: the open games, by several tasks at once.
    let started = Instant::now();
    let slots: Arc<Vec<Mutex<Option<Next>>>> = Arc::new((0..args.games).map(|_| Mutex::new(None)).collect());
    let made = Arc::new(AtomicUsize::new(0));
    let mut tasks = Vec::new();
    for w in 0..args.workers {
        let (tables, slots, made) = (tables.clone(), slots.clone(), made.clone());
        tasks.push(tokio::spawn(async move {
            let mut rng = GameRng::from_seed(w as u64);
            loop {
                let n = made.fetch_add(1, Ordering::Relaxed);
                if n >= slots.len() {
                    return;
                }
                *slots[n].lock().await = Some(new_game(&tables, n, &mut rng).await);
            }
        }));
    }
    for task in tasks {
        task.await.expect("set-up");
    }
    println!("set-up: {} open games in {:.1} s", args.games, started.elapsed().as_secs_f64());

    // The stream: each worker picks a random game, makes its move and draws the board.
    let deadline = Instant::now() + Duration::from_secs(args.seconds);
    let done = Arc::new(AtomicUsize::new(0));
    let replaced = Arc::new(AtomicUsize::new(0));
    let began = Instant::now();
    let mut tasks = Vec::new();
    for w in 0..args.workers {
        let (tables, slots, done, replaced) = (tables.clone(), slots.clone(), done.clone(), replaced.clone());
        let moves = args.moves;
        tasks.push(tokio::spawn(async move {
            let mut rng = GameRng::from_seed(1_000 + w as u64);
            let mut latencies = Vec::new();
            let mut png_bytes = 0_usize;
            while done.fetch_add(1, Ordering::Relaxed) < moves && Instant::now() < deadline {
                let n = rng.index(slots.len());
                let mut slot = slots[n].lock().await;
                let next = slot.take().expect("every slot holds a game");
                let t = Instant::now();
                let report = tables.submit(next.table, next.user, &next.action, None).await.expect("a legal move");
                let png = board_png(&report.snapshot).expect("a board picture");
                png_bytes += png.data.len();
                latencies.push(t.elapsed());
                *slot = Some(match next_of(&report, n, &mut rng) {
                    Some(next) => next,
                    None => {
                        replaced.fetch_add(1, Ordering::Relaxed);
                        new_game(&tables, n, &mut rng).await
                    }
                });
            }
            (latencies, png_bytes)
        }));
    }
    let mut latencies = Vec::new();
    let mut png_bytes = 0;
    for task in tasks {
        let (mine, bytes) = task.await.expect("worker");
        latencies.extend(mine);
        png_bytes += bytes;
    }
    let elapsed = began.elapsed();
    latencies.sort_unstable();
    let moves = latencies.len();
    println!(
        "moves: {moves} in {:.1} s = {:.0} moves/s (each committed and its board PNG drawn; {} KiB of PNG per move); {} games finished and replaced",
        elapsed.as_secs_f64(),
        moves as f64 / elapsed.as_secs_f64(),
        png_bytes / moves.max(1) / 1024,
        replaced.load(Ordering::Relaxed)
    );
    if moves > 0 {
        println!(
            "latency per move: p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
            percentile(&latencies, 0.50).as_secs_f64() * 1e3,
            percentile(&latencies, 0.99).as_secs_f64() * 1e3,
            latencies[moves - 1].as_secs_f64() * 1e3
        );
    }
    let size: i64 = match store.backend() {
        Backend::Sqlite => sqlx::query("SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()")
            .fetch_one(store.pool())
            .await
            .expect("size")
            .try_get(0)
            .expect("size"),
        Backend::Postgres => sqlx::query("SELECT pg_database_size(current_database())")
            .fetch_one(store.pool())
            .await
            .expect("size")
            .try_get(0)
            .expect("size"),
    };
    let running = tables.store().tables_of(None, Status::Running).await.expect("count").len();
    println!("database size: {:.1} MiB; {running} games open", size as f64 / (1024.0 * 1024.0));
    store.close().await;
}
