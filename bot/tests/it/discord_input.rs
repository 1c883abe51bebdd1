//! Every slash invocation is answered, in words: options this release cannot read (a Discord
//! app with an older command list), options that are too long, repeated, empty or of the
//! wrong kind for the game. Against the fake Discord on 127.0.0.1.

use crate::discord::{Harness, choice_index};
use crate::support::fake_discord::*;
use engines::GameKind;

/// What no refusal may show a player: serde's and Rust's words.
const INTERNAL_WORDS: [&str; 8] =
    ["invalid type", "invalid value", "expected", "unknown field", "unknown variant", "u8", "u32", "serde"];

async fn answer(harness: &Harness, user: FakeUser, options: Vec<Opt>, stale: bool) -> String {
    let sent = if stale {
        harness.fake.slash_command_stale(user, CHANNEL_ID, "play", options).await
    } else {
        harness.fake.slash_command(user, CHANNEL_ID, "play", options).await
    };
    let reply = harness.fake.wait_reply(&sent).await;
    assert!(reply.ephemeral(), "a private answer: {}", harness.fake.summary());
    let text = reply.content().unwrap_or_default().to_string();
    for word in INTERNAL_WORDS {
        assert!(!text.contains(word), "{word:?} shown: {text}");
    }
    text
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn options_poise_cannot_read_get_an_answer_asking_to_reload() {
    let harness = Harness::start().await;
    // A game choice this release no longer has, and a number sent as text (a changed type).
    let gone = vec![Opt::choice("game", 250)];
    let text = answer(&harness, ALICE, gone, true).await;
    assert!(text.contains("Reload Discord"), "{text}");
    let retyped = vec![Opt::choice("game", 0), Opt::str("players", "three")];
    let text = answer(&harness, ALICE, retyped, true).await;
    assert!(text.contains("Reload Discord"), "{text}");
    harness.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_table_options_are_refused_in_short_sentences() {
    let harness = Harness::start().await;
    let index = choice_index(&harness.fake, GameKind::Martian12s);
    let play = |options: &str| vec![Opt::choice("game", index), Opt::int("players", 2), Opt::str("options", options)];
    let long = "x".repeat(6000);
    let cases = [
        (long.clone(), vec!["KEY=VALUE", "…"]),
        (format!("rounds={long}"), vec!["rounds", "whole number"]),
        ("rounds=5 rounds=6".to_string(), vec!["given twice", "rounds=5", "rounds=6"]),
        ("single_set=".to_string(), vec!["single_set has no value"]),
        ("rounds=many".to_string(), vec!["rounds", "whole number"]),
        ("roundz=5".to_string(), vec!["roundz", "rounds"]),
    ];
    for (options, words) in cases {
        let text = answer(&harness, ALICE, play(&options), false).await;
        assert!(text.chars().count() < 300, "{options:.80}: {text}");
        assert!(!text.contains(&"x".repeat(80)), "the input is not echoed whole: {text}");
        for word in words {
            assert!(text.contains(word), "{options:.80}: {word:?} not in {text}");
        }
    }
    assert!(harness.tables().await.tables_of(None, bot::table::Status::Lobby).await.expect("list").is_empty());
    harness.finish().await;
}
