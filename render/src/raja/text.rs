//! The Raja board as plain text, and the sentences the picture shares with it: the turn and
//! season, the three markets, the business on the table (bids, an open proposal and its
//! replies, a market order and its fill answers, a siege), and one block per player.

use std::fmt::Write as _;

use engines::Seat;
use engines::raja::{
    Answer, Auction, BoardView, Bundle, CityView, Herd, Lot, Noble, Order, PhaseView, PlayerView, Proposal, Recipient,
    Reply, Side, SiegeStage, Step, TileColour, View, describe,
};

use engines::wording::{count, second_person};

use crate::name_of;
use crate::text::{self, Wording};

/// The Raja board: header, markets, business, one block per player, the own blinder in a
/// seat's view, and the standings with the revealed cash at the end.
#[must_use]
pub fn board(view: &View, names: &[String]) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "Raja · {}", turn_line(view, names));
    let _ = writeln!(out, "{}", headline(view, names));
    for line in market_lines(view) {
        let _ = writeln!(out, "{line}");
    }
    for line in business(view, names) {
        let _ = writeln!(out, "{line}");
    }
    for player in &view.players {
        player_block(&mut out, view, player, names);
    }
    if let Some(me) = &view.me {
        let _ = writeln!(out, "{}", private_line(view));
        if let Some((_, sketch)) = &me.setup {
            let _ = writeln!(out, "  {sketch}");
        }
    }
    if let Some(result) = &view.result {
        let cash: Vec<String> =
            result.cash.iter().enumerate().map(|(i, c)| format!("{} ${c}", name_of(names, Seat(i as u8)))).collect();
        let aside = format!("Cash revealed: {}; bank ${}.", cash.join(", "), result.bank);
        let wording = Wording { over: "Game over", heading: None, place_width: 3, winner: "  * winner" };
        text::standings(&mut out, &result.outcome, names, wording, &aside);
    }
    second_person(&out)
}

/// `Turn 3 of 20 · season red (dry), indicator with Bo · 10 vp to win`.
pub(crate) fn turn_line(view: &View, names: &[String]) -> String {
    let season = match view.season {
        TileColour::Blue => "blue (rainy)",
        TileColour::Red => "red (dry)",
    };
    format!(
        "Turn {} of 20 · season {season}, indicator with {} · {} vp to win",
        view.turn,
        name_of(names, view.starting),
        view.threshold
    )
}

/// Who is deciding what, or who won.
pub(crate) fn headline(view: &View, names: &[String]) -> String {
    match &view.phase {
        PhaseView::Setup => {
            let waiting: Vec<String> =
                view.players.iter().filter(|p| !p.setup_done).map(|p| name_of(names, p.seat)).collect();
            format!("Setup, in private: waiting for {}", waiting.join(", "))
        }
        PhaseView::Auction(auction) => format!("Auction for first move: {} to bid", name_of(names, auction.to_act)),
        PhaseView::Segment { active, segment } => {
            format!("▶ {} is active: {}", name_of(names, *active), step_name(&segment.step))
        }
        PhaseView::Over => match &view.result {
            Some(result) => {
                let winners: Vec<String> = result.outcome.winners.iter().map(|s| name_of(names, s)).collect();
                if winners.is_empty() { "Game over".to_string() } else { format!("★ Winner: {}", winners.join(", ")) }
            }
            None => "Game over".to_string(),
        },
    }
}

fn step_name(step: &Step) -> &'static str {
    match step {
        Step::Commerce => "commerce",
        Step::Trade(p) if p.choosing => "commerce · choosing a reply",
        Step::Trade(_) => "commerce · proposal open",
        Step::Fill(_) => "commerce · market order open",
        Step::Build => "building",
        Step::Placing(_) => "building · placing stones",
        Step::Marker => "siege · placing the marker",
        Step::Siege(_) => "siege",
    }
}

/// One line per market: its price among the disks of its range, and its stock.
pub(crate) fn market_lines(view: &View) -> Vec<String> {
    let [grain, shields, elephants] = view.prices;
    let s = view.shield_stock;
    vec![
        format!("Grain ${grain} (1–5) · pile {}", view.grain_pile),
        format!(
            "Shields ${shields} per point (6–10) · in stock {}",
            shield_counts(s).unwrap_or_else(|| "none".to_string())
        ),
        format!("Elephants ${elephants} (11–16) · in stock {}", view.elephant_stock),
    ]
}

fn lot_words(lot: Lot) -> String {
    describe(&lot.bundle())
}

fn bundle_words(bundle: &Bundle) -> String {
    describe(bundle)
}

/// The business on the table: the auction's bids, an open proposal, an order, a siege.
pub(crate) fn business(view: &View, names: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    match &view.phase {
        PhaseView::Auction(auction) => {
            let high = match auction.high {
                Some((seat, bid)) => format!("high bid ${bid} by {}", name_of(names, seat)),
                None => "no bid yet".to_string(),
            };
            let history: Vec<String> = view
                .players
                .iter()
                .filter_map(|p| Some(format!("{} {}", name_of(names, p.seat), bid_words(auction, p.seat)?)))
                .collect();
            out.push(format!("Bids: {high}"));
            if !history.is_empty() {
                out.push(format!("  {}", history.join(", ")));
            }
        }
        PhaseView::Segment { active, segment } => match &segment.step {
            Step::Trade(proposal) => proposal_lines(&mut out, view, proposal, *active, names),
            Step::Fill(order) => out.push(order_line(order, *active, names)),
            Step::Placing(placing) => {
                out.push(format!("Placing: {} left for C{}", count(placing.pending, "stone"), placing.city + 1));
            }
            Step::Siege(siege) => {
                let target = name_of(names, siege.target);
                let stage = match siege.stage {
                    SiegeStage::Assign => "assigning elephants".to_string(),
                    SiegeStage::Defense => format!("{target} chooses shields"),
                    SiegeStage::Removal { city, left } => {
                        format!("{target} removes {} from C{}", count(left, "stone"), city + 1)
                    }
                    SiegeStage::Demand { city } => format!("C{} breached: ransom or noble", city + 1),
                    SiegeStage::Reply { city, demand } => format!("ransom ${demand} demanded for C{}", city + 1),
                    SiegeStage::Counter { city, demand, offer } => {
                        format!("ransom for C{}: ${demand} demanded, ${offer} offered", city + 1)
                    }
                };
                out.push(format!("Siege of {target} from {}: {stage}", siege.cell));
            }
            _ => {}
        },
        PhaseView::Setup | PhaseView::Over => {}
    }
    if segment_proposals(view).is_some_and(|n| n > 0) {
        out.push(format!("Proposals used this segment: {} of 3", segment_proposals(view).unwrap_or(0)));
    }
    out
}

/// `seat`'s part in the auction so far (bids are public, §5): `bid $4`, `passed after $2`,
/// `passed`; nothing before it has acted.
pub(crate) fn bid_words(auction: &Auction, seat: Seat) -> Option<String> {
    let bid = auction.bids.get(seat.index()).copied().flatten();
    match (bid, auction.passed.contains(seat)) {
        (Some(bid), true) => Some(format!("passed after ${bid}")),
        (Some(bid), false) => Some(format!("bid ${bid}")),
        (None, true) => Some("passed".to_string()),
        (None, false) => None,
    }
}

fn segment_proposals(view: &View) -> Option<u8> {
    match &view.phase {
        PhaseView::Segment { segment, .. } => Some(segment.proposals),
        _ => None,
    }
}

fn proposal_lines(out: &mut Vec<String>, view: &View, proposal: &Proposal, active: Seat, names: &[String]) {
    let to = match proposal.to {
        Recipient::All => "everyone".to_string(),
        Recipient::One(colour) => match view.players.iter().find(|p| p.colour == colour) {
            Some(player) => name_of(names, player.seat),
            None => colour.to_string(),
        },
    };
    out.push(format!(
        "Proposal by {} to {to}: gives {}, wants {}",
        name_of(names, active),
        bundle_words(&proposal.give),
        bundle_words(&proposal.get)
    ));
    for (i, reply) in proposal.replies.iter().enumerate() {
        let who = name_of(names, Seat(i as u8));
        let words = match reply {
            Reply::NotAsked => continue,
            Reply::Waiting => "to answer".to_string(),
            Reply::Accepted => "accepts".to_string(),
            Reply::Declined => "declines".to_string(),
            Reply::Countered { give, get } => {
                format!("counters: gives {}, wants {}", bundle_words(give), bundle_words(get))
            }
        };
        out.push(format!("  {who} {words}"));
    }
}

fn order_line(order: &Order, active: Seat, names: &[String]) -> String {
    let verb = if order.side == Side::Buy { "buys" } else { "sells" };
    let waiting: Vec<String> = order
        .answers
        .iter()
        .enumerate()
        .filter(|(_, a)| **a == Answer::Waiting)
        .map(|(i, _)| name_of(names, Seat(i as u8)))
        .collect();
    let offers: Vec<String> = order
        .answers
        .iter()
        .enumerate()
        .filter(|(_, a)| **a == Answer::Offered)
        .map(|(i, _)| name_of(names, Seat(i as u8)))
        .collect();
    let mut line = format!("Order: {} {verb} {} for ${}", name_of(names, active), lot_words(order.lot), order.cost);
    if !offers.is_empty() {
        let _ = write!(line, " · fill offered by {}", offers.join(", "));
    }
    if !waiting.is_empty() {
        let _ = write!(line, " · asked: {}", waiting.join(", "));
    }
    line
}

/// `Your blinder: $75` in a seat's view, with the setup allowance while it lasts.
pub(crate) fn private_line(view: &View) -> String {
    let Some(me) = &view.me else { return String::new() };
    let mut line = format!("Behind your blinder: ${}", me.cash);
    if let Some(allowance) = me.allowance {
        let _ = write!(line, " · setup stones still to declare: {allowance}");
    }
    line
}

/// The board a panel shows: revealed lands, or the own lands during setup.
pub(crate) fn board_of<'a>(view: &'a View, player: &'a PlayerView) -> Option<&'a BoardView> {
    player.board.as_ref().or_else(|| {
        let me = view.me.as_ref().filter(|m| m.seat == player.seat)?;
        me.setup.as_ref().map(|(board, _)| board)
    })
}

/// `Ann (Black, chair) · 5 vp · grain 3 · elephants 2 · stones 22 · reserve 1 shield of 1 point and 2 shields of 3 points`.
pub(crate) fn facts_line(player: &PlayerView, board: Option<&BoardView>) -> String {
    let mut line = format!("{} vp · grain {} · elephants {}", player.vp, player.grain, player.elephants);
    if let Some(board) = board {
        let shields = match shield_counts(board.shields) {
            None => "no reserve shields".to_string(),
            Some(held) => format!("reserve {held}"),
        };
        let _ = write!(line, " · stones {} · {shields}", board.stones);
    }
    line
}

/// Shields by their points: "3 shields of 1 point and 1 shield of 2 points"; `None` for none.
fn shield_counts(counts: [u8; 3]) -> Option<String> {
    let kinds: Vec<String> = (1u8..)
        .zip(counts)
        .filter(|(_, n)| *n > 0)
        .map(|(face, n)| format!("{} of {}", count(n, "shield"), count(face, "point")))
        .collect();
    match kinds.as_slice() {
        [] => None,
        [one] => Some(one.clone()),
        [rest @ .., last] => Some(format!("{} and {last}", rest.join(", "))),
    }
}

/// `C1 (0,0) · wall of 6 stones in rows of 3, 2 and 1 · makes 4 · grain 3`.
pub(crate) fn city_line(city: &CityView, names: &[String], herds: &[&Herd]) -> String {
    let at = city.cell.map_or_else(|| "not placed".to_string(), |c| c.to_string());
    let mut line = match city.noble {
        Noble::Captured(by) => format!("C{} ({at}) taken by {}", city.number, name_of(names, by)),
        Noble::Unplaced => format!("C{} not founded yet", city.number),
        Noble::Home if city.stones == 0 => {
            format!("C{} ({at}) · no wall · makes {} · grain {}", city.number, city.production, city.column)
        }
        Noble::Home => format!(
            "C{} ({at}) · wall of {} · makes {} · grain {}",
            city.number,
            city.wall.words(),
            city.production,
            city.column
        ),
    };
    for herd in herds.iter().filter(|h| h.city + 1 == city.number) {
        let _ = write!(line, " · {} of {}", count(herd.count, "elephant"), name_of(names, herd.attacker));
    }
    line
}

/// The nobles a player holds, as "Bo C3, Cy C1"; `None` when they hold none. Shared by the
/// text board and the player's card in the picture.
pub(crate) fn captured_words(player: &PlayerView, names: &[String]) -> Option<String> {
    let captured: Vec<String> =
        player.captured.iter().map(|c| format!("{} C{}", name_of(names, c.owner), c.city)).collect();
    (!captured.is_empty()).then(|| captured.join(", "))
}

/// The markets a player has traded at this turn, as "grain, elephants"; `None` when none.
pub(crate) fn markets_used_words(player: &PlayerView) -> Option<String> {
    let used: Vec<&str> = ["grain", "shields", "elephants"]
        .iter()
        .zip(player.markets_used)
        .filter(|(_, u)| *u)
        .map(|(m, _)| *m)
        .collect();
    (!used.is_empty()).then(|| used.join(", "))
}

fn player_block(out: &mut String, view: &View, player: &PlayerView, names: &[String]) {
    let mut head = format!("{} ({}, {})", name_of(names, player.seat), player.colour, player.marker);
    if player.resigned {
        head.push_str(" · resigned");
    }
    let board = board_of(view, player);
    let _ = writeln!(out, "{head} · {}", facts_line(player, board));
    if let Some(captured) = captured_words(player, names) {
        let _ = writeln!(out, "  captured: {captured}");
    }
    if let Some((target, cell)) = player.marker_at {
        let _ = writeln!(out, "  marker on {}'s {cell}", name_of(names, target));
    }
    if let Some(used) = markets_used_words(player) {
        let _ = writeln!(out, "  markets used this turn: {used}");
    }
    let Some(board) = board else {
        let _ = writeln!(out, "  lands hidden until every setup is done");
        return;
    };
    if matches!(view.phase, PhaseView::Setup) && player.board.is_none() {
        // The own land during setup: a map, with where a tile may still go (§3 step 5a).
        for line in super::land_map::lines(board, &super::lands::open_cells(board)) {
            let _ = writeln!(out, "  {line}");
        }
    } else {
        let at = |colour: TileColour| -> Vec<String> {
            board.tiles.iter().filter(|t| t.colour == colour).map(|t| t.cell.to_string()).collect()
        };
        let groups: Vec<String> = [("blue", at(TileColour::Blue)), ("red", at(TileColour::Red))]
            .into_iter()
            .filter(|(_, cells)| !cells.is_empty())
            .map(|(colour, cells)| format!("{colour} at {}", cells.join(" ")))
            .collect();
        let _ = writeln!(out, "  tiles: {}", groups.join("; "));
    }
    let herds: Vec<&Herd> = view.herds.iter().filter(|h| h.target == player.seat).collect();
    for city in &board.cities {
        let _ = writeln!(out, "  {}", city_line(city, names, &herds));
    }
    if !board.deployed.is_empty() {
        let shields: Vec<String> =
            board.deployed.iter().map(|s| format!("{} at {}", count(s.face, "point"), s.cell)).collect();
        let _ = writeln!(out, "  shields: {}", shields.join("; "));
    }
    let visitors: Vec<String> = view
        .players
        .iter()
        .filter_map(|p| {
            let (_, cell) = p.marker_at.filter(|(t, _)| *t == player.seat)?;
            Some(format!("{}'s {} at {cell}", name_of(names, p.seat), p.marker))
        })
        .collect();
    if !visitors.is_empty() {
        let _ = writeln!(out, "  markers here: {}", visitors.join(", "));
    }
}
