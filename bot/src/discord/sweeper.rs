//! Deadlines: half-time reminders and timeouts, checked every few seconds from the database,
//! so deadlines that passed while the bot was down are caught up at the next sweep. Processes
//! sharing one database each claim the due tables they handle (see [`crate::table::Tables::due`]).

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::{ChannelId, CreateMessage};

use super::Data;
use super::deliver::{Error, deliver_move};
use super::post::{mention, only_users};
use crate::store::{TableId, now};

/// Sweeps forever, every `every`; first moves on any table left waiting on a computer
/// player (a database from an older release may hold one) and posts what they did.
pub async fn run(http: Arc<serenity::Http>, data: Data, every: Duration) {
    match data.tables.drive_all_computers().await {
        Ok(reports) => {
            for report in reports {
                if let Err(err) = deliver_move(&http, &data, &report).await {
                    tracing::warn!(table = %report.table(), "cannot post the computer players' moves: {err}");
                }
            }
        }
        Err(err) => tracing::warn!("cannot look for tables waiting on computers: {}", err.log_detail()),
    }
    let mut ticker = tokio::time::interval(every);
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticker.tick().await;
        if let Err(err) = sweep(&http, &data).await {
            tracing::warn!("deadline sweep failed: {err}");
        }
    }
}

/// One sweep: the due tables this process claimed (no other process sharing the database
/// handles them meanwhile), each timed out or reminded, then given back.
///
/// # Errors
/// Storage failures (a failure on one table is logged and the sweep goes on).
pub async fn sweep(http: &Arc<serenity::Http>, data: &Data) -> Result<(), Error> {
    let at = now();
    for table in data.tables.due(at).await? {
        if let Err(err) = sweep_table(http, data, table, at).await {
            tracing::warn!(%table, "deadline handling failed: {err}");
        }
        if let Err(err) = data.tables.release(table).await {
            tracing::warn!(%table, "cannot give back the claim (it lapses by itself): {}", err.log_detail());
        }
    }
    Ok(())
}

async fn sweep_table(http: &Arc<serenity::Http>, data: &Data, table: TableId, at: i64) -> Result<(), Error> {
    if let Some(report) = data.tables.expire(table, at).await? {
        deliver_move(http, data, &report).await?;
        return Ok(());
    }
    let Some(snapshot) = data.tables.take_reminder(table, at).await? else { return Ok(()) };
    let Some(place) = data.rows.place(table).await? else { return Ok(()) };
    let users = snapshot.waiting_users();
    if users.is_empty() {
        return Ok(());
    }
    let who: Vec<String> = users.iter().map(|u| mention(*u)).collect();
    let deadline = snapshot.deadline_at.map(|d| format!(" Time runs out <t:{d}:R>.")).unwrap_or_default();
    let text = format!("⏰ {}: half your time for this turn is gone.{deadline}", who.join(", "));
    let message = CreateMessage::new().content(text).allowed_mentions(only_users(&users));
    ChannelId::new(place.game_channel()).send_message(http, message).await?;
    Ok(())
}
