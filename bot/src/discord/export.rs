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
) -> Result<(), Error> {
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

/// Posts the whole story of a finished game in its thread: the standings, the last move and,
/// unless the table was opened with reveal=no, every private fact. A story longer than one
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
    let channel = serenity::ChannelId::new(place.game_channel());
    channel.send_message(http, super::deliver::with_nonce(message, nonce)).await?;
    Ok(())
}
