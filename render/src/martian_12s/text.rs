//! Boards as compact plain text, for the terminal front end and the text of a post.

use std::fmt::Write as _;

use engines::martian_12s::{MatchMode, PlayerView, Pyramid, Status, View};

use crate::name_of;
use crate::text::{self, Wording};

/// The Martian 12s board: header, bag, one block per player (stack in pull order), and the
/// final standings once the match is over.
pub(crate) fn board_text(view: &View, names: &[String]) -> String {
    let mut out = String::new();
    header(&mut out, view, names);
    bag(&mut out, view);
    let width = view.players.iter().map(|p| name_of(names, p.seat).chars().count()).max().unwrap_or(0);
    for player in &view.players {
        player_lines(&mut out, view, player, &name_of(names, player.seat), width);
    }
    standings(&mut out, view, names);
    out
}

fn header(out: &mut String, view: &View, names: &[String]) {
    let _ = write!(out, "Martian 12s · Round {} of {} · Pot {}", view.round, view.last_round, view.pot);
    if view.carried_in.0 > 0 {
        let _ = write!(out, " (carried in {})", view.carried_in);
    }
    let _ = write!(out, " · Stake {}", view.stake);
    if view.match_mode == MatchMode::UntilBroke {
        out.push_str(" · until broke");
    }
    let _ = write!(out, "\nFirst drawer: {}", name_of(names, view.first_drawer));
    match view.current {
        Some(seat) => {
            let _ = writeln!(out, " · On turn: {}", name_of(names, seat));
        }
        None => out.push_str(" · Match over\n"),
    }
    // #24 item 3: how the match is won, while it goes on (§4.6, §6).
    if view.current.is_some() {
        let end = match view.match_mode {
            MatchMode::UntilBroke => "when fewer than two players can pay the stake".to_string(),
            _ => format!("after round {}", view.last_round),
        };
        let _ =
            writeln!(out, "To win: the highest score not over 12 takes each pot; most credits {end} wins the match");
    }
    // #24 item 4: who would take the pot if the round were scored now (§4.6).
    let leaders = view.round_leaders();
    if let Some(first) = leaders.first() {
        let lead = view.player(*first);
        let who: Vec<String> = leaders.iter().map(|s| name_of(names, *s)).collect();
        let _ = writeln!(
            out,
            "Leading this round: {} with {} from {}",
            who.join(" and "),
            lead.score,
            engines::wording::count(lead.stack.len() as i64, "pyramid")
        );
    }
}

fn bag(out: &mut String, view: &View) {
    let total: u32 = view.bag.iter().map(|n| u32::from(*n)).sum();
    let _ = writeln!(
        out,
        "Bag: {total} left · S {} · M {} · L {} ({} sets)",
        view.bag[0], view.bag[1], view.bag[2], view.sets
    );
    let cells: Vec<String> = view
        .bag_by_value
        .iter()
        .enumerate()
        .map(|(value, [s, m, l])| {
            let colour = view.palette.colour(value as u8).name();
            format!("{value} {colour:<6} S{s} M{m} L{l}")
        })
        .collect();
    let _ = writeln!(out, "  {}", cells.join(" | "));
}

fn status_word(view: &View, player: &PlayerView) -> &'static str {
    match player.status {
        _ if view.current == Some(player.seat) => "On turn",
        // R24: out of this round and every later one.
        _ if player.resigned => "Resigned",
        Status::Active => "Active",
        Status::Passed => "Passed",
        Status::Popped => "Popped",
        Status::SittingOut => "Sitting out",
    }
}

/// A pyramid as `4 Blue L`: value, colour, size.
fn pyramid(view: &View, p: &Pyramid) -> String {
    format!("{} {} {}", p.value, view.palette.colour(p.value).name(), p.size.letter())
}

fn player_lines(out: &mut String, view: &View, player: &PlayerView, name: &str, width: usize) {
    let marker = if view.current == Some(player.seat) { '>' } else { ' ' };
    let pulls = player.stack.len();
    let score = format!("{:>2} / {pulls} pull{}", player.score, if pulls == 1 { "" } else { "s" });
    let _ = writeln!(
        out,
        "{marker} {name:<width$}  {:<11} {score:<13} wallet {:<5} rounds won {}",
        status_word(view, player),
        player.wallet.to_string(),
        player.rounds_won,
    );
    let stack: Vec<String> = player.stack.iter().map(|p| pyramid(view, p)).collect();
    let stack = if stack.is_empty() { "-".to_string() } else { stack.join(", ") };
    let _ = writeln!(out, "    stack: {stack}");
}

/// How Martian 12s words its final standings (§4.7).
const WORDING: Wording =
    Wording { over: "Match over", heading: Some("Final standings:"), place_width: 4, winner: "  * winner" };

/// The final standings once the match is over, with what the house kept (R20).
fn standings(out: &mut String, view: &View, names: &[String]) {
    let Some(outcome) = &view.outcome else { return };
    let house = if view.house.0 > 0 { format!("The house kept {}.", view.house) } else { String::new() };
    text::standings(out, outcome, names, WORDING, &house);
}
