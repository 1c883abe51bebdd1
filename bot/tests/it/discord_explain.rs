//! "What do these mean?" (#24 item 3): every decision's buttons come with one that answers, to
//! the clicker alone, what each option does in one plain line. Against the fake Discord on
//! 127.0.0.1.

use crate::discord::{Harness, button, mentioned, table_of, user};
use crate::support::fake_discord::*;
use engines::GameKind;
use engines::wording::findings;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn what_do_these_mean_explains_each_option_privately() {
    let harness = Harness::start().await;
    harness.play(ALICE, GameKind::Martian12s, 2).await;
    assert!(harness.lobby_click(BOB, "Join").await.is_success());
    harness.lobby_click(ALICE, "Start").await;
    let thread = harness.fake.wait_for("the thread", harness.fake.timeout(), |f| f.threads().into_iter().last()).await;
    let board = harness.board_after(thread.id, 0).await;
    let player = user(*mentioned(&board).first().expect("someone is on turn"));

    let tables = harness.tables().await;
    let id = table_of(&board);
    let version = tables.snapshot(id).await.expect("snapshot").version;
    let explain = button(&board, "What do these mean?").expect("the board's decision has the button");
    let click = harness.fake.click(player, &board, &explain).await;
    let reply = harness.fake.wait_reply(&click).await;
    assert!(reply.ephemeral(), "answered privately: {}", harness.fake.summary());
    let text = reply.content().unwrap_or_default().to_string();
    // One line per option on the board, each with its label and what it does.
    let options =
        board.buttons().into_iter().filter(|(_, l, _)| l.starts_with("Pull") || l.starts_with("Pass")).count();
    let lines: Vec<&str> = text.lines().filter(|l| l.starts_with("• ")).collect();
    assert_eq!(lines.len(), options, "{text}");
    assert!(lines.iter().all(|l| l.contains(" — ")), "{text}");
    assert!(text.contains("**Pass at 0** — Stop pulling for this round"), "{text}");
    assert!(text.contains("feel in the bag for a small pyramid"), "{text}");
    assert!(findings(&text.replace("**", "")).is_empty(), "in words: {:?}", findings(&text));
    // Nothing was played.
    assert_eq!(tables.snapshot(id).await.expect("snapshot").version, version, "no state change");
    harness.finish().await;
}
