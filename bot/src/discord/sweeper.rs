//! Deadlines: half-time reminders and timeouts, checked every few seconds from SQLite, so
//! deadlines that passed while the bot was down are caught up at the next sweep.

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::{ChannelId, CreateMessage};

use super::deliver::{Error, deliver_move};
use super::post::{mention, only_users};
use crate::store::{TableId, now};
use crate::table::Tables;

/// Sweeps forever, every `every`; first moves on any table left waiting on a computer
/// player (a database from an older release may hold one) and posts what they did.
pub async fn run(http: Arc<serenity::Http>, tables: Tables, every: Duration) {
    match tables.drive_all_computers().await {
        Ok(reports) => {
            for report in reports {
                if let Err(err) = deliver_move(&http, &tables, &report).await {
                    tracing::warn!(table = %report.table, "cannot post the computer players' moves: {err}");
                }
            }
        }
        Err(err) => tracing::warn!("cannot look for tables waiting on computers: {}", err.log_detail()),
    }
    let mut ticker = tokio::time::interval(every);
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticker.tick().await;
        if let Err(err) = sweep(&http, &tables).await {
            tracing::warn!("deadline sweep failed: {err}");
        }
    }
}

/// One sweep: reminders first, then timeouts.
///
/// # Errors
/// Storage failures (a failure on one table is logged and the sweep goes on).
pub async fn sweep(http: &serenity::Http, tables: &Tables) -> Result<(), Error> {
    let at = now();
    for table in tables.due(at).await? {
        if let Err(err) = sweep_table(http, tables, table, at).await {
            tracing::warn!(%table, "deadline handling failed: {err}");
        }
    }
    Ok(())
}

async fn sweep_table(http: &serenity::Http, tables: &Tables, table: TableId, at: i64) -> Result<(), Error> {
    if let Some(report) = tables.expire(table, at).await? {
        deliver_move(http, tables, &report).await?;
        return Ok(());
    }
    let Some(snapshot) = tables.take_reminder(table, at).await? else { return Ok(()) };
    let Some(place) = tables.store().place(table).await? else { return Ok(()) };
    let users = snapshot.waiting_users();
    if users.is_empty() {
        return Ok(());
    }
    let who: Vec<String> = users.iter().map(|u| mention(*u)).collect();
    let deadline = snapshot.deadline_at.map(|d| format!(" Time runs out <t:{d}:R>.")).unwrap_or_default();
    let text = format!("⏰ {}: half your time for this move is gone.{deadline}", who.join(", "));
    let message = CreateMessage::new().content(text).allowed_mentions(only_users(&users));
    ChannelId::new(place.game_channel()).send_message(http, message).await?;
    Ok(())
}
