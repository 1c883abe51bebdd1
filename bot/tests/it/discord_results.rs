//! The results channel (issue #27 item 7): when `/server` sets one where Saloon cannot post,
//! the admin is told so in a sentence (checked against the channel's permissions as Discord
//! sent them to Saloon's cache).

use serde_json::json;

use crate::discord::Harness;
use crate::long_game::private_text;
use crate::support::fake_discord::*;

/// A text channel where Saloon's role may not send messages.
const LOCKED_ID: u64 = 900_000_000_000_000_299;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_results_channel_saloon_cannot_post_in_is_named_to_the_admin() {
    let harness = Harness::start().await;
    let locked = FakeChannel::text(LOCKED_ID, "trophies");
    harness.fake.add_channel(locked.clone());
    let mut channel = locked.json(&[]);
    let deny =
        json!([{ "id": BOT_ROLE_ID.to_string(), "type": 0, "allow": "0", "deny": perms::SEND_MESSAGES.to_string() }]);
    channel["permission_overwrites"] = deny;
    harness.fake.dispatch("CHANNEL_CREATE", channel).await;
    let server =
        |channel| harness.fake.slash_command(OWNER, CHANNEL_ID, "server", vec![Opt::channel("results", channel)]);

    let text = private_text(&harness, &server(LOCKED_ID).await).await;
    assert!(text.starts_with("Saved"), "{text}");
    let note = format!(
        "Note: I cannot post in <#{LOCKED_ID}>: I need to see that channel and send messages there. \
         Until someone gives me that permission, finished games' standings are not posted."
    );
    assert!(text.ends_with(&note), "{text}");
    let text = private_text(&harness, &server(OTHER_CHANNEL_ID).await).await;
    assert!(text.starts_with("Saved") && !text.contains("I cannot post"), "a channel Saloon may post in: {text}");
    harness.finish().await;
}
