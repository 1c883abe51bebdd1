//! The fake Discord driven by a minimal real serenity client (no framework): connecting, READY,
//! heartbeats, interactions in and the REST replies out with the shapes Discord gives them,
//! DMs (and closed DMs), threads, restarts and resumes, and a bounded shutdown.

use std::sync::Arc;
use std::time::Duration;

use crate::support::fake_discord::*;
use serenity::all::{
    ButtonStyle, ChannelId, ChannelType, ClientBuilder, CommandInteraction, CommandOptionType, ComponentInteraction,
    Context, CreateActionRow, CreateAttachment, CreateAutocompleteResponse, CreateButton, CreateCommand,
    CreateCommandOption, CreateEmbed, CreateEmbedFooter, CreateInteractionResponse, CreateInteractionResponseFollowup,
    CreateInteractionResponseMessage, CreateMessage, CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption,
    CreateThread, EditMessage, EditThread, EventHandler, GatewayIntents, GuildChannel, GuildId, HttpBuilder,
    Interaction, Message, Ready, ShardManager, UserId,
};
use serenity::async_trait;
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender, unbounded_channel};
use tokio::task::JoinHandle;

/// Stands in for a rendered board: the fake only looks at the PNG signature.
const PNG: &[u8] = b"\x89PNG\r\n\x1a\nnot really a picture";

/// A tiny bot: registers its commands on READY and answers every interaction through serenity's
/// builders, reporting what happened (including REST errors) to the test.
struct Handler {
    events: UnboundedSender<String>,
}

impl Handler {
    fn report(&self, event: String) {
        let _ = self.events.send(event);
    }

    async fn command(&self, ctx: &Context, cmd: &CommandInteraction) -> serenity::Result<()> {
        match cmd.data.name.as_str() {
            "ping" => {
                let buttons = CreateActionRow::Buttons(vec![
                    CreateButton::new("again").label("Again"),
                    CreateButton::new("stop").label("Stop").style(ButtonStyle::Danger),
                ]);
                let menu = CreateActionRow::SelectMenu(CreateSelectMenu::new(
                    "pick",
                    CreateSelectMenuKind::String {
                        options: vec![
                            CreateSelectMenuOption::new("Red", "r"),
                            CreateSelectMenuOption::new("Blue", "b"),
                        ],
                    },
                ));
                let message = CreateInteractionResponseMessage::new()
                    .content(format!("pong from {}", cmd.user.name))
                    .components(vec![buttons, menu])
                    .add_file(CreateAttachment::bytes(PNG, "board.png"));
                cmd.create_response(ctx, CreateInteractionResponse::Message(message)).await?;
                let secret = CreateInteractionResponseFollowup::new().content("only you see this").ephemeral(true);
                cmd.create_followup(ctx, secret).await?;
                let post =
                    CreateMessage::new().content("the board").add_file(CreateAttachment::bytes(PNG, "board.png"));
                cmd.channel_id.send_message(ctx, post).await?;
                for user in [ALICE, BOB] {
                    let dm = CreateMessage::new()
                        .content("your hand")
                        .components(vec![CreateActionRow::Buttons(vec![CreateButton::new("dm-button").label("Play")])]);
                    match UserId::new(user.id).direct_message(ctx, dm).await {
                        Ok(_) => self.report(format!("dm {} ok", user.name)),
                        Err(serenity::Error::Http(err)) => {
                            let status = err.status_code().map(|s| s.as_u16());
                            self.report(format!("dm {} failed {status:?}: {err}", user.name));
                        }
                        Err(err) => return Err(err),
                    }
                }
            }
            "leaky" => {
                cmd.defer(ctx).await?;
                cmd.create_followup(
                    ctx,
                    CreateInteractionResponseFollowup::new().content("private hand").ephemeral(true),
                )
                .await?;
            }
            "twice" => {
                for _ in 0..2 {
                    let reply = CreateInteractionResponseMessage::new().content("once");
                    cmd.create_response(ctx, CreateInteractionResponse::Message(reply)).await?;
                }
            }
            "crowded" => {
                let row = |r: usize| {
                    CreateActionRow::Buttons(
                        (0..5).map(|b| CreateButton::new(format!("b{r}-{b}")).label("x")).collect(),
                    )
                };
                let reply =
                    CreateInteractionResponseMessage::new().content("too many").components((0..6).map(row).collect());
                cmd.create_response(ctx, CreateInteractionResponse::Message(reply)).await?;
            }
            "slow" => {
                tokio::time::sleep(Duration::from_millis(600)).await;
                let reply = CreateInteractionResponseMessage::new().content("late");
                cmd.create_response(ctx, CreateInteractionResponse::Message(reply)).await?;
            }
            "thread" => {
                let public = CreateThread::new("public game").kind(ChannelType::PublicThread);
                cmd.channel_id.create_thread(ctx, public).await?;
                cmd.channel_id.create_thread(ctx, CreateThread::new("untyped game")).await?;
                let reply = CreateInteractionResponseMessage::new().content("threads made").ephemeral(true);
                cmd.create_response(ctx, CreateInteractionResponse::Message(reply)).await?;
            }
            other => self.report(format!("unknown command {other}")),
        }
        Ok(())
    }

    async fn component(&self, ctx: &Context, click: &ComponentInteraction) -> serenity::Result<()> {
        let place = if click.guild_id.is_some() { "guild" } else { "dm" };
        self.report(format!("component {} by {} in {place}", click.data.custom_id, click.user.name));
        let update = CreateInteractionResponseMessage::new()
            .content(format!("{} pressed {}", click.user.name, click.data.custom_id));
        click.create_response(ctx, CreateInteractionResponse::UpdateMessage(update)).await
    }
}

#[async_trait]
impl EventHandler for Handler {
    async fn ready(&self, ctx: Context, ready: Ready) {
        let game = CreateCommandOption::new(CommandOptionType::Integer, "game", "Which game")
            .required(true)
            .add_int_choice("Martian 12s", 0)
            .add_int_choice("Raja", 1)
            .set_autocomplete(false);
        let name = CreateCommandOption::new(CommandOptionType::String, "name", "A name").set_autocomplete(true);
        let commands = vec![
            CreateCommand::new("ping").description("Ping").add_option(game).add_option(name),
            CreateCommand::new("leaky").description("Defers publicly, then follows up privately"),
            CreateCommand::new("thread").description("Makes threads"),
            CreateCommand::new("twice").description("Answers twice, which Discord refuses"),
            CreateCommand::new("crowded").description("Six rows of buttons, one too many"),
            CreateCommand::new("slow").description("Answers after the deadline"),
        ];
        let result = GuildId::new(GUILD_ID).set_commands(&ctx, commands).await;
        self.report(format!("ready as {} registered {}", ready.user.name, result.map(|c| c.len()).unwrap_or(0)));
    }

    async fn message(&self, _ctx: Context, message: Message) {
        self.report(format!("message created: {}", message.content));
    }

    async fn thread_create(&self, _ctx: Context, thread: GuildChannel) {
        self.report(format!("thread created: {}", thread.name));
    }

    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        let result = match &interaction {
            Interaction::Command(cmd) => self.command(&ctx, cmd).await,
            Interaction::Component(click) => self.component(&ctx, click).await,
            Interaction::Autocomplete(auto) => {
                let choices = CreateAutocompleteResponse::new().add_string_choice("Alice's game", "alice");
                auto.create_response(&ctx, CreateInteractionResponse::Autocomplete(choices)).await
            }
            _ => Ok(()),
        };
        if let Err(err) = result {
            self.report(format!("handler error: {err}"));
        }
    }
}

/// A running client and what its handler reports.
struct Bot {
    shards: Arc<ShardManager>,
    task: JoinHandle<serenity::Result<()>>,
    events: UnboundedReceiver<String>,
    backlog: Vec<String>,
}

impl Bot {
    async fn start(fake: &FakeDiscord) -> Self {
        let http = HttpBuilder::new(BOT_TOKEN).proxy(fake.api_base()).ratelimiter_disabled(true).build();
        let (tx, events) = unbounded_channel();
        let intents = GatewayIntents::GUILDS | GatewayIntents::GUILD_MESSAGES | GatewayIntents::DIRECT_MESSAGES;
        let mut client = ClientBuilder::new_with_http(http, intents)
            .event_handler(Handler { events: tx })
            .await
            .expect("the client builds against the fake");
        let shards = Arc::clone(&client.shard_manager);
        let task = tokio::spawn(async move { client.start().await });
        Self { shards, task, events, backlog: Vec::new() }
    }

    /// Waits for the handler to report something containing `needle` (handlers run concurrently,
    /// so reports that do not match are kept for later calls).
    async fn expect(&mut self, needle: &str) -> String {
        if let Some(i) = self.backlog.iter().position(|e| e.contains(needle)) {
            return self.backlog.remove(i);
        }
        let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
        loop {
            match tokio::time::timeout_at(deadline, self.events.recv()).await {
                Ok(Some(event)) if event.contains(needle) => return event,
                Ok(Some(event)) => self.backlog.push(event),
                Ok(None) | Err(_) => panic!("the handler never reported {needle:?}; it reported {:?}", self.backlog),
            }
        }
    }

    /// `shutdown_all` must end `client.start()` within a bounded time.
    async fn stop(self) {
        self.shards.shutdown_all().await;
        let ended = tokio::time::timeout(Duration::from_secs(15), self.task).await;
        let result = ended.expect("client.start() ended after shutdown_all").expect("the client task did not panic");
        assert!(result.is_ok(), "client.start() ended with {result:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn client_connects_gets_ready_heartbeats_and_shuts_down() {
    let fake = FakeDiscord::start().await;
    let mut bot = Bot::start(&fake).await;
    fake.wait_identified().await;
    assert!(bot.expect("ready as").await.contains("Saloon"));
    fake.wait_heartbeats(2).await;

    let requests = fake.requests();
    assert_eq!(requests[0].line(), "GET /gateway", "serenity asks for the gateway URL first");
    let identify = fake.gateway_payloads().into_iter().find(|p| p["op"] == 2).expect("an IDENTIFY");
    assert!(identify["d"]["token"].as_str().is_some_and(|t| t.contains(BOT_TOKEN)));
    assert!(identify["d"]["intents"].as_u64().is_some_and(|i| i & 1 == 1), "GUILDS intent asked");

    let registration = fake.wait_for("commands", fake.timeout(), |f| f.command("ping")).await;
    let game = &registration["options"][0];
    assert_eq!(
        (game["name"].as_str(), game["type"].as_u64(), game["required"].as_bool()),
        (Some("game"), Some(4), Some(true))
    );
    assert_eq!(game["choices"][1]["name"], "Raja");
    assert_eq!(fake.registrations()[0].guild_id, Some(GUILD_ID));

    bot.stop().await;
    assert!(fake.unexpected_requests().is_empty(), "{}", fake.summary());
    fake.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn interactions_reach_the_handler_and_replies_are_recorded() {
    let fake = FakeDiscord::start().await;
    fake.set_dms_open(BOB, false);
    let mut bot = Bot::start(&fake).await;
    fake.wait_identified().await;

    let ping = fake.slash_command(ALICE, CHANNEL_ID, "ping", vec![Opt::choice("game", 1), Opt::str("name", "x")]).await;
    let replies = fake.wait_replies(&ping, 2).await;
    assert_eq!(replies[0].via, ReplyVia::Callback(4));
    assert_eq!(replies[0].content(), Some("pong from alice"));
    assert_eq!(replies[0].file_names(), ["board.png"]);
    assert!(!replies[0].ephemeral());
    assert_eq!(replies[0].custom_ids(), ["again", "stop", "pick"]);
    assert_eq!(replies[1].via, ReplyVia::FollowUp);
    assert!(replies[1].ephemeral(), "the follow-up carries flags 64");

    let original = fake.original_message(&ping).expect("the response is a message");
    assert!(original.has_png() && original.attachment("board.png").is_some_and(|a| a.bytes == PNG));
    let post = fake.wait_for_message(CHANNEL_ID, "the channel post", |m| m.content == "the board").await;
    assert!(post.has_png() && post.interaction_id.is_none());
    let secret = fake.message(replies[1].message_id.expect("a follow-up message")).expect("stored");
    assert_eq!(secret.visible_to, Some(ALICE.id));
    assert!(fake.public_messages(CHANNEL_ID).iter().all(|m| !m.content.contains("only you")));

    // The gateway echoes the bot's own public posts (it asked for GUILD_MESSAGES), not ephemeral ones.
    bot.expect("message created: pong from alice").await;
    bot.expect("message created: the board").await;
    assert_eq!(bot.expect("dm alice").await, "dm alice ok");
    assert_eq!(bot.expect("dm bob").await, "dm bob failed Some(403): Cannot send messages to this user");
    assert_eq!(fake.dms(ALICE)[0].content, "your hand");
    assert!(fake.dms(BOB).is_empty());
    let failed = fake.failed_dms(BOB);
    assert_eq!(failed.len(), 1);
    assert_eq!(fake.channel(fake.dm_channel_of(BOB).expect("opened")).map(|c| c.kind), Some(1));

    // A button on the public response: the update replaces content and, as Discord does with the
    // `attachments: []` serenity sends, drops the picture.
    let click = fake.click(BOB, &original, "again").await;
    assert_eq!(bot.expect("component again").await, "component again by bob in guild");
    assert_eq!(fake.wait_reply(&click).await.via, ReplyVia::Callback(7));
    let updated = fake.message(original.id).expect("still there");
    assert_eq!(updated.content, "bob pressed again");
    assert!(updated.attachments.is_empty(), "UpdateMessage without files drops the attachments");

    let pick = fake.select(CAROL, &updated, "pick", &["b"]).await;
    assert_eq!(bot.expect("component pick").await, "component pick by carol in guild");
    fake.wait_reply(&pick).await;

    // A button in a DM: the interaction carries `user`, not `member`.
    let dm = fake.dms(ALICE).remove(0);
    let dm_click = fake.click(ALICE, &dm, "dm-button").await;
    assert_eq!(bot.expect("component dm-button").await, "component dm-button by alice in dm");
    assert!(fake.wait_reply(&dm_click).await.is_success());

    // A command in DMs: the response lands in the DM channel.
    let dm_channel = fake.open_dm_channel(ALICE);
    assert_eq!(Some(dm_channel), fake.dm_channel_of(ALICE), "the one DM channel the bot opened");
    let in_dm = fake.slash_command(ALICE, dm_channel, "leaky", vec![]).await;
    fake.wait_replies(&in_dm, 2).await;
    assert_eq!(
        fake.original_message(&in_dm).map(|m| (m.channel_id, m.content)),
        Some((dm_channel, "private hand".into()))
    );

    let auto =
        fake.autocomplete(ALICE, CHANNEL_ID, "ping", vec![Opt::choice("game", 0), Opt::focused("name", "al")]).await;
    let choices = fake.wait_reply(&auto).await;
    assert_eq!(choices.via, ReplyVia::Callback(8));
    assert_eq!(choices.data()["choices"][0]["value"], "alice");

    bot.stop().await;
    assert!(fake.unexpected_requests().is_empty(), "{}", fake.summary());
    fake.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_private_follow_up_to_a_public_deferral_is_shown_to_everyone() {
    let fake = FakeDiscord::start().await;
    let bot = Bot::start(&fake).await;
    let leaky = fake.slash_command(ALICE, CHANNEL_ID, "leaky", vec![]).await;
    let replies = fake.wait_replies(&leaky, 2).await;
    assert_eq!(replies[0].via, ReplyVia::Callback(5));
    assert!(replies[1].ephemeral(), "the bot asked for ephemeral");
    assert_eq!(replies[1].message_id, replies[0].message_id, "the follow-up became the deferred response");
    let shown = fake.public_messages(CHANNEL_ID);
    assert!(shown.iter().any(|m| m.content == "private hand"), "Discord shows it publicly: {shown:?}");
    bot.stop().await;
    fake.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn threads_record_their_type_and_unknown_endpoints_are_404() {
    let fake = FakeDiscord::start().await;
    let mut bot = Bot::start(&fake).await;
    let thread = fake.slash_command(CAROL, CHANNEL_ID, "thread", vec![]).await;
    assert!(fake.wait_reply(&thread).await.ephemeral());
    bot.expect("thread created: public game").await;
    bot.expect("thread created: untyped game").await;
    let threads = fake.threads();
    assert_eq!(threads.len(), 2);
    assert_eq!((threads[0].kind, threads[0].requested_type, threads[0].parent_id), (11, Some(11), Some(CHANNEL_ID)));
    assert_eq!((threads[1].kind, threads[1].requested_type), (12, None), "no type asked: a private thread");

    // A command in the public thread: its replies and posts land in the thread, and its buttons work.
    let public = threads[0].id;
    let ping = fake.slash_command(ALICE, public, "ping", vec![Opt::choice("game", 0)]).await;
    let original = fake.wait_for("the response in the thread", fake.timeout(), |f| f.original_message(&ping)).await;
    assert_eq!(original.channel_id, public);
    fake.wait_for_message(public, "the post in the thread", |m| m.content == "the board").await;
    fake.click(BOB, &original, "stop").await;
    assert_eq!(bot.expect("component stop").await, "component stop by bob in guild");

    let twice = fake.slash_command(ALICE, CHANNEL_ID, "twice", vec![]).await;
    assert!(bot.expect("handler error").await.contains("already been acknowledged"));
    let replies = fake.replies(&twice);
    assert_eq!(replies.iter().map(|r| r.status).collect::<Vec<_>>(), [204, 400]);

    let err = ChannelId::new(CHANNEL_ID).pins(fake.http()).await.expect_err("the fake knows no pins endpoint");
    assert!(err.to_string().contains("404"), "{err}");
    let unexpected = fake.unexpected_requests();
    assert_eq!(unexpected.len(), 1);
    assert_eq!(unexpected[0].line(), format!("GET /channels/{CHANNEL_ID}/pins"));
    bot.stop().await;
    fake.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restarted_bot_identifies_again_and_a_dropped_connection_resumes() {
    let fake = FakeDiscord::start().await;
    let first = Bot::start(&fake).await;
    fake.wait_identifies(1).await;
    first.stop().await;

    let mut second = Bot::start(&fake).await;
    fake.wait_identifies(2).await;
    second.expect("ready as").await;
    let ping = fake.slash_command(ALICE, CHANNEL_ID, "leaky", vec![]).await;
    fake.wait_replies(&ping, 2).await;

    assert!(fake.disconnect_gateway(4000));
    fake.wait_for("a RESUME", fake.timeout(), |f| (f.gateway_counts().1 >= 1).then_some(())).await;
    fake.wait_identified().await;
    assert_eq!(fake.gateway_counts().0, 2, "resumed, not identified again");
    let again = fake.slash_command(BOB, CHANNEL_ID, "leaky", vec![]).await;
    fake.wait_replies(&again, 2).await;
    second.stop().await;
    fake.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rest_answers_parse_as_serenity_models() {
    let fake = FakeDiscord::start().await;
    let http = fake.http();
    let gateway = http.get_bot_gateway().await.expect("bot gateway");
    assert_eq!(gateway.url, fake.gateway_url());
    assert_eq!(http.get_current_application_info().await.expect("application").id.get(), APPLICATION_ID);
    assert!(http.get_current_user().await.expect("current user").bot);
    let guild = GuildId::new(GUILD_ID);
    assert_eq!(http.get_guild(guild).await.expect("guild").owner_id.get(), OWNER.id);
    assert_eq!(http.get_member(guild, UserId::new(ALICE.id)).await.expect("member").user.name, "alice");
    assert_eq!(http.get_guild_roles(guild).await.expect("roles").len(), 3);
    let channel = ChannelId::new(CHANNEL_ID);
    let text = channel.to_channel(&http).await.expect("channel").guild().expect("a guild channel");
    assert_eq!((text.name.as_str(), text.kind), ("saloon", ChannelType::Text));

    let embed = CreateEmbed::new()
        .title("Martian 12s")
        .description("Seats: alice, bob")
        .field("Round", "1", true)
        .footer(CreateEmbedFooter::new("table 7"))
        .colour(0x0072b2);
    let lobby = CreateMessage::new().content("lobby").embed(embed).button(CreateButton::new("join").label("Join"));
    let sent = channel.send_message(&http, lobby).await.expect("posted");
    let fetched = channel.message(&http, sent.id).await.expect("fetched");
    assert_eq!(fetched.components[0].components.len(), 1);
    assert_eq!(fetched.embeds[0].fields[0].value, "1");
    let edited =
        channel.edit_message(&http, sent.id, EditMessage::new().content("lobby (2 seated)")).await.expect("edited");
    assert!(edited.edited_timestamp.is_some());
    let thread = channel.create_thread_from_message(&http, sent.id, CreateThread::new("game")).await.expect("thread");
    assert_eq!(thread.kind, ChannelType::PublicThread);
    thread.id.edit_thread(&http, EditThread::new().archived(true)).await.expect("archived");
    let reopened = thread.id.edit_thread(&http, EditThread::new().archived(false)).await.expect("unarchived");
    assert_eq!(reopened.thread_metadata.map(|m| m.archived), Some(false));
    let dm = UserId::new(CAROL.id).create_dm_channel(&http).await.expect("dm channel");
    assert_eq!(dm.recipient.id.get(), CAROL.id);

    let stored = fake.message(sent.id.get()).expect("stored");
    assert_eq!((stored.content.as_str(), stored.edits), ("lobby (2 seated)", 1));
    assert_eq!(stored.custom_ids(), ["join"]);
    let threads = fake.threads();
    assert_eq!((threads[0].kind, threads[0].from_message, threads[0].archived), (11, Some(sent.id.get()), false));
    assert_eq!(fake.dm_channel_of(CAROL), Some(dm.id.get()));
    assert!(fake.unexpected_requests().is_empty(), "{}", fake.summary());
    fake.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn discord_limits_and_the_answer_deadline_are_enforced() {
    let options = Options { interaction_deadline: Some(Duration::from_millis(300)), ..Options::default() };
    let fake = FakeDiscord::start_with(options).await;
    let mut bot = Bot::start(&fake).await;

    let crowded = fake.slash_command(ALICE, CHANNEL_ID, "crowded", vec![]).await;
    assert!(bot.expect("handler error").await.contains("Invalid Form Body"));
    let refused = fake.wait_reply(&crowded).await;
    assert_eq!((refused.status, refused.message_id), (400, None));
    assert!(fake.public_messages(CHANNEL_ID).is_empty());

    let slow = fake.slash_command(ALICE, CHANNEL_ID, "slow", vec![]).await;
    assert!(bot.expect("handler error").await.contains("Unknown interaction"));
    let late = fake.wait_reply(&slow).await;
    assert_eq!(late.status, 404);
    assert!(late.after >= Duration::from_millis(300));
    bot.stop().await;
    fake.shutdown().await;
}
