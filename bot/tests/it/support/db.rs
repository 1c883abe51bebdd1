//! The database a test runs on: a fresh SQLite file in a temporary directory, or a fresh
//! database on the Postgres server that `SALOON_TEST_POSTGRES_URL` names (`.ci/with-postgres`
//! starts one and sets it). A suite in a module whose name ends in `_postgres` runs on Postgres;
//! a test uses only part of this.
#![allow(dead_code)]

use std::sync::atomic::{AtomicU32, Ordering};

use bot::store::Store;
use sqlx::{Connection, Executor};

/// The variable naming the test Postgres server, e.g. `postgres://saloon@127.0.0.1:55432/saloon_test`.
pub const POSTGRES_URL: &str = "SALOON_TEST_POSTGRES_URL";

/// Whether the running test belongs to a suite run on Postgres: a module whose name ends in
/// `_postgres` (`tables_postgres` runs the `tables` suite again there). The test harness names
/// each test's thread after its path.
pub fn on_postgres() -> bool {
    this_test().split("::").any(|module| module.ends_with("_postgres"))
}

/// The test Postgres server's URL; `None` after printing a line saying `test` is skipped when
/// none is configured. Under CI (`CI` set) a missing server fails the test instead: CI must
/// run the Postgres tests.
pub fn postgres_server(test: &str) -> Option<String> {
    match std::env::var(POSTGRES_URL) {
        Ok(url) if !url.trim().is_empty() => Some(url),
        _ => {
            assert!(
                std::env::var_os("CI").is_none(),
                "{test}: {POSTGRES_URL} is not set under CI; run the tests through .ci/with-postgres"
            );
            // Straight to stderr, past the test harness's capture: shown even when the test passes.
            let line =
                format!("SKIPPED {test} on Postgres: {POSTGRES_URL} is not set (run through .ci/with-postgres)\n");
            let _ = std::io::Write::write_all(&mut std::io::stderr(), line.as_bytes());
            None
        }
    }
}

/// A new, empty database on the test Postgres server (each test gets its own; the server is
/// thrown away after the run): its URL, or `None` when skipped (see [`postgres_server`]).
pub async fn fresh_postgres(test: &str) -> Option<String> {
    static COUNT: AtomicU32 = AtomicU32::new(0);
    let server = postgres_server(test)?;
    let mut random = [0; 4];
    getrandom::fill(&mut random).expect("random bytes");
    let name = format!(
        "saloon_{}_{}_{:08x}",
        std::process::id(),
        COUNT.fetch_add(1, Ordering::Relaxed),
        u32::from_le_bytes(random)
    );
    let mut admin = sqlx::PgConnection::connect(&server).await.expect("the test Postgres server answers");
    admin.execute(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}"))).await.expect("create a test database");
    admin.close().await.expect("close");
    Some(with_database(&server, &name))
}

/// `server` (a Postgres URL) naming database `name` instead of its own.
pub fn with_database(server: &str, name: &str) -> String {
    let (base, query) = server.split_once('?').map_or((server, None), |(b, q)| (b, Some(q)));
    let authority_end = base.find("://").map_or(0, |i| i + 3);
    let path_start = base[authority_end..].find('/').map_or(base.len(), |i| authority_end + i);
    let mut url = format!("{}/{name}", &base[..path_start]);
    if let Some(query) = query {
        url = format!("{url}?{query}");
    }
    url
}

/// The running test's name (the test harness names each test's thread after it).
pub fn this_test() -> String {
    std::thread::current().name().unwrap_or("a test").to_string()
}

/// The database URL this crate's suite runs on: Postgres (a fresh database) in a `_postgres`
/// module, else a SQLite file in `dir`; `None` when skipped.
pub async fn url(dir: &tempfile::TempDir) -> Option<String> {
    if on_postgres() {
        fresh_postgres(&this_test()).await
    } else {
        Some(dir.path().join("saloon.db").to_str().expect("utf-8 path").to_string())
    }
}

/// A store on `url`.
pub async fn open(url: &str) -> Store {
    Store::open(url).await.expect("open the store")
}
