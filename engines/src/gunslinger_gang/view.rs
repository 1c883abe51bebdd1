//! What a viewer may see (§5, §8.5, R44), and the list of secrets the conformance harness
//! proves no view leaks. The public view shows stack entries by colour and News marker only; a
//! seat's view adds its own underling hand, News hand and the identities of its own deployed
//! entries. Card identities are strings like `"Red-RANCHER"` and `"N05"`, so no hidden value
//! ever appears as a string leaf in another viewer's view.

use serde::{Deserialize, Serialize};

use super::action::{Ability, Timing};
use super::board::{self, Pos, Tile};
use super::cards::{Card, Colour, Item, News, UnderlingSet};
use super::scoring::{Control, FinalResult, ScoringReport};
use super::state::{GunslingerGang, ItemSet, Phase, Step, Used};
use crate::game::{Outcome, Seat, Secret, Viewer};

/// One player as everybody sees them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    /// The seat.
    pub seat: Seat,
    /// The colour.
    pub colour: Colour,
    /// VP track.
    pub vp: u32,
    /// Among the Most Wanted (R13).
    pub most_wanted: bool,
    /// Gunslingers in supply.
    pub supply: u8,
    /// Underlings in hand (how many, not which).
    pub underlings_in_hand: u8,
    /// The Resolved row (R20).
    pub resolved: Vec<Card>,
    /// News Stories in hand (how many).
    pub news_in_hand: u8,
    /// News hand limit (5, Saddlebags 7).
    pub hand_limit: u8,
    /// Items held.
    pub items: Vec<Item>,
    /// Dynamite used.
    pub dynamite_spent: bool,
    /// Once-per-round item uses this round.
    pub used: Used,
    /// Resigned.
    pub resigned: bool,
    /// The News hand, shown once the game is over (§5).
    pub final_news: Option<Vec<News>>,
}

/// One underling in a stack.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EntryView {
    /// Whose card (the card back's colour).
    pub owner: Seat,
    /// The owner's colour.
    pub colour: Colour,
    /// Whether a News Story is attached (R10).
    pub news: bool,
    /// The card, in its owner's view only.
    pub card: Option<Card>,
    /// The attached News Story, in its owner's view only.
    pub story: Option<News>,
}

/// One position of the grid.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TownView {
    /// The position.
    pub town: Pos,
    /// A town (face up) or not yet founded.
    pub face_up: bool,
    /// The tile, once face up.
    pub tile: Option<Tile>,
    /// The unclaimed item, once face up.
    pub item: Option<Item>,
    /// Buildings (VP each).
    pub buildings: Vec<u8>,
    /// Outlaws per seat.
    pub outlaws: Vec<u8>,
    /// The sheriff's owner.
    pub sheriff: Option<Seat>,
    /// The deputy's owner.
    pub deputy: Option<Seat>,
    /// The stack, bottom to top.
    pub stack: Vec<EntryView>,
    /// Gold Strike this round.
    pub gold_strike: bool,
    /// Mine Collapse this round.
    pub collapse: bool,
    /// Wagers this round.
    pub wagers: Vec<Seat>,
    /// Who would control the town now (§6.1), for face-up towns.
    pub control: Option<Control>,
}

/// The reveal in progress: public from the moment of the reveal (§4.4 step 1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResolvingView {
    /// Whose.
    pub seat: Seat,
    /// Where.
    pub town: Pos,
    /// The card.
    pub card: Card,
    /// The attached News Story (until kept or resolved).
    pub story: Option<News>,
    /// Revealed with Forged Orders.
    pub second: bool,
    /// News timing chosen.
    pub timing: Option<Timing>,
    /// Ability chosen.
    pub ability: Option<Ability>,
    /// The decision now.
    pub step: Step,
}

/// What only one seat sees.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PrivateView {
    /// Whose.
    pub seat: Seat,
    /// Underlings in hand.
    pub hand: Vec<Card>,
    /// News Stories in hand.
    pub news: Vec<News>,
}

/// The table as one viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// Round 1–4.
    pub round: u8,
    /// Planning, Resolution or Finished.
    pub phase: Phase,
    /// The start player this round.
    pub start_seat: Seat,
    /// Who must decide now.
    pub pending: Option<Seat>,
    /// What they decide, in words.
    pub prompt: String,
    /// Plays made this Planning phase.
    pub plays_done: u8,
    /// The item set.
    pub items: ItemSet,
    /// Every player.
    pub players: Vec<PlayerView>,
    /// Every position, in reading order.
    pub towns: Vec<TownView>,
    /// Grid rows (2 or 3).
    pub rows: u8,
    /// News Stories in the deck.
    pub deck: u8,
    /// The discard pile, oldest first.
    pub discard: Vec<News>,
    /// Boomtowns removed from the game.
    pub removed: Vec<News>,
    /// Building tokens left by value 1, 2, 3.
    pub buildings: [u8; 3],
    /// The reveal in progress.
    pub resolving: Option<ResolvingView>,
    /// The latest Scoring breakdown.
    pub last_scoring: Option<ScoringReport>,
    /// The towns the latest action touched (an underling played or revealed, a piece moved),
    /// to mark on the board.
    #[serde(default)]
    pub last_towns: Vec<Pos>,
    /// The viewer's own secrets.
    pub you: Option<PrivateView>,
    /// End-of-game lines.
    pub result: Option<FinalResult>,
    /// Standings.
    pub outcome: Option<Outcome>,
}

/// What `viewer` may see: the public table, plus the viewer's own hands and deployed cards.
pub(super) fn view(game: &GunslingerGang, viewer: Viewer) -> View {
    let finished = game.phase == Phase::Finished;
    let players = game.seats().map(|seat| game.player_view(seat)).collect();
    let you = match viewer {
        Viewer::Seat(seat) if seat.index() < game.players.len() => {
            let p = game.player(seat);
            let hand = p.hand.iter().map(|u| Card { colour: p.colour, underling: u }).collect();
            Some(PrivateView { seat, hand, news: p.news.clone() })
        }
        _ => None,
    };
    View {
        round: game.round,
        phase: game.phase,
        start_seat: game.start_seat,
        pending: (!finished).then(|| game.pending_seat()),
        prompt: game.prompt(),
        plays_done: game.plays_done,
        items: game.options.items,
        players,
        towns: game.positions().map(|pos| game.town_view(pos, viewer)).collect(),
        rows: board::rows(game.players.len()),
        deck: game.deck.len() as u8,
        discard: game.discard.clone(),
        removed: game.removed.clone(),
        buildings: game.buildings,
        resolving: game.resolving.map(|r| ResolvingView {
            seat: r.seat,
            town: r.town,
            card: Card { colour: game.colour(r.seat), underling: r.card },
            story: r.news,
            second: r.second,
            timing: r.timing,
            ability: r.ability,
            step: r.step,
        }),
        last_scoring: game.last_scoring.clone(),
        last_towns: game.last_towns.0.clone(),
        you,
        result: game.result.clone(),
        outcome: game.outcome(),
    }
}

/// Every hidden thing (§5): News hands, deployed cards and their News, underling hands
/// while not all six are in hand, the deck, facedown towns and their items, unused tiles
/// and leftover items. Once the game is over only the never-revealed ones stay secret.
pub(super) fn secrets(game: &GunslingerGang) -> Vec<Secret> {
    let nobody = |token: String| Secret { owner: None, token };
    let mut out: Vec<Secret> = game.deck.iter().map(|n| nobody(json(n))).collect();
    out.extend(game.unused_tiles.iter().map(|t| nobody(json(t))));
    out.extend(game.item_leftover.iter().map(|i| nobody(json(i))));
    for town in game.towns.iter().filter(|t| !t.face_up) {
        out.push(nobody(json(&town.tile)));
        out.extend(town.item.iter().map(|i| nobody(json(i))));
    }
    if game.phase == Phase::Finished {
        return out;
    }
    for seat in game.seats() {
        let player = game.player(seat);
        let mine = |token: String| Secret { owner: Some(seat), token };
        out.extend(player.news.iter().map(|n| mine(json(n))));
        if player.hand != UnderlingSet::FULL {
            out.extend(player.hand.iter().map(|u| mine(json(&Card { colour: player.colour, underling: u }))));
        }
    }
    for entry in game.towns.iter().flat_map(|t| &t.stack) {
        let mine = |token: String| Secret { owner: Some(entry.owner), token };
        out.push(mine(json(&Card { colour: game.colour(entry.owner), underling: entry.card })));
        out.extend(entry.news.iter().map(|n| mine(json(n))));
    }
    out
}

/// The exact JSON string a value serialises to.
fn json(value: &impl Serialize) -> String {
    match serde_json::to_value(value) {
        Ok(serde_json::Value::String(text)) => text,
        other => format!("{other:?}"),
    }
}

impl GunslingerGang {
    fn player_view(&self, seat: Seat) -> PlayerView {
        let p = self.player(seat);
        PlayerView {
            seat,
            colour: p.colour,
            vp: p.vp,
            most_wanted: self.most_wanted().contains(seat),
            supply: p.supply,
            underlings_in_hand: p.hand.len() as u8,
            resolved: p.resolved.iter().map(|u| Card { colour: p.colour, underling: u }).collect(),
            news_in_hand: p.news.len() as u8,
            hand_limit: p.hand_limit() as u8,
            items: p.items.clone(),
            dynamite_spent: p.dynamite_spent,
            used: p.used,
            resigned: p.resigned,
            final_news: (self.phase == Phase::Finished).then(|| p.news.clone()),
        }
    }

    fn town_view(&self, pos: Pos, viewer: Viewer) -> TownView {
        let town = self.town(pos);
        let up = town.face_up;
        let stack = town
            .stack
            .iter()
            .map(|e| {
                let mine = viewer.sees_secret_of(e.owner);
                let colour = self.colour(e.owner);
                EntryView {
                    owner: e.owner,
                    colour,
                    news: e.news.is_some(),
                    card: mine.then_some(Card { colour, underling: e.card }),
                    story: if mine { e.news } else { None },
                }
            })
            .collect();
        TownView {
            town: pos,
            face_up: up,
            tile: up.then_some(town.tile),
            item: if up { town.item } else { None },
            buildings: town.buildings.clone(),
            outlaws: town.outlaws[..self.players.len()].to_vec(),
            sheriff: town.sheriff,
            deputy: town.deputy,
            stack,
            gold_strike: town.gold_strike,
            collapse: town.collapse,
            wagers: town.wagers.iter().collect(),
            control: up.then(|| self.control(pos)),
        }
    }

    /// The pending decision in words.
    fn prompt(&self) -> String {
        if self.phase == Phase::Finished {
            return "The game is over.".into();
        }
        let who = self.colour(self.pending_seat());
        let Some(r) = self.resolving else {
            return match self.phase {
                Phase::Planning => format!(
                    "Round {} Planning: {who} plays an underling ({} of {} plays made).",
                    self.round,
                    self.plays_done,
                    5 * self.players.len()
                ),
                _ => format!("Round {} Resolution: {who} reveals an entry.", self.round),
            };
        };
        let what = match r.step {
            Step::Timing => "chooses when the News Story resolves".to_string(),
            Step::Ability => format!("chooses {}'s ability", r.card.name()),
            Step::Hustle { left } => format!("takes A steps ({left} left)"),
            Step::Ambush => "chooses whom to ambush".into(),
            Step::Elect { .. } => "elects lawmen".into(),
            Step::Push { left } => format!("runs outlaws out of town ({left} left)"),
            Step::Drive => "drives cattle".into(),
            Step::Blast { left } => format!("blasts with Dynamite ({left} left)"),
            Step::Rail { left } => format!("moves by Railroad ({left} left)"),
            Step::SwearIn => "may swear in a lawman".into(),
            Step::Turncoat => "chooses a turncoat".into(),
        };
        format!("{who} {what} at {}.", r.town)
    }
}
