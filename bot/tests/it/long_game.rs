//! The long game on the fake Discord (issue #27): a server's defaults, pausing a table and a
//! player's private notes. Clocks are controlled through the stored times (the sweeper reads
//! them every second), never by waiting them out.

use bot::table::{OnTimeout, ServerId, ServerSettings, Skill, TableId};
use engines::GameKind;

use crate::discord::{Harness, choice_index, mentioned, table_of, user};
use crate::support::fake_discord::*;

/// The reply's text, which must be private.
pub(crate) async fn private_text(harness: &Harness, handle: &InteractionHandle) -> String {
    let reply = harness.fake.wait_reply(handle).await;
    assert!(reply.ephemeral(), "a private answer: {}", harness.fake.summary());
    reply.content().unwrap_or_default().to_string()
}

/// Runs a statement on the bot's SQLite file, as if time had passed.
pub(crate) async fn exec(harness: &Harness, sql: &'static str, values: &[i64]) {
    let pool = sqlx::SqlitePool::connect(&format!("sqlite:{}", harness.db().display())).await.expect("connect");
    let mut query = sqlx::query(sql);
    for value in values {
        query = query.bind(*value);
    }
    query.execute(&pool).await.expect("statement");
    pool.close().await;
}

/// Two people at Martian 12s, started in a thread: the thread, the first board, the table.
pub(crate) async fn two_player_game(harness: &Harness) -> (FakeChannel, StoredMessage, TableId) {
    harness.play(ALICE, GameKind::Martian12s, 2).await;
    assert!(harness.lobby_click(BOB, "Join").await.is_success());
    harness.lobby_click(ALICE, "Start").await;
    let thread = harness.fake.wait_for("the thread", harness.fake.timeout(), |f| f.threads().into_iter().last()).await;
    let board = harness.board_after(thread.id, 0).await;
    let id = table_of(&board);
    (thread, board, id)
}

/// Item 7: only members who can manage the server change its defaults, values out of range
/// are refused with a sentence, and new tables take the defaults (time per move, computer
/// strength, late policy, away time), only the role named may open tables, and a finished
/// game's standings are posted in the results channel.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn server_defaults_are_set_by_managers_and_taken_by_new_tables() {
    let harness = Harness::start().await;
    let tables = harness.tables().await;
    let server = ServerId(GUILD_ID);
    let server_cmd = |who, options| harness.fake.slash_command(who, CHANNEL_ID, "server", options);

    let text = private_text(&harness, &server_cmd(ALICE, vec![Opt::str("timeout", "2h")]).await).await;
    assert!(text.contains("manage this server") && text.contains("nothing was changed"), "{text}");
    let text = private_text(&harness, &server_cmd(OWNER, vec![Opt::str("timeout", "30s")]).await).await;
    assert!(text.contains("between 1 minute and 7 days"), "{text}");
    let text = private_text(&harness, &server_cmd(OWNER, vec![Opt::int("away_days", 90)]).await).await;
    assert!(text.contains("between 0 and 60 days"), "{text}");
    assert_eq!(tables.server_settings(server).await.expect("settings"), ServerSettings::default(), "nothing saved");

    let change = vec![
        Opt::str("timeout", "2h"),
        Opt::choice("level", 2),
        Opt::choice("late", 1),
        Opt::int("away_days", 3),
        Opt::role("hosts", BOT_ROLE_ID),
        Opt::channel("results", OTHER_CHANNEL_ID),
    ];
    let text = private_text(&harness, &server_cmd(OWNER, change).await).await;
    assert!(text.starts_with("Saved") && text.contains("2 hours") && text.contains("3 days"), "{text}");
    let saved = tables.server_settings(server).await.expect("settings");
    assert_eq!(saved.turn_timeout, Some(7200));
    assert_eq!(saved.level, Some(Skill::Search(engines::Level::Hard)));
    assert_eq!((saved.on_timeout, saved.away_allowance), (Some(OnTimeout::Computer), Some(3 * 86_400)));
    assert_eq!((saved.host_role, saved.results_channel), (Some(BOT_ROLE_ID), Some(OTHER_CHANNEL_ID)));
    // Anyone may read them.
    let text = private_text(&harness, &server_cmd(CAROL, vec![]).await).await;
    assert!(text.contains(&format!("<@&{BOT_ROLE_ID}>")) && text.contains(&format!("<#{OTHER_CHANNEL_ID}>")), "{text}");

    // Only the role (or a manager) opens tables now; Alice has not got it.
    let index = choice_index(&harness.fake, GameKind::Martian12s);
    let play = harness.fake.slash_command(ALICE, CHANNEL_ID, "play", vec![Opt::choice("game", index)]).await;
    let text = private_text(&harness, &play).await;
    assert!(text.contains("only members with the") && text.contains(&format!("<@&{BOT_ROLE_ID}>")), "{text}");
    assert!(tables.tables_of(None, bot::table::Status::Lobby).await.expect("list").is_empty(), "no table opened");
    // @everyone opens it to everyone again; the results channel stays.
    let text = private_text(&harness, &server_cmd(OWNER, vec![Opt::role("hosts", GUILD_ID)]).await).await;
    assert!(text.contains("Who may open tables: everyone"), "{text}");

    let lobby = harness.play(ALICE, GameKind::Martian12s, 2).await;
    assert!(
        lobby.content.contains("Time per turn: 2 hours") && lobby.content.contains("a computer plays"),
        "{}",
        lobby.content
    );
    let menu = lobby.custom_ids().into_iter().find(|id| id.ends_with(":bot")).expect("the computer player menu");
    let first = &lobby.component(&menu).expect("the menu")["options"][0];
    assert!(first["value"] == "hard" && first["label"].as_str().is_some_and(|l| l.ends_with("this server's choice")));
    let id = table_of(&lobby);
    let (timeout, allowance): (i64, i64) =
        sqlx::query_as("SELECT turn_timeout, away_allowance FROM game_tables WHERE id = $1")
            .bind(id.0)
            .fetch_one(tables.front_end_pool())
            .await
            .expect("read");
    assert_eq!((timeout, allowance), (7200, 3 * 86_400));
    assert_eq!(tables.snapshot(id).await.expect("snapshot").on_timeout, OnTimeout::Computer);

    // The finished game's standings go to the results channel, with a link to its thread.
    assert!(harness.lobby_click(BOB, "Join").await.is_success());
    harness.lobby_click(ALICE, "Start").await;
    let thread = harness.fake.wait_for("the thread", harness.fake.timeout(), |f| f.threads().into_iter().last()).await;
    harness.board_after(thread.id, 0).await;
    let resign = harness.fake.slash_command(BOB, thread.id, "resign", vec![]).await;
    harness.fake.wait_replies(&resign, 2).await;
    let results = harness
        .fake
        .wait_for("the standings", harness.fake.timeout(), |f| {
            f.public_messages(OTHER_CHANNEL_ID).into_iter().find(|m| m.content.contains(&format!("table #{id}")))
        })
        .await;
    assert!(
        results.content.contains(&format!("<#{}>", thread.id)) && results.content.contains("1. Alice"),
        "{}",
        results.content
    );
    assert!(mentioned(&results).is_empty(), "nobody is pinged: {}", results.content);
    harness.finish().await;
}

/// Item 2: a paused table refuses moves, nobody's time runs out while it is paused, and
/// unpausing gives back the time that was left.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_paused_table_refuses_moves_and_keeps_its_clocks() {
    let harness = Harness::start().await;
    let tables = harness.tables().await;
    let (thread, board, id) = two_player_game(&harness).await;
    let waiting = user(mentioned(&board)[0]);

    let text = private_text(&harness, &harness.fake.slash_command(CAROL, thread.id, "pause", vec![]).await).await;
    assert!(text.contains("Only the host"), "{text}");
    let text = private_text(&harness, &harness.fake.slash_command(ALICE, thread.id, "pause", vec![]).await).await;
    assert!(text.contains("is paused"), "{text}");
    let posted = harness.board_after(thread.id, board.id).await;
    assert!(posted.content.contains("paused the game") && posted.content.contains("**Paused**"), "{}", posted.content);
    assert!(posted.custom_ids().is_empty(), "no buttons while paused");
    let again = private_text(&harness, &harness.fake.slash_command(ALICE, thread.id, "pause", vec![]).await).await;
    assert!(again.contains("paused already"), "{again}");

    // The waiting player's own panel refuses the move.
    let hand = harness.fake.slash_command(waiting, thread.id, "hand", vec![]).await;
    let reply = harness.fake.wait_reply(&hand).await;
    let panel = harness.fake.message(reply.message_id.expect("the panel")).expect("stored");
    let first = panel.custom_ids().into_iter().next().expect("the panel's choices");
    let click = harness.fake.click(waiting, &panel, &first).await;
    let text = private_text(&harness, &click).await;
    assert!(text.contains("paused"), "{text}");

    // Time passes while paused: 1,000 s ago, with 500 s left then; the deadline is behind us,
    // yet the sweeps (every second) time nobody out.
    let before = tables.snapshot(id).await.expect("snapshot");
    let paused_at = before.paused_at.expect("paused");
    exec(
        &harness,
        "UPDATE game_tables SET paused_at = $1, deadline_at = $2 WHERE id = $3",
        &[paused_at - 1000, paused_at - 500, id.0],
    )
    .await;
    tokio::time::sleep(std::time::Duration::from_millis(2500)).await;
    assert!(tables.store().log(id).await.expect("log").is_empty(), "no move while paused");

    let start = bot::table::now();
    let text = private_text(
        &harness,
        &harness.fake.slash_command(ALICE, thread.id, "pause", vec![Opt::bool("on", false)]).await,
    )
    .await;
    assert!(text.contains("goes on"), "{text}");
    let end = bot::table::now();
    let after = tables.snapshot(id).await.expect("snapshot");
    assert_eq!(after.paused_at, None);
    let deadline = after.deadline_at.expect("a deadline");
    assert!((start + 500..=end + 500).contains(&deadline), "500 s left again: {deadline} after {start}..{end}");
    let resumed = harness.board_after(thread.id, posted.id).await;
    assert!(resumed.content.contains("unpaused") && mentioned(&resumed).contains(&waiting.id), "{}", resumed.content);
    assert!(!resumed.custom_ids().is_empty(), "moves are open again");
    let text = private_text(
        &harness,
        &harness.fake.slash_command(ALICE, thread.id, "pause", vec![Opt::bool("on", false)]).await,
    )
    .await;
    assert!(text.contains("not paused"), "{text}");
    harness.finish().await;
}

/// Item 6: notes are the player's own, shown in `/hand`, refused past 1,000 characters or to
/// someone not seated, and can be deleted.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn private_notes_are_kept_per_player_and_shown_only_to_them() {
    let harness = Harness::start().await;
    let (thread, _board, id) = two_player_game(&harness).await;
    let notes = |who, options| harness.fake.slash_command(who, thread.id, "notes", options);

    // /help names every command in a sentence, the new ones among them.
    let text = private_text(&harness, &harness.fake.slash_command(CAROL, CHANNEL_ID, "help", vec![]).await).await;
    for command in harness.fake.commands() {
        let name = command["name"].as_str().unwrap_or_default().to_string();
        assert!(text.contains(&format!("`/{name}`")), "/help names /{name}: {text}");
    }
    let text = private_text(&harness, &notes(ALICE, vec![Opt::str("text", "Bob always pulls twice.")]).await).await;
    assert!(text.contains("saved"), "{text}");
    let text = private_text(&harness, &notes(ALICE, vec![]).await).await;
    assert!(text.contains("Bob always pulls twice."), "{text}");
    let text = private_text(&harness, &notes(BOB, vec![]).await).await;
    assert!(text.contains("no notes") && !text.contains("pulls twice"), "Bob's are his own: {text}");
    let hand = harness.fake.slash_command(ALICE, thread.id, "hand", vec![]).await;
    let text = private_text(&harness, &hand).await;
    assert!(text.contains("Your notes: Bob always pulls twice."), "{text}");

    let long = "x".repeat(1001);
    let text = private_text(&harness, &notes(ALICE, vec![Opt::str("text", &long)]).await).await;
    assert!(text.contains("at most 1000 characters") && text.contains("1001"), "{text}");
    let stranger = vec![Opt::str("text", "mine now"), Opt::int("table", id.0)];
    let text = private_text(&harness, &notes(CAROL, stranger).await).await;
    assert!(text.contains("not seated"), "{text}");
    let kept = harness.tables().await.note(id, bot::table::UserId(ALICE.id)).await.expect("note");
    assert_eq!(kept.as_deref(), Some("Bob always pulls twice."), "refusals changed nothing");

    let text = private_text(&harness, &notes(ALICE, vec![Opt::bool("clear", true)]).await).await;
    assert!(text.contains("deleted"), "{text}");
    let text = private_text(&harness, &notes(ALICE, vec![]).await).await;
    assert!(text.contains("no notes"), "{text}");
    // Nothing of it reached the thread.
    assert!(harness.fake.public_messages(thread.id).iter().all(|m| !m.content.contains("pulls twice")));
    harness.finish().await;
}

/// The away clock of `user` at table `id`: allowance used, and when a stopped clock starts again.
async fn away_clock(harness: &Harness, id: TableId, user: FakeUser) -> (i64, Option<i64>) {
    let tables = harness.tables().await;
    let row: Option<(i64, Option<i64>)> =
        sqlx::query_as("SELECT used, stop_end FROM away_clocks WHERE table_id = $1 AND user_id = $2")
            .bind(id.0)
            .bind(bot::table::UserId(user.id).to_db())
            .fetch_optional(tables.front_end_pool())
            .await
            .expect("read");
    row.unwrap_or((0, None))
}

/// Waits (bounded) until `check` holds for table `id`'s snapshot.
async fn wait_table(harness: &Harness, id: TableId, what: &str, check: impl Fn(&bot::table::Snapshot) -> bool) {
    let tables = harness.tables().await;
    let started = std::time::Instant::now();
    loop {
        if check(&tables.snapshot(id).await.expect("snapshot")) {
            return;
        }
        assert!(started.elapsed() < harness.fake.timeout(), "{what}: {}", harness.fake.summary());
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

/// Item 1: an away player's turn does not time out while they are away (the clock stops with
/// the time it had left, and starts again with it when they come back), and times out as the
/// table's late policy says once the table's away allowance is used up.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_away_players_clock_stops_until_they_come_back_or_the_allowance_is_used() {
    let harness = Harness::start().await;
    let tables = harness.tables().await;
    let (thread, board, id) = two_player_game(&harness).await;
    let waiting = user(mentioned(&board)[0]);
    let away = |options| harness.fake.slash_command(waiting, thread.id, "away", options);

    let text = private_text(&harness, &away(vec![Opt::int("days", 0)]).await).await;
    assert!(text.contains("at least 1 day"), "{text}");
    let text = private_text(&harness, &away(vec![Opt::int("days", 30)]).await).await;
    assert!(text.contains("at most 7 days"), "{text}");
    let text = private_text(&harness, &away(vec![Opt::bool("off", true)]).await).await;
    assert!(text.contains("not away"), "{text}");
    let text = private_text(&harness, &away(vec![Opt::int("days", 3), Opt::str("note", "on holiday")]).await).await;
    assert!(text.contains("You are away until"), "{text}");
    let told = harness
        .fake
        .wait_for("the others are told", harness.fake.timeout(), |f| {
            f.public_messages(thread.id).into_iter().find(|m| m.content.contains("is away until"))
        })
        .await;
    assert!(told.content.contains("on holiday") && told.content.contains("up to 7 days"), "{}", told.content);
    let games = private_text(&harness, &harness.fake.slash_command(waiting, thread.id, "games", vec![]).await).await;
    assert!(games.contains("You are away until"), "{games}");

    // Half the turn's time gone while away: the reminder is taken and delivered, but it pings
    // nobody (the only player it is for is away), so no reminder is posted.
    crate::discord::set_deadline(&harness, id, bot::table::now() + 100).await;
    let settled = || async {
        let (reminded, left): (i64, i64) = sqlx::query_as(
            "SELECT reminded, (SELECT COUNT(*) FROM outbox WHERE table_id = $1 AND done_at IS NULL) FROM game_tables WHERE id = $1",
        )
        .bind(id.0)
        .fetch_one(tables.front_end_pool())
        .await
        .expect("read");
        reminded == 1 && left == 0
    };
    let started = std::time::Instant::now();
    while !settled().await {
        assert!(started.elapsed() < harness.fake.timeout(), "the reminder is taken: {}", harness.fake.summary());
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert!(
        harness.fake.public_messages(thread.id).iter().all(|m| !m.content.contains("half your time")),
        "no reminder for an away player"
    );

    // Went away 1,000 s ago with 999 s of the turn left; the deadline has passed since.
    let until: i64 = sqlx::query_scalar("SELECT until FROM user_away WHERE user_id = $1")
        .bind(bot::table::UserId(waiting.id).to_db())
        .fetch_one(tables.front_end_pool())
        .await
        .expect("away row");
    let now = bot::table::now();
    exec(&harness, "UPDATE user_away SET since = $1 WHERE user_id = $2", &[now - 1000, waiting.id as i64]).await;
    crate::discord::set_deadline(&harness, id, now - 1).await;
    // The clock stops instead: it starts again when the away time ends, with 999 s left.
    wait_table(&harness, id, "the clock stops", |s| s.deadline_at == Some(until + 999)).await;
    assert!(tables.store().log(id).await.expect("log").is_empty(), "no timeout while away");
    let stopped = harness
        .fake
        .wait_for("the stopped clock is said", harness.fake.timeout(), |f| {
            f.public_messages(thread.id).into_iter().find(|m| m.content.contains("clock of their turn is stopped"))
        })
        .await;
    let name = if waiting == ALICE { "Alice" } else { "Bob" };
    let shown = format!("{name} is away until <t:{until}:f>.");
    assert!(stopped.content.contains(&shown), "the board says until when: {}", stopped.content);

    // Back early: 999 s left again, and only the time away is counted against the allowance.
    let start = bot::table::now();
    let text = private_text(&harness, &away(vec![Opt::bool("off", true)]).await).await;
    assert!(text.contains("Welcome back"), "{text}");
    let end = bot::table::now();
    let deadline = tables.snapshot(id).await.expect("snapshot").deadline_at.expect("a deadline");
    assert!((start + 999..=end + 999).contains(&deadline), "{deadline} after {start}..{end}");
    let (used, stopped) = away_clock(&harness, id, waiting).await;
    assert!((start - (now - 1000)..=end - (now - 1000)).contains(&used) && stopped.is_none(), "{used} {stopped:?}");

    // Away again with the table's allowance used up: the late policy applies.
    let text = private_text(&harness, &away(vec![Opt::int("days", 2)]).await).await;
    assert!(text.contains("You are away until"), "{text}");
    exec(&harness, "UPDATE away_clocks SET used = 604800 WHERE table_id = $1", &[id.0]).await;
    crate::discord::set_deadline(&harness, id, bot::table::now() - 1).await;
    let timed_out = harness
        .fake
        .wait_for("the timeout", harness.fake.timeout(), |f| {
            f.public_messages(thread.id).into_iter().find(|m| m.content.contains("ran out of time"))
        })
        .await;
    assert!(timed_out.content.contains("the table played for them:"), "{}", timed_out.content);
    let log = tables.store().log(id).await.expect("log");
    assert!(log.iter().any(|e| e.origin == bot::table::Origin::Timeout), "{log:?}");
    harness.finish().await;
}

/// Item 4: the final board's Rematch button opens a lobby with the same game, options and
/// time per move, the seats rotated and a new seed; someone who did not play is refused; a
/// player who declines frees their seat, which another takes by joining (and so confirms);
/// the rematch begins by itself once everyone seated has confirmed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_keeps_the_options_rotates_the_seats_and_starts_once_everyone_confirmed() {
    let harness = Harness::start().await;
    let tables = harness.tables().await;
    let (thread, _board, old) = two_player_game(&harness).await;
    let resign = harness.fake.slash_command(BOB, thread.id, "resign", vec![]).await;
    harness.fake.wait_replies(&resign, 2).await;
    let last = harness
        .fake
        .wait_for("the final board", harness.fake.timeout(), |f| {
            f.public_messages(thread.id).into_iter().rev().find(|m| m.content.contains("Game over"))
        })
        .await;
    let rematch = crate::discord::button(&last, "Rematch").expect("a Rematch button on the final board");

    let text = private_text(&harness, &harness.fake.click(CAROL, &last, &rematch).await).await;
    assert!(text.contains("Only the players"), "{text}");
    let text = private_text(&harness, &harness.fake.click(BOB, &last, &rematch).await).await;
    assert!(text.contains("The rematch is table #"), "{text}");
    let lobby = harness
        .fake
        .wait_for("the rematch lobby", harness.fake.timeout(), |f| {
            f.public_messages(CHANNEL_ID).into_iter().rev().find(|m| m.content.contains("Rematch of table #"))
        })
        .await;
    let new = table_of(&lobby);
    let (before, after) = (tables.snapshot(old).await.expect("old"), tables.snapshot(new).await.expect("new"));
    let users = |s: &bot::table::Snapshot| s.seats.iter().map(|r| r.user).collect::<Vec<_>>();
    let mut rotated = users(&before);
    rotated.rotate_left(1);
    assert_eq!(users(&after), rotated, "another player sits first");
    assert_eq!((after.game, &after.options, after.turn_timeout), (before.game, &before.options, before.turn_timeout));
    assert_ne!(after.seed, before.seed, "a new deal");
    assert!(lobby.content.contains("Still to confirm: Alice"), "{}", lobby.content);
    let asked = format!("<@{}>: confirm the rematch with Join", ALICE.id);
    assert!(lobby.content.contains(&asked), "the player still to confirm is pinged: {}", lobby.content);

    // The host cannot start it before everyone confirmed; Alice declines; Carol takes her seat.
    let start = crate::discord::button(&lobby, "Start").expect("Start");
    let text = private_text(&harness, &harness.fake.click(BOB, &lobby, &start).await).await;
    assert!(text.contains("still to confirm: Alice"), "{text}");
    let leave = crate::discord::button(&lobby, "Leave").expect("Leave");
    let left = harness.fake.click(ALICE, &lobby, &leave).await;
    harness.fake.wait_reply(&left).await;
    let lobby = harness.fake.message(lobby.id).expect("the lobby");
    let join = crate::discord::button(&lobby, "Join").expect("Join");
    let text = private_text(&harness, &harness.fake.click(CAROL, &lobby, &join).await).await;
    assert!(text.contains("begins"), "{text}");
    let started = tables.snapshot(new).await.expect("the rematch");
    assert_eq!(started.status, bot::table::Status::Running);
    assert_eq!(users(&started), vec![Some(bot::table::UserId(BOB.id)), Some(bot::table::UserId(CAROL.id))]);
    harness.finish().await;
}

/// Item 3 (the switches of `/settings`): a player who switched off DMs, mentions and the
/// half-time reminder gets no DM when their turn comes, is named but not pinged on the board,
/// and gets no reminder; the panel shows each switch and is only for them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn notification_switches_silence_dms_mentions_and_reminders() {
    let harness = Harness::start().await;
    for player in [ALICE, BOB] {
        let mut panel = {
            let open = harness.fake.slash_command(player, CHANNEL_ID, "settings", vec![]).await;
            let reply = harness.fake.wait_reply(&open).await;
            assert!(reply.ephemeral() && reply.content().is_some_and(|c| c.contains("DM when a game")));
            harness.fake.message(reply.message_id.expect("the panel")).expect("stored")
        };
        for label in ["DM on my turn", "Mention me", "Half-time reminder"] {
            let button = crate::discord::button(&panel, label).expect("a switch");
            let reply = harness.fake.wait_reply(&harness.fake.click(player, &panel, &button).await).await;
            panel = harness.fake.message(reply.message_id.expect("the panel again")).expect("stored");
            assert!(panel.buttons().iter().any(|(_, l, _)| *l == format!("{label}: off")), "{:?}", panel.buttons());
        }
    }
    let settings = harness.tables().await.user_settings(bot::table::UserId(ALICE.id)).await.expect("settings");
    assert!(!settings.dm_on_turn && !settings.mention && !settings.half_time, "{settings:?}");

    let (thread, board, id) = two_player_game(&harness).await;
    let waiting = user(mentioned(&board)[0]);
    // Named on the board, but the post's allowed mentions ping nobody.
    let pinged: Vec<String> = harness
        .fake
        .requests()
        .iter()
        .filter(|r| r.method == "POST" && r.path.ends_with(&format!("/channels/{}/messages", thread.id)))
        .filter_map(|r| r.body.as_ref()?["allowed_mentions"]["users"].as_array().cloned())
        .flatten()
        .filter_map(|u| u.as_str().map(str::to_string))
        .collect();
    assert!(pinged.is_empty(), "nobody pinged: {pinged:?}");
    // Half the time gone: the reminder is taken, and nothing is posted or sent.
    crate::discord::set_deadline(&harness, id, bot::table::now() + 100).await;
    let tables = harness.tables().await;
    let started = std::time::Instant::now();
    loop {
        let (reminded, left): (i64, i64) = sqlx::query_as(
            "SELECT reminded, (SELECT COUNT(*) FROM outbox WHERE table_id = $1 AND done_at IS NULL) FROM game_tables WHERE id = $1",
        )
        .bind(id.0)
        .fetch_one(tables.front_end_pool())
        .await
        .expect("read");
        if reminded == 1 && left == 0 {
            break;
        }
        assert!(started.elapsed() < harness.fake.timeout(), "the reminder is taken: {}", harness.fake.summary());
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert!(harness.fake.public_messages(thread.id).iter().all(|m| !m.content.contains("half your time")));
    assert!(harness.fake.dms(waiting).iter().all(|m| m.ephemeral), "no DM for {}", waiting.name);
    harness.finish().await;
}

/// Item 3 ("Skip pings for this turn"): the button of the waiting player's private panel
/// silences the half-time reminder of that turn.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn skip_pings_for_this_turn_silences_its_reminder() {
    let harness = Harness::start().await;
    let tables = harness.tables().await;
    let (thread, board, id) = two_player_game(&harness).await;
    let waiting = user(mentioned(&board)[0]);
    let hand = harness.fake.slash_command(waiting, thread.id, "hand", vec![]).await;
    let reply = harness.fake.wait_reply(&hand).await;
    let panel = harness.fake.message(reply.message_id.expect("the panel")).expect("stored");
    let skip = crate::discord::button(&panel, "Skip pings for this turn").expect("the button");
    let text = private_text(&harness, &harness.fake.click(waiting, &panel, &skip).await).await;
    assert!(text.contains("No more pings for this turn"), "{text}");

    crate::discord::set_deadline(&harness, id, bot::table::now() + 100).await;
    let started = std::time::Instant::now();
    loop {
        let (reminded, left): (i64, i64) = sqlx::query_as(
            "SELECT reminded, (SELECT COUNT(*) FROM outbox WHERE table_id = $1 AND done_at IS NULL) FROM game_tables WHERE id = $1",
        )
        .bind(id.0)
        .fetch_one(tables.front_end_pool())
        .await
        .expect("read");
        if reminded == 1 && left == 0 {
            break;
        }
        assert!(started.elapsed() < harness.fake.timeout(), "the reminder is taken: {}", harness.fake.summary());
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert!(harness.fake.public_messages(thread.id).iter().all(|m| !m.content.contains("half your time")));
    harness.finish().await;
}

/// Issue #25 item 4: a player on a slow connection asks for small pictures in `/settings`;
/// their own board (the `/hand` panel, as in their DMs) comes 480 px wide from then on, while
/// the other player's and the thread's stay 640 px.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn small_pictures_shrink_only_the_askers_own_board() {
    // The width in a PNG's header (bytes 16–19 of the IHDR chunk).
    let width = |png: &[u8]| png.get(16..20).map(|b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]));
    let harness = Harness::start().await;
    let (thread, board, _) = two_player_game(&harness).await;
    let picture = board.attachments.iter().find(|a| a.filename.ends_with(".png")).expect("the board's picture");
    assert_eq!(width(&picture.bytes), Some(640));
    let (fake, thread) = (&harness.fake, thread.id);
    let hand = |player| async move {
        let reply = fake.wait_reply(&fake.slash_command(player, thread, "hand", vec![]).await).await;
        let png = reply.files.iter().find(|f| f.filename.ends_with(".png")).expect("a picture in the panel");
        (width(&png.bytes), png.bytes.len())
    };
    let (before, big) = hand(ALICE).await;
    assert_eq!(before, Some(640));

    let open = harness.fake.slash_command(ALICE, CHANNEL_ID, "settings", vec![]).await;
    let reply = harness.fake.wait_reply(&open).await;
    assert!(reply.content().is_some_and(|c| c.contains("Small pictures of your own board") && c.contains("**off**")));
    let panel = harness.fake.message(reply.message_id.expect("the panel")).expect("stored");
    let button = crate::discord::button(&panel, "Small pictures").expect("the switch");
    let reply = harness.fake.wait_reply(&harness.fake.click(ALICE, &panel, &button).await).await;
    let panel = harness.fake.message(reply.message_id.expect("the panel again")).expect("stored");
    assert!(panel.buttons().iter().any(|(_, l, _)| *l == "Small pictures: on"), "{:?}", panel.buttons());
    assert!(harness.tables().await.user_settings(bot::table::UserId(ALICE.id)).await.expect("read").small_pictures);

    let (after, small) = hand(ALICE).await;
    assert_eq!(after, Some(480), "the asker's own board is small");
    assert!(small * 10 < big * 8, "and smaller: {small} bytes against {big}");
    assert_eq!(hand(BOB).await.0, Some(640), "the other player's is not");
    harness.finish().await;
}

/// Item 3, quiet hours: picked from the `/settings` menus in the player's own time zone (an
/// end before a start and zero-length hours are refused in a sentence and change nothing; an
/// unknown zone, which the menu cannot send, is refused in `table::quiet`'s unit tests). During them the turn's DM and mention are held, not sent, and the clock
/// keeps running; when they end (a stored not-before time) the held notice arrives as a DM.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn quiet_hours_hold_turn_notices_until_they_end() {
    let harness = Harness::start().await;
    // Tokyo has no summer time: its hour is the UTC hour + 9. Quiet hours start an hour ago.
    let start = ((bot::table::now() / 3600 + 9 + 23) % 24 * 60).to_string();
    for player in [ALICE, BOB] {
        let open = harness.fake.slash_command(player, CHANNEL_ID, "settings", vec![]).await;
        let reply = harness.fake.wait_reply(&open).await;
        let mut panel = harness.fake.message(reply.message_id.expect("the panel")).expect("stored");
        for (id, value, answer) in [
            ("u:qu", "60", "start first"),
            ("u:tz", "Asia/Tokyo", "Asia/Tokyo"),
            ("u:qf", start.as_str(), "Quiet hours: **"),
            ("u:qu", start.as_str(), "different times"),
        ] {
            let reply = harness.fake.wait_reply(&harness.fake.select(player, &panel, id, &[value]).await).await;
            assert!(reply.content().is_some_and(|c| c.contains(answer)), "{value}: {:?}", reply.content());
            if let Some(message) =
                reply.message_id.and_then(|m| harness.fake.message(m)).filter(|m| !m.components.is_empty())
            {
                panel = message;
            }
        }
    }
    let tables = harness.tables().await;
    let settings = tables.user_settings(bot::table::UserId(ALICE.id)).await.expect("settings");
    let from: u16 = start.parse().expect("minutes");
    assert_eq!(settings.time_zone.as_deref(), Some("Asia/Tokyo"));
    assert_eq!(settings.quiet, Some((from, (from + 480) % 1440)), "the refusals changed nothing");

    let (thread, board, id) = two_player_game(&harness).await;
    let waiting = user(mentioned(&board)[0]);
    let started = std::time::Instant::now();
    let deadline_before: i64 = loop {
        let row: Option<(i64, i64)> = sqlx::query_as(
            "SELECT h.not_before, t.deadline_at FROM held_notices h JOIN game_tables t ON t.id = h.table_id
             WHERE h.table_id = $1 AND h.user_id = $2",
        )
        .bind(id.0)
        .bind(i64::try_from(waiting.id).expect("id"))
        .fetch_optional(tables.front_end_pool())
        .await
        .expect("read");
        if let Some((not_before, deadline)) = row {
            assert!(not_before > bot::table::now(), "held until the quiet hours end");
            break deadline;
        }
        assert!(started.elapsed() < harness.fake.timeout(), "the notice is held: {}", harness.fake.summary());
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    };
    assert!(harness.fake.dms(waiting).iter().all(|m| m.ephemeral), "no DM during quiet hours");
    // The quiet hours end: the held notice arrives, once, and the clock never stopped.
    exec(&harness, "UPDATE held_notices SET not_before = $1", &[bot::table::now() - 1]).await;
    let dm = harness
        .fake
        .wait_for("the held notice", harness.fake.timeout(), |f| {
            f.dms(waiting).into_iter().find(|m| m.content.contains("Your quiet hours are over"))
        })
        .await;
    assert!(dm.content.contains(&format!("<#{}>", thread.id)), "{}", dm.content);
    let deadline: i64 = sqlx::query_scalar("SELECT deadline_at FROM game_tables WHERE id = $1")
        .bind(id.0)
        .fetch_one(tables.front_end_pool())
        .await
        .expect("read");
    assert_eq!(deadline, deadline_before, "the clock keeps running through quiet hours");
    harness.finish().await;
}

/// Item 3, the daily digest: picked in `/settings`, it replaces the per-turn DM; once a day at
/// the chosen hour one DM lists every game waiting for the player, with links, and the next is
/// due a day later.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_daily_digest_replaces_turn_dms_and_comes_once_a_day() {
    let harness = Harness::start().await;
    for player in [ALICE, BOB] {
        let open = harness.fake.slash_command(player, CHANNEL_ID, "settings", vec![]).await;
        let reply = harness.fake.wait_reply(&open).await;
        let panel = harness.fake.message(reply.message_id.expect("the panel")).expect("stored");
        let reply = harness.fake.wait_reply(&harness.fake.select(player, &panel, "u:dg", &["8"]).await).await;
        assert!(reply.content().is_some_and(|c| c.contains("Daily digest instead of a DM each turn: **at 08:00**")));
    }
    let (thread, board, _) = two_player_game(&harness).await;
    let waiting = user(mentioned(&board)[0]);
    let tables = harness.tables().await;
    let next = || async {
        sqlx::query_scalar::<_, Option<i64>>("SELECT digest_next FROM user_settings WHERE user_id = $1")
            .bind(i64::try_from(waiting.id).expect("id"))
            .fetch_one(tables.front_end_pool())
            .await
            .expect("read")
    };
    let digests = || harness.fake.dms(waiting).into_iter().filter(|m| m.content.contains("daily digest")).count();
    let started = std::time::Instant::now();
    while next().await.is_none() {
        assert!(started.elapsed() < harness.fake.timeout(), "the digest is scheduled");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert!(harness.fake.dms(waiting).iter().all(|m| m.ephemeral), "no DM for the turn");
    assert_eq!(digests(), 0, "scheduling sends nothing");
    // Its hour comes: one digest, with the game's link; the next is due within a day.
    let now = bot::table::now();
    exec(&harness, "UPDATE user_settings SET digest_next = $1 WHERE user_id = $2", &[now - 1, waiting.id as i64]).await;
    let dm = harness
        .fake
        .wait_for("the digest", harness.fake.timeout(), |f| {
            f.dms(waiting).into_iter().find(|m| m.content.contains("daily digest"))
        })
        .await;
    assert!(dm.content.contains(&format!("<#{}>", thread.id)), "{}", dm.content);
    let due = next().await.expect("scheduled");
    assert!(due > now && due <= now + 24 * 3600, "the next digest is due within a day: {due}");
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    assert_eq!(digests(), 1, "one digest a day");
    harness.finish().await;
}
