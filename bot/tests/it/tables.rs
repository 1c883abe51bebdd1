//! The table layer on a real database: a fresh temporary SQLite file per test here, a fresh
//! Postgres database per test when `tables_postgres.rs` runs this suite.

use bot::table::{LobbyRequest, Participant, TableError, Tables};
use bot::table::{OnTimeout, Origin, Skill, Status, TableId, UserId};
use engines::GameKind;
use serde_json::json;

use crate::support::{db, lobby};

const ALICE: UserId = UserId(101);
const BOB: UserId = UserId(202);
const CAROL: UserId = UserId(303);

fn who(user: UserId, name: &str) -> Participant {
    Participant { user, name: name.to_string() }
}

async fn tables(url: &str) -> Tables {
    Tables::new(db::open(url).await)
}

fn request(players: u8, computers: u8, seed: u64) -> LobbyRequest {
    LobbyRequest { computers, ..lobby::request(GameKind::Martian12s, (ALICE, "Alice"), players, seed) }
}

/// Alice and Bob seated with one computer player, started.
async fn started_table(tables: &Tables, seed: u64) -> TableId {
    let lobby = tables.open(request(3, 0, seed)).await.expect("open");
    tables.join(lobby.id, who(BOB, "Bob")).await.expect("bob joins");
    tables.add_computer(lobby.id, BOB, Skill::Random).await.expect("computer added");
    tables.start(lobby.id, ALICE).await.expect("start");
    lobby.id
}

/// The human the game waits for, and their first legal action.
async fn next_human_move(tables: &Tables, id: TableId) -> Option<(UserId, String, i64)> {
    let snapshot = tables.snapshot(id).await.expect("snapshot");
    let user = *snapshot.waiting_users().first()?;
    let (_, private) = tables.private_view(id, user).await.expect("private view");
    let action = private.legal.last().map(|a| a.text.clone())?; // "pass" ends games quickly
    Some((user, action, snapshot.version))
}

#[tokio::test]
async fn a_lobby_fills_starts_and_plays_to_the_end() {
    let dir = tempfile::tempdir().expect("tempdir");
    let Some(url) = db::url(&dir).await else { return };
    let tables = tables(&url).await;
    let lobby = tables.open(request(3, 0, 7)).await.expect("open");
    assert_eq!(lobby.status, Status::Lobby);
    assert!(matches!(tables.start(lobby.id, ALICE).await, Err(TableError::TooFew { need: 2, have: 1, .. })));
    let after_join = tables.join(lobby.id, who(BOB, "Bob")).await.expect("join");
    assert_eq!(after_join.names(), ["Alice", "Bob"]);
    assert!(matches!(tables.join(lobby.id, who(BOB, "Bob")).await, Err(TableError::AlreadySeated(_))));
    assert!(matches!(tables.start(lobby.id, BOB).await, Err(TableError::NotHost(_))));
    let full = tables.add_computer(lobby.id, ALICE, Skill::Random).await.expect("computer");
    assert_eq!(full.seats.len(), 3);
    assert!(full.seats[2].user.is_none());
    assert!(matches!(tables.join(lobby.id, who(CAROL, "Carol")).await, Err(TableError::Full(_))));
    let report = tables.start(lobby.id, ALICE).await.expect("start");
    assert!(report.outcome().is_none());
    let mut moves = 0;
    while let Some((user, action, version)) = next_human_move(&tables, lobby.id).await {
        let report = tables.submit(lobby.id, user, &action, Some(version)).await.expect("legal move");
        assert_eq!(report.snapshot.version, version + 1, "one save per move");
        moves += 1;
        assert!(moves < 2_000, "the match ends");
    }
    let end = tables.snapshot(lobby.id).await.expect("snapshot");
    assert_eq!(end.status, Status::Finished);
    let outcome = end.outcome.expect("outcome");
    assert_eq!(outcome.standings.len(), 3);
    tables.verify_replay(lobby.id).await.expect("seed + log rebuild the saved state");
    let err = tables.submit(lobby.id, ALICE, "pass", None).await.expect_err("over");
    assert!(matches!(err, TableError::Over(_)), "{err}");
}

#[tokio::test]
async fn reopening_the_database_continues_the_game() {
    let dir = tempfile::tempdir().expect("tempdir");
    let Some(url) = db::url(&dir).await else { return };
    let (id, before) = {
        let tables = tables(&url).await;
        let id = started_table(&tables, 11).await;
        let (user, action, version) = next_human_move(&tables, id).await.expect("someone to move");
        tables.submit(id, user, &action, Some(version)).await.expect("move");
        let snapshot = tables.snapshot(id).await.expect("snapshot");
        tables.store().close().await;
        (id, snapshot)
    };
    let tables = tables(&url).await;
    let after = tables.snapshot(id).await.expect("snapshot after reopening");
    assert_eq!(after.version, before.version);
    assert_eq!(after.names(), before.names());
    assert_eq!(format!("{:?}", after.view), format!("{:?}", before.view), "same board after a restart");
    let (user, action, version) = next_human_move(&tables, id).await.expect("game goes on");
    tables.submit(id, user, &action, Some(version)).await.expect("the next move still works");
    tables.verify_replay(id).await.expect("replay");
}

#[tokio::test]
async fn refusals_follow_the_fixed_order_and_change_nothing() {
    let dir = tempfile::tempdir().expect("tempdir");
    let Some(url) = db::url(&dir).await else { return };
    let tables = tables(&url).await;
    let id = started_table(&tables, 3).await;
    let snapshot = tables.snapshot(id).await.expect("snapshot");
    let waiting = snapshot.waiting_users()[0];
    let other = if waiting == ALICE { BOB } else { ALICE };

    let missing = tables.submit(TableId(999), ALICE, "pass", None).await.expect_err("unknown");
    assert!(matches!(missing, TableError::NoSuchTable(_)), "{missing}");
    assert_eq!(missing.to_string(), "There is no table #999.");
    let stranger = tables.submit(id, CAROL, "pass", None).await.expect_err("not seated");
    assert!(matches!(stranger, TableError::NotSeated(_)), "{stranger}");
    let early = tables.submit(id, other, "pass", None).await.expect_err("not pending");
    assert!(matches!(early, TableError::NotYourDecision { .. }), "{early}");
    assert!(early.to_string().contains(&snapshot.names()[snapshot.seat_of(waiting).expect("seated").index()]));
    let nonsense = tables.submit(id, waiting, "pull Z", None).await.expect_err("bad text");
    // The legal choices are listed by their labels, never their action text (#24 item 1).
    assert!(nonsense.to_string().contains("Pull small ("), "{nonsense}");
    assert!(!nonsense.to_string().contains("pull S"), "{nonsense}");
    let stale = tables.submit(id, waiting, "pass", Some(snapshot.version - 1)).await.expect_err("stale");
    assert!(matches!(stale, TableError::Stale(_)), "{stale}");

    let unchanged = tables.snapshot(id).await.expect("snapshot");
    assert_eq!(unchanged.version, snapshot.version, "refusals change nothing");
    assert!(tables.store().log(id).await.expect("log").iter().all(|e| e.origin != Origin::Player));
}

#[tokio::test]
async fn two_clicks_on_one_board_only_the_first_counts() {
    let dir = tempfile::tempdir().expect("tempdir");
    let Some(url) = db::url(&dir).await else { return };
    let tables = tables(&url).await;
    let id = started_table(&tables, 5).await;
    let (user, action, version) = next_human_move(&tables, id).await.expect("move");
    tables.submit(id, user, &action, Some(version)).await.expect("first click");
    let second = tables.submit(id, user, &action, Some(version)).await;
    assert!(second.is_err(), "the second click on the old board is refused");
}

#[tokio::test]
async fn resigning_and_abandoning() {
    let dir = tempfile::tempdir().expect("tempdir");
    let Some(url) = db::url(&dir).await else { return };
    let tables = tables(&url).await;
    let id = started_table(&tables, 9).await;
    let report = tables.resign(id, BOB).await.expect("bob resigns, any time");
    assert!(report.narration.iter().any(|n| n.text.contains("Bob resigns")));
    assert!(matches!(tables.resign(id, BOB).await, Err(TableError::CannotResign)));
    assert!(matches!(tables.abandon(id, BOB, "Bob", false).await, Err(TableError::NotHost(_))));
    let abandoned = tables.abandon(id, BOB, "Bob", true).await.expect("a moderator may abandon");
    assert_eq!(abandoned.status, Status::Abandoned);
    assert!(matches!(tables.submit(id, ALICE, "pass", None).await, Err(TableError::Over(_))));
}

#[tokio::test]
async fn a_timed_out_player_passes_and_the_log_says_so() {
    let dir = tempfile::tempdir().expect("tempdir");
    let Some(url) = db::url(&dir).await else { return };
    let tables = tables(&url).await;
    let id = started_table(&tables, 13).await;
    let snapshot = tables.snapshot(id).await.expect("snapshot");
    let deadline = snapshot.deadline_at.expect("a human is pending, so a deadline is set");
    assert!(tables.expire(id, deadline - 1).await.expect("early").is_none(), "not due yet");
    let reminder = tables.take_reminder(id, deadline - snapshot.turn_timeout / 2).await.expect("reminder");
    assert!(reminder.is_some(), "half-time reminder is due");
    assert!(tables.take_reminder(id, deadline - 10).await.expect("again").is_none(), "only once");
    assert_eq!(tables.due(deadline).await.expect("due"), vec![id]);
    let report = tables.expire(id, deadline).await.expect("expire").expect("due");
    assert_eq!(report.moves[0].action, "pass");
    assert_eq!(report.moves[0].origin, Origin::Timeout);
    let log = tables.store().log(id).await.expect("log");
    assert!(log.iter().any(|e| e.origin == Origin::Timeout));
    tables.verify_replay(id).await.expect("replay");
}

#[tokio::test]
async fn the_action_log_is_append_only() {
    let dir = tempfile::tempdir().expect("tempdir");
    let Some(url) = db::url(&dir).await else { return };
    let tables = tables(&url).await;
    let id = started_table(&tables, 17).await;
    let (user, action, version) = next_human_move(&tables, id).await.expect("move");
    tables.submit(id, user, &action, Some(version)).await.expect("move");
    let log = tables.log(id).await.expect("log");
    assert!(!log.is_empty());
    let pool = tables.front_end_pool();
    let edit = sqlx::query("UPDATE actions SET action = 'pull L'").execute(pool).await;
    assert!(edit.is_err(), "rewriting history is refused");
    let erase = sqlx::query("DELETE FROM actions").execute(pool).await;
    assert!(erase.is_err(), "erasing history is refused");
    assert_eq!(tables.log(id).await.expect("log"), log, "the log is as it was");
}

#[tokio::test]
async fn bad_lobbies_are_refused_with_reasons() {
    let dir = tempfile::tempdir().expect("tempdir");
    let Some(url) = db::url(&dir).await else { return };
    let tables = tables(&url).await;
    let err = tables.open(request(12, 0, 1)).await.expect_err("too many");
    assert!(err.to_string().contains("2 to 9 players"), "{err}");
    let err = tables.open(LobbyRequest { options: json!({"single_set": true}), ..request(3, 0, 1) }).await;
    assert!(err.expect_err("bad option").to_string().contains("single_set"));
    let err = tables.open(request(3, 3, 1)).await.expect_err("no seat left for the host");
    assert!(err.to_string().contains("at most 2 computer players"), "{err}");
}

/// Plays Martian Gunslinger with three humans (each picks a legal action by a fixed sequence)
/// until at least two of them owe a sealed answer at once; returns the table and those users.
async fn simultaneous_decision(tables: &Tables, seed: u64) -> (TableId, Vec<UserId>) {
    let mut request = request(3, 0, seed);
    request.game = GameKind::MartianGunslinger;
    let lobby = tables.open(request).await.expect("open");
    tables.join(lobby.id, who(BOB, "Bob")).await.expect("bob joins");
    tables.join(lobby.id, who(CAROL, "Carol")).await.expect("carol joins");
    tables.start(lobby.id, ALICE).await.expect("start");
    let mut pick = seed;
    for _ in 0..5_000 {
        let snapshot = tables.snapshot(lobby.id).await.expect("snapshot");
        let waiting = snapshot.waiting_users();
        if waiting.len() >= 2 {
            return (lobby.id, waiting);
        }
        assert_eq!(snapshot.status, Status::Running, "the game ended before anyone answered together");
        let user = waiting[0];
        let (_, private) = tables.private_view(lobby.id, user).await.expect("private view");
        pick = pick.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        let action = &private.legal[(pick >> 33) as usize % private.legal.len()].text;
        tables.submit(lobby.id, user, action, Some(snapshot.version)).await.expect("legal move");
    }
    panic!("no simultaneous decision within 5,000 moves");
}

#[tokio::test]
async fn one_mention_and_one_clock_per_decision() {
    let dir = tempfile::tempdir().expect("tempdir");
    let Some(url) = db::url(&dir).await else { return };
    let tables = tables(&url).await;

    // A turn passing to the next player is a new decision for them.
    let id = started_table(&tables, 17).await;
    let (user, action, version) = next_human_move(&tables, id).await.expect("someone to move");
    let report = tables.submit(id, user, &action, Some(version)).await.expect("move");
    let waiting = tables.snapshot(id).await.expect("snapshot").waiting_users();
    assert_eq!(report.fresh_users(), waiting, "whoever must act next is told");

    // Two players owing sealed answers: when one answers, the other is not pinged again and
    // keeps their deadline and the reminder already sent.
    let (id, waiting) = simultaneous_decision(&tables, 5).await;
    let (first, others) = waiting.split_first().expect("two waiting");
    for _ in 0..50 {
        let before = tables.snapshot(id).await.expect("snapshot");
        let deadline = before.deadline_at.expect("humans are pending");
        let half = deadline - before.turn_timeout / 2;
        let _ = tables.take_reminder(id, half).await.expect("reminder");
        let before = tables.snapshot(id).await.expect("snapshot");
        let (_, private) = tables.private_view(id, *first).await.expect("private view");
        let action = private.legal[0].text.clone();
        let report = tables.submit(id, *first, &action, Some(before.version)).await.expect("sealed answer");
        let after = tables.snapshot(id).await.expect("snapshot");
        let still: Vec<UserId> = others.iter().copied().filter(|o| after.waiting_users().contains(o)).collect();
        assert!(!still.is_empty(), "the others still owe their sealed answers");
        for other in &still {
            assert!(!report.fresh_users().contains(other), "{other:?} owes the same answer: no new ping or DM");
        }
        if after.waiting_users().contains(first) {
            // Answering step by step: the same turn, so no new ping and the same clock.
            assert!(report.fresh_users().is_empty(), "no ping between the steps of one answer");
            assert_eq!(after.deadline_at, Some(deadline), "one clock for all the steps");
            continue;
        }
        assert!(report.fresh.is_empty(), "nobody faces a new decision");
        assert_eq!(after.deadline_at, Some(deadline), "the clock runs on for the same decision");
        assert!(tables.take_reminder(id, half).await.expect("reminder").is_none(), "no second reminder");
        return;
    }
    panic!("the first player's sealed answer never completed");
}

#[tokio::test]
async fn the_host_hands_a_quiet_players_seat_to_a_computer_and_the_player_takes_it_back() {
    let dir = tempfile::tempdir().expect("tempdir");
    let Some(url) = db::url(&dir).await else { return };
    let tables = tables(&url).await;
    let lobby = tables.open(request(3, 0, 21)).await.expect("open");
    tables.join(lobby.id, who(BOB, "Bob")).await.expect("bob joins");
    let early = tables.stand_in(lobby.id, ALICE, false, BOB, "Bob").await;
    assert!(matches!(early, Err(TableError::NotStarted(_))), "{early:?}");
    tables.add_computer(lobby.id, ALICE, Skill::Random).await.expect("computer");
    tables.start(lobby.id, ALICE).await.expect("start");
    let id = lobby.id;

    let before = tables.snapshot(id).await.expect("snapshot");
    let refused = tables.stand_in(id, BOB, false, ALICE, "Alice").await;
    assert!(matches!(refused, Err(TableError::NotHost(_))), "only the host: {refused:?}");
    let stranger = tables.stand_in(id, ALICE, false, CAROL, "Carol").await.expect_err("not seated");
    assert_eq!(stranger.to_string(), format!("Carol has no seat at table #{id} that a person plays."));
    let not_away = tables.rejoin(id, BOB).await.expect_err("Bob plays his own seat");
    assert!(matches!(not_away, TableError::NotAway(_)), "{not_away:?}");
    assert_eq!(tables.snapshot(id).await.expect("snapshot").version, before.version, "refusals change nothing");

    // A moderator may act for the host; Bob keeps his seat, name and holdings, and a computer
    // plays it (at once when the game waits for it), with a public line saying so.
    let report = tables.stand_in(id, CAROL, true, BOB, "Bob").await.expect("handed over");
    let after = tables.snapshot(id).await.expect("snapshot");
    assert_eq!((after.seats[1].name.as_str(), after.seats[1].user, after.seats[1].away), ("Bob", Some(BOB), true));
    let lines = report.narration_for(engines::Viewer::Public);
    assert!(lines.iter().any(|l| l.starts_with("Bob is away") && l.contains("/rejoin")), "{lines:?}");
    assert!(report.went_away.contains(engines::Seat(1)), "Bob is told how to come back");
    assert!(!report.fresh_users().contains(&BOB) && !after.waiting_users().contains(&BOB));
    assert!(report.moves.is_empty(), "the stand-in thinks after the commit, off the runtime");
    let away = tables.submit(id, BOB, "pass", None).await.expect_err("a computer plays Bob's seat");
    assert!(matches!(away, TableError::Away(_)) && away.to_string().contains("/rejoin"), "{away}");
    let (_, bobs_view) = tables.private_view(id, BOB).await.expect("Bob still sees his seat");
    assert!(bobs_view.legal.is_empty(), "but decides nothing while away");

    // Alice plays on until the game waits for Bob's seat... which the computer answers; then
    // Bob comes back, and the game waits for him again with a clock of his own.
    // The stand-in searches (the normal level), so it moves after each commit, as a front end
    // drives it.
    let mut moves = 0;
    let mut computer = 0;
    while moves < 6 {
        while let Some(report) = tables.drive_computers(id).await.expect("drive") {
            assert!(report.moves.iter().all(|m| m.origin == Origin::Computer));
            computer += 1;
        }
        let Some((user, action, version)) = next_human_move(&tables, id).await else { break };
        assert_eq!(user, ALICE, "nobody asks Bob while he is away");
        tables.submit(id, user, &action, Some(version)).await.expect("legal move");
        moves += 1;
    }
    assert!(computer > 0, "the computer played Bob's seat");
    let back = tables.rejoin(id, BOB).await.expect("Bob is back");
    let lines = back.narration_for(engines::Viewer::Public);
    assert_eq!(lines, ["Bob is back and plays their own seat again."]);
    let now = tables.snapshot(id).await.expect("snapshot");
    assert!(!now.seats[1].away);
    if now.pending.contains(engines::Seat(1)) {
        assert!(back.fresh_users().contains(&BOB), "Bob is told it is his move");
        assert!(now.deadline_at.is_some_and(|d| d > bot::table::now() + 3000), "a fresh clock for Bob");
    }
    let again = tables.rejoin(id, BOB).await.expect_err("already back");
    assert!(matches!(again, TableError::NotAway(_)));

    // Both play to the end; the log still replays.
    while tables.drive_computers(id).await.expect("drive").is_some() {}
    while let Some((user, action, version)) = next_human_move(&tables, id).await {
        tables.submit(id, user, &action, Some(version)).await.expect("legal move");
        moves += 1;
        assert!(moves < 2_000, "the match ends");
    }
    let end = tables.snapshot(id).await.expect("snapshot");
    assert_eq!(end.status, Status::Finished);
    tables.verify_replay(id).await.expect("replay");
}

/// With "a computer takes the seat" chosen, a player who runs out of time is marked away and a
/// computer plays their turn (and the next ones) until they rejoin.
#[tokio::test]
async fn at_a_timeout_a_computer_takes_the_seat_when_the_table_says_so() {
    let dir = tempfile::tempdir().expect("tempdir");
    let Some(url) = db::url(&dir).await else { return };
    let tables = tables(&url).await;
    let mut request = request(2, 0, 14);
    request.on_timeout = OnTimeout::Computer;
    let lobby = tables.open(request).await.expect("open");
    tables.join(lobby.id, who(BOB, "Bob")).await.expect("bob joins");
    tables.start(lobby.id, ALICE).await.expect("start");
    let id = lobby.id;
    let before = tables.snapshot(id).await.expect("snapshot");
    let late = before.waiting_users();
    let deadline = before.deadline_at.expect("a deadline");
    assert!(tables.expire(id, deadline - 1).await.expect("expire").is_none(), "not due yet");
    let report = tables.expire(id, deadline).await.expect("expire").expect("due");
    let after = tables.snapshot(id).await.expect("snapshot");
    for user in &late {
        let seat = before.seat_of(*user).expect("seated");
        assert!(after.seats[seat.index()].away, "{user:?} is away");
        assert!(report.went_away.contains(seat));
    }
    assert!(report.moves.iter().all(|m| m.origin != Origin::Timeout), "no safe default: a computer plays instead");
    let lines = report.narration_for(engines::Viewer::Public);
    assert!(lines.iter().any(|l| l.contains("out of time") && l.contains("/rejoin")), "{lines:?}");
    // The stand-ins (normal level) move after the commit; with everybody away they finish.
    assert!(after.waits_on_computer() && report.moves.is_empty(), "the timeout's commit only hands the seat over");
    if late.len() == 2 {
        while tables.drive_computers(id).await.expect("drive").is_some() {}
        assert_eq!(tables.snapshot(id).await.expect("snapshot").status, Status::Finished);
    }
}

/// A searching computer does not move inside the commit of the human's action (which would
/// hold the click up while it thinks): the human's move is committed and reported alone, and
/// `drive_computers` then makes the computer's moves, one commit each.
#[tokio::test]
async fn searching_computers_move_after_the_humans_commit() {
    let dir = tempfile::tempdir().expect("tempdir");
    let Some(url) = db::url(&dir).await else { return };
    let tables = tables(&url).await;
    let mut request = request(2, 1, 3);
    request.level = Skill::Search(engines::Level::Easy);
    let lobby = tables.open(request).await.expect("open");
    let start = tables.start(lobby.id, ALICE).await.expect("start");
    let id = lobby.id;
    assert!(start.moves.iter().all(|m| m.origin != Origin::Computer), "the start commits no computer move");
    let mut searched = 0;
    let mut human = 0;
    for _ in 0..500 {
        let snapshot = tables.snapshot(id).await.expect("snapshot");
        if snapshot.status != Status::Running {
            break;
        }
        if snapshot.waits_on_computer() {
            assert!(snapshot.deadline_at.is_some(), "a fallback deadline, so the sweeper moves a forgotten table on");
            if searched == 0 {
                // At start-up a process leaves it to whoever is driving it (the fallback
                // deadline is live): no second search of the same move.
                assert!(tables.drive_all_computers().await.expect("start-up").is_empty());
                assert_eq!(tables.snapshot(id).await.expect("snapshot").version, snapshot.version);
            }
            let report = tables.drive_computers(id).await.expect("drive").expect("a computer moves");
            assert_eq!(report.moves.iter().filter(|m| m.origin == Origin::Computer).count(), 1, "one move a commit");
            searched += 1;
            continue;
        }
        let (user, action, version) = next_human_move(&tables, id).await.expect("Alice to move");
        let report = tables.submit(id, user, &action, Some(version)).await.expect("legal move");
        assert_eq!(report.moves.len(), 1, "only Alice's move in her commit");
        human += 1;
    }
    assert!(tables.drive_computers(id).await.expect("a finished table").is_none(), "nothing to move at the end");
    assert!(searched > 0 && human > 0, "both moved: {searched} computer, {human} human");
    tables.verify_replay(id).await.expect("replay");
}

/// A table left running with a computer to move (as the previous release could leave one when
/// killed between committing the start and the computers' moves) is moved on: by
/// `drive_all_computers` (start-up and the Discord sweeper) to the same end as a table that was
/// never interrupted.
#[tokio::test]
async fn a_table_left_waiting_on_computers_is_driven_to_the_same_end() {
    let dir = tempfile::tempdir().expect("tempdir");
    let Some(url) = db::url(&dir).await else { return };
    let store = db::open(&url).await;
    let tables = Tables::new(store.clone());
    let all_computers = |seed| LobbyRequest { seat_host: false, computers: 3, ..request(3, 3, seed) };
    // Uninterrupted: one commit from lobby to final standings.
    let whole = tables.open(all_computers(21)).await.expect("open");
    let report = tables.start(whole.id, ALICE).await.expect("start");
    assert!(report.outcome().is_some(), "computers play the whole match in the start's commit");
    // Interrupted the old way: the started game saved with nobody having moved.
    let stuck = tables.open(all_computers(21)).await.expect("open");
    let row = store.load(stuck.id).await.expect("row");
    let game = engines::AnyGame::setup(GameKind::Martian12s, &json!({}), 3, 21).expect("setup");
    let update = bot::store::Update {
        status: Some(Status::Running),
        state: Some(game.save().expect("save")),
        ..bot::store::Update::default()
    };
    store.update(stuck.id, row.version, &update).await.expect("the old first commit");
    sqlx::query("UPDATE game_tables SET waiting = NULL, asked = NULL, deadline_at = NULL WHERE id = $1")
        .bind(stuck.id.0)
        .execute(tables.front_end_pool())
        .await
        .expect("as an older release left it");
    // A front end starting on it brings the row up to date first: due at once.
    assert_eq!(tables.upgrade().await.expect("upgrade").tables, 1);
    assert_eq!(tables.tables_of(None, Status::Running).await.expect("list").len(), 1, "listed as running");
    let moved = tables.drive_all_computers().await.expect("driven");
    assert_eq!(moved.len(), 1);
    let end = tables.snapshot(stuck.id).await.expect("snapshot");
    assert_eq!(end.status, Status::Finished);
    tables.verify_replay(stuck.id).await.expect("replays");
    assert!(tables.drive_all_computers().await.expect("again").is_empty(), "nothing left to drive");
    let first = tables.snapshot(whole.id).await.expect("snapshot").outcome.expect("outcome");
    assert_eq!(end.outcome.expect("outcome"), first, "the same seed ends the same way");
    let log = |id| store.log(id);
    let (a, b) = (log(whole.id).await.expect("log"), log(stuck.id).await.expect("log"));
    let texts = |l: &[bot::table::LogEntry]| l.iter().map(|e| e.action.clone()).collect::<Vec<_>>();
    assert_eq!(texts(&a), texts(&b), "the same moves");
}

#[tokio::test]
async fn two_sealed_answers_at_once_both_count() {
    let dir = tempfile::tempdir().expect("tempdir");
    let Some(url) = db::url(&dir).await else { return };
    let tables = tables(&url).await;
    let (id, waiting) = simultaneous_decision(&tables, 5).await;
    let before = tables.snapshot(id).await.expect("snapshot");
    let log_before = tables.log(id).await.expect("log").len();
    let (a, b) = (waiting[0], waiting[1]);
    let (_, view_a) = tables.private_view(id, a).await.expect("view");
    let (_, view_b) = tables.private_view(id, b).await.expect("view");
    // Both answer from panels drawn at the same version, at the same moment.
    let (first, second) = tokio::join!(
        tables.submit(id, a, &view_a.legal[0].text, Some(before.version)),
        tables.submit(id, b, &view_b.legal[0].text, Some(before.version)),
    );
    first.expect("the first answer counts");
    second.expect("the second answer counts too: another seat's sealed answer does not make a panel stale");
    let log = tables.log(id).await.expect("log");
    let seats: Vec<u8> = log[log_before..].iter().filter(|e| e.origin == Origin::Player).map(|e| e.seat).collect();
    let seat_of = |user| before.seat_of(user).expect("seated").0;
    assert!(seats.contains(&seat_of(a)) && seats.contains(&seat_of(b)), "both answers are in the log: {seats:?}");
}

#[tokio::test]
async fn a_panel_goes_stale_only_when_its_own_decision_changes() {
    let dir = tempfile::tempdir().expect("tempdir");
    let Some(url) = db::url(&dir).await else { return };
    let tables = tables(&url).await;
    let (id, waiting) = simultaneous_decision(&tables, 5).await;
    let (a, b) = (waiting[0], waiting[1]);
    let drawn = tables.snapshot(id).await.expect("snapshot").version;
    let (_, view_a) = tables.private_view(id, a).await.expect("view");
    tables.submit(id, a, &view_a.legal[0].text, Some(drawn)).await.expect("a answers");
    // A second click on A's old panel is stale: A's own decision moved on.
    let again = tables.submit(id, a, &view_a.legal[0].text, Some(drawn)).await;
    assert!(
        matches!(again, Err(TableError::Stale(_) | TableError::NotYourDecision { .. })),
        "a double click does not count twice: {again:?}"
    );
    // B's panel, drawn before A answered, still holds.
    let (_, view_b) = tables.private_view(id, b).await.expect("view");
    tables.submit(id, b, &view_b.legal[0].text, Some(drawn)).await.expect("b's older panel still counts");
}

#[tokio::test]
async fn a_turn_has_one_clock_and_a_timeout_plays_all_of_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    let Some(url) = db::url(&dir).await else { return };
    let tables = tables(&url).await;
    let mut request = request(3, 0, 9);
    request.game = GameKind::MartianGunslinger;
    let lobby = tables.open(request).await.expect("open");
    tables.join(lobby.id, who(BOB, "Bob")).await.expect("bob joins");
    tables.join(lobby.id, who(CAROL, "Carol")).await.expect("carol joins");
    tables.start(lobby.id, ALICE).await.expect("start");
    let id = lobby.id;
    let mut pick: u64 = 9;
    let mut steps_checked = 0;
    for _ in 0..5_000 {
        let before = tables.snapshot(id).await.expect("snapshot");
        assert_eq!(before.status, Status::Running, "the game ended before a turn of several steps");
        let waiting = before.waiting_users();
        let user = waiting[0];
        let (_, private) = tables.private_view(id, user).await.expect("view");
        pick = pick.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        let action = private.legal[(pick >> 33) as usize % private.legal.len()].text.clone();
        let report = tables.submit(id, user, &action, Some(before.version)).await.expect("legal move");
        let after = tables.snapshot(id).await.expect("snapshot");
        let mid_turn = waiting.len() == 1 && after.waiting_users() == [user];
        if !mid_turn {
            continue;
        }
        // The same player decides the next step of their turn: same clock, no new ping.
        assert_eq!(after.deadline_at, before.deadline_at, "one clock per turn");
        assert!(report.fresh_users().is_empty(), "no new ping within a turn");
        steps_checked += 1;
        if steps_checked < 3 {
            continue;
        }
        // Now the player goes quiet mid-turn: the timeout settles the rest of the turn.
        let deadline = after.deadline_at.expect("a deadline");
        let log_before = tables.log(id).await.expect("log").len();
        let expired = tables.expire(id, deadline).await.expect("expire").expect("the deadline was due");
        let seat = after.seat_of(user).expect("seated");
        let timeouts: Vec<_> = expired.moves.iter().filter(|m| m.origin == Origin::Timeout).collect();
        assert!(!timeouts.is_empty() && timeouts.iter().all(|m| m.seat == seat), "{timeouts:?}");
        let end = tables.snapshot(id).await.expect("snapshot");
        assert!(
            !end.waiting_users().contains(&user) || end.status != Status::Running,
            "the whole turn was played for them, not one step"
        );
        assert_eq!(tables.log(id).await.expect("log").len(), log_before + expired.moves.len());
        return;
    }
    panic!("no turn of several steps within 5,000 moves");
}

#[tokio::test]
async fn a_damaged_table_is_named_and_leaves_the_others_listed() {
    let dir = tempfile::tempdir().expect("tempdir");
    let Some(url) = db::url(&dir).await else { return };
    let tables = tables(&url).await;
    let sound = started_table(&tables, 31).await;
    let damaged = started_table(&tables, 32).await;
    // A row as an older release left it (no summary columns), whose state was damaged since.
    sqlx::query("UPDATE game_tables SET state = '{\"broken', waiting = NULL WHERE id = $1")
        .bind(damaged.0)
        .execute(tables.front_end_pool())
        .await
        .expect("damage the row");
    // The start-up upgrade cannot read it, says so in the log, and goes on.
    assert_eq!(tables.upgrade().await.expect("the upgrade goes on").tables, 0, "the damaged row is left as it is");
    // Lists read no state: both are listed, and opening the damaged one names it.
    let listed: Vec<TableId> =
        tables.tables_of(None, Status::Running).await.expect("the list").into_iter().map(|t| t.id).collect();
    assert_eq!(listed, vec![damaged, sound], "both listed, newest first");
    let error = tables.snapshot(damaged).await.expect_err("the damaged state does not load");
    assert!(error.is_internal());
    assert!(error.log_detail().contains(&format!("table {damaged}")), "{}", error.log_detail());
    assert!(tables.snapshot(sound).await.is_ok());
}
