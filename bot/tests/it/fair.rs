//! Provably fair deals, exports and the whole story at the end (issue #28), on a real
//! database: every game's finished log checks out from its sealed secret, and a log with one
//! thing changed fails at the first action that differs.

use bot::fair::log::ExportLog;
use bot::fair::verify::{VerifyError, verify};
use bot::table::{LobbyRequest, Skill, Status, TableError, TableId, Tables, UserId};
use engines::{AnyGame, GameKind};
use serde_json::json;

use crate::support::{db, lobby};

const ALICE: UserId = UserId(101);
const BOB: UserId = UserId(202);

/// A sealed (no seed given) all-computer table of `kind`, opened by Alice who watches.
fn sealed(kind: GameKind, options: serde_json::Value) -> LobbyRequest {
    let (min, _) = AnyGame::player_range(kind);
    LobbyRequest {
        options,
        seat_host: false,
        computers: min as u8,
        seed: None,
        ..lobby::request(kind, (ALICE, "Alice"), min as u8, 0)
    }
}

/// Short options per game, so that each whole game stays quick.
fn short(kind: GameKind) -> serde_json::Value {
    match kind {
        GameKind::Martian12s => json!({"rounds": 2}),
        GameKind::ConquestOfMars => json!({"round_cap": 20}),
        _ => json!({}),
    }
}

/// Plays a sealed all-computer game of `kind` to its end, cut with `cut`.
async fn finished(tables: &Tables, kind: GameKind, cut: &str) -> TableId {
    let lobby = tables.open(sealed(kind, short(kind))).await.expect("open");
    let commitment = lobby.commitment.clone().expect("a sealed table shows its commitment from the lobby on");
    assert_eq!(lobby.secret, None, "the secret stays hidden until the end");
    let report = tables.start_cut(lobby.id, ALICE, cut).await.expect("start");
    assert!(report.outcome().is_some(), "{kind}: computers play the whole game in the start's commit");
    let end = tables.snapshot(lobby.id).await.expect("snapshot");
    let secret = end.secret.clone().expect("revealed at the end");
    assert_eq!(bot::fair::commitment(&secret), Some(commitment), "the secret is the one committed to");
    assert_eq!(bot::fair::seed(&secret, cut), Some(end.seed), "the seed comes from the secret and the cut");
    lobby.id
}

/// The first action whose events include one with a digit, its event's index and the text
/// with that digit changed: one card, die or amount changed in the log.
fn change_one_number(log: &mut ExportLog) -> usize {
    for action in &mut log.actions {
        for event in &mut action.events {
            if let Some(at) = event.text.find(|c: char| c.is_ascii_digit()) {
                let digit = event.text.as_bytes()[at];
                let other = if digit == b'9' { '8' } else { char::from(digit + 1) };
                event.text.replace_range(at..=at, &other.to_string());
                return action.n;
            }
        }
    }
    panic!("no event with a number in the log");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_verifies_from_its_sealed_secret_and_a_changed_log_fails_where_it_differs() {
    let dir = tempfile::tempdir().expect("tempdir");
    let Some(url) = db::url(&dir).await else { return };
    let tables = Tables::new(db::open(&url).await);
    for &kind in GameKind::ALL {
        let started = std::time::Instant::now();
        let id = finished(&tables, kind, "discord interaction 1234567890").await;
        let verdict = tables.verify_table(id).await.expect("finished").expect("checks out");
        assert!(verdict.sealed && verdict.events > 0 && verdict.actions > 0, "{kind}: {verdict:?}");
        let sentence = verdict.sentence();
        assert!(sentence.contains("checks out") && sentence.contains(kind.name()), "{sentence}");
        let export = tables.export(id, None).await.expect("export");
        assert!(export.text.contains(&export.log.secret.clone().expect("secret")), "the text log names the secret");
        assert_eq!(bot::fair::verify::verify_json(&export.json).map(|v| v.actions), Ok(verdict.actions));
        // The text log says each action in words (as its button did); the JSON keeps the text
        // form the replay reads.
        for action in &export.log.actions {
            let start = format!("{:>4}. {}", action.n, action.player);
            let line = export.text.lines().find(|l| l.starts_with(&start)).expect("a line per action");
            assert!(!action.said.is_empty() && line.ends_with(&format!(": {}", action.said)), "{kind}: {line}");
        }
        assert!(export.log.actions.iter().any(|a| a.said != a.action), "{kind}: words, not text forms");

        // One number (a card, a die, an amount) changed: refused at that action, named.
        let mut changed = export.log.clone();
        let n = change_one_number(&mut changed);
        match verify(&changed) {
            Err(VerifyError::Differs { n: at, replayed, logged, .. }) => {
                assert_eq!(at, n, "{kind}: fails at the first action that differs");
                assert_ne!(replayed, logged);
                let text = verify(&changed).expect_err("again").to_string();
                assert!(text.contains(&format!("Action {n} ")), "{text}");
            }
            other => panic!("{kind}: a changed event must fail where it differs, not {other:?}"),
        }
        // Another secret, another seed, other standings: each caught by its own check.
        let mut secret = export.log.clone();
        secret.secret = Some("ab".repeat(32));
        assert!(matches!(verify(&secret), Err(VerifyError::Commitment { .. })), "{kind}: another secret");
        let mut seed = export.log.clone();
        seed.seed ^= 1;
        assert!(matches!(verify(&seed), Err(VerifyError::Seed { .. })), "{kind}: another seed");
        let mut result = export.log.clone();
        if let Some(first) = result.result.as_mut().and_then(|r| r.standings.first_mut()) {
            first.score += 1;
        }
        assert!(matches!(verify(&result), Err(VerifyError::Standings { .. })), "{kind}: changed standings");
        eprintln!("{kind}: {} actions verified in {:?}", verdict.actions, started.elapsed());
    }
}

#[tokio::test]
async fn a_changed_action_is_refused_or_differs_at_that_action() {
    let dir = tempfile::tempdir().expect("tempdir");
    let Some(url) = db::url(&dir).await else { return };
    let tables = Tables::new(db::open(&url).await);
    let id = finished(&tables, GameKind::Martian12s, "cut").await;
    let log = tables.export(id, None).await.expect("export").log;
    // Another seat's move in place of the first: the rules refuse it, at action 1.
    let mut other = log.clone();
    other.actions[0].seat = (other.actions[0].seat + 1) % other.players.len() as u8;
    match verify(&other) {
        Err(VerifyError::Refused { n: 1, .. } | VerifyError::Differs { n: 1, .. }) => {}
        verdict => panic!("a changed first action must fail at action 1, not {verdict:?}"),
    }
    assert!(matches!(bot::fair::verify::verify_json("{\"hello\": 1}"), Err(VerifyError::NotALog(_))));
    let not_json = bot::fair::verify::verify_json("this is a poem").expect_err("not a log").to_string();
    assert!(not_json.contains("not a Saloon log"), "{not_json}");
}

#[tokio::test]
async fn an_export_is_for_the_players_of_a_finished_table_and_refusals_change_nothing() {
    let dir = tempfile::tempdir().expect("tempdir");
    let Some(url) = db::url(&dir).await else { return };
    let tables = Tables::new(db::open(&url).await);
    // A game under way: not exported, not checked, nothing changed.
    let mut request = sealed(GameKind::Martian12s, json!({}));
    (request.seat_host, request.computers) = (true, 1);
    let running = tables.open(request).await.expect("open");
    tables.start_cut(running.id, ALICE, "cut").await.expect("start");
    let before = tables.snapshot(running.id).await.expect("snapshot");
    let refused = tables.export(running.id, Some(ALICE)).await.expect_err("not over");
    assert!(matches!(refused, TableError::NotFinished(_)), "{refused:?}");
    assert!(refused.to_string().contains("not over"), "{refused}");
    assert!(matches!(tables.verify_table(running.id).await, Err(TableError::NotFinished(_))));
    assert_eq!(tables.snapshot(running.id).await.expect("snapshot").version, before.version, "nothing changed");
    assert_eq!(before.secret, None, "no secret while the game runs");
    // A finished table with Alice seated: hers to export, not Bob's.
    let mut request = sealed(GameKind::Martian12s, json!({"rounds": 1}));
    (request.seat_host, request.computers) = (true, 1);
    let lobby = tables.open(request).await.expect("open");
    tables.start_cut(lobby.id, ALICE, "cut").await.expect("start");
    while let Some(user) = tables.snapshot(lobby.id).await.expect("snapshot").waiting_users().first().copied() {
        let (_, private) = tables.private_view(lobby.id, user).await.expect("private view");
        let action = private.legal.last().map(|a| a.text.clone()).expect("a move");
        let version = tables.snapshot(lobby.id).await.expect("snapshot").version;
        tables.submit(lobby.id, user, &action, Some(version)).await.expect("move");
    }
    assert_eq!(tables.snapshot(lobby.id).await.expect("snapshot").status, Status::Finished);
    let export = tables.export(lobby.id, Some(ALICE)).await.expect("Alice played");
    assert!(export.log.players.contains(&"Alice".to_string()));
    let bob = tables.export(lobby.id, Some(BOB)).await.expect_err("Bob did not play");
    assert!(matches!(bob, TableError::NotAPlayerOf(_)) && bob.to_string().contains("Only the players"), "{bob}");
    let unknown = tables.export(TableId(4242), Some(ALICE)).await.expect_err("no such table");
    assert!(matches!(unknown, TableError::NoSuchTable(_)), "{unknown:?}");
}

#[tokio::test]
async fn a_seed_given_by_the_host_and_a_table_of_the_previous_release_have_no_commitment() {
    let dir = tempfile::tempdir().expect("tempdir");
    let Some(url) = db::url(&dir).await else { return };
    let tables = Tables::new(db::open(&url).await);
    let mut request = sealed(GameKind::Martian12s, json!({"rounds": 1}));
    request.seed = Some(7);
    let chosen = tables.open(request.clone()).await.expect("open");
    assert_eq!(chosen.commitment, None, "a chosen seed is reproducible, not sealed");
    tables.start(chosen.id, ALICE).await.expect("start");
    assert_eq!(tables.snapshot(chosen.id).await.expect("snapshot").seed, 7, "the chosen seed is kept");
    let verdict = tables.verify_table(chosen.id).await.expect("finished").expect("replays");
    assert!(!verdict.sealed && verdict.sentence().contains("no commitment"), "{}", verdict.sentence());
    // A table from before fair deals has no row of its own: it keeps its seed and still replays.
    let old = tables.open(request).await.expect("open");
    sqlx::query("DELETE FROM fair_deals WHERE table_id = $1")
        .bind(old.id.0)
        .execute(tables.front_end_pool())
        .await
        .expect("as the previous release left it");
    tables.start(old.id, ALICE).await.expect("start");
    let snapshot = tables.snapshot(old.id).await.expect("snapshot");
    assert_eq!((snapshot.seed, snapshot.commitment, snapshot.reveal), (7, None, true));
    let verdict = tables.verify_table(old.id).await.expect("finished").expect("replays");
    assert!(!verdict.sealed);
}

/// Every private fact any player held during the game (every secret with an owner, at every
/// step: hands, hidden event cards, sealed choices, blinders, setup lands), as the engine
/// lists them for its leak checks.
pub(crate) fn private_facts(log: &ExportLog) -> Vec<(String, String)> {
    let kind: GameKind = log.game.parse().expect("game");
    let mut game = AnyGame::setup(kind, &log.options, log.players.len(), log.seed).expect("setup");
    let mut facts = Vec::new();
    let mut note = |game: &AnyGame| {
        for secret in game.secrets().into_iter().filter(|s| s.owner.is_some()) {
            let owner = log.players[secret.owner.expect("owner").index()].clone();
            if !facts.contains(&(owner.clone(), secret.token.clone())) {
                facts.push((owner, secret.token));
            }
        }
    };
    note(&game);
    for action in &log.actions {
        game.apply(engines::Seat(action.seat), &action.action, &log.players).expect("replays");
        note(&game);
    }
    facts
}

/// Whether the story `told` names `owner`'s secret `token`: as the engine codes it, or for a
/// Raja blinder (`Black blinder: $75`), as its owner's lines say it (`Behind your blinder: $75`).
pub(crate) fn names(told: &str, owner: &str, token: &str) -> bool {
    match token.split_once(" blinder: ") {
        Some((_, cash)) => told
            .lines()
            .any(|line| line.contains(&format!("only {owner} saw")) && line.contains(&format!("blinder: {cash}"))),
        None => told.contains(token),
    }
}

/// The whole story of one finished game of each kind names every private fact of it; with
/// reveal=no it names none and says they stay private.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_story_at_the_end_reveals_every_private_fact_unless_the_table_keeps_them() {
    let dir = tempfile::tempdir().expect("tempdir");
    let Some(url) = db::url(&dir).await else { return };
    let tables = Tables::new(db::open(&url).await);
    let mut lead_changes = 0;
    for kind in [GameKind::MartianGunslinger, GameKind::GunslingerGang, GameKind::ConquestOfMars, GameKind::Raja] {
        let id = finished(&tables, kind, "reveal").await;
        let story = tables.story(id).await.expect("story");
        assert!(!story.kept && !story.reveal.is_empty(), "{kind}: {story:?}");
        // The reveal picture beside the final board (its content and limits: render/tests/reveal.rs).
        assert!(story.picture.as_ref().is_some_and(|p| p.starts_with(b"\x89PNG")), "{kind}: a reveal picture");
        assert!(story.picture_text.starts_with("Revealed at the end. "), "{kind}: {}", story.picture_text);
        assert!(story.summary.iter().any(|l| l.starts_with("1. ")), "{kind}: the standings: {:?}", story.summary);
        let told = story.reveal.join("\n");
        let log = tables.export(id, None).await.expect("export").log;
        // Everything told privately during the game is in it.
        for action in &log.actions {
            for event in action.events.iter().filter(|e| !e.told.is_empty()) {
                assert!(told.contains(&event.text), "{kind}: the story leaves out {:?}", event.text);
            }
        }
        // Every secret the engine lists for its leak checks, where the words write it as the
        // engine codes it (cards, sealed dice, blinders); Gunslinger Gang's codes (`Red-GAMBLER`,
        // `N14`) are written out as names, which the check above covers.
        let facts = private_facts(&log);
        assert!(!facts.is_empty(), "{kind}: a game with private facts");
        let missing: Vec<&(String, String)> =
            facts.iter().filter(|(owner, token)| !names(&told, owner, token)).collect();
        if kind != GameKind::GunslingerGang {
            assert!(missing.is_empty(), "{kind}: the story leaves out {missing:?}\n{told}");
        }
        for line in &story.reveal {
            assert!(!line.contains("Seat(") && !line.contains('_'), "{kind}: written for people: {line}");
        }
        // Each fact a player alone saw reads on its own: no row of a drawing (Raja's own land
        // as a map during setup) torn out of it.
        let facts_seen = story.reveal.iter().filter_map(|l| l.split_once(" saw: ")).flat_map(|(_, f)| f.split("; "));
        for fact in facts_seen {
            let worded = fact.split(|c: char| !c.is_alphabetic()).any(|w| w.chars().count() >= 3);
            assert!(worded && !fact.ends_with(':'), "{kind}: a fact that says nothing on its own: {fact:?}");
        }
        // The turning points: every lead change named is checked against a replay.
        lead_changes += check_lead_changes(kind, &story, &log);
        assert!(story.turning_points.iter().any(|l| l.starts_with("The last move: ")), "{kind}");
    }
    assert!(lead_changes > 0, "the four games name at least one change of leader");
    // Opened with reveal=no: the summary, and not one private fact.
    let lobby = tables.open(sealed(GameKind::MartianGunslinger, json!({"reveal": "no"}))).await.expect("open");
    assert!(!lobby.reveal);
    tables.start_cut(lobby.id, ALICE, "kept").await.expect("start");
    let story = tables.story(lobby.id).await.expect("story");
    assert!(story.kept && story.reveal.is_empty() && !story.summary.is_empty(), "{story:?}");
    assert_eq!(story.picture, None, "no reveal picture for a table that keeps its secrets");
    let export = tables.export(lobby.id, None).await.expect("export");
    assert!(export.log.actions.iter().all(|a| a.events.iter().all(|e| e.told.is_empty())), "no private event");
    assert!(verify(&export.log).is_ok(), "a kept table's log still checks out");
    let bad = tables.open(sealed(GameKind::Martian12s, json!({"reveal": "maybe"}))).await.expect_err("yes or no");
    assert!(bad.to_string().contains("yes or no"), "{bad}");
}

/// The sole leader on the game's public tally, everyone still playing counted, found here
/// without the story's code.
fn leader_now(game: &AnyGame) -> Option<usize> {
    let scores = game.tally().expect("the game keeps a tally").scores;
    let playing: Vec<(usize, i64)> =
        scores.into_iter().enumerate().filter(|(i, _)| !game.resigned(engines::Seat(*i as u8))).collect();
    let best = playing.iter().map(|(_, s)| *s).max()?;
    let mut top = playing.iter().filter(|(_, s)| *s == best);
    let first = top.next()?.0;
    top.next().is_none().then_some(first)
}

/// Each "Move N, X took the lead" of the story really happened: replaying the exported log,
/// X leads alone right after move N and did not right before it. Returns how many were named.
fn check_lead_changes(kind: GameKind, story: &bot::fair::story::Story, log: &ExportLog) -> usize {
    let mut named = 0;
    for line in &story.turning_points {
        let Some(rest) = line.strip_prefix("Move ") else { continue };
        let (n, rest) = rest.split_once(", ").expect("Move N, …");
        let n: usize = n.parse().expect("a move number");
        let who = rest.split_once(" took the lead").expect("names who took the lead").0;
        let seat = log.players.iter().position(|p| p == who).expect("a player's name");
        let mut game = AnyGame::setup(kind, &log.options, log.players.len(), log.seed).expect("setup");
        for action in &log.actions[..n - 1] {
            game.apply(engines::Seat(action.seat), &action.action, &log.players).expect("replays");
        }
        assert_ne!(leader_now(&game), Some(seat), "{kind}: {who} did not lead alone before move {n}: {line}");
        let action = &log.actions[n - 1];
        game.apply(engines::Seat(action.seat), &action.action, &log.players).expect("replays");
        assert_eq!(leader_now(&game), Some(seat), "{kind}: {who} leads alone after move {n}: {line}");
        named += 1;
    }
    named
}

/// On Discord: the lobby shows the commitment, the Start click's id cuts the deal, the last
/// board reveals the secret, the thread gets the whole story after the final move (and no
/// public message before it showed a secret), `/export` gives a player the logs privately and
/// refuses anyone else, and `/verify` confirms the game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_discord_the_lobby_commits_the_end_reveals_and_export_and_verify_answer() {
    use crate::discord::{Harness, button, choice_index, mentioned, table_of};
    use crate::support::fake_discord::{ALICE as FAKE_ALICE, CAROL, CHANNEL_ID, Opt};
    let harness = Harness::start().await;
    let index = choice_index(&harness.fake, GameKind::Martian12s);
    let options = vec![Opt::choice("game", index), Opt::int("players", 2), Opt::str("options", "rounds=1")];
    let play = harness.fake.slash_command(FAKE_ALICE, CHANNEL_ID, "play", options).await;
    assert!(harness.fake.wait_reply(&play).await.is_success(), "{}", harness.fake.summary());
    harness.fake.wait_for("the lobby", harness.fake.timeout(), |f| f.original_message(&play)).await;
    assert!(harness.add_computer(FAKE_ALICE, "random").await.is_success());
    let lobby = harness.lobby().content;
    let commitment: String = lobby
        .split("SHA-256 is `")
        .nth(1)
        .expect("the commitment")
        .chars()
        .take_while(char::is_ascii_hexdigit)
        .collect();
    assert_eq!(commitment.len(), 64, "{lobby}");
    harness.lobby_click(FAKE_ALICE, "Start").await;
    let thread = harness.fake.wait_for("the thread", harness.fake.timeout(), |f| f.threads().into_iter().last()).await;
    let mut board = harness.board_after(thread.id, 0).await;
    let id = table_of(&board);
    let mut clicks = 0;
    while !board.content.contains("Game over") {
        assert!(!board.content.contains("The secret was"), "no secret before the end");
        if mentioned(&board).is_empty() {
            // The computer's move: its own board follows.
            board = harness.board_after(thread.id, board.id).await;
            continue;
        }
        assert_eq!(mentioned(&board), vec![FAKE_ALICE.id], "{}", board.content);
        let pass = button(&board, "Pass").expect("a pass button");
        let click = harness.fake.click(FAKE_ALICE, &board, &pass).await;
        assert!(harness.fake.wait_reply(&click).await.is_success(), "{}", harness.fake.summary());
        board = harness.board_after(thread.id, board.id).await;
        clicks += 1;
        assert!(clicks < 100, "the match ends");
    }
    let secret: String = board
        .content
        .split("secret was `")
        .nth(1)
        .expect("revealed")
        .chars()
        .take_while(char::is_ascii_hexdigit)
        .collect();
    assert_eq!(bot::fair::commitment(&secret), Some(commitment), "the secret revealed is the one committed to");
    let snapshot = harness.tables().await.snapshot(id).await.expect("snapshot");
    assert!(snapshot.cut.as_deref().is_some_and(|c| c.starts_with("discord interaction ")), "{:?}", snapshot.cut);
    let story = harness
        .fake
        .wait_for("the whole story", harness.fake.timeout(), |f| {
            f.public_messages(thread.id).into_iter().find(crate::discord::is_story)
        })
        .await;
    assert!(story.content.contains("The whole story") && story.content.contains("1. "), "{}", story.content);

    // /export: Alice's logs, privately; Carol did not play.
    let export = harness.fake.slash_command(FAKE_ALICE, thread.id, "export", vec![]).await;
    let replies = harness.fake.wait_replies(&export, 2).await;
    assert!(replies.iter().all(|r| r.ephemeral() || r.flags() == 0), "{}", harness.fake.summary());
    let files: Vec<_> = replies.iter().flat_map(|r| r.files.clone()).collect();
    let json = files.iter().find(|f| f.filename.ends_with("-log.json")).expect("the JSON log");
    assert!(files.iter().any(|f| f.filename.ends_with("-log.txt")), "and the text log");
    let verdict = bot::fair::verify::verify_json(&String::from_utf8_lossy(&json.bytes)).expect("checks out");
    assert!(verdict.sealed);
    let stranger = harness.fake.slash_command(CAROL, thread.id, "export", vec![]).await;
    let replies = harness.fake.wait_replies(&stranger, 2).await;
    let said: Vec<&str> = replies.iter().filter_map(|r| r.content()).collect();
    assert!(said.iter().any(|c| c.contains("Only the players")), "{said:?}");
    assert!(replies.iter().all(|r| r.files.is_empty()), "nothing is sent to someone who did not play");
    // /verify: anyone may check the finished game.
    let check = harness.fake.slash_command(CAROL, thread.id, "verify", vec![]).await;
    let replies = harness.fake.wait_replies(&check, 2).await;
    let said: Vec<&str> = replies.iter().filter_map(|r| r.content()).collect();
    assert!(said.iter().any(|c| c.contains("checks out") && c.contains("commitment")), "{said:?}");

    // /verify of an uploaded file (fetched from its URL on the fake Discord): the JSON that
    // /export gave checks out; a copy with one number changed fails at that action; a file
    // that is no log, and one over the size limit, are each told so.
    let verify_file = |name: &'static str, bytes: Vec<u8>, size: Option<u64>| {
        let mut file = harness.fake.upload(CAROL, name, bytes);
        if let Some(size) = size {
            file["size"] = serde_json::Value::from(size);
        }
        let fake = &harness.fake;
        async move {
            let check = fake.slash_command(CAROL, thread.id, "verify", vec![Opt::attachment("file", file)]).await;
            let replies = fake.wait_replies(&check, 2).await;
            replies.iter().filter_map(|r| r.content().map(str::to_string)).collect::<Vec<_>>().join("\n")
        }
    };
    let said = verify_file("table-log.json", json.bytes.clone(), None).await;
    assert!(said.contains("table-log.json: ✅") && said.contains("checks out"), "{said}");
    let mut tampered: ExportLog = serde_json::from_slice(&json.bytes).expect("the export");
    let n = change_one_number(&mut tampered);
    let said = verify_file("changed.json", serde_json::to_vec(&tampered).expect("json"), None).await;
    assert!(said.contains(&format!("Action {n} ")) && said.contains("differs"), "{said}");
    let said = verify_file("poem.json", b"roses are red".to_vec(), None).await;
    assert!(said.contains("not a Saloon log"), "{said}");
    let said = verify_file("huge.json", b"{}".to_vec(), Some(5 << 20)).await;
    assert!(said.contains("at most 4.0 MB"), "{said}");
    harness.finish().await;
}

/// In the terminal: a game without `--seed` prints its commitment before the deal and the
/// secret, the story and how to export at the end; `saloon export` writes both logs and
/// `saloon verify` checks the JSON, and names the action where a changed copy differs.
#[tokio::test]
async fn in_the_terminal_the_deal_is_sealed_exported_and_verified() {
    let dir = tempfile::tempdir().expect("tempdir");
    let Some(url) = db::url(&dir).await else { return };
    let tables = Tables::new(db::open(&url).await);
    let args = bot::console::PlayArgs {
        game: GameKind::Martian12s,
        players: 2,
        bots: 2,
        seed: None,
        resume: None,
        options: json!({"rounds": 1}),
        level: Skill::Random,
        boards_dir: dir.path().join("boards"),
    };
    let mut out = Vec::new();
    let id = bot::console::play(&tables, &args, "".as_bytes(), &mut out).await.expect("a whole match");
    let out = String::from_utf8(out).expect("utf-8");
    let sealed = out.find("Sealed deal").expect("the commitment is printed");
    let over = out.find("Match over").or_else(|| out.find("Game over")).expect("the end");
    assert!(sealed < over && out.contains("The secret was") && out.contains("The whole story"), "{out}");
    assert!(out.contains(&format!("saloon export {}", id.0)), "{out}");

    let mut said = Vec::new();
    let files = bot::console::fair::export(&tables, id, &dir.path().join("logs"), &mut said).await.expect("export");
    let json = files.iter().find(|f| f.extension().is_some_and(|e| e == "json")).expect("the JSON log");
    assert!(String::from_utf8_lossy(&said).contains("saloon verify"), "says how to check it");
    let mut verdict = Vec::new();
    assert!(bot::console::fair::verify(json, &mut verdict).expect("verify"), "{}", String::from_utf8_lossy(&verdict));
    assert!(String::from_utf8_lossy(&verdict).contains("checks out"));
    // One number changed in a copy: it fails, naming the action.
    let mut log: ExportLog = serde_json::from_slice(&std::fs::read(json).expect("read")).expect("a log");
    let n = change_one_number(&mut log);
    let changed = dir.path().join("changed.json");
    std::fs::write(&changed, serde_json::to_string(&log).expect("json")).expect("write");
    let mut verdict = Vec::new();
    assert!(!bot::console::fair::verify(&changed, &mut verdict).expect("verify"));
    let verdict = String::from_utf8_lossy(&verdict);
    assert!(verdict.contains(&format!("Action {n} ")), "{verdict}");
    let mut verdict = Vec::new();
    assert!(!bot::console::fair::verify(&dir.path().join("missing.json"), &mut verdict).expect("verify"));
    assert!(String::from_utf8_lossy(&verdict).contains("Cannot read"));
    let not_finished = bot::console::fair::export(&tables, TableId(4242), dir.path(), &mut Vec::new()).await;
    assert!(not_finished.is_err());
}

/// On Discord with `/play reveal:no`: the lobby says secrets stay private, the last board keeps
/// the action log to `/export` instead of attaching it, and the story tells no private fact.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_discord_a_table_opened_with_reveal_no_keeps_its_secrets_at_the_end() {
    use crate::discord::{Harness, button, choice_index, mentioned};
    use crate::support::fake_discord::{ALICE as FAKE_ALICE, CHANNEL_ID, Opt};
    let harness = Harness::start().await;
    let index = choice_index(&harness.fake, GameKind::Martian12s);
    let options = vec![
        Opt::choice("game", index),
        Opt::int("players", 2),
        Opt::str("options", "rounds=1"),
        Opt::choice("reveal", 1),
    ];
    let play = harness.fake.slash_command(FAKE_ALICE, CHANNEL_ID, "play", options).await;
    assert!(harness.fake.wait_reply(&play).await.is_success(), "{}", harness.fake.summary());
    harness.fake.wait_for("the lobby", harness.fake.timeout(), |f| f.original_message(&play)).await;
    assert!(harness.add_computer(FAKE_ALICE, "random").await.is_success());
    assert!(harness.lobby().content.contains("stay private at the end"), "{}", harness.lobby().content);
    harness.lobby_click(FAKE_ALICE, "Start").await;
    let thread = harness.fake.wait_for("the thread", harness.fake.timeout(), |f| f.threads().into_iter().last()).await;
    let mut board = harness.board_after(thread.id, 0).await;
    for _ in 0..100 {
        if board.content.contains("Game over") {
            break;
        }
        if let Some(pass) = button(&board, "Pass").filter(|_| mentioned(&board) == vec![FAKE_ALICE.id]) {
            let click = harness.fake.click(FAKE_ALICE, &board, &pass).await;
            assert!(harness.fake.wait_reply(&click).await.is_success(), "{}", harness.fake.summary());
        }
        board = harness.board_after(thread.id, board.id).await;
    }
    assert!(board.content.contains("Game over") && board.content.contains("/export"), "{}", board.content);
    assert!(!board.attachment_names().iter().any(|n| n.ends_with("-log.txt")), "the log is not attached");
    let story = harness
        .fake
        .wait_for("the story", harness.fake.timeout(), |f| {
            f.public_messages(thread.id).into_iter().find(crate::discord::is_story)
        })
        .await;
    assert!(story.content.contains("stay private") && !story.content.contains("only "), "{}", story.content);
    harness.finish().await;
}
