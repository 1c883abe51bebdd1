//! The global component router: every button and menu click, whenever it was posted, is
//! routed here by its id (table, version, action text), so boards keep working after a
//! restart. Checks happen in the table layer's fixed order; refusals go back ephemeral.

use poise::serenity_prelude as serenity;
use serenity::{
    ComponentInteraction, ComponentInteractionDataKind, CreateInteractionResponse, CreateInteractionResponseFollowup,
    CreateInteractionResponseMessage, CreateThread, EditMessage, MessageFlags,
};

use super::deliver::{self, Error, as_table_error, board_reply, deliver_move, private_panel};
use super::ids::{ComponentId, LobbyOp};
use super::rows::Place;
use super::{Data, display_name, post};
use crate::store::{Skill, TableId, UserId};
use crate::table::{Click, MoveReport, Participant, TableError};

/// Handles one component interaction.
///
/// # Errors
/// Discord failures while answering (table refusals are answered, not returned).
pub async fn handle(ctx: &serenity::Context, data: &Data, click: &ComponentInteraction) -> Result<(), Error> {
    let id = match ComponentId::decode(&click.data.custom_id) {
        Ok(id) => id,
        Err(bad) => {
            tracing::debug!(id = %click.data.custom_id, "unreadable component id: {bad:?}");
            let reply = CreateInteractionResponseMessage::new().ephemeral(true).content(bad.to_string());
            return respond(ctx, click, CreateInteractionResponse::Message(reply)).await;
        }
    };
    let user = UserId(click.user.id.get());
    match id {
        ComponentId::Lobby(table, op) => lobby(ctx, data, click, table, op).await?,
        ComponentId::Panel(table) => match private_panel(data, table, user, &[]).await {
            Ok(panel) => respond(ctx, click, CreateInteractionResponse::Message(panel.into_ephemeral())).await?,
            Err(err) => refuse(ctx, click, &as_table_error(err)).await?,
        },
        ComponentId::Rejoin(table) => {
            let result = data.tables.rejoin(table, user).await;
            match result {
                Ok(report) => {
                    let done = format!("Welcome back: you play your own seat at table #{table} again.");
                    let reply = CreateInteractionResponseMessage::new().ephemeral(true).content(done);
                    respond(ctx, click, CreateInteractionResponse::Message(reply)).await?;
                    deliver_move(&ctx.http, data, &report).await?;
                }
                Err(err) => refuse(ctx, click, &err).await?,
            }
        }
        ComponentId::Step { table, version, text } => step(ctx, data, click, table, version, text).await?,
        ComponentId::Confirm { table, version, text } => {
            let result = data.tables.submit(table, user, &text, Some(version)).await;
            moved(ctx, data, click, table, &text, result).await?;
        }
        ComponentId::Select { table, version, prefix } => {
            let value = match &click.data.kind {
                ComponentInteractionDataKind::StringSelect { values } => values.first().cloned().unwrap_or_default(),
                _ => String::new(),
            };
            step(ctx, data, click, table, version, format!("{prefix}{value}")).await?;
        }
    }
    // A player whose DMs were closed hears about it once, privately, at their next click.
    if data.rows.take_dm_notice(user.0).await.unwrap_or(false) {
        let followup = CreateInteractionResponseFollowup::new().ephemeral(true).content(deliver::DM_CLOSED_NOTICE);
        click.create_followup(&ctx.http, followup).await?;
    }
    Ok(())
}

async fn respond(
    ctx: &serenity::Context,
    click: &ComponentInteraction,
    response: CreateInteractionResponse,
) -> Result<(), Error> {
    click.create_response(&ctx.http, response).await?;
    Ok(())
}

/// An ephemeral refusal.
async fn refuse(ctx: &serenity::Context, click: &ComponentInteraction, error: &TableError) -> Result<(), Error> {
    if error.is_internal() {
        tracing::error!(id = %click.data.custom_id, "component failed: {}", error.log_detail());
    }
    let reply = CreateInteractionResponseMessage::new().ephemeral(true).content(error.to_string());
    respond(ctx, click, CreateInteractionResponse::Message(reply)).await
}

fn is_ephemeral(click: &ComponentInteraction) -> bool {
    click.message.flags.is_some_and(|f| f.contains(MessageFlags::EPHEMERAL))
}

/// One step of entering a move: the next step, or the action applied when the text is a
/// whole action with nothing after it. One read of the table either way.
async fn step(
    ctx: &serenity::Context,
    data: &Data,
    click: &ComponentInteraction,
    table: TableId,
    version: i64,
    text: String,
) -> Result<(), Error> {
    let user = UserId(click.user.id.get());
    let step = match data.tables.click(table, user, &text, version).await {
        Ok(Click::Next(step)) => step,
        Ok(Click::Moved(report)) => return moved(ctx, data, click, table, &text, Ok(*report)).await,
        Err(err) => return moved(ctx, data, click, table, &text, Err(err)).await,
    };
    let mut content = format!("Your move at table #{table}");
    if !text.is_empty() {
        content.push_str(&format!(": `{}` …", post::clip(&text, 80)));
    }
    let rows = post::step_rows(table, step.version, &text, &step.choices, step.back.as_deref());
    let message = CreateInteractionResponseMessage::new().ephemeral(true).content(content).components(rows);
    // Update an ephemeral step panel in place; anything with a picture gets a new panel, since
    // an update would drop the picture.
    let response = if is_ephemeral(click) && click.message.attachments.is_empty() {
        CreateInteractionResponse::UpdateMessage(message)
    } else {
        CreateInteractionResponse::Message(message)
    };
    respond(ctx, click, response).await
}

/// Answers a submitted action: on success acknowledges and delivers the move (the player's
/// DM panel is updated by the delivery), else answers the refusal.
async fn moved(
    ctx: &serenity::Context,
    data: &Data,
    click: &ComponentInteraction,
    table: TableId,
    text: &str,
    result: Result<MoveReport, TableError>,
) -> Result<(), Error> {
    match result {
        Ok(report) => {
            let response = if is_ephemeral(click) && click.message.attachments.is_empty() {
                let done = format!("Done: `{}`.", post::clip(text, 80));
                CreateInteractionResponse::UpdateMessage(
                    CreateInteractionResponseMessage::new().content(done).components(Vec::new()),
                )
            } else {
                CreateInteractionResponse::Acknowledge
            };
            respond(ctx, click, response).await?;
            deliver_move(&ctx.http, data, &report).await
        }
        Err(TableError::Stale(_)) => stale(ctx, data, click, table).await,
        Err(err) => refuse(ctx, click, &err).await,
    }
}

/// "The board changed": a player the game still waits for gets their current choices at
/// once (a sealed answer stays open while others answer, so their panel goes stale without
/// anything they owe changing); anyone else gets the current board.
async fn stale(
    ctx: &serenity::Context,
    data: &Data,
    click: &ComponentInteraction,
    table: TableId,
) -> Result<(), Error> {
    let user = UserId(click.user.id.get());
    let note = "The board changed since you looked; here are your current view and choices.";
    match private_panel(data, table, user, &[note.to_string()]).await {
        // Choices only while the game still waits for them (it may have moved on meanwhile).
        Ok(panel) if !panel.rows.is_empty() => {
            return respond(ctx, click, CreateInteractionResponse::Message(panel.into_ephemeral())).await;
        }
        Ok(_) => {}
        Err(err) => tracing::debug!(%table, "no private panel for a stale click: {err}"),
    }
    match data.tables.snapshot(table).await {
        Ok(snapshot) => {
            let note = "The board changed since you looked; here is the current one.";
            respond(ctx, click, CreateInteractionResponse::Message(board_reply(&snapshot, note))).await
        }
        Err(err) => refuse(ctx, click, &err).await,
    }
}

async fn lobby(
    ctx: &serenity::Context,
    data: &Data,
    click: &ComponentInteraction,
    table: TableId,
    op: LobbyOp,
) -> Result<(), Error> {
    let user = UserId(click.user.id.get());
    let tables = &data.tables;
    let result = match op {
        LobbyOp::Join => {
            let name = display_name(&click.user, click.member.as_ref());
            tables.join(table, Participant { user, name }).await
        }
        LobbyOp::Leave => tables.leave(table, user).await,
        LobbyOp::Computer => {
            // The menu's choice; a plain button (a lobby posted by an older release) seats
            // the default strength.
            let skill = match &click.data.kind {
                ComponentInteractionDataKind::StringSelect { values } => {
                    values.first().and_then(|v| v.parse::<Skill>().ok()).unwrap_or_default()
                }
                _ => Skill::default(),
            };
            tables.add_computer(table, user, skill).await
        }
        LobbyOp::Cancel => tables.cancel(table, user).await,
        LobbyOp::Start => return start(ctx, data, click, table).await,
    };
    match result {
        Ok(snapshot) => {
            let message = CreateInteractionResponseMessage::new()
                .content(post::lobby_content(&snapshot))
                .allowed_mentions(post::only_users(&[]))
                .components(post::lobby_components(&snapshot));
            respond(ctx, click, CreateInteractionResponse::UpdateMessage(message)).await
        }
        Err(err) => refuse(ctx, click, &err).await,
    }
}

/// The host starts: the game moves to a new public thread of the lobby's channel when the bot
/// may create one (else it stays in the channel), and the first board is posted there.
async fn start(
    ctx: &serenity::Context,
    data: &Data,
    click: &ComponentInteraction,
    table: TableId,
) -> Result<(), Error> {
    let user = UserId(click.user.id.get());
    let report = match data.tables.start(table, user).await {
        Ok(report) => report,
        Err(err) => return refuse(ctx, click, &err).await,
    };
    respond(ctx, click, CreateInteractionResponse::Acknowledge).await?;
    let mut place = data.rows.place(table).await?.unwrap_or(Place {
        table: Some(table),
        guild: click.guild_id.map(|g| g.get()),
        channel: click.channel_id.get(),
        lobby_message: Some(click.message.id.get()),
        ..Place::default()
    });
    if click.guild_id.is_some() {
        let name = format!("{} #{table}", report.game().name());
        let thread = CreateThread::new(name).auto_archive_duration(serenity::AutoArchiveDuration::OneWeek);
        match click.channel_id.create_thread_from_message(&ctx.http, click.message.id, thread).await {
            Ok(thread) => place.thread = Some(thread.id.get()),
            Err(err) => tracing::info!(%table, "no thread (playing in the channel): {err}"),
        }
    }
    data.rows.set_place(table, &place).await?;
    let mut content = post::lobby_content(&report.snapshot);
    if let Some(thread) = place.thread {
        content.push_str(&format!(" Play on in <#{thread}>."));
    }
    let edit = EditMessage::new().content(content).components(Vec::new());
    click.channel_id.edit_message(&ctx.http, click.message.id, edit).await?;
    deliver_move(&ctx.http, data, &report).await
}
