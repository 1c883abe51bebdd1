//! Settings people choose: a server's defaults for the tables opened there (set by members
//! who can manage the server) and a player's own notification settings (the same at every
//! table and server). A table copies what it needs from its server's defaults when it opens.

use super::vocab::{OnTimeout, Skill, TableId, UserId};
use super::{TableError, Tables};

/// Seconds each player may be away at a table unless its server says otherwise: 7 days.
pub const DEFAULT_AWAY_ALLOWANCE: i64 = 7 * 24 * 3600;

/// Seconds per move unless the table or its server says otherwise: 24 hours.
pub const DEFAULT_TURN_TIMEOUT: i64 = 24 * 3600;

/// The shortest and longest time per move a table or server may set.
pub const TURN_TIMEOUT_RANGE: (i64, i64) = (60, 7 * 24 * 3600);

/// The most away time a server may grant per player per table: 60 days.
pub const MOST_AWAY_ALLOWANCE: i64 = 60 * 24 * 3600;

/// A server (a Discord guild) by its id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ServerId(pub u64);

/// A server's defaults; `None` in a field means Saloon's own default.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ServerSettings {
    /// Seconds per move for new tables.
    pub turn_timeout: Option<i64>,
    /// The strength of computer players added at new tables.
    pub level: Option<Skill>,
    /// What new tables do when a player runs out of time.
    pub on_timeout: Option<OnTimeout>,
    /// Seconds each player may be away at a new table.
    pub away_allowance: Option<i64>,
    /// Only members with this role may open tables (`None`: everyone).
    pub host_role: Option<u64>,
    /// The channel where every finished game's standings are posted.
    pub results_channel: Option<u64>,
}

impl ServerSettings {
    /// Seconds per move for a new table.
    #[must_use]
    pub fn turn_timeout(&self) -> i64 {
        self.turn_timeout.unwrap_or(DEFAULT_TURN_TIMEOUT)
    }

    /// Computer strength for a new table.
    #[must_use]
    pub fn level(&self) -> Skill {
        self.level.unwrap_or_default()
    }

    /// Late policy for a new table.
    #[must_use]
    pub fn on_timeout(&self) -> OnTimeout {
        self.on_timeout.unwrap_or_default()
    }

    /// Away allowance for a new table.
    #[must_use]
    pub fn away_allowance(&self) -> i64 {
        self.away_allowance.unwrap_or(DEFAULT_AWAY_ALLOWANCE)
    }
}

/// A change to a server's defaults: each `Some` sets its field (`Some(None)` goes back to
/// Saloon's default for the fields that may be cleared).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ServerChange {
    /// Seconds per move.
    pub turn_timeout: Option<i64>,
    /// Computer strength.
    pub level: Option<Skill>,
    /// Late policy.
    pub on_timeout: Option<OnTimeout>,
    /// Seconds of away time per player per table.
    pub away_allowance: Option<i64>,
    /// Who may open tables: a role, or `Some(None)` for everyone.
    pub host_role: Option<Option<u64>>,
    /// The results channel, or `Some(None)` for none.
    pub results_channel: Option<Option<u64>>,
}

impl ServerChange {
    /// Whether it changes nothing.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        *self == Self::default()
    }

    /// `settings` with this change made.
    #[must_use]
    pub fn applied_to(&self, settings: &ServerSettings) -> ServerSettings {
        ServerSettings {
            turn_timeout: self.turn_timeout.or(settings.turn_timeout),
            level: self.level.or(settings.level),
            on_timeout: self.on_timeout.or(settings.on_timeout),
            away_allowance: self.away_allowance.or(settings.away_allowance),
            host_role: self.host_role.unwrap_or(settings.host_role),
            results_channel: self.results_channel.unwrap_or(settings.results_channel),
        }
    }
}

/// A player's notification settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UserSettings {
    /// A DM when a game starts waiting for them.
    pub dm_on_turn: bool,
    /// A mention in the game's thread.
    pub mention: bool,
    /// The half-time reminder.
    pub half_time: bool,
    /// Their time zone (an IANA name such as `Europe/Berlin`); `None`: UTC.
    pub time_zone: Option<String>,
    /// Quiet hours, in minutes after local midnight: from, until (`None`: no quiet hours).
    pub quiet: Option<(u16, u16)>,
    /// The local hour of a daily digest sent instead of per-turn DMs (`None`: no digest).
    pub digest_hour: Option<u8>,
    /// Listed on leaderboards, and their stats and history shown to others (issue #28).
    pub listed: bool,
    /// Their own board pictures (panel and DMs) painted small, for a slow connection
    /// (issue #25).
    pub small_pictures: bool,
}

impl Default for UserSettings {
    fn default() -> Self {
        Self {
            dm_on_turn: true,
            mention: true,
            half_time: true,
            time_zone: None,
            quiet: None,
            digest_hour: None,
            listed: true,
            small_pictures: false,
        }
    }
}

/// Why a server setting was refused, in words for the member who tried.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SettingError {
    /// Not allowed to change the server's settings.
    #[error("Only members who can manage this server can change its Saloon settings; nothing was changed.")]
    NotManager,
    /// Settings that belong to a server, asked for outside one.
    #[error("Server settings belong to a server: use this command in a server's channel, not in a DM.")]
    NoServer,
    /// A time per move out of range.
    #[error("The time per move must be between 1 minute and 7 days (for example 30m, 12h or 3d); nothing was changed.")]
    TurnTimeout,
    /// An away allowance out of range.
    #[error("The away allowance must be between 0 and 60 days; nothing was changed.")]
    AwayAllowance,
}

impl Tables {
    /// Server `server`'s defaults (Saloon's own for a server that set none).
    ///
    /// # Errors
    /// Storage failures.
    pub async fn server_settings(&self, server: ServerId) -> Result<ServerSettings, TableError> {
        self.store.server_settings(server).await.map_err(TableError::store)
    }

    /// Changes server `server`'s defaults, when `manager` (the member may manage the server);
    /// returns the settings now. A refused change changes nothing.
    ///
    /// # Errors
    /// [`TableError::Setting`] for a member without the permission or a value out of range;
    /// storage failures.
    pub async fn change_server(
        &self,
        server: ServerId,
        manager: bool,
        change: &ServerChange,
    ) -> Result<ServerSettings, TableError> {
        if !manager {
            return Err(SettingError::NotManager.into());
        }
        if change.turn_timeout.is_some_and(|t| !(TURN_TIMEOUT_RANGE.0..=TURN_TIMEOUT_RANGE.1).contains(&t)) {
            return Err(SettingError::TurnTimeout.into());
        }
        if change.away_allowance.is_some_and(|a| !(0..=MOST_AWAY_ALLOWANCE).contains(&a)) {
            return Err(SettingError::AwayAllowance.into());
        }
        let settings = change.applied_to(&self.server_settings(server).await?);
        self.store.save_server_settings(server, &settings).await.map_err(TableError::store)?;
        Ok(settings)
    }

    /// `user`'s notification settings (every default for a player who set none).
    ///
    /// # Errors
    /// Storage failures.
    pub async fn user_settings(&self, user: UserId) -> Result<UserSettings, TableError> {
        self.store.user_settings(user).await.map_err(TableError::store)
    }

    /// Saves `user`'s notification settings.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn save_user_settings(&self, user: UserId, settings: &UserSettings) -> Result<(), TableError> {
        self.store.save_user_settings(user, settings).await.map_err(TableError::store)
    }
}

impl Tables {
    /// Holds a notice for `user` at `table` until their quiet hours end (`not_before`).
    ///
    /// # Errors
    /// Storage failures.
    pub async fn hold_notice(
        &self,
        table: TableId,
        user: UserId,
        kind: &str,
        not_before: i64,
    ) -> Result<(), TableError> {
        self.store.hold_notice(table, user, kind, not_before).await.map_err(TableError::store)
    }

    /// Held notices due at `at` (at most `limit`): table, player and kind.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn due_notices(&self, at: i64, limit: i64) -> Result<Vec<(TableId, UserId, String)>, TableError> {
        self.store.due_notices(at, limit).await.map_err(TableError::store)
    }

    /// Takes a held notice for sending; whether this process got it.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn take_notice(&self, table: TableId, user: UserId, at: i64) -> Result<bool, TableError> {
        self.store.take_notice(table, user, at).await.map_err(TableError::store)
    }
}

impl Tables {
    /// Players whose daily digest is due at `at` or not yet scheduled, with when it was due.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn due_digests(&self, at: i64, limit: i64) -> Result<Vec<(UserId, Option<i64>)>, TableError> {
        self.store.due_digests(at, limit).await.map_err(TableError::store)
    }

    /// Schedules `user`'s next digest after `at` in their zone, moving it from `was`; whether
    /// this process did (and so sends the digest that was due, if one was).
    ///
    /// # Errors
    /// Storage failures.
    pub async fn advance_digest(&self, user: UserId, was: Option<i64>, at: i64) -> Result<bool, TableError> {
        let settings = self.user_settings(user).await?;
        let Some(next) = super::quiet::next_digest(&settings, at) else { return Ok(false) };
        self.store.advance_digest(user, was, next).await.map_err(TableError::store)
    }
}
