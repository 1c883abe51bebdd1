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
        Ok(Self {
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
