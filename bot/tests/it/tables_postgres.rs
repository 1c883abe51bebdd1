//! The table-layer suite of `tables.rs` again, on Postgres: the same tests, each on a fresh
//! database of the server `SALOON_TEST_POSTGRES_URL` names (`.ci/with-postgres` starts one). Without
//! it, each test prints that it is skipped (and fails under CI).

#[path = "tables.rs"]
#[allow(clippy::duplicate_mod, reason = "the same suite, run a second time on Postgres")]
mod suite;

#[path = "tables_long.rs"]
#[allow(clippy::duplicate_mod, reason = "the same suite, run a second time on Postgres")]
mod long_suite;

#[path = "undo.rs"]
#[allow(clippy::duplicate_mod, reason = "the same suite, run a second time on Postgres")]
mod undo_suite;
