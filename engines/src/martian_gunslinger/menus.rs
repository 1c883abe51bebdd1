//! Entering an action piece by piece (§8.4, §8.5): the tree over the legal list's atoms, and
//! the labels of complete actions. A square is always entered as file then rank; a card as
//! rank then suit, and a number as tens then units, whenever one step would otherwise offer
//! more than 25 of them.

use super::action::{Action, Bonus, Die, EventParams, HandPlay, Pile, Place, PlayOption, Target, event_title};
use super::action_text::Atom;
use super::rules::legal_actions_into;
use super::state::MartianGunslinger;
use crate::game::{Choice, Choices, MAX_CHOICES, Seat};
use crate::parts::cards::Rank;
use crate::parts::dice::Treehouse;
use crate::wording::capitalized;

/// How an action's atoms meet the prefix.
pub(super) enum Match {
    /// The prefix is the whole action.
    Complete,
    /// The prefix ends right before atom `i`.
    Boundary(usize),
    /// The prefix ends after the first part of split atom `i`; the text is the second part.
    Inside(usize, String),
    /// The prefix does not lead to this action.
    Miss,
}

/// The two parts of an atom that may be entered in two steps.
fn split(atom: &Atom) -> Option<(String, String)> {
    match atom {
        Atom::Square(square) => Some((square.file().to_string(), (square.y + 1).to_string())),
        Atom::Card(card) => Some((card.rank.symbol().to_string(), card.suit.to_string())),
        Atom::Number(n) if *n >= 10 => Some(((n / 10).to_string(), (n % 10).to_string())),
        _ => None,
    }
}

fn starts_with_ci(text: &str, start: &str) -> bool {
    text.len() >= start.len() && text.as_bytes()[..start.len()].eq_ignore_ascii_case(start.as_bytes())
}

pub(super) fn matcher(atoms: &[Atom], prefix: &str) -> Match {
    let mut rest = prefix;
    for (i, atom) in atoms.iter().enumerate() {
        if rest.is_empty() {
            return Match::Boundary(i);
        }
        let sep = if i == 0 { "" } else { " " };
        let whole = format!("{sep}{atom}");
        if starts_with_ci(rest, &whole) {
            rest = &rest[whole.len()..];
            continue;
        }
        if let Some((first, second)) = split(atom)
            && rest.eq_ignore_ascii_case(&format!("{sep}{first}"))
        {
            return Match::Inside(i, second);
        }
        return Match::Miss;
    }
    if rest.is_empty() { Match::Complete } else { Match::Miss }
}

/// What may follow `prefix` for `seat`, and whether it is a complete action.
pub(super) fn choices(game: &MartianGunslinger, seat: Seat, prefix: &str) -> Choices {
    let mut actions = Vec::new();
    legal_actions_into(game, seat, &mut actions);
    let mut out = Choices::default();
    let mut boundary: Vec<(Action, Vec<Atom>, usize)> = Vec::new();
    for action in actions {
        let atoms = action.atoms();
        match matcher(&atoms, prefix) {
            Match::Complete => out.complete = true,
            Match::Boundary(i) => boundary.push((action, atoms, i)),
            Match::Inside(i, second) => {
                let label = if i + 1 == atoms.len() { label(game, &action) } else { step_label(&action, &atoms, i) };
                push(&mut out.options, second, label);
            }
            Match::Miss => {}
        }
    }
    let mut distinct: Vec<String> = boundary.iter().map(|(_, atoms, i)| atoms[*i].to_string()).collect();
    distinct.sort_unstable();
    distinct.dedup();
    let crowded = distinct.len() > MAX_CHOICES;
    for (action, atoms, i) in &boundary {
        let atom = &atoms[*i];
        let sep = if *i == 0 { "" } else { " " };
        let last = *i + 1 == atoms.len();
        let parts = split(atom).filter(|_| crowded || matches!(atom, Atom::Square(_)));
        match parts {
            Some((first, _)) => {
                let label = match atom {
                    Atom::Square(_) => format!("Column {first}…"),
                    Atom::Card(card) => format!("{}…", capitalized(card.rank.word())),
                    _ => format!("{first}…"),
                };
                push(&mut out.options, format!("{sep}{first}"), label);
            }
            None => {
                let label = if last { label(game, action) } else { step_label(action, atoms, *i) };
                push(&mut out.options, format!("{sep}{atom}"), label);
            }
        }
    }
    prefix_free_order(&mut out.options);
    out
}

/// Adds an option once (the first label wins, except that a label completing an action is
/// kept over a partial one).
fn push(options: &mut Vec<Choice>, token: String, label: String) {
    if let Some(existing) = options.iter_mut().find(|c| c.token == token) {
        if existing.label.ends_with('…') && !label.ends_with('…') {
            existing.label = label;
        }
        return;
    }
    options.push(Choice { token, label });
}

/// Puts a token after every longer token it is a prefix of (`" N"` after `" NE"`), so that
/// matching a target text against the options in order never stops at the shorter one.
pub(super) fn prefix_free_order(options: &mut Vec<Choice>) {
    let mut i = 0;
    let mut moves = 0;
    while i < options.len() && moves < options.len() * options.len() {
        let token = options[i].token.clone();
        let shadows = options[i + 1..].iter().any(|o| o.token.len() > token.len() && o.token.starts_with(&token));
        if shadows {
            let option = options.remove(i);
            options.push(option);
            moves += 1;
        } else {
            i += 1;
        }
    }
}

/// The label of atom `i` of `action` on the way to it (not its last atom): the kind of move
/// for its first word, then the square, card, player or event it names.
fn step_label(action: &Action, atoms: &[Atom], i: usize) -> String {
    if i == 0 {
        return head_label(action).to_string();
    }
    match (&atoms[i], action) {
        (Atom::Word(_), Action::PlayEvent(params)) if i == 1 => format!("{}…", event_title(params.rank())),
        (Atom::Word(word), _) => match word.strip_prefix('P').and_then(|n| n.parse::<u8>().ok()) {
            Some(seat) => Seat(seat).mention(),
            None => capitalized(word),
        },
        (atom, _) => format!("{atom}…"),
    }
}

/// The label of an action's first word, before the rest is chosen.
fn head_label(action: &Action) -> &'static str {
    match action {
        Action::PlaceHome { .. } => "Place your home…",
        Action::PlacePlotpoint(_) => "Place a plotpoint…",
        Action::MovePlotpoint(..) => "Move a plotpoint…",
        Action::ReEnter(..) => "Re-enter the board…",
        Action::UseReroll(_) => "Re-roll a die…",
        Action::WildChoose(_) | Action::WildReroll => "Wild: choose a power…",
        Action::Tip(..) => "Tip: turn a gunslinger…",
        Action::Swap(..) => "Swap two pyramids…",
        Action::DigFrom(_) => "Dig a card…",
        Action::DigTo(_) => "Keep the dug card…",
        Action::Reorient(_) => "Reorient (1 movement point)…",
        Action::Aim(_) => "Aim (free)…",
        Action::ContestDiscard(_) | Action::ContestDone => "Exchange cards…",
        Action::PlayHandCard(_) => "Play a hand card…",
        Action::RefillDiscard(_) | Action::RefillDone => "Discard before drawing…",
        Action::LayResource(_) => "Lay a resource…",
        Action::PlayEvent(_) => "Play your event card…",
        Action::SubmitBid(_) => "Bid for Mayor…",
        Action::PayResource(_) => "Pay a resource…",
        Action::ChooseLoss(_) => "Choose a loss…",
        Action::DiscardCard(_) => "Discard a card…",
        _ => "Choose…",
    }
}

/// A player-facing label for a complete action.
pub(super) fn label(game: &MartianGunslinger, action: &Action) -> String {
    match action {
        Action::PlaceHome { corner, dir } => format!("Home on {corner}, facing {dir}"),
        Action::PlacePlotpoint(square) => {
            format!("Place {} on {square}", game.next_plotpoint().map_or("a plotpoint", |p| p.name()))
        }
        Action::MovePlotpoint(plot, square) => format!("Move {plot} to {square}"),
        Action::SkipMovePlotpoint => "Leave the plotpoints".into(),
        Action::ReEnter(square, dir) => format!("Re-enter on {square}, facing {dir}"),
        Action::UseReroll(Die::Table) => format!("Re-roll the d6 (now {})", game.turn.d6),
        Action::UseReroll(Die::Treehouse) => {
            format!("Re-roll the Treehouse die (now {})", game.turn.face.map_or("-", |f| f.name()))
        }
        Action::KeepRolls => "Keep the rolls".into(),
        Action::WildChoose(face) => format!("Wild: {face}"),
        Action::WildReroll => "Wild: re-roll the d6".into(),
        Action::Tip(seat, dir) => format!("Tip {} to face {dir}", seat.mention()),
        Action::Swap(a, b) => format!("Swap {a} and {b}"),
        Action::DigFrom(Pile::Draw) => "Dig the draw pile".into(),
        Action::DigFrom(Pile::Discard) => {
            format!("Dig the discard pile ({})", game.discard.last().map_or("-".into(), ToString::to_string))
        }
        Action::DigTo(Place::Hand) => "Into the hand".into(),
        Action::DigTo(Place::Resources) => "Face up as a resource".into(),
        Action::PassPower => "Pass the power".into(),
        Action::Step => format!("Step ({} MP left)", game.turn.mp),
        Action::Reorient(dir) => format!("Reorient {dir} (1 MP)"),
        Action::Aim(dir) => format!("Aim {dir} (free)"),
        Action::Hop => "Hop".into(),
        Action::EndMove => "End movement".into(),
        Action::AttemptPlotpoint => "Attempt the plotpoint".into(),
        Action::Attack => "Attack".into(),
        Action::SkipAction => "No attempt or attack".into(),
        Action::ContestDiscard(card) => format!("Exchange {card}"),
        Action::ContestDone => "Done exchanging".into(),
        Action::PlayHandCard(play) => play_label(play),
        Action::RefillDiscard(card) => format!("Discard {card}"),
        Action::RefillDone => "Done: draw up to six".into(),
        Action::SkipHandCard => "No hand card".into(),
        Action::LayResource(card) => format!("Lay {card} as a resource"),
        Action::SkipResource => "No resource".into(),
        Action::PlayEvent(params) => event_label(params),
        Action::SkipEvent => "Keep the event card".into(),
        Action::SubmitBid(n) => format!("Bid {n}"),
        Action::PayResource(card) => format!("Pay {card}"),
        Action::ChooseLoss(card) => format!("Lose {card}"),
        Action::DiscardCard(card) => format!("Discard {card}"),
        Action::Timeout => "Timeout".into(),
        Action::Resign => "Resign".into(),
    }
}

/// The label of a `PlayHandCard`.
fn play_label(play: &HandPlay) -> String {
    let costs = play.costs.to_string();
    let option = match play.option {
        PlayOption::Plain => String::new(),
        PlayOption::King(Bonus::Draw) => ": +1 card drawn".into(),
        PlayOption::King(Bonus::Discard) => ": +1 card exchanged".into(),
        PlayOption::Teleport(to) => format!(" to {to}"),
        PlayOption::Refill { swap: true } => ", swapping the event card".into(),
        PlayOption::Refill { swap: false } => String::new(),
        PlayOption::Destroy { victim, target: Target::Card(card) } => {
            format!(": destroy {}'s {card}", victim.mention())
        }
        PlayOption::Destroy { victim, target: Target::Locked } => {
            format!(": destroy a locked card of {}", victim.mention())
        }
    };
    format!("Play {} paying {costs}{option}", play.card)
}

/// The label of a `PlayEvent`: the event, who it involves and the cards it uses (§4.9).
fn event_label(params: &EventParams) -> String {
    let title = event_title(params.rank());
    let detail = match *params {
        EventParams::CattleBaron => "discard all your face-up resources for 2 VP".to_string(),
        EventParams::Shootout { opponent, mine, theirs } => {
            format!("your {mine} against {}'s {theirs}", opponent.mention())
        }
        EventParams::PonyExpress { horse, stagecoach, cargo, recipient } => {
            format!("send {cargo} to {} by {horse} and {stagecoach}", recipient.mention())
        }
        EventParams::Brawl { opponent, gun, casino } => {
            format!("with {}, using {gun} and {casino}", opponent.mention())
        }
        EventParams::Tycoon { casino, bank, other } => format!("lock {casino}, {bank} and {other}"),
        EventParams::Judge { ace, four } => format!("designate {ace} and {four}"),
        EventParams::CrackShot { gun, horse } => format!("with {gun} and {horse}"),
        EventParams::HolyVision { suit, rank } => format!("call {} and {}", suit.word(), rank.word()),
        EventParams::Jailbreak { opponent, jail } => format!("free yourself from {}'s jail {jail}", opponent.mention()),
        EventParams::Robbery { opponent, loot, gun } => format!("rob {} of {loot}, using {gun}", opponent.mention()),
        EventParams::Revival { church, grazing } => format!("with {church} and {grazing}"),
        EventParams::PunchACow { opponent, cattle } => format!("duel over {}'s cattle {cattle}", opponent.mention()),
        EventParams::Mayor { jail, courthouse } => format!("call an election with {jail} and {courthouse}"),
    };
    format!("{title}: {detail}")
}

/// What an action does, in one line, from the specification (§3, §4.1–§4.9).
pub(super) fn explain(action: &Action) -> String {
    let line = match action {
        Action::PlaceHome { .. } => {
            "Put your gunslinger in this corner, facing onto the board; it comes back here when knocked off"
        }
        Action::PlacePlotpoint(_) => {
            "Put a plotpoint here: facing it on your turn lets you draw against the house for 1 victory point"
        }
        Action::MovePlotpoint(..) => "Move this plotpoint, to make up for playing later in the turn order",
        Action::SkipMovePlotpoint => "Leave the plotpoints where they are",
        Action::ReEnter(..) => "Bring your gunslinger back on at or next to your home, facing this way",
        Action::UseReroll(_) => "Spend an Ace token to roll this die again",
        Action::KeepRolls => "Keep both dice as they are",
        Action::WildChoose(face) => treehouse(*face),
        Action::WildReroll => "Roll the movement die again instead of taking a power",
        Action::Tip(..) => "Tip: turn another player's gunslinger to face a new direction",
        Action::Swap(..) => "Swap: the two pyramids on these squares change places, keeping their facings",
        Action::DigFrom(Pile::Draw) => "Dig: take the top card of the draw pile, seen only by you",
        Action::DigFrom(Pile::Discard) => "Dig: take the top card of the discard pile",
        Action::DigTo(Place::Hand) => "Keep the dug card in your hand",
        Action::DigTo(Place::Resources) => "Lay the dug card face up among your resources",
        Action::PassPower => "Give up this turn's power",
        Action::Step => "Move one square forward, for 1 movement point",
        Action::Reorient(_) => "Turn to face this way, for 1 movement point",
        Action::Aim(_) => "Aim: turn to face this way for free, once this turn",
        Action::Hop => "Hop: jump over the pyramid in front of you, or up to it, for free, once this turn",
        Action::EndMove => "Stop moving; movement points, Aim and Hop left unused are lost",
        Action::AttemptPlotpoint => "Draw a card against the house card: a higher rank wins 1 victory point",
        Action::Attack => {
            "Duel the gunslinger you face at draw poker: the loser shrinks, halves their victory points and loses turns"
        }
        Action::SkipAction => "Neither attempt the plotpoint nor attack this turn",
        Action::ContestDiscard(_) => "Set this duel card aside and draw a replacement when the exchange closes",
        Action::ContestDone => "Close your exchange with the cards chosen so far",
        Action::PlayHandCard(play) => hand_card(play.card.rank),
        Action::RefillDiscard(_) => "Discard this card before drawing back up to six",
        Action::RefillDone => "Stop discarding and draw until you hold six cards",
        Action::SkipHandCard => "Play no hand card this turn",
        Action::LayResource(_) => {
            "Put this card face up among your resources, to pay for hand cards and meet event conditions"
        }
        Action::SkipResource => "Lay no resource this turn",
        Action::PlayEvent(params) => event(params.rank()),
        Action::SkipEvent => "Keep your event card secret for a later turn",
        Action::SubmitBid(_) => {
            "Bid this many face-up resources for Mayor: the highest bid pays them and wins 2 victory points"
        }
        Action::PayResource(_) => "Pay this face-up resource towards your winning bid",
        Action::ChooseLoss(_) => "Lose this card: the event went against you",
        Action::DiscardCard(_) => "Discard this card: you may keep at most ten",
        Action::Timeout => "A hand card is chosen at random for you",
        Action::Resign => "Leave the game for good",
    };
    line.to_string()
}

/// What a Treehouse power chosen on a Wild does (§4.2, §4.3).
const fn treehouse(face: Treehouse) -> &'static str {
    match face {
        Treehouse::Tip => "Tip: turn another player's gunslinger to face a new direction",
        Treehouse::Hop => "Hop: jump over the pyramid in front of you, or up to it, for free",
        Treehouse::Aim => "Aim: turn to face a new direction once for free",
        Treehouse::Swap => "Swap: two pyramids on the board change places",
        Treehouse::Dig => "Dig: take the top card of the draw or discard pile",
        Treehouse::Wild => "Wild: choose any other power, or roll the movement die again",
    }
}

/// What a hand card of `rank` does when played (§4.7 table).
fn hand_card(rank: Rank) -> &'static str {
    match rank.value() {
        13 => "King: draw one more card, or exchange one more, in every duel from now on",
        12 => "Queen: draw one more card in every duel from now on",
        11 => "Jack: exchange one more card in every duel from now on",
        10 => "Ten: move your gunslinger to any empty square, keeping its facing",
        8 | 9 => "Discard any cards you choose, then draw until you hold six",
        5..=7 => "Grow your gunslinger one size, which draws more cards in duels",
        14 => "Ace: gain a token to re-roll a die at the start of a turn",
        _ => "Destroy one face-up or locked resource of another player",
    }
}

/// What the event of `rank` does (§4.9 table).
fn event(rank: Rank) -> &'static str {
    match rank.value() {
        13 => "Cattle Baron: discard all your face-up resources for 2 victory points",
        12 => "Shootout: a poker duel with another player; the winner gains 2 victory points",
        11 => "Pony Express: send a resource to a player and gain 2 victory points",
        10 => "Barroom Brawl: a poker duel with no harm done; the winner gains 2 victory points",
        9 => "Casino Tycoon: lock three resources, scored at the end of your next turn",
        8 => "Hanging Judge: win your next attack for 2 more victory points",
        7 => "Crack-Shot: everyone draws; the highest card scores, 2 victory points if it is yours",
        6 => "Holy Vision: call a suit and a rank, then draw; each match is worth 1 victory point",
        5 => "Jailbreak: draw against another player; the higher card gains 2 victory points",
        4 => "Robbery: a poker duel over another player's resource; the winner gains 2 victory points",
        3 => "Revival: everyone draws in turn until a seven comes; its drawer gains 2 victory points",
        2 => "Punch a Cow: draw against another player until one wins twice running, for 2 victory points",
        _ => "Mayor: everyone bids resources; the winner gains 2 victory points and may hold office to win",
    }
}
