//! Gateway events that the bot's own REST calls cause, as Discord sends them to a session that
//! asked for their intent: THREAD_CREATE and THREAD_UPDATE (GUILDS), MESSAGE_CREATE and
//! MESSAGE_UPDATE (GUILD_MESSAGES in a guild, DIRECT_MESSAGES in a DM; never for an ephemeral
//! message).

use serde_json::{Value, json};

use super::Shared;
use super::fixtures::{self, BOT};
use super::store::{Echo, State as Store};

const GUILDS: u64 = 1 << 0;
const GUILD_MESSAGES: u64 = 1 << 9;
const DIRECT_MESSAGES: u64 = 1 << 12;

/// An event ready to send: the intent it needs, its name and its `d`.
pub(super) type Event = (u64, &'static str, Value);

/// Takes the pending echoes and builds their events (under the state lock).
pub(super) fn events(shared: &Shared, s: &mut Store) -> Vec<Event> {
    let echoes = std::mem::take(&mut s.echoes);
    echoes.into_iter().filter_map(|echo| event(shared, s, echo)).collect()
}

fn event(shared: &Shared, s: &Store, echo: Echo) -> Option<Event> {
    match echo {
        Echo::ThreadCreate(id) | Echo::ThreadUpdate(id) => {
            let mut thread = s.channels.get(&id)?.json(&s.users);
            let name = if matches!(echo, Echo::ThreadCreate(_)) {
                thread["newly_created"] = json!(true);
                "THREAD_CREATE"
            } else {
                "THREAD_UPDATE"
            };
            Some((GUILDS, name, thread))
        }
        Echo::MessageCreate(id) | Echo::MessageUpdate(id) => {
            let message = s.messages.get(&id).filter(|m| !m.ephemeral && !m.deferred && !m.deleted)?;
            let channel = s.channels.get(&message.channel_id)?;
            let mut d = message.json(&shared.base, &s.users);
            let intent = match channel.guild_id {
                Some(guild) => {
                    d["guild_id"] = json!(guild.to_string());
                    let mut member = BOT.member_json();
                    member.as_object_mut().map(|m| m.remove("user"));
                    d["member"] = member;
                    GUILD_MESSAGES
                }
                None => DIRECT_MESSAGES,
            };
            let name = if matches!(echo, Echo::MessageCreate(_)) { "MESSAGE_CREATE" } else { "MESSAGE_UPDATE" };
            Some((intent, name, d))
        }
    }
}

/// Sends the events to the live session (after the state lock is released: the gateway lock
/// comes first), each checked as serenity will read it.
pub(super) fn send(shared: &Shared, events: Vec<Event>) {
    if events.is_empty() {
        return;
    }
    let mut gateway = shared.gateway();
    for (intent, name, d) in events {
        match fixtures::try_check_dispatch(name, &d) {
            Ok(()) => {
                gateway.dispatch_for_intent(intent, name, &d);
            }
            Err(problem) => shared.problem(problem),
        }
    }
}
