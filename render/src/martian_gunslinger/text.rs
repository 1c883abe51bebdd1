//! The Martian Gunslinger board as compact text for a terminal and a Discord code block
//! (about 1,500 characters for four players): the turn, dice and piles, an 8×8 grid, one
//! entry per player, and for a seat's own view its private cards.
//!
//! Grid cells are three characters: `RM↗` a Red Medium gunslinger facing NE, `PL` a
//! plotpoint, `(R)` Red's empty home corner, `.` an empty square.

use std::fmt::Write as _;

use engines::martian_gunslinger::{
    EventParams, EventView, LastMove, OwnView, PlayerView, TokenKind, View, event_title,
};
use engines::parts::grid::{Direction, Square};

use super::cards::western_name;
use super::{in_setup, stage_label, turn_order, winners_line};
use crate::name_of;
use crate::text::{self, Wording};

/// The whole text board.
pub(crate) fn board(view: &View, names: &[String]) -> String {
    let mut out = String::with_capacity(1600);
    header(&mut out, view, names);
    grid(&mut out, view);
    for seat in turn_order(view) {
        if let Some(p) = view.players.iter().find(|p| p.seat == seat) {
            player(&mut out, view, p, names);
        }
    }
    if let Some(me) = view.me.as_ref().filter(|me| super::private::has_secrets(me)) {
        private(&mut out, me, names);
    }
    standings(&mut out, view, names);
    engines::wording::second_person(&out)
}

fn header(out: &mut String, view: &View, names: &[String]) {
    let _ = write!(out, "Martian Gunslinger · Round {}/{}", view.round, view.round_cap);
    match (&view.outcome, view.active) {
        (Some(outcome), _) => {
            let _ = writeln!(out, " · {}", winners_line(outcome, names));
        }
        (None, Some(seat)) if !in_setup(view) => {
            let _ = writeln!(out, " · {}: {}", name_of(names, seat), stage_label(view.stage));
        }
        (None, _) => {
            let _ = writeln!(out, " · {}", stage_label(view.stage));
        }
    }
    if view.outcome.is_none() {
        // #24 item 3: how the game is won (§6).
        let _ = writeln!(
            out,
            "To win: 7 VP, a straight flush among your face-up resources, the last gunslinger standing, or Mayor for three rounds; after round {}, most VP",
            view.round_cap
        );
        let who: Vec<String> = view.pending.iter().map(|s| name_of(names, *s)).collect();
        let _ = writeln!(out, "Deciding: {} · waiting for {}", view.asked, who.join(", "));
    }
    let mut facts = Vec::new();
    if view.dice.d6 > 0 && view.outcome.is_none() {
        let face = view.dice.face.map_or("-", |f| f.name());
        let power = view.dice.power.map_or("no power".to_string(), |p| format!("power {p}"));
        facts.push(format!("Dice {} + {face} ({power}, {} MP left)", view.dice.d6, view.dice.mp));
    }
    facts.push(format!("Draw {}", view.draw_pile));
    match view.discard_pile.last() {
        Some(top) => facts.push(format!("Discard {}, top {top}", view.discard_pile.len())),
        None => facts.push("Discard 0".to_string()),
    }
    let _ = writeln!(out, "{}", facts.join(" · "));
    under_way(out, view, names);
}

/// The last move, the Mayor, a running event or contest, set-aside cards and bids.
fn under_way(out: &mut String, view: &View, names: &[String]) {
    let mut notes = Vec::new();
    if let Some(moved) = &view.last_move {
        notes.push(format!("Last move: {}", path_text(moved, &name_of(names, moved.seat))));
    }
    if let Some(mayor) = view.mayor {
        notes.push(format!("Mayor {} ({} to win)", name_of(names, mayor), view.mayor_counter));
    }
    if !notes.is_empty() {
        let _ = writeln!(out, "{}", notes.join(" · "));
    }
    if let Some((card, params)) = &view.running_event {
        let actor = view.active.map(|s| name_of(names, s)).unwrap_or_default();
        let _ = writeln!(out, "{} ({card}): {}", event_title(card.rank), event_detail(params, &actor, names));
    }
    if !view.contest.is_empty() {
        let sides: Vec<String> = view
            .contest
            .iter()
            .map(|s| {
                let state = if s.done { "done" } else { "exchanging" };
                format!("{} {} cards, up to {} ({state})", name_of(names, s.seat), s.cards, s.cap)
            })
            .collect();
        let _ = writeln!(out, "Contest: {}", sides.join(" vs "));
    }
    if !view.set_aside.is_empty() {
        let _ = writeln!(out, "Set aside: {}", codes(&view.set_aside));
    }
    if let Some(card) = view.dug {
        let _ = writeln!(out, "Dug from the discard pile: {card}");
    }
    if view.stage == engines::martian_gunslinger::Stage::Bid {
        let marks: Vec<String> = view
            .players
            .iter()
            .filter(|p| !p.resigned)
            .map(|p| format!("{} {}", name_of(names, p.seat), if view.bids_in.contains(&p.seat) { "in" } else { "-" }))
            .collect();
        let _ = writeln!(out, "Sealed bids: {}", marks.join(", "));
    }
    if let Some((seat, due)) = view.payer {
        let _ = writeln!(out, "{} pays {due} more for the Mayor's office", name_of(names, seat));
    }
}

/// An arrow for a facing.
const fn arrow(dir: Direction) -> char {
    match dir {
        Direction::N => '↑',
        Direction::NE => '↗',
        Direction::E => '→',
        Direction::SE => '↘',
        Direction::S => '↓',
        Direction::SW => '↙',
        Direction::W => '←',
        Direction::NW => '↖',
    }
}

/// The three-character cell of `square`.
fn cell(view: &View, square: Square) -> String {
    if let Some(p) = view.players.iter().find(|p| p.piece.square == Some(square)) {
        return format!("{}{}{}", p.colour.letter(), p.piece.size.letter(), arrow(p.piece.facing));
    }
    if let Some((plot, _)) = view.plotpoints.iter().find(|(_, s)| *s == Some(square)) {
        return format!("{plot} ");
    }
    if let Some(p) = view.players.iter().find(|p| p.home == Some(square)) {
        return format!("({})", p.colour.letter());
    }
    " . ".to_string()
}

fn grid(out: &mut String, view: &View) {
    let files = "     a   b   c   d   e   f   g   h";
    let _ = writeln!(out, "{files}");
    for y in (0..8u8).rev() {
        let cells: Vec<String> = (0..8).map(|x| cell(view, Square::new(x, y))).collect();
        let _ = writeln!(out, " {}  {}  {}", y + 1, cells.join(" "), y + 1);
    }
    let _ = writeln!(out, "{files}");
}

/// `medium piece on d4 facing NE`, `piece off the board`, `piece not placed`.
pub(super) fn piece_text(p: &PlayerView) -> String {
    match (p.piece.square, p.home) {
        (Some(square), _) => format!("{} piece on {square} facing {}", p.piece.size.word(), p.piece.facing),
        (None, _) if p.resigned => "piece gone".to_string(),
        (None, Some(_)) => "piece off the board".to_string(),
        (None, None) => "piece not placed".to_string(),
    }
}

/// `Ada d4→d5→f5`, `Ada swapped a1↔e5`, or both.
pub(super) fn path_text(moved: &LastMove, name: &str) -> String {
    let mut parts = Vec::new();
    if let Some((a, b)) = moved.swap {
        parts.push(format!("swapped {a}↔{b}"));
    }
    if moved.path.len() >= 2 {
        let squares: Vec<String> = moved.path.iter().map(ToString::to_string).collect();
        parts.push(squares.join("→"));
    }
    format!("{name} {}", parts.join(", then "))
}

/// Who a running event involves and with which cards, from the actor's point of view.
pub(super) fn event_detail(params: &EventParams, actor: &str, names: &[String]) -> String {
    let n = |seat| name_of(names, seat);
    match *params {
        EventParams::Shootout { opponent, mine, theirs } => format!("{actor} ({mine}) vs {} ({theirs})", n(opponent)),
        EventParams::Brawl { opponent, gun, casino } => format!("{actor} vs {}, paying {gun} {casino}", n(opponent)),
        EventParams::Robbery { opponent, loot, gun } => format!("{actor} robs {} of {loot}, paying {gun}", n(opponent)),
        EventParams::Jailbreak { opponent, jail } => format!("{actor} vs {} over the jail {jail}", n(opponent)),
        EventParams::PunchACow { opponent, cattle } => format!("{actor} vs {} over the cattle {cattle}", n(opponent)),
        EventParams::PonyExpress { cargo, recipient, .. } => format!("{actor} carries {cargo} to {}", n(recipient)),
        EventParams::HolyVision { suit, rank } => format!("{actor} calls {} and {}", suit.word(), rank.word()),
        EventParams::Mayor { jail, courthouse } => format!("{actor} calls an election with {jail} {courthouse}"),
        EventParams::CrackShot { gun, horse } => format!("{actor} calls Crack-Shot with {gun} {horse}"),
        EventParams::Revival { church, grazing } => format!("{actor} calls a Revival with {church} {grazing}"),
        EventParams::Tycoon { casino, bank, other } => format!("{actor} locks {casino} {bank} {other}"),
        EventParams::Judge { ace, four } => format!("{actor} designates {ace} {four}"),
        EventParams::CattleBaron => format!("{actor} becomes a Cattle Baron"),
    }
}

fn codes(cards: &[engines::parts::cards::Card]) -> String {
    cards.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ")
}

fn player(out: &mut String, view: &View, p: &PlayerView, names: &[String]) {
    let on_turn = view.outcome.is_none() && view.active == Some(p.seat);
    // Seats are named as the menus name them; the turn order is said in words (#24 item 2).
    let mut head = vec![format!(
        "{}{} [{}] plays {} · {} VP ({} gained)",
        if on_turn { '>' } else { ' ' },
        name_of(names, p.seat),
        p.colour.letter(),
        crate::ordinal(u8::try_from(p.order).unwrap_or(u8::MAX)),
        p.vp,
        p.lifetime
    )];
    head.push(piece_text(p));
    if let Some(home) = p.home {
        head.push(format!("home {home}"));
    }
    let event = match p.event {
        EventView::Empty => "",
        EventView::Hidden => " + event card",
        EventView::Tycoon { .. } | EventView::Judge { .. } => " + pending event",
    };
    head.push(format!("hand {}{event}", p.hand_size));
    if view.mayor == Some(p.seat) {
        head.push("Mayor".to_string());
    }
    if p.resigned {
        head.push("resigned".to_string());
    }
    let _ = writeln!(out, "{}", head.join(" · "));
    let mut rest = Vec::new();
    if !p.resources.is_empty() {
        rest.push(format!("resources {}", codes(&p.resources)));
    }
    if !p.tokens.is_empty() {
        let tokens: Vec<String> = p
            .tokens
            .iter()
            .map(|t| {
                // As the picture's chips say it.
                let what = match t.kind {
                    TokenKind::Draw => "+1 draw",
                    TokenKind::Discard => "+1 exchange",
                    TokenKind::Reroll => "re-roll",
                };
                format!("{} {what}", t.card)
            })
            .collect();
        rest.push(format!("tokens {}", tokens.join(", ")));
    }
    match &p.event {
        EventView::Tycoon { card, designated } => rest.push(format!("Tycoon {card} on {}", codes(designated))),
        EventView::Judge { card, designated } => rest.push(format!("Judge {card} on {}", codes(designated))),
        EventView::Empty | EventView::Hidden => {}
    }
    if !p.locked.is_empty() {
        rest.push(format!("locked {}", codes(&p.locked)));
    }
    if p.lost_turns > 0 {
        rest.push(format!("loses {} turn{}", p.lost_turns, if p.lost_turns == 1 { "" } else { "s" }));
    }
    if let Some(plot) = p.last_attempt {
        rest.push(format!("last tried {plot}"));
    }
    if !rest.is_empty() {
        let _ = writeln!(out, "     {}", rest.join(" · "));
    }
}

fn private(out: &mut String, me: &OwnView, names: &[String]) {
    let _ = write!(out, "Only {} sees this:", name_of(names, me.seat));
    if !me.hand.is_empty() {
        let _ = write!(out, " hand {}", codes(&me.hand));
        if !me.refill.is_empty() {
            let _ = write!(out, " (discarding {})", codes(&me.refill));
        }
    }
    if let Some(card) = me.event {
        let _ = write!(out, " · event {card} {}", event_title(card.rank));
    }
    if !me.contest_hand.is_empty() {
        let _ = write!(out, " · contest hand {}", codes(&me.contest_hand));
        if !me.exchange.is_empty() {
            let _ = write!(out, " (exchanging {})", codes(&me.exchange));
        }
    }
    if let Some(card) = me.dug {
        let _ = write!(out, " · dug {card} ({})", western_name(card.rank));
    }
    if let Some(bid) = &me.bid {
        let _ = write!(out, " · sealed {bid}");
    }
    out.push('\n');
}

/// How Martian Gunslinger words its final standings.
const WORDING: Wording = Wording { over: "Game over", heading: None, place_width: 0, winner: " *" };

fn standings(out: &mut String, view: &View, names: &[String]) {
    if let Some(outcome) = &view.outcome {
        text::standings(out, outcome, names, WORDING, "");
    }
}
