//! The Rematch button of a final board, and confirming a rematch lobby with its Join button:
//! the rematch lobby is posted where the finished game's lobby was, so the new game gets its
//! own thread when it starts.

use poise::serenity_prelude as serenity;
use serenity::{ChannelId, ComponentInteraction, CreateInteractionResponse, CreateInteractionResponseMessage};

use super::deliver::{after_change, after_commit};
use super::error::Error;
use super::{Data, display_name, post};
use crate::table::{Participant, Rematch, TableError, TableId, UserId};

/// A click on the Rematch button of finished table `old`.
///
/// # Errors
/// Discord or storage failures while answering (refusals are answered).
pub async fn asked(
    ctx: &serenity::Context,
    data: &Data,
    click: &ComponentInteraction,
    old: TableId,
) -> Result<(), Error> {
    let who = participant(click);
    match data.tables.rematch(old, &who).await {
        Ok(outcome) => answer(ctx, data, click, Some(old), outcome).await,
        Err(err) => refuse(ctx, click, &err).await,
    }
}

/// A click on Join in rematch lobby `table`: confirms a seated player, else takes the free
/// seat and confirms.
///
/// # Errors
/// Discord or storage failures while answering (refusals are answered).
pub async fn join(
    ctx: &serenity::Context,
    data: &Data,
    click: &ComponentInteraction,
    table: TableId,
) -> Result<(), Error> {
    let who = participant(click);
    let seated = data.tables.snapshot(table).await.ok().is_some_and(|s| s.seat_of(who.user).is_some());
    if !seated && let Err(err) = data.tables.join(table, who.clone()).await {
        return refuse(ctx, click, &err).await;
    }
    match data.tables.confirm(table, who.user).await {
        Ok(outcome) => answer(ctx, data, click, None, outcome).await,
        Err(err) => refuse(ctx, click, &err).await,
    }
}

fn participant(click: &ComponentInteraction) -> Participant {
    Participant { user: UserId(click.user.id.get()), name: display_name(&click.user, click.member.as_ref()) }
}

async fn answer(
    ctx: &serenity::Context,
    data: &Data,
    click: &ComponentInteraction,
    old: Option<TableId>,
    outcome: Rematch,
) -> Result<(), Error> {
    let text = match &outcome {
        Rematch::Opened(snapshot) => {
            let channel = open_lobby(ctx, data, old, snapshot).await?;
            format!(
                "The rematch is table #{} in <#{channel}>: it starts once everyone seated has confirmed with Join.",
                snapshot.id
            )
        }
        Rematch::Confirmed(snapshot) => {
            format!("You are in the rematch (table #{}); it starts once everyone seated has confirmed.", snapshot.id)
        }
        Rematch::Started(report) => format!("Everyone confirmed: the rematch (table #{}) begins.", report.table()),
    };
    let reply = CreateInteractionResponseMessage::new().ephemeral(true).content(text);
    click.create_response(&ctx.http, CreateInteractionResponse::Message(reply)).await?;
    match outcome {
        Rematch::Opened(_) => {}
        Rematch::Confirmed(snapshot) => after_change(&ctx.http, data, &snapshot).await,
        Rematch::Started(report) => after_commit(&ctx.http, data, &report).await,
    }
    Ok(())
}

/// Posts the new rematch lobby where `old`'s lobby was and records its place; the channel.
async fn open_lobby(
    ctx: &serenity::Context,
    data: &Data,
    old: Option<TableId>,
    snapshot: &crate::table::Snapshot,
) -> Result<u64, Error> {
    let place = match old {
        Some(old) => data.rows.place(old).await?,
        None => None,
    };
    let Some(place) = place else { return Err(Error::NoPlace(snapshot.id)) };
    data.rows.set_home(snapshot.id, place.guild, place.channel).await?;
    // The players still to confirm are pinged once, here; later edits of the lobby ping nobody.
    let asked: Vec<UserId> =
        snapshot.seats.iter().filter_map(|s| s.user).filter(|u| !snapshot.confirmed.contains(u)).collect();
    let mut content = post::lobby_content(snapshot);
    if !asked.is_empty() {
        let who: Vec<String> = asked.iter().map(|u| post::mention(*u)).collect();
        content.push_str(&format!("\n{}: confirm the rematch with Join, or Leave to decline.", who.join(", ")));
    }
    let message = serenity::CreateMessage::new()
        .content(post::clip(&content, 2000))
        .allowed_mentions(post::only_users(&asked))
        .components(post::lobby_components(snapshot, super::long_game::server_level(data, snapshot.id).await));
    let posted = ChannelId::new(place.channel).send_message(&ctx.http, message).await?;
    data.rows.set_lobby_message(snapshot.id, posted.id.get()).await?;
    Ok(place.channel)
}

async fn refuse(ctx: &serenity::Context, click: &ComponentInteraction, error: &TableError) -> Result<(), Error> {
    if error.is_internal() {
        tracing::error!(id = %click.data.custom_id, "rematch failed: {}", error.log_detail());
    }
    let reply = CreateInteractionResponseMessage::new().ephemeral(true).content(error.to_string());
    click.create_response(&ctx.http, CreateInteractionResponse::Message(reply)).await?;
    Ok(())
}
