//! The fake Discord's world (the test guild, its channels, roles and users) and the JSON objects
//! Discord would send for them. Every object that reaches the bot is checked against serenity's own
//! model types first, so a broken fixture fails the test loudly instead of being dropped as
//! `Event::Unknown` (see `shared/DISCORD_TESTING.md`).

use serde::de::DeserializeOwned;
use serde_json::{Value, json};
use serenity::all::{Channel, Event, GatewayEvent, Interaction, Message};

/// The bot's user id; also its application id, as for any application created since 2019.
pub const BOT_ID: u64 = 900_000_000_000_000_001;
/// The application id the fake reports in READY and `/oauth2/applications/@me`.
pub const APPLICATION_ID: u64 = BOT_ID;
/// The bot's name.
pub const BOT_NAME: &str = "Saloon";
/// The token the fake expects in `Authorization: Bot …` and IDENTIFY (anything is accepted).
pub const BOT_TOKEN: &str = "fake-bot-token";

/// The test guild.
pub const GUILD_ID: u64 = 900_000_000_000_000_100;
/// The guild's main text channel, `#saloon`.
pub const CHANNEL_ID: u64 = 900_000_000_000_000_200;
/// A second text channel, `#back-room`.
pub const OTHER_CHANNEL_ID: u64 = 900_000_000_000_000_201;
/// The bot's managed role.
pub const BOT_ROLE_ID: u64 = 900_000_000_000_000_301;
/// A plain role every player has.
pub const PLAYER_ROLE_ID: u64 = 900_000_000_000_000_302;

/// When every fake member joined, and every fake timestamp's base.
pub const JOINED_AT: &str = "2025-01-01T00:00:00.000000+00:00";

/// Permission bits (Discord's numbering).
pub mod perms {
    pub const CREATE_INSTANT_INVITE: u64 = 1 << 0;
    pub const ADD_REACTIONS: u64 = 1 << 6;
    pub const VIEW_CHANNEL: u64 = 1 << 10;
    pub const SEND_MESSAGES: u64 = 1 << 11;
    pub const EMBED_LINKS: u64 = 1 << 14;
    pub const ATTACH_FILES: u64 = 1 << 15;
    pub const READ_MESSAGE_HISTORY: u64 = 1 << 16;
    pub const USE_EXTERNAL_EMOJIS: u64 = 1 << 18;
    pub const CHANGE_NICKNAME: u64 = 1 << 26;
    pub const USE_APPLICATION_COMMANDS: u64 = 1 << 31;
    pub const MANAGE_THREADS: u64 = 1 << 34;
    pub const CREATE_PUBLIC_THREADS: u64 = 1 << 35;
    pub const CREATE_PRIVATE_THREADS: u64 = 1 << 36;
    pub const SEND_MESSAGES_IN_THREADS: u64 = 1 << 38;

    /// What `@everyone` may do in the test guild.
    pub const EVERYONE: u64 = CREATE_INSTANT_INVITE
        | ADD_REACTIONS
        | VIEW_CHANNEL
        | SEND_MESSAGES
        | EMBED_LINKS
        | ATTACH_FILES
        | READ_MESSAGE_HISTORY
        | USE_EXTERNAL_EMOJIS
        | CHANGE_NICKNAME
        | USE_APPLICATION_COMMANDS
        | CREATE_PUBLIC_THREADS
        | SEND_MESSAGES_IN_THREADS;
    /// What the bot's role adds.
    pub const BOT: u64 = EVERYONE | MANAGE_THREADS | CREATE_PRIVATE_THREADS;
}

/// A user of the fake Discord. Every `FakeUser` is a member of the test guild.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FakeUser {
    pub id: u64,
    pub name: &'static str,
}

/// The guild's owner (not a player in the usual fixtures, so owner rights hide no permission bug).
pub const OWNER: FakeUser = FakeUser { id: 900_000_000_000_001_000, name: "sheriff" };
pub const ALICE: FakeUser = FakeUser { id: 900_000_000_000_001_001, name: "alice" };
pub const BOB: FakeUser = FakeUser { id: 900_000_000_000_001_002, name: "bob" };
pub const CAROL: FakeUser = FakeUser { id: 900_000_000_000_001_003, name: "carol" };
pub const DAVE: FakeUser = FakeUser { id: 900_000_000_000_001_004, name: "dave" };
/// The bot itself as a user.
pub const BOT: FakeUser = FakeUser { id: BOT_ID, name: BOT_NAME };

/// The users that are guild members in every fake (more can be added with `FakeDiscord::add_user`).
pub const USERS: [FakeUser; 5] = [OWNER, ALICE, BOB, CAROL, DAVE];

impl FakeUser {
    /// A user with an id of the test's choosing.
    pub const fn new(id: u64, name: &'static str) -> Self {
        Self { id, name }
    }

    /// Discord's user object.
    pub fn json(&self) -> Value {
        json!({
            "id": self.id.to_string(),
            "username": self.name,
            "discriminator": "0",
            "global_name": capitalised(self.name),
            "avatar": null,
            "bot": self.id == BOT_ID,
            "system": false,
            "public_flags": 0,
            "flags": 0,
        })
    }

    /// Discord's guild member object for this user in the test guild.
    pub fn member_json(&self) -> Value {
        let roles: Vec<String> =
            if self.id == BOT_ID { vec![BOT_ROLE_ID.to_string()] } else { vec![PLAYER_ROLE_ID.to_string()] };
        json!({
            "user": self.json(),
            "nick": null,
            "avatar": null,
            "banner": null,
            "roles": roles,
            "joined_at": JOINED_AT,
            "premium_since": null,
            "deaf": false,
            "mute": false,
            "flags": 0,
            "pending": false,
            "communication_disabled_until": null,
        })
    }

    /// The member object as an interaction carries it: with the member's permissions in the channel.
    pub fn interaction_member_json(&self) -> Value {
        let mut member = self.member_json();
        let permissions = if self.id == OWNER.id { ALL_PERMISSIONS } else { perms::EVERYONE };
        member["permissions"] = json!(permissions.to_string());
        member
    }

    /// A mention of this user, as Discord renders it in message content.
    pub fn mention(&self) -> String {
        format!("<@{}>", self.id)
    }
}

const ALL_PERMISSIONS: u64 = (1 << 50) - 1;

fn capitalised(name: &str) -> String {
    let mut chars = name.chars();
    chars.next().map(|first| first.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// A text channel, thread or DM channel the fake knows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FakeChannel {
    pub id: u64,
    /// Discord's channel type: 0 text, 1 DM, 11 public thread, 12 private thread.
    pub kind: u8,
    pub name: String,
    pub guild_id: Option<u64>,
    /// A thread's parent channel.
    pub parent_id: Option<u64>,
    /// A DM channel's other user.
    pub recipient: Option<u64>,
    /// For a thread: the `type` the bot asked for (`None` when it asked for none, which makes a
    /// private thread in a text channel), and the message it was started from.
    pub requested_type: Option<u64>,
    pub from_message: Option<u64>,
    pub archived: bool,
    pub auto_archive_duration: u64,
}

impl FakeChannel {
    /// A guild text channel of the test guild.
    pub fn text(id: u64, name: &str) -> Self {
        Self {
            id,
            kind: 0,
            name: name.to_string(),
            guild_id: Some(GUILD_ID),
            parent_id: None,
            recipient: None,
            requested_type: None,
            from_message: None,
            archived: false,
            auto_archive_duration: 1440,
        }
    }

    /// A public thread of the test guild under `parent`.
    pub fn thread(id: u64, parent: u64, name: &str) -> Self {
        Self { kind: 11, parent_id: Some(parent), requested_type: Some(11), ..Self::text(id, name) }
    }

    /// The DM channel between the bot and `user`.
    pub fn dm(id: u64, user: u64) -> Self {
        Self { kind: 1, guild_id: None, recipient: Some(user), ..Self::text(id, "") }
    }

    pub fn is_thread(&self) -> bool {
        matches!(self.kind, 10..=12)
    }

    pub fn is_dm(&self) -> bool {
        self.kind == 1
    }

    /// Discord's channel object (a guild channel, a thread or a DM channel).
    pub fn json(&self, users: &[FakeUser]) -> Value {
        if self.is_dm() {
            let recipient = self.recipient.unwrap_or_default();
            let user = users.iter().find(|u| u.id == recipient).copied().unwrap_or(FakeUser::new(recipient, "someone"));
            return json!({
                "id": self.id.to_string(),
                "type": 1,
                "last_message_id": null,
                "recipients": [user.json()],
                "flags": 0,
            });
        }
        let mut channel = json!({
            "id": self.id.to_string(),
            "type": self.kind,
            "guild_id": self.guild_id.map(|g| g.to_string()),
            "name": self.name,
            "position": 0,
            "permission_overwrites": [],
            "nsfw": false,
            "topic": null,
            "last_message_id": null,
            "rate_limit_per_user": 0,
            "parent_id": self.parent_id.map(|p| p.to_string()),
            "flags": 0,
        });
        if self.is_thread() {
            channel["owner_id"] = json!(BOT_ID.to_string());
            channel["message_count"] = json!(0);
            channel["member_count"] = json!(1);
            channel["total_message_sent"] = json!(0);
            channel["thread_metadata"] = json!({
                "archived": self.archived,
                "auto_archive_duration": self.auto_archive_duration,
                "archive_timestamp": JOINED_AT,
                "locked": false,
                "create_timestamp": JOINED_AT,
            });
        } else {
            channel["default_auto_archive_duration"] = json!(1440);
        }
        channel
    }

    /// The partial channel object an interaction carries.
    pub fn partial_json(&self) -> Value {
        let mut channel = json!({
            "id": self.id.to_string(),
            "type": self.kind,
            "flags": 0,
        });
        if !self.is_dm() {
            channel["name"] = json!(self.name);
            channel["guild_id"] = json!(GUILD_ID.to_string());
            channel["parent_id"] = json!(self.parent_id.map(|p| p.to_string()));
            channel["permissions"] = json!(perms::EVERYONE.to_string());
        }
        if self.is_thread() {
            channel["thread_metadata"] = json!({
                "archived": self.archived,
                "auto_archive_duration": self.auto_archive_duration,
                "archive_timestamp": JOINED_AT,
                "locked": false,
            });
        }
        channel
    }
}

/// The two text channels of the test guild.
pub fn default_channels() -> Vec<FakeChannel> {
    vec![FakeChannel::text(CHANNEL_ID, "saloon"), FakeChannel::text(OTHER_CHANNEL_ID, "back-room")]
}

fn role_json(id: u64, name: &str, permissions: u64, position: u16, managed: bool) -> Value {
    let mut role = json!({
        "id": id.to_string(),
        "name": name,
        "color": 0,
        "colors": { "primary_color": 0, "secondary_color": null, "tertiary_color": null },
        "hoist": false,
        "icon": null,
        "unicode_emoji": null,
        "position": position,
        "permissions": permissions.to_string(),
        "managed": managed,
        "mentionable": false,
        "flags": 0,
    });
    if managed {
        role["tags"] = json!({ "bot_id": BOT_ID.to_string() });
    }
    role
}

/// One of the test guild's roles by id, as Discord's role object.
pub fn role_by_id(id: u64) -> Option<Value> {
    roles_json().as_array()?.iter().find(|r| r["id"].as_str().and_then(|s| s.parse::<u64>().ok()) == Some(id)).cloned()
}

/// The test guild's roles: `@everyone` (whose id is the guild's), the bot's managed role, players.
pub fn roles_json() -> Value {
    json!([
        role_json(GUILD_ID, "@everyone", perms::EVERYONE, 0, false),
        role_json(BOT_ROLE_ID, BOT_NAME, perms::BOT, 2, true),
        role_json(PLAYER_ROLE_ID, "players", 0, 1, false),
    ])
}

/// The guild object as `GET /guilds/{id}` answers it.
pub fn guild_json() -> Value {
    json!({
        "id": GUILD_ID.to_string(),
        "name": "Saloon Test Guild",
        "icon": null,
        "icon_hash": null,
        "splash": null,
        "discovery_splash": null,
        "owner_id": OWNER.id.to_string(),
        "afk_channel_id": null,
        "afk_timeout": 300,
        "widget_enabled": false,
        "widget_channel_id": null,
        "verification_level": 0,
        "default_message_notifications": 1,
        "explicit_content_filter": 0,
        "roles": roles_json(),
        "emojis": [],
        "features": [],
        "mfa_level": 0,
        "application_id": null,
        "system_channel_id": CHANNEL_ID.to_string(),
        "system_channel_flags": 0,
        "rules_channel_id": null,
        "max_presences": null,
        "max_members": 500_000,
        "vanity_url_code": null,
        "description": null,
        "banner": null,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "preferred_locale": "en-US",
        "public_updates_channel_id": null,
        "max_video_channel_users": 25,
        "max_stage_video_channel_users": 50,
        "nsfw_level": 0,
        "stickers": [],
        "premium_progress_bar_enabled": false,
        "safety_alerts_channel_id": null,
    })
}

/// The full guild object of a GUILD_CREATE event: channels, threads, the members (the bot included),
/// roles, so serenity's cache can compute permissions.
pub fn guild_create_json(channels: &[FakeChannel], users: &[FakeUser]) -> Value {
    let mut guild = guild_json();
    let in_guild = |c: &&FakeChannel| c.guild_id == Some(GUILD_ID);
    let members: Vec<Value> = users.iter().chain(std::iter::once(&BOT)).map(FakeUser::member_json).collect();
    guild["joined_at"] = json!(JOINED_AT);
    guild["large"] = json!(false);
    guild["unavailable"] = json!(false);
    guild["member_count"] = json!(members.len());
    guild["voice_states"] = json!([]);
    guild["members"] = json!(members);
    guild["channels"] =
        json!(channels.iter().filter(in_guild).filter(|c| !c.is_thread()).map(|c| c.json(users)).collect::<Vec<_>>());
    guild["threads"] =
        json!(channels.iter().filter(in_guild).filter(|c| c.is_thread()).map(|c| c.json(users)).collect::<Vec<_>>());
    guild["presences"] = json!([]);
    guild["stage_instances"] = json!([]);
    guild["guild_scheduled_events"] = json!([]);
    guild["soundboard_sounds"] = json!([]);
    guild
}

/// Discord's application object for `GET /oauth2/applications/@me`.
pub fn application_json() -> Value {
    json!({
        "id": APPLICATION_ID.to_string(),
        "name": BOT_NAME,
        "icon": null,
        "description": "Board games for play-by-post (fake Discord)",
        "rpc_origins": [],
        "bot_public": true,
        "bot_require_code_grant": false,
        "bot": BOT.json(),
        "owner": OWNER.json(),
        "verify_key": "0000000000000000000000000000000000000000000000000000000000000000",
        "team": null,
        "flags": 0,
        "approximate_guild_count": 1,
        "redirect_uris": [],
        "interactions_endpoint_url": null,
    })
}

/// The READY dispatch's `d`.
pub fn ready_json(session_id: &str, resume_url: &str, shard: [u64; 2]) -> Value {
    json!({
        "v": 10,
        "user": {
            "id": BOT_ID.to_string(),
            "username": BOT_NAME,
            "discriminator": "0",
            "global_name": null,
            "avatar": null,
            "bot": true,
            "system": false,
            "mfa_enabled": false,
            "verified": true,
            "email": null,
            "flags": 0,
            "public_flags": 0,
        },
        "guilds": [{ "id": GUILD_ID.to_string(), "unavailable": true }],
        "session_id": session_id,
        "session_type": "normal",
        "resume_gateway_url": resume_url,
        "shard": shard,
        "application": { "id": APPLICATION_ID.to_string(), "flags": 0 },
        "private_channels": [],
        "relationships": [],
        "user_settings": {},
        "presences": [],
        "geo_ordered_rtc_regions": [],
        "_trace": ["fake-discord"],
    })
}

/// A `2025-…` timestamp `n` seconds after [`JOINED_AT`], for messages.
pub fn timestamp(seconds: u64) -> String {
    let (h, rest) = (seconds / 3600 % 24, seconds % 3600);
    let (m, s) = (rest / 60, rest % 60);
    let day = 1 + seconds / 86_400 % 28;
    format!("2025-02-{day:02}T{h:02}:{m:02}:{s:02}.000000+00:00")
}

/// Parses `value` as serenity's `T`, or panics with the error and the JSON: a broken fixture must
/// fail the test where it is made, not vanish inside the client.
pub fn check<T: DeserializeOwned>(what: &str, value: &Value) -> T {
    match serde_json::from_value::<T>(value.clone()) {
        Ok(parsed) => parsed,
        Err(err) => panic!(
            "fake Discord: {what} does not parse as serenity's {}: {err}\n{}",
            std::any::type_name::<T>(),
            serde_json::to_string_pretty(value).unwrap_or_default()
        ),
    }
}

/// Checks an interaction fixture both on its own and as the gateway payload serenity will read.
pub fn check_interaction(value: &Value) -> Interaction {
    let interaction: Interaction = check("INTERACTION_CREATE fixture", value);
    check_dispatch("INTERACTION_CREATE", value);
    interaction
}

/// Checks an op-0 dispatch `t`/`d` exactly as serenity's shard reads it, and that it is not the
/// silent `Event::Unknown`.
pub fn check_dispatch(event: &str, d: &Value) {
    if let Err(err) = try_check_dispatch(event, d) {
        panic!("fake Discord: {err}");
    }
}

/// [`check_dispatch`] without the panic, for the server's own tasks.
pub fn try_check_dispatch(event: &str, d: &Value) -> Result<(), String> {
    let payload = json!({ "op": 0, "s": 1, "t": event, "d": d });
    let pretty = || serde_json::to_string_pretty(d).unwrap_or_default();
    match serde_json::from_value::<GatewayEvent>(payload) {
        Ok(GatewayEvent::Dispatch(_, parsed)) if !matches!(parsed, Event::Unknown(_)) => Ok(()),
        Ok(other) => Err(format!("{event} dispatch parses as {other:?}, which serenity ignores\n{}", pretty())),
        Err(err) => Err(format!("{event} dispatch does not parse as serenity's GatewayEvent: {err}\n{}", pretty())),
    }
}

/// Checks a message object the fake answers with or puts in a component interaction.
pub fn check_message(value: &Value) -> Message {
    check("message object", value)
}

/// Checks a channel object the fake answers with.
pub fn check_channel(value: &Value) -> Channel {
    check("channel object", value)
}
