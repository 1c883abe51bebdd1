//! Delivering what the table layer returns: the public board post in the game's channel,
//! private lines and choices by DM (with the closed-DM fallback), and private panels.

use engines::{Seat, Viewer};
use poise::serenity_prelude as serenity;
use serenity::{ChannelId, CreateInteractionResponseMessage, CreateMessage, EditMessage, MessageId};

use super::post::{self, mention, only_users};
use crate::store::{Origin, Place, Status, TableId, UserId};
use crate::table::{MoveReport, Snapshot, Tables};

/// Errors while talking to Discord; logged, never shown to players in detail.
pub type Error = Box<dyn std::error::Error + Send + Sync>;

/// A delivery error as a table error: the table layer's own refusal when it was one (so the
/// player reads why), else an internal failure (details for the log only).
#[must_use]
pub fn as_table_error(err: Error) -> crate::table::TableError {
    match err.downcast::<crate::table::TableError>() {
        Ok(table) => *table,
        Err(other) => crate::table::TableError::Internal(other.to_string()),
    }
}

/// What a player whose DMs are closed is told, privately, at their next interaction.
pub const DM_CLOSED_NOTICE: &str = "I could not send you a direct message (your DMs are closed). \
Use `/hand` in the game's thread to see your private view and choices.";

/// Discord's "Cannot send messages to this user".
const DMS_CLOSED: isize = 50007;

/// Whether a REST error is Discord refusing a DM.
#[must_use]
pub fn is_dm_closed(error: &serenity::Error) -> bool {
    matches!(error, serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response))
        if response.error.code == DMS_CLOSED)
}

/// Posts the current board of `table` in its game channel with `narration` (public lines),
/// retires the previous board's buttons, and remembers the new post. Every waiting player is
/// named, but only `ping` (those facing a new decision) get a notification.
///
/// # Errors
/// Discord or storage failures.
pub async fn post_board(
    http: &serenity::Http,
    tables: &Tables,
    table: TableId,
    narration: &[String],
    ping: &[UserId],
) -> Result<(), Error> {
    let snapshot = tables.snapshot(table).await?;
    let Some(mut place) = tables.store().place(table).await? else {
        tracing::warn!(%table, "table has no place on Discord; nothing posted");
        return Ok(());
    };
    let channel = ChannelId::new(place.game_channel());
    let mut message = CreateMessage::new()
        .content(post::board_content(&snapshot, narration))
        .allowed_mentions(only_users(ping))
        .components(post::board_components(&snapshot));
    if let Some(png) = post::board_png(&snapshot) {
        message = message.add_file(png);
    }
    if snapshot.status == Status::Finished {
        let log = tables.store().log(table).await?;
        message = message.add_file(post::log_file(&snapshot, &log));
    }
    let posted = channel.send_message(http, message).await?;
    retire_board(http, &place).await;
    place.board_message = Some(posted.id.get());
    tables.store().set_place(table, &place).await?;
    Ok(())
}

/// Removes the buttons of the previous board post (its picture stays).
async fn retire_board(http: &serenity::Http, place: &Place) {
    let Some(old) = place.board_message.filter(|id| *id != 0) else { return };
    let channel = ChannelId::new(place.game_channel());
    if let Err(err) = channel.edit_message(http, MessageId::new(old), EditMessage::new().components(Vec::new())).await {
        tracing::debug!("could not retire the old board's buttons: {err}");
    }
}

/// Delivers a move: each human's private lines and choices first (so a closed-DM note lands
/// before the board it concerns), then the public board post.
///
/// # Errors
/// Discord or storage failures of the public post (private failures are logged here).
pub async fn deliver_move(http: &serenity::Http, tables: &Tables, report: &MoveReport) -> Result<(), Error> {
    for row in &report.seats {
        let Some(user) = row.user else { continue };
        let seat = Seat(row.seat);
        let lines: Vec<String> = report
            .narration
            .iter()
            .filter(|n| n.audience.readers().is_some_and(|r| r.contains(seat)))
            .map(|n| n.text.clone())
            .collect();
        // Messaged once per decision: not again while they still owe the same answer.
        let private_choice = report.fresh.contains(seat) && report.secret_holders.contains(seat);
        if lines.is_empty() && !private_choice {
            continue;
        }
        if let Err(err) = send_private(http, tables, report.table, user, &lines).await {
            tracing::warn!(table = %report.table, "private message failed: {err}");
        }
    }
    let names = report.names();
    let mut public: Vec<String> = report
        .moves
        .iter()
        .filter(|m| m.origin == Origin::Timeout)
        .map(|m| {
            let name = names.get(m.seat.index()).cloned().unwrap_or_default();
            // The action itself may be a private choice (a sealed bid, a hidden card): the
            // public narration that follows says what everybody may know of it.
            format!("⏰ {name} ran out of time; the table made the safe default move for them.")
        })
        .collect();
    public.extend(report.narration_for(Viewer::Public));
    post_board(http, tables, report.table, &public, &report.fresh_users()).await
}

/// DMs `user` their private lines, view and choices at `table`; if their DMs are closed,
/// says so publicly without revealing anything and remembers to tell them at their next click.
async fn send_private(
    http: &serenity::Http,
    tables: &Tables,
    table: TableId,
    user: UserId,
    lines: &[String],
) -> Result<(), Error> {
    let panel = private_panel(tables, table, user, lines).await?;
    let mut message = CreateMessage::new().content(panel.content).components(panel.rows);
    if let Some(png) = panel.png {
        message = message.add_file(png);
    }
    let target = serenity::UserId::new(user.0.max(1));
    match target.direct_message(http, message).await {
        Ok(_) => {
            tables.store().clear_dm_closed(user.0).await?;
            Ok(())
        }
        Err(err) if is_dm_closed(&err) => {
            tables.store().mark_dm_closed(user.0).await?;
            // Said once per table in public; the player also hears it privately at their next
            // interaction.
            let first = tables.store().note_dm_closed(table, user.0).await?;
            let place = if first { tables.store().place(table).await? } else { None };
            if let Some(place) = place {
                let note = format!(
                    "{}, I cannot send you direct messages. Use `/hand` here to see your private view and choices.",
                    mention(user)
                );
                let message = CreateMessage::new().content(note).allowed_mentions(only_users(&[user]));
                ChannelId::new(place.game_channel()).send_message(http, message).await?;
            }
            Ok(())
        }
        Err(err) => Err(err.into()),
    }
}

/// A private panel: the seat's own view (text and picture) and, when it must decide, the
/// first step of its choices.
#[derive(Debug)]
pub struct Panel {
    /// The message text.
    pub content: String,
    /// The seat's picture.
    pub png: Option<serenity::CreateAttachment>,
    /// Its choices.
    pub rows: Vec<serenity::CreateActionRow>,
}

impl Panel {
    /// As an ephemeral interaction reply.
    pub fn into_ephemeral(self) -> CreateInteractionResponseMessage {
        let mut reply =
            CreateInteractionResponseMessage::new().ephemeral(true).content(self.content).components(self.rows);
        if let Some(png) = self.png {
            reply = reply.add_file(png);
        }
        reply
    }
}

/// Builds `user`'s private panel at `table`, headed by `lines` (their private news).
///
/// # Errors
/// When the table is not running or `user` is not seated there.
pub async fn private_panel(tables: &Tables, table: TableId, user: UserId, lines: &[String]) -> Result<Panel, Error> {
    let private = tables.private_view(table, user).await?;
    let place = tables.store().place(table).await?;
    let mut content = format!("**{}** · table #{}", private.game.name(), table);
    if let Some(place) = place {
        content.push_str(&format!(" in <#{}>", place.game_channel()));
    }
    content.push_str(" — only you can see this.\n");
    for line in lines {
        content.push_str(&format!("• {line}\n"));
    }
    let text = render::board_text(&private.view, &private.names);
    content.push_str(&format!("```\n{}\n```", post::clip(&text, 1500)));
    let mut rows = Vec::new();
    if let Some(choices) = &private.first_step {
        content.push_str("\nYour move:");
        rows = post::step_rows(table, private.version, "", choices, None);
    }
    let png = render::board_png(&private.view, &private.names)
        .ok()
        .map(|png| serenity::CreateAttachment::bytes(png, format!("table-{table}-yours.png")));
    Ok(Panel { content: post::clip(&content, 2000), png, rows })
}

/// A snapshot's board as an ephemeral reply with `note` on top (for stale clicks, `/status`).
pub fn board_reply(snapshot: &Snapshot, note: &str) -> CreateInteractionResponseMessage {
    let content = post::clip(&format!("{note}\n{}", post::board_content(snapshot, &[])), 2000);
    let mut reply = CreateInteractionResponseMessage::new()
        .ephemeral(true)
        .content(content)
        .allowed_mentions(only_users(&[]))
        .components(post::board_components(snapshot));
    if let Some(png) = post::board_png(snapshot) {
        reply = reply.add_file(png);
    }
    reply
}
