//! Entering an action in steps of at most 25 options (§4.10, R44): numbers as one select or
//! as digits (most significant first), bundles field by field, two-part choices in two steps.
//! Every step offers only values from which a legal action is reachable, and the tokens of a
//! path concatenate to the action's text, which `apply` takes as one batch.

use std::collections::{HashMap, HashSet};

use super::action::{Action, width};
use super::events::{describe, describe_lot, item_word};
use super::legal::legal_actions_into;
use super::market::{Lot, Side};
use super::state::Raja;
use super::trade::{Item, Part, Recipient};
use super::wall::Wall;
use crate::game::{Choice, Choices, Seat};
use crate::wording::{capitalized, count};

/// A number entered in `lo..=hi`, written with `width` digits (§4.10 number entry).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct NumEntry {
    pub lo: u32,
    pub hi: u32,
    pub width: usize,
}

impl NumEntry {
    /// One select when the range has at most 25 values, else digit steps.
    fn single(self) -> bool {
        self.hi - self.lo <= 24
    }

    /// Characters of the first step: the whole number, or the leading zeros with the first
    /// significant digit place (hundreds only if `hi ≥ 100`).
    fn first_len(self) -> usize {
        if self.single() { self.width } else { self.width + 1 - self.hi.to_string().len().min(self.width) }
    }

    /// Whether `typed` digits end a step.
    fn boundary(self, typed: usize) -> bool {
        typed == 0 || typed == self.width || (!self.single() && typed >= self.first_len() && typed <= self.width)
    }

    /// The values reachable from the digits `typed`, if any.
    fn span(self, typed: &str) -> Option<(u32, u32)> {
        let rest = self.width.checked_sub(typed.len())?;
        let scale = 10u32.pow(rest as u32);
        let p: u32 = if typed.is_empty() { 0 } else { typed.parse().ok()? };
        let (a, b) = ((p * scale).max(self.lo), (p * scale + scale - 1).min(self.hi));
        (a <= b).then_some((a, b))
    }

    /// The next steps after `typed`: each chunk with the values it leads to.
    fn next(self, typed: &str) -> Vec<(String, (u32, u32))> {
        if !self.boundary(typed.len()) || typed.len() >= self.width {
            return Vec::new();
        }
        if self.single() {
            return (self.lo..=self.hi).map(|v| (format!("{v:0w$}", w = self.width), (v, v))).collect();
        }
        let len = if typed.is_empty() { self.first_len() } else { 1 };
        let zeros = "0".repeat(len - 1);
        (0..10)
            .filter_map(|d| {
                let chunk = format!("{zeros}{d}");
                self.span(&format!("{typed}{chunk}")).map(|span| (chunk, span))
            })
            .collect()
    }
}

/// One step-group of an action's text.
enum Seg {
    /// Fixed text (one option).
    Lit(String),
    /// A number entered by [`NumEntry`], with a quick option's label.
    Num { value: u32, width: usize, quick: Option<String> },
    /// A bundle entered field by field, then `send` or `discard`.
    Bundle,
}

fn starts_with_token(rest: &str, token: &str) -> bool {
    rest.len() >= token.len()
        && rest.as_bytes()[..token.len()].eq_ignore_ascii_case(token.as_bytes())
        && (rest.len() == token.len() || rest.as_bytes()[token.len()] == b' ')
}

/// Adds an option once; a label that completes an action wins over a partial one.
fn push(options: &mut Vec<Choice>, token: String, label: String) {
    if !options.iter().any(|c| c.token.eq_ignore_ascii_case(&token)) {
        options.push(Choice { token, label });
    }
}

/// Puts every token after the longer tokens it starts (`" 1"` after `" 12"`), so that a path
/// matched against the options in order never stops at the shorter one.
fn prefix_free(options: &mut Vec<Choice>) {
    let mut ordered: Vec<Choice> = Vec::with_capacity(options.len());
    for option in options.drain(..) {
        let at = ordered.iter().position(|o| option.token.len() > o.token.len() && option.token.starts_with(&o.token));
        match at {
            Some(i) => ordered.insert(i, option),
            None => ordered.push(option),
        }
    }
    *options = ordered;
}

fn range_label(money: bool, (a, b): (u32, u32)) -> String {
    let sign = if money { "$" } else { "" };
    if a == b { format!("{sign}{a}") } else { format!("{sign}{a}–{sign}{b}") }
}

impl Raja {
    /// The step-groups of an action's text.
    fn segments(&self, action: &Action) -> Vec<Seg> {
        let high = self.auction().and_then(|a| a.high).map(|(_, h)| h);
        let text = action.to_string();
        let (head, tail) = text.rsplit_once(' ').unwrap_or((&text, ""));
        let lit = |s: &str| Seg::Lit(s.to_string());
        match action {
            Action::TradePropose { to, .. } => {
                let to = match to {
                    Recipient::All => "all".to_string(),
                    Recipient::One(colour) => colour.to_string(),
                };
                vec![Seg::Lit(format!("trade_propose {to}")), Seg::Bundle]
            }
            Action::TradeCounter { .. } => vec![lit("trade_counter"), Seg::Bundle],
            Action::Bid(m) => {
                let quick =
                    high.map(|h| m - h.min(*m)).filter(|d| [1, 2, 5, 10].contains(d)).map(|d| format!("+{d} (${m})"));
                vec![lit("bid"), Seg::Num { value: *m, width: 3, quick }]
            }
            Action::RansomDemand(m) | Action::RansomCounter(m) => {
                vec![lit(head), Seg::Num { value: *m, width: 3, quick: None }]
            }
            Action::MarketOrder { side, lot: Lot::Grain(q) } => {
                vec![
                    Seg::Lit(format!("market_order grain {side}")),
                    Seg::Num { value: u32::from(*q), width: 2, quick: None },
                ]
            }
            Action::MarketOrder { side, lot: Lot::Elephants(q) } => {
                vec![Seg::Lit(format!("market_order elephants {side}")), Seg::Lit(q.to_string())]
            }
            Action::MarketOrder { side, lot: Lot::Shields(s) } => {
                let mut v = vec![Seg::Lit(format!("market_order shields {side}"))];
                v.extend(s.iter().map(|n| Seg::Lit(n.to_string())));
                v
            }
            Action::BuildDeclare { .. } | Action::SiegeMarker { .. } | Action::DefendAssign { .. } => {
                vec![lit(head), lit(tail)]
            }
            _ => vec![Seg::Lit(text.clone())],
        }
    }

    /// Matches `prefix` against one action's steps, adding what may come next.
    #[allow(clippy::too_many_arguments)]
    fn walk(
        &self,
        seat: Seat,
        action: &Action,
        segs: &[Seg],
        prefix: &str,
        ranges: &HashMap<String, (u32, u32)>,
        bundles: &mut HashSet<String>,
        out: &mut Choices,
    ) {
        let mut rest = prefix;
        let mut head = String::new();
        for (i, seg) in segs.iter().enumerate() {
            let sep = if i == 0 { "" } else { " " };
            let last = i + 1 == segs.len();
            match seg {
                Seg::Lit(text) => {
                    let token = format!("{sep}{text}");
                    if rest.is_empty() {
                        let label = if last { label(self, action) } else { head_label(text, |c| self.player_word(c)) };
                        return push(&mut out.options, token, label);
                    }
                    if !starts_with_token(rest, &token) {
                        return;
                    }
                    rest = &rest[token.len()..];
                    head.push_str(&token);
                }
                Seg::Num { value, width, quick } => {
                    let Some(&(lo, hi)) = ranges.get(&head) else { return };
                    let entry = NumEntry { lo, hi, width: *width };
                    let digits = format!("{value:0w$}", w = *width);
                    let full = format!("{sep}{digits}");
                    if starts_with_token(rest, &full) {
                        rest = &rest[full.len()..];
                        head.push_str(&full);
                        continue;
                    }
                    let typed = if rest.is_empty() {
                        ""
                    } else {
                        match rest.strip_prefix(sep) {
                            Some(typed) => typed,
                            None => return,
                        }
                    };
                    if !digits.starts_with(typed) || !entry.boundary(typed.len()) {
                        return;
                    }
                    let Some((chunk, span)) =
                        entry.next(typed).into_iter().find(|(c, _)| digits[typed.len()..].starts_with(c.as_str()))
                    else {
                        return;
                    };
                    let token = if typed.is_empty() { format!("{sep}{chunk}") } else { chunk };
                    let money = *width == 3;
                    let done = typed.len() + token.trim_start().len() == *width;
                    let label = if done && last { label(self, action) } else { range_label(money, span) };
                    push(&mut out.options, token, label);
                    if let Some(quick) = quick.as_ref().filter(|_| rest.is_empty()) {
                        push(&mut out.options, full, quick.clone());
                    }
                    return;
                }
                Seg::Bundle => {
                    if bundles.insert(head.clone()) {
                        self.walk_bundle(seat, &head, rest, out);
                    }
                    return;
                }
            }
        }
        if rest.is_empty() {
            out.complete = true;
        }
    }

    /// The bundle steps after `head` (`trade_propose all`, `trade_counter`): fields not yet set
    /// (≤ 12), each followed by its number, then `send` (once a field is set) or `discard`.
    fn walk_bundle(&self, seat: Seat, head: &str, start: &str, out: &mut Choices) {
        let fields: Vec<(Part, Item, u32)> = Part::ALL
            .iter()
            .flat_map(|&part| Item::ALL.iter().map(move |&item| (part, item)))
            .filter_map(|(part, item)| self.field_range(seat, part, item).map(|(_, hi)| (part, item, hi)))
            .collect();
        let mut set: Vec<(Part, Item)> = Vec::new();
        let mut rest = start;
        loop {
            if rest.is_empty() {
                for &(part, item, hi) in fields.iter().filter(|f| !set.contains(&(f.0, f.1))) {
                    let label = format!(
                        "{} {} ({})",
                        capitalized(part.name()),
                        item_word(item),
                        range_label(item == Item::Money, (1, hi))
                    );
                    push(&mut out.options, format!(" {part} {item}"), label);
                }
                for end in [" send", " discard"].into_iter().filter(|e| !set.is_empty() || *e == " discard") {
                    let text = format!("{head}{start}{end}");
                    let label = text.parse::<Action>().map_or_else(|_| end.trim().to_string(), |a| label(self, &a));
                    push(&mut out.options, end.to_string(), label);
                }
                return;
            }
            if rest.eq_ignore_ascii_case(" discard") || (rest.eq_ignore_ascii_case(" send") && !set.is_empty()) {
                out.complete = true;
                return;
            }
            let field = fields
                .iter()
                .find(|(p, i, _)| !set.contains(&(*p, *i)) && starts_with_token(rest, &format!(" {p} {i}")));
            let Some(&(part, item, hi)) = field else { return };
            rest = &rest[format!(" {part} {item}").len()..];
            set.push((part, item));
            match self.bundle_number(NumEntry { lo: 1, hi, width: width(item) }, item == Item::Money, rest, out) {
                Some(tail) => rest = tail,
                None => return,
            }
        }
    }

    /// The number of a bundle field at the start of `rest`: the text after it when it is
    /// whole, else the next steps (added to `out`) and `None`.
    fn bundle_number<'a>(&self, entry: NumEntry, money: bool, rest: &'a str, out: &mut Choices) -> Option<&'a str> {
        if rest.is_empty() {
            for (chunk, span) in entry.next("") {
                push(&mut out.options, format!(" {chunk}"), range_label(money, span));
            }
            return None;
        }
        let after = rest.strip_prefix(' ')?;
        let n = after.bytes().take_while(u8::is_ascii_digit).count();
        let (typed, tail) = after.split_at(n);
        if tail.is_empty() && n > 0 && n < entry.width {
            for (chunk, span) in entry.next(typed) {
                push(&mut out.options, chunk, range_label(money, span));
            }
            return None;
        }
        let value: u32 = typed.parse().ok()?;
        // Whole as the action writes it: zero-padded to the width, or longer than the width
        // when the value needs more digits (`10` elephants are written `10` at width 1).
        let written = format!("{value:0w$}", w = entry.width);
        let whole = typed == written && (entry.lo..=entry.hi).contains(&value);
        (whole && (tail.is_empty() || tail.starts_with(' '))).then_some(tail)
    }
}

/// What may follow `prefix` for `seat` (see the module documentation).
pub(crate) fn choices(game: &Raja, seat: Seat, prefix: &str) -> Choices {
    let mut legal = Vec::new();
    legal_actions_into(game, seat, &mut legal);
    let all: Vec<(Action, Vec<Seg>)> = legal.into_iter().map(|a| (a.clone(), game.segments(&a))).collect();
    let mut ranges: HashMap<String, (u32, u32)> = HashMap::new();
    for (_, segs) in &all {
        let mut head = String::new();
        for (i, seg) in segs.iter().enumerate() {
            match seg {
                Seg::Lit(text) => head.push_str(&format!("{}{text}", if i == 0 { "" } else { " " })),
                Seg::Num { value, .. } => {
                    let range = ranges.entry(head.clone()).or_insert((*value, *value));
                    *range = (range.0.min(*value), range.1.max(*value));
                }
                Seg::Bundle => {}
            }
        }
    }
    let mut out = Choices::default();
    let mut bundles: HashSet<String> = HashSet::new();
    for (action, segs) in &all {
        game.walk(seat, action, segs, prefix, &ranges, &mut bundles, &mut out);
    }
    prefix_free(&mut out.options);
    out
}

/// A player-facing label for a complete action.
pub(crate) fn label(game: &Raja, action: &Action) -> String {
    let price = |side: Side, lot: &Lot| {
        let cost = u32::from(game.price(lot.market())) * lot.items();
        format!("{} {} for ${cost}", if side == Side::Buy { "Buy" } else { "Sell" }, describe_lot(*lot))
    };
    match action {
        Action::LandAdd(cell) => format!("Add a tile at {cell}"),
        Action::LandColor(cell, colour) => format!("Turn {cell} {colour}"),
        Action::LandConfirm => "Confirm the lands".into(),
        Action::NoblePlace(cell) => format!("Noble on {cell}"),
        Action::BuildDeclare { city, stones } => format!("Declare {} for C{}", count(*stones, "stone"), city + 1),
        Action::BuildPlace(row) | Action::RemoveStone(row) => format!("Row {row} (risk {}/12)", Wall::risk(*row)),
        Action::ShieldDeploy { face, cell } => format!("Deploy a {face}-shield on {cell}"),
        Action::SetupDone => "Setup done".into(),
        Action::Bid(m) => format!("Bid ${m}"),
        Action::Pass => "Pass".into(),
        Action::TradePropose { send: true, give, get, .. } | Action::TradeCounter { send: true, give, get } => {
            format!("Send: give {}, get {}", describe(give), describe(get))
        }
        Action::TradePropose { .. } | Action::TradeCounter { .. } => "Discard the draft".into(),
        Action::TradeAccept => "Accept".into(),
        Action::TradeDecline => "Decline".into(),
        Action::TradeSelect(colour) => format!("Trade with {}", game.player_word(&colour.to_string())),
        Action::TradeCancel => "Cancel the proposal".into(),
        Action::MarketOrder { side, lot } => price(*side, lot),
        Action::FillOffer => match game.step() {
            Some(super::state::Step::Fill(order)) => format!("Fill at ${}", order.cost),
            _ => "Fill".into(),
        },
        Action::FillDecline => "No".into(),
        Action::CommerceEnd => "End commerce".into(),
        Action::BuildingEnd => "End building".into(),
        Action::SiegeMarker { target, cell } => {
            format!("Marker on {}'s {cell}", game.player_word(&target.to_string()))
        }
        Action::SiegeSkip => "No siege".into(),
        Action::SiegeAssign { city, elephants } => format!("C{}: {}", city + 1, count(*elephants, "elephant")),
        Action::SiegeLaunch => "Launch the siege".into(),
        Action::DefendAssign { cell, face, city } => format!("{face}-shield on {cell} to C{}", city + 1),
        Action::DefendClear => "Clear the defence".into(),
        Action::DefendConfirm => "Confirm the defence".into(),
        Action::RemoveAuto => "Auto (lowest risk)".into(),
        Action::RansomDemand(m) => format!("Demand ${m}"),
        Action::NobleTake => "Take the noble".into(),
        Action::RansomPay => "Pay".into(),
        Action::RansomRefuse => "Refuse".into(),
        Action::RansomCounter(m) => format!("Offer ${m}"),
        Action::RansomAccept => "Accept the offer".into(),
        Action::Timeout => "Time out".into(),
        Action::Resign => "Resign".into(),
    }
}

impl Raja {
    /// A player named by a colour in an action's text, as the labels name seats (#24 item 2):
    /// their mention (the front end puts their name) with the colour after it, "Bo (White)".
    fn player_word(&self, colour: &str) -> String {
        match colour.parse::<super::state::Colour>().ok().and_then(|c| self.seat_of(c)) {
            Some(seat) => format!("{} ({colour})", seat.mention()),
            None => colour.to_string(),
        }
    }
}

/// The label of a first step that more steps follow; `player` names a player by colour.
fn head_label(text: &str, player: impl Fn(&str) -> String) -> String {
    let words: Vec<&str> = text.split_whitespace().collect();
    match words.as_slice() {
        ["trade_propose", "all"] => "Propose to everyone…".into(),
        ["trade_propose", to] => format!("Propose to {}…", player(to)),
        ["trade_counter"] => "Counter…".into(),
        ["bid"] => "Bid…".into(),
        ["ransom_demand"] => "Demand a ransom…".into(),
        ["ransom_counter"] => "Counter-offer…".into(),
        ["market_order", market, side] => format!("{}{} {market}…", side[..1].to_uppercase(), &side[1..]),
        ["build_declare", city] => format!("Build on {city}…"),
        ["siege_marker", colour] => format!("Besiege {}…", player(colour)),
        ["defend_assign", cell, face] => format!("{face}-shield on {cell}…"),
        _ => text.to_string(),
    }
}

/// One line explaining `choice`, offered to `seat` after `prefix`: the action it leads to,
/// or on the way through a trade bundle, the field or amount it sets.
pub(super) fn explain_choice(game: &Raja, seat: Seat, prefix: &str, choice: &Choice) -> String {
    let chosen = format!("{prefix}{}", choice.token).to_ascii_lowercase();
    if let Ok(action) = chosen.parse::<Action>() {
        return explain(&action);
    }
    let mut legal = Vec::new();
    legal_actions_into(game, seat, &mut legal);
    if let Some(action) = legal.iter().find(|a| a.to_string().to_ascii_lowercase().starts_with(&chosen)) {
        return explain(action);
    }
    let words: Vec<&str> = choice.token.split_whitespace().collect();
    match words.as_slice() {
        [part, item] => match (part.parse::<Part>(), item.parse::<Item>()) {
            (Ok(Part::Give), Ok(item)) => format!("Offer some of your {}", item_word(item)),
            (Ok(Part::Get), Ok(item)) => format!("Ask for {} in return", item_word(item)),
            _ => String::new(),
        },
        [_] if chosen.starts_with("trade_") => "The amount, entered digit by digit".to_string(),
        _ => String::new(),
    }
}

/// What an action does, in one line (§3 setup, §4 the turn, §5 siege).
pub(super) fn explain(action: &Action) -> String {
    let line = match action {
        Action::LandAdd(_) => "Lay one of your seven territory tiles here, touching the ones laid",
        Action::LandColor(..) => "Make this tile red or blue: a city produces grain in the season of its colour",
        Action::LandConfirm => "Keep these lands and go on to placing your nobles",
        Action::NoblePlace(_) => "Put a noble here: it founds a city, worth 1 point while it stays home",
        Action::BuildDeclare { .. } => {
            "Say how many wall stones this city gets; rows 1 and 2 are safe, higher rows may collapse"
        }
        Action::BuildPlace(_) => "Put the next stone in this row; the risk is the chance the wall collapses",
        Action::ShieldDeploy { .. } => {
            "Guard this tile without a noble with a shield, which rolls a die in its defence"
        }
        Action::SetupDone => "Finish your secret setup",
        Action::Bid(_) => "Bid money to move first this turn; only the winner pays",
        Action::Pass => "Stop bidding for this turn; passing is final",
        Action::TradePropose { send: false, .. } | Action::TradeCounter { send: false, .. } => {
            "Throw away this draft and send nothing"
        }
        Action::TradePropose { .. } => "Offer this trade; the others may accept, counter or decline",
        Action::TradeCounter { .. } => "Answer with your own terms: what you give and what you want back",
        Action::TradeAccept => "Take this trade as it stands",
        Action::TradeDecline => "Turn this trade down",
        Action::TradeSelect(_) => "Make the trade with this player on their answer's terms",
        Action::TradeCancel => "Withdraw the proposal; nothing changes hands",
        Action::MarketOrder { side: Side::Buy, .. } => {
            "Buy at the market price; another player may fill the order instead"
        }
        Action::MarketOrder { .. } => "Sell at the market price; another player may fill the order instead",
        Action::FillOffer => "Fill this order yourself at the market price",
        Action::FillDecline => "Leave this order to the market",
        Action::CommerceEnd => "Finish trading for this turn and go on to building",
        Action::BuildingEnd => "Finish building for this turn and go on to the siege",
        Action::SiegeMarker { .. } => "Besiege from this tile: your elephants attack the cities next to it",
        Action::SiegeSkip => "Lay no siege this turn",
        Action::SiegeAssign { .. } => "Send this many elephants at this city: each rolls two dice",
        Action::SiegeLaunch => "Attack with the elephants sent",
        Action::DefendAssign { .. } => "Move this shield to defend this city: it rolls one die per point",
        Action::DefendClear => "Take back the shields assigned and start again",
        Action::DefendConfirm => "Defend with the shields assigned",
        Action::RemoveStone(_) => "Take the lost stone from this row",
        Action::RemoveAuto => "Take the lost stones where the wall is least likely to collapse",
        Action::RansomDemand(_) => "Ask this much to leave the noble free",
        Action::NobleTake => "Capture the noble: 2 points for you, and one city less for its owner",
        Action::RansomPay => "Pay the ransom and keep your noble",
        Action::RansomRefuse => "Refuse to pay: your noble is captured",
        Action::RansomCounter(_) => "Offer this much instead",
        Action::RansomAccept => "Take the money offered and leave the noble free",
        Action::Timeout => "The safe choice is made for you",
        Action::Resign => "Leave the game for good",
    };
    line.to_string()
}
