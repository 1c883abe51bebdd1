//! What a commit means for Discord reaches it: a game started right after `/play` is played in
//! its thread, players with closed DMs are not sent DM after DM, a graceful stop delivers the
//! board of a move it acknowledged, and any action can be entered by clicks within Discord's
//! 100-character ids.

use bot::discord::rows::Rows;
use bot::table::{Status, TableId};
use engines::GameKind;

use crate::discord::{Harness, button, choice_index, table_of};
use crate::support::fake_discord::*;

/// `/play` with a computer in the second seat, so that the host may start at once.
async fn play_with_a_computer(harness: &Harness, game: GameKind) -> InteractionHandle {
    let index = choice_index(&harness.fake, game);
    let options = vec![Opt::choice("game", index), Opt::int("players", 2), Opt::int("bots", 1)];
    harness.fake.slash_command(ALICE, CHANNEL_ID, "play", options).await
}

/// The old race: `/play` recorded the table's place after fetching its own message and wrote
/// over the thread a quick Start had recorded meanwhile, so the boards went to the lobby's
/// channel. Fifty quick starts in a row are each played in their own thread.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fifty_quick_starts_are_each_played_in_their_thread() {
    let harness = Harness::start().await;
    let rows = Rows::open(&harness.tables().await);
    let mut tables = Vec::new();
    for _ in 0..50 {
        let play = play_with_a_computer(&harness, GameKind::Martian12s).await;
        // Start the moment the lobby shows its buttons.
        let lobby = harness
            .fake
            .wait_for("the lobby", harness.fake.timeout(), |f| {
                f.original_message(&play).filter(|m| button(m, "Start").is_some())
            })
            .await;
        let start = button(&lobby, "Start").expect("a Start button");
        harness.fake.click(ALICE, &lobby, &start).await;
        tables.push(table_of(&lobby));
    }
    for id in tables {
        let place = wait_place(&harness, &rows, id).await;
        let thread = place.thread.unwrap_or_else(|| panic!("table {id} has no thread: {place:?}"));
        assert!(harness.fake.channel(thread).is_some_and(|c| c.is_thread()), "table {id}'s thread exists");
        let boards = harness
            .fake
            .public_messages(thread)
            .into_iter()
            .filter(|m| m.content.contains(&format!("table #{id}")))
            .count();
        assert!(boards >= 1, "table {id}'s board is in its thread");
        let stray = harness
            .fake
            .public_messages(CHANNEL_ID)
            .into_iter()
            .filter(|m| m.content.contains(&format!("· table #{id}")))
            .count();
        assert_eq!(stray, 0, "no board of table {id} in the lobby's channel");
    }
    harness.finish().await;
}

/// Waits until table `id` has its first board recorded.
async fn wait_place(harness: &Harness, rows: &Rows, id: TableId) -> bot::discord::rows::Place {
    let started = std::time::Instant::now();
    loop {
        if let Ok(Some(place)) = rows.place(id).await
            && place.board_message.is_some()
        {
            return place;
        }
        assert!(started.elapsed() < harness.fake.timeout(), "table {id} got no board: {}", harness.fake.summary());
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}

/// A graceful stop right after an acknowledged move: the move's board still goes out (the
/// stop waits for the delivery under way), and the next start has nothing left to send.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_graceful_stop_right_after_a_move_still_posts_its_board() {
    let mut harness = Harness::start().await;
    let rows = Rows::open(&harness.tables().await);
    let play = play_with_a_computer(&harness, GameKind::Martian12s).await;
    let lobby = harness
        .fake
        .wait_for("the lobby", harness.fake.timeout(), |f| {
            f.original_message(&play).filter(|m| button(m, "Start").is_some())
        })
        .await;
    let id = table_of(&lobby);
    harness.fake.click(ALICE, &lobby, &button(&lobby, "Start").expect("Start")).await;
    wait_place(&harness, &rows, id).await;
    for round in 0..10 {
        let tables = harness.tables().await;
        let snapshot = tables.snapshot(id).await.expect("snapshot");
        if snapshot.status != Status::Running {
            break;
        }
        let place = rows.place(id).await.expect("place").expect("a place");
        let board = harness.fake.message(place.board_message.expect("a board")).expect("posted");
        let Some(first) = board.custom_ids().into_iter().find(|c| c.starts_with('M')) else { break };
        let click = harness.fake.click(ALICE, &board, &first).await;
        harness.fake.wait_reply(&click).await;
        // Stopped the moment the click is answered, before the board is necessarily out.
        harness.restart().await;
        let after = tables.snapshot(id).await.expect("snapshot");
        let live = rows.place(id).await.expect("place").expect("a place");
        assert_eq!(live.board_version, Some(after.version), "round {round}: the board of the move is out");
        let (left,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM outbox WHERE done_at IS NULL")
            .fetch_one(tables.front_end_pool())
            .await
            .expect("count");
        assert_eq!(left, 0, "round {round}: nothing left for the next start");
    }
    harness.finish().await;
}
