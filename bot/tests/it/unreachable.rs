//! Servers that do not answer: a Postgres server is named within seconds, and a Discord that
//! cannot be reached is logged and tried again with a growing wait (never "serving games").
//! Everything on 127.0.0.1: a port nobody listens on, or a listener that never answers.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use bot::store::{Store, StoreError};

/// A port on 127.0.0.1 that nobody listens on (bound, then let go).
fn closed_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    listener.local_addr().expect("address").port()
}

#[tokio::test]
async fn a_postgres_server_that_never_answers_is_named_within_seconds() {
    // The kernel accepts the connection into the listener's backlog; nobody ever answers.
    let silent = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let port = silent.local_addr().expect("address").port();
    let url = format!("postgres://saloon:s3cret@127.0.0.1:{port}/saloon?sslmode=disable&password=s3cret");
    let started = Instant::now();
    let error = Store::open(&url).await.expect_err("no answer");
    let took = started.elapsed();
    assert!(took < Duration::from_secs(8), "answered after {took:?}");
    assert!(matches!(error, StoreError::Unreachable { .. }), "{error:?}");
    let text = error.to_string();
    assert!(text.contains(&format!("127.0.0.1:{port}")) && text.contains("no answer within 5 seconds"), "{text}");
    assert!(!text.contains("s3cret"), "{text}");
    drop(silent);
}

#[tokio::test]
async fn a_postgres_server_that_refuses_is_named_at_once() {
    let port = closed_port();
    let started = Instant::now();
    let error = Store::open(&format!("postgres://saloon@127.0.0.1:{port}/saloon")).await.expect_err("refused");
    assert!(started.elapsed() < Duration::from_secs(5), "{:?}", started.elapsed());
    let text = error.to_string();
    assert!(text.contains(&format!("cannot reach the database server 127.0.0.1:{port}")), "{text}");
    assert!(!text.contains("pool timed out"), "{text}");
}

#[test]
fn an_unreachable_discord_is_logged_and_tried_again_with_a_growing_wait() {
    let dir = tempfile::tempdir().expect("tempdir");
    let base = format!("http://127.0.0.1:{}", closed_port());
    let mut child = Command::new(env!("CARGO_BIN_EXE_saloon"))
        .arg("discord")
        .env_clear()
        .env("DATABASE_URL", dir.path().join("saloon.db"))
        .env("DISCORD_TOKEN", "a.fake.token")
        .env("DISCORD_API_BASE", &base)
        .env("RUST_LOG", "info")
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("saloon starts");
    let stderr = child.stderr.take().expect("stderr");
    let (lines, received) = std::sync::mpsc::channel();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            let _ = lines.send(line);
        }
    });
    // Attempts at about 0 s, 1 s and 3 s: three warnings within five seconds.
    let deadline = Instant::now() + Duration::from_secs(15);
    let mut log = Vec::new();
    while log.iter().filter(|l: &&String| l.contains("cannot reach")).count() < 3 && Instant::now() < deadline {
        if let Ok(line) = received.recv_timeout(Duration::from_millis(200)) {
            log.push(line);
        }
    }
    let _ = Command::new("kill").arg("-TERM").arg(child.id().to_string()).status();
    let stop = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break Some(status);
        }
        if stop.elapsed() > Duration::from_secs(10) {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let _ = reader.join();
    log.extend(received.try_iter());
    let text = log.join("\n");
    let tries: Vec<&String> = log.iter().filter(|l| l.contains(&format!("cannot reach Discord at {base}"))).collect();
    assert!(tries.len() >= 3, "{text}");
    assert!(tries[0].contains("trying again in 1 s") && tries[1].contains("trying again in 2 s"), "{text}");
    assert!(tries[2].contains("trying again in 4 s"), "{text}");
    assert!(!text.contains("serving games"), "{text}");
    assert!(!text.contains("a.fake.token"), "{text}");
    assert!(status.is_some_and(|s| s.success()), "SIGTERM stops the wait: {status:?}\n{text}");
}
