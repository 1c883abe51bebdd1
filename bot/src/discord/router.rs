//! The global component router: every button and menu click, whenever it was posted, is
//! routed here by its id (table, version, the options chosen so far), so boards keep working
//! after a restart. Checks happen in the table layer's fixed order; refusals go back ephemeral.

use poise::serenity_prelude as serenity;
use serenity::{
    ComponentInteraction, ComponentInteractionDataKind, CreateInteractionResponse, CreateInteractionResponseFollowup,
    CreateInteractionResponseMessage, MessageFlags,
};

use super::deliver::{after_change, after_commit};
use super::error::Error;
use super::ids::{ComponentId, LegacyKind, LobbyOp, parse_path};
use super::panel::{DM_CLOSED_NOTICE, board_reply, private_panel};
use super::{Data, display_name, post};
use crate::table::{Click, Entry, MoveReport, Participant, Skill, TableError, TableId, UserId};

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
    // The player interacts at the table: one DM may be tried there again (closed DMs), this
    // click's own news included; if they had been held back, the player hears about it below.
    let tell_closed_dms = match id.table() {
        Some(table) => data.rows.unblock_dms(table, user).await?,
        None => false,
    };
    let selected = || match &click.data.kind {
        ComponentInteractionDataKind::StringSelect { values } => values.first().cloned().unwrap_or_default(),
        _ => String::new(),
    };
    match id {
        ComponentId::Lobby(table, op) => {
            lobby(ctx, data, click, table, op).await?;
        }
        ComponentId::Panel(table) => match private_panel(data, table, user, &[]).await {
            Ok(panel) => respond(ctx, click, CreateInteractionResponse::Message(panel.into_ephemeral())).await?,
            Err(Error::Table(err)) => refuse(ctx, click, &err).await?,
            Err(err) => return Err(err),
        },
        ComponentId::Rejoin(table) => match data.tables.rejoin(table, user).await {
            Ok(report) => {
                let done = format!("Welcome back: you play your own seat at table #{table} again.");
                let reply = CreateInteractionResponseMessage::new().ephemeral(true).content(done);
                respond(ctx, click, CreateInteractionResponse::Message(reply)).await?;
                after_commit(&ctx.http, data, &report).await;
            }
            Err(err) => refuse(ctx, click, &err).await?,
        },
        ComponentId::Rematch(table) => super::rematch::asked(ctx, data, click, table).await?,
        ComponentId::Settings(op) => super::user_settings::toggle(ctx, data, click, op, &selected()).await?,
        page @ (ComponentId::Leaderboard { .. } | ComponentId::History { .. }) => {
            super::stats::page_click(ctx, data, click, page).await?;
        }
        ComponentId::SkipPings(table) => match data.tables.skip_pings(table, user).await {
            Ok(()) => {
                let done = format!("No more pings for this turn at table #{table}; your next turn pings you as usual.");
                let reply = CreateInteractionResponseMessage::new().ephemeral(true).content(done);
                respond(ctx, click, CreateInteractionResponse::Message(reply)).await?;
            }
            Err(err) => refuse(ctx, click, &err).await?,
        },
        ComponentId::TakeBack(table) => super::undo::take_back(ctx, data, click, table).await?,
        ComponentId::UndoVote { table, version, allow } => {
            super::undo::vote(ctx, data, click, table, version, allow).await?;
        }
        ComponentId::Step { table, version, path } => {
            step(ctx, data, click, table, version, Entry::Path(path), false).await?;
        }
        ComponentId::Confirm { table, version, path } => {
            step(ctx, data, click, table, version, Entry::Path(path), true).await?;
        }
        ComponentId::Select { table, version, mut path } => {
            // The chosen option's place; an unreadable value is a changed menu (stale).
            path.extend(parse_path(&selected()).unwrap_or_else(|| vec![u8::MAX]));
            step(ctx, data, click, table, version, Entry::Path(path), false).await?;
        }
        ComponentId::Explain { table, path, .. } => {
            match data.tables.explanations(table, user, Some(&Entry::Path(path))).await {
                Ok(explained) => {
                    let reply =
                        CreateInteractionResponseMessage::new().ephemeral(true).content(explanation(&explained));
                    respond(ctx, click, CreateInteractionResponse::Message(reply)).await?;
                }
                Err(err) => refuse(ctx, click, &err).await?,
            }
        }
        ComponentId::Legacy { kind, table, version, text } => {
            let (text, confirm) = match kind {
                LegacyKind::Step => (text, false),
                LegacyKind::Confirm => (text, true),
                LegacyKind::Select => (format!("{text}{}", selected()), false),
            };
            step(ctx, data, click, table, version, Entry::Text(text), confirm).await?;
        }
    }
    if tell_closed_dms {
        let followup = CreateInteractionResponseFollowup::new().ephemeral(true).content(DM_CLOSED_NOTICE);
        click.create_followup(&ctx.http, followup).await?;
    }
    Ok(())
}

/// The answer to "What do these mean?": each option with what it does, one line each.
fn explanation(explained: &[engines::Explained]) -> String {
    let lines: Vec<String> =
        explained.iter().map(|o| format!("• **{}** — {}", post::clip(&o.label, 100), o.explanation)).collect();
    post::clip(&format!("What these options do:\n{}", lines.join("\n")), 2000)
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

/// One step of entering a move: the next step, or the action applied when the options chosen
/// make a whole action with nothing after it (or when confirmed). One read of the table.
async fn step(
    ctx: &serenity::Context,
    data: &Data,
    click: &ComponentInteraction,
    table: TableId,
    version: i64,
    entry: Entry,
    confirm: bool,
) -> Result<(), Error> {
    let user = UserId(click.user.id.get());
    let step = match data.tables.click(table, user, &entry, version, confirm).await {
        Ok(Click::Next(step)) => step,
        Ok(Click::Moved(report)) => return moved(ctx, data, click, table, Ok(*report)).await,
        Err(err) => return moved(ctx, data, click, table, Err(err)).await,
    };
    let mut content = format!("Your move at table #{table}");
    if !step.chosen.is_empty() {
        content.push_str(&format!(": {} …", post::clip(&step.chosen.join(" › "), 200)));
    }
    let rows = post::step_rows(table, step.version, &step.path, &step.choices, !step.path.is_empty());
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
    result: Result<MoveReport, TableError>,
) -> Result<(), Error> {
    match result {
        Ok(report) => {
            let response = if is_ephemeral(click) && click.message.attachments.is_empty() {
                let done = if report.chosen.is_empty() {
                    "Done.".to_string()
                } else {
                    format!("Done: {}.", post::clip(&report.chosen.join(" › "), 200))
                };
                // Take back only when the game allows it (not after a draw or a roll).
                let rows = if report.take_back.is_some() { super::undo::take_back_row(table) } else { Vec::new() };
                CreateInteractionResponse::UpdateMessage(
                    CreateInteractionResponseMessage::new().content(done).components(rows),
                )
            } else {
                CreateInteractionResponse::Acknowledge
            };
            respond(ctx, click, response).await?;
            after_commit(&ctx.http, data, &report).await;
            Ok(())
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
    if op == LobbyOp::Join && tables.snapshot(table).await.is_ok_and(|s| s.rematch_of.is_some()) {
        return super::rematch::join(ctx, data, click, table).await;
    }
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
                .components(post::lobby_components(&snapshot, super::long_game::server_level(data, table).await));
            respond(ctx, click, CreateInteractionResponse::UpdateMessage(message)).await?;
            // The answer showed the lobby as it is: that part of the entry is delivered.
            if let Some(recorded) = snapshot.recorded.as_ref().filter(|r| r.claimed) {
                let parts = recorded.dispatch.parts().len();
                if let Err(err) = tables.delivered(recorded.id, 1, parts <= 1).await {
                    tracing::warn!(%table, "cannot record the lobby as shown: {}", err.log_detail());
                }
            }
            after_change(&ctx.http, data, &snapshot).await;
            Ok(())
        }
        Err(err) => refuse(ctx, click, &err).await,
    }
}

/// The host starts: the first board goes to a new public thread of the lobby's channel (made by
/// the delivery of the start, see [`super::deliver`]). The lobby message is recorded first, from
/// the click itself, so the thread is made from it even when `/play` has not recorded it yet.
async fn start(
    ctx: &serenity::Context,
    data: &Data,
    click: &ComponentInteraction,
    table: TableId,
) -> Result<(), Error> {
    let user = UserId(click.user.id.get());
    data.rows.set_lobby_message(table, click.message.id.get()).await?;
    // The id Discord gives this click is what the sealed deal is cut with: nobody, the bot
    // included, knew it when the lobby committed to its secret.
    let cut = format!("discord interaction {}", click.id.get());
    let report = match data.tables.start_cut(table, user, &cut).await {
        Ok(report) => report,
        Err(err) => return refuse(ctx, click, &err).await,
    };
    respond(ctx, click, CreateInteractionResponse::Acknowledge).await?;
    after_commit(&ctx.http, data, &report).await;
    Ok(())
}
