//! Undo by consent on Discord (issue #27 item 5): "Take back" under the answer to a move;
//! the other people seated answer a request in the game's thread with Allow / Refuse. One
//! refusal, or the next move, cancels it; when all agree the move is taken back and the board
//! and panels follow through the outbox, like any move.

use poise::serenity_prelude as serenity;
use serenity::{
    ButtonStyle, ChannelId, ComponentInteraction, CreateActionRow, CreateButton, CreateInteractionResponse,
    CreateInteractionResponseMessage, CreateMessage,
};

use super::Data;
use super::deliver::{after_commit, drain, with_nonce};
use super::error::Error;
use super::ids::ComponentId;
use super::post::only_users;
use crate::table::outbox::UndoNote;
use crate::table::{TableError, TableId, UndoAnswer, UndoAsked, UserId};

/// The "Take back" button under the answer to a move at `table`.
#[must_use]
pub fn take_back_row(table: TableId) -> Vec<CreateActionRow> {
    ComponentId::TakeBack(table)
        .encode()
        .map(|id| {
            vec![CreateActionRow::Buttons(vec![CreateButton::new(id).label("Take back").style(ButtonStyle::Secondary)])]
        })
        .unwrap_or_default()
}

async fn answer(ctx: &serenity::Context, click: &ComponentInteraction, text: String) -> Result<(), Error> {
    let reply = CreateInteractionResponseMessage::new().ephemeral(true).content(text);
    click.create_response(&ctx.http, CreateInteractionResponse::Message(reply)).await?;
    Ok(())
}

async fn refused(ctx: &serenity::Context, click: &ComponentInteraction, error: &TableError) -> Result<(), Error> {
    if error.is_internal() {
        tracing::warn!("an undo failed: {}", error.log_detail());
        return answer(ctx, click, "Something went wrong on Saloon's side; nothing changed. Please try again.".into())
            .await;
    }
    answer(ctx, click, error.to_string()).await
}

/// A click on "Take back": asks the others, or (only computers against the asker) takes the
/// move back at once.
///
/// # Errors
/// Discord failures while answering.
pub async fn take_back(
    ctx: &serenity::Context,
    data: &Data,
    click: &ComponentInteraction,
    table: TableId,
) -> Result<(), Error> {
    let user = UserId(click.user.id.get());
    match data.tables.ask_undo(table, user).await {
        Ok(UndoAsked { granted: Some(report), .. }) => {
            answer(ctx, click, "Your move was taken back.".into()).await?;
            after_commit(&ctx.http, data, &report).await;
            Ok(())
        }
        Ok(asked) => {
            let names: Vec<&str> = asked.asked.iter().map(|(_, name)| name.as_str()).collect();
            let text = format!("Asked {} to agree; your move stands until everyone does.", names.join(", "));
            answer(ctx, click, text).await?;
            if asked.recorded.as_ref().is_some_and(|r| r.claimed) {
                drain(&ctx.http, data, table, None).await;
            }
            Ok(())
        }
        Err(err) => refused(ctx, click, &err).await,
    }
}

/// Posts the request in the game's thread (delivered from the outbox), mentioning the people
/// asked, with Allow and Refuse.
///
/// # Errors
/// Discord or storage failures.
pub async fn post_request(
    http: &serenity::Http,
    data: &Data,
    table: TableId,
    note: &UndoNote,
    nonce: &str,
) -> Result<(), Error> {
    let Some(place) = data.rows.place(table).await? else { return Ok(()) };
    let mentions: Vec<String> = note.users.iter().map(|u| format!("<@{}>", u.0)).collect();
    let content = format!(
        "↩️ {} asks to take back their last move. {}: do you agree? One refusal keeps the move, and so does the next move.",
        note.asker,
        mentions.join(", ")
    );
    let button = |allow: bool, label: &str, style: ButtonStyle| {
        ComponentId::UndoVote { table, version: note.version, allow }
            .encode()
            .map(|id| CreateButton::new(id).label(label).style(style))
    };
    let buttons: Vec<CreateButton> =
        [button(true, "Allow", ButtonStyle::Success), button(false, "Refuse", ButtonStyle::Danger)]
            .into_iter()
            .flatten()
            .collect();
    let message = CreateMessage::new()
        .content(content)
        .allowed_mentions(only_users(&note.users))
        .components(vec![CreateActionRow::Buttons(buttons)]);
    ChannelId::new(place.game_channel()).send_message(http, with_nonce(message, nonce)).await?;
    Ok(())
}

/// A click on Allow or Refuse.
///
/// # Errors
/// Discord failures while answering.
pub async fn vote(
    ctx: &serenity::Context,
    data: &Data,
    click: &ComponentInteraction,
    table: TableId,
    version: i64,
    allow: bool,
) -> Result<(), Error> {
    let user = UserId(click.user.id.get());
    let closed = |text: String| {
        CreateInteractionResponse::UpdateMessage(
            CreateInteractionResponseMessage::new().content(text).components(Vec::new()),
        )
    };
    match data.tables.answer_undo(table, user, version, allow).await {
        Ok(UndoAnswer::Waiting(still)) => {
            answer(ctx, click, format!("Thank you; still waiting for {}.", still.join(", "))).await
        }
        Ok(UndoAnswer::Refused { by, asker }) => {
            let text = format!("↩️ {by} refused, so {asker}'s move stands.");
            click.create_response(&ctx.http, closed(text)).await?;
            Ok(())
        }
        Ok(UndoAnswer::Granted(report)) => {
            click.create_response(&ctx.http, closed("↩️ Everyone agreed: the move was taken back.".into())).await?;
            after_commit(&ctx.http, data, &report).await;
            Ok(())
        }
        Err(err) => refused(ctx, click, &err).await,
    }
}
