//! The Conquest of Mars board as compact text for a terminal and a Discord code block: the
//! turn and what is decided, the common pool, the 7×7 grid, each card's pyramids, the attack
//! in progress, one line per player, a seat's own secrets, and the final standings.
//!
//! Grid cells are six characters: the card's code (`10H`) or `##` for a card face down,
//! then the letters of the colours on it (`10H RY`); holes are blank.

use std::fmt::Write as _;

use engines::conquest_of_mars::{CellView, DicePool, FighterView, Orient, OwnView, PlayerView, Side, View};
use engines::parts::pyramids::Size;

use super::{headline, panel_order, player, subline, tagged};
use engines::wording::{count, second_person};

use crate::name_of;
use crate::text::{self, Wording};

/// The whole text board.
pub(crate) fn board_text(view: &View, names: &[String]) -> String {
    let mut out = String::with_capacity(1600);
    let _ = writeln!(out, "Conquest of Mars · Round {}/{} · {}", view.round, view.round_cap, headline(view, names));
    if view.outcome.is_none() {
        let _ = writeln!(out, "{}", subline(view, names));
        // #24 item 3: how the game ends and is scored (§6).
        let _ = writeln!(
            out,
            "To win: the game ends when someone has all nine pyramids on the board, or after round {}; the best poker hand of your two secret cards and the cards you alone occupy wins",
            view.round_cap
        );
    }
    let _ = writeln!(out, "Common pool: {}", pool(&view.common));
    grid(&mut out, view);
    pyramids(&mut out, view);
    attack(&mut out, view, names);
    for seat in panel_order(view) {
        if let Some(p) = player(view, seat) {
            player_line(&mut out, view, p, names);
        }
    }
    if let Some(me) = &view.you {
        private(&mut out, view, me, names);
    }
    standings(&mut out, view, names);
    second_person(&out)
}

/// `d4×2 d6 d8×3`, or `none`.
fn pool(pool: &DicePool) -> String {
    if pool.is_empty() {
        return "none".to_string();
    }
    pool.types()
        .map(|d| match pool.get(d) {
            1 => d.to_string(),
            n => format!("{d}×{n}"),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn cell_text(view: &View, cell: &CellView) -> String {
    let code = cell.card.map_or_else(|| "##".to_string(), |c| c.to_string());
    let mut letters = String::new();
    for p in &cell.pyramids {
        let letter = player(view, p.seat).map_or('?', |pl| pl.colour.letter());
        if !letters.contains(letter) {
            letters.push(letter);
        }
    }
    format!("{code:>3} {letters:<2}")
}

fn grid(out: &mut String, view: &View) {
    let _ = writeln!(out, "     A      B      C      D      E      F      G");
    for row in 0..7u8 {
        let _ = write!(out, "{}  ", row + 1);
        for col in 0..7u8 {
            let cell = view.cells.iter().find(|c| c.cell.col() == col && c.cell.row() == row);
            let text = cell.map_or_else(|| "      ".to_string(), |c| cell_text(view, c));
            let _ = write!(out, "{text} ");
        }
        let _ = writeln!(out, "{}", row + 1);
    }
}

/// Each occupied card's pyramids: `C3 10H: R medium up, R small →E ×2`.
fn pyramids(out: &mut String, view: &View) {
    let target = view.attack.as_ref().map(|a| a.target);
    let entries: Vec<String> = view
        .cells
        .iter()
        .filter(|c| !c.pyramids.is_empty())
        .map(|c| {
            let card = c.card.map_or_else(|| "face down".to_string(), |k| k.to_string());
            // People name a piece by colour letter (as on the grid), size and direction;
            // equal pieces once with a count.
            let mut pieces: Vec<(String, usize)> = Vec::new();
            for p in &c.pyramids {
                let facing = match p.orient {
                    Orient::Up => "up".to_string(),
                    o => format!("→{}", o.name()),
                };
                let piece = format!("{} {} {facing}", p.id.colour.letter(), p.id.size.word());
                match pieces.last_mut() {
                    Some((last, n)) if *last == piece => *n += 1,
                    _ => pieces.push((piece, 1)),
                }
            }
            let pieces: Vec<String> =
                pieces.into_iter().map(|(piece, n)| if n == 1 { piece } else { format!("{piece} ×{n}") }).collect();
            let mark = if target == Some(c.cell) { " (target)" } else { "" };
            format!("{} {card}{mark}: {}", c.cell, pieces.join(", "))
        })
        .collect();
    if !entries.is_empty() {
        let _ = writeln!(out, "Pyramids: {}", entries.join("; "));
    }
}

fn attack(out: &mut String, view: &View, names: &[String]) {
    let Some(attack) = &view.attack else { return };
    let _ = writeln!(
        out,
        "Attack on {} by {} · {} · exchanges {}",
        attack.target,
        tagged(view, names, attack.declarer),
        attack.stage,
        attack.exchanges
    );
    if !attack.invited.is_empty() {
        let invited: Vec<String> = attack
            .invited
            .iter()
            .map(|s| {
                let done = if attack.answered.contains(s) { "answered" } else { "deciding" };
                format!("{} {done}", name_of(names, *s))
            })
            .collect();
        let _ = writeln!(out, "  Invited (sealed): {}", invited.join(", "));
    }
    for f in &attack.fighters {
        fighter(out, view, f, names, attack.losers.first() == Some(&f.seat), &attack.stage);
    }
}

fn fighter(out: &mut String, view: &View, f: &FighterView, names: &[String], loser: bool, stage: &str) {
    let side = match f.side {
        Side::Attacker => "attacker",
        Side::Defender => "defender",
    };
    let ids = sizes(f.involved.iter().map(|p| p.size));
    let state = match stage {
        "commit" if f.due == 0 => "no dice to commit".to_string(),
        "commit" if f.committed => format!("{} chosen", count(f.due, "die")),
        "commit" => format!("choosing {}", count(f.due, "die")),
        _ if f.line.is_empty() => "line empty".to_string(),
        _ => format!("line {}", f.line.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")),
    };
    let mark = if loser { " · removes a pyramid now" } else { "" };
    let _ = writeln!(
        out,
        "  {} {side}: {} ({}) · {state}{mark}",
        tagged(view, names, f.seat),
        if ids.is_empty() { "none left".to_string() } else { ids },
        super::pips(f.x)
    );
}

/// Pyramids by size, smallest first: `2 small, 1 large`; empty for none.
fn sizes(pyramids: impl Iterator<Item = Size> + Clone) -> String {
    [Size::Small, Size::Medium, Size::Large]
        .into_iter()
        .map(|size| (size, pyramids.clone().filter(|p| *p == size).count()))
        .filter(|(_, n)| *n > 0)
        .map(|(size, n)| format!("{n} {}", size.word()))
        .collect::<Vec<_>>()
        .join(", ")
}

fn player_line(out: &mut String, view: &View, p: &PlayerView, names: &[String]) {
    let on = view.outcome.is_none() && view.current == Some(p.seat) && view.phase != "SetupDieChoice";
    let mut facts = vec![format!("on board {}/9", p.on_board)];
    let reserve = sizes(p.reserve.iter().map(|p| p.size));
    facts.push(if reserve.is_empty() { "reserve empty".to_string() } else { format!("reserve {reserve}") });
    facts.push(format!("dice {}", pool(&p.dice)));
    if let Some(start) = p.start_die {
        facts.push(format!("started {start}"));
    }
    if p.resigned {
        facts.push("resigned".to_string());
    }
    // §6.4: the best hand of the face-up cards it alone occupies, while the game runs.
    if let Some(best) = view.best_visible(p.seat).filter(|_| view.result.is_none()) {
        facts.push(format!("best showing: {best}"));
    }
    let marker = if on { '>' } else { ' ' };
    let _ = writeln!(out, "{marker}{} [{}] {}", name_of(names, p.seat), p.colour.letter(), facts.join(" · "));
}

fn private(out: &mut String, view: &View, me: &OwnView, names: &[String]) {
    let hand: Vec<String> = me.hand.iter().map(ToString::to_string).collect();
    let mut line = format!("Only {} sees this: hand {}", name_of(names, me.seat), hand.join(" "));
    if let Some(best) = view.best_own() {
        let _ = write!(line, " · your best: {best}");
    }
    if let Some(words) = &me.sealed {
        let _ = write!(line, " · {words}");
    }
    if !view.moves_to.is_empty() {
        let cells: Vec<String> = view.moves_to.iter().map(ToString::to_string).collect();
        let _ = write!(line, " · you can move a pyramid onto {}", cells.join(", "));
    }
    let _ = writeln!(out, "{line}");
}

fn standings(out: &mut String, view: &View, names: &[String]) {
    let Some(outcome) = &view.outcome else { return };
    let aside = view.aside.as_ref().filter(|a| !a.is_empty()).map_or_else(String::new, |a| {
        format!("Set aside: {}.", a.iter().map(ToString::to_string).collect::<Vec<_>>().join(" "))
    });
    let wording =
        Wording { over: "Game over", heading: Some("Final standings:"), place_width: 4, winner: "  * winner" };
    text::standings(out, outcome, names, wording, &aside);
}
