//! Delivering the outbox: what each commit recorded (the board post and the old board's
//! buttons, pings, private panels, a computer taking a seat, reminders, the lobby message, the
//! game's thread) goes out in order per table, by the one process holding the table's claim.
//! Each part is recorded as delivered when Discord confirms it; a part that fails in a way
//! that may pass (Discord busy, down or unreachable) is tried again later with backoff, and
//! holds back what comes after it; a part Discord refuses for good is logged and skipped (the
//! table stays playable through `/status`). A message sent again after a crash carries the same
//! nonce, so Discord hands back the first one instead of posting it twice.

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::{ChannelId, CreateMessage, EditMessage, MessageId};

use super::error::{Error, Failure};
use super::post::{self, only_users};
use super::{Data, panel};
use crate::table::delivery::{Current, Pending};
use crate::table::outbox::{BoardNote, Part, ReminderNote};
use crate::table::{CLAIM_LEASE, MoveReport, Snapshot, Status, TableId, UserId, now};

/// Delivers what a commit made by this process recorded (when this process holds the table's
/// claim; else its holder does), then has the computer players move on if the game waits for
/// them. Called after every commit a click, command or deadline makes.
pub async fn after_commit(http: &Arc<serenity::Http>, data: &Data, report: &MoveReport) {
    let table = report.table();
    if report.recorded.as_ref().is_some_and(|r| r.claimed) {
        drain(http, data, table, Some(report)).await;
    }
    if report.snapshot.waits_on_computer() {
        drive(http.clone(), data.clone(), table);
    }
}

/// After a lobby change or a reminder this process committed: deliver it when holding the
/// table's claim.
pub async fn after_change(http: &Arc<serenity::Http>, data: &Data, snapshot: &Snapshot) {
    if snapshot.recorded.as_ref().is_some_and(|r| r.claimed) {
        drain(http, data, snapshot.id, None).await;
    }
}

/// Moves `table`'s computer players on, one move per commit, delivering each as it comes: the
/// searching ones think on the blocking pool. One task per table; a request while it runs makes
/// it look again before it stops. A failure is logged and left to the sweeper.
pub fn drive(http: Arc<serenity::Http>, data: Data, table: TableId) {
    if !data.claim_driver(table) || data.stopping() {
        return;
    }
    let tasks = data.tasks.clone();
    tasks.spawn(async move {
        loop {
            while !data.stopping() {
                match data.tables.drive_computers(table).await {
                    Ok(Some(report)) => {
                        if report.recorded.as_ref().is_some_and(|r| r.claimed) {
                            drain(&http, &data, table, Some(&report)).await;
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

/// Renews a table's claim while it is being delivered, and stops when dropped.
struct Renewal(tokio::task::JoinHandle<()>);

impl Renewal {
    fn start(data: &Data, table: TableId) -> Self {
        let tables = data.tables.clone();
        Self(tokio::spawn(async move {
            let every = Duration::from_secs((CLAIM_LEASE / 3).max(1).unsigned_abs());
            loop {
                tokio::time::sleep(every).await;
                if let Err(err) = tables.claim(table).await {
                    tracing::warn!(%table, "cannot renew the claim: {}", err.log_detail());
                }
            }
        }))
    }
}

impl Drop for Renewal {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// Delivers everything table `table` has in its outbox, in order, holding its claim (taken by
/// the commit or the sweeper); gives the claim back when done, and carries on if commits that
/// other processes could not deliver arrived meanwhile. `fresh` is the report of the commit
/// just made here: its entry is drawn from it without reading the table again.
pub async fn drain(http: &serenity::Http, data: &Data, table: TableId, fresh: Option<&MoveReport>) {
    let order = data.order_lock(table);
    let _one_at_a_time = order.lock().await;
    loop {
        let halted = {
            let _renewal = Renewal::start(data, table);
            drain_once(http, data, table, fresh).await
        };
        if let Err(err) = data.tables.release(table).await {
            tracing::warn!(%table, "cannot give back the claim (it lapses by itself): {}", err.log_detail());
        }
        if halted || data.stopping() {
            return;
        }
        // A commit another process made while this one held the claim is this one's to send.
        let more = match data.tables.undelivered(table).await {
            Ok(entries) => !entries.is_empty(),
            Err(err) => {
                tracing::warn!(%table, "cannot look for more to deliver: {}", err.log_detail());
                false
            }
        };
        if !more || !data.tables.claim(table).await.unwrap_or(false) {
            return;
        }
    }
}

/// One pass over the table's undelivered entries; whether delivery halted on a failure that
/// may pass (the rest waits for the retry).
async fn drain_once(http: &serenity::Http, data: &Data, table: TableId, fresh: Option<&MoveReport>) -> bool {
    let entries = match data.tables.undelivered(table).await {
        Ok(entries) => entries,
        Err(err) => {
            tracing::warn!(%table, "cannot read the outbox: {}", err.log_detail());
            return true;
        }
    };
    let mut source = Source { fresh, current: None };
    for entry in &entries {
        if let Err(halt) = deliver_entry(http, data, entry, &mut source).await {
            let wait = backoff(entry.attempts);
            tracing::warn!(%table, entry = entry.id, "delivery failed, trying again in {}s: {halt}", wait);
            if let Err(err) = data.tables.retry_later(entry.id, now() + wait).await {
                tracing::warn!(%table, "cannot schedule the retry: {}", err.log_detail());
            }
            return true;
        }
    }
    false
}

/// Seconds before the next attempt after `attempts` failures: 1, 2, 4 … up to about four
/// minutes (Discord down for an hour is tried every four minutes, not forgotten).
fn backoff(attempts: u32) -> i64 {
    1_i64 << attempts.min(8)
}

/// Where an entry's pictures and panels come from: the report of the commit just made (no read),
/// else the table as it is now (one read, shared by the entries of one pass).
struct Source<'a> {
    fresh: Option<&'a MoveReport>,
    current: Option<Current>,
}

impl Source<'_> {
    /// The table now.
    async fn current(&mut self, data: &Data, table: TableId) -> Result<&Current, Error> {
        if self.current.is_none() {
            self.current = Some(data.tables.current(table).await?);
        }
        self.current.as_ref().ok_or_else(|| Error::Gone(table))
    }

    /// The public board as it was at `entry`.
    async fn board(&mut self, data: &Data, entry: &Pending) -> Result<Snapshot, Error> {
        if let Some(report) = self.fresh.filter(|r| r.snapshot.version == entry.version) {
            return Ok(report.snapshot.clone());
        }
        let current = self.current(data, entry.table).await?;
        if current.snapshot.version == entry.version || current.snapshot.view.is_none() {
            return Ok(current.snapshot.clone());
        }
        Ok(data.tables.snapshot_at(entry.table, entry.log_len, entry.version).await?)
    }
}

/// Delivers the parts of `entry` not delivered yet, recording each.
async fn deliver_entry(
    http: &serenity::Http,
    data: &Data,
    entry: &Pending,
    source: &mut Source<'_>,
) -> Result<(), Failure> {
    let tables = &data.tables;
    let Some(dispatch) = &entry.dispatch else {
        tables.give_up(entry.id, "the stored entry cannot be read").await.map_err(later)?;
        return Ok(());
    };
    let parts = dispatch.parts();
    if parts.is_empty() {
        tables.delivered(entry.id, 0, true).await.map_err(later)?;
    }
    for (index, part) in parts.iter().enumerate().skip(entry.parts_done) {
        let nonce = format!("{}.{index}", entry.id);
        if let Err(err) = deliver_part(http, data, entry, part, &nonce, source).await {
            match err.failure() {
                later @ Failure::Later(_) => return Err(later),
                Failure::Never(reason) => {
                    tracing::warn!(table = %entry.table, entry = entry.id, "gave up on part {index}: {reason}");
                }
            }
        }
        tables.delivered(entry.id, index + 1, index + 1 == parts.len()).await.map_err(later)?;
    }
    Ok(())
}

/// A storage failure while recording delivery: it may pass.
fn later(error: crate::table::TableError) -> Failure {
    Failure::Later(error.log_detail())
}

async fn deliver_part(
    http: &serenity::Http,
    data: &Data,
    entry: &Pending,
    part: &Part<'_>,
    nonce: &str,
    source: &mut Source<'_>,
) -> Result<(), Error> {
    let table = entry.table;
    match part {
        Part::Start => start_thread(http, data, table, &source.current(data, table).await?.snapshot).await,
        Part::Lobby => edit_lobby(http, data, &source.current(data, table).await?.snapshot).await,
        Part::Panel(note) => {
            let (snapshot, private) = match source.fresh.filter(|r| r.snapshot.version == entry.version) {
                Some(report) => {
                    (report.snapshot.clone(), report.privates.iter().find(|p| p.seat.0 == note.seat).cloned())
                }
                None => {
                    let current = source.current(data, table).await?;
                    (current.snapshot.clone(), current.privates.iter().find(|p| p.seat.0 == note.seat).cloned())
                }
            };
            let Some(private) = private else { return Ok(()) };
            // Nobody is notified of a turn while away, or with such DMs switched off in /settings:
            // the panel is kept up to date quietly.
            if note.fresh && wanted(data, table, &[note.user], Notice::Dm).await.is_empty() {
                let quiet = crate::table::outbox::PanelNote { fresh: false, ..(*note).clone() };
                return panel::update(http, data, &snapshot, &private, &quiet, nonce).await;
            }
            panel::update(http, data, &snapshot, &private, note, nonce).await
        }
        Part::Away(user) => panel::tell_away(http, data, table, *user, nonce).await,
        Part::Board(note) => {
            let snapshot = source.board(data, entry).await?;
            let note = BoardNote { ping: wanted(data, table, &note.ping, Notice::Mention).await, ..(*note).clone() };
            post_board(http, data, &snapshot, &note, nonce).await
        }
        Part::Reminder(note) => {
            let note =
                ReminderNote { users: wanted(data, table, &note.users, Notice::Reminder).await, ..(*note).clone() };
            remind(http, data, table, &note, nonce).await
        }
        Part::Results => {
            let snapshot = source.board(data, entry).await?;
            // The whole story in the game's thread first (issue #28), with a nonce of its own.
            super::export::post_story(http, data, &snapshot, &format!("{nonce}s")).await?;
            post_results(http, data, &snapshot, nonce).await
        }
        Part::Undo(note) => super::undo::post_request(http, data, table, note, nonce).await,
    }
}

/// What a player may be notified by.
#[derive(Clone, Copy)]
enum Notice {
    /// A DM when a game starts waiting for them.
    Dm,
    /// A mention in the game's thread.
    Mention,
    /// The half-time reminder.
    Reminder,
}

/// Those of `users` who want `notice` now: not away, and not switched off in `/settings`. A
/// failure to read counts as wanted, so that nobody misses their turn by it. One in their quiet
/// hours is not notified now: the notice is held until they end (the sweeper sends it).
async fn wanted(data: &Data, table: TableId, users: &[UserId], notice: Notice) -> Vec<UserId> {
    let mut here = Vec::with_capacity(users.len());
    let at = now();
    for user in users {
        if matches!(data.tables.away_now(*user, at).await, Ok(Some(_))) {
            continue;
        }
        let settings = data.tables.user_settings(*user).await.ok();
        let on = settings.as_ref().is_none_or(|s| match notice {
            // A daily digest replaces the per-turn DMs (issue #27 item 3).
            Notice::Dm => s.dm_on_turn && s.digest_hour.is_none(),
            Notice::Mention => s.mention,
            Notice::Reminder => s.half_time,
        });
        if !on {
            continue;
        }
        // Quiet hours (issue #27 item 3): held, with a not-before time, not dropped.
        if let Some(end) = settings.as_ref().and_then(|s| crate::table::quiet::quiet_until(s, at)) {
            let kind = if matches!(notice, Notice::Reminder) { "reminder" } else { "turn" };
            match data.tables.hold_notice(table, *user, kind, end).await {
                Ok(()) => continue,
                Err(err) => tracing::warn!(%table, "cannot hold a notice; sending it now: {}", err.log_detail()),
            }
        }
        here.push(*user);
    }
    here
}

/// A new message with `nonce`: sent again after a crash, Discord hands back the first.
pub fn with_nonce(message: CreateMessage, nonce: &str) -> CreateMessage {
    message.nonce(serenity::Nonce::String(nonce.to_string())).enforce_nonce(true)
}

/// Posts `snapshot`'s board in its game channel with the note's lines, mentioning exactly the
/// players newly waited for, retires the previous board's buttons and records the new post.
/// A board older than the latest one posted is posted without live buttons.
async fn post_board(
    http: &serenity::Http,
    data: &Data,
    snapshot: &Snapshot,
    note: &BoardNote,
    nonce: &str,
) -> Result<(), Error> {
    let table = snapshot.id;
    let place = data.rows.place(table).await?.ok_or(Error::NoPlace(table))?;
    let latest = place.board_version.is_none_or(|v| snapshot.version >= v);
    let channel = ChannelId::new(place.game_channel());
    // Who the game waits for but is away, and until when.
    let mut lines = note.lines.clone();
    for user in snapshot.waiting_users() {
        if let Ok(Some(away)) = data.tables.away_now(user, now()).await {
            let name =
                snapshot.seat_of(user).and_then(|s| snapshot.names().get(s.index()).cloned()).unwrap_or_default();
            lines.push(format!("🏖️ {name} is away until <t:{}:f>.", away.until));
        }
    }
    let mut message = CreateMessage::new()
        .content(post::board_content(snapshot, &lines))
        .allowed_mentions(only_users(&note.ping))
        .components(if latest { post::board_components(snapshot) } else { Vec::new() });
    if let Some(png) = post::board_png(snapshot) {
        message = message.add_file(png);
    }
    // A table opened with reveal=no keeps its action log (sealed choices, discards) to /export.
    if snapshot.status == Status::Finished && snapshot.reveal {
        let log = data.tables.log(table).await?;
        message = message.add_file(post::log_file(snapshot, &log));
    }
    let posted = channel.send_message(http, with_nonce(message, nonce)).await?;
    if latest {
        // Sent again after a crash, the post may already be the one recorded: keep its buttons.
        if let Some(old) = place.board_message.filter(|old| *old != 0 && *old != posted.id.get()) {
            retire(http, channel, old).await;
        }
        data.rows.set_board(table, posted.id.get(), snapshot.version).await?;
    }
    Ok(())
}

/// Posts a finished game's standings in its server's results channel, when the server set one
/// (`/server results:`), with a link to the game's thread.
async fn post_results(http: &serenity::Http, data: &Data, snapshot: &Snapshot, nonce: &str) -> Result<(), Error> {
    let Some(outcome) = &snapshot.outcome else { return Ok(()) };
    let Some(place) = data.rows.place(snapshot.id).await? else { return Ok(()) };
    let Some(guild) = place.guild else { return Ok(()) };
    let settings = data.tables.server_settings(crate::table::ServerId(guild)).await?;
    let Some(channel) = settings.results_channel else { return Ok(()) };
    let names = snapshot.names();
    let mut text = format!(
        "🏁 **{}** · table #{} in <#{}>: {}.",
        snapshot.game.name(),
        snapshot.id,
        place.game_channel(),
        outcome.reason
    );
    for standing in &outcome.standings {
        let name = names.get(standing.seat.index()).cloned().unwrap_or_default();
        text.push_str(&format!("\n{}. {} — {}", standing.place, name, standing.detail));
    }
    let message = CreateMessage::new().content(post::clip(&text, 2000)).allowed_mentions(only_users(&[]));
    ChannelId::new(channel).send_message(http, with_nonce(message, nonce)).await?;
    Ok(())
}

/// Removes the buttons of an older message (its picture and text stay).
pub async fn retire(http: &serenity::Http, channel: ChannelId, message: u64) {
    let edit = EditMessage::new().components(Vec::new());
    if let Err(err) = channel.edit_message(http, MessageId::new(message), edit).await {
        tracing::debug!("could not retire an old message's buttons: {err}");
    }
}

/// The game starts: it moves to a new public thread made from the lobby message (in a server,
/// when the bot may create one; else it stays in the channel), and the lobby message says where.
async fn start_thread(http: &serenity::Http, data: &Data, table: TableId, snapshot: &Snapshot) -> Result<(), Error> {
    let mut place = data.rows.place(table).await?.ok_or(Error::NoPlace(table))?;
    let Some(lobby) = place.lobby_message else { return Ok(()) };
    let channel = ChannelId::new(place.channel);
    if place.guild.is_some() && place.thread.is_none() {
        let name = format!("{} #{table}", snapshot.game.name());
        let thread = serenity::CreateThread::new(name).auto_archive_duration(serenity::AutoArchiveDuration::OneWeek);
        match channel.create_thread_from_message(http, MessageId::new(lobby), thread).await {
            Ok(thread) => place.thread = Some(thread.id.get()),
            // Made already (a start delivered again after a crash): a thread started from a
            // message has that message's id.
            Err(err) if super::error::code(&err) == Some(THREAD_EXISTS) => place.thread = Some(lobby),
            Err(err) => {
                let err = Error::from(err);
                if err.failure().is_later() {
                    return Err(err);
                }
                tracing::info!(%table, "no thread (playing in the channel): {err}");
            }
        }
        if let Some(thread) = place.thread {
            data.rows.set_thread(table, thread).await?;
        }
    }
    let mut content = post::lobby_content(snapshot);
    if let Some(thread) = place.thread {
        content.push_str(&format!(" Play on in <#{thread}>."));
    }
    let edit = EditMessage::new().content(content).components(Vec::new()).allowed_mentions(only_users(&[]));
    channel.edit_message(http, MessageId::new(lobby), edit).await?;
    Ok(())
}

/// Discord's "A thread has already been created for this message".
const THREAD_EXISTS: isize = 160_004;

/// Shows the lobby as it is now.
async fn edit_lobby(http: &serenity::Http, data: &Data, snapshot: &Snapshot) -> Result<(), Error> {
    let Some(place) = data.rows.place(snapshot.id).await? else { return Ok(()) };
    let Some(lobby) = place.lobby_message else { return Ok(()) };
    let edit = EditMessage::new()
        .content(post::lobby_content(snapshot))
        .allowed_mentions(only_users(&[]))
        .components(post::lobby_components(snapshot, super::long_game::server_level(data, snapshot.id).await));
    ChannelId::new(place.channel).edit_message(http, MessageId::new(lobby), edit).await?;
    Ok(())
}

/// The half-time reminder, mentioning the players still owing their decision.
async fn remind(
    http: &serenity::Http,
    data: &Data,
    table: TableId,
    note: &ReminderNote,
    nonce: &str,
) -> Result<(), Error> {
    if note.users.is_empty() {
        return Ok(());
    }
    let place = data.rows.place(table).await?.ok_or(Error::NoPlace(table))?;
    let who: Vec<String> = note.users.iter().map(|u| post::mention(*u)).collect();
    let text =
        format!("⏰ {}: half your time for this turn is gone. Time runs out <t:{}:R>.", who.join(", "), note.deadline);
    let message = CreateMessage::new().content(text).allowed_mentions(only_users(&note.users));
    ChannelId::new(place.game_channel()).send_message(http, with_nonce(message, nonce)).await?;
    Ok(())
}
