//! The REST half of the fake Discord: one handler that records every request under `/api/v10/`,
//! routes it by method and path segments, and answers as Discord does (or 404 with Discord's error
//! shape when it knows no such endpoint).

use std::sync::Arc;

use axum::body::{Body, Bytes};
use axum::extract::{FromRequest, Multipart, Request, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use serenity::all as sm;

use super::Shared;
use super::fixtures::{self, APPLICATION_ID, BOT, GUILD_ID};
use super::store::{Echo, FileUpload, RecordedRequest, Registration, Reply, ReplyVia, State as Store};

/// What a route answers: a status and a JSON body (or raw bytes for attachment downloads).
pub(super) struct Answer {
    status: u16,
    body: Option<Value>,
    bytes: Option<Vec<u8>>,
    unexpected: bool,
}

impl Answer {
    pub(super) fn json(status: u16, body: Value) -> Self {
        Self { status, body: Some(body), bytes: None, unexpected: false }
    }

    pub(super) fn ok(body: Value) -> Self {
        Self::json(200, body)
    }

    pub(super) fn no_content() -> Self {
        Self { status: 204, body: None, bytes: None, unexpected: false }
    }

    /// Discord's JSON error: `{"code": …, "message": …}`.
    pub(super) fn error(status: u16, code: u64, message: &str) -> Self {
        Self::json(status, json!({ "code": code, "message": message }))
    }

    pub(super) fn not_found() -> Self {
        Self { unexpected: true, ..Self::error(404, 0, "404: Not Found") }
    }
}

/// The request body: JSON, or multipart with `payload_json` and `files[n]`.
async fn read_body(request: Request) -> (Option<Value>, Vec<FileUpload>) {
    let multipart = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/form-data"));
    if !multipart {
        let bytes = axum::body::to_bytes(request.into_body(), 64 << 20).await.unwrap_or_default();
        if bytes.is_empty() {
            return (None, Vec::new());
        }
        let body = serde_json::from_slice(&bytes)
            .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned()));
        return (Some(body), Vec::new());
    }
    let mut body = None;
    let mut fields = serde_json::Map::new();
    let mut files = Vec::new();
    let Ok(mut form) = Multipart::from_request(request, &()).await else { return (None, files) };
    while let Ok(Some(field)) = form.next_field().await {
        let name = field.name().unwrap_or_default().to_string();
        let filename = field.file_name().map(str::to_string);
        let content_type = field.content_type().map(str::to_string);
        let bytes = field.bytes().await.unwrap_or_default().to_vec();
        match filename {
            Some(filename) => files.push(FileUpload { field: name, filename, content_type, bytes }),
            None if name == "payload_json" => body = serde_json::from_slice(&bytes).ok(),
            None => {
                fields.insert(name, Value::String(String::from_utf8_lossy(&bytes).into_owned()));
            }
        }
    }
    (body.or_else(|| (!fields.is_empty()).then_some(Value::Object(fields))), files)
}

/// The one REST handler: records, routes, answers.
pub(super) async fn handle(State(shared): State<Arc<Shared>>, request: Request) -> Response {
    let method = request.method().to_string();
    let path = request.uri().path().to_string();
    let query = request.uri().query().map(str::to_string);
    let (body, files) = read_body(request).await;
    if !shared.rest_delay.is_zero() {
        tokio::time::sleep(shared.rest_delay).await;
    }
    let answer = {
        let mut store = shared.lock();
        let answer = route(&shared, &mut store, &method, &path, body.as_ref(), &files);
        let at = store.started.elapsed();
        store.requests.push(RecordedRequest {
            method,
            path,
            query,
            body,
            files,
            status: answer.status,
            unexpected: answer.unexpected,
            at,
        });
        let echoes = super::echo::events(&shared, &mut store);
        drop(store);
        super::echo::send(&shared, echoes);
        answer
    };
    shared.bump();
    let status = StatusCode::from_u16(answer.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    match (answer.bytes, answer.body) {
        (Some(bytes), _) => (status, Body::from(Bytes::from(bytes))).into_response(),
        (None, Some(body)) => (status, axum::Json(body)).into_response(),
        (None, None) => status.into_response(),
    }
}

fn id(segment: &str) -> u64 {
    segment.parse().unwrap_or(0)
}

fn route(
    shared: &Shared,
    s: &mut Store,
    method: &str,
    path: &str,
    body: Option<&Value>,
    files: &[FileUpload],
) -> Answer {
    let null = Value::Null;
    let body = body.unwrap_or(&null);
    if let Some(rest) = path.strip_prefix("/attachments/") {
        return download(s, rest);
    }
    let Some(rest) = path.strip_prefix(super::API_PREFIX) else { return Answer::not_found() };
    let segments: Vec<&str> = rest.trim_matches('/').split('/').collect();
    match (method, segments.as_slice()) {
        ("GET", ["gateway"]) => checked::<sm::Gateway>(shared, 200, "gateway", json!({ "url": shared.ws_url() })),
        ("GET", ["gateway", "bot"]) => checked::<sm::BotGateway>(
            shared,
            200,
            "bot gateway",
            json!({
                "url": shared.ws_url(),
                "shards": 1,
                "session_start_limit": { "total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1 },
            }),
        ),
        ("GET", ["oauth2", "applications", "@me"] | ["applications", "@me"]) => {
            checked::<sm::CurrentApplicationInfo>(shared, 200, "application", fixtures::application_json())
        }
        ("GET", ["users", "@me"]) => {
            checked::<sm::CurrentUser>(shared, 200, "user", fixtures::ready_json("", "", [0, 1])["user"].clone())
        }
        ("GET", ["users", user]) => known_user(s, id(user)),
        ("POST", ["users", "@me", "channels"]) => open_dm(shared, s, body),
        ("PUT", ["applications", _, "commands"]) => register(shared, s, None, body),
        ("PUT", ["applications", _, "guilds", guild, "commands"]) => register(shared, s, Some(id(guild)), body),
        ("POST", ["applications", _, "commands"]) => register_one(shared, s, None, body),
        ("POST", ["applications", _, "guilds", guild, "commands"]) => register_one(shared, s, Some(id(guild)), body),
        ("GET", ["applications", _, "commands"]) => Answer::ok(json!(commands_of(s, None))),
        ("GET", ["applications", _, "guilds", guild, "commands"]) => Answer::ok(json!(commands_of(s, Some(id(guild))))),
        ("POST", ["interactions", interaction, token, "callback"]) => {
            super::replies::callback(s, id(interaction), token, body, files)
        }
        ("POST", ["webhooks", _, token]) => super::replies::follow_up(shared, s, token, body, files),
        (_, ["webhooks", _, token, "messages", message]) => {
            super::replies::webhook_message(shared, s, method, token, message, body, files)
        }
        (_, ["channels", channel, rest @ ..]) => channels(shared, s, method, id(channel), rest, body, files),
        ("GET", ["guilds", guild]) if id(guild) == GUILD_ID => {
            checked::<sm::PartialGuild>(shared, 200, "guild", fixtures::guild_json())
        }
        ("GET", ["guilds", guild, "roles"]) if id(guild) == GUILD_ID => {
            checked::<Vec<sm::Role>>(shared, 200, "role list", fixtures::roles_json())
        }
        ("GET", ["guilds", guild, "channels"]) if id(guild) == GUILD_ID => {
            let users = s.users.clone();
            let channels = s.channels.values().filter(|c| c.guild_id == Some(GUILD_ID) && !c.is_thread());
            Answer::ok(json!(channels.map(|c| c.json(&users)).collect::<Vec<_>>()))
        }
        ("GET", ["guilds", guild, "members", user]) if id(guild) == GUILD_ID => {
            let user = id(user);
            match s.users.iter().chain(std::iter::once(&BOT)).find(|u| u.id == user) {
                Some(u) => checked::<sm::Member>(shared, 200, "member", u.member_json()),
                None => Answer::error(404, 10007, "Unknown Member"),
            }
        }
        ("GET", ["guilds", _, ..]) => Answer::error(404, 10004, "Unknown Guild"),
        _ => Answer::not_found(),
    }
}

fn known_user(s: &Store, user: u64) -> Answer {
    match s.users.iter().chain(std::iter::once(&BOT)).find(|u| u.id == user) {
        Some(u) => Answer::ok(u.json()),
        None => Answer::error(404, 10013, "Unknown User"),
    }
}

fn download(s: &Store, rest: &str) -> Answer {
    let parts: Vec<&str> = rest.split('/').collect();
    let [_, attachment, ..] = parts.as_slice() else { return Answer::not_found() };
    let attachment = id(attachment);
    let found = s.messages.values().flat_map(|m| m.attachments.iter()).find(|a| a.id == attachment);
    match found {
        Some(a) => Answer { status: 200, body: None, bytes: Some(a.bytes.clone()), unexpected: false },
        None => Answer::not_found(),
    }
}

/// Discord's 400 "Invalid Form Body" when a message payload breaks a limit.
pub(super) fn refused(data: &Value, files: &[FileUpload]) -> Option<Answer> {
    let found = super::limits::violations(data, files);
    (!found.is_empty()).then(|| Answer::json(400, super::limits::error_body(&found)))
}

/// Answers with `value` after checking that serenity can read it as `T`; a fake that answers
/// with something serenity cannot parse records a problem and answers 500.
pub(super) fn checked<T: serde::de::DeserializeOwned>(
    shared: &Shared,
    status: u16,
    what: &str,
    value: Value,
) -> Answer {
    match serde_json::from_value::<T>(value.clone()) {
        Ok(_) => Answer::json(status, value),
        Err(err) => {
            let problem = format!("fake Discord answered a {what} serenity cannot parse: {err}\n{value:#}");
            shared.problem(problem.clone());
            Answer::error(500, 0, &problem)
        }
    }
}

pub(super) fn message_answer(shared: &Shared, s: &Store, message: u64) -> Answer {
    match s.messages.get(&message).filter(|m| !m.deleted) {
        Some(m) => checked::<sm::Message>(shared, 200, "message", m.json(&shared.base, &s.users)),
        None => Answer::error(404, 10008, "Unknown Message"),
    }
}

fn channel_answer(shared: &Shared, s: &Store, status: u16, channel: u64) -> Answer {
    match s.channels.get(&channel) {
        Some(c) => checked::<sm::Channel>(shared, status, "channel", c.json(&s.users)),
        None => Answer::error(404, 10003, "Unknown Channel"),
    }
}

fn open_dm(shared: &Shared, s: &mut Store, body: &Value) -> Answer {
    let recipient = body["recipient_id"].as_str().map(id).or_else(|| body["recipient_id"].as_u64()).unwrap_or(0);
    if recipient == 0 {
        return Answer::error(400, 50035, "Invalid Form Body");
    }
    let channel = s.dm_channel(recipient);
    channel_answer(shared, s, 200, channel)
}

fn commands_of(s: &Store, guild: Option<u64>) -> Vec<Value> {
    s.registrations.iter().rev().find(|r| r.guild_id == guild).map(|r| r.commands.clone()).unwrap_or_default()
}

/// Fills in what Discord adds to a registered command (id, application id, version, defaults).
fn stored_command(s: &mut Store, guild: Option<u64>, command: &Value, previous: &[Value]) -> Value {
    let mut command = command.clone();
    let name = command["name"].clone();
    let old_id = previous.iter().find(|c| c["name"] == name).and_then(|c| c["id"].as_str()).map(str::to_string);
    let id = old_id.unwrap_or_else(|| s.next_id().to_string());
    let fields = [
        ("id", json!(id)),
        ("application_id", json!(APPLICATION_ID.to_string())),
        ("version", json!(s.next_id().to_string())),
        ("type", json!(1)),
        ("description", json!("")),
        ("default_member_permissions", Value::Null),
        ("nsfw", json!(false)),
    ];
    if let Some(map) = command.as_object_mut() {
        for (key, value) in fields {
            if key == "id" || key == "version" || map.get(key).is_none_or(Value::is_null) {
                map.insert(key.to_string(), value);
            }
        }
        if let Some(guild) = guild {
            map.insert("guild_id".to_string(), json!(guild.to_string()));
        }
    }
    command
}

fn register(shared: &Shared, s: &mut Store, guild: Option<u64>, body: &Value) -> Answer {
    let Some(list) = body.as_array() else { return Answer::error(400, 50035, "Invalid Form Body") };
    let previous = commands_of(s, guild);
    let commands: Vec<Value> = list.iter().map(|c| stored_command(s, guild, c, &previous)).collect();
    s.registrations.push(Registration { guild_id: guild, commands: commands.clone() });
    checked::<Vec<sm::Command>>(shared, 200, "command list", json!(commands))
}

fn register_one(shared: &Shared, s: &mut Store, guild: Option<u64>, body: &Value) -> Answer {
    let previous = commands_of(s, guild);
    let command = stored_command(s, guild, body, &previous);
    let mut commands: Vec<Value> = previous.into_iter().filter(|c| c["name"] != command["name"]).collect();
    commands.push(command.clone());
    s.registrations.push(Registration { guild_id: guild, commands });
    checked::<sm::Command>(shared, 201, "command", command)
}

fn channels(
    shared: &Shared,
    s: &mut Store,
    method: &str,
    channel: u64,
    rest: &[&str],
    body: &Value,
    files: &[FileUpload],
) -> Answer {
    if !s.channels.contains_key(&channel) {
        return Answer::error(404, 10003, "Unknown Channel");
    }
    match (method, rest) {
        ("GET", []) => channel_answer(shared, s, 200, channel),
        ("PATCH", []) => {
            if let Some(c) = s.channels.get_mut(&channel) {
                if let Some(archived) = body["archived"].as_bool() {
                    c.archived = archived;
                }
                if let Some(name) = body["name"].as_str() {
                    c.name = name.to_string();
                }
                if c.is_thread() {
                    s.echoes.push(Echo::ThreadUpdate(channel));
                }
            }
            channel_answer(shared, s, 200, channel)
        }
        ("POST", ["messages"]) => post_message(shared, s, channel, body, files),
        ("GET", ["messages"]) => {
            let users = s.users.clone();
            let mut list: Vec<Value> =
                s.channel_messages(channel).iter().map(|m| m.json(&shared.base, &users)).collect();
            list.reverse();
            Answer::ok(json!(list))
        }
        (_, ["messages", message]) => {
            let message = id(message);
            if s.messages.get(&message).is_none_or(|m| m.channel_id != channel || m.deleted) {
                return Answer::error(404, 10008, "Unknown Message");
            }
            match method {
                "GET" => message_answer(shared, s, message),
                "PATCH" => {
                    if let Some(refusal) = refused(body, files) {
                        return refusal;
                    }
                    s.edit_message(message, body, files);
                    message_answer(shared, s, message)
                }
                "DELETE" => {
                    if let Some(m) = s.messages.get_mut(&message) {
                        m.deleted = true;
                    }
                    Answer::no_content()
                }
                _ => Answer::not_found(),
            }
        }
        ("POST", ["threads"]) => create_thread(shared, s, channel, None, body),
        ("POST", ["messages", message, "threads"]) => {
            let message = id(message);
            if s.messages.get(&message).is_none_or(|m| m.channel_id != channel) {
                return Answer::error(404, 10008, "Unknown Message");
            }
            create_thread(shared, s, channel, Some(message), body)
        }
        ("POST", ["typing"]) | ("PUT", ["thread-members", "@me"]) | ("PUT", ["messages", _, "reactions", ..]) => {
            Answer::no_content()
        }
        _ => Answer::not_found(),
    }
}

fn post_message(shared: &Shared, s: &mut Store, channel: u64, body: &Value, files: &[FileUpload]) -> Answer {
    let recipient = s.channels.get(&channel).and_then(|c| c.recipient);
    if recipient.is_some_and(|user| s.dms_closed.contains(&user)) {
        return Answer::error(403, 50007, "Cannot send messages to this user");
    }
    if body.is_null() && files.is_empty() {
        return Answer::error(400, 50006, "Cannot send an empty message");
    }
    if let Some(refusal) = refused(body, files) {
        return refusal;
    }
    // Discord: with `enforce_nonce`, a message with the same nonce from the same author in the
    // channel (in the last few minutes) is handed back instead of posted again.
    if body["enforce_nonce"].as_bool() == Some(true)
        && let Some(nonce) = body["nonce"].as_str()
        && let Some(first) =
            s.messages.values().find(|m| m.channel_id == channel && !m.deleted && m.nonce.as_deref() == Some(nonce))
    {
        let first = first.id;
        s.nonce_repeats += 1;
        return message_answer(shared, s, first);
    }
    let message = s.create_message(channel, body, files);
    if let Some(m) = s.messages.get_mut(&message) {
        // Only interaction replies can be ephemeral; Discord ignores the flag on a channel post.
        m.flags &= !64;
        m.ephemeral = false;
    }
    message_answer(shared, s, message)
}

fn create_thread(shared: &Shared, s: &mut Store, parent: u64, from: Option<u64>, body: &Value) -> Answer {
    let Some(parent_channel) = s.channels.get(&parent).cloned() else {
        return Answer::error(404, 10003, "Unknown Channel");
    };
    if parent_channel.kind != 0 {
        return Answer::error(400, 50024, "Cannot execute action on this channel type");
    }
    if from.is_some() && s.channels.values().any(|c| c.from_message == from) {
        return Answer::error(400, 160_004, "A thread has already been created for this message");
    }
    let requested = body["type"].as_u64();
    // Discord: a thread started from a message is public; one made without a message and without a
    // type is private (type 12).
    let kind = if from.is_some() { 11 } else { requested.unwrap_or(12) };
    // A thread started from a message has that message's id.
    let id = from.unwrap_or_else(|| s.next_id());
    let mut thread = fixtures::FakeChannel::text(id, body["name"].as_str().unwrap_or("thread"));
    thread.kind = u8::try_from(kind).unwrap_or(12);
    thread.parent_id = Some(parent);
    thread.requested_type = requested;
    thread.from_message = from;
    thread.auto_archive_duration = body["auto_archive_duration"].as_u64().unwrap_or(1440);
    s.channels.insert(id, thread);
    s.echoes.push(Echo::ThreadCreate(id));
    channel_answer(shared, s, 201, id)
}

/// Records a reply on its interaction and returns the answer.
pub(super) fn record_reply(
    s: &mut Store,
    interaction: u64,
    via: ReplyVia,
    body: &Value,
    files: &[FileUpload],
    message_id: Option<u64>,
    answer: Answer,
) -> Answer {
    if let Some(record) = s.interactions.get_mut(&interaction) {
        let after = record.sent_at.elapsed();
        record.replies.push(Reply {
            via,
            body: body.clone(),
            files: files.to_vec(),
            message_id,
            status: answer.status,
            after,
        });
    }
    answer
}
