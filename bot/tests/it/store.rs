//! The store under concurrent writers and several processes, on SQLite and on Postgres (when
//! `SALOON_TEST_POSTGRES_URL` names a server; each test prints that it skips Postgres otherwise):
//! the version check loses no update, the log numbers every action once, and due tables are
//! claimed by one process at a time.

use std::collections::BTreeSet;

use bot::store::{NewTable, Store, StoreError, Update};
use bot::table::{LogEntry, OnTimeout, Origin, Status, TableId, now};
use sqlx::Row;

use crate::support::db;

/// The databases to run on: a SQLite file in `dir`, and a fresh Postgres database if there is
/// a test server.
async fn databases(dir: &tempfile::TempDir) -> Vec<String> {
    let mut urls = vec![dir.path().join("saloon.db").to_str().expect("utf-8 path").to_string()];
    urls.extend(db::fresh_postgres(&db::this_test()).await);
    urls
}

fn new_table(seed: u64) -> NewTable {
    NewTable {
        game: "martian-12s".into(),
        options: "{}".into(),
        seed,
        host: None,
        max_players: 2,
        turn_timeout: 600,
        away_allowance: bot::table::DEFAULT_AWAY_ALLOWANCE,
        on_timeout: OnTimeout::default(),
        delivers: false,
        rematch_of: None,
        deal: Default::default(),
    }
}

/// A running table whose deadline is `deadline`.
async fn running(store: &Store, seed: u64, deadline: i64) -> TableId {
    let id = store.create(&new_table(seed), &[]).await.expect("create");
    let update = Update { status: Some(Status::Running), deadline_at: Some(Some(deadline)), ..Update::default() };
    store.update(id, 0, &update).await.expect("start");
    id
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_writers_lose_no_update_and_number_each_action_once() {
    const WRITERS: usize = 8;
    const EACH: usize = 25;
    let dir = tempfile::tempdir().expect("tempdir");
    for url in databases(&dir).await {
        let store = Store::open(&url).await.expect("open");
        let id = running(&store, 1, now() + 600).await;
        let mut tasks = Vec::new();
        for writer in 0..WRITERS {
            // Each writer on a store of its own, as separate processes would be.
            let store = Store::open(&url).await.expect("open");
            let url = url.clone();
            tasks.push(tokio::spawn(async move {
                let mut stale = 0;
                for n in 0..EACH {
                    loop {
                        let row = store.load(id).await.expect("load");
                        let entry = LogEntry {
                            seat: writer as u8,
                            action: format!("w{writer}-{n}"),
                            origin: Origin::Player,
                            undoes: 0,
                        };
                        let update = Update { log: vec![entry], ..Update::default() };
                        match store.update(id, row.version, &update).await {
                            Ok(written) => {
                                assert_eq!(written.version, row.version + 1);
                                break;
                            }
                            Err(StoreError::Stale { .. }) => stale += 1,
                            Err(other) => panic!("{url}: {other}"),
                        }
                    }
                }
                stale
            }));
        }
        let mut stale = 0;
        for task in tasks {
            stale += task.await.expect("writer");
        }
        let total = WRITERS * EACH;
        let row = store.load(id).await.expect("load");
        assert_eq!(row.version, 1 + total as i64, "{url}: every write bumped the version once");
        let log = store.log(id).await.expect("log");
        let actions: BTreeSet<String> = log.iter().map(|e| e.action.clone()).collect();
        assert_eq!((log.len(), actions.len()), (total, total), "{url}: every action logged once");
        let seqs: Vec<i64> = sqlx::query("SELECT seq FROM actions WHERE table_id = $1 ORDER BY seq")
            .bind(id.0)
            .fetch_all(store.pool())
            .await
            .expect("seqs")
            .iter()
            .map(|r| r.try_get(0).expect("seq"))
            .collect();
        assert_eq!(seqs, (1..=total as i64).collect::<Vec<_>>(), "{url}: numbered 1, 2, … without a gap or a repeat");
        // Each writer's actions are in its own order: a write is whole or not at all.
        for writer in 0..WRITERS {
            let mine: Vec<&str> =
                log.iter().filter(|e| usize::from(e.seat) == writer).map(|e| e.action.as_str()).collect();
            let expected: Vec<String> = (0..EACH).map(|n| format!("w{writer}-{n}")).collect();
            assert_eq!(mine, expected, "{url}");
        }
        eprintln!("{:?}: {total} writes by {WRITERS} writers, {stale} refused as stale", store.backend());
    }
}

#[tokio::test]
async fn a_stale_version_is_refused_and_changes_nothing() {
    let dir = tempfile::tempdir().expect("tempdir");
    for url in databases(&dir).await {
        let store = Store::open(&url).await.expect("open");
        let id = running(&store, 2, now() + 600).await;
        let entry = |action: &str| LogEntry { seat: 0, action: action.into(), origin: Origin::Player, undoes: 0 };
        store.update(id, 1, &Update { log: vec![entry("first")], ..Update::default() }).await.expect("current");
        let late = Update { state: Some("late".into()), log: vec![entry("late")], ..Update::default() };
        let error = store.update(id, 1, &late).await.expect_err("stale");
        assert!(matches!(error, StoreError::Stale { expected: 1, .. }), "{url}: {error}");
        assert!(matches!(store.update(TableId(999), 0, &late).await, Err(StoreError::NotFound(_))), "{url}");
        let row = store.load(id).await.expect("load");
        assert_eq!((row.version, row.state), (2, None), "{url}");
        assert_eq!(store.log(id).await.expect("log"), vec![entry("first")], "{url}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn each_due_table_is_claimed_by_one_process_and_a_dead_ones_claims_lapse() {
    const TABLES: u64 = 40;
    let dir = tempfile::tempdir().expect("tempdir");
    for url in databases(&dir).await {
        // Two processes: two stores, each with a name of its own in its claims.
        let (a, b) = (Store::open(&url).await.expect("open"), Store::open(&url).await.expect("open"));
        let at = now();
        let mut due = BTreeSet::new();
        for seed in 0..TABLES {
            due.insert(running(&a, seed, at - 1).await);
        }
        let later = running(&a, 99, at + 3_600).await;
        // Both claim in small batches at once, until nothing is left.
        let claim_all = |store: Store| {
            tokio::spawn(async move {
                let mut mine = Vec::new();
                loop {
                    let batch = store.claim_due(at, 60, 3).await.expect("claim");
                    if batch.is_empty() {
                        return mine;
                    }
                    mine.extend(batch);
                }
            })
        };
        let (by_a, by_b) = (claim_all(a.clone()), claim_all(b.clone()));
        let (by_a, by_b) = (by_a.await.expect("a"), by_b.await.expect("b"));
        let (set_a, set_b): (BTreeSet<_>, BTreeSet<_>) =
            (by_a.iter().copied().collect(), by_b.iter().copied().collect());
        assert_eq!(set_a.len() + set_b.len(), by_a.len() + by_b.len(), "{url}: nothing claimed twice by one process");
        assert!(set_a.is_disjoint(&set_b), "{url}: no table claimed by both: {set_a:?} {set_b:?}");
        assert_eq!(set_a.union(&set_b).copied().collect::<BTreeSet<_>>(), due, "{url}: every due table claimed");
        assert!(!set_a.contains(&later) && !set_b.contains(&later), "{url}: a later deadline is not due");
        eprintln!("{:?}: {} claimed by one process, {} by the other", a.backend(), by_a.len(), by_b.len());

        // A given-back claim is free at once; one never given back (its process died) lapses
        // with its lease, and only then does another process take the table.
        let given_back = *set_a.first().expect("a claimed some");
        a.release(given_back).await.expect("release");
        assert_eq!(b.claim_due(at, 60, 100).await.expect("claim"), vec![given_back], "{url}");
        assert!(b.claim_due(at + 59, 60, 100).await.expect("claim").is_empty(), "{url}: the leases still hold");
        let lapsed: BTreeSet<TableId> = b.claim_due(at + 60, 60, 100).await.expect("claim").into_iter().collect();
        assert_eq!(lapsed, due, "{url}: every lapsed claim is taken again");
        // B's release does not free a table A holds now.
        let held = a.claim_due(at + 200, 60, 1).await.expect("claim");
        assert_eq!(held.len(), 1, "{url}");
        b.release(held[0]).await.expect("release");
        assert!(!b.claim_due(at + 200, 60, 100).await.expect("claim").contains(&held[0]), "{url}: still A's");
    }
}
