//! Slash commands. Each parses, calls the table layer, and replies; rules and flow live below.

use std::time::Duration;

use engines::GameKind;
use poise::CreateReply;
use poise::serenity_prelude as serenity;

use super::deliver::{after_change, after_commit};
use super::error::Error;
use super::panel::private_panel;
use super::rows::RowsError;
use super::{Context, Data, display_name, post};
use crate::table::{LobbyRequest, Participant, TableError};
use crate::table::{OnTimeout, ServerId, ServerSettings, Skill, Status, TableId, UserId};

/// A game, as a slash-command choice: the list is [`GameKind::ALL`], so every registered
/// game (and only those) is offered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameChoice(pub GameKind);

impl GameChoice {
    const fn kind(self) -> GameKind {
        self.0
    }
}

impl poise::ChoiceParameter for GameChoice {
    fn list() -> std::borrow::Cow<'static, [poise::CommandParameterChoice]> {
        GameKind::ALL
            .iter()
            .map(|kind| poise::CommandParameterChoice {
                name: kind.name().into(),
                localizations: std::borrow::Cow::Borrowed(&[]),
                __non_exhaustive: (),
            })
            .collect()
    }

    fn from_index(index: usize) -> Option<Self> {
        GameKind::ALL.get(index).copied().map(Self)
    }

    fn from_name(name: &str) -> Option<Self> {
        GameKind::ALL.iter().copied().find(|k| k.name().eq_ignore_ascii_case(name) || k.id() == name).map(Self)
    }

    fn name(&self) -> &'static str {
        self.0.name()
    }

    fn localized_name(&self, _locale: &str) -> Option<&'static str> {
        None
    }
}

/// The shortest and longest time per move.
const TIMEOUT_RANGE: (Duration, Duration) = (Duration::from_secs(60), Duration::from_secs(7 * 24 * 3600));

pub(super) async fn say_private(ctx: Context<'_>, text: impl Into<String>) -> Result<(), Error> {
    ctx.send(CreateReply::default().ephemeral(true).content(text).allowed_mentions(post::only_users(&[]))).await?;
    Ok(())
}

pub(super) async fn refuse(ctx: Context<'_>, error: &TableError) -> Result<(), Error> {
    if error.is_internal() {
        tracing::error!(command = %ctx.command().name, "{}", error.log_detail());
    }
    say_private(ctx, error.to_string()).await
}

pub(super) fn author(ctx: Context<'_>) -> UserId {
    UserId(ctx.author().id.get())
}

/// A computer player's strength, as a slash-command choice.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum LevelChoice {
    /// The default.
    #[name = "normal (thinks a moment, plays sensibly)"]
    Normal,
    /// Answers at once.
    #[name = "easy (plays quickly, makes mistakes)"]
    Easy,
    /// Thinks up to two seconds a move.
    #[name = "hard (thinks up to two seconds, hard to beat)"]
    Hard,
    /// Uniformly random moves.
    #[name = "random"]
    Random,
}

impl LevelChoice {
    pub(super) const fn skill(self) -> Skill {
        match self {
            Self::Normal => Skill::Search(engines::Level::Normal),
            Self::Easy => Skill::Search(engines::Level::Easy),
            Self::Hard => Skill::Search(engines::Level::Hard),
            Self::Random => Skill::Random,
        }
    }
}

/// What a table does when a player runs out of time, as a slash-command choice.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum LateChoice {
    /// The game's safe default moves for the late player's turn.
    #[name = "safe default moves"]
    SafeDefault,
    /// A computer plays the seat until the player comes back.
    #[name = "a computer takes the seat until they /rejoin"]
    Computer,
}

impl LateChoice {
    pub(super) const fn policy(self) -> OnTimeout {
        match self {
            Self::SafeDefault => OnTimeout::SafeDefault,
            Self::Computer => OnTimeout::Computer,
        }
    }
}

/// Open a lobby for a game in this channel.
#[poise::command(slash_command)]
#[allow(clippy::too_many_arguments, reason = "each parameter is one of the slash command's options")]
pub async fn play(
    ctx: Context<'_>,
    #[description = "The game to play"] game: GameChoice,
    #[description = "Seats at the table (default: as many as the game allows)"]
    #[min = 2]
    #[max = 9]
    players: Option<u8>,
    #[description = "Computer players to seat right away"]
    #[min = 0]
    #[max = 8]
    bots: Option<u8>,
    #[description = "Time each player has per move, e.g. 30m, 12h, 3d (default: the server's, else 24h)"]
    #[autocomplete = "autocomplete_timeout"]
    timeout: Option<String>,
    #[description = "Game options as KEY=VALUE words, e.g. dice_mix=d6_only round_cap=40 (see /rules)"] options: Option<
        String,
    >,
    #[description = "Random seed: the same seed deals the same game (default: a random one)"] seed: Option<i64>,
    #[description = "How strong the computer players are (default: normal)"] level: Option<LevelChoice>,
    #[description = "When a player runs out of time (default: the game's safe moves for them)"] late: Option<
        LateChoice,
    >,
    #[description = "Tell every hand and secret at the end (default: yes)"] reveal: Option<super::export::RevealChoice>,
) -> Result<(), Error> {
    let kind = game.kind();
    let server = match ctx.guild_id() {
        Some(guild) => ctx.data().tables.server_settings(ServerId(guild.get())).await?,
        None => ServerSettings::default(),
    };
    if let Some(role) = server.host_role
        && !may_host(ctx, role).await
    {
        let text = format!("On this server only members with the <@&{role}> role can open tables; ask one of them.");
        return say_private(ctx, text).await;
    }
    let words = options.as_deref().unwrap_or_default().split(|c: char| c.is_whitespace() || c == ',');
    let options = match crate::table::options_from_words(words.filter(|w| !w.is_empty())) {
        Ok(options) => options,
        Err(bad) => return say_private(ctx, bad.to_string()).await,
    };
    let timeout = match timeout.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
        None => Duration::from_secs(server.turn_timeout().unsigned_abs()),
        Some(text) => match humantime::parse_duration(text) {
            Ok(d) if (TIMEOUT_RANGE.0..=TIMEOUT_RANGE.1).contains(&d) => d,
            _ => {
                return say_private(
                    ctx,
                    format!(
                        "\"{}\" is not a time per move I can use: write 1m to 7d, e.g. 30m, 12h or 3d.",
                        crate::table::quoted(text)
                    ),
                )
                .await;
            }
        },
    };
    let options = super::export::with_reveal(options, reveal);
    let (_, max) = engines::AnyGame::player_range(kind);
    let host = Participant { user: author(ctx), name: author_name(ctx).await };
    let request = LobbyRequest {
        game: kind,
        options,
        host,
        seat_host: true,
        players: players.unwrap_or(max as u8),
        computers: bots.unwrap_or(0),
        level: level.map_or_else(|| server.level(), LevelChoice::skill),
        on_timeout: late.map_or_else(|| server.on_timeout(), LateChoice::policy),
        // Any 64 bits make a seed; Discord's integers are signed.
        seed: seed.map(|s| u64::from_ne_bytes(s.to_ne_bytes())),
        turn_timeout: timeout.as_secs() as i64,
        away_allowance: server.away_allowance(),
        delivers: true,
    };
    let snapshot = match ctx.data().tables.open(request).await {
        Ok(snapshot) => snapshot,
        Err(err) => return refuse(ctx, &err).await,
    };
    // Where the table lives is recorded before anyone can see the lobby (and click Start).
    ctx.data().rows.set_home(snapshot.id, ctx.guild_id().map(|g| g.get()), ctx.channel_id().get()).await?;
    let reply = CreateReply::default()
        .content(post::lobby_content(&snapshot))
        .allowed_mentions(post::only_users(&[]))
        .components(post::lobby_components(&snapshot, server.level));
    let handle = ctx.send(reply).await?;
    let message = handle.message().await?;
    ctx.data().rows.set_lobby_message(snapshot.id, message.id.get()).await?;
    Ok(())
}

async fn autocomplete_timeout(_ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let choices = ["1h", "6h", "12h", "24h", "2d", "3d", "7d"]
        .into_iter()
        .filter(|c| c.starts_with(partial.trim()))
        .map(serenity::AutocompleteChoice::from)
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

pub(super) async fn author_name(ctx: Context<'_>) -> String {
    let member = ctx.author_member().await;
    display_name(ctx.author(), member.as_deref())
}

/// Your tables still running, for autocomplete and for finding "the" table.
pub(super) async fn autocomplete_table(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let tables = ctx.data().tables.tables_of(Some(author(ctx)), Status::Running).await.unwrap_or_default();
    let choices = tables
        .into_iter()
        .filter(|t| t.id.to_string().starts_with(partial.trim().trim_start_matches('#')))
        .take(25)
        .map(|t| {
            let waiting =
                if t.your_turn { "your move".to_string() } else { format!("waiting for {}", t.waiting.join(", ")) };
            serenity::AutocompleteChoice::new(
                post::clip(&format!("#{} {} — {waiting}", t.id, t.game.name()), 100),
                t.id.0,
            )
        })
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// The table a command is about: the one given, else the running table of this channel or
/// thread where the user sits, else the user's only running table.
pub(super) async fn resolve(ctx: Context<'_>, table: Option<i64>) -> Result<TableId, String> {
    if let Some(id) = table {
        return Ok(TableId(id));
    }
    let data = ctx.data();
    let user = author(ctx);
    let here = data.rows.tables_in_channel(ctx.channel_id().get()).await.map_err(|e| e.to_string())?;
    let mine = data.tables.tables_of(Some(user), Status::Running).await.map_err(|e| e.to_string())?;
    if let Some(id) = here.iter().find(|id| mine.iter().any(|t| t.id == **id)) {
        return Ok(*id);
    }
    match mine.as_slice() {
        [only] => Ok(only.id),
        [] => Err("You are not playing any game right now. Start one with `/play`.".into()),
        many => {
            let ids: Vec<String> = many.iter().map(|t| format!("#{}", t.id)).collect();
            Err(format!("Which table? Use the `table` option; your games: {}.", ids.join(", ")))
        }
    }
}

/// The table a command is about when anyone may ask: the one given, else the newest table
/// played in this channel or thread, else as [`resolve`].
pub(super) async fn resolve_here(ctx: Context<'_>, table: Option<i64>) -> Result<TableId, String> {
    if let Some(id) = table {
        return Ok(TableId(id));
    }
    let here = ctx.data().rows.tables_in_channel(ctx.channel_id().get()).await.map_err(|e| e.to_string())?;
    match here.first() {
        Some(id) => Ok(*id),
        None => resolve(ctx, None).await,
    }
}

/// Your private view and choices at a table (only you see it).
#[poise::command(slash_command)]
pub async fn hand(
    ctx: Context<'_>,
    #[description = "Table number (default: this thread's game, or your only game)"]
    #[autocomplete = "autocomplete_table"]
    table: Option<i64>,
) -> Result<(), Error> {
    let id = match resolve(ctx, table).await {
        Ok(id) => id,
        Err(message) => return say_private(ctx, message).await,
    };
    match private_panel(ctx.data(), id, author(ctx), &[]).await {
        Ok(panel) => {
            let mut reply = CreateReply::default().ephemeral(true).content(panel.content).components(panel.rows);
            if let Some(png) = panel.png {
                reply = reply.attachment(png);
            }
            ctx.send(reply).await?;
            Ok(())
        }
        Err(Error::Table(err)) => refuse(ctx, &err).await,
        Err(err) => Err(err),
    }
}

/// The current board and who must act (only you see this copy).
#[poise::command(slash_command)]
pub async fn status(
    ctx: Context<'_>,
    #[description = "Table number (default: this thread's game, or your only game)"]
    #[autocomplete = "autocomplete_table"]
    table: Option<i64>,
) -> Result<(), Error> {
    let id = match resolve_here(ctx, table).await {
        Ok(id) => id,
        Err(message) => return say_private(ctx, message).await,
    };
    match ctx.data().tables.snapshot(id).await {
        Ok(snapshot) if snapshot.status == Status::Lobby => say_private(ctx, post::lobby_content(&snapshot)).await,
        Ok(snapshot) => {
            // The board as text too, for screen readers and small screens.
            let text = snapshot.view.as_ref().map(|view| render::board_text(view, &snapshot.names()));
            let mut content = post::board_content(&snapshot, &[]);
            if let Some(text) = text {
                let room = 2000usize.saturating_sub(content.chars().count() + 10);
                content = format!("{}\n```\n{}\n```", content, post::clip(&text, room));
            }
            let mut out = CreateReply::default().ephemeral(true).content(post::clip(&content, 2000));
            out = out.components(post::board_components(&snapshot)).allowed_mentions(post::only_users(&[]));
            if let Some(png) = post::board_png(&snapshot) {
                out = out.attachment(png);
            }
            ctx.send(out).await?;
            Ok(())
        }
        Err(err) => refuse(ctx, &err).await,
    }
}

/// How a game is played, in short.
#[poise::command(slash_command)]
pub async fn rules(ctx: Context<'_>, #[description = "Which game"] game: GameChoice) -> Result<(), Error> {
    say_private(ctx, game.kind().summary()).await
}

/// Leave a game you are playing (you rank last).
#[poise::command(slash_command)]
pub async fn resign(
    ctx: Context<'_>,
    #[description = "Table number (default: this thread's game, or your only game)"]
    #[autocomplete = "autocomplete_table"]
    table: Option<i64>,
) -> Result<(), Error> {
    let id = match resolve(ctx, table).await {
        Ok(id) => id,
        Err(message) => return say_private(ctx, message).await,
    };
    ctx.defer_ephemeral().await?;
    match ctx.data().tables.resign(id, author(ctx)).await {
        Ok(report) => {
            say_private(ctx, format!("You resigned from table #{id}.")).await?;
            after_commit(&ctx.serenity_context().http, ctx.data(), &report).await;
            Ok(())
        }
        Err(err) => refuse(ctx, &err).await,
    }
}

/// Stop a game for good (its host, or a member who can manage channels).
#[poise::command(slash_command)]
pub async fn abandon(
    ctx: Context<'_>,
    #[description = "Table number (default: this thread's game)"]
    #[autocomplete = "autocomplete_table"]
    table: Option<i64>,
) -> Result<(), Error> {
    let id = match resolve_here(ctx, table).await {
        Ok(id) => id,
        Err(message) => return say_private(ctx, message).await,
    };
    let moderator = is_moderator(ctx).await;
    let name = author_name(ctx).await;
    match ctx.data().tables.abandon(id, author(ctx), &name, moderator).await {
        Ok(snapshot) => {
            say_private(ctx, format!("Table #{id} is abandoned.")).await?;
            after_change(&ctx.serenity_context().http, ctx.data(), &snapshot).await;
            Ok(())
        }
        Err(err) => refuse(ctx, &err).await,
    }
}

/// Let a computer play an absent player's seat until they /rejoin (host or moderator).
#[poise::command(slash_command)]
pub async fn replace(
    ctx: Context<'_>,
    #[description = "The player whose seat a computer player takes over"] player: serenity::User,
    #[description = "Table number (default: this thread's game)"]
    #[autocomplete = "autocomplete_table"]
    table: Option<i64>,
) -> Result<(), Error> {
    let id = match resolve_here(ctx, table).await {
        Ok(id) => id,
        Err(message) => return say_private(ctx, message).await,
    };
    let moderator = is_moderator(ctx).await;
    ctx.defer_ephemeral().await?;
    let tables = &ctx.data().tables;
    let target = UserId(player.id.get());
    // The name the table knows them by (their server nickname when they sat down).
    let seated =
        tables.snapshot(id).await.ok().and_then(|s| s.seat_of(target).map(|seat| s.names()[seat.index()].clone()));
    let who = seated.unwrap_or_else(|| player.display_name().to_string());
    match tables.stand_in(id, author(ctx), moderator, target, &who).await {
        Ok(report) => {
            let text = format!("A computer player now plays {who}'s seat at table #{id} until they use /rejoin.");
            say_private(ctx, text).await?;
            after_commit(&ctx.serenity_context().http, ctx.data(), &report).await;
            Ok(())
        }
        Err(err) => refuse(ctx, &err).await,
    }
}

/// Take your seat back from the computer that played it while you were away.
#[poise::command(slash_command)]
pub async fn rejoin(
    ctx: Context<'_>,
    #[description = "Table number (default: this thread's game, or your only game)"]
    #[autocomplete = "autocomplete_table"]
    table: Option<i64>,
) -> Result<(), Error> {
    let id = match resolve(ctx, table).await {
        Ok(id) => id,
        Err(message) => return say_private(ctx, message).await,
    };
    ctx.defer_ephemeral().await?;
    match ctx.data().tables.rejoin(id, author(ctx)).await {
        Ok(report) => {
            say_private(ctx, format!("Welcome back: you play your own seat at table #{id} again.")).await?;
            after_commit(&ctx.serenity_context().http, ctx.data(), &report).await;
            Ok(())
        }
        Err(err) => refuse(ctx, &err).await,
    }
}

/// Whether the author may open tables where only members with `role` may: they have the role,
/// or can manage the server.
async fn may_host(ctx: Context<'_>, role: u64) -> bool {
    let Some(member) = ctx.author_member().await else { return false };
    member.roles.iter().any(|r| r.get() == role) || member.permissions.is_some_and(|p| p.manage_guild())
}

/// Whether the author may manage channels here (a moderator for `/abandon` and `/replace`).
pub(super) async fn is_moderator(ctx: Context<'_>) -> bool {
    ctx.author_member().await.and_then(|member| member.permissions).is_some_and(|p| p.manage_channels())
}

/// Your open games: where they are and who they wait for.
#[poise::command(slash_command)]
pub async fn games(ctx: Context<'_>) -> Result<(), Error> {
    let user = author(ctx);
    let tables = &ctx.data().tables;
    let mut lines = Vec::new();
    for status in [Status::Running, Status::Lobby] {
        for table in tables.tables_of(Some(user), status).await? {
            let place = ctx.data().rows.place(table.id).await?;
            let link = place.map(|p| format!(" in <#{}>", p.game_channel())).unwrap_or_default();
            let state = match (status, table.your_turn) {
                (Status::Lobby, _) => "lobby, waiting for players".to_string(),
                (_, true) => "**your move**".to_string(),
                _ => format!("waiting for {}", table.waiting.join(", ")),
            };
            lines.push(format!("• #{} {}{link} — {state}", table.id, table.game.name()));
        }
    }
    let mut text = if lines.is_empty() {
        "You have no open games. Start one with `/play`.".to_string()
    } else {
        format!("Your games:\n{}", lines.join("\n"))
    };
    if let Some(away) = tables.away_now(user, crate::table::now()).await? {
        text.push_str(&format!(
            "\nYou are away until <t:{}:f>: your turns' clocks are stopped. `/away off:true` brings you back.",
            away.until
        ));
    }
    say_private(ctx, post::clip(&text, 2000)).await
}

/// What Saloon answers when a command cannot run: every invocation is answered, ephemeral,
/// in words (a stale command list sends options this release cannot read); details go to the
/// operator's log only.
pub async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            // The table layer's sentences name the cause for the player (a refusal, a full
            // disk, a damaged table); the log gets the details.
            let text = match &error {
                Error::Table(refusal) => {
                    if refusal.is_internal() {
                        tracing::error!(command = %ctx.command().name, "command failed: {}", refusal.log_detail());
                    }
                    refusal.to_string()
                }
                Error::Rows(RowsError::Database(db)) => {
                    tracing::error!(command = %ctx.command().name, "command failed: {error}");
                    TableError::of_database(db).to_string()
                }
                other => {
                    tracing::error!(command = %ctx.command().name, "command failed: {other}");
                    "Something went wrong on Saloon's side, and nothing was changed. If it happens again, please tell the server's admin.".to_string()
                }
            };
            answer(ctx, text).await;
        }
        poise::FrameworkError::ArgumentParse { ctx, input, error, .. } => {
            tracing::info!(command = %ctx.command().name, "unreadable option {input:?}: {error}");
            answer(ctx, STALE_COMMANDS.to_string()).await;
        }
        poise::FrameworkError::CommandStructureMismatch { ctx, description, .. } => {
            tracing::info!(command = %ctx.command().name, "the command's options do not match: {description}");
            answer(poise::Context::Application(ctx), STALE_COMMANDS.to_string()).await;
        }
        other => {
            if let Err(err) = poise::builtins::on_error(other).await {
                tracing::warn!("error while handling an error: {err}");
            }
        }
    }
}

/// The answer to options this release cannot read.
const STALE_COMMANDS: &str = "I could not read one of this command's options: your Discord app may still show an \
older list of Saloon's commands. Reload Discord (Ctrl+R, or close and reopen the app) and try again.";

async fn answer(ctx: Context<'_>, text: String) {
    let reply =
        CreateReply::default().ephemeral(true).content(post::clip(&text, 2000)).allowed_mentions(post::only_users(&[]));
    if let Err(err) = ctx.send(reply).await {
        tracing::warn!("could not answer a failed command: {err}");
    }
}

#[cfg(test)]
mod tests {
    use poise::ChoiceParameter;

    use super::*;

    /// `/play`'s level choices say what the lobby's menu says (issue #26 item 5).
    #[test]
    fn level_choices_say_what_to_expect() {
        for choice in [LevelChoice::Easy, LevelChoice::Normal, LevelChoice::Hard] {
            let Skill::Search(level) = choice.skill() else { panic!("{choice:?} is a search level") };
            assert_eq!(choice.name(), format!("{} ({})", level.name(), level.describe()));
            assert_eq!(post::skill_label(choice.skill()), format!("Computer player: {}", choice.name()));
        }
    }
}
