//! The real Discord front end (poise) against the fake: it connects, registers its commands,
//! answers a command and opens a lobby whose buttons work. A smoke test of the fake with poise;
//! the end-to-end game tests live with the front end.

use crate::support::fake_discord::*;
use bot::config::Config;
use bot::store::Store;
use bot::table::Tables;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_poise_front_end_runs_against_the_fake() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().expect("temporary directory");
    let vars = [
        ("DISCORD_TOKEN", BOT_TOKEN.to_string()),
        ("DISCORD_API_BASE", fake.api_base()),
        ("DEV_GUILD_ID", GUILD_ID.to_string()),
        ("SALOON_BOARDS_DIR", dir.path().join("boards").display().to_string()),
    ];
    let config = Config::from_lookup(|name| vars.iter().find(|(k, _)| *k == name).map(|(_, v)| v.clone()))
        .expect("configuration");
    let store = Store::open(dir.path().join("saloon.db").to_str().expect("utf-8 path")).await.expect("store");
    let running = bot::discord::start(&config, Tables::new(store)).await.expect("the front end starts");
    fake.wait_identified().await;

    fake.wait_for("the commands", fake.timeout(), |f| f.command("games")).await;
    for name in ["play", "hand", "status", "rules", "resign", "abandon", "games"] {
        assert!(fake.command(name).is_some(), "/{name} registered");
    }
    let play = fake.command("play").expect("play");
    assert_eq!(play["options"][0]["type"], 4, "a ChoiceParameter is an INTEGER option");

    let rules = fake.slash_command(ALICE, CHANNEL_ID, "rules", vec![Opt::choice("game", 0)]).await;
    assert!(fake.wait_reply(&rules).await.is_success());

    let games = play["options"][0]["choices"].as_array().cloned().unwrap_or_default();
    let m12 = games.iter().position(|c| c["name"].as_str().is_some_and(|n| n.contains("12s"))).expect("Martian 12s");
    let play =
        fake.slash_command(ALICE, CHANNEL_ID, "play", vec![Opt::choice("game", m12), Opt::int("players", 2)]).await;
    let lobby = fake
        .wait_for("the lobby", fake.timeout(), |f| f.original_message(&play).filter(|m| !m.custom_ids().is_empty()))
        .await;
    let join = lobby.buttons().into_iter().find(|(_, label, _)| label == "Join").expect("a Join button").0;
    let click = fake.click(BOB, &lobby, &join).await;
    assert!(fake.wait_reply(&click).await.is_success(), "{}", fake.summary());
    running.shutdown().await;
    assert!(fake.unexpected_requests().is_empty(), "{}", fake.summary());
    fake.shutdown().await;
}
