//! What one click costs the database: the SQL statements sqlx runs, counted from its own
//! `sqlx::query` trace events. One read of the table per click, one write transaction when
//! the click applies an action, and lists that read one statement without decoding states.

use std::sync::{Arc, Mutex, PoisonError};

use bot::store::Store;
use bot::table::{Click, Entry, LobbyRequest, Participant, Tables};
use bot::table::{Status, UserId};
use engines::GameKind;
use tracing::field::{Field, Visit};
use tracing_subscriber::layer::{Context, SubscriberExt};
use tracing_subscriber::{Layer, Registry};

/// Collects the statement text of every `sqlx::query` event.
#[derive(Clone, Default)]
struct Statements(Arc<Mutex<Vec<String>>>);

impl Statements {
    /// The statements since the last call, leaving out the `PRAGMA`s sqlx runs once when it
    /// opens a connection of the pool.
    fn take(&self) -> Vec<String> {
        let all = std::mem::take(&mut *self.0.lock().unwrap_or_else(PoisonError::into_inner));
        all.into_iter().filter(|s| !s.starts_with("PRAGMA")).collect()
    }

    /// The same, once no statement has been logged for 25 ms: sqlx logs a statement when
    /// its connection's worker is done with it, which can be just after the caller has its
    /// rows, so a statement of one click could otherwise be counted in the next.
    async fn settled(&self) -> Vec<String> {
        loop {
            let before = self.0.lock().unwrap_or_else(PoisonError::into_inner).len();
            tokio::time::sleep(std::time::Duration::from_millis(25)).await;
            if self.0.lock().unwrap_or_else(PoisonError::into_inner).len() == before {
                return self.take();
            }
        }
    }
}

struct Text(Option<String>);

impl Visit for Text {
    fn record_str(&mut self, field: &Field, value: &str) {
        if field.name() == "db.statement" || (field.name() == "summary" && self.0.is_none()) {
            self.0 = Some(value.to_string());
        }
    }

    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        if field.name() == "db.statement" || (field.name() == "summary" && self.0.is_none()) {
            self.0 = Some(format!("{value:?}"));
        }
    }
}

impl<S: tracing::Subscriber> Layer<S> for Statements {
    fn on_event(&self, event: &tracing::Event<'_>, _: Context<'_, S>) {
        if event.metadata().target() == "sqlx::query" {
            let mut text = Text(None);
            event.record(&mut text);
            let statement = text.0.unwrap_or_default().split_whitespace().collect::<Vec<_>>().join(" ");
            self.0.lock().unwrap_or_else(PoisonError::into_inner).push(statement);
        }
    }
}

fn count(statements: &[String], start: &str) -> usize {
    statements.iter().filter(|s| s.to_ascii_uppercase().trim_start_matches('"').starts_with(start)).count()
}

#[tokio::test]
async fn one_click_costs_one_read_and_one_write_transaction() {
    let statements = Statements::default();
    tracing::subscriber::set_global_default(Registry::default().with(statements.clone())).expect("one subscriber");

    let dir = tempfile::tempdir().expect("tempdir");
    let store = Store::open(dir.path().join("saloon.db").to_str().expect("utf-8")).await.expect("store");
    let tables = Tables::new(store);
    // Four humans at Martian Gunslinger: every one of them holds a private view.
    let users: Vec<UserId> = (1..=4).map(UserId).collect();
    let request = LobbyRequest {
        game: GameKind::MartianGunslinger,
        options: serde_json::json!({}),
        host: Participant { user: users[0], name: "P1".into() },
        seat_host: true,
        players: 4,
        computers: 0,
        level: bot::table::Skill::Random,
        on_timeout: bot::table::OnTimeout::SafeDefault,
        seed: Some(3),
        turn_timeout: 3600,
        away_allowance: bot::table::DEFAULT_AWAY_ALLOWANCE,
        delivers: false,
    };
    let lobby = tables.open(request).await.expect("open");
    for (i, user) in users.iter().enumerate().skip(1) {
        tables.join(lobby.id, Participant { user: *user, name: format!("P{}", i + 1) }).await.expect("join");
    }
    tables.start(lobby.id, users[0]).await.expect("start");
    let id = lobby.id;

    let mut clicks = 0;
    let mut applied = 0;
    for _ in 0..60 {
        let snapshot = tables.snapshot(id).await.expect("snapshot");
        if snapshot.status != Status::Running {
            break;
        }
        let user = snapshot.waiting_users()[0];
        let version = snapshot.version;
        // Walk the menu the way the buttons do: the first option at each step.
        let mut path = Vec::new();
        statements.settled().await;
        loop {
            match tables.click(id, user, &Entry::Path(path.clone()), version, false).await.expect("a click") {
                Click::Next(_) => {
                    let seen = statements.settled().await;
                    assert_eq!(seen.len(), 1, "a step of a menu is one read: {seen:#?}");
                    assert_eq!(count(&seen, "SELECT"), 1, "{seen:#?}");
                    path.push(0);
                    clicks += 1;
                }
                Click::Moved(report) => {
                    let seen = statements.settled().await;
                    let inserts = count(&seen, "INSERT INTO ACTIONS");
                    assert_eq!(inserts, report.moves.len(), "one log row per action: {seen:#?}");
                    // The read of the table, the versioned update, the next log number, the
                    // log rows, and at most one read of whether the mover was away (a move ends
                    // an away time): nothing read back to deliver the move.
                    assert_eq!(count(&seen, "UPDATE GAME_TABLES"), 1, "{seen:#?}");
                    let away = count(&seen, "SELECT SINCE, UNTIL, NOTE FROM USER_AWAY");
                    assert!(away <= 1, "{seen:#?}");
                    assert_eq!(seen.len(), 3 + inserts + away, "one read, one write transaction: {seen:#?}");
                    assert_eq!(report.privates.len(), 4, "every human's private view comes with the report");
                    clicks += 1;
                    applied += 1;
                    break;
                }
            }
        }
    }
    assert!(applied >= 20 && clicks > applied, "{applied} actions over {clicks} clicks");

    // Lists and autocomplete: one statement, whatever the number of tables.
    statements.settled().await;
    let listed = tables.tables_of(Some(users[1]), Status::Running).await.expect("list");
    assert_eq!(listed.len(), 1);
    let seen = statements.settled().await;
    assert_eq!(seen.len(), 1, "a list is one statement: {seen:#?}");
}
