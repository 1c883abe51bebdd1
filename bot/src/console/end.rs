//! How the terminal ends a game: the last moves, the final board, the result and the command
//! that plays the same game again.

use std::io::Write;

use crate::table::{Snapshot, Status};

/// The last moves (`since`), then the final board and how it ended.
pub(super) fn print_final<W: Write>(out: &mut W, snapshot: &Snapshot, since: &[String]) -> std::io::Result<()> {
    for line in since {
        writeln!(out, "{line}")?;
    }
    if let Some(view) = &snapshot.view {
        writeln!(out, "\n{}", render::board_text(view, &snapshot.names()))?;
    }
    match (&snapshot.outcome, snapshot.status) {
        (Some(outcome), _) => {
            // The board text above ends with the final standings; without a view, list them.
            if snapshot.view.is_none() {
                writeln!(out, "Game over: {}.", outcome.reason)?;
                let names = snapshot.names();
                for standing in &outcome.standings {
                    let name = names.get(standing.seat.index()).cloned().unwrap_or_default();
                    writeln!(out, "  {}. {name} — {}", standing.place, standing.detail)?;
                }
            }
        }
        (None, Status::Abandoned) => writeln!(out, "Table #{} was abandoned.", snapshot.id)?,
        (None, _) => {}
    }
    writeln!(out, "Seed {}; replay this game with: {}", snapshot.seed, replay_command(snapshot))
}

/// The `saloon play` command that plays `snapshot`'s game again: its seats, computer level,
/// options and seed.
fn replay_command(snapshot: &Snapshot) -> String {
    let bots = snapshot.seats.iter().filter(|s| s.user.is_none()).count();
    let mut command = format!(
        "saloon play {game} --players {players} --bots {bots} --seed {seed}",
        game = snapshot.game.id(),
        players = snapshot.seats.len(),
        seed = snapshot.seed,
    );
    if let Some(level) = snapshot.seats.iter().filter(|s| s.user.is_none()).find_map(|s| s.level) {
        command.push_str(&format!(" --level {}", level.name()));
    }
    let options = serde_json::from_str::<serde_json::Value>(&snapshot.options).unwrap_or_default();
    for (key, value) in options.as_object().into_iter().flatten() {
        let value = match value {
            serde_json::Value::String(text) => text.clone(),
            serde_json::Value::Array(items) => items
                .iter()
                .map(|i| i.as_str().map_or_else(|| i.to_string(), str::to_string))
                .collect::<Vec<_>>()
                .join("/"),
            other => other.to_string(),
        };
        command.push_str(&format!(" --opt {key}={value}"));
    }
    command
}
