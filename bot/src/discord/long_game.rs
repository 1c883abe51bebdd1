//! Commands for the long game: a server's defaults (`/server`), pausing a table (`/pause`)
//! and a player's private notes (`/notes`). Each parses, calls the table layer, and replies.

use poise::serenity_prelude as serenity;

use super::commands::{
    LateChoice, LevelChoice, author, author_name, autocomplete_table, is_moderator, refuse, resolve, resolve_here,
    say_private,
};
use super::deliver::after_change;
use super::error::Error;
use super::{Context, post};
use crate::table::settings::{MOST_AWAY_ALLOWANCE, TURN_TIMEOUT_RANGE};
use crate::table::{OnTimeout, ServerChange, ServerId, ServerSettings, SettingError, TableError, now};

/// Seconds in a day.
const DAY: i64 = 24 * 3600;

/// Whether the author may manage this server (changing its Saloon settings).
async fn is_manager(ctx: Context<'_>) -> bool {
    ctx.author_member().await.and_then(|member| member.permissions).is_some_and(|p| p.manage_guild())
}

/// See this server's Saloon defaults, or change them (members who can manage the server).
#[poise::command(slash_command)]
#[allow(clippy::too_many_arguments, reason = "each parameter is one of the slash command's options")]
pub async fn server(
    ctx: Context<'_>,
    #[description = "Time per turn at new tables, e.g. 30m, 12h, 3d"] timeout: Option<String>,
    #[description = "How strong computer players are at new tables"] level: Option<LevelChoice>,
    #[description = "What new tables do when a player runs out of time"] late: Option<LateChoice>,
    #[description = "Days each player may be away per game (0 to 60)"] away_days: Option<i64>,
    #[description = "Only members with this role may open tables (pick @everyone for everyone)"] hosts: Option<
        serenity::Role,
    >,
    #[description = "Post every finished game's standings in this channel"] results: Option<serenity::ChannelId>,
    #[description = "Stop posting finished games' standings"] no_results: Option<bool>,
) -> Result<(), Error> {
    let Some(guild) = ctx.guild_id() else {
        return refuse(ctx, &SettingError::NoServer.into()).await;
    };
    let turn_timeout = match timeout.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
        None => None,
        Some(text) => match humantime::parse_duration(text) {
            Ok(d) => Some(i64::try_from(d.as_secs()).unwrap_or(i64::MAX)),
            Err(_) => return refuse(ctx, &SettingError::TurnTimeout.into()).await,
        },
    };
    let change = ServerChange {
        turn_timeout,
        level: level.map(LevelChoice::skill),
        on_timeout: late.map(LateChoice::policy),
        away_allowance: away_days.map(|d| d.clamp(-1, MOST_AWAY_ALLOWANCE / DAY + 1).saturating_mul(DAY)),
        // The @everyone role has the server's id.
        host_role: hosts.map(|role| (role.id.get() != guild.get()).then_some(role.id.get())),
        results_channel: match (results, no_results) {
            (_, Some(true)) => Some(None),
            (Some(channel), _) => Some(Some(channel.get())),
            (None, _) => None,
        },
    };
    let server = ServerId(guild.get());
    let tables = &ctx.data().tables;
    if change.is_empty() {
        let settings = tables.server_settings(server).await?;
        return say_private(ctx, describe(&settings, "Saloon's settings on this server")).await;
    }
    match tables.change_server(server, is_manager(ctx).await, &change).await {
        Ok(settings) => {
            let mut text = describe(&settings, "Saved. Saloon's settings on this server");
            if let Some(channel) = change.results_channel.flatten()
                && may_post(ctx, channel) == Some(false)
            {
                text.push_str(&format!(
                    "\nNote: I cannot post in <#{channel}>: I need to see that channel and send messages there. \
                     Until someone gives me that permission, finished games' standings are not posted."
                ));
            }
            say_private(ctx, text).await
        }
        Err(err) => refuse(ctx, &err).await,
    }
}

/// Whether Saloon may post in `channel` of the command's server, from serenity's cache (the
/// server's roles, Saloon's own member and the channel's permission overwrites); `None` when
/// the cache does not know the server, the channel or Saloon's member.
fn may_post(ctx: Context<'_>, channel: u64) -> Option<bool> {
    let me = ctx.serenity_context().cache.current_user().id;
    let guild = ctx.guild()?;
    let channel = guild.channels.get(&serenity::ChannelId::new(channel))?;
    let member = guild.members.get(&me)?;
    let permissions = guild.user_permissions_in(channel, member);
    Some(permissions.view_channel() && permissions.send_messages())
}

/// A server's settings in words, one line each, under `title`.
#[must_use]
pub fn describe(settings: &ServerSettings, title: &str) -> String {
    let ours = |set: bool| if set { "" } else { " (Saloon's default)" };
    let late = match settings.on_timeout() {
        OnTimeout::SafeDefault => "the game's safe moves are made for them",
        OnTimeout::Computer => "a computer plays their seat until they /rejoin",
    };
    let hosts = settings.host_role.map_or_else(|| "everyone".to_string(), |role| format!("members with <@&{role}>"));
    let results = settings.results_channel.map_or_else(|| "none".to_string(), |channel| format!("<#{channel}>"));
    [
        format!("{title}:"),
        format!("• Time per turn: {}{}", post::span(settings.turn_timeout()), ours(settings.turn_timeout.is_some())),
        format!(
            "• {}{}",
            post::skill_label(settings.level()).replace("Computer player:", "Computer players:"),
            ours(settings.level.is_some())
        ),
        format!("• When a player runs out of time: {late}{}", ours(settings.on_timeout.is_some())),
        format!(
            "• Away time: {} per player per game{}",
            post::span(settings.away_allowance()),
            ours(settings.away_allowance.is_some())
        ),
        format!("• Who may open tables: {hosts}"),
        format!("• Results channel: {results}"),
        format!(
            "Members who can manage the server change these with `/server` (time per move {} to {}).",
            post::span(TURN_TIMEOUT_RANGE.0),
            post::span(TURN_TIMEOUT_RANGE.1)
        ),
    ]
    .join("\n")
}

/// Pause a game, or unpause it (its host, or a member who can manage channels).
#[poise::command(slash_command)]
pub async fn pause(
    ctx: Context<'_>,
    #[description = "True (the default) to pause, false to unpause"] on: Option<bool>,
    #[description = "Table number (default: this thread's game)"]
    #[autocomplete = "autocomplete_table"]
    table: Option<i64>,
) -> Result<(), Error> {
    let id = match resolve_here(ctx, table).await {
        Ok(id) => id,
        Err(message) => return say_private(ctx, message).await,
    };
    let on = on.unwrap_or(true);
    let moderator = is_moderator(ctx).await;
    let name = author_name(ctx).await;
    match ctx.data().tables.pause(id, author(ctx), &name, moderator, on, now()).await {
        Ok(snapshot) => {
            let text = if on {
                format!("Table #{id} is paused: every clock is stopped. Use `/pause on:false` to go on.")
            } else {
                format!("Table #{id} goes on: every clock runs again with the time it had left.")
            };
            say_private(ctx, text).await?;
            after_change(&ctx.serenity_context().http, ctx.data(), &snapshot).await;
            Ok(())
        }
        Err(err) => refuse(ctx, &err).await,
    }
}

/// Your private notes at a game (only you see them): show them, or replace them.
#[poise::command(slash_command)]
pub async fn notes(
    ctx: Context<'_>,
    #[description = "The new text of your notes (up to 1,000 characters); leave out to see them"] text: Option<String>,
    #[description = "Delete your notes at this table"] clear: Option<bool>,
    #[description = "Table number (default: this thread's game, or your only game)"]
    #[autocomplete = "autocomplete_table"]
    table: Option<i64>,
) -> Result<(), Error> {
    let id = match resolve(ctx, table).await {
        Ok(id) => id,
        Err(message) => return say_private(ctx, message).await,
    };
    let tables = &ctx.data().tables;
    let user = author(ctx);
    let result: Result<String, TableError> = match (text, clear) {
        (_, Some(true)) => {
            tables.save_note(id, user, "").await.map(|()| format!("Your notes at table #{id} are deleted."))
        }
        (Some(text), _) => tables.save_note(id, user, &text).await.map(|()| {
            format!("Your notes at table #{id} are saved; only you see them (here, in `/hand` and your private panel).")
        }),
        (None, _) => tables.note(id, user).await.map(|note| match note {
            Some(note) => format!("📝 Your notes at table #{id} (only you see them):\n{note}"),
            None => format!("You have no notes at table #{id}. Write some with `/notes text:…`."),
        }),
    };
    match result {
        Ok(text) => say_private(ctx, post::clip(&text, 2000)).await,
        Err(err) => refuse(ctx, &err).await,
    }
}

/// Say you are away for some days: your turns' clocks stop meanwhile and you are not pinged.
#[poise::command(slash_command)]
pub async fn away(
    ctx: Context<'_>,
    #[description = "How many days you are away (up to your games' away time, 7 days by default)"] days: Option<i64>,
    #[description = "Your first day away, like 2026-12-24 (your time zone from /settings); today if left out"]
    from: Option<String>,
    #[description = "A short note for the other players, e.g. on holiday"] note: Option<String>,
    #[description = "True to say you are back, or to call off away time planned for later"] off: Option<bool>,
) -> Result<(), Error> {
    let tables = &ctx.data().tables;
    let user = author(ctx);
    let at = now();
    let told = match (off, days) {
        (Some(true), _) => {
            let planned = tables.away_planned(user, at).await?.is_some();
            match tables.come_back(user, at).await {
                Ok(told) => {
                    let text = if planned {
                        "Your away time planned for later is called off."
                    } else {
                        "Welcome back: the clocks of your turns run again with the time they had left."
                    };
                    say_private(ctx, text).await?;
                    told
                }
                Err(err) => return refuse(ctx, &err).await,
            }
        }
        (_, Some(days)) => match tables.go_away_from(user, from.as_deref(), days, note, at).await {
            Ok(told) => {
                let text = match tables.away_planned(user, at).await? {
                    Some(away) => format!(
                        "You will be away from <t:{}:f> until <t:{}:f>: the clocks of your turns stop from then, and you are not pinged. \
                         `/away off:true` calls it off.",
                        away.since, away.until
                    ),
                    None => format!(
                        "You are away until <t:{}:f>: the clocks of your turns stop meanwhile and you are not pinged. \
                         Any move, or `/away off:true`, brings you back.",
                        at + days * DAY
                    ),
                };
                say_private(ctx, text).await?;
                told
            }
            Err(err) => return refuse(ctx, &err).await,
        },
        (_, None) if from.is_some() => {
            return say_private(ctx, "Say for how many days you are away with `days`; nothing was changed.").await;
        }
        _ => return say_private(ctx, away_status(tables, user, at).await?).await,
    };
    for snapshot in told {
        after_change(&ctx.serenity_context().http, ctx.data(), &snapshot).await;
    }
    Ok(())
}

/// The computer strength table `table`'s server chose (`/server level`), for the lobby's
/// "Add a computer player…" menu; none when it chose none, or cannot be read (the menu then
/// offers Saloon's order).
pub(crate) async fn server_level(data: &super::Data, table: crate::table::TableId) -> Option<crate::table::Skill> {
    let guild = data.rows.place(table).await.ok().flatten()?.guild?;
    match data.tables.server_settings(ServerId(guild)).await {
        Ok(settings) => settings.level,
        Err(err) => {
            tracing::debug!(%table, "server settings unread for the lobby menu: {}", err.log_detail());
            None
        }
    }
}

/// What `/away` on its own says: away until when, planned, or not away.
async fn away_status(tables: &crate::table::Tables, user: crate::table::UserId, at: i64) -> Result<String, Error> {
    if let Some(away) = tables.away_planned(user, at).await? {
        return Ok(format!(
            "You will be away from <t:{}:f> until <t:{}:f>. `/away off:true` calls it off.",
            away.since, away.until
        ));
    }
    Ok(match tables.away_now(user, at).await? {
        Some(away) => format!("You are away until <t:{}:f>. `/away off:true` brings you back.", away.until),
        None => "You are not away. `/away days:3` stops your turns' clocks for three days; add `from` to start on a later day.".to_string(),
    })
}

/// Your notification settings, the same at every table and server (only you see them).
#[poise::command(slash_command)]
pub async fn settings(ctx: Context<'_>) -> Result<(), Error> {
    let settings = ctx.data().tables.user_settings(author(ctx)).await?;
    let (content, rows) = super::user_settings::panel(&settings);
    ctx.send(poise::CreateReply::default().ephemeral(true).content(content).components(rows)).await?;
    Ok(())
}

/// Every command in a sentence, for `/help`.
pub const HELP: &str = "**Saloon's commands**
• `/play` opens a table for a game in this channel; the game then runs in its own thread.
• `/hand` shows your private view and choices, only to you.
• `/status` shows the board and who must act.
• `/games` lists your open games and who they wait for.
• `/rules` sums up how a game is played.
• `/notes` keeps your own private notes at a game, shown only to you.
• `/resign` leaves a game you are playing.
• `/rejoin` takes your seat back from the computer that played it while you were away.
• `/away` says you are away for some days, from today or a later date: your turns' clocks stop and you are not pinged.
• `/settings` sets your DMs, mentions, reminders, time zone, quiet hours, a daily digest, whether you are listed in stats, and small pictures for a slow connection.
• `/stats` shows a player's games, wins, streak and ratings on this server.
• `/leaderboard` ranks this server's players of a game by rating (after 10 rated games).
• `/history` lists finished games here, with results and links.
• `/pause` stops every clock of a game, or lets it go on (its host or a moderator).
• `/replace` lets a computer play a quiet player's seat until they come back (host or moderator).
• `/abandon` stops a game for good (host or moderator).
• `/server` shows this server's defaults for new tables (admins change them).
• `/export` gives the players of a finished game its whole log, to read or to check.
• `/verify` checks a finished game: its sealed deal, every draw and the final standings.
• `/help` shows this list.
A finished game's last board has a Rematch button.
After a move, Take back asks the other players to let you undo it (not once a card was drawn or shown, a die rolled or a sealed answer opened).";

/// Every command in one sentence (only you see it).
#[poise::command(slash_command)]
pub async fn help(ctx: Context<'_>) -> Result<(), Error> {
    say_private(ctx, HELP).await
}

#[cfg(test)]
mod tests {
    /// Discord refuses a message over 2,000 characters: `/help` then failed outright.
    #[test]
    fn help_fits_one_discord_message() {
        assert!(super::HELP.chars().count() <= 2_000, "/help is {} characters", super::HELP.chars().count());
    }
}
