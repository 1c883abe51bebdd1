//! The `/settings` panel: a player's own notification settings, the same at every table and
//! server. Buttons switch the DM, the mention and the half-time reminder; menus pick the time
//! zone and the quiet hours (issue #27 item 3), so nothing is typed; one more button says
//! whether the player is listed on leaderboards (issue #28); one more asks for small board
//! pictures, for a slow connection (issue #25).

use poise::serenity_prelude as serenity;

use super::error::Error;
use super::ids::{ComponentId, SettingsOp};
use crate::table::quiet::{self, DAY_MINUTES, QuietError};
use crate::table::{UserId, UserSettings};

/// The zones the menu offers (Discord allows 25 choices in a menu).
const ZONES: [&str; 25] = [
    "UTC",
    "Europe/London",
    "Europe/Lisbon",
    "Europe/Paris",
    "Europe/Berlin",
    "Europe/Madrid",
    "Europe/Rome",
    "Europe/Warsaw",
    "Europe/Athens",
    "Europe/Helsinki",
    "Europe/Istanbul",
    "Europe/Moscow",
    "Africa/Johannesburg",
    "Asia/Dubai",
    "Asia/Kolkata",
    "Asia/Bangkok",
    "Asia/Shanghai",
    "Asia/Tokyo",
    "Australia/Sydney",
    "Pacific/Auckland",
    "America/Sao_Paulo",
    "America/New_York",
    "America/Chicago",
    "America/Denver",
    "America/Los_Angeles",
];

/// Quiet hours last this long (minutes) when only their start has been picked.
const DEFAULT_QUIET_LENGTH: u16 = 8 * 60;

/// A time of day, from minutes after midnight: "22:00".
fn clock(minute: u16) -> String {
    format!("{:02}:{:02}", minute / 60, minute % 60)
}

/// A zone's name for people: "America/New York".
fn zone_label(name: &str) -> String {
    name.replace('_', " ")
}

/// The panel: what each setting is now, a button to switch each, and the menus.
pub fn panel(settings: &UserSettings) -> (String, Vec<serenity::CreateActionRow>) {
    let word = |on: bool| if on { "on" } else { "off" };
    let zone = settings.time_zone.as_deref().unwrap_or("UTC");
    let quiet = settings.quiet.map_or_else(
        || "none".to_string(),
        |(from, until)| format!("{} to {} (DMs and pings wait until they end)", clock(from), clock(until)),
    );
    let digest =
        settings.digest_hour.map_or_else(|| "none".to_string(), |h| format!("at {}", clock(u16::from(h) * 60)));
    let content = format!(
        "**Your settings** (the same at every game and server; only you see this):\n\
         • A DM when a game starts waiting for you: **{}**\n\
         • A mention in the game's thread: **{}**\n\
         • The reminder when half your time is gone: **{}**\n\
         • Your time zone: **{}**\n\
         • Quiet hours: **{quiet}**\n\
         • Daily digest instead of a DM each turn: **{digest}**\n\
         • Listed on leaderboards, your stats and history shown to others: **{}**\n\
         • Small pictures of your own board (your panel and DMs), quicker on a slow connection: **{}**\n\
         Press a button to switch one, or pick from a menu.",
        word(settings.dm_on_turn),
        word(settings.mention),
        word(settings.half_time),
        zone_label(zone),
        word(settings.listed),
        word(settings.small_pictures),
    );
    let buttons = SettingsOp::ALL
        .into_iter()
        .filter_map(|op| {
            let (label, on) = match op {
                SettingsOp::Dm => ("DM on my turn", settings.dm_on_turn),
                SettingsOp::Mention => ("Mention me", settings.mention),
                SettingsOp::HalfTime => ("Half-time reminder", settings.half_time),
                SettingsOp::Listed => ("Listed in stats", settings.listed),
                SettingsOp::SmallPictures => ("Small pictures", settings.small_pictures),
                _ => return None,
            };
            let id = ComponentId::Settings(op).encode().unwrap_or_default();
            let style = if on { serenity::ButtonStyle::Success } else { serenity::ButtonStyle::Secondary };
            Some(serenity::CreateButton::new(id).label(format!("{label}: {}", word(on))).style(style))
        })
        .collect();
    let mut rows = vec![serenity::CreateActionRow::Buttons(buttons)];
    rows.extend(menus(settings, zone));
    (content, rows)
}

/// The four menus: time zone, quiet hours' start and end, the daily digest.
fn menus(settings: &UserSettings, zone: &str) -> Vec<serenity::CreateActionRow> {
    let zones = ZONES
        .iter()
        .map(|z| serenity::CreateSelectMenuOption::new(zone_label(z), *z).default_selection(*z == zone))
        .collect();
    let hours = |chosen: Option<u16>| -> Vec<serenity::CreateSelectMenuOption> {
        (0..24u16)
            .map(|h| {
                serenity::CreateSelectMenuOption::new(clock(h * 60), (h * 60).to_string())
                    .default_selection(chosen == Some(h * 60))
            })
            .collect()
    };
    let mut starts = vec![serenity::CreateSelectMenuOption::new("No quiet hours", "off")];
    starts.extend(hours(settings.quiet.map(|q| q.0)));
    let menu = |op: SettingsOp, placeholder: &str, options: Vec<serenity::CreateSelectMenuOption>| {
        let id = ComponentId::Settings(op).encode().unwrap_or_default();
        let kind = serenity::CreateSelectMenuKind::String { options };
        serenity::CreateActionRow::SelectMenu(serenity::CreateSelectMenu::new(id, kind).placeholder(placeholder))
    };
    let mut digests = vec![serenity::CreateSelectMenuOption::new("No digest: a DM each turn", "off")];
    digests.extend((0..24u8).map(|h| {
        serenity::CreateSelectMenuOption::new(format!("Digest at {}", clock(u16::from(h) * 60)), h.to_string())
            .default_selection(settings.digest_hour == Some(h))
    }));
    vec![
        menu(SettingsOp::Zone, "Your time zone…", zones),
        menu(SettingsOp::QuietFrom, "Quiet hours start at…", starts),
        menu(SettingsOp::QuietUntil, "Quiet hours end at…", hours(settings.quiet.map(|q| q.1))),
        menu(SettingsOp::Digest, "Daily digest…", digests),
    ]
}

/// `settings` changed by `op` (with the menu's `value`), or why not in a sentence.
fn changed(mut settings: UserSettings, op: SettingsOp, value: &str) -> Result<UserSettings, QuietError> {
    let minute = || value.parse::<u16>().ok().filter(|m| *m < DAY_MINUTES).ok_or(QuietError::OutOfDay);
    match op {
        SettingsOp::Dm => settings.dm_on_turn = !settings.dm_on_turn,
        SettingsOp::Mention => settings.mention = !settings.mention,
        SettingsOp::HalfTime => settings.half_time = !settings.half_time,
        SettingsOp::Listed => settings.listed = !settings.listed,
        SettingsOp::SmallPictures => settings.small_pictures = !settings.small_pictures,
        SettingsOp::Zone => {
            let zone = quiet::zone(value)?;
            settings.time_zone = (zone != chrono_tz::Tz::UTC).then(|| zone.name().to_string());
        }
        SettingsOp::QuietFrom if value == "off" => settings.quiet = None,
        SettingsOp::QuietFrom => {
            let from = minute()?;
            let until = settings.quiet.map_or((from + DEFAULT_QUIET_LENGTH) % DAY_MINUTES, |q| q.1);
            quiet::check_quiet(from, until)?;
            settings.quiet = Some((from, until));
        }
        SettingsOp::Digest if value == "off" => settings.digest_hour = None,
        SettingsOp::Digest => {
            settings.digest_hour = Some(value.parse::<u8>().ok().filter(|h| *h < 24).ok_or(QuietError::Hour)?)
        }
        SettingsOp::QuietUntil => {
            let until = minute()?;
            let from = settings.quiet.map(|q| q.0).ok_or(QuietError::NoStart)?;
            quiet::check_quiet(from, until)?;
            settings.quiet = Some((from, until));
        }
    }
    Ok(settings)
}

/// A click on a `/settings` button or menu: changes the clicker's settings and shows the panel
/// again; a refused change is answered in a sentence and changes nothing.
///
/// # Errors
/// Discord failures while answering (a storage failure is answered in words).
pub async fn toggle(
    ctx: &serenity::Context,
    data: &super::Data,
    click: &serenity::ComponentInteraction,
    op: SettingsOp,
    value: &str,
) -> Result<(), Error> {
    let user = UserId(click.user.id.get());
    let saved = async {
        let settings = data.tables.user_settings(user).await.map_err(|e| e.to_string())?;
        let settings = changed(settings, op, value).map_err(|e| e.to_string())?;
        data.tables.save_user_settings(user, &settings).await.map_err(|e| e.to_string())?;
        Ok::<_, String>(settings)
    };
    let message = match saved.await {
        Ok(settings) => {
            let (content, rows) = panel(&settings);
            serenity::CreateInteractionResponseMessage::new().ephemeral(true).content(content).components(rows)
        }
        Err(sentence) => serenity::CreateInteractionResponseMessage::new().ephemeral(true).content(sentence),
    };
    click.create_response(&ctx.http, serenity::CreateInteractionResponse::Message(message)).await?;
    Ok(())
}
