//! `kill -9` at random moments of `saloon play` (opening, starting, playing): every table
//! still finishes when resumed, with the same moves and result as a run never interrupted.
//! The computers play `--level random`, so a game takes the same moves on a loaded machine
//! (a search's time limit could cut it short there).

use std::io::Write;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use bot::store::Store;
use bot::table::Tables;
use bot::table::{LogEntry, Status, TableId};

/// Answers for the terminal's prompts: the first option, every time (deterministic).
const ANSWERS: &str = "1\n";

fn saloon(dir: &Path, args: &[&str]) -> Child {
    let mut child = Command::new(env!("CARGO_BIN_EXE_saloon"))
        .args(args)
        .current_dir(dir)
        .env("DATABASE_URL", dir.join("saloon.db"))
        .env_remove("DISCORD_TOKEN")
        .env("RUST_LOG", "off")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("saloon starts");
    let mut stdin = child.stdin.take().expect("stdin");
    // Written from a thread: the pipe fills while the game is slow to read it, and a killed
    // process closes it under us (the write error is expected then).
    std::thread::spawn(move || {
        let _ = stdin.write_all(ANSWERS.repeat(20_000).as_bytes());
    });
    child
}

/// Runs `args` to its end (bounded).
fn run(dir: &Path, args: &[&str]) {
    let mut child = saloon(dir, args);
    let started = Instant::now();
    while child.try_wait().expect("wait").is_none() {
        assert!(started.elapsed() < Duration::from_secs(120), "saloon {args:?} did not end");
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// The table's status, log and result text, if it exists.
async fn table(dir: &Path) -> Option<(Status, Vec<LogEntry>, String)> {
    let store = Store::open(dir.join("saloon.db").to_str().expect("utf-8")).await.expect("the database opens");
    let tables = Tables::new(store.clone());
    let result = match tables.snapshot(TableId(1)).await {
        Ok(snapshot) => {
            let log = tables.log(TableId(1)).await.expect("log");
            tables.verify_replay(TableId(1)).await.expect("the log replays to the saved state");
            let result = format!("{:?}", snapshot.outcome);
            Some((snapshot.status, log, result))
        }
        Err(_) => None,
    };
    store.close().await;
    result
}

/// Kills `saloon play` once per trial at moments spread over an uninterrupted run's length,
/// resumes each, and compares the end with the uninterrupted run's.
async fn killed_and_resumed(args: &[&str], trials: std::ops::Range<u64>) {
    let reference = tempfile::tempdir().expect("tempdir");
    let started = Instant::now();
    run(reference.path(), args);
    let length = started.elapsed();
    let (status, log, result) = table(reference.path()).await.expect("the reference table");
    assert_eq!(status, Status::Finished, "the reference game ends");
    let mut landed = [0; 3]; // before the table existed, mid-game, after the end
    let kills = trials.end - trials.start;
    for trial in trials {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut child = saloon(dir.path(), args);
        // Spread the kills over the whole run, start-up included (a fixed pseudo-random
        // sequence, so a failure can be replayed).
        let at = length.mul_f64(((trial * 7_919) % 1_000) as f64 / 1_000.0 * 1.2);
        std::thread::sleep(at);
        let _ = child.kill(); // SIGKILL
        let _ = child.wait();
        match table(dir.path()).await {
            None => {
                landed[0] += 1;
                run(dir.path(), args);
            }
            Some((Status::Finished, ..)) => landed[2] += 1,
            Some(_) => {
                landed[1] += 1;
                run(dir.path(), &["play", "--resume", "1", "--level", "random"]);
            }
        }
        let (status, resumed_log, resumed_result) = table(dir.path()).await.expect("the table");
        assert_eq!(status, Status::Finished, "trial {trial} (killed at {at:?}) ends after resuming");
        assert_eq!(resumed_log, log, "trial {trial}: the same moves as the uninterrupted run");
        assert_eq!(resumed_result, result, "trial {trial}: the same result");
    }
    eprintln!("{args:?}: {kills} kills; before the table / mid-game / after the end: {landed:?}; run {length:?}");
    assert!(landed[1] > 0, "some kills landed mid-game: {landed:?}");
}

// Each game is killed 100 times, as four tests of 25 kills that run side by side: a kill and
// its resumption mostly wait for the game's writes to reach the disk, so one test of 100 was the
// longest of the whole suite.

const ALL_COMPUTERS: [&str; 10] =
    ["play", "martian-gunslinger", "--players", "3", "--bots", "3", "--seed", "11", "--level", "random"];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_all_computer_match_killed_anywhere_finishes_the_same_kills_1_to_25() {
    killed_and_resumed(&ALL_COMPUTERS, 0..25).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_all_computer_match_killed_anywhere_finishes_the_same_kills_26_to_50() {
    killed_and_resumed(&ALL_COMPUTERS, 25..50).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_all_computer_match_killed_anywhere_finishes_the_same_kills_51_to_75() {
    killed_and_resumed(&ALL_COMPUTERS, 50..75).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_all_computer_match_killed_anywhere_finishes_the_same_kills_76_to_100() {
    killed_and_resumed(&ALL_COMPUTERS, 75..100).await;
}

const HUMAN_AND_COMPUTERS: [&str; 10] =
    ["play", "martian-12s", "--players", "3", "--bots", "2", "--seed", "5", "--level", "random"];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_human_game_with_computers_killed_anywhere_finishes_the_same_kills_1_to_25() {
    killed_and_resumed(&HUMAN_AND_COMPUTERS, 0..25).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_human_game_with_computers_killed_anywhere_finishes_the_same_kills_26_to_50() {
    killed_and_resumed(&HUMAN_AND_COMPUTERS, 25..50).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_human_game_with_computers_killed_anywhere_finishes_the_same_kills_51_to_75() {
    killed_and_resumed(&HUMAN_AND_COMPUTERS, 50..75).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_human_game_with_computers_killed_anywhere_finishes_the_same_kills_76_to_100() {
    killed_and_resumed(&HUMAN_AND_COMPUTERS, 75..100).await;
}
