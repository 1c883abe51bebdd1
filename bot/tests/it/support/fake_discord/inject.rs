//! What a test makes happen on Discord: users running slash commands, typing into autocomplete,
//! clicking buttons and choosing from select menus; raw dispatches; dropped gateway connections.

use std::time::Instant;

use serde_json::{Value, json};

use super::FakeDiscord;
use super::fixtures::{self, FakeChannel, FakeUser};
use super::interactions::{self, Opt};
use super::store::{InteractionHandle, InteractionRecord, StoredMessage};

impl FakeDiscord {
    /// `user` attaches a file to a command: the bytes are kept in a message of their DM channel
    /// (so the fake serves them at the attachment's URL on 127.0.0.1) and the attachment object
    /// is returned, for [`Opt::attachment`].
    pub fn upload(&self, user: FakeUser, filename: &str, bytes: Vec<u8>) -> Value {
        let size = bytes.len();
        let file = super::store::FileUpload {
            field: "files[0]".into(),
            filename: filename.into(),
            content_type: Some("application/json".into()),
            bytes,
        };
        let (channel, id) = {
            let mut state = self.shared.lock();
            let channel = state.dm_channel(user.id);
            let message = state.create_message(channel, &json!({ "content": "" }), &[file]);
            let stored = state.messages.get_mut(&message).expect("just made");
            stored.author_id = user.id;
            (channel, stored.attachments[0].id)
        };
        self.shared.bump();
        let url = format!("{}/attachments/{channel}/{id}/{filename}", self.api_base());
        json!({ "id": id.to_string(), "filename": filename, "size": size, "url": url, "proxy_url": url,
                "content_type": "application/json" })
    }

    /// `user` runs `/name` with `options` in `channel` (a guild channel, a thread or a DM channel).
    /// Waits (bounded) until the command is registered and checks the options against it.
    pub async fn slash_command(
        &self,
        user: FakeUser,
        channel: u64,
        name: &str,
        options: Vec<Opt>,
    ) -> InteractionHandle {
        let command_id = self.registered_command_id(name, &options).await;
        let guild = self.channel_or_panic(channel).guild_id;
        let data = interactions::command_data(&command_id, name, guild, &options);
        self.send_interaction(2, user, channel, data, None).await
    }

    /// `user` runs `/name` with `options` that the registered command may not declare (a
    /// removed choice, a changed type): what a Discord app still showing an older command list
    /// sends during a rollout. The options are not checked.
    pub async fn slash_command_stale(
        &self,
        user: FakeUser,
        channel: u64,
        name: &str,
        options: Vec<Opt>,
    ) -> InteractionHandle {
        let what = format!("the command /{name} to be registered");
        let command = self.wait_for(&what, self.timeout, |f| f.command(name)).await;
        let command_id = command["id"].as_str().unwrap_or("1").to_string();
        let guild = self.channel_or_panic(channel).guild_id;
        let data = interactions::command_data(&command_id, name, guild, &options);
        self.send_interaction(2, user, channel, data, None).await
    }

    /// `user` types into an autocompleted option of `/name`: `options` holds one [`Opt::focused`].
    pub async fn autocomplete(&self, user: FakeUser, channel: u64, name: &str, options: Vec<Opt>) -> InteractionHandle {
        assert!(
            options.iter().any(|o| matches!(o, Opt::Focused(..))),
            "fake Discord: an autocomplete interaction needs one Opt::focused option"
        );
        let command_id = self.registered_command_id(name, &options).await;
        let guild = self.channel_or_panic(channel).guild_id;
        let data = interactions::command_data(&command_id, name, guild, &options);
        self.send_interaction(4, user, channel, data, None).await
    }

    /// `user` clicks the button `custom_id` on `message` (as it stands now in the fake).
    pub async fn click(&self, user: FakeUser, message: &StoredMessage, custom_id: &str) -> InteractionHandle {
        let current = self.component_message(user, message, custom_id, None);
        let data = json!({ "custom_id": custom_id, "component_type": 2 });
        self.send_interaction(3, user, current.channel_id, data, Some(current)).await
    }

    /// `user` sends a button click with `custom_id` from `message` although no such button is
    /// there: a forged or mangled interaction, as a client or an old cache may send.
    pub async fn click_forged(&self, user: FakeUser, message: &StoredMessage, custom_id: &str) -> InteractionHandle {
        let current = self.message(message.id).unwrap_or_else(|| panic!("fake Discord: no message {}", message.id));
        let data = json!({ "custom_id": custom_id, "component_type": 2 });
        self.send_interaction(3, user, current.channel_id, data, Some(current)).await
    }

    /// `user` picks `values` in the string select `custom_id` on `message`.
    pub async fn select(
        &self,
        user: FakeUser,
        message: &StoredMessage,
        custom_id: &str,
        values: &[&str],
    ) -> InteractionHandle {
        let current = self.component_message(user, message, custom_id, Some(values));
        let data = json!({ "custom_id": custom_id, "component_type": 3, "values": values });
        self.send_interaction(3, user, current.channel_id, data, Some(current)).await
    }

    /// Sends a raw op-0 dispatch to the live session (after checking that serenity parses it), and
    /// returns its sequence number. Waits (bounded) for a live session.
    pub async fn dispatch(&self, event: &str, d: Value) -> u64 {
        fixtures::check_dispatch(event, &d);
        self.wait_identified().await;
        let seq = self.shared.gateway().dispatch(event, &d);
        seq.unwrap_or_else(|| panic!("fake Discord: the gateway session went away before {event} could be sent"))
    }

    /// Closes the live gateway connection with `code` (4000: serenity resumes on a new connection;
    /// see [`super::ResumePolicy`]). Returns false when no connection was live.
    pub fn disconnect_gateway(&self, code: u16) -> bool {
        let closed = self.shared.gateway().close_current(code);
        self.shared.bump();
        closed
    }

    fn channel_or_panic(&self, channel: u64) -> FakeChannel {
        self.channel(channel).unwrap_or_else(|| panic!("fake Discord: no channel {channel}"))
    }

    /// The id of the registered command `name`, waiting for its registration; checks `options`.
    async fn registered_command_id(&self, name: &str, options: &[Opt]) -> String {
        if !self.require_registered {
            return self
                .command(name)
                .and_then(|c| c["id"].as_str().map(str::to_string))
                .unwrap_or_else(|| "1".to_string());
        }
        let what = format!("the command /{name} to be registered");
        let command = self.wait_for(&what, self.timeout, |f| f.command(name)).await;
        let errors = interactions::option_errors(&command, options);
        assert!(
            errors.is_empty(),
            "fake Discord: /{name} sent with bad options:\n  {}\nregistered: {command:#}",
            errors.join("\n  ")
        );
        command["id"].as_str().unwrap_or("1").to_string()
    }

    /// The message as it stands now, after checking that `user` can see it and use `custom_id`.
    fn component_message(
        &self,
        user: FakeUser,
        message: &StoredMessage,
        custom_id: &str,
        values: Option<&[&str]>,
    ) -> StoredMessage {
        let current = self.message(message.id).unwrap_or_else(|| panic!("fake Discord: no message {}", message.id));
        assert!(!current.deleted, "fake Discord: message {} was deleted", current.id);
        if let Some(owner) = current.visible_to {
            assert_eq!(owner, user.id, "fake Discord: {} cannot see the ephemeral message {}", user.name, current.id);
        }
        let errors =
            interactions::component_errors(current.component(custom_id), custom_id, values, &current.custom_ids());
        assert!(errors.is_empty(), "fake Discord: {} cannot use it: {}", user.name, errors.join("; "));
        current
    }

    /// Builds, checks, records and dispatches one INTERACTION_CREATE.
    async fn send_interaction(
        &self,
        kind: u8,
        user: FakeUser,
        channel: u64,
        data: Value,
        message: Option<StoredMessage>,
    ) -> InteractionHandle {
        let channel = self.channel_or_panic(channel);
        let (id, token) = {
            let mut state = self.shared.lock();
            let id = state.next_id();
            (id, format!("fake-interaction-token-{id}"))
        };
        let mut interaction = interactions::interaction_json(id, &token, kind, user, &channel, data);
        if let Some(message) = &message {
            let users = self.shared.lock().users.clone();
            let json = message.json(&self.shared.base, &users);
            fixtures::check_message(&json);
            interaction["message"] = json;
        }
        fixtures::check_interaction(&interaction);
        self.wait_identified().await;
        self.shared.lock().interactions.insert(
            id,
            InteractionRecord {
                id,
                token: token.clone(),
                kind,
                user,
                channel_id: channel.id,
                message_id: message.as_ref().map(|m| m.id),
                sent_at: Instant::now(),
                acknowledged: None,
                original: None,
                replies: Vec::new(),
            },
        );
        let sent = self.shared.gateway().dispatch("INTERACTION_CREATE", &interaction);
        assert!(sent.is_some(), "fake Discord: the gateway session went away before the interaction could be sent");
        self.shared.bump();
        InteractionHandle { id, token, kind, channel_id: channel.id, user }
    }
}
