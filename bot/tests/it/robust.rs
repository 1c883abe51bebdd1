//! Failures of the machine under the bot, named to whoever can act on them: the database file
//! deleted or replaced under a running bot, a full disk, a damaged table row; and a resigned
//! player's seat, which only watches. Each on a real SQLite file.

use bot::store::Fault;
use bot::table::{LobbyRequest, Participant, TableError, Tables};
use bot::table::{Skill, Status, TableId, UserId};
use engines::GameKind;
use serde_json::json;

use crate::support::{db, lobby};

const ALICE: UserId = UserId(101);
const BOB: UserId = UserId(202);

fn who(user: UserId, name: &str) -> Participant {
    Participant { user, name: name.to_string() }
}

/// Alice and Bob at a Martian 12s table with one computer, started.
async fn started(tables: &Tables, seed: u64) -> TableId {
    started_with(tables, seed, json!({})).await
}

/// The same with `options`.
async fn started_with(tables: &Tables, seed: u64, options: serde_json::Value) -> TableId {
    let request = LobbyRequest { options, ..lobby::request(GameKind::Martian12s, (ALICE, "Alice"), 3, seed) };
    let lobby = tables.open(request).await.expect("open");
    tables.join(lobby.id, who(BOB, "Bob")).await.expect("bob joins");
    tables.add_computer(lobby.id, ALICE, Skill::Random).await.expect("a computer");
    tables.start(lobby.id, ALICE).await.expect("start");
    lobby.id
}

/// The human the game waits for, a legal action of theirs (the last listed: in Martian 12s a
/// pass, so the humans do not go broke and the match lasts), and the version.
async fn next_move(tables: &Tables, id: TableId) -> (UserId, String, i64) {
    let snapshot = tables.snapshot(id).await.expect("snapshot");
    let user = *snapshot.waiting_users().first().unwrap_or_else(|| panic!("someone to move: {:?}", snapshot.outcome));
    let (_, private) = tables.private_view(id, user).await.expect("private view");
    let action = private.legal.last().expect("a legal action").text.clone();
    (user, action, snapshot.version)
}

fn sqlite_file(dir: &tempfile::TempDir) -> std::path::PathBuf {
    dir.path().join("saloon.db")
}

/// Moves `file` (and its write-ahead log) to `to`: the file at the path is gone.
fn move_database(file: &std::path::Path, to: &std::path::Path) {
    for suffix in ["", "-wal", "-shm"] {
        let from = format!("{}{suffix}", file.display());
        if std::path::Path::new(&from).exists() {
            std::fs::rename(&from, format!("{}{suffix}", to.display())).expect("move the database");
        }
    }
}

fn assert_storage(error: &TableError, fault: Fault) {
    assert!(matches!(error, TableError::Storage { fault: f, .. } if *f == fault), "{error:?}");
    assert!(error.is_internal() && !error.may_pass(), "{error:?}");
    let text = error.to_string();
    assert!(!text.to_lowercase().contains("try again"), "retrying cannot help: {text}");
    assert!(text.contains("server's admin"), "{text}");
}

#[tokio::test]
async fn a_database_file_deleted_under_the_bot_refuses_every_write_and_says_why() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = sqlite_file(&dir);
    let tables = Tables::new(db::open(file.to_str().expect("utf-8")).await);
    let id = started(&tables, 5).await;
    let (user, action, version) = next_move(&tables, id).await;
    move_database(&file, &dir.path().join("elsewhere.db"));
    let error = tables.submit(id, user, &action, Some(version)).await.expect_err("the file is gone");
    assert_storage(&error, Fault::FileGone);
    assert!(error.to_string().contains("deleted or replaced"), "{error}");
    assert!(error.log_detail().contains("was deleted") && error.log_detail().contains("saloon.db"), "{error:?}");
    // Every other kind of write is refused too, not only moves.
    let error = tables.open(start_request()).await.expect_err("no new table either");
    assert_storage(&error, Fault::FileGone);
    // Nor the Discord front end's own rows (where a table lives, its panels).
    let rows = bot::discord::rows::Rows::open(&tables);
    let refused = rows.set_home(id, None, 1).await.expect_err("no Discord row either");
    assert!(refused.to_string().contains("deleted"), "{refused}");
    // Put back, the file takes writes again, and the refused move was never saved.
    move_database(&dir.path().join("elsewhere.db"), &file);
    let report = tables.submit(id, user, &action, Some(version)).await.expect("the file is back");
    assert_eq!(report.snapshot.version, version + 1, "the refused move left nothing behind");
}

fn start_request() -> LobbyRequest {
    lobby::request(GameKind::Raja, (ALICE, "Alice"), 3, 1)
}

#[tokio::test]
async fn a_database_file_replaced_under_the_bot_is_not_written_to() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = sqlite_file(&dir);
    let tables = Tables::new(db::open(file.to_str().expect("utf-8")).await);
    let id = started(&tables, 6).await;
    let (user, action, version) = next_move(&tables, id).await;
    // A backup copied over the live file: another file (another inode) at the same path.
    let copy = dir.path().join("backup.db");
    std::fs::copy(&file, &copy).expect("copy");
    move_database(&file, &dir.path().join("old.db"));
    std::fs::rename(&copy, &file).expect("replace");
    let error = tables.submit(id, user, &action, Some(version)).await.expect_err("another file");
    assert_storage(&error, Fault::FileGone);
    assert!(error.log_detail().contains("replaced"), "{error:?}");
}

/// Sets SQLite's page limit on every connection of the pool (`None`: the pages the file holds
/// now, then fills their free room), so that a write needing one more page fails as on a full
/// disk: "database or disk is full".
async fn fill_the_disk(pool: &sqlx::AnyPool, pages: Option<i64>) {
    if pages.is_none() {
        sqlx::raw_sql("CREATE TABLE filler (junk BLOB)").execute(pool).await.expect("filler");
    }
    let mut held = Vec::new();
    // The store's pool keeps at most four connections: hold them all, so each gets the limit.
    for _ in 0..4 {
        held.push(pool.acquire().await.expect("a connection"));
    }
    for conn in &mut held {
        let limit = match pages {
            Some(pages) => pages,
            None => sqlx::query_scalar::<_, i64>("PRAGMA page_count").fetch_one(&mut **conn).await.expect("pages"),
        };
        sqlx::raw_sql(sqlx::AssertSqlSafe(format!("PRAGMA max_page_count = {limit}")))
            .execute(&mut **conn)
            .await
            .expect("limit");
    }
    if pages.is_none() {
        let conn = &mut *held[0];
        for size in [4000, 1000, 200, 20] {
            while sqlx::query(sqlx::AssertSqlSafe(format!("INSERT INTO filler VALUES (randomblob({size}))")))
                .execute(&mut *conn)
                .await
                .is_ok()
            {}
        }
    }
}

#[tokio::test]
async fn a_full_disk_is_named_and_the_move_is_not_saved() {
    let dir = tempfile::tempdir().expect("tempdir");
    let tables = Tables::new(db::open(sqlite_file(&dir).to_str().expect("utf-8")).await);
    // A long match: its action log needs a new page before long.
    let id = started_with(&tables, 7, json!({"rounds": 50})).await;
    fill_the_disk(tables.front_end_pool(), None).await;
    // The last pages of the log may still have room for some moves; a later one needs a page.
    let mut refused = None;
    for _ in 0..2_000 {
        let (user, action, version) = next_move(&tables, id).await;
        if let Err(error) = tables.submit(id, user, &action, Some(version)).await {
            refused = Some((error, user, action, version));
            break;
        }
    }
    let (error, user, action, version) = refused.expect("the disk fills up");
    assert_storage(&error, Fault::DiskFull);
    assert!(error.to_string().contains("disk is full") && error.to_string().contains("not saved"), "{error}");
    assert!(error.log_detail().contains("full"), "{error:?}");
    assert_eq!(tables.snapshot(id).await.expect("still readable").version, version, "nothing was saved");
    // Room again: the same move goes through.
    fill_the_disk(tables.front_end_pool(), Some(1 << 30)).await;
    tables.submit(id, user, &action, Some(version)).await.expect("room again");
}

#[tokio::test]
async fn a_damaged_table_says_so_and_the_other_tables_play_on() {
    let dir = tempfile::tempdir().expect("tempdir");
    let tables = Tables::new(db::open(sqlite_file(&dir).to_str().expect("utf-8")).await);
    let sound = started(&tables, 8).await;
    let damaged = started(&tables, 9).await;
    let (user, action, version) = next_move(&tables, damaged).await;
    sqlx::query("UPDATE game_tables SET state = 'garbage, not a game' WHERE id = $1")
        .bind(damaged.0)
        .execute(tables.front_end_pool())
        .await
        .expect("damage the row");
    let error = tables.submit(damaged, user, &action, Some(version)).await.expect_err("damaged");
    assert!(matches!(error, TableError::Damaged { table, .. } if table == damaged), "{error:?}");
    assert!(!error.may_pass());
    assert_eq!(
        error.to_string(),
        format!(
            "Table #{damaged}'s saved state is damaged, so it cannot be played; the other tables are fine. Please tell the server's admin."
        )
    );
    assert!(error.log_detail().contains("saved state unreadable"), "{}", error.log_detail());
    let (user, action, version) = next_move(&tables, sound).await;
    tables.submit(sound, user, &action, Some(version)).await.expect("the sound table plays on");
}

#[tokio::test]
async fn a_player_who_resigned_sees_the_seat_but_has_no_choices() {
    let dir = tempfile::tempdir().expect("tempdir");
    let tables = Tables::new(db::open(sqlite_file(&dir).to_str().expect("utf-8")).await);
    // Raja: a seat keeps being among those who may act (trades) even while others decide.
    for game in [GameKind::Martian12s, GameKind::Raja, GameKind::ConquestOfMars] {
        let request = LobbyRequest { game, seed: Some(11), ..start_request() };
        let lobby = tables.open(request).await.expect("open");
        tables.join(lobby.id, who(BOB, "Bob")).await.expect("bob joins");
        tables.add_computer(lobby.id, ALICE, Skill::Random).await.expect("a computer");
        tables.start(lobby.id, ALICE).await.expect("start");
        tables.resign(lobby.id, BOB).await.expect("bob resigns");
        let snapshot = tables.snapshot(lobby.id).await.expect("snapshot");
        if snapshot.status != Status::Running {
            continue;
        }
        let (_, private) = tables.private_view(lobby.id, BOB).await.expect("bob still sees his seat");
        assert!(private.legal.is_empty() && private.first_step.is_none(), "{game:?}: {:?}", private.legal);
        assert!(!private.waited_for, "{game:?}");
    }
}
