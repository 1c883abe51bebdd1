//! The long game's table layer on a real database (SQLite here; `tables_postgres.rs` runs it
//! again on Postgres): server and player settings, notes, pause, skipped pings, away and
//! rematch read back what they wrote, and refuse bad input without changing anything.

use bot::table::{
    AwayError, OnTimeout, Participant, Rematch, ServerChange, ServerId, ServerSettings, SettingError, Skill, Status,
    TableError, TableId, Tables, UserId, UserSettings, now,
};
use engines::GameKind;

use crate::support::{db, lobby};

const ALICE: UserId = UserId(101);
const BOB: UserId = UserId(202);
const CAROL: UserId = UserId(303);

fn who(user: UserId, name: &str) -> Participant {
    Participant { user, name: name.to_string() }
}

/// Alice and Bob at Martian 12s, started.
async fn started(tables: &Tables) -> TableId {
    let request = lobby::request(GameKind::Martian12s, (ALICE, "Alice"), 2, 5);
    let lobby = tables.open(request).await.expect("open");
    tables.join(lobby.id, who(BOB, "Bob")).await.expect("join");
    tables.start(lobby.id, ALICE).await.expect("start");
    lobby.id
}

#[tokio::test]
async fn server_and_player_settings_read_back_and_refusals_change_nothing() {
    let dir = tempfile::tempdir().expect("tempdir");
    let Some(url) = db::url(&dir).await else { return };
    let tables = Tables::new(db::open(&url).await);
    let server = ServerId(77);
    assert_eq!(tables.server_settings(server).await.expect("read"), ServerSettings::default());
    let change = ServerChange {
        turn_timeout: Some(7200),
        level: Some(Skill::Random),
        on_timeout: Some(OnTimeout::Computer),
        away_allowance: Some(3 * 86_400),
        host_role: Some(Some(5)),
        results_channel: Some(Some(6)),
    };
    let refused = tables.change_server(server, false, &change).await.expect_err("not a manager");
    assert!(matches!(refused, TableError::Setting(SettingError::NotManager)), "{refused:?}");
    let long = ServerChange { turn_timeout: Some(8 * 86_400), ..ServerChange::default() };
    assert!(matches!(
        tables.change_server(server, true, &long).await,
        Err(TableError::Setting(SettingError::TurnTimeout))
    ));
    assert_eq!(tables.server_settings(server).await.expect("read"), ServerSettings::default(), "nothing saved");
    let saved = tables.change_server(server, true, &change).await.expect("saved");
    assert_eq!(tables.server_settings(server).await.expect("read"), saved);
    let everyone = ServerChange { host_role: Some(None), ..ServerChange::default() };
    let after = tables.change_server(server, true, &everyone).await.expect("saved");
    assert_eq!(after, ServerSettings { host_role: None, ..saved }, "only the role changed");

    assert_eq!(tables.user_settings(ALICE).await.expect("read"), UserSettings::default());
    let mine = UserSettings {
        dm_on_turn: false,
        time_zone: Some("Europe/Berlin".into()),
        quiet: Some((22 * 60, 7 * 60)),
        digest_hour: Some(8),
        small_pictures: true,
        ..UserSettings::default()
    };
    tables.save_user_settings(ALICE, &mine).await.expect("save");
    tables.save_user_settings(ALICE, &mine).await.expect("save again");
    assert_eq!(tables.user_settings(ALICE).await.expect("read"), mine);
    assert_eq!(tables.user_settings(BOB).await.expect("read"), UserSettings::default(), "per player");
}

#[tokio::test]
async fn notes_pause_away_and_rematch_keep_their_stored_times() {
    let dir = tempfile::tempdir().expect("tempdir");
    let Some(url) = db::url(&dir).await else { return };
    let tables = Tables::new(db::open(&url).await);
    let id = started(&tables).await;

    tables.save_note(id, ALICE, " Bob bluffs ").await.expect("save");
    tables.save_note(id, ALICE, "Bob bluffs a lot").await.expect("replace");
    assert_eq!(tables.note(id, ALICE).await.expect("read").as_deref(), Some("Bob bluffs a lot"));
    assert_eq!(tables.note(id, BOB).await.expect("read"), None, "each player's own");
    assert!(matches!(tables.save_note(id, CAROL, "x").await, Err(TableError::NotSeated(_))));
    assert!(matches!(tables.save_note(id, ALICE, &"x".repeat(1001)).await, Err(TableError::NoteTooLong { .. })));
    tables.save_note(id, ALICE, "").await.expect("clear");
    assert_eq!(tables.note(id, ALICE).await.expect("read"), None);

    let at = now();
    let deadline = tables.snapshot(id).await.expect("snapshot").deadline_at.expect("a deadline");
    assert!(matches!(tables.pause(id, BOB, "Bob", false, true, at).await, Err(TableError::NotHost(_))));
    let paused = tables.pause(id, ALICE, "Alice", false, true, at).await.expect("pause");
    assert_eq!(paused.paused_at, Some(at));
    let waiting = paused.waiting_users()[0];
    let (_, private) = tables.private_view(id, waiting).await.expect("view");
    let action = private.legal[0].text.clone();
    assert!(matches!(tables.submit(id, waiting, &action, None).await, Err(TableError::Paused(_))));
    let back = tables.pause(id, ALICE, "Alice", false, false, at + 100).await.expect("unpause");
    assert_eq!((back.paused_at, back.deadline_at), (None, Some(deadline + 100)), "the time left is kept");

    tables.skip_pings(id, waiting).await.expect("skip");
    tables.skip_pings(id, waiting).await.expect("skip again");
    assert!(matches!(tables.skip_pings(id, CAROL).await, Err(TableError::NotSeated(_))));
    assert_eq!(tables.store().skipping(id).await.expect("read").len(), 1, "one row per player");

    assert!(matches!(tables.go_away(waiting, 0, None, at).await, Err(TableError::AwayTime(AwayError::TooShort))));
    assert!(matches!(
        tables.go_away(waiting, 8, None, at).await,
        Err(TableError::AwayTime(AwayError::TooLong { most: 7 }))
    ));
    let told = tables.go_away(waiting, 2, Some("trip".into()), at).await.expect("away");
    assert_eq!(told.len(), 1, "the one table is told");
    assert_eq!(tables.away_now(waiting, at + 10).await.expect("read").map(|a| a.until), Some(at + 2 * 86_400));
    tables.come_back(waiting, at + 10).await.expect("back");
    assert_eq!(tables.away_now(waiting, at + 11).await.expect("read"), None);
    assert!(matches!(tables.come_back(waiting, at + 12).await, Err(TableError::AwayTime(AwayError::NotAway))));

    assert!(matches!(tables.rematch(id, &who(ALICE, "Alice")).await, Err(TableError::NotOver(_))));
    tables.resign(id, BOB).await.expect("Bob resigns");
    assert!(matches!(tables.rematch(id, &who(CAROL, "Carol")).await, Err(TableError::NotPlayer(_))));
    let Rematch::Opened(lobby) = tables.rematch(id, &who(BOB, "Bob")).await.expect("asked") else {
        panic!("a new lobby");
    };
    assert_eq!(lobby.seats.iter().map(|s| s.user).collect::<Vec<_>>(), vec![Some(BOB), Some(ALICE)]);
    assert_eq!(lobby.rematch_of, Some(id));
    let Rematch::Started(report) = tables.rematch(id, &who(ALICE, "Alice")).await.expect("confirmed") else {
        panic!("everyone confirmed");
    };
    assert_eq!(report.snapshot.status, Status::Running);
    assert!(matches!(tables.rematch(id, &who(ALICE, "Alice")).await, Err(TableError::RematchBegan { .. })));
}

/// Quiet hours and the digest (item 3): a held notice waits for its not-before time and is
/// taken once; a digest is scheduled, then moved on to the next day by exactly one taker.
#[tokio::test]
async fn held_notices_and_digests_are_taken_once() {
    let dir = tempfile::tempdir().expect("tempdir");
    let Some(url) = db::url(&dir).await else { return };
    let tables = Tables::new(db::open(&url).await);
    let id = started(&tables).await;
    let at = now();
    tables.hold_notice(id, BOB, "turn", at + 600).await.expect("hold");
    tables.hold_notice(id, BOB, "reminder", at + 900).await.expect("hold again");
    assert!(tables.due_notices(at, 10).await.expect("due").is_empty(), "not before the quiet hours end");
    assert!(!tables.take_notice(id, BOB, at).await.expect("take"));
    assert_eq!(tables.due_notices(at + 900, 10).await.expect("due"), vec![(id, BOB, "reminder".to_string())]);
    assert!(tables.take_notice(id, BOB, at + 900).await.expect("take"));
    assert!(!tables.take_notice(id, BOB, at + 900).await.expect("taken once"));

    let settings = UserSettings { digest_hour: Some(8), ..UserSettings::default() };
    tables.save_user_settings(ALICE, &settings).await.expect("save");
    assert_eq!(tables.due_digests(at, 10).await.expect("due"), vec![(ALICE, None)], "not scheduled yet");
    assert!(tables.advance_digest(ALICE, None, at).await.expect("schedule"));
    assert!(tables.due_digests(at, 10).await.expect("due").is_empty());
    let next = at + 2 * 86_400;
    let due = tables.due_digests(next, 10).await.expect("due");
    let was = due.first().and_then(|(_, was)| *was).expect("scheduled");
    assert!(was > at && was <= at + 86_400, "within a day: {was}");
    assert!(tables.advance_digest(ALICE, Some(was), next).await.expect("move on"));
    assert!(!tables.advance_digest(ALICE, Some(was), next).await.expect("moved once"));
}

/// Sets table `id`'s deadline, as if time had passed.
async fn set_deadline(tables: &Tables, id: TableId, deadline: i64) {
    sqlx::query("UPDATE game_tables SET deadline_at = $1 WHERE id = $2")
        .bind(deadline)
        .bind(id.0)
        .execute(tables.front_end_pool())
        .await
        .expect("deadline");
}

/// Item 1, away from a later date, on a controlled clock (every call is given its time): a
/// start that is not a date, in the past or too far ahead is refused in words and changes
/// nothing; away time planned for later can be called off; before its start a late turn
/// times out as usual, and from its start the clock stops.
#[tokio::test]
async fn away_from_a_later_date_stops_clocks_only_from_its_start() {
    let dir = tempfile::tempdir().expect("tempdir");
    let Some(url) = db::url(&dir).await else { return };
    let tables = Tables::new(db::open(&url).await);
    let (early, late) = (started(&tables).await, started(&tables).await);
    let waiting = tables.snapshot(early).await.expect("snapshot").waiting_users()[0];
    assert_eq!(tables.snapshot(late).await.expect("snapshot").waiting_users(), vec![waiting], "same seed");
    let at = now();
    // No time zone set: dates are UTC days. Tomorrow starts at `start`.
    let start = (at / 86_400 + 1) * 86_400;
    let day = |offset: i64| {
        chrono::DateTime::from_timestamp(at + offset * 86_400, 0).expect("a time").format("%Y-%m-%d").to_string()
    };
    let refused = |result: Result<Vec<bot::table::Snapshot>, TableError>| match result {
        Err(TableError::AwayTime(err)) => err.to_string(),
        other => panic!("refused: {other:?}"),
    };
    let past = refused(tables.go_away_from(waiting, Some(&day(-1)), 2, None, at).await);
    assert_eq!(
        past,
        format!("{} is in the past: your away time can start today or on a later day. Nothing was changed.", day(-1))
    );
    let text = refused(tables.go_away_from(waiting, Some("next week"), 2, None, at).await);
    assert!(text.starts_with("\"next week\" is not a date: give the first day you are away like"), "{text}");
    let text = refused(tables.go_away_from(waiting, Some(&day(61)), 2, None, at).await);
    assert!(text.contains("at most 60 days ahead"), "{text}");
    assert_eq!(tables.away_planned(waiting, at).await.expect("read"), None, "nothing was changed");

    let told = tables.go_away_from(waiting, Some(&day(1)), 2, Some("trip".into()), at).await.expect("planned");
    assert_eq!(told.len(), 2, "both tables are told now");
    let planned = tables.away_planned(waiting, at).await.expect("read").expect("planned");
    assert_eq!((planned.since, planned.until), (start, start + 2 * 86_400));
    assert_eq!(tables.away_now(waiting, at).await.expect("read"), None, "not away before the start");
    assert!(tables.come_back(waiting, at).await.expect("called off").len() == 2);
    assert_eq!(tables.away_planned(waiting, at).await.expect("read"), None, "called off");
    tables.go_away_from(waiting, Some(&day(1)), 2, None, at).await.expect("planned again");

    // A deadline passing before the start: the late policy applies.
    set_deadline(&tables, early, start - 10).await;
    assert!(tables.expire(early, start - 5).await.expect("expire").is_some(), "timed out");
    let log = tables.log(early).await.expect("log");
    assert!(log.iter().any(|e| e.origin == bot::table::Origin::Timeout), "{log:?}");
    // A deadline passing after the start: the clock stopped at the start with 50 s left, and
    // starts again when the away time ends.
    set_deadline(&tables, late, start + 50).await;
    assert!(tables.expire(late, start + 100).await.expect("expire").is_none(), "no timeout");
    let deadline = tables.snapshot(late).await.expect("snapshot").deadline_at;
    assert_eq!(deadline, Some(start + 2 * 86_400 + 50));
    assert!(tables.log(late).await.expect("log").is_empty());
}
