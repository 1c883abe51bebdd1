//! `/away` from a later date on the fake Discord (issue #27 items 1 and 9): a date in the past
//! is refused in a sentence and changes nothing; a later start is said to the player and to
//! the table, `/away` says it, and `/away off:true` calls it off. The clocks themselves are
//! tested on a controlled clock in `tables_long.rs` (`away_from_a_later_date…`).

use crate::discord::{Harness, mentioned, user};
use crate::long_game::{private_text, two_player_game};
use crate::support::fake_discord::*;

/// The UTC date `offset` days from now, as `/away from:` takes it.
fn day(offset: i64) -> String {
    let at = bot::table::now() + offset * 86_400;
    chrono::DateTime::from_timestamp(at, 0).expect("a time").format("%Y-%m-%d").to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn away_from_a_later_date_is_planned_said_and_called_off_and_a_past_date_is_refused() {
    let harness = Harness::start().await;
    let tables = harness.tables().await;
    let (thread, board, _id) = two_player_game(&harness).await;
    let waiting = user(mentioned(&board)[0]);
    let away = |options| harness.fake.slash_command(waiting, thread.id, "away", options);

    let yesterday = day(-1);
    let text = private_text(&harness, &away(vec![Opt::int("days", 2), Opt::str("from", &yesterday)]).await).await;
    assert_eq!(
        text,
        format!("{yesterday} is in the past: your away time can start today or on a later day. Nothing was changed.")
    );
    let text = private_text(&harness, &away(vec![Opt::str("from", &day(1))]).await).await;
    assert!(text.starts_with("Say for how many days"), "{text}");
    let me = bot::table::UserId(waiting.id);
    assert_eq!(tables.away_planned(me, bot::table::now()).await.expect("read"), None, "nothing was changed");

    let start = (bot::table::now() / 86_400 + 1) * 86_400;
    let text = private_text(&harness, &away(vec![Opt::int("days", 2), Opt::str("from", &day(1))]).await).await;
    assert!(
        text.starts_with(&format!("You will be away from <t:{start}:f> until <t:{}:f>", start + 2 * 86_400)),
        "{text}"
    );
    let told = harness
        .fake
        .wait_for("the table is told", harness.fake.timeout(), |f| {
            f.public_messages(thread.id).into_iter().find(|m| m.content.contains("will be away from"))
        })
        .await;
    assert!(told.content.contains(&format!("<t:{start}:f>")), "{}", told.content);
    assert!(tables.away_now(me, bot::table::now()).await.expect("read").is_none(), "not away yet");
    let text = private_text(&harness, &away(vec![]).await).await;
    assert!(text.starts_with("You will be away from"), "{text}");
    let text = private_text(&harness, &away(vec![Opt::bool("off", true)]).await).await;
    assert_eq!(text, "Your away time planned for later is called off.");
    harness
        .fake
        .wait_for("the table is told", harness.fake.timeout(), |f| {
            f.public_messages(thread.id).into_iter().find(|m| m.content.contains("will not be away after all"))
        })
        .await;
    harness.finish().await;
}
