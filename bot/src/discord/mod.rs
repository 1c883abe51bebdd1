//! The Discord front end: poise slash commands, a global component router, and delivery of
//! boards and private views, over the transport-independent table layer.

pub mod commands;
pub mod deliver;
mod error;
pub mod export;
pub mod ids;
pub mod long_game;
mod panel;
pub mod post;
mod rematch;
mod router;
pub mod rows;
mod stats;
mod sweeper;
mod undo;
mod user_settings;

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use crate::config::Config;
use crate::table::{TableId, Tables};

pub use error::{Error, Failure};

/// What every command and handler can reach.
#[derive(Clone, Debug)]
pub struct Data {
    /// The tables.
    pub tables: Tables,
    /// The Discord side's own rows.
    pub rows: rows::Rows,
    /// One lock per table, so that its outbox is delivered by one task at a time, in order.
    order: Arc<std::sync::Mutex<HashMap<TableId, Arc<tokio::sync::Mutex<()>>>>>,
    /// Tables whose computer players a task is moving on, each with whether it was asked to
    /// look again after its current move (see [`deliver::drive`]).
    driving: Arc<std::sync::Mutex<HashMap<TableId, bool>>>,
    /// Work under way (interactions being answered, deliveries, computers thinking), which a
    /// graceful shutdown waits for.
    tasks: TaskTracker,
    /// Cancelled when the process is shutting down: no new work starts.
    stop: CancellationToken,
}

impl Data {
    /// The Discord front end's state over `tables`.
    #[must_use]
    pub fn new(tables: Tables) -> Self {
        let rows = rows::Rows::open(&tables);
        Self {
            tables,
            rows,
            order: Arc::default(),
            driving: Arc::default(),
            tasks: TaskTracker::new(),
            stop: CancellationToken::new(),
        }
    }

    /// Whether the process is shutting down.
    #[must_use]
    pub fn stopping(&self) -> bool {
        self.stop.is_cancelled()
    }

    /// Whether the caller should start moving `table`'s computers on: `false` when a task
    /// already does (it is told to look again before it stops, so no commit is missed).
    fn claim_driver(&self, table: TableId) -> bool {
        let mut driving = self.driving.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        match driving.get_mut(&table) {
            Some(again) => {
                *again = true;
                false
            }
            None => {
                driving.insert(table, false);
                true
            }
        }
    }

    /// The driving task of `table` found nothing to move: whether to look again (someone
    /// asked meanwhile) rather than stop.
    fn release_driver(&self, table: TableId) -> bool {
        let mut driving = self.driving.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        match driving.get_mut(&table) {
            Some(again) if *again => {
                *again = false;
                true
            }
            _ => {
                driving.remove(&table);
                false
            }
        }
    }

    /// The lock that orders the deliveries of `table`.
    fn order_lock(&self, table: TableId) -> Arc<tokio::sync::Mutex<()>> {
        let mut order = self.order.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        order.entry(table).or_default().clone()
    }
}

/// A poise command context.
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// Permissions the bot needs in a channel: view it, send messages and files, read history,
/// create public threads and post in them.
pub const PERMISSIONS: u64 = (1 << 10) | (1 << 11) | (1 << 15) | (1 << 16) | (1 << 35) | (1 << 38);

/// Gateway intents: guilds only (no privileged intents; interactions arrive regardless).
fn intents() -> serenity::GatewayIntents {
    serenity::GatewayIntents::GUILDS
}

/// The invite link for an application.
#[must_use]
pub fn invite_link(application: u64) -> String {
    format!(
        "https://discord.com/oauth2/authorize?client_id={application}&scope=bot%20applications.commands&permissions={PERMISSIONS}"
    )
}

/// The name to seat a Discord user under: their server nickname, else their display name.
#[must_use]
pub fn display_name(user: &serenity::User, member: Option<&serenity::Member>) -> String {
    let name = member.map_or_else(|| user.display_name(), serenity::Member::display_name);
    post::clip(name.trim(), 32)
}

/// Why the Discord front end could not start.
#[derive(Debug, thiserror::Error)]
pub enum DiscordError {
    /// No `DISCORD_TOKEN`.
    #[error("DISCORD_TOKEN is not set; see .env.example")]
    NoToken,
    /// Serenity failed to build the client.
    #[error("cannot start the Discord client: {0}")]
    Client(#[from] serenity::Error),
    /// The tables could not be brought up to date.
    #[error("cannot bring the tables up to date: {}", .0.log_detail())]
    Upgrade(#[from] crate::table::TableError),
}

/// Most time a graceful shutdown waits for interactions under way and the outbox to drain;
/// what is left is delivered by the next start.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(10);

/// A running Discord front end.
#[derive(Debug)]
pub struct Running {
    shard_manager: Arc<serenity::ShardManager>,
    client: tokio::task::JoinHandle<Result<(), serenity::Error>>,
    sweeper: tokio::task::JoinHandle<()>,
    data: Data,
}

impl Running {
    /// Stops gracefully: takes no new clicks (the gateway closes), answers the interactions
    /// under way, lets deliveries in progress finish and computers finish their move, for at
    /// most [`SHUTDOWN_GRACE`], then disconnects. Whatever is still in the outbox is delivered by
    /// the next start (or another process).
    pub async fn shutdown(self) {
        self.data.stop.cancel();
        self.shard_manager.shutdown_all().await;
        self.data.tasks.close();
        let sweeper = self.sweeper;
        let work = async {
            self.data.tasks.wait().await;
            let _ = sweeper.await;
        };
        if tokio::time::timeout(SHUTDOWN_GRACE, work).await.is_err() {
            tracing::warn!("work under way did not finish within {SHUTDOWN_GRACE:?}; the next start carries on");
        }
        if tokio::time::timeout(SHUTDOWN_GRACE, self.client).await.is_err() {
            tracing::warn!("the Discord client did not stop within {SHUTDOWN_GRACE:?}");
        }
    }

    /// Runs until the client stops (an unrecoverable gateway error). Cancel-safe.
    ///
    /// # Errors
    /// The client's error.
    pub async fn wait(&mut self) -> Result<(), DiscordError> {
        let result = (&mut self.client).await;
        self.data.stop.cancel();
        match result {
            Ok(result) => result.map_err(DiscordError::Client),
            Err(join) => Err(DiscordError::Client(serenity::Error::Other(if join.is_panic() {
                "the Discord client panicked"
            } else {
                "the Discord client was cancelled"
            }))),
        }
    }
}

fn framework(config: &Config, data: Data) -> poise::Framework<Data, Error> {
    let guild = config.dev_guild_id;
    poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: vec![
                commands::play(),
                commands::hand(),
                commands::status(),
                commands::rules(),
                commands::resign(),
                commands::abandon(),
                commands::replace(),
                commands::rejoin(),
                commands::games(),
                long_game::server(),
                long_game::pause(),
                long_game::notes(),
                long_game::away(),
                long_game::settings(),
                long_game::help(),
                stats::stats(),
                stats::leaderboard(),
                stats::history(),
                export::export(),
                export::verify(),
            ],
            event_handler: |framework, event| Box::pin(on_event(framework, event)),
            // A command under way is work a graceful shutdown waits for: the token lives as
            // long as the command's invocation.
            pre_command: |ctx| Box::pin(async move { ctx.set_invocation_data(ctx.data().tasks.token()).await }),
            on_error: |error| Box::pin(commands::on_error(error)),
            ..Default::default()
        })
        // Saloon has no owner-only commands; skip asking Discord who the owners are.
        .initialize_owners(false)
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                let commands = &framework.options().commands;
                match guild {
                    Some(guild) => {
                        poise::builtins::register_in_guild(ctx, commands, serenity::GuildId::new(guild)).await?;
                    }
                    None => poise::builtins::register_globally(ctx, commands).await?,
                }
                let application = ready.application.id.get();
                tracing::info!(user = %ready.user.name, "connected; invite link: {}", invite_link(application));
                Ok(data)
            })
        })
        .build()
}

async fn on_event(
    framework: poise::FrameworkContext<'_, Data, Error>,
    event: &serenity::FullEvent,
) -> Result<(), Error> {
    if let serenity::FullEvent::InteractionCreate { interaction: serenity::Interaction::Component(click) } = event {
        let data = framework.user_data;
        let _under_way = data.tasks.token();
        if let Err(err) = router::handle(framework.serenity_context, data, click).await {
            tracing::error!(id = %click.data.custom_id, "component failed: {err}");
        }
    }
    Ok(())
}

/// First wait between attempts to reach Discord at start-up; it doubles up to
/// [`REACH_WAIT_MAX`].
const REACH_WAIT: Duration = Duration::from_secs(1);
/// Longest wait between attempts to reach Discord at start-up.
const REACH_WAIT_MAX: Duration = Duration::from_secs(60);

/// Waits until Discord answers (its gateway's address, which the client needs first), trying
/// again with a growing wait and saying so in the log each time. Without it serenity would log
/// one warning, fall back to Discord's public gateway whatever `DISCORD_API_BASE` says, and
/// retry silently every five seconds while the operator's log claimed to be serving games.
async fn reach_discord(http: &serenity::Http, base: Option<&str>) {
    let place = base.map_or_else(|| "Discord".to_string(), |base| format!("Discord at {base}"));
    let mut wait = REACH_WAIT;
    let mut failures = 0_u32;
    loop {
        match http.get_gateway().await {
            Ok(_) if failures > 0 => {
                tracing::info!("reached {place} after {failures} failed attempts");
                return;
            }
            Ok(_) => return,
            Err(error) => {
                failures += 1;
                tracing::warn!(
                    "cannot reach {place} ({}); trying again in {} s",
                    error::reach_failure(&error),
                    wait.as_secs()
                );
            }
        }
        tokio::time::sleep(wait).await;
        wait = (wait * 2).min(REACH_WAIT_MAX);
    }
}

/// Connects to Discord (or to `DISCORD_API_BASE`), registers the commands and serves games
/// until shut down. While Discord cannot be reached it waits, trying again with backoff.
///
/// # Errors
/// Without a token, or when the client cannot be built.
pub async fn start(config: &Config, tables: Tables) -> Result<Running, DiscordError> {
    let token = config.discord_token.as_ref().ok_or(DiscordError::NoToken)?;
    // Rows written by older releases, brought up to date before anything reads them.
    tables.upgrade().await?;
    if let Err(err) = tables.forget_claims_of_the_last_run().await {
        tracing::warn!(
            "cannot take over the last run's tables at once (they follow when their claims lapse): {}",
            err.log_detail()
        );
    }
    let data = Data::new(tables);
    let mut http = serenity::HttpBuilder::new(token.expose());
    if let Some(base) = &config.discord_api_base {
        // Tests and local checks: every REST call (and gateway discovery) goes to this server;
        // serenity only honours the proxy with its rate limiter off.
        http = http.proxy(base.clone()).ratelimiter_disabled(true);
    }
    let http = http.build();
    reach_discord(&http, config.discord_api_base.as_deref()).await;
    let mut client =
        serenity::ClientBuilder::new_with_http(http, intents()).framework(framework(config, data.clone())).await?;
    let shard_manager = client.shard_manager.clone();
    let sweeper =
        tokio::spawn(sweeper::run(client.http.clone(), data.clone(), Duration::from_secs(config.sweep_seconds)));
    let shards = config.shards;
    let client = tokio::spawn(async move {
        match shards {
            // serenity's range includes its end: shards `start` to `end`, both served.
            Some(s) => client.start_shard_range(s.start..s.start + s.count - 1, s.total).await,
            None => client.start().await,
        }
    });
    Ok(Running { shard_manager, client, sweeper, data })
}
