//! The sweeper: deadlines (half-time reminders and timeouts) and deliveries left over, checked
//! every few seconds from the database, so that deadlines that passed while the bot was down,
//! and posts a crash or a deploy interrupted, are caught up at the next sweep. Processes sharing
//! one database each claim a few due tables at a time (see [`crate::table::Tables::due`]), so
//! they share the work, and a table a dead process held moves to another within a lease.

use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;

use super::Data;
use super::deliver::{after_change, after_commit, drain};
use crate::table::{CLAIM_BATCH, TableId, now};

/// Sweeps until the process stops: at once (computers left waiting, posts left unsent), then
/// every `every`.
pub async fn run(http: Arc<serenity::Http>, data: Data, every: Duration) {
    match data.tables.drive_all_computers().await {
        Ok(reports) => {
            for report in reports {
                after_commit(&http, &data, &report).await;
            }
        }
        Err(err) => tracing::warn!("cannot look for tables waiting on computers: {}", err.log_detail()),
    }
    let mut ticker = tokio::time::interval(every);
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = ticker.tick() => {}
            () = data.stop.cancelled() => return,
        }
        sweep(&http, &data).await;
    }
}

/// One sweep: the due deadlines and reminders, then the deliveries nobody is making, a few
/// tables at a time, each claimed by this process while it works on it.
pub async fn sweep(http: &Arc<serenity::Http>, data: &Data) {
    let at = now();
    send_held(http, data, at).await;
    send_digests(http, data, at).await;
    // A table handled once in a sweep is not taken again in it (its handling failed, and it
    // waits for the next sweep), so a sweep always ends.
    let mut handled = HashSet::new();
    loop {
        let due = match data.tables.due(at).await {
            Ok(due) => due,
            Err(err) => {
                tracing::warn!("cannot look for due deadlines: {}", err.log_detail());
                break;
            }
        };
        let full = due.len() as i64 >= CLAIM_BATCH;
        let mut fresh = false;
        for table in due {
            if data.stopping() {
                return;
            }
            if handled.insert(table) {
                fresh = true;
                deadline(http, data, table, at).await;
            } else if let Err(err) = data.tables.release(table).await {
                tracing::warn!(%table, "cannot give back the claim: {}", err.log_detail());
            }
        }
        if !full || !fresh {
            break;
        }
    }
    handled.clear();
    loop {
        let waiting = match data.tables.claim_deliveries(CLAIM_BATCH).await {
            Ok(waiting) => waiting,
            Err(err) => {
                tracing::warn!("cannot look for posts to deliver: {}", err.log_detail());
                return;
            }
        };
        let full = waiting.len() as i64 >= CLAIM_BATCH;
        let mut fresh = false;
        for table in waiting {
            if data.stopping() {
                return;
            }
            fresh |= handled.insert(table);
            drain(http, data, table, None).await;
        }
        if !full || !fresh {
            return;
        }
    }
}

/// A claimed table whose deadline or reminder is due: the timeout or the reminder is committed
/// with its posts in the outbox, and delivered.
async fn deadline(http: &Arc<serenity::Http>, data: &Data, table: TableId, at: i64) {
    match data.tables.expire(table, at).await {
        Ok(Some(report)) => {
            after_commit(http, data, &report).await;
            return release(data, table).await;
        }
        Ok(None) => {}
        Err(err) => tracing::warn!(%table, "timeout handling failed: {}", err.log_detail()),
    }
    match data.tables.take_reminder(table, at).await {
        Ok(Some(snapshot)) => {
            after_change(http, data, &snapshot).await;
            return release(data, table).await;
        }
        Ok(None) => {}
        Err(err) => tracing::warn!(%table, "reminder failed: {}", err.log_detail()),
    }
    // Nothing was due after all (handled elsewhere meanwhile), or it failed: anything recorded
    // is delivered, and the claim goes back.
    drain(http, data, table, None).await;
}

/// Gives back the claim on `table` (a no-op when delivery gave it back already).
async fn release(data: &Data, table: TableId) {
    if let Err(err) = data.tables.release(table).await {
        tracing::warn!(%table, "cannot give back the claim (it lapses by itself): {}", err.log_detail());
    }
}

/// Sends the notices held through quiet hours that have come due (issue #27 item 3): each is
/// taken from storage by one process before it is sent; a failure is logged.
async fn send_held(http: &serenity::Http, data: &Data, at: i64) {
    let due = match data.tables.due_notices(at, CLAIM_BATCH).await {
        Ok(due) => due,
        Err(err) => {
            tracing::warn!("cannot look for held notices: {}", err.log_detail());
            return;
        }
    };
    for (table, user, kind) in due {
        match data.tables.take_notice(table, user, at).await {
            Ok(true) => {
                if let Err(err) = super::panel::tell_held(http, data, table, user, &kind).await {
                    tracing::warn!(%table, "cannot send a held notice: {err}");
                }
            }
            Ok(false) => {}
            Err(err) => tracing::warn!(%table, "cannot take a held notice: {}", err.log_detail()),
        }
    }
}

/// Sends the daily digests that have come due (issue #27 item 3), each by the one process that
/// moved its due time on to the next day; a digest not yet scheduled is scheduled, not sent.
async fn send_digests(http: &serenity::Http, data: &Data, at: i64) {
    let due = match data.tables.due_digests(at, CLAIM_BATCH).await {
        Ok(due) => due,
        Err(err) => {
            tracing::warn!("cannot look for daily digests: {}", err.log_detail());
            return;
        }
    };
    for (user, was) in due {
        match data.tables.advance_digest(user, was, at).await {
            Ok(true) if was.is_some() => {
                if let Err(err) = super::panel::digest(http, data, user).await {
                    tracing::warn!("cannot send a daily digest: {err}");
                }
            }
            Ok(_) => {}
            Err(err) => tracing::warn!("cannot schedule a daily digest: {}", err.log_detail()),
        }
    }
}
