//! Interaction replies: the callback, follow-ups and edits of the original response, with
//! Discord's rules that matter to a bot: one callback per interaction, follow-ups only after it, and
//! the first follow-up of a deferred response *becomes* that response (keeping the deferral's
//! visibility, whatever its own flags say).

use serde_json::{Value, json};

use super::Shared;
use super::rest::{Answer, message_answer, record_reply, refused};
use super::store::{FileUpload, ReplyVia, State as Store};

/// `POST /interactions/{id}/{token}/callback`.
pub(super) fn callback(s: &mut Store, id: u64, token: &str, body: &Value, files: &[FileUpload]) -> Answer {
    let Some(record) = s.interactions.get(&id).filter(|r| r.token == token).cloned() else {
        return Answer::error(404, 10062, "Unknown interaction");
    };
    let kind = body["type"].as_u64().unwrap_or(0);
    let via = ReplyVia::Callback(kind);
    if record.acknowledged.is_some() {
        let answer = Answer::error(400, 40060, "Interaction has already been acknowledged.");
        return record_reply(s, id, via, body, files, None, answer);
    }
    let data = &body["data"];
    let fits = match kind {
        4 | 5 | 9 => record.kind != 4,
        6 | 7 => record.kind == 3,
        8 => record.kind == 4,
        _ => false,
    };
    if !fits {
        let answer = Answer::error(
            400,
            50035,
            &format!("Invalid Form Body: callback type {kind} on interaction type {}", record.kind),
        );
        return record_reply(s, id, via, body, files, None, answer);
    }
    if let Some(refusal) = refused(data, files).filter(|_| matches!(kind, 4 | 7)) {
        return record_reply(s, id, via, body, files, None, refusal);
    }
    if let Some(deadline) = s.interaction_deadline.filter(|d| record.sent_at.elapsed() > *d) {
        let answer = Answer::error(404, 10062, &format!("Unknown interaction (answered after {deadline:?})"));
        return record_reply(s, id, via, body, files, None, answer);
    }
    let message = match kind {
        4 => Some(new_response(s, &record, data, files, false)),
        5 => Some(new_response(s, &record, &json!({ "flags": data["flags"].as_u64().unwrap_or(0) }), &[], true)),
        6 => record.message_id,
        7 => {
            let message = record.message_id.unwrap_or_default();
            s.edit_message(message, data, files);
            Some(message)
        }
        _ => None,
    };
    if let Some(r) = s.interactions.get_mut(&id) {
        r.acknowledged = Some(kind);
        r.original = message;
    }
    record_reply(s, id, via, body, files, message, Answer::no_content())
}

/// The interaction's own response message (type 4 or the "thinking" placeholder of type 5).
fn new_response(
    s: &mut Store,
    record: &super::store::InteractionRecord,
    data: &Value,
    files: &[FileUpload],
    deferred: bool,
) -> u64 {
    let message = s.create_message(record.channel_id, data, files);
    if let Some(m) = s.messages.get_mut(&message) {
        m.interaction_id = Some(record.id);
        m.deferred = deferred;
        if deferred {
            m.flags |= 128; // LOADING
        }
        if m.ephemeral {
            m.visible_to = Some(record.user.id);
        }
    }
    message
}

/// `POST /webhooks/{app}/{token}`: a follow-up message.
pub(super) fn follow_up(shared: &Shared, s: &mut Store, token: &str, body: &Value, files: &[FileUpload]) -> Answer {
    let Some(record) = s.interaction_by_token(token).map(|r| r.clone()) else {
        return Answer::error(404, 10015, "Unknown Webhook");
    };
    if record.acknowledged.is_none() {
        let answer = Answer::error(404, 10015, "Unknown Webhook");
        return record_reply(s, record.id, ReplyVia::FollowUp, body, files, None, answer);
    }
    if let Some(refusal) = refused(body, files) {
        return record_reply(s, record.id, ReplyVia::FollowUp, body, files, None, refusal);
    }
    let deferred_original = record.original.filter(|m| s.messages.get(m).is_some_and(|m| m.deferred));
    let message = match deferred_original {
        Some(original) => {
            // Discord turns the first follow-up of a deferral into the response itself; its
            // ephemeral flag is ignored (the deferral decided who sees it).
            s.edit_message(original, body, files);
            if let Some(m) = s.messages.get_mut(&original) {
                m.flags &= !128;
            }
            original
        }
        None => {
            let message = s.create_message(record.channel_id, body, files);
            if let Some(m) = s.messages.get_mut(&message) {
                m.interaction_id = Some(record.id);
                if m.ephemeral {
                    m.visible_to = Some(record.user.id);
                }
            }
            message
        }
    };
    let answer = message_answer(shared, s, message);
    record_reply(s, record.id, ReplyVia::FollowUp, body, files, Some(message), answer)
}

/// `GET`, `PATCH`, `DELETE /webhooks/{app}/{token}/messages/{@original | id}`.
pub(super) fn webhook_message(
    shared: &Shared,
    s: &mut Store,
    method: &str,
    token: &str,
    message: &str,
    body: &Value,
    files: &[FileUpload],
) -> Answer {
    let Some(record) = s.interaction_by_token(token).map(|r| r.clone()) else {
        return Answer::error(404, 10015, "Unknown Webhook");
    };
    let original = message == "@original";
    let target = if original {
        record.original
    } else {
        message.parse::<u64>().ok().filter(|m| {
            Some(*m) == record.original || s.messages.get(m).is_some_and(|m| m.interaction_id == Some(record.id))
        })
    };
    let Some(target) = target.filter(|m| s.messages.get(m).is_some_and(|m| !m.deleted)) else {
        let answer = Answer::error(404, 10008, "Unknown Message");
        return match method {
            "GET" => answer,
            _ => record_reply(s, record.id, via(method, original, 0), body, files, None, answer),
        };
    };
    match method {
        "GET" => message_answer(shared, s, target),
        "PATCH" => {
            if let Some(refusal) = refused(body, files) {
                return record_reply(s, record.id, via(method, original, target), body, files, None, refusal);
            }
            s.edit_message(target, body, files);
            if let Some(m) = s.messages.get_mut(&target) {
                m.flags &= !128;
            }
            let answer = message_answer(shared, s, target);
            record_reply(s, record.id, via(method, original, target), body, files, Some(target), answer)
        }
        "DELETE" => {
            if let Some(m) = s.messages.get_mut(&target) {
                m.deleted = true;
            }
            record_reply(s, record.id, ReplyVia::Delete, body, files, Some(target), Answer::no_content())
        }
        _ => Answer::not_found(),
    }
}

fn via(method: &str, original: bool, target: u64) -> ReplyVia {
    match (method, original) {
        ("DELETE", _) => ReplyVia::Delete,
        (_, true) => ReplyVia::EditOriginal,
        (_, false) => ReplyVia::EditFollowUp(target),
    }
}
