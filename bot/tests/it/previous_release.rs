//! Databases written by earlier releases resume, made with the generators kept in
//! `tests/fixtures/README.md`:
//! - `release-4a266f6.sqlite` (the last release before engine contract v2): Martian Gunslinger,
//!   Gunslinger Gang and Martian 12s tables in mid-play (two people and a computer player each),
//!   a finished match and an open lobby;
//! - `release-d8cbd83.sqlite` (the last release before computer strengths were stored per seat,
//!   migration 0004): the same four games in mid-play, Conquest of Mars among them, a finished
//!   match and a lobby;
//! - `release-8250ac0.sqlite` (the last release before the outbox, migration 0006): all five
//!   games in mid-play, Raja among them, each with its place on Discord (thread, lobby message,
//!   live board) and a DM panel, a player whose DMs were closed, a finished match and a lobby.
//!
//! Each test works on a copy in a temporary directory.

use bot::store::Store;
use bot::table::{DEFAULT_AWAY_ALLOWANCE, ServerId, ServerSettings, UserSettings};
use bot::table::{OnTimeout, Skill, Status, TableId, Upgraded, UserId};
use bot::table::{Participant, Tables};

const RELEASE_4A266F6: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/release-4a266f6.sqlite");
const RELEASE_D8CBD83: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/release-d8cbd83.sqlite");
const RELEASE_8250AC0: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/release-8250ac0.sqlite");
const ALICE: UserId = UserId(101);
const CAROL: UserId = UserId(303);

async fn copy(fixture: &str) -> (tempfile::TempDir, Tables) {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("saloon.db");
    std::fs::copy(fixture, &path).expect("copy the fixture");
    let store = Store::open(path.to_str().expect("utf-8 path")).await.expect("the old database opens and migrates");
    let tables = Tables::new(store);
    // As every front end does when it starts.
    tables.upgrade().await.expect("the old rows are brought up to date");
    (dir, tables)
}

/// How many rows still lack what older releases did not record: turn columns, computer
/// strengths, deadlines of running tables.
async fn unrecorded(tables: &Tables) -> (i64, i64, i64) {
    let pool = tables.front_end_pool();
    let count =
        |sql: &'static str| async move { sqlx::query_scalar::<_, i64>(sql).fetch_one(pool).await.expect("count") };
    (
        count("SELECT COUNT(*) FROM game_tables WHERE waiting IS NULL OR asked IS NULL").await,
        count("SELECT COUNT(*) FROM seats WHERE user_id IS NULL AND level IS NULL").await,
        count("SELECT COUNT(*) FROM game_tables WHERE status = 'running' AND deadline_at IS NULL").await,
    )
}

#[tokio::test]
async fn old_rows_are_brought_up_to_date_once_at_start_up() {
    for (fixture, tables_before, seats_before) in [(RELEASE_4A266F6, 5, 4), (RELEASE_D8CBD83, 1, 5)] {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("saloon.db");
        std::fs::copy(fixture, &path).expect("copy the fixture");
        let tables = Tables::new(Store::open(path.to_str().expect("utf-8 path")).await.expect("opens"));
        let before = unrecorded(&tables).await;
        assert!(before.0 > 0 && before.1 > 0, "{fixture}: the fixture has old rows: {before:?}");
        let upgraded = tables.upgrade().await.expect("upgrade");
        assert_eq!(upgraded, Upgraded { tables: tables_before, seats: seats_before }, "{fixture}");
        assert_eq!(unrecorded(&tables).await, (0, 0, 0), "{fixture}: nothing left for the read paths to guess");
        assert_eq!(tables.upgrade().await.expect("again"), Upgraded::default(), "{fixture}: once is enough");
    }
}

#[tokio::test]
async fn running_tables_of_the_previous_release_resume_and_play_to_the_end() {
    let (_dir, tables) = copy(RELEASE_4A266F6).await;
    play_on(&tables, &[(1, "Martian Gunslinger"), (2, "Gunslinger Gang"), (3, "Martian 12s")]).await;
}

#[tokio::test]
async fn running_tables_of_release_d8cbd83_resume_with_their_computers_and_play_to_the_end() {
    let (_dir, tables) = copy(RELEASE_D8CBD83).await;
    for id in 1..=4 {
        let snapshot = tables.snapshot(TableId(id)).await.expect("snapshot");
        // Rows from before strengths were stored: computers keep playing as they did (at
        // random, recorded by the upgrade), nobody is away, and timeouts keep the safe default.
        assert_eq!(snapshot.on_timeout, OnTimeout::SafeDefault, "table {id}");
        let levels_as_played =
            snapshot.seats.iter().all(|s| s.level == s.user.is_none().then_some(Skill::Random) && !s.away);
        assert!(levels_as_played, "table {id}: {:?}", snapshot.seats);
        assert_eq!(snapshot.seats.iter().filter(|s| s.user.is_none()).count(), 1, "table {id}: one computer");
    }
    let games = [(1, "Martian Gunslinger"), (2, "Gunslinger Gang"), (3, "Martian 12s"), (4, "Conquest of Mars")];
    play_on(&tables, &games).await;
    let finished = tables.snapshot(TableId(5)).await.expect("the finished match");
    assert!(finished.outcome.is_some_and(|o| o.standings.len() == 3));
    tables.verify_replay(TableId(5)).await.expect("replays");
    tables.join(TableId(6), Participant { user: CAROL, name: "Carol".into() }).await.expect("a seat is taken");
    tables.start(TableId(6), ALICE).await.expect("the old lobby starts a game");
}

/// The running tables are listed as their states say, and each of `games` (id, name) replays
/// its old log, then plays on to the end with the current engines.
async fn play_on(tables: &Tables, games: &[(i64, &str)]) {
    // The oldest rows did not record who they wait for: the upgrade read it from the state.
    let listed = tables.tables_of(None, Status::Running).await.expect("the running tables are listed");
    assert_eq!(listed.len(), games.len(), "{listed:?}");
    for summary in &listed {
        let snapshot = tables.snapshot(summary.id).await.expect("snapshot");
        assert_eq!(summary.waiting, snapshot.waiting_names(), "table {}", summary.id);
        assert!(!summary.waiting.is_empty(), "table {} waits for someone", summary.id);
    }
    for &(id, game) in games {
        let id = TableId(id);
        let before = tables.snapshot(id).await.unwrap_or_else(|e| panic!("table {id}: {e:?}"));
        assert_eq!(before.status, Status::Running, "table {id}");
        assert_eq!(before.game.name(), game);
        tables.verify_replay(id).await.unwrap_or_else(|e| panic!("table {id}: the old log replays: {e:?}"));
        // Play on to the end with the new engines: every saved decision is still understood.
        let mut moves = 0;
        loop {
            // A computer left owing a move when the old process stopped moves first.
            tables.drive_computers(id).await.expect("the computers move");
            let snapshot = tables.snapshot(id).await.expect("snapshot");
            let Some(&user) = snapshot.waiting_users().first() else { break };
            let (_, private) = tables.private_view(id, user).await.expect("private view");
            let action = private.legal.first().map(|a| a.text.clone()).expect("a pending human has a move");
            tables.submit(id, user, &action, Some(snapshot.version)).await.expect("a legal move is taken");
            moves += 1;
            assert!(moves < 20_000, "table {id} ends");
        }
        let end = tables.snapshot(id).await.expect("snapshot");
        assert_eq!(end.status, Status::Finished, "table {id} after {moves} moves");
        assert!(end.version > before.version, "table {id} moved on");
        tables.verify_replay(id).await.unwrap_or_else(|e| panic!("table {id}: old and new log replay: {e:?}"));
    }
}

#[tokio::test]
async fn finished_tables_and_lobbies_of_the_previous_release_read_back() {
    let (_dir, tables) = copy(RELEASE_4A266F6).await;
    let finished = tables.snapshot(TableId(4)).await.expect("the finished match");
    assert_eq!(finished.status, Status::Finished);
    let outcome = finished.outcome.expect("its standings");
    assert_eq!(outcome.standings.len(), 3);
    tables.verify_replay(TableId(4)).await.expect("replays");
    let lobby = tables.snapshot(TableId(5)).await.expect("the lobby");
    assert_eq!(lobby.status, Status::Lobby);
    tables.join(TableId(5), Participant { user: CAROL, name: "Carol".into() }).await.expect("a seat is taken");
    tables.start(TableId(5), ALICE).await.expect("the old lobby starts a game");
    let listed = tables.tables_of(Some(ALICE), Status::Running).await.expect("lists");
    assert!(listed.len() >= 4, "Alice's running tables, old and new: {}", listed.len());
}

#[tokio::test]
async fn tables_of_release_8250ac0_with_their_discord_rows_resume_and_play_to_the_end() {
    let (_dir, tables) = copy(RELEASE_8250AC0).await;
    // Migration 0006: every table with a place on Discord has its posts delivered through the
    // outbox from now on.
    let delivers: Vec<(i64, i64)> = sqlx::query_as("SELECT id, delivers FROM game_tables ORDER BY id")
        .fetch_all(tables.front_end_pool())
        .await
        .expect("read");
    assert_eq!(delivers, (1..=7).map(|id| (id, 1)).collect::<Vec<_>>());
    // Migration 0007: no table is paused, each grants the default away time, and nobody has
    // settings of their own (every default applies).
    let long: Vec<(Option<i64>, i64)> = sqlx::query_as("SELECT paused_at, away_allowance FROM game_tables ORDER BY id")
        .fetch_all(tables.front_end_pool())
        .await
        .expect("read");
    assert_eq!(long, vec![(None, DEFAULT_AWAY_ALLOWANCE); 7]);
    assert_eq!(tables.user_settings(DISCORD_ALICE).await.expect("settings"), UserSettings::default());
    let server = ServerId(crate::support::fake_discord::GUILD_ID);
    assert_eq!(tables.server_settings(server).await.expect("settings"), ServerSettings::default());
    assert!(tables.snapshot(TableId(1)).await.expect("snapshot").paused_at.is_none());
    // Migration 0008: nobody is away.
    assert_eq!(tables.away_now(DISCORD_ALICE, bot::table::now()).await.expect("away"), None);
    let games =
        [(1, "Martian Gunslinger"), (2, "Gunslinger Gang"), (3, "Martian 12s"), (4, "Conquest of Mars"), (5, "Raja")];
    play_on(&tables, &games).await;
    let finished = tables.snapshot(TableId(6)).await.expect("the finished match");
    assert!(finished.outcome.is_some_and(|o| o.standings.len() == 3));
    tables.verify_replay(TableId(6)).await.expect("replays");
    tables.join(TableId(7), Participant { user: CAROL, name: "Carol".into() }).await.expect("a seat is taken");
    tables.start(TableId(7), DISCORD_ALICE).await.expect("the old lobby starts a game");
}

/// The host of the 8250ac0 tables (the fake Discord's Alice).
const DISCORD_ALICE: UserId = UserId(900_000_000_000_001_001);

/// The Discord front end serves a table of release 8250ac0 from its stored place: `/status` in
/// its thread shows its board, and Bob, whose DMs that release marked closed, sees his hand.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_discord_front_end_serves_tables_of_release_8250ac0() {
    use crate::support::fake_discord::*;
    let harness = crate::discord::Harness::start_on(Some(RELEASE_8250AC0)).await;
    // Table 5 (Raja) was played in the thread the fixture's generator stored for it.
    let thread = 1_400_000_000_000_005_000;
    harness.fake.add_channel(FakeChannel::thread(thread, CHANNEL_ID, "Raja #5"));
    let status = harness.fake.slash_command(ALICE, thread, "status", vec![]).await;
    let reply = harness.fake.wait_reply(&status).await;
    let text = reply.content().unwrap_or_default();
    assert!(reply.is_success() && text.contains("table #5"), "{text}: {}", harness.fake.summary());
    let hand = harness.fake.slash_command(BOB, thread, "hand", vec![]).await;
    let reply = harness.fake.wait_reply(&hand).await;
    assert!(reply.ephemeral() && reply.content().is_some_and(|c| c.contains("only you")), "{:?}", reply.content());
    harness.finish().await;
}
