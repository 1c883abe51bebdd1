//! `/export` and `/verify` (issue #28): a finished table's log for its players, and the check
//! of its sealed deal, draws and standings for anyone.

use poise::CreateReply;
use poise::serenity_prelude as serenity;

use super::Context;
use super::commands::{author, autocomplete_table, refuse, resolve_here, say_private};
use super::error::Error;

/// Whether a table tells every private fact at the end, as a `/play` choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum RevealChoice {
    /// The default.
    #[name = "yes: hands and secrets are told at the end"]
    Yes,
    /// Keep them private.
    #[name = "no: hands and secrets stay private"]
    No,
}

/// `options` with the `/play` reveal choice written in (as `reveal=no` would be).
#[must_use]
pub fn with_reveal(mut options: serde_json::Value, reveal: Option<RevealChoice>) -> serde_json::Value {
    if let (Some(choice), Some(map)) = (reveal, options.as_object_mut()) {
        let word = if choice == RevealChoice::No { "no" } else { "yes" };
        map.insert("reveal".into(), serde_json::Value::from(word));
    }
    options
}

/// A finished game's full log, as JSON to check and text to read (only you see this).
#[poise::command(slash_command)]
pub async fn export(
    ctx: Context<'_>,
    #[description = "Table number (default: this thread's game)"]
    #[autocomplete = "autocomplete_table"]
    table: Option<i64>,
) -> Result<(), Error> {
    let id = match resolve_here(ctx, table).await {
        Ok(id) => id,
        Err(message) => return say_private(ctx, message).await,
    };
    ctx.defer_ephemeral().await?;
    match ctx.data().tables.export(id, Some(author(ctx))).await {
        Ok(export) => {
            let json = serenity::CreateAttachment::bytes(export.json.into_bytes(), format!("table-{}-log.json", id.0));
            let text = serenity::CreateAttachment::bytes(export.text.into_bytes(), format!("table-{}-log.txt", id.0));
            let content = format!(
                "Table #{id}'s log: the JSON file is what `saloon verify` checks; the text file is the same, to read."
            );
            ctx.send(CreateReply::default().ephemeral(true).content(content).attachment(json).attachment(text)).await?;
            Ok(())
        }
        Err(err) => refuse(ctx, &err).await,
    }
}

/// Check a finished game: its sealed deal, every draw and the final standings.
#[poise::command(slash_command)]
pub async fn verify(
    ctx: Context<'_>,
    #[description = "Table number (default: this thread's game)"]
    #[autocomplete = "autocomplete_table"]
    table: Option<i64>,
    #[description = "A log file from /export to check instead of a table"] file: Option<serenity::Attachment>,
) -> Result<(), Error> {
    if let Some(file) = file {
        ctx.defer_ephemeral().await?;
        return say_private(ctx, check_upload(&file).await).await;
    }
    let id = match resolve_here(ctx, table).await {
        Ok(id) => id,
        Err(message) => return say_private(ctx, message).await,
    };
    ctx.defer_ephemeral().await?;
    match ctx.data().tables.verify_table(id).await {
        Ok(Ok(verified)) => say_private(ctx, format!("Table #{id}: {}", verified.sentence())).await,
        Ok(Err(failed)) => say_private(ctx, format!("Table #{id}: {failed}")).await,
        Err(err) => refuse(ctx, &err).await,
    }
}

/// The largest log file `/verify` reads: a long Martian Gunslinger game's log is well under
/// 1 MB, so 4 MB leaves room and keeps a stranger's upload from costing much.
pub const MAX_LOG_BYTES: u32 = 4 << 20;
/// How long fetching an uploaded file may take.
const DOWNLOAD_TIME: std::time::Duration = std::time::Duration::from_secs(15);

/// The verdict on an uploaded log, in sentences: the same checks as `saloon verify FILE`.
async fn check_upload(file: &serenity::Attachment) -> String {
    let name = super::post::clip(&file.filename, 80);
    if file.size > MAX_LOG_BYTES {
        let (size, most) = (megabytes(file.size), megabytes(MAX_LOG_BYTES));
        return format!(
            "{name} is {size}; a Saloon log to check must be at most {most}. Attach the .json file that /export gave."
        );
    }
    // serenity's download (reqwest, the HTTP stack the bot already uses), bounded in time.
    let bytes = match tokio::time::timeout(DOWNLOAD_TIME, file.download()).await {
        Ok(Ok(bytes)) if bytes.len() <= MAX_LOG_BYTES as usize => bytes,
        Ok(Ok(_)) => return format!("{name} is larger than {}; it is not a Saloon log.", megabytes(MAX_LOG_BYTES)),
        Ok(Err(err)) => {
            tracing::warn!(error = %err, "an uploaded log could not be fetched");
            return format!("{name} could not be fetched from Discord; try attaching it again.");
        }
        Err(_) => return format!("{name} took too long to fetch from Discord; try attaching it again."),
    };
    let Ok(text) = String::from_utf8(bytes) else {
        return format!("{name}: {}", crate::fair::verify::VerifyError::NotALog("it is not text".into()));
    };
    // Replaying a long game takes a moment of CPU: off the event loop.
    let verdict = tokio::task::spawn_blocking(move || crate::fair::verify::verify_json(&text)).await;
    match verdict {
        Ok(Ok(verified)) => format!("{name}: {}", verified.sentence()),
        Ok(Err(failed)) => format!("{name}: {failed}"),
        Err(err) => {
            tracing::error!(error = %err, "checking an uploaded log failed");
            format!("{name} could not be checked just now; try again.")
        }
    }
}

fn megabytes(bytes: u32) -> String {
    format!("{:.1} MB", f64::from(bytes) / f64::from(1u32 << 20))
}

/// Posts the whole story of a finished game in its thread: the standings, the turning points
/// and, unless the table was opened with reveal=no, every private fact, in words and in a
/// picture of what each seat kept hidden. A story longer than one
/// message is attached whole as a text file, the post keeping what fits.
///
/// # Errors
/// The table cannot be read, or Discord refuses the post.
pub async fn post_story(
    http: &serenity::Http,
    data: &super::Data,
    snapshot: &crate::table::Snapshot,
    nonce: &str,
) -> Result<(), Error> {
    let Some(place) = data.rows.place(snapshot.id).await? else { return Ok(()) };
    let story = data.tables.story(snapshot.id).await?;
    let lines = crate::console::fair::story_lines(&story);
    let whole = format!("📜 **Table #{}, {}**\n{}", snapshot.id, snapshot.game.name(), lines.join("\n"));
    let mut message = serenity::CreateMessage::new().allowed_mentions(super::post::only_users(&[]));
    if whole.chars().count() <= 2000 {
        message = message.content(whole);
    } else {
        let note = "\n… the whole story is in the attached file.";
        let room = 2000 - note.chars().count();
        message = message.content(format!("{}{note}", super::post::clip(&whole, room))).add_file(
            serenity::CreateAttachment::bytes(
                lines.join("\n").into_bytes(),
                format!("table-{}-story.txt", snapshot.id),
            ),
        );
    }
    if let Some(png) = story.picture.clone() {
        // The reveal picture, beside the final board (issue #28, item 4).
        let file = format!("table-{}-revealed.png", snapshot.id);
        let alt = super::post::clip(&story.picture_text, 1024); // Discord's longest description
        message = message.add_file(serenity::CreateAttachment::bytes(png, file).description(alt));
    }
    let channel = serenity::ChannelId::new(place.game_channel());
    channel.send_message(http, super::deliver::with_nonce(message, nonce)).await?;
    Ok(())
}
