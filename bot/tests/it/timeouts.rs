//! What the table says when a player's time runs out: once, who ran out of time and what the
//! table played for them, in every game (issue #24 item 6: "a timeout post says once what was
//! played"), and nothing private.

use bot::table::{LobbyRequest, Participant, Tables};
use bot::table::{Origin, Status, UserId};
use engines::{GameKind, Viewer};

use crate::support::{db, lobby};

const ALICE: UserId = UserId(101);
const BOB: UserId = UserId(202);

fn who(user: UserId, name: &str) -> Participant {
    Participant { user, name: name.to_string() }
}

fn request(game: GameKind, seed: u64) -> LobbyRequest {
    LobbyRequest { delivers: true, ..lobby::request(game, (ALICE, "Alice"), 2, seed) }
}

/// Alice and Bob play random moves; every fifth decision nobody answers and the clock runs
/// out. Each timeout's board post names the late player once, says what the table played for
/// them, and shows no identifier.
#[tokio::test]
async fn a_timeout_post_says_once_who_ran_out_of_time_and_what_was_played() {
    let dir = tempfile::tempdir().expect("tempdir");
    let Some(url) = db::url(&dir).await else { return };
    let tables = Tables::new(db::open(&url).await);
    let pool = sqlx::SqlitePool::connect(&format!("sqlite:{url}")).await.expect("connect");
    for &game in GameKind::ALL {
        let lobby = tables.open(request(game, 5)).await.expect("open");
        tables.join(lobby.id, who(BOB, "Bob")).await.expect("bob joins");
        tables.start(lobby.id, ALICE).await.expect("start");
        let id = lobby.id;
        let mut pick: u64 = 5;
        let mut posts = 0;
        for step in 0..400 {
            let before = tables.snapshot(id).await.expect("snapshot");
            if before.status != Status::Running {
                break;
            }
            if step % 5 == 4 {
                // The clock ran out a minute ago.
                let deadline = bot::table::now() - 60;
                sqlx::query("UPDATE game_tables SET deadline_at = ? WHERE id = ?")
                    .bind(deadline)
                    .bind(id.0)
                    .execute(&pool)
                    .await
                    .expect("the deadline passes");
                let report = tables.expire(id, deadline).await.expect("expire").expect("due");
                let late: Vec<String> = report
                    .moves
                    .iter()
                    .filter(|m| m.origin == Origin::Timeout)
                    .map(|m| before.names()[m.seat.index()].clone())
                    .collect();
                let board = report.recorded.as_ref().and_then(|r| r.dispatch.board.clone()).expect("a board post");
                says_once_what_was_played(game, &board.lines, &late, &report.narration_for(Viewer::Public));
                // A timeout plays one turn, never into the next round: in Martian 12s that is
                // one pull or pass; and whoever is waited for next has a whole clock again.
                if game == GameKind::Martian12s {
                    assert_eq!(late.len(), 1, "one decision played: {:?}", board.lines);
                }
                let after = &report.snapshot;
                if after.status == Status::Running {
                    assert!(
                        after.deadline_at.is_some_and(|d| d > deadline),
                        "{game:?}: a fresh clock: {:?}",
                        board.lines
                    );
                }
                posts += 1;
                continue;
            }
            let user = before.waiting_users()[0];
            let (_, private) = tables.private_view(id, user).await.expect("view");
            pick = pick.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            let action = private.legal[(pick >> 33) as usize % private.legal.len()].text.clone();
            tables.submit(id, user, &action, Some(before.version)).await.expect("legal move");
        }
        assert!(posts >= 5, "{game:?}: only {posts} timeouts");
        tables.verify_replay(id).await.expect("replays");
    }
    pool.close().await;
}

/// The post's one timeout line per late player, each followed at once by what was played for
/// them, and nothing a person should not read.
fn says_once_what_was_played(game: GameKind, lines: &[String], late: &[String], public: &[String]) {
    let post = lines.join("\n");
    assert_eq!(lines, public, "{game:?}: the post is the public narration, in order");
    let mut players = late.to_vec();
    players.sort();
    players.dedup();
    let timed: Vec<usize> = lines.iter().enumerate().filter(|(_, l)| l.contains("time")).map(|(i, _)| i).collect();
    assert_eq!(timed.len(), players.len(), "{game:?}: time running out said once a player:\n{post}");
    for name in &players {
        let prefix = format!("⏰ {name} ran out of time, so the table ");
        let at =
            lines.iter().position(|l| l.starts_with(&prefix)).unwrap_or_else(|| panic!("{game:?}: {name}: {post}"));
        if lines[at].ends_with("played for them:") {
            let next = lines.get(at + 1).map_or("", String::as_str);
            assert!(!next.is_empty() && !next.starts_with('⏰'), "{game:?}: what was played follows:\n{post}");
        } else {
            assert!(lines[at].ends_with("made their hidden choice for them."), "{game:?}: {}", lines[at]);
        }
    }
    for line in lines {
        let found = engines::wording::findings(line);
        assert!(found.is_empty(), "{game:?}: {found:?} in {line:?}");
    }
}
