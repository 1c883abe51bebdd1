//! The whole story at the end of a game: the standings with their breakdown, the moves that
//! decided it, and (unless the table was opened with reveal=no) every private fact of the
//! game in words: what each player was dealt, what each was told privately, what each still
//! held at the end. Built by replaying the log, so it needs nothing the engines do not
//! already say.

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
}

/// Lines of `viewer`'s text board that the public board does not have: what only they saw.
fn private_lines(game: &AnyGame, seat: engines::Seat, names: &[String]) -> Vec<String> {
    let public = render::board_text(&game.view(Viewer::Public), names);
    let public: std::collections::HashSet<&str> = public.lines().map(str::trim).collect();
    render::board_text(&game.view(Viewer::Seat(seat)), names)
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !public.contains(line))
        .map(str::to_string)
        .collect()
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
    story.turning_points = turning_points(replay);
    if !reveal {
        return story;
    }
    for seat in (0..replay.start.players()).map(|s| engines::Seat(s as u8)) {
        let dealt = private_lines(&replay.start, seat, names);
        if !dealt.is_empty() {
            story.reveal.push(format!("{} was dealt, privately: {}", name(seat), dealt.join("; ")));
        }
    }
    for (i, narration) in replay.narration.iter().enumerate() {
        for n in narration.iter().filter(|n| n.audience != Audience::Public) {
            story.reveal.push(format!(
                "Move {} (told only to {}): {}",
                i + 1,
                told(n.audience, names).join(" and "),
                n.text
            ));
        }
    }
    for seat in (0..replay.end.players()).map(|s| engines::Seat(s as u8)) {
        let held = private_lines(&replay.end, seat, names);
        if !held.is_empty() {
            story.reveal.push(format!("{} held at the end: {}", name(seat), held.join("; ")));
        }
    }
    story
}

/// The moves that decided the game, as far as the engines name them: today no engine marks
/// a turning point, so this is the last move's public narration.
fn turning_points(replay: &Replay) -> Vec<String> {
    replay
        .narration
        .last()
        .and_then(|n| public_line(n))
        .map(|last| vec![format!("The last move: {last}")])
        .unwrap_or_default()
}

fn public_line(narration: &[engines::Narration]) -> Option<String> {
    let public: Vec<&str> =
        narration.iter().filter(|n| n.audience == Audience::Public).map(|n| n.text.as_str()).collect();
    (!public.is_empty()).then(|| public.join(" "))
}
