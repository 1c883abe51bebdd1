//! Delivering what the table layer returns: the public board post in the game's channel,
//! private lines and choices by DM (with the closed-DM fallback), and private panels.

use std::sync::Arc;

use engines::Viewer;
use poise::serenity_prelude as serenity;
use serenity::{ChannelId, CreateInteractionResponseMessage, CreateMessage, EditMessage, MessageId};

use super::Data;
use super::post::{self, mention, only_users};
use super::rows::{self, Place};
use crate::store::{Origin, Status, TableId, UserId};
use crate::table::{MoveReport, PrivateView, Snapshot};

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

/// Posts `snapshot`'s board in its game channel with `narration` (public lines), retires the
/// previous board's buttons, and remembers the new post. Every waiting player is named, but
/// only `ping` (those who began waiting) get a notification. Posts for one table go out one at
/// a time, in order: a board older than the latest one posted (two moves at once) is posted
/// without live buttons and does not replace it.
///
/// # Errors
/// Discord or storage failures.
pub async fn post_board(
    http: &serenity::Http,
    data: &Data,
    snapshot: &Snapshot,
    narration: &[String],
    ping: &[UserId],
) -> Result<(), Error> {
    let table = snapshot.id;
    let lock = data.board_lock(table);
    let _one_at_a_time = lock.lock().await;
    let Some(mut place) = data.rows.place(table).await? else {
        tracing::warn!(%table, "table has no place on Discord; nothing posted");
        return Ok(());
    };
    let latest = place.board_version.is_none_or(|v| snapshot.version >= v);
    let channel = ChannelId::new(place.game_channel());
    let mut message = CreateMessage::new()
        .content(post::board_content(snapshot, narration))
        .allowed_mentions(only_users(ping))
        .components(if latest { post::board_components(snapshot) } else { Vec::new() });
    if let Some(png) = post::board_png(snapshot) {
        message = message.add_file(png);
    }
    if snapshot.status == Status::Finished {
        let log = data.tables.log(table).await?;
        message = message.add_file(post::log_file(snapshot, &log));
    }
    let posted = channel.send_message(http, message).await?;
    if latest {
        retire_board(http, &place).await;
        place.board_message = Some(posted.id.get());
        place.board_version = Some(snapshot.version);
        data.rows.set_place(table, &place).await?;
    }
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

/// Delivers a move from its report alone (see [`deliver_report`]); then, when the game waits
/// for computer players, has them think and move in a task of their own (see [`drive`]), so
/// whoever clicked has their answer first.
///
/// # Errors
/// As [`deliver_report`].
pub async fn deliver_move(http: &Arc<serenity::Http>, data: &Data, report: &MoveReport) -> Result<(), Error> {
    let delivered = deliver_report(http, data, report).await;
    if report.snapshot.waits_on_computer() {
        drive(http.clone(), data.clone(), report.table());
    }
    delivered
}

/// Moves `table`'s computer players on, one move per commit, delivering each as it comes: the
/// searching ones think on the blocking pool ([`crate::table::Tables::drive_computers`]). One
/// task per table; a request while it runs makes it look again before it stops. A failure is
/// logged and left to the sweeper, which moves a table left waiting on computers on after
/// [`crate::table::COMPUTER_GRACE`].
pub fn drive(http: Arc<serenity::Http>, data: Data, table: TableId) {
    if !data.claim_driver(table) {
        return;
    }
    tokio::spawn(async move {
        loop {
            loop {
                match data.tables.drive_computers(table).await {
                    Ok(Some(report)) => {
                        if let Err(err) = deliver_report(&http, &data, &report).await {
                            tracing::warn!(%table, "cannot post a computer player's move: {err}");
                        }
                    }
                    Ok(None) => break,
                    Err(err) => {
                        tracing::warn!(%table, "computer players stopped: {}", err.log_detail());
                        break;
                    }
                }
            }
            if !data.release_driver(table) {
                break;
            }
        }
    });
}

/// Delivers a move from its report alone (nothing is read back from the table): each human's
/// private panel first (so a closed-DM note lands before the board it concerns), then the
/// public board post.
///
/// # Errors
/// Discord or storage failures of the public post (private failures are logged here).
pub async fn deliver_report(http: &serenity::Http, data: &Data, report: &MoveReport) -> Result<(), Error> {
    for private in &report.privates {
        let Some(user) = report.snapshot.seats.get(private.seat.index()).and_then(|s| s.user) else { continue };
        let lines = report.private_lines(private.seat);
        let fresh = report.fresh.contains(private.seat);
        if let Err(err) = update_panel(http, data, &report.snapshot, private, user, &lines, fresh).await {
            tracing::warn!(table = %report.table(), "private panel failed: {err}");
        }
    }
    for seat in report.went_away.iter() {
        let Some(user) = report.snapshot.seats.get(seat.index()).and_then(|s| s.user) else { continue };
        if let Err(err) = tell_away(http, data, report.table(), user).await {
            tracing::warn!(table = %report.table(), "could not tell a player a computer took their seat: {err}");
        }
    }
    let names = report.names();
    let mut public: Vec<String> = report
        .moves
        .iter()
        .filter(|m| m.origin == Origin::Timeout)
        .map(|m| m.seat)
        .collect::<engines::SeatSet>()
        .iter()
        .map(|seat| {
            let name = names.get(seat.index()).cloned().unwrap_or_default();
            // The action itself may be a private choice (a sealed bid, a hidden card): the
            // public narration that follows says what everybody may know of it.
            format!("⏰ {name} ran out of time; the table made the safe default moves for them.")
        })
        .collect();
    public.extend(report.narration_for(Viewer::Public));
    post_board(http, data, &report.snapshot, &public, &report.fresh_users()).await
}

/// Tells `user`, by DM, that a computer plays their seat at `table`, with the button that
/// gives it back (closed DMs: the public line already names /rejoin).
async fn tell_away(http: &serenity::Http, data: &Data, table: TableId, user: UserId) -> Result<(), Error> {
    let place = data.rows.place(table).await?;
    let at = place.map(|p| format!(" in <#{}>", p.game_channel())).unwrap_or_default();
    let text = format!(
        "A computer player is playing your seat at table #{table}{at} while you are away. \
Press **I'm back** (or use `/rejoin` there) to take it back; nothing you held is lost."
    );
    let message = CreateMessage::new().content(text).components(post::rejoin_components(table));
    match serenity::UserId::new(user.0.max(1)).direct_message(http, message).await {
        Ok(_) => Ok(()),
        Err(err) if is_dm_closed(&err) => dms_closed(http, data, table, user).await,
        Err(err) => Err(err.into()),
    }
}

/// Where a player's panel stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PanelState {
    /// The player may act: the panel carries their choices.
    Deciding,
    /// Someone else decides.
    Waiting,
    /// The game is over (or abandoned).
    Over,
}

/// Keeps `user`'s one private panel at the table up to date. A new DM (a notification) goes
/// out only when the game begins waiting for them (`fresh`), or for their first private news
/// at the table; otherwise the panel they have is edited in place: its choices while they
/// decide, its private lines ("since your last turn") as they come, its buttons removed and
/// "Your move" gone once the decision passes on, and a last edit when the game ends.
async fn update_panel(
    http: &serenity::Http,
    data: &Data,
    snapshot: &Snapshot,
    private: &PrivateView,
    user: UserId,
    news: &[String],
    fresh: bool,
) -> Result<(), Error> {
    let table = snapshot.id;
    let state = match snapshot.status {
        Status::Running if private.first_step.is_some() => PanelState::Deciding,
        Status::Running => PanelState::Waiting,
        _ => PanelState::Over,
    };
    let existing = data.rows.panel(table, user).await?;
    let mut lines = existing.as_ref().map(|p| p.lines.clone()).unwrap_or_default();
    lines.extend(news.iter().cloned());
    let new_message = match &existing {
        None => (state == PanelState::Deciding && fresh) || !news.is_empty(),
        Some(_) => state == PanelState::Deciding && fresh,
    };
    if new_message {
        if let Some(old) = existing.as_ref().filter(|p| p.open) {
            close_panel(http, old).await;
        }
        let panel = panel_message(data, snapshot, private, &lines, state).await?;
        let mut message = CreateMessage::new().content(panel.content).components(panel.rows);
        if let Some(png) = panel.png {
            message = message.add_file(png);
        }
        let target = serenity::UserId::new(user.0.max(1));
        match target.direct_message(http, message).await {
            Ok(sent) => {
                data.rows.clear_dm_closed(user.0).await?;
                let record = rows::Panel {
                    channel: sent.channel_id.get(),
                    message: sent.id.get(),
                    open: state == PanelState::Deciding,
                    version: snapshot.version,
                    lines: if state == PanelState::Deciding { lines } else { Vec::new() },
                };
                data.rows.set_panel(table, user, &record).await?;
            }
            Err(err) if is_dm_closed(&err) => dms_closed(http, data, table, user).await?,
            Err(err) => return Err(err.into()),
        }
        return Ok(());
    }
    let Some(mut panel) = existing else { return Ok(()) };
    // Nothing to change: a closed panel with no news, or an open one whose choices still hold
    // (others answered a sealed decision it shares).
    let unchanged = news.is_empty()
        && match state {
            PanelState::Deciding => panel.open && panel.version >= private.asked,
            PanelState::Waiting => !panel.open,
            PanelState::Over => false,
        };
    if unchanged {
        return Ok(());
    }
    let message = panel_message(data, snapshot, private, &lines, state).await?;
    let mut edit = EditMessage::new().content(message.content).components(message.rows);
    if let Some(png) = message.png {
        edit = edit.attachments(serenity::EditAttachments::new().add(png));
    }
    let channel = ChannelId::new(panel.channel);
    channel.edit_message(http, MessageId::new(panel.message), edit).await?;
    let was_open = panel.open;
    panel.open = state == PanelState::Deciding;
    panel.version = snapshot.version;
    // The lines of a turn that ended were read on its panel; news after it waits for the next.
    panel.lines = if was_open && !panel.open { Vec::new() } else { lines };
    data.rows.set_panel(table, user, &panel).await?;
    Ok(())
}

/// Takes the buttons off a panel a newer one replaces.
async fn close_panel(http: &serenity::Http, panel: &rows::Panel) {
    let edit = EditMessage::new().components(Vec::new());
    let channel = ChannelId::new(panel.channel);
    if let Err(err) = channel.edit_message(http, MessageId::new(panel.message), edit).await {
        tracing::debug!("could not close an old panel: {err}");
    }
}

/// `user`'s DMs are closed: said once per table in public (without revealing anything), and
/// to them privately at their next interaction.
async fn dms_closed(http: &serenity::Http, data: &Data, table: TableId, user: UserId) -> Result<(), Error> {
    data.rows.mark_dm_closed(user.0).await?;
    if !data.rows.note_dm_closed(table, user.0).await? {
        return Ok(());
    }
    if let Some(place) = data.rows.place(table).await? {
        let note = format!(
            "{}, I cannot send you direct messages. Use `/hand` here to see your private view and choices.",
            mention(user)
        );
        let message = CreateMessage::new().content(note).allowed_mentions(only_users(&[user]));
        ChannelId::new(place.game_channel()).send_message(http, message).await?;
    }
    Ok(())
}

/// A private panel: the seat's own view (text and picture) and, when it may act, the first
/// step of its choices.
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

async fn panel_message(
    data: &Data,
    snapshot: &Snapshot,
    private: &PrivateView,
    lines: &[String],
    state: PanelState,
) -> Result<Panel, Error> {
    let place = data.rows.place(snapshot.id).await?;
    let mut content = format!("**{}** · table #{}", private.game.name(), snapshot.id);
    if let Some(place) = place {
        content.push_str(&format!(" in <#{}>", place.game_channel()));
    }
    content.push_str(" — only you can see this.\n");
    if !lines.is_empty() {
        content.push_str(if state == PanelState::Deciding { "Since your last turn:\n" } else { "News:\n" });
        // The latest lines, when a long stretch would not fit.
        let skip = lines.len().saturating_sub(12);
        if skip > 0 {
            content.push_str(&format!("• … {skip} earlier\n"));
        }
        for line in &lines[skip..] {
            content.push_str(&format!("• {}\n", post::clip(line, 200)));
        }
    }
    let text = render::board_text(&private.view, &private.names);
    content.push_str(&format!("```\n{}\n```", post::clip(&text, 1300)));
    let mut rows = Vec::new();
    match state {
        PanelState::Deciding => {
            content.push_str(if private.waited_for { "\n**Your move:**" } else { "\nYou may act:" });
            if let Some(choices) = &private.first_step {
                rows = post::step_rows(snapshot.id, private.version, "", choices, None);
            }
        }
        PanelState::Waiting => {
            let waiting = snapshot.waiting_names();
            if !waiting.is_empty() {
                content.push_str(&format!("\nWaiting for {}.", waiting.join(", ")));
            }
            if snapshot.seats.get(private.seat.index()).is_some_and(|s| s.away) {
                content.push_str("\nA computer plays your seat while you are away; press **I'm back** to play again.");
                rows = post::rejoin_components(snapshot.id);
            }
        }
        PanelState::Over => content.push_str("\nThis game is over; the final board is in the game's channel."),
    }
    let png = render::board_png(&private.view, &private.names).ok().map(|png| {
        serenity::CreateAttachment::bytes(png, format!("table-{}-yours.png", snapshot.id))
            .description(post::alt_text(snapshot.game, &text))
    });
    Ok(Panel { content: post::clip(&content, 2000), png, rows })
}

/// Builds `user`'s private panel at `table` (for `/hand` and the "My hand" button), headed by
/// `lines`: one read of the table.
///
/// # Errors
/// When the table is not running or `user` is not seated there.
pub async fn private_panel(data: &Data, table: TableId, user: UserId, lines: &[String]) -> Result<Panel, Error> {
    let (snapshot, private) = data.tables.private_view(table, user).await?;
    let state = if private.first_step.is_some() { PanelState::Deciding } else { PanelState::Waiting };
    panel_message(data, &snapshot, &private, lines, state).await
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
