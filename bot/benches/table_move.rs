//! One move through the table layer on a file SQLite: load + check + apply + save state +
//! append to the log, in one transaction. Prints the median and p99 of single moves too.

use std::time::{Duration, Instant};

use bot::store::Store;
use bot::table::{LobbyRequest, Participant, Tables};
use bot::table::{TableId, UserId};
use criterion::{Criterion, criterion_group, criterion_main};
use engines::GameKind;

const ALICE: UserId = UserId(1);
const BOB: UserId = UserId(2);

/// A running two-human Martian 12s table.
async fn new_table(tables: &Tables, seed: u64) -> TableId {
    let request = LobbyRequest {
        game: GameKind::Martian12s,
        options: serde_json::json!({"rounds": 50}),
        host: Participant { user: ALICE, name: "Alice".into() },
        seat_host: true,
        players: 2,
        computers: 0,
        level: bot::table::Skill::Random,
        on_timeout: bot::table::OnTimeout::SafeDefault,
        seed: Some(seed),
        turn_timeout: 86_400,
        away_allowance: bot::table::DEFAULT_AWAY_ALLOWANCE,
        delivers: false,
    };
    let lobby = tables.open(request).await.expect("open");
    tables.join(lobby.id, Participant { user: BOB, name: "Bob".into() }).await.expect("join");
    tables.start(lobby.id, ALICE).await.expect("start");
    lobby.id
}

/// The next move to make (outside the timed part): who, what, on which version.
async fn next_move(tables: &Tables, id: TableId) -> Option<(UserId, String, i64)> {
    let snapshot = tables.snapshot(id).await.expect("snapshot");
    let user = *snapshot.waiting_users().first()?;
    let (snapshot, private) = tables.private_view(id, user).await.expect("view");
    // Alternate between pulling and passing so rounds stay short and varied.
    let pick = (snapshot.version as usize) % private.legal.len();
    Some((user, private.legal[pick].text.clone(), snapshot.version))
}

/// Times `count` single moves, starting new tables as games end.
async fn timed_moves(tables: &Tables, count: usize, seed: &mut u64) -> Vec<Duration> {
    let mut times = Vec::with_capacity(count);
    let mut id = new_table(tables, *seed).await;
    while times.len() < count {
        let Some((user, action, version)) = next_move(tables, id).await else {
            *seed += 1;
            id = new_table(tables, *seed).await;
            continue;
        };
        let start = Instant::now();
        tables.submit(id, user, &action, Some(version)).await.expect("move");
        times.push(start.elapsed());
    }
    times
}

fn table_move(c: &mut Criterion) {
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("runtime");
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("bench.db");
    let tables =
        runtime.block_on(async { Tables::new(Store::open(path.to_str().expect("path")).await.expect("store")) });
    let mut seed = 1;

    let mut sample = runtime.block_on(timed_moves(&tables, 3_000, &mut seed));
    sample.sort();
    let pick = |q: f64| sample[((sample.len() - 1) as f64 * q) as usize];
    println!(
        "table move on file SQLite over {} moves: median {:?}, p99 {:?}, max {:?}",
        sample.len(),
        pick(0.5),
        pick(0.99),
        pick(1.0)
    );

    c.bench_function("table move (load + apply + save + log, file SQLite)", |b| {
        b.iter_custom(|iters| {
            let times = runtime.block_on(timed_moves(&tables, iters as usize, &mut seed));
            times.iter().sum()
        });
    });
}

criterion_group!(benches, table_move);
criterion_main!(benches);
