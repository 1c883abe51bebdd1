//! The whole story at the end of a game: the standings with their breakdown, the moves that
//! decided it ([`super::turning`]), and (unless the table was opened with reveal=no) every
//! private fact of the game in words: what each player was dealt, what each was told
//! privately, what each still held at the end. Built by replaying the log.

use engines::{AnyGame, Audience, Viewer};

use super::log::{Replay, told};
use crate::table::LogEntry;

/// The story of a finished game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Story {
    /// Standings and why the game ended.
    pub summary: Vec<String>,
    /// The moves that decided the game, in words.
    pub turning_points: Vec<String>,
    /// Every private fact, in words (empty when the table keeps them).
    pub reveal: Vec<String>,
    /// Whether the table was opened with reveal=no.
    pub kept: bool,
    /// The reveal picture (PNG): every seat's private facts at the end, drawn beside the final
    /// board; none when the table keeps them or nothing was private.
    pub picture: Option<Vec<u8>>,
    /// The picture's description, for people who cannot see it.
    pub picture_text: String,
}

/// Lines of `viewer`'s text board that the public board does not have: what only they saw.
/// A drawing's rows and headings (Raja's own land as a map) say nothing on their own, out of
/// the drawing; the sentences beside them say the same facts in words, and are kept.
fn private_lines(game: &AnyGame, seat: engines::Seat, names: &[String]) -> Vec<String> {
    let public = render::board_text(&game.view(Viewer::Public), names);
    let public: std::collections::HashSet<&str> = public.lines().map(str::trim).collect();
    render::board_text(&game.view(Viewer::Seat(seat)), names)
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !public.contains(line) && says_something(line))
        .map(str::to_string)
        .collect()
}

/// Whether a board line reads as a fact: it has a word of three letters or more and is not a
/// heading (ending in a colon) over a drawing.
fn says_something(line: &str) -> bool {
    let worded = line.split(|c: char| !c.is_alphabetic()).any(|word| word.chars().count() >= 3);
    worded && !line.ends_with(':')
}

/// The story of a replayed game whose log is `log`, players called `names`; `reveal` says
/// whether the private facts are told.
#[must_use]
pub fn story(replay: &Replay, log: &[LogEntry], names: &[String], reveal: bool) -> Story {
    let mut story = Story { kept: !reveal, ..Story::default() };
    let name = |seat: engines::Seat| names.get(seat.index()).cloned().unwrap_or_else(|| seat.to_string());
    if let Some(outcome) = replay.end.pending().outcome() {
        story.summary.push(format!("The game ended: {}.", outcome.reason));
        for s in &outcome.standings {
            story.summary.push(format!("{}. {} — {} (score {})", s.place, name(s.seat), s.detail, s.score));
        }
    }
    story.summary.push(format!("{} moves in all.", log.len()));
    story.turning_points = super::turning::turning_points(replay, log, names);
    if !reveal {
        return story;
    }
    story.reveal = private_trail(replay, log, names);
    (story.picture, story.picture_text) = reveal_picture(&replay.end, names);
    story
}

/// The reveal picture of the finished `game` and its description: each seat's private lines
/// at the end, as its own view shows them.
fn reveal_picture(game: &AnyGame, names: &[String]) -> (Option<Vec<u8>>, String) {
    let public = game.view(Viewer::Public);
    let seats: Vec<engines::AnyView> =
        (0..game.players()).map(|s| game.view(Viewer::Seat(engines::Seat(s as u8)))).collect();
    let text: Vec<String> = seats
        .iter()
        .enumerate()
        .map(|(i, own)| (names.get(i).cloned().unwrap_or_default(), render::reveal_lines(&public, own, names)))
        .filter(|(_, lines)| !lines.is_empty())
        .map(|(name, lines)| format!("{name}: {}", lines.join("; ")))
        .collect();
    match render::reveal_drawing(&public, &seats, names) {
        Ok(drawing) => (drawing.map(|d| d.png), format!("Revealed at the end. {}", text.join(" · "))),
        Err(err) => {
            tracing::warn!(error = %err, "the reveal picture could not be drawn");
            (None, String::new())
        }
    }
}

/// Every private fact of the game in order: what each seat alone saw at the start, what each
/// was told privately at each move and what each alone saw newly after it (a card drawn, a
/// sealed choice before it was shown), and what each alone saw at the end.
fn private_trail(replay: &Replay, log: &[LogEntry], names: &[String]) -> Vec<String> {
    let name = |seat: engines::Seat| names.get(seat.index()).cloned().unwrap_or_else(|| seat.to_string());
    let seats: Vec<engines::Seat> = (0..replay.start.players()).map(|s| engines::Seat(s as u8)).collect();
    let mut lines = Vec::new();
    let mut seen: Vec<std::collections::HashSet<String>> = Vec::with_capacity(seats.len());
    for &seat in &seats {
        let dealt = private_lines(&replay.start, seat, names);
        if !dealt.is_empty() {
            lines.push(format!("At the start, only {} saw: {}", name(seat), dealt.join("; ")));
        }
        seen.push(dealt.into_iter().collect());
    }
    let mut game = replay.start.clone();
    for (i, (entry, narration)) in log.iter().zip(&replay.narration).enumerate() {
        for n in narration.iter().filter(|n| n.audience != Audience::Public) {
            let to = told(n.audience, names).join(" and ");
            lines.push(format!("Move {}, told only to {to}: “{}”", i + 1, n.text));
        }
        if game.apply(engines::Seat(entry.seat), &entry.action, names).is_err() || i + 1 == log.len() {
            continue;
        }
        for (&seat, seen) in seats.iter().zip(seen.iter_mut()) {
            let new: Vec<String> =
                private_lines(&game, seat, names).into_iter().filter(|line| seen.insert(line.clone())).collect();
            if !new.is_empty() {
                lines.push(format!("After move {}, only {} saw: {}", i + 1, name(seat), new.join("; ")));
            }
        }
    }
    for &seat in &seats {
        let held = private_lines(&replay.end, seat, names);
        if !held.is_empty() {
            lines.push(format!("At the end, only {} saw: {}", name(seat), held.join("; ")));
        }
    }
    lines
}
