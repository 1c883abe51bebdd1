//! `saloon`: play Saloon's games in a terminal, or serve them on Discord.

use std::path::PathBuf;
use std::process::ExitCode;

use bot::config::Config;
use bot::console::{self, PlayArgs};
use bot::store::{Store, StoreError};
use bot::table::Tables;
use bot::table::{Skill, Status};
use clap::{Parser, Subcommand};
use engines::{GameKind, Level};

#[derive(Parser, Debug)]
#[command(name = "saloon", version, about = "Board games for play-by-post, on Discord or in a terminal.")]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Play in this terminal against computer players (and friends at the same keyboard).
    Play {
        /// The game's id: martian-12s, martian-gunslinger, gunslinger-gang, conquest-of-mars or raja.
        #[arg(default_value = "martian-12s")]
        game: GameKind,
        /// Seats at the table.
        #[arg(long, default_value_t = 3)]
        players: u8,
        /// Computer players among them (all seats: watch a whole match).
        #[arg(long, default_value_t = 2)]
        bots: u8,
        /// Random seed: the same seed plays the same game.
        #[arg(long)]
        seed: Option<u64>,
        /// Continue a saved table by its number.
        #[arg(long, value_name = "ID")]
        resume: Option<i64>,
        /// A table option, e.g. --opt rounds=5, --opt dice_mix=d6_only, --opt colours=purple/white (repeatable).
        #[arg(long = "opt", value_name = "KEY=VALUE")]
        options: Vec<String>,
        /// How hard the computer players think: easy, normal or hard; random picks uniformly
        /// among the legal moves (instant, and the same game for the same seed on any machine).
        #[arg(long, default_value_t = Skill::Search(Level::Normal))]
        level: Skill,
    },
    /// List saved terminal and Discord tables that are still running.
    Tables,
    /// Write a finished table's log (JSON to check, and text to read) into a folder.
    Export {
        /// The table's number.
        table: i64,
        /// The folder to write into.
        #[arg(long, default_value = ".")]
        dir: PathBuf,
    },
    /// Check an exported log: the sealed secret, the seed, every draw and the final standings.
    Verify {
        /// The JSON log `saloon export` (or Discord's /export) wrote.
        log: PathBuf,
    },
    /// Serve games on Discord (needs DISCORD_TOKEN; see .env.example).
    Discord,
    /// Players' results and ratings.
    Ratings {
        #[command(subcommand)]
        action: RatingsCommand,
    },
}

#[derive(Subcommand, Debug)]
enum RatingsCommand {
    /// Recompute every result and rating from the finished tables (those of earlier releases
    /// included), in the order the games ended.
    Rebuild,
}

#[tokio::main]
async fn main() -> ExitCode {
    let cli = Cli::parse();
    let config = match Config::from_env() {
        Ok(config) => config,
        Err(err) => {
            eprintln!("saloon: {err}");
            return ExitCode::FAILURE;
        }
    };
    let filter =
        tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "warn,saloon=info,bot=info".into());
    tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr).init();
    match run(cli, config).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            // The sentence names the cause for whoever is playing; the log gets the details.
            if let Some(detail) = error.detail() {
                tracing::error!("{detail}");
            }
            eprintln!("saloon: {error}");
            ExitCode::FAILURE
        }
    }
}

/// What stops the `saloon` command, each in words for whoever ran it.
#[derive(Debug, thiserror::Error)]
enum CliError {
    /// The database could not be opened.
    #[error("cannot open {url}: {source}")]
    Open {
        /// `DATABASE_URL`, its password masked.
        url: String,
        /// Why.
        source: StoreError,
    },
    /// The `--opt` words cannot be read.
    #[error("--opt: {0}")]
    BadOption(#[from] bot::table::BadOptionWord),
    /// The terminal game stopped on an error.
    #[error(transparent)]
    Console(#[from] console::ConsoleError),
    /// The table layer refused or failed.
    #[error(transparent)]
    Table(#[from] bot::table::TableError),
    /// A log that does not check out (what differs is printed above).
    #[error("the log does not check out")]
    NotVerified,
    /// The Discord front end failed (boxed: it is large, and rare).
    #[error(transparent)]
    Discord(#[from] Box<bot::discord::DiscordError>),
}

impl CliError {
    /// What the operator's log should add to the sentence shown (a storage failure's details).
    fn detail(&self) -> Option<String> {
        let table = match self {
            Self::Table(error) | Self::Console(console::ConsoleError::Table(error)) => error,
            _ => return None,
        };
        table.is_internal().then(|| table.log_detail())
    }
}

/// What a bare `saloon` prints when there is no Discord token to serve with.
fn what_saloon_does() -> String {
    let games: Vec<String> = GameKind::ALL.iter().map(|g| format!("  {:<20} {}", g.id(), g.name())).collect();
    format!(
        "Saloon hosts board games for play-by-post, on Discord or in this terminal.\n\n\
         \x20 saloon play martian-12s --players 3 --bots 2   play in this terminal against two computers\n\
         \x20 saloon tables                                  list saved games, where they stand, how to resume\n\
         \x20 saloon discord                                 serve the games on Discord (needs DISCORD_TOKEN)\n\
         \x20 saloon ratings rebuild                         recount results and ratings from the finished games\n\
         \x20 saloon export 12                               write finished table #12's log, to read or check\n\
         \x20 saloon verify table-12-log.json                check a log: the sealed deal, every draw, the result\n\
         \x20 saloon play --help                             every option of a terminal game\n\n\
         Games:\n{}",
        games.join("\n")
    )
}

async fn run(cli: Cli, config: Config) -> Result<(), CliError> {
    // Without a subcommand: Discord when a token is configured, else say what Saloon can do
    // (never a table opened unasked).
    let default = if config.discord_token.is_some() { Some(Command::Discord) } else { None };
    let Some(command) = cli.command.or(default) else {
        println!("{}", what_saloon_does());
        return Ok(());
    };
    // Checking a log needs no database.
    if let Command::Verify { log } = &command {
        return match console::fair::verify(log, &mut std::io::stdout())? {
            true => Ok(()),
            false => Err(CliError::NotVerified),
        };
    }
    let store = Store::open(&config.database_url)
        .await
        .map_err(|source| CliError::Open { url: bot::store::redacted(&config.database_url), source })?;
    let tables = Tables::new(store.clone());
    // Rows written by older releases, brought up to date before any front end reads them.
    tables.upgrade().await?;
    // Games finished by an earlier release are counted in the ratings once, by themselves.
    if let Some(rebuilt) = tables.backfill_ratings().await? {
        tracing::info!(games = rebuilt.games, rated = rebuilt.rated, "counted earlier finished games in the ratings");
    }
    let result = match command {
        Command::Play { game, players, bots, seed, resume, options, level } => {
            let options = parse_options(&options)?;
            let args = PlayArgs {
                game,
                players,
                bots,
                seed,
                resume,
                options,
                level,
                boards_dir: PathBuf::from(&config.boards_dir),
            };
            let stdin = tokio::io::BufReader::new(tokio::io::stdin());
            let mut stdout = std::io::stdout();
            console::play(&tables, &args, stdin, &mut stdout).await.map(|_| ()).map_err(CliError::from)
        }
        Command::Tables => list_tables(&tables).await,
        Command::Export { table, dir } => {
            let id = bot::table::TableId(table);
            console::fair::export(&tables, id, &dir, &mut std::io::stdout()).await.map(|_| ()).map_err(CliError::from)
        }
        Command::Verify { .. } => Ok(()),
        Command::Discord => serve_discord(&config, tables).await,
        Command::Ratings { action: RatingsCommand::Rebuild } => rebuild_ratings(&tables).await,
    };
    store.close().await;
    result
}

async fn serve_discord(config: &Config, tables: Tables) -> Result<(), CliError> {
    // Discord may be out of reach for a while (the start waits and says so): a stop signal
    // meanwhile ends the wait.
    let mut running = tokio::select! {
        started = bot::discord::start(config, tables) => started.map_err(Box::new)?,
        () = stop_signal() => {
            tracing::info!("stopped before Discord could be reached");
            return Ok(());
        }
    };
    tracing::info!("Discord answers; serving games (press Ctrl-C to stop)");
    let ended = tokio::select! {
        result = running.wait() => Some(result),
        () = stop_signal() => None,
    };
    match ended {
        Some(result) => result.map_err(|e| CliError::from(Box::new(e))),
        None => {
            tracing::info!("shutting down");
            running.shutdown().await;
            Ok(())
        }
    }
}

/// Ctrl-C, or SIGTERM (what service managers and `docker stop` send): either starts a graceful
/// shutdown, in which interactions under way finish and the database pool closes.
async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = tokio::signal::ctrl_c() => {}
                    _ = term.recv() => {}
                }
            }
            Err(error) => {
                tracing::warn!("cannot listen for SIGTERM ({error}); Ctrl-C still stops Saloon");
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

async fn rebuild_ratings(tables: &Tables) -> Result<(), CliError> {
    let rebuilt = tables.rebuild_ratings().await?;
    for (table, why) in &rebuilt.skipped {
        println!("Table #{table} was left out: {why}.");
    }
    let games =
        if rebuilt.games == 1 { "1 finished game".to_string() } else { format!("{} finished games", rebuilt.games) };
    let rated = match rebuilt.rated {
        0 => "none of them rated".to_string(),
        n if n == rebuilt.games => "all of them rated".to_string(),
        n => format!("{n} of them rated"),
    };
    println!("Counted {games}, {rated} (games among people only move ratings); stats and ratings are up to date.");
    Ok(())
}

async fn list_tables(tables: &Tables) -> Result<(), CliError> {
    let running = tables.tables_of(None, Status::Running).await?;
    if running.is_empty() {
        println!("No running tables. Start one with: saloon play martian-12s --players 3 --bots 2");
    }
    for table in running {
        let snapshot = tables.snapshot(table.id).await?;
        println!("{}", console::where_it_stands(&snapshot));
    }
    Ok(())
}

/// `key=value` pairs as a JSON object; values read as JSON when they can (numbers, booleans),
/// else as strings.
fn parse_options(pairs: &[String]) -> Result<serde_json::Value, CliError> {
    Ok(bot::table::options_from_words(pairs.iter().map(String::as_str))?)
}
