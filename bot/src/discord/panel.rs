//! Private panels: one DM per player per table, sent when the game begins waiting for them and
//! edited in place while they decide; and the same view as an ephemeral reply (`/hand`, the
//! "My hand" button) for players whose DMs are closed. A player whose DMs Discord refused is
//! not sent another at that table until they interact there.

use poise::serenity_prelude as serenity;
use serenity::{ChannelId, CreateInteractionResponseMessage, CreateMessage, EditMessage, MessageId};

use super::deliver::{retire, with_nonce};
use super::error::{Error, is_dm_closed};
use super::post::{self, mention, only_users};
use super::{Data, rows};
use crate::table::outbox::PanelNote;
use crate::table::{PrivateView, Snapshot, Status, TableId, UserId, round_of};

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

/// Keeps the player's one private panel at the table up to date. A new DM (a notification)
/// goes out only when the game begins waiting for them, or for their first private news at the
/// table; otherwise the panel they have is edited in place: its choices while they decide, its
/// private lines ("since your last turn") as they come, its buttons removed and "Your move"
/// gone once the decision passes on, and a last edit when the game ends.
///
/// # Errors
/// Discord or storage failures.
pub async fn update(
    http: &serenity::Http,
    data: &Data,
    snapshot: &Snapshot,
    private: &PrivateView,
    note: &PanelNote,
    nonce: &str,
) -> Result<(), Error> {
    let (table, user) = (snapshot.id, note.user);
    let state = match snapshot.status {
        Status::Running if private.first_step.is_some() => PanelState::Deciding,
        Status::Running => PanelState::Waiting,
        _ => PanelState::Over,
    };
    let existing = data.rows.panel(table, user).await?;
    let mut lines = existing.as_ref().map(|p| p.lines.clone()).unwrap_or_default();
    lines.extend(note.lines.iter().cloned());
    let round = round_of(&private.view);
    let new_message = match &existing {
        None => (state == PanelState::Deciding && note.fresh) || !note.lines.is_empty(),
        // At most one new DM per player per round of the game: a later decision in the same
        // round (a Raja bid, trade answer or fill question) edits the panel already sent.
        Some(panel) => state == PanelState::Deciding && note.fresh && (round.is_none() || panel.round != round),
    };
    // Take back (issue #27 item 5) on the panel of the player who just moved: its button is
    // live, so the panel counts as open until the next change removes it.
    let take_back = note.take_back && state != PanelState::Over;
    if new_message {
        let panel = panel_message(data, snapshot, private, &lines, state, take_back).await?;
        let mut message = CreateMessage::new().content(panel.content).components(panel.rows);
        if let Some(png) = panel.png {
            message = message.add_file(png);
        }
        let Some(sent) = direct_message(http, data, table, user, with_nonce(message, nonce)).await? else {
            return Ok(());
        };
        if let Some(old) = existing.as_ref().filter(|p| p.open && p.message != sent.id.get()) {
            retire(http, ChannelId::new(old.channel), old.message).await;
        }
        let record = rows::Panel {
            channel: sent.channel_id.get(),
            message: sent.id.get(),
            open: state == PanelState::Deciding || take_back,
            version: snapshot.version,
            lines: if state == PanelState::Deciding { lines } else { Vec::new() },
            round,
        };
        data.rows.set_panel(table, user, &record).await?;
        return Ok(());
    }
    let Some(mut panel) = existing else { return Ok(()) };
    // Nothing to change: a closed panel with no news, or an open one whose choices still hold
    // (others answered a sealed decision it shares).
    let unchanged = note.lines.is_empty()
        && match state {
            PanelState::Deciding => panel.open && panel.version >= private.asked,
            PanelState::Waiting => !panel.open && !take_back,
            PanelState::Over => false,
        };
    if unchanged {
        return Ok(());
    }
    let message = panel_message(data, snapshot, private, &lines, state, take_back).await?;
    let mut edit = EditMessage::new().content(message.content).components(message.rows);
    if let Some(png) = message.png {
        edit = edit.attachments(serenity::EditAttachments::new().add(png));
    }
    let channel = ChannelId::new(panel.channel);
    channel.edit_message(http, MessageId::new(panel.message), edit).await?;
    let was_open = panel.open;
    panel.open = state == PanelState::Deciding || take_back;
    panel.version = snapshot.version;
    // The lines of a turn that ended were read on its panel; news after it waits for the next.
    let ended = was_open && (!panel.open || state != PanelState::Deciding);
    panel.lines = if ended { Vec::new() } else { lines };
    data.rows.set_panel(table, user, &panel).await?;
    Ok(())
}

/// Sends `user` a DM about `table`; `None` when their DMs are closed: a DM refused at the table
/// before is not tried again until they interact there; a refusal now holds DMs back from then
/// on, and the table is told once, without revealing anything, that they should use `/hand`.
async fn direct_message(
    http: &serenity::Http,
    data: &Data,
    table: TableId,
    user: UserId,
    message: CreateMessage,
) -> Result<Option<serenity::Message>, Error> {
    let blocked = data.rows.dm_block(table, user).await?;
    if blocked.is_some_and(|(retry, _)| !retry) {
        return Ok(None);
    }
    let target = serenity::UserId::new(user.0.max(1));
    match target.direct_message(http, message).await {
        Ok(sent) => {
            if blocked.is_some() {
                data.rows.dms_open(table, user).await?;
            }
            Ok(Some(sent))
        }
        Err(err) if is_dm_closed(&err) => {
            if data.rows.block_dms(table, user).await?
                && let Some(place) = data.rows.place(table).await?
            {
                let note = format!(
                    "{}, I cannot send you direct messages. Use `/hand` here to see your private view and choices.",
                    mention(user)
                );
                let message = CreateMessage::new().content(note).allowed_mentions(only_users(&[user]));
                ChannelId::new(place.game_channel()).send_message(http, message).await?;
            }
            Ok(None)
        }
        Err(err) => Err(err.into()),
    }
}

/// Tells `user`, by DM, that a computer plays their seat at `table`, with the button that gives
/// it back (closed DMs: the public line already names `/rejoin`).
///
/// # Errors
/// Discord or storage failures.
pub async fn tell_away(
    http: &serenity::Http,
    data: &Data,
    table: TableId,
    user: UserId,
    nonce: &str,
) -> Result<(), Error> {
    let place = data.rows.place(table).await?;
    let at = place.map(|p| format!(" in <#{}>", p.game_channel())).unwrap_or_default();
    let text = format!(
        "A computer player is playing your seat at table #{table}{at} while you are away. \
Press **I'm back** (or use `/rejoin` there) to take it back; nothing you held is lost."
    );
    let message = CreateMessage::new().content(text).components(post::rejoin_components(table));
    direct_message(http, data, table, user, with_nonce(message, nonce)).await?;
    Ok(())
}

/// Sends `user` the notice held through their quiet hours at `table` (`kind`: "turn" or
/// "reminder"), if the game still waits for them; nothing when it no longer does.
///
/// # Errors
/// Discord or storage failures.
pub async fn tell_held(
    http: &serenity::Http,
    data: &Data,
    table: TableId,
    user: UserId,
    kind: &str,
) -> Result<(), Error> {
    let snapshot = data.tables.snapshot(table).await?;
    if !snapshot.waiting_users().contains(&user) {
        return Ok(());
    }
    let place = data.rows.place(table).await?;
    let at = place.map(|p| format!(" in <#{}>", p.game_channel())).unwrap_or_default();
    let what = if kind == "reminder" {
        "is waiting for you, and half your time for this move is gone"
    } else {
        "is waiting for you"
    };
    let text = format!("Your quiet hours are over: the game at table #{table}{at} {what}. Use `/hand` there to play.");
    direct_message(http, data, table, user, CreateMessage::new().content(text)).await?;
    Ok(())
}

/// Sends `user` their daily digest: every running game waiting for them, with a link to its
/// thread (nothing when none is).
///
/// # Errors
/// Discord or storage failures.
pub async fn digest(http: &serenity::Http, data: &Data, user: UserId) -> Result<(), Error> {
    let mut lines = Vec::new();
    let mut first = None;
    for table in data.tables.tables_of(Some(user), Status::Running).await? {
        if !table.your_turn {
            continue;
        }
        let place = data.rows.place(table.id).await?;
        let link = place.map(|p| format!(" in <#{}>", p.game_channel())).unwrap_or_default();
        lines.push(format!("• #{} {}{link}", table.id, table.game.name()));
        first.get_or_insert(table.id);
    }
    let Some(table) = first else { return Ok(()) };
    let text = format!("**Your daily digest**: these games are waiting for you.\n{}", lines.join("\n"));
    direct_message(http, data, table, user, CreateMessage::new().content(text)).await?;
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

/// The characters of a panel given to the seat's board as text (a message holds 2,000).
const PANEL_BOARD_ROOM: usize = 1300;

/// A seat's board as text within `room` characters: whole when it fits; else its first line
/// (the game and whose turn) and then the lines only this seat sees, which the public board
/// (`public`) lacks, so what is cut is what the channel's board already shows, never the hand.
fn own_board_text(own: &str, public: Option<&str>, room: usize) -> String {
    if own.chars().count() <= room {
        return own.to_string();
    }
    let Some(public) = public else { return post::clip(own, room) };
    let shared: std::collections::HashSet<&str> = public.lines().collect();
    let mut lines = own.lines();
    let mut kept: Vec<&str> = lines.next().into_iter().collect();
    kept.extend(lines.filter(|line| !line.trim().is_empty() && !shared.contains(line)));
    kept.push("(The whole board is in the picture and in the game's channel.)");
    post::clip(&kept.join("\n"), room)
}

async fn panel_message(
    data: &Data,
    snapshot: &Snapshot,
    private: &PrivateView,
    lines: &[String],
    state: PanelState,
    take_back: bool,
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
    // The player's own notes at the table (`/notes`), shown only here and in `/hand`.
    let owner = snapshot.seats.get(private.seat.index()).and_then(|s| s.user);
    if let Some(user) = owner
        && let Some(note) = data.tables.note(snapshot.id, user).await?
    {
        content.push_str(&format!("📝 Your notes: {}\n", post::clip(&note, 300)));
    }
    // A player on a slow connection asked for small pictures in `/settings` (issue #25).
    let size = match owner {
        Some(user) if data.tables.user_settings(user).await?.small_pictures => render::PictureSize::Small,
        _ => render::PictureSize::Standard,
    };
    let text = render::board_text(&private.view, &private.names);
    let public = snapshot.view.as_ref().map(|view| render::board_text(view, &private.names));
    content.push_str(&format!("```\n{}\n```", own_board_text(&text, public.as_deref(), PANEL_BOARD_ROOM)));
    let mut rows = Vec::new();
    match state {
        PanelState::Deciding => {
            content.push_str(if private.waited_for { "\n**Your move:**" } else { "\nYou may act:" });
            if let Some(choices) = &private.first_step {
                rows = post::step_rows(snapshot.id, private.version, &[], choices, false);
            }
            // Room permitting (five rows at most), the player may silence this turn's reminders.
            if private.waited_for && rows.len() < 5 {
                let id = super::ids::ComponentId::SkipPings(snapshot.id).encode().unwrap_or_default();
                let skip = serenity::CreateButton::new(id)
                    .label("Skip pings for this turn")
                    .style(serenity::ButtonStyle::Secondary);
                rows.push(serenity::CreateActionRow::Buttons(vec![skip]));
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
    // Room permitting (five rows at most): Take back the move just made.
    if take_back && rows.len() < 5 {
        rows.extend(super::undo::take_back_row(snapshot.id));
    }
    let png = render::board_png_sized(&private.view, &private.names, size).ok().map(|png| {
        serenity::CreateAttachment::bytes(png, format!("table-{}-yours.png", snapshot.id))
            .description(post::alt_text(snapshot.game, &own_board_text(&text, public.as_deref(), 900)))
    });
    Ok(Panel { content: post::clip(&content, 2000), png, rows })
}

/// Builds `user`'s private panel at `table` (for `/hand` and the "My hand" button), headed by
/// `lines`: one read of the table. The player interacted at the table, so DMs are tried there
/// again; when they had been held back, the panel says their DMs are closed.
///
/// # Errors
/// When the table is not running or `user` is not seated there.
pub async fn private_panel(data: &Data, table: TableId, user: UserId, lines: &[String]) -> Result<Panel, Error> {
    let (snapshot, private) = data.tables.private_view(table, user).await?;
    let mut lines = lines.to_vec();
    // Whenever Discord refused the last DM here, the player is told: the whole notice the
    // first time, a short reminder after that (not only the first time, as before).
    let closed = data.rows.dm_block(table, user).await?.is_some();
    if data.rows.unblock_dms(table, user).await? {
        lines.insert(0, DM_CLOSED_NOTICE.to_string());
    } else if closed {
        lines.insert(0, DM_STILL_CLOSED.to_string());
    }
    let state = if private.first_step.is_some() { PanelState::Deciding } else { PanelState::Waiting };
    panel_message(data, &snapshot, &private, &lines, state, false).await
}

/// The reminder on later private panels while Discord still refuses the player's DMs.
pub const DM_STILL_CLOSED: &str =
    "Your DMs are still closed to Saloon: your turns show up here and in the thread, not by DM.";

/// What a player whose DMs are closed is told, privately, when they next interact at the table.
pub const DM_CLOSED_NOTICE: &str = "I could not send you a direct message: your DMs are closed. \
Use `/hand` in the game's thread to see your private view and choices.";

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

#[cfg(test)]
mod tests {
    use super::own_board_text;

    #[test]
    fn a_long_own_board_keeps_the_private_lines_and_drops_what_the_channel_shows() {
        let public = format!("Game · Round 3\n{}", "A public line of the board\n".repeat(60));
        let own = format!("{public}Only you see this: hand 4H 6S QD AH");
        let text = own_board_text(&own, Some(&public), 300);
        assert!(text.starts_with("Game · Round 3\n"), "{text}");
        assert!(text.contains("Only you see this: hand 4H 6S QD AH"), "{text}");
        assert!(!text.contains("A public line"), "{text}");
        assert!(text.chars().count() <= 300);
        let short = "Game · Round 1\nOnly you see this: hand 2C";
        assert_eq!(own_board_text(short, Some("Game · Round 1"), 300), short, "a board that fits is whole");
    }
}
