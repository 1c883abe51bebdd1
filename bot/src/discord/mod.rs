//! The Discord front end: poise slash commands, a global component router, and delivery of
//! boards and private views, over the transport-independent table layer.

pub mod commands;
pub mod deliver;
pub mod ids;
pub mod post;
mod router;
pub mod rows;
mod sweeper;

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;

use crate::config::Config;
use crate::store::TableId;
use crate::table::Tables;

pub use deliver::Error;

/// What every command and handler can reach.
#[derive(Clone, Debug)]
pub struct Data {
    /// The tables.
    pub tables: Tables,
    /// The Discord side's own rows.
    pub rows: rows::Rows,
    /// One lock per table, so its board posts go out one at a time and in order.
    boards: Arc<std::sync::Mutex<HashMap<TableId, Arc<tokio::sync::Mutex<()>>>>>,
    /// Tables whose computer players a task is moving on, each with whether it was asked to
    /// look again after its current move (see [`deliver::drive`]).
    driving: Arc<std::sync::Mutex<HashMap<TableId, bool>>>,
}

impl Data {
    /// The Discord front end's state over `tables`.
    ///
    /// # Errors
    /// When the Discord rows cannot be read.
    pub async fn new(tables: Tables) -> Result<Self, crate::store::StoreError> {
        let rows = rows::Rows::open(&tables).await?;
        Ok(Self { tables, rows, boards: Arc::default(), driving: Arc::default() })
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

    /// The lock that orders board posts of `table`.
    fn board_lock(&self, table: TableId) -> Arc<tokio::sync::Mutex<()>> {
        let mut boards = self.boards.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        boards.entry(table).or_default().clone()
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
    /// The Discord rows could not be read.
    #[error("cannot read the Discord bookkeeping: {0}")]
    Store(#[from] crate::store::StoreError),
}

/// A running Discord front end.
#[derive(Debug)]
pub struct Running {
    shard_manager: Arc<serenity::ShardManager>,
    client: tokio::task::JoinHandle<Result<(), serenity::Error>>,
    sweeper: tokio::task::JoinHandle<()>,
}

impl Running {
    /// Disconnects and waits (at most ten seconds) for the client to stop.
    pub async fn shutdown(self) {
        self.sweeper.abort();
        self.shard_manager.shutdown_all().await;
        if tokio::time::timeout(Duration::from_secs(10), self.client).await.is_err() {
            tracing::warn!("the Discord client did not stop within ten seconds");
        }
    }

    /// Runs until the client stops (an unrecoverable gateway error). Cancel-safe.
    ///
    /// # Errors
    /// The client's error.
    pub async fn wait(&mut self) -> Result<(), DiscordError> {
        let result = (&mut self.client).await;
        self.sweeper.abort();
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
            ],
            event_handler: |framework, event| Box::pin(on_event(framework, event)),
            post_command: |ctx| Box::pin(dm_notice(ctx)),
            on_error: |error| Box::pin(on_error(error)),
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
    if let serenity::FullEvent::InteractionCreate { interaction: serenity::Interaction::Component(click) } = event
        && let Err(err) = router::handle(framework.serenity_context, framework.user_data, click).await
    {
        tracing::error!(id = %click.data.custom_id, "component failed: {err}");
    }
    Ok(())
}

/// After any command: a player whose DMs were closed hears about it once, privately.
async fn dm_notice(ctx: Context<'_>) {
    let user = ctx.author().id.get();
    if ctx.data().rows.take_dm_notice(user).await.unwrap_or(false) {
        let reply = poise::CreateReply::default().ephemeral(true).content(deliver::DM_CLOSED_NOTICE);
        if let Err(err) = ctx.send(reply).await {
            tracing::warn!("could not send the closed-DM notice: {err}");
        }
    }
}

async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            tracing::error!(command = %ctx.command().name, "command failed: {error}");
            let reply = poise::CreateReply::default()
                .ephemeral(true)
                .content("Something went wrong on our side; nothing was changed. Please try again.");
            if let Err(err) = ctx.send(reply).await {
                tracing::warn!("could not report the failure: {err}");
            }
        }
        other => {
            if let Err(err) = poise::builtins::on_error(other).await {
                tracing::warn!("error while handling an error: {err}");
            }
        }
    }
}

/// Connects to Discord (or to `DISCORD_API_BASE`), registers the commands and serves games
/// until shut down.
///
/// # Errors
/// Without a token, or when the client cannot be built.
pub async fn start(config: &Config, tables: Tables) -> Result<Running, DiscordError> {
    let token = config.discord_token.as_ref().ok_or(DiscordError::NoToken)?;
    let data = Data::new(tables).await?;
    let mut http = serenity::HttpBuilder::new(token.expose());
    if let Some(base) = &config.discord_api_base {
        // Tests and local checks: every REST call (and gateway discovery) goes to this server;
        // serenity only honours the proxy with its rate limiter off.
        http = http.proxy(base.clone()).ratelimiter_disabled(true);
    }
    let mut client = serenity::ClientBuilder::new_with_http(http.build(), intents())
        .framework(framework(config, data.clone()))
        .await?;
    let shard_manager = client.shard_manager.clone();
    let sweeper = tokio::spawn(sweeper::run(client.http.clone(), data, Duration::from_secs(config.sweep_seconds)));
    let shards = config.shards;
    let client = tokio::spawn(async move {
        match shards {
            // serenity's range includes its end: shards `start` to `end`, both served.
            Some(s) => client.start_shard_range(s.start..s.start + s.count - 1, s.total).await,
            None => client.start().await,
        }
    });
    Ok(Running { shard_manager, client, sweeper })
}
