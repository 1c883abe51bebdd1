//! Configuration, read once at start from the environment and `.env`.

use std::fmt;

/// The Discord bot token. Its `Debug` and `Display` never show it.
#[derive(Clone, PartialEq, Eq)]
pub struct Token(String);

impl Token {
    /// The token itself, only for handing to the Discord client.
    #[must_use]
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Token(<redacted>)")
    }
}

/// Everything Saloon reads from its environment.
#[derive(Clone, Debug)]
pub struct Config {
    /// `DATABASE_URL`: the SQLite file (default `sqlite:saloon.db` in the working directory).
    pub database_url: String,
    /// `DISCORD_TOKEN`: the bot's token; without it Saloon runs in the terminal.
    pub discord_token: Option<Token>,
    /// `DEV_GUILD_ID`: register commands in this server at once instead of globally.
    pub dev_guild_id: Option<u64>,
    /// `DISCORD_API_BASE`: send every REST call (and gateway discovery) to this server instead
    /// of Discord, with the rate limiter off; for tests against a fake Discord.
    pub discord_api_base: Option<String>,
    /// `SALOON_BOARDS_DIR`: where the terminal writes board pictures (default `saloon-boards`).
    pub boards_dir: String,
    /// `SALOON_SWEEP_SECONDS`: how often deadlines and reminders are checked (default 30).
    pub sweep_seconds: u64,
    /// `TOTAL_SHARDS`, `SHARD_START`, `SHARD_COUNT`: the Discord shards this process serves;
    /// `None`: one process, one shard.
    pub shards: Option<Shards>,
}

/// A range of Discord gateway shards, for a bot split over several processes that share one
/// Postgres database.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shards {
    /// The first shard this process serves (`SHARD_START`, default 0).
    pub start: u32,
    /// How many it serves (`SHARD_COUNT`, default the rest up to the total).
    pub count: u32,
    /// Shards of the whole bot (`TOTAL_SHARDS`).
    pub total: u32,
}

/// A variable is set but unusable.
#[derive(Debug, thiserror::Error)]
#[error("{name} is invalid: {reason}")]
pub struct ConfigError {
    /// The variable.
    pub name: &'static str,
    /// What is wrong.
    pub reason: String,
}

impl Config {
    /// Reads `.env` (if present; never overriding variables already set) and the environment.
    ///
    /// # Errors
    /// When a variable is set to something unusable.
    pub fn from_env() -> Result<Self, ConfigError> {
        // A missing .env is normal; a malformed one is reported by the first variable it breaks.
        let _ = dotenvy::dotenv();
        Self::from_lookup(|name| std::env::var(name).ok())
    }

    /// Builds the configuration from a lookup function (the environment, or a test's map).
    ///
    /// # Errors
    /// When a variable is set to something unusable.
    pub fn from_lookup(get: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let non_empty = |name: &str| get(name).map(|v| v.trim().to_string()).filter(|v| !v.is_empty());
        let dev_guild_id = match non_empty("DEV_GUILD_ID") {
            Some(text) => Some(text.parse::<u64>().map_err(|_| ConfigError {
                name: "DEV_GUILD_ID",
                reason: "expected a numeric Discord server id".into(),
            })?),
            None => None,
        };
        let discord_api_base = non_empty("DISCORD_API_BASE").map(|v| v.trim_end_matches('/').to_string());
        if let Some(base) = &discord_api_base
            && !(base.starts_with("http://") || base.starts_with("https://"))
        {
            return Err(ConfigError { name: "DISCORD_API_BASE", reason: "expected an http:// or https:// URL".into() });
        }
        let sweep_seconds = match non_empty("SALOON_SWEEP_SECONDS") {
            Some(text) => text.parse::<u64>().ok().filter(|s| (1..=3600).contains(s)).ok_or(ConfigError {
                name: "SALOON_SWEEP_SECONDS",
                reason: "expected a number of seconds from 1 to 3600".into(),
            })?,
            None => 30,
        };
        let number = |name: &'static str| -> Result<Option<u32>, ConfigError> {
            non_empty(name)
                .map(|text| {
                    text.parse::<u32>().map_err(|_| ConfigError { name, reason: "expected a whole number".into() })
                })
                .transpose()
        };
        let shards = match (number("TOTAL_SHARDS")?, number("SHARD_START")?, number("SHARD_COUNT")?) {
            (None, None, None) => None,
            (None, ..) => {
                return Err(ConfigError {
                    name: "TOTAL_SHARDS",
                    reason: "must be set with SHARD_START or SHARD_COUNT (the shards of the whole bot)".into(),
                });
            }
            (Some(total), start, count) => {
                let start = start.unwrap_or(0);
                let count = count.unwrap_or(total.saturating_sub(start));
                if total == 0 || count == 0 || start.checked_add(count).is_none_or(|end| end > total) {
                    return Err(ConfigError {
                        name: "SHARD_COUNT",
                        reason: format!(
                            "shards {start} to {start} + {count} - 1 do not fit in TOTAL_SHARDS={total} (at least one shard, all below the total)"
                        ),
                    });
                }
                Some(Shards { start, count, total })
            }
        };
        Ok(Self {
            sweep_seconds,
            shards,
            database_url: non_empty("DATABASE_URL").unwrap_or_else(|| "sqlite:saloon.db".to_string()),
            discord_token: non_empty("DISCORD_TOKEN").map(Token),
            dev_guild_id,
            discord_api_base,
            boards_dir: non_empty("SALOON_BOARDS_DIR").unwrap_or_else(|| "saloon-boards".to_string()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(pairs: &[(&str, &str)]) -> Result<Config, ConfigError> {
        let map: std::collections::HashMap<String, String> =
            pairs.iter().map(|(k, v)| ((*k).to_string(), (*v).to_string())).collect();
        Config::from_lookup(|name| map.get(name).cloned())
    }

    #[test]
    fn defaults_run_locally_on_a_file() {
        let config = config(&[]).expect("defaults");
        assert_eq!(config.database_url, "sqlite:saloon.db");
        assert!(config.discord_token.is_none());
        assert!(config.dev_guild_id.is_none());
        assert!(config.shards.is_none(), "one process, one shard");
    }

    #[test]
    fn a_process_serves_a_range_of_shards() {
        let shards = |pairs: &[(&str, &str)]| config(pairs).map(|c| c.shards);
        assert_eq!(
            shards(&[("TOTAL_SHARDS", "4"), ("SHARD_START", "2"), ("SHARD_COUNT", "2")]).expect("ok"),
            Some(Shards { start: 2, count: 2, total: 4 })
        );
        assert_eq!(shards(&[("TOTAL_SHARDS", "3")]).expect("ok"), Some(Shards { start: 0, count: 3, total: 3 }));
        assert_eq!(
            shards(&[("TOTAL_SHARDS", "3"), ("SHARD_START", "1")]).expect("ok"),
            Some(Shards { start: 1, count: 2, total: 3 })
        );
        for bad in [
            &[("SHARD_START", "1")][..],
            &[("TOTAL_SHARDS", "0")],
            &[("TOTAL_SHARDS", "2"), ("SHARD_START", "1"), ("SHARD_COUNT", "2")],
            &[("TOTAL_SHARDS", "2"), ("SHARD_START", "2")],
            &[("TOTAL_SHARDS", "two")],
        ] {
            let error = shards(bad).expect_err("refused");
            assert!(error.to_string().contains("SHARD"), "{bad:?}: {error}");
        }
    }

    #[test]
    fn the_token_never_shows_in_debug_output() {
        let config = config(&[("DISCORD_TOKEN", "very-secret-token")]).expect("config");
        assert!(!format!("{config:?}").contains("very-secret"));
        assert_eq!(config.discord_token.as_ref().map(Token::expose), Some("very-secret-token"));
    }

    #[test]
    fn bad_values_name_the_variable() {
        let err = config(&[("DEV_GUILD_ID", "my-server")]).expect_err("not a number");
        assert!(err.to_string().contains("DEV_GUILD_ID"));
        let err = config(&[("DISCORD_API_BASE", "127.0.0.1:9")]).expect_err("no scheme");
        assert!(err.to_string().contains("DISCORD_API_BASE"));
        let ok = config(&[("DISCORD_API_BASE", "http://127.0.0.1:9/")]).expect("ok");
        assert_eq!(ok.discord_api_base.as_deref(), Some("http://127.0.0.1:9"));
    }
}
