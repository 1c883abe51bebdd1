//! Undo by consent on the fake Discord (issue #27 item 5): Take back on the mover's DM panel,
//! the request posted in the game's thread (through the outbox) with Allow and Refuse for the
//! other player; one refusal keeps the move and says so, agreement takes it back, and the
//! board, both panels and a replay of the stored log show the game as it was before the move.

use bot::table::in_effect;

use crate::discord::{Harness, button, mentioned, user};
use crate::long_game::{private_text, two_player_game};
use crate::support::fake_discord::*;

/// The picture's alt text of a message (the board or panel as text).
fn picture_text(message: &StoredMessage) -> String {
    message.attachments.iter().find_map(|a| a.description.clone()).unwrap_or_default()
}

/// `who`'s one DM panel at the table offering Take back.
async fn take_back_panel(harness: &Harness, who: FakeUser) -> (StoredMessage, String) {
    harness
        .fake
        .wait_for("Take back on the DM panel", harness.fake.timeout(), |f| {
            f.dms(who).into_iter().rev().find_map(|m| button(&m, "Take back").map(|id| (m, id)))
        })
        .await
}

/// The newest request to take a move back in the thread, after message `after`.
async fn request_after(harness: &Harness, thread: u64, after: u64) -> StoredMessage {
    harness
        .fake
        .wait_for("the request in the thread", harness.fake.timeout(), |f| {
            f.public_messages(thread)
                .into_iter()
                .rev()
                .find(|m| m.id > after && m.content.contains("asks to take back"))
        })
        .await
}

/// `who`'s private view as text, from `/hand`.
async fn hand_text(harness: &Harness, who: FakeUser, thread: u64) -> String {
    let hand = harness.fake.slash_command(who, thread, "hand", vec![]).await;
    let reply = harness.fake.wait_reply(&hand).await;
    let panel = harness.fake.message(reply.message_id.expect("the panel")).expect("stored");
    picture_text(&panel)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_is_taken_back_when_the_other_player_allows_and_stands_when_they_refuse() {
    let harness = Harness::start().await;
    let tables = harness.tables().await;
    let (thread, board, id) = two_player_game(&harness).await;
    let mover = user(mentioned(&board)[0]);
    let other = if mover == ALICE { BOB } else { ALICE };
    let start = tables.snapshot(id).await.expect("snapshot");
    let other_hand = hand_text(&harness, other, thread.id).await;

    // The mover passes from their DM panel (R8: passing draws nothing).
    let panel = harness
        .fake
        .wait_for("the mover's panel", harness.fake.timeout(), |f| {
            f.dms(mover).into_iter().rev().find(|m| button(m, "Pass").is_some())
        })
        .await;
    let mover_picture = picture_text(&panel);
    let pass = button(&panel, "Pass").expect("Pass");
    assert!(harness.fake.wait_reply(&harness.fake.click(mover, &panel, &pass).await).await.is_success());
    let passed = harness.board_after(thread.id, board.id).await;
    let (panel, take_back) = take_back_panel(&harness, mover).await;
    assert!(button(&panel, "Pass").is_none(), "no choices until it is their move again");

    // The other player refuses: the move stands, and the thread says so in words.
    let text = private_text(&harness, &harness.fake.click(mover, &panel, &take_back).await).await;
    let other_name = if other == ALICE { "Alice" } else { "Bob" };
    assert_eq!(text, format!("Asked {other_name} to agree; your move stands until everyone does."));
    let request = request_after(&harness, thread.id, passed.id).await;
    assert_eq!(mentioned(&request), vec![other.id], "only the other player is asked: {}", request.content);
    let own = button(&request, "Allow").expect("Allow");
    let text = private_text(&harness, &harness.fake.click(mover, &request, &own).await).await;
    assert_eq!(text, "You asked to take that move back; the other players answer.");
    let version = tables.snapshot(id).await.expect("snapshot").version;
    let refuse = button(&request, "Refuse").expect("Refuse");
    assert!(harness.fake.wait_reply(&harness.fake.click(other, &request, &refuse).await).await.is_success());
    let answered = harness.fake.message(request.id).expect("stored");
    let mover_name = if mover == ALICE { "Alice" } else { "Bob" };
    assert_eq!(answered.content, format!("↩️ {other_name} refused, so {mover_name}'s move stands."));
    assert!(answered.custom_ids().is_empty(), "a refused request has no buttons left");
    assert_eq!(tables.snapshot(id).await.expect("snapshot").version, version, "a refusal changes nothing");
    assert_eq!(tables.log(id).await.expect("log").len(), 1, "the pass stands");

    // Asked again, the other player allows: the pass is taken back.
    let text = private_text(&harness, &harness.fake.click(mover, &panel, &take_back).await).await;
    assert!(text.starts_with("Asked"), "{text}");
    let request = request_after(&harness, thread.id, request.id).await;
    let allow = button(&request, "Allow").expect("Allow");
    assert!(harness.fake.wait_reply(&harness.fake.click(other, &request, &allow).await).await.is_success());
    let answered = harness.fake.message(request.id).expect("stored");
    assert_eq!(answered.content, "↩️ Everyone agreed: the move was taken back.");
    let after = harness.board_after(thread.id, request.id).await;
    let said = format!("{mover_name} took back their last move, with everyone's agreement.");
    assert!(after.content.contains(&said), "{}", after.content);
    assert_eq!(mentioned(&after), vec![mover.id], "the mover decides again");
    assert_eq!(picture_text(&after), picture_text(&board), "the board is as before the pass");
    // Still the same round: the mover's panel is reopened in place (one new DM per round,
    // issue #24 item 6), or a new one replaces it; either way it offers the pass again.
    let fresh = harness
        .fake
        .wait_for("the mover's panel open again", harness.fake.timeout(), |f| {
            f.dms(mover)
                .into_iter()
                .rev()
                .find(|m| m.id >= panel.id && button(m, "Pass").is_some() && picture_text(m) == mover_picture)
        })
        .await;
    assert_eq!(picture_text(&fresh), mover_picture, "the mover's panel is as before the pass");
    if fresh.id != panel.id {
        assert!(harness.fake.message(panel.id).expect("stored").custom_ids().is_empty(), "the old panel is retired");
    }
    let live = harness.fake.dms(mover).into_iter().filter(|m| !m.ephemeral && !m.custom_ids().is_empty()).count();
    assert_eq!(live, 1, "one live panel for the mover");
    assert_eq!(hand_text(&harness, other, thread.id).await, other_hand, "so is the other player's");

    // The log keeps the pass and the entry taking it back, and replays to the state shown.
    let log = tables.log(id).await.expect("log");
    assert_eq!((log.len(), log[1].undoes), (2, 1));
    assert!(in_effect(&log).is_empty());
    tables.verify_replay(id).await.expect("the log replays to the saved state");
    let view = |view: &Option<engines::AnyView>| serde_json::to_value(view).expect("a view");
    assert_eq!(view(&tables.snapshot(id).await.expect("snapshot").view), view(&start.view));
    harness.finish().await;
}
