//! INTERACTION_CREATE fixtures: slash commands, autocomplete, button clicks and select menus, as
//! Discord sends them, each checked against the registered command or the message's components.

use serde_json::{Map, Value, json};

use super::fixtures::{APPLICATION_ID, FakeChannel, FakeUser, GUILD_ID, perms};

/// A slash-command option as Discord sends it.
#[derive(Clone, Debug, PartialEq)]
pub enum Opt {
    String(String, String),
    Integer(String, i64),
    Number(String, f64),
    Boolean(String, bool),
    /// A user option: the value is the id, and the user (with member) goes in `resolved`.
    User(String, FakeUser),
    Channel(String, u64),
    /// A role option: the value is the role's id, and the role goes in `resolved`.
    Role(String, u64),
    /// The option being typed in an autocomplete interaction (sent as a string with `focused`).
    Focused(String, String),
    /// A subcommand with its options.
    Sub(String, Vec<Opt>),
    /// An attachment option: the value is the attachment's id, and the attachment object (see
    /// `FakeDiscord::upload`) goes in `resolved`.
    Attachment(String, Value),
}

impl Opt {
    pub fn str(name: &str, value: &str) -> Self {
        Self::String(name.to_string(), value.to_string())
    }

    pub fn int(name: &str, value: i64) -> Self {
        Self::Integer(name.to_string(), value)
    }

    /// A poise `ChoiceParameter`: Discord sends the chosen choice's *value*, which poise registers
    /// as the choice's index, in an INTEGER option.
    pub fn choice(name: &str, index: usize) -> Self {
        Self::Integer(name.to_string(), i64::try_from(index).unwrap_or(i64::MAX))
    }

    pub fn number(name: &str, value: f64) -> Self {
        Self::Number(name.to_string(), value)
    }

    pub fn bool(name: &str, value: bool) -> Self {
        Self::Boolean(name.to_string(), value)
    }

    pub fn user(name: &str, user: FakeUser) -> Self {
        Self::User(name.to_string(), user)
    }

    pub fn channel(name: &str, channel: u64) -> Self {
        Self::Channel(name.to_string(), channel)
    }

    pub fn role(name: &str, role: u64) -> Self {
        Self::Role(name.to_string(), role)
    }

    pub fn focused(name: &str, partial: &str) -> Self {
        Self::Focused(name.to_string(), partial.to_string())
    }

    pub fn attachment(name: &str, attachment: Value) -> Self {
        Self::Attachment(name.to_string(), attachment)
    }

    pub fn sub(name: &str, options: Vec<Opt>) -> Self {
        Self::Sub(name.to_string(), options)
    }

    pub fn name(&self) -> &str {
        match self {
            Self::String(n, _)
            | Self::Integer(n, _)
            | Self::Number(n, _)
            | Self::Boolean(n, _)
            | Self::User(n, _)
            | Self::Channel(n, _)
            | Self::Role(n, _)
            | Self::Focused(n, _)
            | Self::Attachment(n, _)
            | Self::Sub(n, _) => n,
        }
    }

    /// Discord's option type number.
    pub fn kind(&self) -> u64 {
        match self {
            Self::Sub(..) => 1,
            Self::String(..) | Self::Focused(..) => 3,
            Self::Integer(..) => 4,
            Self::Boolean(..) => 5,
            Self::User(..) => 6,
            Self::Channel(..) => 7,
            Self::Role(..) => 8,
            Self::Number(..) => 10,
            Self::Attachment(..) => 11,
        }
    }

    /// The option object, adding users to `resolved`.
    pub fn json(&self, resolved: &mut Map<String, Value>) -> Value {
        let name = self.name();
        let kind = self.kind();
        match self {
            Self::String(_, v) => json!({ "name": name, "type": kind, "value": v }),
            Self::Integer(_, v) => json!({ "name": name, "type": kind, "value": v }),
            Self::Number(_, v) => json!({ "name": name, "type": kind, "value": v }),
            Self::Boolean(_, v) => json!({ "name": name, "type": kind, "value": v }),
            Self::Channel(_, v) => {
                let id = v.to_string();
                let channels = resolved.entry("channels").or_insert_with(|| json!({}));
                channels[&id] = json!({ "id": id, "name": format!("channel-{v}"), "type": 0, "permissions": "0" });
                json!({ "name": name, "type": kind, "value": id })
            }
            Self::Role(_, v) => {
                let id = v.to_string();
                let role = super::fixtures::role_by_id(*v).unwrap_or_else(|| panic!("fake Discord: no role {v}"));
                let roles = resolved.entry("roles").or_insert_with(|| json!({}));
                roles[&id] = role;
                json!({ "name": name, "type": kind, "value": id })
            }
            Self::Focused(_, v) => json!({ "name": name, "type": kind, "value": v, "focused": true }),
            Self::User(_, user) => {
                let id = user.id.to_string();
                let users = resolved.entry("users").or_insert_with(|| json!({}));
                users[&id] = user.json();
                let mut member = user.interaction_member_json();
                if let Some(m) = member.as_object_mut() {
                    m.remove("user");
                }
                let members = resolved.entry("members").or_insert_with(|| json!({}));
                members[&id] = member;
                json!({ "name": name, "type": kind, "value": id })
            }
            Self::Attachment(_, attachment) => {
                let id = attachment["id"].as_str().unwrap_or_default().to_string();
                let attachments = resolved.entry("attachments").or_insert_with(|| json!({}));
                attachments[&id] = attachment.clone();
                json!({ "name": name, "type": kind, "value": id })
            }
            Self::Sub(_, options) => {
                let options: Vec<Value> = options.iter().map(|o| o.json(resolved)).collect();
                json!({ "name": name, "type": kind, "options": options })
            }
        }
    }
}

/// Checks `options` against a registered command's option list; returns what is wrong.
pub fn option_errors(registered: &Value, options: &[Opt]) -> Vec<String> {
    let declared = registered["options"].as_array().cloned().unwrap_or_default();
    let mut errors = Vec::new();
    for option in options {
        let Some(spec) = declared.iter().find(|d| d["name"] == option.name()) else {
            let names: Vec<&str> = declared.iter().filter_map(|d| d["name"].as_str()).collect();
            errors.push(format!("option `{}` is not declared (declared: {names:?})", option.name()));
            continue;
        };
        let kind = spec["type"].as_u64().unwrap_or(0);
        let typed_ok = kind == option.kind() || matches!(option, Opt::Focused(..));
        if !typed_ok {
            errors.push(format!("option `{}` is declared with type {kind}, sent as {}", option.name(), option.kind()));
        }
        // serenity sends `choices: []` for an option without choices.
        let choices = spec["choices"].as_array().filter(|c| !c.is_empty());
        let chosen = match option {
            Opt::Integer(_, v) => Some(json!(v)),
            Opt::String(_, v) => Some(json!(v)),
            _ => None,
        };
        if let (Some(choices), Some(value)) = (choices, chosen)
            && !choices.iter().any(|c| c["value"] == value)
        {
            errors.push(format!("option `{}`: {value} is not among its choices {choices:?}", option.name()));
        }
        if let Opt::Sub(_, inner) = option {
            errors.extend(option_errors(spec, inner));
        }
    }
    let has_sub = options.iter().any(|o| matches!(o, Opt::Sub(..)));
    for spec in declared.iter().filter(|d| d["required"].as_bool() == Some(true)) {
        let name = spec["name"].as_str().unwrap_or_default();
        if !has_sub && !options.iter().any(|o| o.name() == name) {
            errors.push(format!("required option `{name}` is missing"));
        }
    }
    errors
}

/// The command `data` of a type-2 or type-4 interaction.
pub fn command_data(command_id: &str, name: &str, guild: Option<u64>, options: &[Opt]) -> Value {
    let mut resolved = Map::new();
    let options: Vec<Value> = options.iter().map(|o| o.json(&mut resolved)).collect();
    let mut data = json!({ "id": command_id, "name": name, "type": 1, "options": options });
    if !resolved.is_empty() {
        data["resolved"] = Value::Object(resolved);
    }
    if let Some(guild) = guild {
        data["guild_id"] = json!(guild.to_string());
    }
    data
}

/// A full interaction object sent by `user` in `channel`: with `member` and `guild_id` in a guild
/// channel or thread, with `user` in a DM.
pub fn interaction_json(id: u64, token: &str, kind: u8, user: FakeUser, channel: &FakeChannel, data: Value) -> Value {
    let mut interaction = json!({
        "id": id.to_string(),
        "application_id": APPLICATION_ID.to_string(),
        "type": kind,
        "data": data,
        "channel_id": channel.id.to_string(),
        "channel": channel.partial_json(),
        "token": token,
        "version": 1,
        "locale": "en-US",
        "entitlements": [],
        "attachment_size_limit": 10 << 20,
        "app_permissions": perms::BOT.to_string(),
    });
    if channel.is_dm() {
        interaction["user"] = user.json();
        interaction["context"] = json!(1);
        interaction["authorizing_integration_owners"] = json!({ "0": "0" });
    } else {
        interaction["guild_id"] = json!(GUILD_ID.to_string());
        interaction["guild_locale"] = json!("en-US");
        interaction["member"] = user.interaction_member_json();
        interaction["context"] = json!(0);
        interaction["authorizing_integration_owners"] = json!({ "0": GUILD_ID.to_string() });
    }
    interaction
}

/// Checks a click or a selection against the component on the message; returns what is wrong.
pub fn component_errors(
    component: Option<&Value>,
    custom_id: &str,
    values: Option<&[&str]>,
    available: &[String],
) -> Vec<String> {
    let Some(component) = component else {
        return vec![format!("no component with custom_id {custom_id:?} on the message (it has {available:?})")];
    };
    let mut errors = Vec::new();
    if component["disabled"].as_bool() == Some(true) {
        errors.push(format!("component {custom_id:?} is disabled"));
    }
    let kind = component["type"].as_u64().unwrap_or(0);
    match values {
        None if kind != 2 => errors.push(format!("component {custom_id:?} is not a button (type {kind})")),
        None => {}
        Some(_) if kind != 3 => errors.push(format!("component {custom_id:?} is not a string select (type {kind})")),
        Some(values) => {
            let options: Vec<&str> =
                component["options"].as_array().into_iter().flatten().filter_map(|o| o["value"].as_str()).collect();
            for value in values.iter().filter(|v| !options.contains(v)) {
                errors.push(format!("{value:?} is not an option of {custom_id:?} (options: {options:?})"));
            }
            let min = component["min_values"].as_u64().unwrap_or(1);
            let max = component["max_values"].as_u64().unwrap_or(1);
            let count = values.len() as u64;
            if count < min || count > max {
                errors.push(format!("{count} values selected in {custom_id:?}, which takes {min} to {max}"));
            }
        }
    }
    errors
}
