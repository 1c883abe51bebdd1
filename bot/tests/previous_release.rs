//! A database written by the previous release resumes: `tests/fixtures/release-4a266f6.sqlite`
//! was made by release 4a266f6 (the last before engine contract v2) with the generator kept in
//! `tests/fixtures/README.md`: Martian Gunslinger, Gunslinger Gang and Martian 12s tables in
//! mid-play (two people and a computer player each), a finished match and an open lobby.
//! Each test works on a copy in a temporary directory.

use bot::store::{Status, Store, TableId, UserId};
use bot::table::{Participant, Tables};

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/release-4a266f6.sqlite");
const ALICE: UserId = UserId(101);
const CAROL: UserId = UserId(303);

async fn copy() -> (tempfile::TempDir, Tables) {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("saloon.db");
    std::fs::copy(FIXTURE, &path).expect("copy the fixture");
    let store = Store::open(path.to_str().expect("utf-8 path")).await.expect("the old database opens and migrates");
    (dir, Tables::new(store))
}

#[tokio::test]
async fn running_tables_of_the_previous_release_resume_and_play_to_the_end() {
    let (_dir, tables) = copy().await;
    for (id, game) in [(1, "Martian Gunslinger"), (2, "Gunslinger Gang"), (3, "Martian 12s")] {
        let id = TableId(id);
        let before = tables.snapshot(id).await.unwrap_or_else(|e| panic!("table {id}: {e:?}"));
        assert_eq!(before.status, Status::Running, "table {id}");
        assert_eq!(before.game.name(), game);
        tables.verify_replay(id).await.unwrap_or_else(|e| panic!("table {id}: the old log replays: {e:?}"));
        // Play on to the end with the new engines: every saved decision is still understood.
        let mut moves = 0;
        loop {
            let snapshot = tables.snapshot(id).await.expect("snapshot");
            let Some(&user) = snapshot.waiting_users().first() else { break };
            let private = tables.private_view(id, user).await.expect("private view");
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
    let (_dir, tables) = copy().await;
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
