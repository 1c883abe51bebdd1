//! `saloon discord` killed at random points of play, of starting a game and of deadlines,
//! against a fake Discord on 127.0.0.1, and started again on the same SQLite file: with SIGKILL
//! (no goodbye) and with SIGTERM (a deploy, `docker stop`: a graceful stop). After every restart,
//! once the outbox is drained, each running table's live board shows its saved version, and
//! every board, ping, reminder, timeout post and private panel the outbox recorded went out
//! exactly once: nothing lost, nothing posted twice.

use std::collections::{BTreeMap, HashMap};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use bot::discord::rows::Rows;
use bot::store::Store;
use bot::table::outbox::{Dispatch, Part};
use bot::table::{Status, TableId, Tables, now};
use engines::GameKind;

use crate::support::fake_discord::*;

/// How many times the bot is killed and started again.
const KILLS: usize = 200;

/// A `saloon discord` process, killed if the test ends early (a failed assertion).
struct Saloon(Child);

impl Drop for Saloon {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts `saloon discord` on the SQLite file `db`, its log appended to `log`.
fn saloon(fake: &FakeDiscord, db: &str, log: &std::path::Path) -> Saloon {
    let log = std::fs::OpenOptions::new().create(true).append(true).open(log).expect("log file");
    let child = Command::new(env!("CARGO_BIN_EXE_saloon"))
        .arg("discord")
        .env_clear()
        .env("DATABASE_URL", db)
        .env("DISCORD_TOKEN", BOT_TOKEN)
        .env("DISCORD_API_BASE", fake.api_base())
        .env("DEV_GUILD_ID", GUILD_ID.to_string())
        .env("SALOON_SWEEP_SECONDS", "1")
        .env("RUST_LOG", "warn")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(log)
        .spawn()
        .expect("saloon starts");
    Saloon(child)
}

/// Stops the process: SIGKILL, or SIGTERM and a wait for its graceful exit.
fn stop(saloon: &mut Saloon, graceful: bool) {
    let child = &mut saloon.0;
    if graceful {
        let _ = Command::new("kill").arg("-TERM").arg(child.id().to_string()).status();
        let deadline = Instant::now() + Duration::from_secs(30);
        while Instant::now() < deadline {
            if let Ok(Some(status)) = child.try_wait() {
                assert!(status.success(), "a graceful stop exits cleanly: {status}");
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        panic!("saloon did not stop within 30 s of SIGTERM");
    }
    child.kill().expect("kill");
    child.wait().expect("reaped");
}

/// What the test does before a kill.
#[derive(Clone, Copy, Debug)]
enum Act {
    /// `/play`, a second player joins, Start.
    Open,
    /// A move by clicks on the live board or a private panel.
    Move,
    /// A deadline passes (the table times the player out) or its half time (a reminder).
    Deadline { timeout: bool },
}

struct Run {
    fake: FakeDiscord,
    db: String,
    tables: Tables,
    rows: Rows,
    rng: Draws,
    log: std::path::PathBuf,
}

/// A small seeded source of draws (xorshift), so that a failing run can be repeated.
struct Draws(u64);

impl Draws {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number in `0..n`.
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

impl Run {
    fn choose(&mut self, open: usize) -> Act {
        match (open, self.rng.below(10)) {
            (0, _) | (1..4, 0) => Act::Open,
            (_, 0..6) => Act::Move,
            (_, 6..8) => Act::Deadline { timeout: true },
            _ => Act::Deadline { timeout: false },
        }
    }

    async fn running(&self) -> Vec<TableId> {
        self.tables.tables_of(None, Status::Running).await.expect("list").into_iter().map(|t| t.id).collect()
    }

    /// Starts the act without waiting for it to finish (the kill may come at any point).
    async fn act(&mut self, act: Act) {
        match act {
            Act::Open => {
                let index = self.choice_index(GameKind::Martian12s);
                let options = vec![Opt::choice("game", index), Opt::int("players", 2)];
                let play = self.fake.slash_command(ALICE, CHANNEL_ID, "play", options).await;
                let Some(lobby) =
                    self.wait_briefly(|f| f.original_message(&play).filter(|m| !m.buttons().is_empty())).await
                else {
                    return;
                };
                if let Some(join) = button(&lobby, "Join") {
                    let click = self.fake.click(BOB, &lobby, &join).await;
                    if self.wait_briefly(|f| f.replies(&click).first().cloned()).await.is_none() {
                        return;
                    }
                }
                if let Some(lobby) = self.fake.message(lobby.id)
                    && let Some(start) = button(&lobby, "Start")
                {
                    self.fake.click(ALICE, &lobby, &start).await;
                }
            }
            Act::Move => {
                let running = self.running().await;
                if running.is_empty() {
                    return;
                }
                let id = running[self.rng.below(running.len())];
                let Ok(snapshot) = self.tables.snapshot(id).await else { return };
                let Some(&user) = snapshot.waiting_users().first() else { return };
                let Ok(Some(place)) = self.rows.place(id).await else { return };
                let Some(board) = place.board_message.and_then(|m| self.fake.message(m)) else { return };
                let who = USERS.into_iter().find(|u| u.id == user.0).expect("a known user");
                // The board's first move button, when the choices are public; else nothing.
                if let Some(first) = board.custom_ids().into_iter().find(|c| c.starts_with('M')) {
                    self.fake.click(who, &board, &first).await;
                }
            }
            Act::Deadline { timeout } => {
                let running = self.running().await;
                if running.is_empty() {
                    return;
                }
                let id = running[self.rng.below(running.len())];
                // Past the deadline (a timeout), or past half of it (a reminder).
                let deadline = if timeout { now() - 1 } else { now() + 60 };
                sqlx::query("UPDATE game_tables SET deadline_at = $1, turn_timeout = 150, reminded = 0 WHERE id = $2")
                    .bind(deadline)
                    .bind(id.0)
                    .execute(self.tables.front_end_pool())
                    .await
                    .expect("deadline");
            }
        }
    }

    async fn wait_briefly<T>(&self, probe: impl FnMut(&FakeDiscord) -> Option<T>) -> Option<T> {
        let mut probe = probe;
        let end = Instant::now() + Duration::from_secs(5);
        while Instant::now() < end {
            if let Some(found) = probe(&self.fake) {
                return Some(found);
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        None
    }

    fn choice_index(&self, game: GameKind) -> usize {
        let play = self.fake.command("play").expect("/play");
        let choices = play["options"][0]["choices"].as_array().cloned().unwrap_or_default();
        choices.iter().position(|c| c["name"] == game.name()).expect("the game is a choice")
    }

    /// Outbox entries not yet delivered and deadlines or reminders due but not handled.
    async fn left_over(&self) -> i64 {
        let (left,): (i64,) = sqlx::query_as(
            "SELECT (SELECT COUNT(*) FROM outbox WHERE done_at IS NULL)
                  + (SELECT COUNT(*) FROM game_tables WHERE status = 'running' AND deadline_at IS NOT NULL
                       AND (deadline_at <= $1 OR (reminded = 0 AND deadline_at - turn_timeout / 2 <= $1)))",
        )
        .bind(now())
        .fetch_one(self.tables.front_end_pool())
        .await
        .expect("left over");
        left
    }

    /// Waits until the bot has delivered everything it recorded.
    async fn drained(&self) {
        let end = Instant::now() + Duration::from_secs(60);
        loop {
            // A deadline or reminder the act made due, not yet handled, would commit mid-check.
            let left = self.left_over().await;
            if left == 0 {
                return;
            }
            assert!(
                Instant::now() < end,
                "{left} outbox entries undelivered or deadlines due after 60 s; the bot's log ends:\n{}",
                self.log_tail()
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// The end of the bot's log, for a failure message.
    fn log_tail(&self) -> String {
        let text = std::fs::read_to_string(&self.log).unwrap_or_default();
        let lines: Vec<&str> = text.lines().collect();
        lines[lines.len().saturating_sub(40)..].join("\n")
    }

    /// Every running table's live board shows its saved version, and every part the outbox
    /// recorded that posts a message went out exactly once (one message with its nonce).
    async fn check(&self, round: usize) {
        let pool = self.tables.front_end_pool();
        let entries: Vec<(i64, i64, i64, String, Option<String>)> =
            sqlx::query_as("SELECT id, table_id, version, body, failure FROM outbox ORDER BY id")
                .fetch_all(pool)
                .await
                .expect("outbox");
        let mut by_nonce: HashMap<String, usize> = HashMap::new();
        for message in self.fake.all_messages() {
            if let Some(nonce) = message.nonce {
                *by_nonce.entry(nonce).or_default() += 1;
            }
        }
        assert!(by_nonce.values().all(|n| *n == 1), "round {round}: a nonce used twice: {by_nonce:?}");
        let mut boards: BTreeMap<i64, usize> = BTreeMap::new();
        // The version of the last commit that changed each table's board (a reminder does not).
        let mut board_versions: BTreeMap<i64, i64> = BTreeMap::new();
        for (id, table, version, body, failure) in &entries {
            assert_eq!(failure.as_deref(), None, "round {round}: entry {id} was given up");
            let dispatch = Dispatch::from_json(body).expect("entry");
            for (index, part) in dispatch.parts().iter().enumerate() {
                let nonce = format!("{id}.{index}");
                let posts = matches!(part, Part::Board(_) | Part::Reminder(_));
                if matches!(part, Part::Board(_)) {
                    board_versions.insert(*table, *version);
                }
                if posts {
                    *boards.entry(*table).or_default() += usize::from(matches!(part, Part::Board(_)));
                    assert_eq!(by_nonce.get(&nonce), Some(&1), "round {round}: table {table}: {part:?} posted once");
                }
            }
        }
        for id in self.running().await {
            let snapshot = self.tables.snapshot(id).await.expect("snapshot");
            let place = self.rows.place(id).await.expect("place").expect("a place on Discord");
            assert_eq!(
                place.board_version,
                board_versions.get(&id.0).copied(),
                "round {round}: table {id}'s live board is the last one recorded (saved version {})",
                snapshot.version
            );
            let live = self.fake.message(place.board_message.expect("a board")).expect("posted");
            let view = snapshot.view.as_ref().expect("a board");
            let expected = bot::discord::post::alt_text(snapshot.game, &render::board_text(view, &snapshot.names()));
            let alt = live.attachments.first().and_then(|a| a.description.clone());
            if alt.as_ref() != Some(&expected) {
                let mine: Vec<_> = entries.iter().filter(|e| e.1 == id.0).map(|e| (e.0, e.2, &e.3)).collect();
                let log = self.tables.log(id).await.expect("log");
                let logs: Vec<(i64, i64)> = sqlx::query_as("SELECT id, log_len FROM outbox WHERE table_id = $1")
                    .bind(id.0)
                    .fetch_all(pool)
                    .await
                    .expect("lens");
                panic!(
                    "round {round}: table {id} shows {alt:?}, saved {expected}\nentries {mine:#?}\nlens {logs:?}\nlog {log:#?}\nbot log:\n{}",
                    self.log_tail()
                );
            }
            let newer = self
                .fake
                .public_messages(place.game_channel())
                .into_iter()
                .any(|m| m.id > live.id && m.content.contains("· table #") && !m.attachments.is_empty());
            assert!(!newer, "round {round}: table {id}: no board was posted after the live one");
            let posted = self
                .fake
                .public_messages(place.game_channel())
                .into_iter()
                .filter(|m| m.content.starts_with(&format!("**{}** · table #{id}", snapshot.game.name())))
                .count();
            assert_eq!(Some(&posted), boards.get(&id.0), "round {round}: table {id}: one post per recorded board");
        }
    }
}

fn button(message: &StoredMessage, label: &str) -> Option<String> {
    message.buttons().into_iter().find(|(_, l, _)| l.starts_with(label)).map(|(id, _, _)| id)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killed_at_any_point_the_bot_delivers_every_post_exactly_once() {
    let fake = FakeDiscord::start().await;
    fake.set_dms_open(ALICE, true);
    fake.set_dms_open(BOB, true);
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("saloon.db").to_str().expect("utf-8").to_string();
    let tables = Tables::new(Store::open(&db).await.expect("store"));
    let rows = Rows::open(&tables);
    let log = dir.path().join("saloon.log");
    let mut run = Run { fake, db, tables, rows, rng: Draws(0x2323_5a10_0dd5_eed5), log: log.clone() };
    let mut child = saloon(&run.fake, &run.db, &log);
    run.fake.wait_identifies(1).await;
    run.fake.wait_for("the commands", run.fake.timeout(), |f| f.command("play")).await;
    let started = Instant::now();
    let (mut sigterms, mut sigkills, mut interrupted) = (0, 0, 0);
    for round in 0..KILLS {
        let open = run.running().await.len();
        let act = run.choose(open);
        run.act(act).await;
        // Somewhere in what the act set going: at once, mid-way, or after it settled.
        let pause = run.rng.below(400) as u64;
        tokio::time::sleep(Duration::from_millis(pause)).await;
        let graceful = run.rng.below(2) == 0;
        stop(&mut child, graceful);
        if graceful {
            sigterms += 1
        } else {
            sigkills += 1
        }
        if run.left_over().await > 0 {
            interrupted += 1;
        }
        let identified = run.fake.gateway_counts().0;
        child = saloon(&run.fake, &run.db, &log);
        run.fake.wait_identifies(identified + 1).await;
        run.drained().await;
        run.check(round).await;
    }
    stop(&mut child, true);
    eprintln!(
        "{KILLS} stops ({sigkills} SIGKILL, {sigterms} SIGTERM; {interrupted} left posts or deadlines for the next start) \
         in {:?}; {} tables; Discord handed back {} repeated posts",
        started.elapsed(),
        run.tables.tables_of(None, Status::Running).await.expect("list").len(),
        run.fake.nonce_repeats(),
    );
    assert!(run.fake.problems().is_empty(), "{:?}", run.fake.problems());
    run.fake.shutdown().await;
}
