//! A fake Discord for end-to-end tests: REST under `/api/v10/` and a gateway WebSocket at `/ws`,
//! on 127.0.0.1 with an OS-assigned port, recording everything the bot does.
//!
//! ```ignore
//! let fake = FakeDiscord::start().await;
//! let http = HttpBuilder::new(BOT_TOKEN).proxy(fake.api_base()).ratelimiter_disabled(true).build();
//! // … start the bot's client with `ClientBuilder::new_with_http(http, intents)` …
//! fake.wait_identified().await;
//! let play = fake.slash_command(ALICE, CHANNEL_ID, "play", vec![Opt::choice("game", 2)]).await;
//! let reply = fake.wait_reply(&play).await;
//! assert!(!reply.ephemeral());
//! let board = fake.wait_for_message(CHANNEL_ID, "a board", |m| m.has_png()).await;
//! let click = fake.click(BOB, &board, "join:1:0").await;
//! fake.shutdown().await;
//! ```
//!
//! Every fixture is parsed with serenity's own model types before it is sent (see `fixtures`), and
//! every answer the fake gives is parsed likewise; an answer serenity could not read is recorded in
//! [`FakeDiscord::problems`], which [`FakeDiscord::shutdown`] asserts empty.

mod echo;
mod fixtures;
mod gateway;
mod inject;
mod interactions;
mod limits;
mod replies;
mod rest;
mod store;

use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::any;
use serde_json::Value;
use tokio::sync::watch;
use tokio::task::JoinHandle;

pub use fixtures::*;
pub use gateway::ResumePolicy;
#[allow(unused_imports)] // for the tests that need it
pub use interactions::Opt;
#[allow(unused_imports)] // for the tests that need them
pub use store::{
    FileUpload, InteractionHandle, InteractionRecord, RecordedRequest, Registration, Reply, ReplyVia, StoredAttachment,
    StoredMessage,
};

/// The REST prefix serenity uses (`https://discord.com/api/v10` with the proxy swapped in).
pub const API_PREFIX: &str = "/api/v10";

/// How a fake is set up.
#[derive(Clone, Debug)]
pub struct Options {
    /// The heartbeat interval sent in HELLO.
    pub heartbeat_interval: Duration,
    /// How long every `wait_*` waits before failing the test.
    pub timeout: Duration,
    /// Send GUILD_CREATE for the test guild after READY (when the bot asked for the GUILDS intent).
    pub send_guild_create: bool,
    /// `slash_command` waits for the command to be registered and checks the options against it.
    pub require_registered_commands: bool,
    /// Refuse callbacks that come later than this after the interaction (Discord: 3 s, answered
    /// with 404 "Unknown interaction"). Off by default: a loaded test machine is slow. Every reply
    /// records how long it took ([`Reply::after`]) either way.
    pub interaction_deadline: Option<Duration>,
    /// How long the REST API takes to answer each request (a slow Discord).
    pub rest_delay: Duration,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            heartbeat_interval: Duration::from_millis(1_000),
            timeout: Duration::from_secs(20),
            send_guild_create: true,
            require_registered_commands: true,
            interaction_deadline: None,
            rest_delay: Duration::ZERO,
        }
    }
}

/// Sends tracing (serenity's and the bot's) to the test's output, filtered by `RUST_LOG` (for
/// example `RUST_LOG=serenity=debug,bot=debug`); does nothing when `RUST_LOG` is unset.
pub fn trace_from_env() {
    if std::env::var_os("RUST_LOG").is_some() {
        let filter = tracing_subscriber::EnvFilter::from_default_env();
        let _ = tracing_subscriber::fmt().with_env_filter(filter).with_test_writer().try_init();
    }
}

/// What the server tasks share with the test.
#[derive(Debug)]
struct Shared {
    state: Mutex<store::State>,
    gateway: Mutex<gateway::Gateway>,
    problems: Mutex<Vec<String>>,
    changed: watch::Sender<u64>,
    shutdown: watch::Sender<bool>,
    base: String,
    heartbeat_ms: u64,
    rest_delay: Duration,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, store::State> {
        self.state.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn gateway(&self) -> MutexGuard<'_, gateway::Gateway> {
        self.gateway.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Wakes every `wait_*`.
    fn bump(&self) {
        self.changed.send_modify(|n| *n += 1);
    }

    fn problem(&self, problem: String) {
        self.problems.lock().unwrap_or_else(std::sync::PoisonError::into_inner).push(problem);
    }

    fn ws_url(&self) -> String {
        format!("{}/ws", self.base.replacen("http://", "ws://", 1))
    }

    fn guild_create(&self) -> Value {
        let state = self.lock();
        let channels: Vec<FakeChannel> = state.channels.values().cloned().collect();
        guild_create_json(&channels, &state.users)
    }

    fn shutdown_signal(&self) -> watch::Receiver<bool> {
        self.shutdown.subscribe()
    }
}

/// The fake Discord. Dropping it stops the server; [`FakeDiscord::shutdown`] also waits for it.
#[derive(Debug)]
pub struct FakeDiscord {
    shared: Arc<Shared>,
    server: Option<JoinHandle<()>>,
    timeout: Duration,
    require_registered: bool,
}

impl FakeDiscord {
    /// Starts a fake with the default [`Options`].
    pub async fn start() -> Self {
        Self::start_with(Options::default()).await
    }

    /// Starts a fake on 127.0.0.1 with an OS-assigned port.
    ///
    /// # Panics
    /// If it cannot bind, or if its own READY/GUILD_CREATE fixtures do not parse.
    pub async fn start_with(options: Options) -> Self {
        trace_from_env();
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("fake Discord: bind 127.0.0.1:0");
        let port = listener.local_addr().expect("fake Discord: local address").port();
        let shared = Arc::new(Shared {
            state: Mutex::new(store::State::new(options.interaction_deadline)),
            gateway: Mutex::new(gateway::Gateway::new(options.send_guild_create)),
            problems: Mutex::new(Vec::new()),
            changed: watch::channel(0).0,
            shutdown: watch::channel(false).0,
            base: format!("http://127.0.0.1:{port}"),
            heartbeat_ms: u64::try_from(options.heartbeat_interval.as_millis()).unwrap_or(1_000),
            rest_delay: options.rest_delay,
        });
        let mut fake = Self {
            shared: Arc::clone(&shared),
            server: None,
            timeout: options.timeout,
            require_registered: options.require_registered_commands,
        };
        fake.check_world();
        let app = Router::new()
            .route("/ws", any(gateway::upgrade))
            .fallback(rest::handle)
            .layer(DefaultBodyLimit::max(64 << 20))
            .with_state(Arc::clone(&shared));
        let mut stop = shared.shutdown_signal();
        let server = axum::serve(listener, app).with_graceful_shutdown(async move {
            let _ = stop.changed().await;
        });
        let handle = tokio::spawn(async move {
            if let Err(err) = server.await {
                eprintln!("fake Discord: server error: {err}");
            }
        });
        fake.server = Some(handle);
        fake
    }

    /// The base URL to give serenity's `HttpBuilder::proxy` (`http://127.0.0.1:PORT`): serenity
    /// replaces `https://discord.com` with it, so requests arrive as `/api/v10/…`.
    pub fn api_base(&self) -> String {
        self.shared.base.clone()
    }

    /// A serenity `Http` aimed at the fake (proxy set, rate limiter off, application id known), as
    /// the bot builds its own when `DISCORD_API_BASE` is set.
    pub fn http(&self) -> serenity::all::Http {
        serenity::all::HttpBuilder::new(BOT_TOKEN)
            .proxy(self.api_base())
            .ratelimiter_disabled(true)
            .application_id(APPLICATION_ID.into())
            .build()
    }

    /// The gateway URL that `GET /gateway` hands out.
    pub fn gateway_url(&self) -> String {
        self.shared.ws_url()
    }

    /// The timeout every `wait_*` uses.
    pub fn timeout(&self) -> Duration {
        self.timeout
    }

    /// Stops the server (closing gateway connections with 1001) and waits for it, within the
    /// timeout; then asserts that the fake met no problem (an answer serenity could not read).
    pub async fn shutdown(mut self) {
        self.shared.shutdown.send_replace(true);
        if let Some(server) = self.server.take() {
            let abort = server.abort_handle();
            if tokio::time::timeout(self.timeout, server).await.is_err() {
                abort.abort();
            }
        }
        let problems = self.problems();
        assert!(problems.is_empty(), "fake Discord met problems:\n{}", problems.join("\n"));
    }

    /// What went wrong inside the fake (answers that serenity could not parse, bad payloads).
    pub fn problems(&self) -> Vec<String> {
        self.shared.problems.lock().unwrap_or_else(std::sync::PoisonError::into_inner).clone()
    }

    /// Checks READY and GUILD_CREATE for the current world against serenity's model.
    fn check_world(&self) {
        check_dispatch("READY", &ready_json("fake-session-0", &self.gateway_url(), [0, 1]));
        check_dispatch("GUILD_CREATE", &self.shared.guild_create());
    }

    // ----- the world -----

    /// Adds a guild member.
    pub fn add_user(&self, user: FakeUser) {
        self.shared.lock().users.push(user);
        self.check_world();
    }

    /// Adds a channel: `FakeChannel::text(id, name)` or `FakeChannel::thread(id, parent, name)`.
    pub fn add_channel(&self, channel: FakeChannel) {
        self.shared.lock().channels.insert(channel.id, channel);
        self.check_world();
    }

    /// Opens or closes `user`'s DMs: while closed, posts to their DM channel fail with 403 and
    /// Discord's error 50007 "Cannot send messages to this user".
    pub fn set_dms_open(&self, user: FakeUser, open: bool) {
        let mut state = self.shared.lock();
        if open {
            state.dms_closed.remove(&user.id);
        } else {
            state.dms_closed.insert(user.id);
        }
    }

    /// The DM channel between the bot and `user`, made now if the bot has not opened it yet (for a
    /// test where the user runs a command in DMs first).
    pub fn open_dm_channel(&self, user: FakeUser) -> u64 {
        let channel = self.shared.lock().dm_channel(user.id);
        self.shared.bump();
        channel
    }

    /// What the fake does with RESUME from now on.
    pub fn set_resume_policy(&self, policy: ResumePolicy) {
        self.shared.gateway().resume_policy = policy;
    }

    // ----- waiting -----

    /// Waits until `probe` returns `Some`, re-checking after every change in the fake; fails the test
    /// with `what` and a summary of the requests after `timeout`.
    pub async fn wait_for<T>(&self, what: &str, timeout: Duration, mut probe: impl FnMut(&Self) -> Option<T>) -> T {
        let mut changes = self.shared.changed.subscribe();
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            changes.mark_unchanged();
            if let Some(found) = probe(self) {
                return found;
            }
            if tokio::time::timeout_at(deadline, changes.changed()).await.is_err() {
                panic!("fake Discord: timed out after {timeout:?} waiting for {what}\n{}", self.summary());
            }
        }
    }

    /// A readable list of the requests so far and the problems, for failure messages.
    pub fn summary(&self) -> String {
        let mut lines: Vec<String> = self
            .requests()
            .iter()
            .map(|r| {
                format!(
                    "  {:>7.3}s {} -> {}{}",
                    r.at.as_secs_f64(),
                    r.line(),
                    r.status,
                    if r.unexpected { " (unknown endpoint)" } else { "" }
                )
            })
            .collect();
        lines.insert(0, format!("requests ({}):", lines.len()));
        let gateway = self.shared.gateway();
        lines.push(format!(
            "gateway: {} connection(s), {} identify, {} resume, {} heartbeat(s), live: {}",
            gateway.connection_count(),
            gateway.identifies,
            gateway.resumes,
            gateway.heartbeats,
            gateway.is_live()
        ));
        drop(gateway);
        lines.extend(self.problems().into_iter().map(|p| format!("problem: {p}")));
        lines.join("\n")
    }

    /// Waits until a client has identified (or resumed) and can receive events.
    pub async fn wait_identified(&self) {
        self.wait_for("a client to identify on the gateway", self.timeout, |f| {
            f.shared.gateway().is_live().then_some(())
        })
        .await;
    }

    /// Waits until `count` IDENTIFYs in all have arrived (a restarted bot identifies again) and a
    /// session is live.
    pub async fn wait_identifies(&self, count: usize) {
        let what = format!("{count} IDENTIFY(s) on the gateway");
        self.wait_for(&what, self.timeout, |f| {
            let gateway = f.shared.gateway();
            (gateway.identifies >= count && gateway.is_live()).then_some(())
        })
        .await;
    }

    /// Waits until the gateway has answered `count` heartbeats in all.
    pub async fn wait_heartbeats(&self, count: usize) {
        let what = format!("{count} heartbeat(s)");
        self.wait_for(&what, self.timeout, |f| (f.shared.gateway().heartbeats >= count).then_some(())).await;
    }

    /// Waits for a request matching `predicate`.
    pub async fn wait_for_request(&self, what: &str, predicate: impl Fn(&RecordedRequest) -> bool) -> RecordedRequest {
        self.wait_for(what, self.timeout, |f| f.shared.lock().requests.iter().find(|r| predicate(r)).cloned()).await
    }

    /// Waits for a message in `channel` matching `predicate` (as it stands after edits).
    pub async fn wait_for_message(
        &self,
        channel: u64,
        what: &str,
        predicate: impl Fn(&StoredMessage) -> bool,
    ) -> StoredMessage {
        self.wait_for(what, self.timeout, |f| f.messages(channel).into_iter().find(|m| predicate(m))).await
    }

    /// Waits for the first reply to an interaction.
    pub async fn wait_reply(&self, handle: &InteractionHandle) -> Reply {
        self.wait_replies(handle, 1).await.remove(0)
    }

    /// Waits until an interaction has at least `count` replies; returns them all.
    pub async fn wait_replies(&self, handle: &InteractionHandle, count: usize) -> Vec<Reply> {
        let what = format!("{count} reply(ies) to interaction {} (type {})", handle.id, handle.kind);
        self.wait_for(&what, self.timeout, |f| {
            let replies = f.replies(handle);
            (replies.len() >= count).then_some(replies)
        })
        .await
    }

    // ----- queries -----

    /// Every request so far, in order.
    pub fn requests(&self) -> Vec<RecordedRequest> {
        self.shared.lock().requests.clone()
    }

    /// Requests to endpoints the fake does not know (answered 404).
    pub fn unexpected_requests(&self) -> Vec<RecordedRequest> {
        self.requests().into_iter().filter(|r| r.unexpected).collect()
    }

    /// Every payload clients sent on the gateway except heartbeats (IDENTIFY, RESUME, …).
    pub fn gateway_payloads(&self) -> Vec<Value> {
        self.shared.gateway().received.clone()
    }

    /// How many IDENTIFYs, RESUMEs and heartbeats the gateway has seen.
    pub fn gateway_counts(&self) -> (usize, usize, usize) {
        let gateway = self.shared.gateway();
        (gateway.identifies, gateway.resumes, gateway.heartbeats)
    }

    /// An interaction's replies (callback, follow-ups, edits), in order.
    pub fn replies(&self, handle: &InteractionHandle) -> Vec<Reply> {
        self.shared.lock().interactions.get(&handle.id).map(|r| r.replies.clone()).unwrap_or_default()
    }

    /// The interaction record (acknowledgement, original message, replies).
    pub fn interaction(&self, handle: &InteractionHandle) -> Option<InteractionRecord> {
        self.shared.lock().interactions.get(&handle.id).cloned()
    }

    /// The interaction's original message as it stands now (its response, or for a component the
    /// message it was on).
    pub fn original_message(&self, handle: &InteractionHandle) -> Option<StoredMessage> {
        let original = self.shared.lock().interactions.get(&handle.id)?.original?;
        self.message(original)
    }

    /// A message by id (deleted ones too, marked `deleted`).
    pub fn message(&self, id: u64) -> Option<StoredMessage> {
        self.shared.lock().messages.get(&id).cloned()
    }

    /// Every message in a channel, thread or DM channel, oldest first, ephemeral ones included.
    pub fn messages(&self, channel: u64) -> Vec<StoredMessage> {
        self.shared.lock().channel_messages(channel)
    }

    /// The messages everyone in the channel can see (no ephemeral ones).
    /// Every message in every channel, DMs included, in order.
    pub fn all_messages(&self) -> Vec<StoredMessage> {
        self.shared.lock().messages.values().cloned().collect()
    }

    /// Messages the bot sent again with a nonce already used, which the fake handed back
    /// instead of posting twice (as Discord does with `enforce_nonce`).
    pub fn nonce_repeats(&self) -> u32 {
        self.shared.lock().nonce_repeats
    }

    pub fn public_messages(&self, channel: u64) -> Vec<StoredMessage> {
        self.messages(channel).into_iter().filter(|m| !m.ephemeral).collect()
    }

    /// Every non-ephemeral message in every guild channel and thread.
    pub fn all_public_guild_messages(&self) -> Vec<StoredMessage> {
        let state = self.shared.lock();
        let guild: Vec<u64> = state.channels.values().filter(|c| c.guild_id.is_some()).map(|c| c.id).collect();
        state
            .messages
            .values()
            .filter(|m| guild.contains(&m.channel_id) && !m.ephemeral && !m.deleted)
            .cloned()
            .collect()
    }

    /// The DM channel the bot opened with `user`, if any.
    pub fn dm_channel_of(&self, user: FakeUser) -> Option<u64> {
        self.shared.lock().channels.values().find(|c| c.recipient == Some(user.id)).map(|c| c.id)
    }

    /// The DMs delivered to `user`, oldest first.
    pub fn dms(&self, user: FakeUser) -> Vec<StoredMessage> {
        self.dm_channel_of(user).map(|c| self.messages(c)).unwrap_or_default()
    }

    /// DM posts to `user` that failed because their DMs are closed.
    pub fn failed_dms(&self, user: FakeUser) -> Vec<RecordedRequest> {
        let Some(channel) = self.dm_channel_of(user) else { return Vec::new() };
        let route = format!("/channels/{channel}/messages");
        self.requests().into_iter().filter(|r| r.route() == route && r.status == 403).collect()
    }

    /// Every command registration (`PUT …/commands`), in order.
    pub fn registrations(&self) -> Vec<Registration> {
        self.shared.lock().registrations.clone()
    }

    /// The commands a user sees in the test guild now: those of the latest guild registration, then
    /// those of the latest global one that the guild's do not override by name.
    pub fn commands(&self) -> Vec<Value> {
        let registrations = self.registrations();
        let latest = |guild| registrations.iter().rev().find(|r| r.guild_id == guild).map(|r| r.commands.clone());
        let mut commands = latest(Some(GUILD_ID)).unwrap_or_default();
        for global in latest(None).unwrap_or_default() {
            if !commands.iter().any(|c| c["name"] == global["name"]) {
                commands.push(global);
            }
        }
        commands
    }

    /// A registered command by name.
    pub fn command(&self, name: &str) -> Option<Value> {
        self.commands().into_iter().find(|c| c["name"] == name)
    }

    /// A channel, thread or DM channel by id.
    pub fn channel(&self, id: u64) -> Option<FakeChannel> {
        self.shared.lock().channels.get(&id).cloned()
    }

    /// The threads the bot created, oldest first.
    pub fn threads(&self) -> Vec<FakeChannel> {
        self.shared.lock().channels.values().filter(|c| c.is_thread()).cloned().collect()
    }
}

impl Drop for FakeDiscord {
    fn drop(&mut self) {
        self.shared.shutdown.send_replace(true);
        if let Some(server) = self.server.take() {
            server.abort();
        }
    }
}
