//! The gateway half of the fake Discord: a WebSocket at `/ws` speaking Discord's JSON protocol
//! (HELLO, IDENTIFY -> READY + GUILD_CREATE, heartbeats, RESUME, dispatches with increasing `s`).

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::State;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::response::Response;
use serde_json::{Value, json};
use tokio::sync::mpsc::{UnboundedSender, unbounded_channel};
use tokio::time::Instant;

use super::Shared;
use super::fixtures;

/// What the fake does with a RESUME (op 6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResumePolicy {
    /// A known session resumes: the fake answers RESUMED and goes on with its sequence.
    Accept,
    /// Every resume is refused with INVALID_SESSION (`d: false`); serenity then identifies anew
    /// (after the 5 s its shard queuer waits between identifies).
    Invalidate,
}

/// A frame for one connection's writer.
#[derive(Debug)]
pub(super) enum Outgoing {
    Frame(Value),
    Close(u16),
}

#[derive(Debug)]
struct Connection {
    tx: UnboundedSender<Outgoing>,
    session: Option<String>,
}

#[derive(Debug)]
struct Session {
    seq: u64,
    intents: u64,
}

/// The gateway's state: connections, sessions and what the clients said.
#[derive(Debug)]
pub(super) struct Gateway {
    next_connection: u64,
    connections: HashMap<u64, Connection>,
    sessions: HashMap<String, Session>,
    /// The connection that receives dispatches: the last one to identify or resume.
    current: Option<u64>,
    /// Every payload a client sent except heartbeats (IDENTIFY with its token, RESUME, presence…).
    pub received: Vec<Value>,
    pub identifies: usize,
    pub resumes: usize,
    pub heartbeats: usize,
    pub resume_policy: ResumePolicy,
    pub send_guild_create: bool,
}

impl Gateway {
    pub fn new(send_guild_create: bool) -> Self {
        Self {
            next_connection: 0,
            connections: HashMap::new(),
            sessions: HashMap::new(),
            current: None,
            received: Vec::new(),
            identifies: 0,
            resumes: 0,
            heartbeats: 0,
            resume_policy: ResumePolicy::Accept,
            send_guild_create,
        }
    }

    /// True when a connection has identified (or resumed) and can receive dispatches.
    pub fn is_live(&self) -> bool {
        self.current.and_then(|c| self.connections.get(&c)).is_some_and(|c| c.session.is_some())
    }

    pub fn connection_count(&self) -> usize {
        self.connections.len()
    }

    /// Sends an op-0 dispatch to the live session, with the session's next sequence number.
    pub fn dispatch(&mut self, event: &str, d: &Value) -> Option<u64> {
        let connection = self.connections.get(&self.current?)?;
        let session = self.sessions.get_mut(connection.session.as_ref()?)?;
        session.seq += 1;
        let frame = json!({ "op": 0, "s": session.seq, "t": event, "d": d });
        connection.tx.send(Outgoing::Frame(frame)).ok()?;
        Some(session.seq)
    }

    /// Sends a dispatch if the live session asked for `intent` (one of Discord's intent bits).
    pub fn dispatch_for_intent(&mut self, intent: u64, event: &str, d: &Value) -> Option<u64> {
        let connection = self.connections.get(&self.current?)?;
        let session = self.sessions.get(connection.session.as_ref()?)?;
        if session.intents & intent == 0 {
            return None;
        }
        self.dispatch(event, d)
    }

    /// Closes the live connection with a close code (4000 lets serenity resume; 4009 and 1000
    /// make it start over).
    pub fn close_current(&mut self, code: u16) -> bool {
        let Some(connection) = self.current.take().and_then(|c| self.connections.get(&c)) else { return false };
        connection.tx.send(Outgoing::Close(code)).is_ok()
    }

    fn send(&self, connection: u64, frame: Value) {
        if let Some(c) = self.connections.get(&connection) {
            let _ = c.tx.send(Outgoing::Frame(frame));
        }
    }
}

/// `GET /ws`: upgrade and run the connection until either side closes or the fake shuts down.
pub(super) async fn upgrade(State(shared): State<Arc<Shared>>, ws: WebSocketUpgrade) -> Response {
    ws.max_message_size(64 << 20).on_upgrade(move |socket| run(shared, socket))
}

async fn run(shared: Arc<Shared>, mut socket: WebSocket) {
    let (tx, mut rx) = unbounded_channel();
    let connection = {
        let mut gateway = shared.gateway();
        gateway.next_connection += 1;
        let id = gateway.next_connection;
        gateway.connections.insert(id, Connection { tx, session: None });
        id
    };
    let hello = json!({ "op": 10, "s": null, "t": null, "d": { "heartbeat_interval": shared.heartbeat_ms } });
    let mut alive = socket.send(Message::Text(hello.to_string().into())).await.is_ok();
    let mut shutdown = shared.shutdown_signal();
    let mut closing: Option<Instant> = None;
    while alive {
        let deadline = closing.unwrap_or_else(|| Instant::now() + Duration::from_secs(3600));
        tokio::select! {
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Text(text))) => on_payload(&shared, connection, text.as_str()),
                // Keep reading after a close so tungstenite flushes its close reply.
                Some(Ok(Message::Close(_))) => closing = closing.or_else(|| Some(Instant::now() + Duration::from_secs(2))),
                Some(Ok(_)) => {},
                None | Some(Err(_)) => alive = false,
            },
            outgoing = rx.recv(), if closing.is_none() => match outgoing {
                Some(Outgoing::Frame(frame)) => alive = socket.send(Message::Text(frame.to_string().into())).await.is_ok(),
                Some(Outgoing::Close(code)) => {
                    let frame = CloseFrame { code, reason: "fake Discord closed the connection".into() };
                    alive = socket.send(Message::Close(Some(frame))).await.is_ok();
                    closing = Some(Instant::now() + Duration::from_secs(2));
                },
                None => alive = false,
            },
            () = tokio::time::sleep_until(deadline), if closing.is_some() => alive = false,
            _ = shutdown.changed() => {
                let frame = CloseFrame { code: 1001, reason: "fake Discord shutting down".into() };
                let _ = socket.send(Message::Close(Some(frame))).await;
                alive = false;
            },
        }
    }
    {
        let mut gateway = shared.gateway();
        gateway.connections.remove(&connection);
        if gateway.current == Some(connection) {
            gateway.current = None;
        }
    }
    shared.bump();
}

fn on_payload(shared: &Shared, connection: u64, text: &str) {
    let Ok(payload) = serde_json::from_str::<Value>(text) else {
        shared.problem(format!("gateway: client sent something that is not JSON: {text}"));
        return;
    };
    let op = payload["op"].as_u64();
    {
        let mut gateway = shared.gateway();
        match op {
            Some(1) => {
                gateway.heartbeats += 1;
                gateway.send(connection, json!({ "op": 11, "s": null, "t": null, "d": null }));
            }
            Some(2) => identify(shared, &mut gateway, connection, &payload["d"]),
            Some(6) => resume(&mut gateway, connection, &payload["d"]),
            _ => {}
        }
        if op != Some(1) {
            gateway.received.push(payload);
        }
    }
    shared.bump();
}

fn identify(shared: &Shared, gateway: &mut Gateway, connection: u64, d: &Value) {
    gateway.identifies += 1;
    let session_id = format!("fake-session-{}", gateway.identifies);
    let shard = [d["shard"][0].as_u64().unwrap_or(0), d["shard"][1].as_u64().unwrap_or(1)];
    let intents = d["intents"].as_u64().unwrap_or(0);
    gateway.sessions.insert(session_id.clone(), Session { seq: 0, intents });
    if let Some(c) = gateway.connections.get_mut(&connection) {
        c.session = Some(session_id.clone());
    }
    gateway.current = Some(connection);
    let ready = fixtures::ready_json(&session_id, &shared.ws_url(), shard);
    gateway.dispatch("READY", &ready);
    let wants_guilds = d["intents"].as_u64().unwrap_or(0) & 1 != 0;
    if gateway.send_guild_create && wants_guilds {
        // The guild now holds the threads the bot made; check it again, as serenity will read it.
        let guild = shared.guild_create();
        if let Err(problem) = fixtures::try_check_dispatch("GUILD_CREATE", &guild) {
            shared.problem(problem);
        }
        gateway.dispatch("GUILD_CREATE", &guild);
    }
}

fn resume(gateway: &mut Gateway, connection: u64, d: &Value) {
    gateway.resumes += 1;
    let session_id = d["session_id"].as_str().unwrap_or_default().to_string();
    let known = gateway.sessions.contains_key(&session_id);
    if gateway.resume_policy == ResumePolicy::Invalidate || !known {
        gateway.send(connection, json!({ "op": 9, "s": null, "t": null, "d": false }));
        return;
    }
    if let Some(c) = gateway.connections.get_mut(&connection) {
        c.session = Some(session_id);
    }
    gateway.current = Some(connection);
    gateway.dispatch("RESUMED", &json!({ "_trace": ["fake-discord"] }));
}
