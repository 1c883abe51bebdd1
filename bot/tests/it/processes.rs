//! Two `saloon discord` processes, each serving one of two Discord shards, on one Postgres
//! database (`SALOON_TEST_POSTGRES_URL`; the test says it is skipped without one, and fails under
//! CI) against one fake Discord on 127.0.0.1: every deadline and reminder fires exactly once,
//! and when one process is killed the other takes over, its lapsed claims included.

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::support::fake_discord::*;
use crate::support::lobby;
use bot::discord::rows::Rows;
use bot::table::{CLAIM_LEASE, Origin, TableId, UserId, now};
use bot::table::{LobbyRequest, Participant, Tables};
use engines::GameKind;

/// Starts `saloon discord` serving shard `shard` of 2 on database `url`.
fn saloon(fake: &FakeDiscord, url: &str, shard: u32) -> Child {
    saloon_logging(fake, url, shard, Stdio::inherit())
}

/// [`saloon`] with its log sent to `log`.
fn saloon_logging(fake: &FakeDiscord, url: &str, shard: u32, log: Stdio) -> Child {
    Command::new(env!("CARGO_BIN_EXE_saloon"))
        .arg("discord")
        .env_clear()
        .env("DATABASE_URL", url)
        .env("DISCORD_TOKEN", BOT_TOKEN)
        .env("DISCORD_API_BASE", fake.api_base())
        .env("DEV_GUILD_ID", GUILD_ID.to_string())
        .env("SALOON_SWEEP_SECONDS", "1")
        .env("TOTAL_SHARDS", "2")
        .env("SHARD_START", shard.to_string())
        .env("SHARD_COUNT", "1")
        .env("RUST_LOG", "warn")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(log)
        .spawn()
        .expect("saloon starts")
}

/// A running two-player table in `CHANNEL_ID`, its deadline set to `deadline` (claimed until
/// `claimed_until` by a process that is gone, when given).
async fn table(tables: &Tables, rows: &Rows, seed: u64, deadline: i64, claimed_until: Option<i64>) -> TableId {
    let (alice, bob) = (UserId(ALICE.id), UserId(BOB.id));
    let request = LobbyRequest { delivers: true, ..lobby::request(GameKind::Martian12s, (alice, "alice"), 2, seed) };
    let lobby = tables.open(request).await.expect("open");
    tables.join(lobby.id, Participant { user: bob, name: "bob".into() }).await.expect("join");
    tables.start(lobby.id, alice).await.expect("start");
    rows.set_home(lobby.id, Some(GUILD_ID), CHANNEL_ID).await.expect("place");
    sqlx::query("UPDATE game_tables SET deadline_at = $1, claimed_by = $2, claimed_until = $3 WHERE id = $4")
        .bind(deadline)
        .bind(claimed_until.map(|_| "a-killed-process".to_string()))
        .bind(claimed_until)
        .bind(lobby.id.0)
        .execute(tables.front_end_pool())
        .await
        .expect("set the deadline");
    lobby.id
}

/// Timeouts logged at table `id`.
async fn timeouts(tables: &Tables, id: TableId) -> usize {
    tables.log(id).await.expect("log").iter().filter(|e| e.origin == Origin::Timeout).count()
}

fn posts(fake: &FakeDiscord, text: &str) -> usize {
    fake.public_messages(CHANNEL_ID).iter().filter(|m| m.content.contains(text)).count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_fire_each_deadline_once_and_one_takes_over_when_the_other_dies() {
    let Some(url) = crate::support::db::fresh_postgres(&crate::support::db::this_test()).await else { return };
    let fake = FakeDiscord::start().await;
    let tables = Tables::new(crate::support::db::open(&url).await);
    let rows = Rows::open(&tables);
    let mut processes = [saloon(&fake, &url, 0), saloon(&fake, &url, 1)];
    fake.wait_identifies(2).await;
    let mut shards: Vec<String> =
        fake.gateway_payloads().iter().filter(|p| p["op"] == 2).map(|p| p["d"]["shard"].to_string()).collect();
    shards.sort();
    assert_eq!(shards, ["[0,2]", "[1,2]"], "each process identifies as its own shard");

    // Both running: reminders and timeouts of ten tables, each fired once.
    let at = now();
    let mut first = Vec::new();
    for seed in 0..10 {
        // Five half-way through their turn (a reminder is due), five out of time.
        let deadline = if seed < 5 { at + 100 } else { at - 1 };
        first.push(table(&tables, &rows, seed, deadline, None).await);
    }
    fake.wait_for("five reminders and five timeouts", fake.timeout(), |f| {
        (posts(f, "half your time") >= 5 && posts(f, "ran out of time") >= 5).then_some(())
    })
    .await;
    // Three more sweeps of each process: nothing fires again.
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert_eq!((posts(&fake, "half your time"), posts(&fake, "ran out of time")), (5, 5), "{}", fake.summary());
    for (i, id) in first.iter().enumerate() {
        assert_eq!(timeouts(&tables, *id).await, usize::from(i >= 5), "table {id}");
    }

    // One process dies (SIGKILL: no goodbye, claims it may hold are never given back).
    processes[0].kill().expect("kill");
    processes[0].wait().expect("reaped");
    let at = now();
    let mut free = Vec::new();
    for seed in 10..14 {
        free.push(table(&tables, &rows, seed, at - 1, None).await);
    }
    // Claimed by the dead process until its lease ends, four seconds from now.
    let lease_end = at + 4;
    let mut held = Vec::new();
    for seed in 14..17 {
        held.push(table(&tables, &rows, seed, at - 1, Some(lease_end)).await);
    }
    fake.wait_for("the survivor's four timeouts", fake.timeout(), |f| (posts(f, "ran out of time") >= 9).then_some(()))
        .await;
    let waited = Instant::now();
    for id in &held {
        if now() < lease_end {
            assert_eq!(timeouts(&tables, *id).await, 0, "table {id} is left alone while its claim holds");
        }
    }
    fake.wait_for("the lapsed claims taken over", fake.timeout(), |f| {
        (posts(f, "ran out of time") >= 12).then_some(())
    })
    .await;
    assert!(now() >= lease_end, "not before the lease ended");
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert_eq!(posts(&fake, "ran out of time"), 12, "each once: {}", fake.summary());
    for id in free.iter().chain(&held) {
        assert_eq!(timeouts(&tables, *id).await, 1, "table {id}");
    }
    eprintln!("the survivor took over three lapsed claims {:?} after the first four timeouts", waited.elapsed());

    let _ = processes[1].kill();
    let _ = processes[1].wait();
    assert!(fake.unexpected_requests().is_empty(), "{}", fake.summary());
    fake.shutdown().await;
}

/// Claims shared fairly with a slow Discord (every request takes 150 ms): each process claims a
/// few due tables at a time with a short lease it renews while it works, so when one is killed
/// mid-batch, the tables it held move to the other within the lease and a sweep. Every deadline
/// and reminder fires once, and none is handled later than the lease and a sweep after it was
/// due (with the few seconds a batch of four takes on this slow Discord).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_a_slow_discord_a_killed_process_s_tables_move_to_the_other_within_the_lease() {
    let Some(url) = crate::support::db::fresh_postgres(&crate::support::db::this_test()).await else { return };
    let options =
        Options { rest_delay: Duration::from_millis(150), timeout: Duration::from_secs(60), ..Options::default() };
    let fake = FakeDiscord::start_with(options).await;
    let tables = Tables::new(crate::support::db::open(&url).await);
    let rows = Rows::open(&tables);
    let log = tempfile::NamedTempFile::new().expect("a log file");
    let mut processes = [
        saloon_logging(&fake, &url, 0, Stdio::from(log.reopen().expect("log"))),
        saloon_logging(&fake, &url, 1, Stdio::from(log.reopen().expect("log"))),
    ];
    fake.wait_identifies(2).await;
    // Twelve tables due at once: six out of time, six half-way through their turn.
    let due = now();
    let mut ids = Vec::new();
    for seed in 0..12 {
        let deadline = if seed < 6 { due - 1 } else { due + 100 };
        ids.push(table(&tables, &rows, seed, deadline, None).await);
    }
    // Both processes are at work on their first claims when one is killed.
    fake.wait_for("the first post", fake.timeout(), |f| {
        (posts(f, "half your time") + posts(f, "ran out of time") >= 1).then_some(())
    })
    .await;
    processes[0].kill().expect("kill");
    processes[0].wait().expect("reaped");
    fake.wait_for("six reminders and six timeouts", fake.timeout(), |f| {
        (posts(f, "half your time") >= 6 && posts(f, "ran out of time") >= 6).then_some(())
    })
    .await;
    tokio::time::sleep(Duration::from_secs(3)).await;
    let log_text = std::fs::read_to_string(log.path()).unwrap_or_default();
    assert_eq!(
        (posts(&fake, "half your time"), posts(&fake, "ran out of time")),
        (6, 6),
        "each once:\n{}\nlog:\n{log_text}",
        fake.summary()
    );
    let mut latest = 0;
    for (i, id) in ids.iter().enumerate() {
        assert_eq!(timeouts(&tables, *id).await, usize::from(i < 6), "table {id}");
        // When the deadline or reminder was handled: its commit, the table's last, recorded what to post.
        let (handled,): (i64,) =
            sqlx::query_as("SELECT MAX(created_at) FROM outbox WHERE table_id = $1 AND created_at >= $2")
                .bind(id.0)
                .bind(due)
                .fetch_one(tables.front_end_pool())
                .await
                .expect("handled");
        latest = latest.max(handled - due);
    }
    eprintln!("slow Discord, one of two processes killed: the latest of 12 deadlines handled {latest} s late");
    // The lease, a sweep, and the few seconds a batch of four takes on this slow Discord.
    assert!(latest <= CLAIM_LEASE + 1 + 3, "a deadline handled {latest} s late (lease {CLAIM_LEASE} s, sweep 1 s)");
    let _ = processes[1].kill();
    let _ = processes[1].wait();
    assert!(fake.unexpected_requests().is_empty(), "{}", fake.summary());
    fake.shutdown().await;
}
