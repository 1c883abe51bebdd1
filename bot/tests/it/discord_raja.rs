//! Raja on the fake Discord: a whole game by clicks from the lobby to the final standings
//! (both private setups at once, bids digit by digit, proposals answered in the other
//! player's panel, market orders filled, every secret kept out of public messages and logs),
//! and the longest action the game offers entered by clicks within Discord's limits.

use std::collections::HashSet;

use crate::discord::{
    Chooser, Harness, button, choice_index, forward_options, mentioned, set_deadline, table_of, user, walk_steps,
};
use crate::support::fake_discord::*;
use bot::table::Status;
use engines::{AnyGame, GameKind};

/// What the Raja players of the test have done so far, by the labels of their steps.
#[derive(Default)]
struct RajaPlan {
    proposed: bool,
    filled: bool,
}

impl RajaPlan {
    /// The labels preferred now, best first: a proposal until one was sent, market orders
    /// (selling first, which any other player with cash can fill) until one was filled,
    /// accepting and filling whenever offered, then the shortest way through a turn (the
    /// game runs to its turn cap, §6 R39).
    fn preferred(&self) -> Vec<&'static str> {
        let mut out = vec!["Setup done", "Confirm the lands", "Accept", "Fill at", "Trade with", "Send:"];
        if !self.proposed {
            out.push("Propose to ");
        }
        if !self.filled {
            out.extend(["Sell ", "Buy "]);
        }
        out.extend(["End commerce", "End building", "No siege", "Pass", "Cancel the proposal"]);
        out
    }

    fn note(&mut self, label: &str) {
        self.proposed |= label.starts_with("Send:");
        self.filled |= label.starts_with("Fill at");
    }
}

/// Opens a two-player Raja table by `/play` with `extra` options (Alice hosts, Bob joins),
/// starts it, and returns its thread and the first board posted there.
async fn start_raja(harness: &Harness, extra: Vec<Opt>) -> (u64, StoredMessage) {
    let index = choice_index(&harness.fake, GameKind::Raja);
    let mut options = vec![Opt::choice("game", index), Opt::int("players", 2)];
    options.extend(extra);
    let play = harness.fake.slash_command(ALICE, CHANNEL_ID, "play", options).await;
    assert!(harness.fake.wait_reply(&play).await.is_success(), "{}", harness.fake.summary());
    harness.fake.wait_for("the lobby", harness.fake.timeout(), |f| f.original_message(&play)).await;
    assert!(harness.lobby_click(BOB, "Join").await.is_success());
    harness.lobby_click(ALICE, "Start").await;
    let thread = harness.fake.wait_for("the thread", harness.fake.timeout(), |f| f.threads().into_iter().last()).await;
    (thread.id, harness.board_after(thread.id, 0).await)
}

/// Walks one Raja decision from `message` by clicks, as [`RajaPlan::preferred`] says, else
/// at random among the forward options (never resigning, timing out or discarding a draft).
async fn walk_raja_move(
    harness: &Harness,
    player: FakeUser,
    message: StoredMessage,
    chooser: &mut Chooser,
    plan: &mut RajaPlan,
) -> Vec<String> {
    walk_steps(harness, player, message, 40, |options| {
        let allowed: Vec<usize> = (0..options.len())
            .filter(|&i| !["Resign", "Time out", "Discard"].iter().any(|x| options[i].2.starts_with(x)))
            .collect();
        assert!(!allowed.is_empty(), "only resigning, timing out or discarding is offered: {options:?}");
        let pick = plan
            .preferred()
            .iter()
            .find_map(|p| allowed.iter().copied().find(|&i| options[i].2.starts_with(p)))
            .unwrap_or_else(|| allowed[chooser.pick(allowed.len())]);
        plan.note(&options[pick].2);
        pick
    })
    .await
}

/// Log lines written while a test runs (the bot's own targets, every level).
#[derive(Clone, Default)]
struct LogSink(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for LogSink {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner).extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl LogSink {
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner)).into_owned()
    }
}

/// A whole game of Raja by clicks, two people at the table (`/play` with `colours=white/black`
/// and a seed): both private setups at once (R47), the auctions with bids entered digit by
/// digit (§4.10), a trade proposal answered by the other player in their own panel, a market
/// order filled by the other player, and every turn to the cap (R39), each step a private
/// panel of at most 25 options. After every move, every secret the game holds (each blinder,
/// the bank, the setups while private, the random source) must appear in no public message
/// (text, embeds, components, attachment descriptions) and no log line; no public message
/// before the end speaks of a blinder.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_raja_game_by_clicks_from_lobby_to_final_standings() {
    let sink = LogSink::default();
    let writer = sink.clone();
    let subscriber = tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::new("bot=trace,saloon=trace"))
        .with_ansi(false)
        .with_writer(move || writer.clone())
        .finish();
    let logging = tracing::subscriber::set_global_default(subscriber).is_ok();
    let harness = Harness::start().await;
    harness.fake.set_dms_open(BOB, true);
    harness.fake.set_dms_open(ALICE, false);
    let index = choice_index(&harness.fake, GameKind::Raja);
    let bad = vec![Opt::choice("game", index), Opt::int("players", 2), Opt::str("options", "colours=pink")];
    let refused = harness.fake.slash_command(ALICE, CHANNEL_ID, "play", bad).await;
    let reply = harness.fake.wait_reply(&refused).await;
    assert!(reply.ephemeral() && reply.content().is_some_and(|c| c.contains("pink")), "{:?}", reply.content());
    let (thread, mut board) =
        start_raja(&harness, vec![Opt::str("options", "colours=white/black"), Opt::int("seed", 12)]).await;
    assert!(board.has_png(), "the board is a picture");
    let id = table_of(&board);
    let tables = harness.tables().await;
    // What a person could read in a public message, with the pictures' descriptions (alt text).
    let readable = |m: &StoredMessage| {
        let alt: Vec<&str> = m.attachments.iter().filter_map(|a| a.description.as_deref()).collect();
        format!("{}\n{}", m.all_text(), alt.join("\n"))
    };
    let mut secrets: HashSet<String> = HashSet::new();
    let mut chooser = Chooser(12);
    let mut plan = RajaPlan::default();
    let mut steps: Vec<String> = Vec::new();
    let mut moves = 0;
    let mut both_in_setup = false;
    // Alice's DMs are closed: how often she opens her panel (each time, one DM may be tried).
    let mut alice_opens = 0;
    let (mut proposer, mut orderer) = (None, None);
    let (mut answered_by_other, mut filled_by_other, mut dm_answers) = (false, false, false);
    while !board.content.contains("Game over") {
        let waiting = mentioned(&board);
        assert!(!waiting.is_empty(), "someone is asked: {}", board.content);
        both_in_setup |= waiting.len() == 2 && moves == 0;
        let player = user(waiting[0]);
        let open = button(&board, "Your move").expect("choices come in a private panel: every seat has a blinder");
        let click = harness.fake.click(player, &board, &open).await;
        alice_opens += usize::from(player == ALICE);
        let reply = harness.fake.wait_reply(&click).await;
        assert!(reply.ephemeral(), "{}", harness.fake.summary());
        let panel = harness.fake.message(reply.message_id.expect("a panel")).expect("stored");
        assert!(panel.content.contains("only you"), "{}", panel.content);
        // The seat asked to answer a proposal or fill an order has the same answers in its DM.
        let answers = ["Accept", "Decline", "Fill at"];
        let labels: Vec<String> = forward_options(&panel).into_iter().map(|(_, _, l)| l).collect();
        if player == BOB && labels.iter().any(|l| answers.iter().any(|a| l.starts_with(a))) {
            let dm = harness
                .fake
                .wait_for("Bob's DM panel with his answers", harness.fake.timeout(), |f| {
                    f.dms(BOB).into_iter().rev().find(|m| answers.iter().any(|a| m.all_text().contains(a)))
                })
                .await;
            assert!(!dm.custom_ids().is_empty(), "the DM carries buttons: {}", dm.all_text());
            dm_answers = true;
        }
        let taken = walk_raja_move(&harness, player, panel, &mut chooser, &mut plan).await;
        let took = |prefix: &str| taken.iter().any(|s| s.starts_with(prefix));
        if took("Propose to ") {
            proposer = Some(player);
        }
        if (took("Accept") || took("Decline") || took("Counter")) && proposer.is_some_and(|p| p != player) {
            answered_by_other = true;
        }
        if taken.last().is_some_and(|l| (l.starts_with("Buy ") || l.starts_with("Sell ")) && l.contains(" for $")) {
            orderer = Some(player);
        }
        if took("Fill at") && orderer.is_some_and(|o| o != player) {
            filled_by_other = true;
        }
        steps.extend(taken);
        board = harness.board_after(thread, board.id).await;
        // Every secret of the game as it stands (each blinder, the bank, the setups while
        // private, the random source) in no public message so far and no log line.
        let row = tables.store().load(id).await.expect("row");
        let game = AnyGame::load(GameKind::Raja, row.state.as_deref().expect("state")).expect("loads");
        let now: Vec<String> = game.secrets().into_iter().map(|s| s.token).collect();
        let public: Vec<_> =
            harness.fake.all_public_guild_messages().into_iter().filter(|m| !crate::discord::is_story(m)).collect();
        let logs = sink.text();
        for secret in &now {
            for message in &public {
                assert!(!readable(message).contains(secret.as_str()), "public message {} shows {secret}", message.id);
            }
            assert!(!logs.contains(secret.as_str()), "a log line shows {secret}");
        }
        secrets.extend(now);
        moves += 1;
        assert!(moves < 3_000, "the game ends");
    }
    assert!(both_in_setup, "both setups are pending at once and both players are asked");
    let has = |prefix: &str| steps.iter().any(|s| s.starts_with(prefix));
    assert!(has("Bid $") || has("Bid…"), "a bid entered by steps: {steps:?}");
    assert!(answered_by_other, "a proposal answered by the other player: {steps:?}");
    assert!(filled_by_other, "a market order filled by the other player: {steps:?}");
    assert!(dm_answers, "Bob, with DMs open, was asked to answer and got the answers in a DM too");
    // Closed DMs: after Discord refuses one, none is tried at this table until Alice next
    // interacts, so at most one refused attempt per time she opened her panel (and the first).
    let refused = harness.fake.failed_dms(ALICE).len();
    eprintln!("raja by clicks: {refused} DMs tried to Alice (DMs closed); she opened her panel {alice_opens} times");
    assert!(refused >= 1, "a DM to Alice was tried once, and refused");
    assert!(refused <= alice_opens + 1, "{refused} refused DMs for {alice_opens} openings of her panel");
    assert!(board.has_png() && board.content.contains("1. "), "standings: {}", board.content);
    assert_eq!(tables.snapshot(id).await.expect("snapshot").status, Status::Finished);
    tables.verify_replay(id).await.expect("the saved game replays from its log");

    let (public, logs) = (harness.fake.all_public_guild_messages(), sink.text());
    for message in public.iter().filter(|m| !crate::discord::is_story(m)) {
        let text = readable(message);
        if !text.contains("Game over") {
            assert!(
                !text.to_lowercase().contains("blinder"),
                "public message {} speaks of a blinder: {text}",
                message.id
            );
        }
    }
    assert!(secrets.iter().any(|s| s.contains("blinder")), "the blinders were among the secrets checked");
    if logging {
        assert!(!logs.is_empty(), "the bot's log was captured");
    }
    let log = tables.store().log(id).await.expect("log");
    let count = |verb: &str| log.iter().filter(|e| e.action.starts_with(verb)).count();
    eprintln!(
        "raja by clicks: {moves} moves, {} steps; bids {}, proposals {}, replies {}, orders {}, fills {}",
        steps.len(),
        count("bid"),
        count("trade_propose"),
        count("trade_accept") + count("trade_decline") + count("trade_counter"),
        count("market_order"),
        count("fill"),
    );
    assert!(harness.fake.problems().is_empty(), "Discord's limits kept: {:?}", harness.fake.problems());
    harness.finish().await;
}

/// The longest action Raja offers, entered by clicks: a proposal to everyone giving every
/// item Alice holds and asking for every item there is (§4.10), field by field and digit by
/// digit. Its text is far longer than a component id may be (100 characters); the ids carry
/// only the place of each option chosen, so every step's id stays within the limit (the fake
/// checks every message), and the proposal reaches the table whole.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_longest_raja_proposal_is_entered_by_clicks() {
    let harness = Harness::start().await;
    let (thread, mut board) =
        start_raja(&harness, vec![Opt::str("options", "colours=white/black"), Opt::int("seed", 12)]).await;
    let id = table_of(&board);
    let (mut chooser, mut plan) = (Chooser(7), RajaPlan { proposed: true, filled: true });
    for _ in 0..200 {
        let player = user(*mentioned(&board).first().expect("someone is asked"));
        let open = button(&board, "Your move").expect("a private panel");
        let click = harness.fake.click(player, &board, &open).await;
        let reply = harness.fake.wait_reply(&click).await;
        let panel = harness.fake.message(reply.message_id.expect("a panel")).expect("stored");
        let offered = forward_options(&panel).iter().any(|(_, _, l)| l.starts_with("Propose to everyone"));
        if player == ALICE && offered {
            let mut longest = 0;
            let steps = walk_steps(&harness, player, panel, 120, |options| {
                longest = options
                    .iter()
                    .map(|(menu, value, _)| menu.as_ref().unwrap_or(value).len())
                    .fold(longest, usize::max);
                longest_proposal(options)
            })
            .await;
            let log = harness.tables().await.store().log(id).await.expect("log");
            let sent = log.iter().rev().find(|e| e.action.starts_with("trade_propose")).expect("the proposal");
            let words: Vec<&str> = sent.action.split_whitespace().collect();
            let asked: Vec<&str> = words.windows(2).filter(|w| w[0] == "get").map(|w| w[1]).collect();
            for item in ["money", "elephants", "s1", "s2", "s3"] {
                assert!(asked.contains(&item), "asks for {item}: {}", sent.action);
            }
            assert!(sent.action.len() > 100, "longer than an id may be: {} ({} steps)", sent.action, steps.len());
            eprintln!(
                "the longest Raja proposal: {} characters of action text, {} clicks, longest component id {longest} characters",
                sent.action.len(),
                steps.len()
            );
            board = harness.board_after(thread, board.id).await;
            assert!(mentioned(&board).contains(&BOB.id), "Bob is asked to answer: {}", board.content);
            assert!(harness.fake.problems().is_empty(), "Discord's limits kept: {:?}", harness.fake.problems());
            harness.finish().await;
            return;
        }
        walk_raja_move(&harness, player, panel, &mut chooser, &mut plan).await;
        board = harness.board_after(thread, board.id).await;
    }
    panic!("Alice was never offered a proposal in 200 moves");
}

/// The step of the longest proposal: to everyone, then every field there is, each at its
/// highest number, and send once only sending or discarding is left.
fn longest_proposal(options: &[(Option<String>, String, String)]) -> usize {
    let ends = ["Send", "Discard", "Resign", "Time out"];
    if let Some(to_all) = options.iter().position(|(_, _, l)| l.starts_with("Propose to everyone")) {
        return to_all;
    }
    let forward = options.iter().rposition(|(_, _, l)| !ends.iter().any(|e| l.starts_with(e)));
    forward.or_else(|| options.iter().position(|(_, _, l)| l.starts_with("Send"))).expect("a way forward")
}

/// One step of a game where Alice never answers: when the board waits for her (or nobody),
/// her time runs out; otherwise Bob makes a move by clicks. Whether it was Alice's turn.
async fn alice_runs_out_or_bob_moves(
    harness: &Harness,
    board: &StoredMessage,
    chooser: &mut Chooser,
    plan: &mut RajaPlan,
) -> bool {
    let waiting = mentioned(board);
    if waiting.contains(&ALICE.id) || waiting.is_empty() {
        set_deadline(harness, table_of(board), bot::table::now() - 1).await;
        return true;
    }
    let open = button(board, "Your move").expect("a private panel");
    let click = harness.fake.click(BOB, board, &open).await;
    let reply = harness.fake.wait_reply(&click).await;
    let panel = harness.fake.message(reply.message_id.expect("a panel")).expect("stored");
    walk_raja_move(harness, BOB, panel, chooser, plan).await;
    false
}

/// Closed DMs: Discord refuses a DM to Alice (50007) once; from then on no DM is tried to her
/// at this table, however many moves change her private view, until she interacts there
/// (`/hand`); then one is tried again. Her turns run out meanwhile (the table moves for her),
/// and the table is told once, in public, that she should use `/hand`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_with_closed_dms_is_tried_once_until_they_interact() {
    let harness = Harness::start().await;
    harness.fake.set_dms_open(ALICE, false);
    let (thread, mut board) = start_raja(&harness, vec![Opt::int("seed", 5)]).await;
    let (mut chooser, mut plan) = (Chooser(5), RajaPlan { proposed: true, filled: true });
    let mut alice_turns = 0;
    for _ in 0..40 {
        if board.content.contains("Game over") {
            break;
        }
        let alice = alice_runs_out_or_bob_moves(&harness, &board, &mut chooser, &mut plan).await;
        alice_turns += usize::from(alice);
        board = harness.board_after(thread, board.id).await;
    }
    let notices = |f: &FakeDiscord| {
        f.public_messages(thread).into_iter().filter(|m| m.content.contains("cannot send you direct messages")).count()
    };
    assert!(alice_turns >= 5, "Alice's turns ran out {alice_turns} times");
    assert_eq!(harness.fake.failed_dms(ALICE).len(), 1, "one DM tried until she interacts: {}", harness.fake.summary());
    assert_eq!(notices(&harness.fake), 1, "the table is told once");
    // Alice asks for her hand: she is told privately, and the next change tries one DM again.
    let hand = harness.fake.slash_command(ALICE, thread, "hand", vec![]).await;
    assert!(harness.fake.wait_reply(&hand).await.ephemeral());
    let closed = "your DMs are closed";
    assert!(crate::long_game::private_text(&harness, &hand).await.contains(closed), "/hand says DMs are closed");
    // Play on (Alice's time running out, Bob moving) until the game next waits for her.
    for _ in 0..20 {
        if harness.fake.failed_dms(ALICE).len() >= 2 || board.content.contains("Game over") {
            break;
        }
        alice_runs_out_or_bob_moves(&harness, &board, &mut chooser, &mut plan).await;
        board = harness.board_after(thread, board.id).await;
    }
    harness
        .fake
        .wait_for("a second DM tried", harness.fake.timeout(), |f| (f.failed_dms(ALICE).len() == 2).then_some(()))
        .await;
    assert_eq!(notices(&harness.fake), 1, "no second public notice");
    // Her DMs are still closed: /hand says so again, not only the first time.
    let again = harness.fake.slash_command(ALICE, thread, "hand", vec![]).await;
    assert!(harness.fake.wait_reply(&again).await.ephemeral());
    let reminder = "Your DMs are still closed";
    assert!(crate::long_game::private_text(&harness, &again).await.contains(reminder), "/hand says it again");
    eprintln!(
        "closed DMs: {} DMs tried to Alice over {alice_turns} of her turns run out and one /hand",
        harness.fake.failed_dms(ALICE).len()
    );
    harness.finish().await;
}
