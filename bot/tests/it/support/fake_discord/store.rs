//! What the fake Discord remembers: every request, the messages as they stand now (after edits),
//! channels, threads, DMs, interactions and their replies, registered commands.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::fixtures::{self, APPLICATION_ID, BOT, FakeChannel, FakeUser};

/// A file uploaded in a multipart request (`files[n]`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileUpload {
    /// The form field, e.g. `files[0]`.
    pub field: String,
    pub filename: String,
    pub content_type: Option<String>,
    pub bytes: Vec<u8>,
}

/// One request the bot made, as the fake received it.
#[derive(Clone, Debug)]
pub struct RecordedRequest {
    pub method: String,
    /// The full path, e.g. `/api/v10/channels/1/messages`.
    pub path: String,
    /// The raw query string, if any (serenity writes `?&key=value`).
    pub query: Option<String>,
    /// The JSON body; for a multipart request, the parsed `payload_json`.
    pub body: Option<Value>,
    pub files: Vec<FileUpload>,
    /// The status the fake answered with.
    pub status: u16,
    /// True when the fake knows no such endpoint (it answered 404).
    pub unexpected: bool,
    /// Time since the fake started.
    pub at: Duration,
}

impl RecordedRequest {
    /// The path below `/api/v10`, e.g. `/channels/1/messages`.
    pub fn route(&self) -> &str {
        self.path.strip_prefix(super::API_PREFIX).unwrap_or(&self.path)
    }

    /// `"POST /channels/1/messages"`, for messages and quick matching.
    pub fn line(&self) -> String {
        format!("{} {}", self.method, self.route())
    }
}

/// An attachment of a stored message, with its bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredAttachment {
    pub id: u64,
    pub filename: String,
    pub description: Option<String>,
    pub content_type: Option<String>,
    pub bytes: Vec<u8>,
}

/// A message as it stands in the fake Discord now.
#[derive(Clone, Debug)]
pub struct StoredMessage {
    pub id: u64,
    pub channel_id: u64,
    pub author_id: u64,
    pub content: String,
    /// The action rows as the bot sent them.
    pub components: Vec<Value>,
    pub embeds: Vec<Value>,
    pub attachments: Vec<StoredAttachment>,
    pub flags: u64,
    /// Seen only by `visible_to` (an ephemeral interaction response or follow-up).
    pub ephemeral: bool,
    pub visible_to: Option<u64>,
    /// The interaction whose response or follow-up this is.
    pub interaction_id: Option<u64>,
    /// A deferred response still "thinking" (no content yet).
    pub deferred: bool,
    pub edits: u32,
    pub deleted: bool,
    pub(crate) created: u64,
    /// The nonce the bot sent it with, if any.
    pub nonce: Option<String>,
}

impl StoredMessage {
    /// Every component (buttons, select menus) of every row, in order.
    pub fn components_flat(&self) -> Vec<&Value> {
        self.components.iter().flat_map(|row| row["components"].as_array().into_iter().flatten()).collect()
    }

    /// The `custom_id`s of all components, in order.
    pub fn custom_ids(&self) -> Vec<String> {
        self.components_flat().iter().filter_map(|c| c["custom_id"].as_str().map(str::to_string)).collect()
    }

    /// The component with this `custom_id`.
    pub fn component(&self, custom_id: &str) -> Option<&Value> {
        self.components_flat().into_iter().find(|c| c["custom_id"].as_str() == Some(custom_id))
    }

    /// Buttons as `(custom_id, label, disabled)`.
    pub fn buttons(&self) -> Vec<(String, String, bool)> {
        self.components_flat()
            .iter()
            .filter(|c| c["type"] == 2)
            .map(|c| {
                let text = |k: &str| c[k].as_str().unwrap_or_default().to_string();
                (text("custom_id"), text("label"), c["disabled"].as_bool().unwrap_or(false))
            })
            .collect()
    }

    /// The option values of the select menu with this `custom_id`.
    pub fn select_values(&self, custom_id: &str) -> Vec<String> {
        self.component(custom_id)
            .and_then(|c| c["options"].as_array())
            .map(|opts| opts.iter().filter_map(|o| o["value"].as_str().map(str::to_string)).collect())
            .unwrap_or_default()
    }

    /// The attachment with this file name.
    pub fn attachment(&self, filename: &str) -> Option<&StoredAttachment> {
        self.attachments.iter().find(|a| a.filename == filename)
    }

    pub fn attachment_names(&self) -> Vec<String> {
        self.attachments.iter().map(|a| a.filename.clone()).collect()
    }

    /// True when some attachment is a PNG (by its bytes).
    pub fn has_png(&self) -> bool {
        self.attachments.iter().any(|a| a.bytes.starts_with(b"\x89PNG\r\n\x1a\n"))
    }

    /// All text a person could read in the message: content, embed texts, component labels,
    /// attachment names and descriptions.
    pub fn all_text(&self) -> String {
        let mut text = self.content.clone();
        for value in self.embeds.iter().chain(self.components.iter()) {
            collect_strings(value, &mut text);
        }
        // Attachments' names and descriptions (a picture's alt text) are public too.
        for attachment in &self.attachments {
            text.push('\n');
            text.push_str(&attachment.filename);
            if let Some(description) = &attachment.description {
                text.push('\n');
                text.push_str(description);
            }
        }
        text
    }

    /// Discord's message object for this message.
    pub fn json(&self, base: &str, users: &[FakeUser]) -> Value {
        let author = users.iter().chain(std::iter::once(&BOT)).find(|u| u.id == self.author_id).copied().unwrap_or(BOT);
        let attachments: Vec<Value> = self
            .attachments
            .iter()
            .map(|a| {
                let url = format!("{base}/attachments/{}/{}/{}", self.channel_id, a.id, a.filename);
                json!({
                    "id": a.id.to_string(),
                    "filename": a.filename,
                    "description": a.description,
                    "content_type": a.content_type,
                    "size": a.bytes.len(),
                    "url": url,
                    "proxy_url": url,
                    "ephemeral": self.ephemeral,
                })
            })
            .collect();
        let mut message = json!({
            "id": self.id.to_string(),
            "channel_id": self.channel_id.to_string(),
            "author": author.json(),
            "content": self.content,
            "timestamp": fixtures::timestamp(self.created),
            "edited_timestamp": (self.edits > 0).then(|| fixtures::timestamp(self.created + u64::from(self.edits))),
            "tts": false,
            "mention_everyone": false,
            "mentions": [],
            "mention_roles": [],
            "attachments": attachments,
            "embeds": self.embeds,
            "pinned": false,
            "type": if self.interaction_id.is_some() { 20 } else { 0 },
            "flags": self.flags,
            "components": self.components,
        });
        if self.interaction_id.is_some() {
            message["webhook_id"] = json!(APPLICATION_ID.to_string());
            message["application_id"] = json!(APPLICATION_ID.to_string());
        }
        message
    }
}

fn collect_strings(value: &Value, out: &mut String) {
    match value {
        Value::String(s) => {
            out.push('\n');
            out.push_str(s);
        }
        Value::Array(items) => items.iter().for_each(|v| collect_strings(v, out)),
        Value::Object(map) => map.values().for_each(|v| collect_strings(v, out)),
        _ => {}
    }
}

/// How the bot answered an interaction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplyVia {
    /// `POST /interactions/{id}/{token}/callback` with this response `type` (4 message,
    /// 5 deferred message, 6 deferred update, 7 update message, 8 autocomplete result, 9 modal).
    Callback(u64),
    /// `POST /webhooks/{app}/{token}`.
    FollowUp,
    /// `PATCH /webhooks/{app}/{token}/messages/@original`.
    EditOriginal,
    /// `PATCH /webhooks/{app}/{token}/messages/{id}`.
    EditFollowUp(u64),
    /// `DELETE /webhooks/{app}/{token}/messages/@original` or `/{id}`.
    Delete,
}

/// One reply to an interaction (the callback, a follow-up, an edit).
#[derive(Clone, Debug)]
pub struct Reply {
    pub via: ReplyVia,
    /// The JSON body (the parsed `payload_json` for multipart).
    pub body: Value,
    pub files: Vec<FileUpload>,
    /// The message this reply created or changed, if any.
    pub message_id: Option<u64>,
    /// The status the fake answered with (an error such as "already acknowledged" is recorded too).
    pub status: u16,
    /// Time from the interaction's delivery to this reply.
    pub after: Duration,
}

impl Reply {
    /// The message data: `body.data` for a callback, the body itself otherwise.
    pub fn data(&self) -> &Value {
        match self.via {
            ReplyVia::Callback(_) => &self.body["data"],
            _ => &self.body,
        }
    }

    pub fn content(&self) -> Option<&str> {
        self.data()["content"].as_str()
    }

    pub fn flags(&self) -> u64 {
        self.data()["flags"].as_u64().unwrap_or(0)
    }

    /// `flags & 64`.
    pub fn ephemeral(&self) -> bool {
        self.flags() & 64 != 0
    }

    pub fn custom_ids(&self) -> Vec<String> {
        let rows = self.data()["components"].as_array().cloned().unwrap_or_default();
        rows.iter()
            .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
            .filter_map(|c| c["custom_id"].as_str().map(str::to_string))
            .collect()
    }

    pub fn file_names(&self) -> Vec<String> {
        self.files.iter().map(|f| f.filename.clone()).collect()
    }

    pub fn is_success(&self) -> bool {
        (200..300).contains(&self.status)
    }
}

/// An interaction the fake delivered.
#[derive(Clone, Debug)]
pub struct InteractionRecord {
    pub id: u64,
    pub token: String,
    /// 2 command, 3 component, 4 autocomplete.
    pub kind: u8,
    pub user: FakeUser,
    pub channel_id: u64,
    /// The message a component was on.
    pub message_id: Option<u64>,
    pub sent_at: Instant,
    /// The callback type once acknowledged.
    pub acknowledged: Option<u64>,
    /// The interaction's "original" message (its response, or the component's message).
    pub original: Option<u64>,
    pub replies: Vec<Reply>,
}

/// A handle on an interaction the test sent, to find its replies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InteractionHandle {
    pub id: u64,
    pub token: String,
    pub kind: u8,
    pub channel_id: u64,
    pub user: FakeUser,
}

/// A command registration (`PUT …/commands`).
#[derive(Clone, Debug)]
pub struct Registration {
    /// `None` for global commands.
    pub guild_id: Option<u64>,
    pub commands: Vec<Value>,
}

/// A gateway event that a REST change causes, sent once the request is handled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Echo {
    MessageCreate(u64),
    MessageUpdate(u64),
    ThreadCreate(u64),
    ThreadUpdate(u64),
}

/// Everything the fake knows, behind one lock.
#[derive(Debug)]
pub(crate) struct State {
    pub started: Instant,
    next_id: u64,
    pub requests: Vec<RecordedRequest>,
    pub users: Vec<FakeUser>,
    pub channels: BTreeMap<u64, FakeChannel>,
    pub messages: BTreeMap<u64, StoredMessage>,
    pub interactions: HashMap<u64, InteractionRecord>,
    pub registrations: Vec<Registration>,
    pub dms_closed: HashSet<u64>,
    /// Discord's 3 s to acknowledge an interaction, when enforced.
    pub interaction_deadline: Option<Duration>,
    /// Gateway events waiting to be sent.
    pub echoes: Vec<Echo>,
    message_clock: u64,
    /// Messages sent again with a nonce already used, which Discord handed back instead of
    /// posting twice.
    pub nonce_repeats: u32,
}

impl State {
    pub fn new(interaction_deadline: Option<Duration>) -> Self {
        Self {
            started: Instant::now(),
            next_id: 1_300_000_000_000_000_000,
            requests: Vec::new(),
            users: fixtures::USERS.to_vec(),
            channels: fixtures::default_channels().into_iter().map(|c| (c.id, c)).collect(),
            messages: BTreeMap::new(),
            interactions: HashMap::new(),
            registrations: Vec::new(),
            dms_closed: HashSet::new(),
            interaction_deadline,
            echoes: Vec::new(),
            message_clock: 0,
            nonce_repeats: 0,
        }
    }

    /// A fresh snowflake, increasing.
    pub fn next_id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }

    pub fn interaction_by_token(&mut self, token: &str) -> Option<&mut InteractionRecord> {
        self.interactions.values_mut().find(|i| i.token == token)
    }

    /// The DM channel with `user`, made on first use.
    pub fn dm_channel(&mut self, user: u64) -> u64 {
        if let Some(channel) = self.channels.values().find(|c| c.recipient == Some(user)) {
            return channel.id;
        }
        let id = self.next_id();
        self.channels.insert(id, FakeChannel::dm(id, user));
        id
    }

    /// A new message from the bot made from a message payload and its uploaded files.
    pub fn create_message(&mut self, channel_id: u64, data: &Value, files: &[FileUpload]) -> u64 {
        let id = self.next_id();
        self.message_clock += 1;
        let mut message = StoredMessage {
            id,
            channel_id,
            author_id: BOT.id,
            content: String::new(),
            components: Vec::new(),
            embeds: Vec::new(),
            attachments: Vec::new(),
            flags: 0,
            ephemeral: false,
            visible_to: None,
            interaction_id: None,
            deferred: false,
            edits: 0,
            deleted: false,
            created: self.message_clock * 60,
            nonce: data["nonce"].as_str().map(str::to_string).or_else(|| data["nonce"].as_u64().map(|n| n.to_string())),
        };
        self.apply(&mut message, data, files, false);
        message.ephemeral = message.flags & 64 != 0;
        self.messages.insert(id, message);
        self.echoes.push(Echo::MessageCreate(id));
        id
    }

    /// Applies an edit payload to a stored message. Absent fields stay as they were; an
    /// `attachments` array replaces the attachments with the ones it lists (as Discord does, which is
    /// how a picture disappears when an update sends `attachments: []`).
    pub fn edit_message(&mut self, id: u64, data: &Value, files: &[FileUpload]) -> bool {
        let Some(mut message) = self.messages.remove(&id) else { return false };
        self.apply(&mut message, data, files, true);
        if !message.deferred {
            message.edits += 1;
        }
        message.deferred = false;
        self.messages.insert(id, message);
        self.echoes.push(Echo::MessageUpdate(id));
        true
    }

    fn apply(&mut self, message: &mut StoredMessage, data: &Value, files: &[FileUpload], edit: bool) {
        let Some(data) = data.as_object() else { return };
        if let Some(content) = data.get("content") {
            message.content = content.as_str().unwrap_or_default().to_string();
        }
        if let Some(embeds) = data.get("embeds") {
            message.embeds = embeds.as_array().cloned().unwrap_or_default();
        }
        if let Some(components) = data.get("components") {
            message.components = components.as_array().cloned().unwrap_or_default();
        }
        if let Some(flags) = data.get("flags").and_then(Value::as_u64) {
            // Ephemerality is fixed when a message is made; an edit may change the other flags.
            message.flags = (flags & !64) | (message.flags & 64);
            if !edit {
                message.flags = flags;
            }
        }
        let uploaded = |file: &FileUpload| StoredAttachment {
            id: 0,
            filename: file.filename.clone(),
            description: None,
            content_type: file.content_type.clone(),
            bytes: file.bytes.clone(),
        };
        let mut attachments: Vec<StoredAttachment> = match data.get("attachments").and_then(Value::as_array) {
            Some(listed) => listed
                .iter()
                .filter_map(|entry| {
                    let id = entry["id"].as_u64().or_else(|| entry["id"].as_str().and_then(|s| s.parse().ok()))?;
                    let description = entry["description"].as_str().map(str::to_string);
                    if let Some(file) = files.iter().find(|f| f.field == format!("files[{id}]")) {
                        let mut new = uploaded(file);
                        new.description = description;
                        if let Some(name) = entry["filename"].as_str() {
                            new.filename = name.to_string();
                        }
                        Some(new)
                    } else {
                        message.attachments.iter().find(|a| a.id == id).cloned()
                    }
                })
                .collect(),
            None if edit => message.attachments.iter().cloned().chain(files.iter().map(uploaded)).collect(),
            None => files.iter().map(uploaded).collect(),
        };
        for attachment in attachments.iter_mut().filter(|a| a.id == 0) {
            attachment.id = self.next_id();
        }
        message.attachments = attachments;
    }

    /// Messages in a channel, oldest first, deleted ones left out.
    pub fn channel_messages(&self, channel_id: u64) -> Vec<StoredMessage> {
        self.messages.values().filter(|m| m.channel_id == channel_id && !m.deleted).cloned().collect()
    }
}
