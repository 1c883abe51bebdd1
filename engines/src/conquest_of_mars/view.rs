//! What a viewer may see (§5). The public view shows face-up cards only, counts of hand
//! cards, every pool and pyramid, and no sealed choice; a seat's view adds its own two cards
//! and its own sealed choice. Hands and the aside cards are shown once the game is over (R7).

use serde::{Deserialize, Serialize};

use super::action::Action;
use super::board::{Cell, Orient, Place, PyramidId};
use super::combat::{Combat, Side, Stage};
use super::dice::{DiceMix, DicePool, Die, Rolled};
use super::scoring::FinalResult;
use super::state::{ConquestOfMars, Phase};
use crate::game::{Outcome, Seat, Secret, Viewer};
use crate::parts::cards::Card;
use crate::parts::poker::{LowHandValue, evaluate_aces_low};
use crate::parts::pyramids::Colour;

/// A pyramid on the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PyramidView {
    /// Its id (`RS1`).
    pub id: PyramidId,
    /// Its owner.
    pub seat: Seat,
    /// Upright or the direction it points.
    pub orient: Orient,
    /// The card it points at, when flat.
    pub points_at: Option<Cell>,
}

/// One card cell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CellView {
    /// The cell.
    pub cell: Cell,
    /// The card, once face up.
    pub card: Option<Card>,
    /// The pyramids on it, seat by seat, canonical order.
    pub pyramids: Vec<PyramidView>,
}

/// One player as everybody sees them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    /// The seat.
    pub seat: Seat,
    /// The colour.
    pub colour: Colour,
    /// Pyramids in reserve, canonical order.
    pub reserve: Vec<PyramidId>,
    /// Pyramids on the board.
    pub on_board: u8,
    /// The personal dice pool (R32).
    pub dice: DicePool,
    /// The starting die, once shown.
    pub start_die: Option<Die>,
    /// The two dealt cards, once the game is over.
    pub hand: Option<Vec<Card>>,
    /// Resigned.
    pub resigned: bool,
}

/// A participant of the combat, publicly.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FighterView {
    /// The seat.
    pub seat: Seat,
    /// Attacker or defender.
    pub side: Side,
    /// Involved pyramids still fighting.
    pub involved: Vec<PyramidId>,
    /// Pips at the start (X).
    pub x: u8,
    /// Dice it commits.
    pub due: u8,
    /// Whether its commitment is complete.
    pub committed: bool,
    /// Its rolled dice not yet compared, highest first.
    pub line: Vec<Rolled>,
}

/// The attack in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttackView {
    /// Who declared it.
    pub declarer: Seat,
    /// The target card.
    pub target: Cell,
    /// `join`, `commit` or `casualty`.
    pub stage: String,
    /// Invitees (during the join window).
    pub invited: Vec<Seat>,
    /// Invitees who have answered (how is sealed).
    pub answered: Vec<Seat>,
    /// Participants in combat order.
    pub fighters: Vec<FighterView>,
    /// Losers still to choose a casualty, the first deciding now.
    pub losers: Vec<Seat>,
    /// Exchanges so far.
    pub exchanges: u8,
}

/// What only the viewing seat sees.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OwnView {
    /// Whose.
    pub seat: Seat,
    /// The two dealt cards.
    pub hand: Vec<Card>,
    /// Its sealed choice in words, while sealed.
    pub sealed: Option<String>,
    /// Its sealed starting die.
    pub start_die: Option<Die>,
    /// Its sealed answer to an invitation.
    pub join: Option<bool>,
    /// Dice it has committed so far, sealed.
    pub committed: Vec<Die>,
}

/// The table as one viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// 1-based round.
    pub round: u8,
    /// The last round (R30).
    pub round_cap: u8,
    /// `SetupDieChoice`, `Main`, `Trade`, `Reorient`, `Attack` or `GameOver`.
    pub phase: String,
    /// Whose turn it is (after setup).
    pub current: Option<Seat>,
    /// Who must decide now.
    pub pending: Vec<Seat>,
    /// The turn order, first player first.
    pub turn_order: Vec<Seat>,
    /// The decision now, in words.
    pub prompt: String,
    /// The dice option.
    pub dice_mix: DiceMix,
    /// The 44 card cells in reading order.
    pub cells: Vec<CellView>,
    /// Every player.
    pub players: Vec<PlayerView>,
    /// The common pool.
    pub common: DicePool,
    /// The trade being put together: the die wanted and the dice offered.
    pub trade: Option<(Die, DicePool)>,
    /// Pyramids reoriented so far in the open reorientation.
    pub reoriented: Vec<PyramidId>,
    /// Sub-phases cancelled this turn (R36).
    pub cancels: u8,
    /// The attack in progress.
    pub attack: Option<AttackView>,
    /// The aside cards, once the game is over (R7).
    pub aside: Option<Vec<Card>>,
    /// The final lines, once over.
    pub result: Option<FinalResult>,
    /// The standings, once over.
    pub outcome: Option<Outcome>,
    /// The viewer's own secrets.
    pub you: Option<OwnView>,
    /// The cards the viewing seat may move a pyramid onto now (R13 `Move`, R22 `Evade`),
    /// from its legal actions; empty in a public view or when it has no such move.
    /// Computed, never stored.
    #[serde(default)]
    pub moves_to: Vec<Cell>,
    /// The cards the latest action touched (a spawn, grow, move, turn, attack or loss), to
    /// mark on the board; empty after dice, trades and sealed answers.
    #[serde(default)]
    pub last_cells: Vec<Cell>,
}

impl ConquestOfMars {
    fn phase_name(&self) -> &'static str {
        match self.phase {
            Phase::SetupDieChoice => "SetupDieChoice",
            Phase::Main => "Main",
            Phase::Trade { .. } => "Trade",
            Phase::Reorient { .. } => "Reorient",
            Phase::Attack(_) => "Attack",
            Phase::GameOver => "GameOver",
        }
    }

    fn cell_view(&self, cell: Cell) -> CellView {
        let card = self.grid_card(cell).filter(|g| g.face_up).map(|g| g.card);
        let pyramids = self
            .pyramids_on(cell)
            .map(|(seat, id, orient)| PyramidView { id, seat, orient, points_at: cell.step(orient) })
            .collect();
        CellView { cell, card, pyramids }
    }

    fn player_view(&self, seat: Seat) -> PlayerView {
        let p = self.player(seat);
        let setup = self.phase == Phase::SetupDieChoice;
        PlayerView {
            seat,
            colour: p.colour,
            reserve: p.all().filter(|(_, place)| place.cell().is_none()).map(|(id, _)| id).collect(),
            on_board: p.on_board() as u8,
            dice: p.dice,
            start_die: if setup { None } else { p.start_die },
            hand: (self.phase == Phase::GameOver).then(|| p.hand.to_vec()),
            resigned: p.resigned,
        }
    }

    fn own_view(&self, seat: Seat) -> OwnView {
        let p = self.player(seat);
        let (join, committed) = match &self.phase {
            Phase::Attack(Combat { stage: Stage::Join { answers, .. }, .. }) => {
                (answers.iter().find(|(s, _)| *s == seat).map(|(_, j)| *j), Vec::new())
            }
            Phase::Attack(combat @ Combat { stage: Stage::Commit, .. }) => {
                (None, combat.side(seat).filter(|s| s.choosing).map(|s| s.chosen.clone()).unwrap_or_default())
            }
            _ => (None, Vec::new()),
        };
        OwnView {
            seat,
            hand: p.hand.to_vec(),
            sealed: self.sealed_words(seat),
            start_die: if self.phase == Phase::SetupDieChoice { p.start_die } else { None },
            join,
            committed,
        }
    }

    /// `seat`'s sealed choice in words, while sealed; it names the colour, so no two seats'
    /// words are ever the same (the harness looks for them as secrets).
    pub(crate) fn sealed_words(&self, seat: Seat) -> Option<String> {
        let colour = self.colour(seat);
        match &self.phase {
            Phase::SetupDieChoice => {
                self.player(seat).start_die.map(|d| format!("{colour} starts with a {d} (sealed)"))
            }
            Phase::Attack(Combat { stage: Stage::Join { answers, .. }, .. }) => {
                let (_, join) = answers.iter().find(|(s, _)| *s == seat)?;
                Some(format!("{colour} {} (sealed)", if *join { "joins the attack" } else { "stays out" }))
            }
            Phase::Attack(combat @ Combat { stage: Stage::Commit, .. }) => {
                let side = combat.side(seat).filter(|s| s.choosing && !s.chosen.is_empty())?;
                let dice: Vec<String> = side.chosen.iter().map(ToString::to_string).collect();
                Some(format!("{colour} commits {} (sealed)", dice.join(" ")))
            }
            _ => None,
        }
    }

    /// The decision now, in words.
    fn prompt(&self) -> String {
        let who = |seat: Seat| self.colour(seat).to_string();
        match &self.phase {
            Phase::SetupDieChoice => "Everyone chooses a starting die (sealed).".to_string(),
            Phase::Main => format!("{} chooses an action.", who(self.current)),
            Phase::Trade { want, offered } => format!("{} trades for a {want}, offering {offered}.", who(self.current)),
            Phase::Reorient { .. } => format!("{} reorients pyramids.", who(self.current)),
            Phase::Attack(combat) => match &combat.stage {
                Stage::Join { .. } => {
                    format!("Invited players decide whether to join the attack on {}.", combat.target)
                }
                Stage::Commit => format!("Fighters over {} choose their dice (sealed).", combat.target),
                Stage::Casualty { losers } => {
                    losers.first().map_or_else(String::new, |s| format!("{} chooses a casualty.", who(*s)))
                }
            },
            Phase::GameOver => "The game is over.".to_string(),
        }
    }
}

/// Every secret with its owner (§5): hands until the end, face-down grid cards, the aside
/// cards until the end, and sealed choices.
pub(crate) fn secrets(game: &ConquestOfMars) -> Vec<Secret> {
    let over = game.phase == Phase::GameOver;
    let mut out = Vec::new();
    let card = |owner: Option<Seat>, card: &Card| Secret { owner, token: card.to_string() };
    for seat in game.seats() {
        if !over {
            out.extend(game.player(seat).hand.iter().map(|c| card(Some(seat), c)));
        }
        if let Some(words) = game.sealed_words(seat) {
            out.push(Secret { owner: Some(seat), token: words });
        }
    }
    out.extend(game.grid.iter().filter(|g| !g.face_up).map(|g| card(None, &g.card)));
    if !over {
        out.extend(game.aside.iter().map(|c| card(None, c)));
    }
    out
}

pub(crate) fn view(game: &ConquestOfMars, viewer: Viewer) -> View {
    let over = game.phase == Phase::GameOver;
    let you = match viewer {
        Viewer::Seat(seat) if seat.index() < game.players.len() => Some(game.own_view(seat)),
        _ => None,
    };
    View {
        round: game.round,
        round_cap: game.options.round_cap,
        phase: game.phase_name().to_string(),
        current: (!game.turn_order.is_empty()).then_some(game.current),
        pending: game.must().iter().collect(),
        turn_order: game.turn_order.clone(),
        prompt: game.prompt(),
        dice_mix: game.options.dice_mix,
        cells: Cell::all().map(|cell| game.cell_view(cell)).collect(),
        players: game.seats().map(|seat| game.player_view(seat)).collect(),
        common: game.common,
        trade: match game.phase {
            Phase::Trade { want, offered } => Some((want, offered)),
            _ => None,
        },
        reoriented: match &game.phase {
            Phase::Reorient { original } => original.iter().map(|(p, _)| *p).collect(),
            _ => Vec::new(),
        },
        cancels: game.cancels,
        attack: match &game.phase {
            Phase::Attack(combat) => Some(attack_view(combat)),
            _ => None,
        },
        aside: over.then(|| game.aside.clone()),
        result: game.result.clone(),
        outcome: game.outcome(),
        you,
        moves_to: match viewer {
            Viewer::Seat(seat) => moves_to(game, seat),
            _ => Vec::new(),
        },
        last_cells: game.last_cells.0.clone(),
    }
}

/// The cards `seat`'s legal `Move` and `Evade` actions would put a pyramid on (R13, R22):
/// each such pyramid lies flat, so it goes to the card it points at. In grid order, once each.
fn moves_to(game: &ConquestOfMars, seat: Seat) -> Vec<Cell> {
    let mut cells: Vec<Cell> = game
        .legal(seat)
        .into_iter()
        .filter_map(|action| match action {
            Action::Move(pyramid) | Action::Evade(pyramid) => match game.place(pyramid)? {
                Place::Board { cell, orient } => cell.step(orient),
                Place::Reserve => None,
            },
            _ => None,
        })
        .collect();
    cells.sort_by_key(|c| (c.row(), c.col()));
    cells.dedup();
    cells
}

fn attack_view(combat: &Combat) -> AttackView {
    let (stage, invited, answered, losers) = match &combat.stage {
        Stage::Join { invited, answers } => {
            ("join", invited.iter().collect(), answers.iter().map(|(s, _)| *s).collect(), Vec::new())
        }
        Stage::Commit => ("commit", Vec::new(), Vec::new(), Vec::new()),
        Stage::Casualty { losers } => ("casualty", Vec::new(), Vec::new(), losers.clone()),
    };
    let fighters = combat
        .sides
        .iter()
        .map(|p| FighterView {
            seat: p.seat,
            side: p.side,
            involved: p.involved.clone(),
            x: p.x,
            due: p.due,
            committed: p.committed(),
            line: p.line.clone(),
        })
        .collect();
    AttackView {
        declarer: combat.declarer,
        target: combat.target,
        stage: stage.to_string(),
        invited,
        answered,
        fighters,
        losers,
        exchanges: combat.exchanges,
    }
}

impl View {
    /// The face-up cards `seat` alone occupies (R26), in reading order: what everyone can see
    /// it would collect if the game ended now.
    #[must_use]
    pub fn visible_cards(&self, seat: Seat) -> Vec<Card> {
        self.cells
            .iter()
            .filter(|c| !c.pyramids.is_empty() && c.pyramids.iter().all(|p| p.seat == seat))
            .filter_map(|c| c.card)
            .collect()
    }

    /// `seat`'s best hand (§6.4, Aces low) from the cards everyone can see it would collect;
    /// `None` while it solely occupies no face-up card.
    #[must_use]
    pub fn best_visible(&self, seat: Seat) -> Option<LowHandValue> {
        let cards = self.visible_cards(seat);
        (!cards.is_empty()).then(|| evaluate_aces_low(&cards))
    }

    /// The viewer's own best hand: its two secret cards with the face-up cards it alone
    /// occupies; `None` in a public view.
    #[must_use]
    pub fn best_own(&self) -> Option<LowHandValue> {
        let you = self.you.as_ref()?;
        let mut cards = you.hand.clone();
        cards.extend(self.visible_cards(you.seat));
        Some(evaluate_aces_low(&cards))
    }
}
