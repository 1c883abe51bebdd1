//! Building Discord messages from table views: board posts, lobby messages, step panels and
//! private panels. Only views and public narration go into public messages.

use engines::{Choices, GameKind, Seat};
use poise::serenity_prelude as serenity;
use serenity::{
    ButtonStyle, CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateButton, CreateSelectMenu,
    CreateSelectMenuKind, CreateSelectMenuOption,
};

use super::ids::{ComponentId, LobbyOp};
use crate::table::Snapshot;
use crate::table::{LogEntry, OnTimeout, SeatRow, Skill, Status, TableId, UserId};

/// Discord's limit on a message's text.
const MAX_CONTENT: usize = 2000;
/// Buttons on a message: five rows of five, one row kept for Back/Confirm.
const MAX_STEP_BUTTONS: usize = 20;

/// A mention of a user.
#[must_use]
pub fn mention(user: UserId) -> String {
    format!("<@{}>", user.0)
}

/// Cuts text to `max` characters on a character boundary, marking the cut.
#[must_use]
pub fn clip(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let mut out: String = text.chars().take(max.saturating_sub(1)).collect();
    out.push('…');
    out
}

/// Allowed mentions: exactly these users, nobody else (no @everyone, no roles).
pub fn only_users(users: &[UserId]) -> CreateAllowedMentions {
    CreateAllowedMentions::new().users(users.iter().filter(|u| u.0 != 0).map(|u| serenity::UserId::new(u.0)))
}

/// The text of a board post: header, what happened, and who must act (or the result).
#[must_use]
pub fn board_content(snapshot: &Snapshot, narration: &[String]) -> String {
    let header = format!("**{}** · table #{}", snapshot.game.name(), snapshot.id);
    let footer = board_footer(snapshot);
    let budget = MAX_CONTENT.saturating_sub(header.len() + footer.len() + 8);
    // Keep the latest lines when a long computer sequence would not fit.
    let mut lines: Vec<String> = Vec::new();
    let mut used = 0;
    for line in narration.iter().rev() {
        let line = format!("• {}", clip(line, 300));
        if used + line.len() + 1 > budget {
            lines.push(format!("• … {} earlier events", narration.len() - lines.len()));
            break;
        }
        used += line.len() + 1;
        lines.push(line);
    }
    lines.reverse();
    let mut text = header;
    for line in lines {
        text.push('\n');
        text.push_str(&line);
    }
    text.push('\n');
    text.push_str(&footer);
    clip(&text, MAX_CONTENT)
}

fn board_footer(snapshot: &Snapshot) -> String {
    let names = snapshot.names();
    match (snapshot.status, &snapshot.outcome) {
        (Status::Finished, Some(outcome)) => {
            let mut text = format!("🏁 **Game over**: {}.", outcome.reason);
            for standing in &outcome.standings {
                let name = names.get(standing.seat.index()).cloned().unwrap_or_default();
                text.push_str(&format!("\n{}. {} — {}", standing.place, name, standing.detail));
            }
            if snapshot.reveal {
                text.push_str(&format!("\nSeed {}; the full action log is attached.", snapshot.seed));
            } else {
                text.push_str(&format!("\nSeed {}; its players can get the action log with /export.", snapshot.seed));
            }
            if let (Some(secret), Some(commitment)) = (&snapshot.secret, &snapshot.commitment) {
                text.push_str(&format!(
                    "\n🔓 The secret was `{secret}`; its SHA-256 is the commitment `{commitment}` shown when the lobby opened. Check the deal with /verify."
                ));
            }
            text
        }
        (Status::Abandoned, _) => "This game was abandoned.".to_string(),
        _ if snapshot.paused_at.is_some() => {
            format!(
                "⏸️ **Paused**: nobody can move and every clock is stopped until the host unpauses it (waiting for {}).",
                snapshot.waiting_names().join(", ")
            )
        }
        _ => {
            let users = snapshot.waiting_users();
            if users.is_empty() {
                return format!("Waiting for {}.", snapshot.waiting_names().join(", "));
            }
            let who: Vec<String> = users.iter().map(|u| mention(*u)).collect();
            let mut text = format!("➡️ {}: your move.", who.join(", "));
            if let Some(deadline) = snapshot.deadline_at {
                text.push_str(&format!(" Time runs out <t:{deadline}:R>."));
            }
            text
        }
    }
}

/// The live buttons of a board post: the public choices of the one pending seat when they
/// give nothing away, else a button opening each player's private panel.
#[must_use]
pub fn board_components(snapshot: &Snapshot) -> Vec<CreateActionRow> {
    if snapshot.status == Status::Finished && snapshot.seats.iter().any(|s| s.user.is_some()) {
        let id = ComponentId::Rematch(snapshot.id).encode().unwrap_or_default();
        return vec![CreateActionRow::Buttons(vec![
            CreateButton::new(id).label("Rematch").style(ButtonStyle::Success),
        ])];
    }
    if snapshot.status != Status::Running || snapshot.paused_at.is_some() || snapshot.waiting_users().is_empty() {
        return Vec::new();
    }
    match &snapshot.public_choices {
        Some((_, choices)) if !choices.options.is_empty() => {
            let mut rows = step_rows(snapshot.id, snapshot.version, &[], choices, false);
            if !snapshot.secret_holders.is_empty() {
                // Beside the step's controls (Discord allows five rows).
                let hand = panel_button(snapshot.id, "My hand");
                match rows.last_mut() {
                    Some(CreateActionRow::Buttons(last)) if last.len() < 5 => last.push(hand),
                    _ => rows.push(CreateActionRow::Buttons(vec![hand])),
                }
            }
            rows
        }
        _ => vec![CreateActionRow::Buttons(vec![panel_button(snapshot.id, "Your move / hand")])],
    }
}

/// The button opening the clicker's private panel.
pub fn panel_button(table: TableId, label: &str) -> CreateButton {
    let id = ComponentId::Panel(table).encode().unwrap_or_default();
    CreateButton::new(id).label(label).style(ButtonStyle::Primary)
}

/// Rows for one step of entering an action, after the options `path` chose: this step's
/// options (buttons, or a menu when many), then Confirm when the options chosen already make a
/// whole action, and Back (one step back) when `back`. Ids carry the path, never the action
/// text, so they stay short however long the action.
#[must_use]
pub fn step_rows(table: TableId, version: i64, path: &[u8], choices: &Choices, back: bool) -> Vec<CreateActionRow> {
    let mut rows = Vec::new();
    let then = |index: usize| {
        let mut next = path.to_vec();
        next.push(u8::try_from(index).unwrap_or(u8::MAX));
        next
    };
    let buttons: Option<Vec<CreateButton>> = (choices.options.len() <= MAX_STEP_BUTTONS)
        .then(|| {
            choices
                .options
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    let id = ComponentId::Step { table, version, path: then(i) }.encode()?;
                    Some(CreateButton::new(id).label(clip(&c.label, 80)).style(ButtonStyle::Secondary))
                })
                .collect()
        })
        .flatten();
    match buttons {
        Some(buttons) => rows.extend(buttons.chunks(5).map(|chunk| CreateActionRow::Buttons(chunk.to_vec()))),
        None => {
            let id = ComponentId::Select { table, version, path: path.to_vec() }.encode().unwrap_or_default();
            let options = choices
                .options
                .iter()
                .take(engines::MAX_CHOICES)
                .enumerate()
                .map(|(i, c)| {
                    CreateSelectMenuOption::new(clip(&c.label, 100), super::ids::path_text(&then(i)[path.len()..]))
                })
                .collect();
            let menu = CreateSelectMenu::new(id, CreateSelectMenuKind::String { options }).placeholder("Choose…");
            rows.push(CreateActionRow::SelectMenu(menu));
        }
    }
    let mut controls = Vec::new();
    let confirm = ComponentId::Confirm { table, version, path: path.to_vec() };
    if choices.complete
        && !path.is_empty()
        && let Some(id) = confirm.encode()
    {
        controls.push(CreateButton::new(id).label("Confirm").style(ButtonStyle::Success));
    }
    if back
        && let Some((_, before)) = path.split_last()
        && let Some(id) = (ComponentId::Step { table, version, path: before.to_vec() }).encode()
    {
        controls.push(CreateButton::new(id).label("Back").style(ButtonStyle::Secondary));
    }
    let explain = ComponentId::Explain { table, version, path: path.to_vec() };
    if !choices.options.is_empty()
        && let Some(id) = explain.encode()
    {
        controls.push(CreateButton::new(id).label(EXPLAIN_BUTTON).style(ButtonStyle::Secondary));
    }
    if !controls.is_empty() {
        rows.push(CreateActionRow::Buttons(controls));
    }
    rows
}

/// The label of the button that explains a step's options (#24 item 3).
pub const EXPLAIN_BUTTON: &str = "What do these mean?";

/// The text of a lobby message.
#[must_use]
pub fn lobby_content(snapshot: &Snapshot) -> String {
    let (min, max) = engines::AnyGame::player_range(snapshot.game);
    let host = snapshot.host.map(mention).unwrap_or_default();
    let seats: Vec<String> = snapshot.seats.iter().map(|s| seat_label(s, snapshot.host)).collect();
    let status = match snapshot.status {
        Status::Lobby => format!(
            "Join, add computer players, and the host starts when ready ({min}–{max} players, {} seats).",
            snapshot.max_players
        ),
        Status::Running => "The game has started.".to_string(),
        Status::Finished => "The game is over.".to_string(),
        Status::Abandoned => "This table was cancelled.".to_string(),
    };
    let late = match snapshot.on_timeout {
        OnTimeout::SafeDefault => "the game's safe default moves are made for the late player",
        OnTimeout::Computer => "a computer plays the late player's seat until they /rejoin",
    };
    let rematch = match snapshot.rematch_of {
        Some(old) if snapshot.status == Status::Lobby => {
            let waiting: Vec<String> = snapshot
                .seats
                .iter()
                .filter(|s| s.user.is_some_and(|u| !snapshot.confirmed.contains(&u)))
                .map(|s| s.name.clone())
                .collect();
            let still =
                if waiting.is_empty() { String::new() } else { format!(" Still to confirm: {}.", waiting.join(", ")) };
            format!(
                "\nRematch of table #{old}: it starts by itself once everyone seated has confirmed with Join (Leave declines and frees the seat).{still}"
            )
        }
        _ => String::new(),
    };
    format!(
        "🎲 **{}** — table #{} opened by {host}\nSeats ({}/{}): {}\nTime per turn: {}; when it runs out, {late}.\n{status}{rematch}{}",
        snapshot.game.name(),
        snapshot.id,
        snapshot.seats.len(),
        snapshot.max_players,
        seats.join(", "),
        span(snapshot.turn_timeout),
        sealed_line(snapshot),
    )
}

/// What the lobby says about the deal: the commitment to the sealed secret, or that the seed
/// was chosen.
fn sealed_line(snapshot: &Snapshot) -> String {
    let kept = if snapshot.reveal {
        ""
    } else {
        " Hands and secrets stay private at the end (chosen when the table was opened)."
    };
    match &snapshot.commitment {
        Some(commitment) => format!(
            "\n🔒 Sealed deal: the bot has drawn a secret for this table; its SHA-256 is `{commitment}`. The deal mixes it with the id Discord gives the Start click, which nobody knows yet; the secret is revealed at the end so anyone can check every draw with /verify.{kept}"
        ),
        None => format!("\nThe seed was chosen when the table was opened, so the deal is not sealed.{kept}"),
    }
}

/// A seat as the lobby lists it: the host marked, computers with their strength, an away
/// player with the computer standing in.
fn seat_label(seat: &SeatRow, host: Option<UserId>) -> String {
    let level = seat.level.map_or_else(String::new, |l| format!(", {l}"));
    match seat.user {
        None => format!("{} (computer{level})", seat.name),
        Some(_) if seat.away => format!("{} (away; a computer plays{level})", seat.name),
        Some(user) if Some(user) == host => format!("{} (host)", seat.name),
        Some(_) => seat.name.clone(),
    }
}

/// A length of time in words, to the minute and in its two largest units: "1 day",
/// "1 day 6 hours", "45 minutes".
#[must_use]
pub fn span(seconds: i64) -> String {
    let minutes = (seconds.max(0) + 59) / 60;
    let units = [(minutes / 1440, "day"), (minutes / 60 % 24, "hour"), (minutes % 60, "minute")];
    let words: Vec<String> = units
        .iter()
        .filter(|(n, _)| *n > 0)
        .take(2)
        .map(|(n, unit)| format!("{n} {unit}{}", if *n == 1 { "" } else { "s" }))
        .collect();
    if words.is_empty() { "no time".to_string() } else { words.join(" ") }
}

/// The lobby's buttons (none once it is no longer taking seats).
#[must_use]
/// `server_level`: the strength the table's server chose (`/server level`), offered first in
/// the "Add a computer player…" menu and marked as the server's.
pub fn lobby_components(snapshot: &Snapshot, server_level: Option<Skill>) -> Vec<CreateActionRow> {
    if snapshot.status != Status::Lobby {
        return Vec::new();
    }
    let button = |op: LobbyOp, label: &str, style: ButtonStyle| {
        let id = ComponentId::Lobby(snapshot.id, op).encode().unwrap_or_default();
        CreateButton::new(id).label(label).style(style)
    };
    let mut skills = Skill::ALL.to_vec();
    if let Some(chosen) = server_level {
        skills.retain(|s| *s != chosen);
        skills.insert(0, chosen);
    }
    let levels = skills
        .into_iter()
        .map(|skill| {
            let label = if Some(skill) == server_level {
                format!("{} · this server's choice", skill_label(skill))
            } else {
                skill_label(skill)
            };
            CreateSelectMenuOption::new(clip(&label, 100), skill.name())
        })
        .collect();
    let computer = ComponentId::Lobby(snapshot.id, LobbyOp::Computer).encode().unwrap_or_default();
    vec![
        CreateActionRow::Buttons(vec![
            button(LobbyOp::Join, "Join", ButtonStyle::Success),
            button(LobbyOp::Leave, "Leave", ButtonStyle::Secondary),
            button(LobbyOp::Start, "Start", ButtonStyle::Primary),
            button(LobbyOp::Cancel, "Cancel", ButtonStyle::Danger),
        ]),
        CreateActionRow::SelectMenu(
            CreateSelectMenu::new(computer, CreateSelectMenuKind::String { options: levels })
                .placeholder("Add a computer player…"),
        ),
    ]
}

/// How a strength reads in a menu: the level's name and what to expect of it
/// ([`engines::Level::describe`]).
#[must_use]
pub fn skill_label(skill: Skill) -> String {
    match skill {
        Skill::Search(level) => format!("Computer player: {} ({})", level.name(), level.describe()),
        Skill::Random => "Computer player: random moves".to_string(),
    }
}

/// The "I'm back" button for a player whose seat a computer plays.
#[must_use]
pub fn rejoin_components(table: TableId) -> Vec<CreateActionRow> {
    let id = ComponentId::Rejoin(table).encode().unwrap_or_default();
    vec![CreateActionRow::Buttons(vec![CreateButton::new(id).label("I'm back").style(ButtonStyle::Success)])]
}

/// Discord's limit on an attachment's description.
const MAX_ALT_TEXT: usize = 1024;

/// A picture's description for screen readers: the game and the board as text (the same
/// facts the picture shows: scores, whose turn, what is on the table), cut to Discord's limit.
#[must_use]
pub fn alt_text(game: GameKind, board_text: &str) -> String {
    let text: Vec<&str> = board_text.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    clip(&format!("{} board. {}", game.name(), text.join(" · ")), MAX_ALT_TEXT)
}

/// The board picture of a snapshot, if it can be drawn, with its description.
#[must_use]
pub fn board_png(snapshot: &Snapshot) -> Option<CreateAttachment> {
    let view = snapshot.view.as_ref()?;
    let names = snapshot.names();
    match render::board_png(view, &names) {
        Ok(png) => Some(
            CreateAttachment::bytes(png, format!("table-{}.png", snapshot.id))
                .description(alt_text(snapshot.game, &render::board_text(view, &names))),
        ),
        Err(err) => {
            tracing::error!(table = %snapshot.id, "board picture failed: {err}");
            None
        }
    }
}

/// The action log as a text file, for the end of a game.
pub fn log_file(snapshot: &Snapshot, log: &[LogEntry]) -> CreateAttachment {
    let names = snapshot.names();
    let mut text = format!(
        "Saloon table #{} — {}\nSeed: {}\nOptions: {}\nPlayers: {}\n\n",
        snapshot.id,
        snapshot.game.name(),
        snapshot.seed,
        snapshot.options,
        names.join(", ")
    );
    for (i, entry) in log.iter().enumerate() {
        let who = names.get(usize::from(entry.seat)).cloned().unwrap_or_else(|| Seat(entry.seat).to_string());
        let origin = match entry.origin {
            crate::table::Origin::Player => "",
            crate::table::Origin::Computer => " (computer)",
            crate::table::Origin::Timeout => " (timed out)",
        };
        if entry.undoes > 0 {
            let moves = if entry.undoes == 1 { "1 move".to_string() } else { format!("{} moves", entry.undoes) };
            text.push_str(&format!(
                "{:>4}. seat {} {who} took back {moves}, with everyone's consent\n",
                i + 1,
                entry.seat
            ));
            continue;
        }
        text.push_str(&format!("{:>4}. seat {} {who}{origin}: {}\n", i + 1, entry.seat, entry.action));
    }
    CreateAttachment::bytes(text.into_bytes(), format!("table-{}-log.txt", snapshot.id))
}

/// A short player-facing summary of a game for `/rules`.
#[must_use]
pub fn game_line(game: GameKind) -> String {
    let (min, max) = engines::AnyGame::player_range(game);
    format!("**{}** ({min}–{max} players)", game.name())
}

#[cfg(test)]
mod tests {
    use super::span;

    #[test]
    fn durations_read_as_words() {
        assert_eq!(span(86_400), "1 day");
        assert_eq!(span(7 * 86_400), "7 days");
        assert_eq!(span(86_400 + 6 * 3600), "1 day 6 hours");
        assert_eq!(span(3600), "1 hour");
        assert_eq!(span(90 * 60), "1 hour 30 minutes");
        assert_eq!(span(60), "1 minute");
        assert_eq!(span(0), "no time");
    }
}
