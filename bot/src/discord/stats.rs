//! `/stats`, `/leaderboard` and `/history` (issue #28), and their paging buttons. Everything
//! is per server; the words come from [`crate::community`], the paging from component ids, so
//! the buttons work after a restart.

use engines::GameKind;
use poise::CreateReply;
use poise::serenity_prelude as serenity;
use serenity::{CreateActionRow, CreateButton, CreateInteractionResponse, CreateInteractionResponseMessage};

use super::commands::{GameChoice, author, author_name};
use super::error::Error;
use super::ids::ComponentId;
use super::{Context, Data, display_name, post};
use crate::community::stats::{leaderboard_line, ordinal};
use crate::community::{CommunityError, Page};
use crate::store::{HistoryRow, RatingRow};
use crate::table::{ServerId, UserId};

/// Most characters of a history line's list of players.
const PLAYERS_CHARS: usize = 250;

/// A page's text and buttons.
type Shown = (String, Vec<CreateActionRow>);

/// Sends `error`'s sentence to the asker only; `who` names the player asked about.
async fn refuse(ctx: Context<'_>, error: &CommunityError, who: &str) -> Result<(), Error> {
    let text = sentence(error, who);
    ctx.send(CreateReply::default().ephemeral(true).content(text).allowed_mentions(post::only_users(&[]))).await?;
    Ok(())
}

/// `error` in words; a storage failure also goes to the log.
fn sentence(error: &CommunityError, who: &str) -> String {
    match error {
        CommunityError::NoGames { game: Some(game) } => {
            format!("{who} has no finished game of {game} on this server yet.")
        }
        CommunityError::NoGames { game: None } => format!("{who} has no finished game on this server yet."),
        CommunityError::Table(table) if table.is_internal() => {
            tracing::error!("stats failed: {}", table.log_detail());
            error.to_string()
        }
        _ => error.to_string(),
    }
}

/// A player's games, wins, average place, streak, favourite game and ratings on this server.
#[poise::command(slash_command)]
pub async fn stats(
    ctx: Context<'_>,
    #[description = "Whose stats (yours when left out)"] player: Option<serenity::User>,
    #[description = "Only this game"] game: Option<GameChoice>,
) -> Result<(), Error> {
    let who = match &player {
        Some(user) => display_name(user, None),
        None => author_name(ctx).await,
    };
    let Some(server) = ctx.guild_id().map(|g| ServerId(g.get())) else {
        return refuse(ctx, &CommunityError::NoServer, &who).await;
    };
    let subject = player.as_ref().map_or_else(|| author(ctx), |u| UserId(u.id.get()));
    let game = game.map(|g| g.0);
    match ctx.data().tables.stats(server, subject, author(ctx), game).await {
        Ok(stats) => {
            let text = stats.text(&who, game);
            ctx.send(CreateReply::default().ephemeral(true).content(text).allowed_mentions(post::only_users(&[])))
                .await?;
            Ok(())
        }
        Err(error) => refuse(ctx, &error, &who).await,
    }
}

/// This server's players of a game, ranked by rating, ten to a page.
#[poise::command(slash_command)]
pub async fn leaderboard(
    ctx: Context<'_>,
    #[description = "Which game"] game: GameChoice,
    #[description = "Which page (the first when left out)"]
    #[min = 1]
    page: Option<u32>,
) -> Result<(), Error> {
    let Some(server) = ctx.guild_id().map(|g| ServerId(g.get())) else {
        return refuse(ctx, &CommunityError::NoServer, "").await;
    };
    let page = page.map_or(1, |p| p as usize);
    match leaderboard_page(ctx.data(), server, game.0, page).await {
        Ok((text, rows)) => {
            let reply = CreateReply::default().content(text).components(rows);
            ctx.send(reply.allowed_mentions(post::only_users(&[]))).await?;
            Ok(())
        }
        Err(error) => refuse(ctx, &error, "").await,
    }
}

/// Finished games on this server, newest first: when, who placed where, and a link to each.
#[poise::command(slash_command)]
pub async fn history(
    ctx: Context<'_>,
    #[description = "Only games this player played"] player: Option<serenity::User>,
    #[description = "Only this game"] game: Option<GameChoice>,
    #[description = "Which page (the first when left out)"]
    #[min = 1]
    page: Option<u32>,
) -> Result<(), Error> {
    let who = player.as_ref().map_or_else(|| "This server".to_string(), |u| display_name(u, None));
    let Some(server) = ctx.guild_id().map(|g| ServerId(g.get())) else {
        return refuse(ctx, &CommunityError::NoServer, &who).await;
    };
    let player = player.map(|u| UserId(u.id.get()));
    let page = page.map_or(1, |p| p as usize);
    match history_page(ctx.data(), server, player, author(ctx), game.map(|g| g.0), page).await {
        Ok((text, rows)) => {
            let reply = CreateReply::default().ephemeral(true).content(text).components(rows);
            ctx.send(reply.allowed_mentions(post::only_users(&[]))).await?;
            Ok(())
        }
        Err(error) => refuse(ctx, &error, &who).await,
    }
}

/// A click on a leaderboard's or history's page button: the message shows that page, or the
/// clicker is told why not (and nothing changes).
///
/// # Errors
/// Discord failures while answering.
pub async fn page_click(
    ctx: &serenity::Context,
    data: &Data,
    click: &serenity::ComponentInteraction,
    id: ComponentId,
) -> Result<(), Error> {
    let Some(server) = click.guild_id.map(|g| ServerId(g.get())) else {
        return answer_click(ctx, click, Err(CommunityError::NoServer)).await;
    };
    let shown = match id {
        ComponentId::Leaderboard { game, page } => leaderboard_page(data, server, game, page).await,
        ComponentId::History { player, game, page } => {
            history_page(data, server, player, UserId(click.user.id.get()), game, page).await
        }
        _ => return Ok(()),
    };
    answer_click(ctx, click, shown).await
}

async fn answer_click(
    ctx: &serenity::Context,
    click: &serenity::ComponentInteraction,
    shown: Result<Shown, CommunityError>,
) -> Result<(), Error> {
    let response = match shown {
        Ok((text, rows)) => CreateInteractionResponse::UpdateMessage(
            CreateInteractionResponseMessage::new().content(text).components(rows),
        ),
        Err(error) => CreateInteractionResponse::Message(
            CreateInteractionResponseMessage::new().ephemeral(true).content(sentence(&error, "That player")),
        ),
    };
    click.create_response(&ctx.http, response).await?;
    Ok(())
}

async fn leaderboard_page(data: &Data, server: ServerId, game: GameKind, page: usize) -> Result<Shown, CommunityError> {
    let page = data.tables.leaderboard(server, game, page).await?;
    let mut lines = vec![format!("**{game} leaderboard** on this server (page {} of {})", page.number, page.pages)];
    lines
        .extend(page.items.iter().enumerate().map(|(i, row): (usize, &RatingRow)| leaderboard_line(page.rank(i), row)));
    lines.push(format!(
        "Ratings count games among people only; a player is listed after {} rated games.",
        crate::community::MIN_GAMES_LISTED
    ));
    let rows = paging(&page, |p| ComponentId::Leaderboard { game, page: p });
    Ok((lines.join("\n"), rows))
}

async fn history_page(
    data: &Data,
    server: ServerId,
    player: Option<UserId>,
    asker: UserId,
    game: Option<GameKind>,
    page: usize,
) -> Result<Shown, CommunityError> {
    let page = data.tables.history(server, player, asker, game, page).await?;
    let of = game.map_or_else(String::new, |g| format!(" of {g}"));
    let mut lines = vec![format!("**Finished games{of}** on this server (page {} of {})", page.number, page.pages)];
    for row in &page.items {
        lines.push(history_line(data, server, row).await);
    }
    let rows = paging(&page, |p| ComponentId::History { player, game, page: p });
    Ok((lines.join("\n"), rows))
}

/// "Table #12, Martian 12s, ended <date>: Alice 1st (41), Bob 2nd (30). Thread: <link>"
async fn history_line(data: &Data, server: ServerId, row: &HistoryRow) -> String {
    let game = row.game.parse::<GameKind>().map_or_else(|_| row.game.clone(), |g| g.name().to_string());
    let seats: Vec<String> =
        row.seats.iter().map(|(name, _, place, score)| format!("{name} {} ({score})", ordinal(*place))).collect();
    // Nine players with long names still leave room for five lines in one message.
    let seats = post::clip(&seats.join(", "), PLAYERS_CHARS);
    // A table opened before the Discord side kept its place, or in the terminal, has no link.
    let link = match data.rows.place(row.table).await {
        Ok(Some(place)) => format!(" https://discord.com/channels/{}/{}", server.0, place.game_channel()),
        _ => String::new(),
    };
    format!("• Table #{}, {game}, ended <t:{}:d>: {seats}.{link}", row.table, row.ended_at)
}

/// Previous and Next buttons for `page` (none for a list of one page).
fn paging<T>(page: &Page<T>, id: impl Fn(usize) -> ComponentId) -> Vec<CreateActionRow> {
    if page.pages <= 1 {
        return Vec::new();
    }
    let button = |label: &str, to: usize, enabled: bool| {
        let custom = id(to).encode().unwrap_or_default();
        CreateButton::new(custom).label(label).style(serenity::ButtonStyle::Secondary).disabled(!enabled)
    };
    // Two buttons may not share an id: a disabled one points one step further than allowed.
    let previous =
        button("Previous page", if page.number > 1 { page.number - 1 } else { page.pages + 1 }, page.number > 1);
    let next = button("Next page", page.number + 1, page.number < page.pages);
    vec![CreateActionRow::Buttons(vec![previous, next])]
}
