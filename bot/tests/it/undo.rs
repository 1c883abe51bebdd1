//! Undo by consent (issue #27 item 5) on the table layer, on a real database: a move taken
//! back when everyone agrees, refused by one player, refused by the game after a draw from the
//! bag (Martian 12s R6), cancelled by the next move; bad requests get a sentence and change
//! nothing; the log stays append-only and replays to the state shown.

use bot::table::{LobbyRequest, Participant, TableError, TableId, Tables, UndoAnswer, UserId, in_effect};
use engines::GameKind;

use crate::support::{db, lobby};

const ALICE: UserId = UserId(101);
const BOB: UserId = UserId(202);
const CAROL: UserId = UserId(303);

fn who(user: UserId, name: &str) -> Participant {
    Participant { user, name: name.to_string() }
}

/// Alice, Bob and Carol at Martian 12s, started.
async fn started(tables: &Tables) -> TableId {
    started_at(tables, GameKind::Martian12s, 3).await
}

/// Alice, Bob (and Carol, for three) at `game`, started with a fixed seed.
async fn started_at(tables: &Tables, game: GameKind, players: u8) -> TableId {
    started_with(tables, game, players, false).await
}

/// As [`started_at`]; `delivers`: a Discord table, whose commits record outbox entries.
async fn started_with(tables: &Tables, game: GameKind, players: u8, delivers: bool) -> TableId {
    let request = LobbyRequest { delivers, ..lobby::request(game, (ALICE, "Alice"), players, 5) };
    let lobby = tables.open(request).await.expect("open");
    tables.join(lobby.id, who(BOB, "Bob")).await.expect("join");
    if players > 2 {
        tables.join(lobby.id, who(CAROL, "Carol")).await.expect("join");
    }
    tables.start(lobby.id, ALICE).await.expect("start");
    lobby.id
}

/// The one person the game waits for, and the two others.
async fn turn(tables: &Tables, id: TableId) -> (UserId, UserId, UserId) {
    let waiting = tables.snapshot(id).await.expect("snapshot").waiting_users();
    let mover = *waiting.first().expect("someone moves");
    let others: Vec<UserId> = [ALICE, BOB, CAROL].into_iter().filter(|u| *u != mover).collect();
    (mover, others[0], others[1])
}

fn sentence(error: TableError) -> String {
    assert!(matches!(error, TableError::Undo(_)), "{error:?}");
    error.to_string()
}

#[tokio::test]
async fn a_pass_is_taken_back_when_everyone_agrees_and_the_log_replays_to_the_state_before() {
    let dir = tempfile::tempdir().expect("tempdir");
    let Some(url) = db::url(&dir).await else { return };
    let tables = Tables::new(db::open(&url).await);
    let id = started(&tables).await;
    let (mover, first, second) = turn(&tables, id).await;
    let fresh = tables.snapshot(id).await.expect("snapshot");
    let no_move = sentence(tables.ask_undo(id, mover).await.expect_err("nothing played yet"));
    assert_eq!(no_move, "There is no move of yours to take back yet.");

    tables.submit(id, mover, "pass", None).await.expect("R8: passing with nothing is allowed");
    let passed = tables.snapshot(id).await.expect("snapshot");
    let not_theirs = sentence(tables.ask_undo(id, first).await.expect_err("not their move"));
    assert!(not_theirs.starts_with("Only your own last move can be taken back"), "{not_theirs}");

    let asked = tables.ask_undo(id, mover).await.expect("a pass draws nothing");
    assert!(asked.granted.is_none(), "two people must agree first");
    let mut names: Vec<UserId> = asked.asked.iter().map(|(u, _)| *u).collect();
    names.sort_by_key(|u| u.0);
    let mut expected = vec![first, second];
    expected.sort_by_key(|u| u.0);
    assert_eq!(names, expected);
    let own = sentence(tables.answer_undo(id, mover, asked.version, true).await.expect_err("the asker"));
    assert_eq!(own, "You asked to take that move back; the other players answer.");

    // One refusal closes the request; the move stands.
    let waiting = tables.answer_undo(id, first, asked.version, true).await.expect("agrees");
    assert!(matches!(&waiting, UndoAnswer::Waiting(still) if still.len() == 1), "{waiting:?}");
    let refused = tables.answer_undo(id, second, asked.version, false).await.expect("refuses");
    assert!(matches!(refused, UndoAnswer::Refused { .. }), "{refused:?}");
    let closed = sentence(tables.answer_undo(id, first, asked.version, true).await.expect_err("closed"));
    assert!(closed.starts_with("That request to take a move back is no longer open"), "{closed}");
    // The request was one commit (its post goes through the outbox); the refusal adds none.
    let now = tables.snapshot(id).await.expect("snapshot");
    assert_eq!(now.version, asked.version, "nothing changed");
    assert_eq!(serde_json::to_value(&now.view).ok(), serde_json::to_value(&passed.view).ok(), "the pass stands");

    // Asked again, everyone agrees: the mover decides again, as before the pass.
    let asked = tables.ask_undo(id, mover).await.expect("asked again");
    tables.answer_undo(id, second, asked.version, true).await.expect("agrees");
    let granted = tables.answer_undo(id, first, asked.version, true).await.expect("agrees");
    let UndoAnswer::Granted(report) = granted else { panic!("everyone agreed: {granted:?}") };
    assert_eq!(report.snapshot.waiting_users(), vec![mover], "the mover decides again");
    let view = |v: &Option<engines::AnyView>| serde_json::to_value(v).expect("a view");
    assert_eq!(view(&report.snapshot.view), view(&fresh.view), "the board is as before the pass");
    assert!(report.snapshot.version > passed.version);
    let stale = sentence(tables.answer_undo(id, second, asked.version, true).await.expect_err("stale click"));
    assert!(stale.starts_with("That request to take a move back is no longer open"), "{stale}");

    let log = tables.log(id).await.expect("log");
    assert_eq!(log.len(), 2, "the pass and the entry taking it back: nothing deleted");
    assert_eq!(log[1].undoes, 1);
    assert!(in_effect(&log).is_empty());
    tables.verify_replay(id).await.expect("the log replays to the saved state");
}

#[tokio::test]
async fn a_pull_cannot_be_taken_back_and_the_next_move_cancels_a_request() {
    let dir = tempfile::tempdir().expect("tempdir");
    let Some(url) = db::url(&dir).await else { return };
    let tables = Tables::new(db::open(&url).await);
    let id = started(&tables).await;
    let (mover, _, _) = turn(&tables, id).await;
    tables.submit(id, mover, "pull any", None).await.expect("pulls");
    let before = tables.snapshot(id).await.expect("snapshot");
    let drawn = sentence(tables.ask_undo(id, mover).await.expect_err("R6: drawn from the bag"));
    assert_eq!(drawn, "A pyramid was drawn from the bag since that move, so it cannot be taken back.");
    assert_eq!(tables.snapshot(id).await.expect("snapshot").version, before.version, "nothing changed");

    let (next, after_next, _) = turn(&tables, id).await;
    tables.submit(id, next, "pass", None).await.expect("passes");
    let asked = tables.ask_undo(id, next).await.expect("a pass draws nothing");
    let (third, _, _) = turn(&tables, id).await;
    tables.submit(id, third, "pass", None).await.expect("the next move");
    let cancelled = sentence(tables.answer_undo(id, after_next, asked.version, true).await.expect_err("cancelled"));
    assert!(cancelled.starts_with("That request to take a move back is no longer open"), "{cancelled}");
    tables.verify_replay(id).await.expect("replays");
}

/// Plays `game` with two people by the engine's random legal moves, each mover asking to take
/// their move back after it, until the engine refuses for chance (a card drawn or shown, dice
/// rolled, a sealed answer opened); returns that refusal. Each refusal changes nothing.
async fn first_chance_refusal(game: GameKind, chance: &[&str]) -> String {
    let dir = tempfile::tempdir().expect("tempdir");
    let Some(url) = db::url(&dir).await else { return String::new() };
    let tables = Tables::new(db::open(&url).await);
    let id = started_at(&tables, game, 2).await;
    let mut rng = engines::GameRng::from_seed(11);
    for _ in 0..300 {
        let row = tables.store().load(id).await.expect("row");
        let state = engines::AnyGame::load(game, row.state.as_deref().expect("state")).expect("loads");
        let Some(seat) = state.pending().must_seats().first() else { break };
        let user = row.seats[seat.index()].user.expect("a person");
        let action = state.random_action(seat, &mut rng).expect("a legal move");
        tables.submit(id, user, &action, None).await.expect("a legal move is taken");
        let version = tables.snapshot(id).await.expect("snapshot").version;
        let Err(refusal) = tables.ask_undo(id, user).await else { continue };
        assert_eq!(tables.snapshot(id).await.expect("snapshot").version, version, "a refusal changes nothing");
        let text = sentence(refusal);
        if chance.iter().any(|c| text.starts_with(c)) {
            tables.verify_replay(id).await.expect("replays");
            return text;
        }
    }
    panic!("{game:?}: no move refused for chance in 300 moves");
}

#[tokio::test]
async fn every_game_that_draws_or_rolls_refuses_to_take_back_a_move_after_it() {
    // Martian 12s (a pull, R6) is above; the others here.
    let games: [(GameKind, &[&str]); 4] = [
        (
            GameKind::MartianGunslinger,
            &["The dice were rolled since that move", "A card was drawn or shown since that move"],
        ),
        (GameKind::GunslingerGang, &["A card was revealed or drawn since that move", "A tie was settled by chance"]),
        (
            GameKind::ConquestOfMars,
            &["The dice were rolled since that move", "A card was turned face up or sealed choices were opened"],
        ),
        (GameKind::Raja, &["Dice were rolled since that move", "Everyone's lands were revealed since that move"]),
    ];
    for (game, chance) in games {
        let text = first_chance_refusal(game, chance).await;
        assert!(text.is_empty() || text.ends_with("so it cannot be taken back."), "{game:?}: {text}");
    }
}

/// The request and its post are one commit: the post is an outbox entry written with the
/// request, so a process stopped before posting it leaves it for the next one to deliver.
#[tokio::test]
async fn a_request_is_recorded_in_the_outbox_with_the_commit_that_opens_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    let Some(url) = db::url(&dir).await else { return };
    let tables = Tables::new(db::open(&url).await);
    let id = started_with(&tables, GameKind::Martian12s, 3, true).await;
    let (mover, first, second) = turn(&tables, id).await;
    tables.submit(id, mover, "pass", None).await.expect("R8: a pass");
    let asked = tables.ask_undo(id, mover).await.expect("a pass draws nothing");
    let entries = tables.undelivered(id).await.expect("outbox");
    let last = entries.last().expect("entries");
    let note = last.dispatch.as_ref().and_then(|d| d.undo.clone()).expect("the request's post is recorded");
    assert_eq!((last.version, note.version), (asked.version, asked.version));
    let mut users = note.users.clone();
    users.sort_by_key(|u| u.0);
    let mut expected = vec![first, second];
    expected.sort_by_key(|u| u.0);
    assert_eq!(users, expected, "the people asked are the ones the post mentions");
}
