//! The moves that decided a game, for the story at the end: when the lead changed hands and
//! by which move, and the biggest single swing, found by replaying the moves in effect and
//! reading each game's public running score ([`engines::Game::tally`]) after every move. Only
//! public facts are named (the public narration of the move), so a table opened with
//! reveal=no can tell them too.

use engines::{AnyGame, Audience, Narration, Seat, Tally};

use super::log::Replay;
use crate::table::LogEntry;

/// How many lead changes the story names (the last ones; the count says how many in all).
const LEAD_LINES: usize = 4;
/// The longest move description kept in a turning point, in characters.
const MOVE_CHARS: usize = 160;

/// One change of leader: after move `n` (from 1), `to` leads alone, `from` led before.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeadChange {
    /// The move, from 1.
    pub n: usize,
    /// The new sole leader.
    pub to: Seat,
    /// The previous sole leader, if someone led alone before.
    pub from: Option<Seat>,
    /// Everyone's score after the move.
    pub scores: Vec<i64>,
}

/// The seat ahead of everyone else still playing, if one is.
#[must_use]
pub fn sole_leader(game: &AnyGame, tally: &Tally) -> Option<Seat> {
    let playing = |i: usize| !game.resigned(Seat(i as u8));
    let best = tally.scores.iter().enumerate().filter(|(i, _)| playing(*i)).map(|(_, s)| *s).max()?;
    let mut leaders = tally.scores.iter().enumerate().filter(|(i, s)| playing(*i) && **s == best);
    let (first, _) = leaders.next()?;
    leaders.next().is_none().then_some(Seat(first as u8))
}

/// What the replay found: the lead changes in order and the biggest swing
/// (move, seat, change), with the unit the scores count.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Turns {
    /// What one point of the scores counts, and several.
    pub unit: (&'static str, &'static str),
    /// Every change of sole leader.
    pub leads: Vec<LeadChange>,
    /// The largest change of one seat's score in one move: (move, seat, change).
    pub swing: Option<(usize, Seat, i64)>,
}

/// Replays `log` from `replay.start` and follows the tally; `None` for a game with no tally.
#[must_use]
pub fn turns(replay: &Replay, log: &[LogEntry], names: &[String]) -> Option<Turns> {
    let mut game = replay.start.clone();
    let mut before = game.tally()?;
    let mut turns = Turns { unit: (before.one, before.many), ..Turns::default() };
    let mut leader = sole_leader(&game, &before);
    for (i, entry) in log.iter().enumerate() {
        if game.apply(Seat(entry.seat), &entry.action, names).is_err() {
            break;
        }
        let Some(after) = game.tally() else { break };
        for (seat, (old, new)) in before.scores.iter().zip(&after.scores).enumerate() {
            let change = new - old;
            if change != 0 && turns.swing.is_none_or(|(_, _, best)| change.abs() > best.abs()) {
                turns.swing = Some((i + 1, Seat(seat as u8), change));
            }
        }
        let now = sole_leader(&game, &after);
        if let Some(to) = now.filter(|to| Some(*to) != leader) {
            turns.leads.push(LeadChange { n: i + 1, to, from: leader, scores: after.scores.clone() });
        }
        leader = now.or(leader);
        before = after;
    }
    Some(turns)
}

/// The turning points in words: the lead changes (the last few), the biggest swing and the
/// last move, each with the public narration of its move.
#[must_use]
pub fn turning_points(replay: &Replay, log: &[LogEntry], names: &[String]) -> Vec<String> {
    let name = |seat: Seat| names.get(seat.index()).cloned().unwrap_or_else(|| seat.to_string());
    let said = |n: usize| replay.narration.get(n - 1).and_then(|n| first_public(n)).map(|s| clip(&s));
    let mut lines = Vec::new();
    if let Some(turns) = turns(replay, log, names) {
        let (one, many) = turns.unit;
        let count = |n: i64| if n.abs() == 1 { format!("{n} {one}") } else { format!("{n} {many}") };
        match turns.leads.len() {
            0 => lines.push(format!("Nobody ever led alone in {many}.")),
            1 => lines.push("The lead changed hands once.".to_string()),
            k if k <= LEAD_LINES => lines.push(format!("The lead changed hands {k} times.")),
            k => lines.push(format!("The lead changed hands {k} times; the last {LEAD_LINES}:")),
        }
        let skip = turns.leads.len().saturating_sub(LEAD_LINES);
        for lead in &turns.leads[skip..] {
            let score = |seat: Seat| lead.scores.get(seat.index()).copied().unwrap_or_default();
            let took = match lead.from {
                Some(from) => format!(
                    "{} took the lead from {} ({} to {})",
                    name(lead.to),
                    name(from),
                    count(score(lead.to)),
                    score(from)
                ),
                None => format!("{} took the lead ({})", name(lead.to), count(score(lead.to))),
            };
            let how = said(lead.n).map(|s| format!(": {s}")).unwrap_or_default();
            lines.push(format!("Move {}, {took}{how}", lead.n));
        }
        // The biggest swing, unless it is one of the lead changes just told.
        let told = |n: usize| turns.leads[skip..].iter().any(|lead| lead.n == n);
        if let Some((n, seat, change)) = turns.swing.filter(|(n, _, _)| !told(*n)) {
            let verb = if change > 0 { "gained" } else { "lost" };
            let how = said(n).map(|s| format!(": {s}")).unwrap_or_default();
            lines.push(format!("The biggest swing, move {n}: {} {verb} {}{how}", name(seat), count(change.abs())));
        }
    }
    if let Some(last) = replay.narration.last().and_then(|n| public_line(n)) {
        lines.push(format!("The last move: {}", clip(&last)));
    }
    lines
}

/// What everyone was told of a move: all of it for the last move, its first public sentence
/// (the move itself, before what followed automatically) for a turning point.
fn public_line(narration: &[Narration]) -> Option<String> {
    let public: Vec<&str> =
        narration.iter().filter(|n| n.audience == Audience::Public).map(|n| n.text.as_str()).collect();
    (!public.is_empty()).then(|| public.join(" "))
}

fn first_public(narration: &[Narration]) -> Option<String> {
    narration.iter().find(|n| n.audience == Audience::Public).map(|n| n.text.clone())
}

fn clip(text: &str) -> String {
    if text.chars().count() <= MOVE_CHARS {
        return text.to_string();
    }
    let mut out: String = text.chars().take(MOVE_CHARS - 1).collect();
    out.push('…');
    out
}
