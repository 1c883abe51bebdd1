//! Conquest of Mars partners (rules §4, §6), reading one seat's view:
//!
//! - `settler` spreads out to hold cards alone (§6.2: only cards held alone count), a spawn,
//!   a turn and a move at a time, keeping a pyramid behind on every card it leaves, and ends
//!   the game with its ninth pyramid only when its cards already beat every hand it can see
//!   (§6.3, §6.4);
//! - `warrior` does the same but first gathers dice and grows its pyramids, attacks a card
//!   where its pips and dice outweigh the defence (§4.5), and joins attacks.
//!
//! Both commit their biggest dice, evade rather than lose a pyramid, and lose the smallest
//! when they must.

use std::cmp::Ordering;

use super::{Sparring, best_by};
use crate::conquest_of_mars::{Action, Cell, CellView, ConquestOfMars, Die, Orient, PyramidId, View, compare};
use crate::game::Seat;
use crate::parts::cards::Card;
use crate::rng::GameRng;

impl Sparring for ConquestOfMars {
    const PARTNERS: &'static [&'static str] = &["settler", "warrior"];

    fn spar(partner: usize, seat: Seat, view: &View, legal: &[Action], _rng: &mut GameRng) -> Action {
        let me = Me { seat, view, warrior: partner == 1 };
        best_by(legal, |action| me.score(action))
    }
}

struct Me<'v> {
    seat: Seat,
    view: &'v View,
    warrior: bool,
}

impl Me<'_> {
    fn score(&self, action: &Action) -> f64 {
        match *action {
            Action::ChooseStartDie(die) => {
                if self.warrior {
                    f64::from(die.sides())
                } else {
                    -f64::from(die.sides())
                }
            }
            Action::TakeDie => self.take(),
            Action::TradeStart(die) => {
                if self.warrior && die.sides() >= 10 {
                    1.4
                } else {
                    -1.0
                }
            }
            Action::TradeAdd(die) => -f64::from(die.sides()),
            Action::TradeConfirm => 5.0,
            Action::Spawn(cell) => self.spawn(cell),
            Action::Grow(_) => {
                if self.warrior {
                    2.2
                } else {
                    0.8
                }
            }
            Action::ReorientStart => self.reorient_worth(),
            Action::Orient { pyramid, orient } => self.orient(pyramid, orient),
            Action::ReorientDone => 0.5,
            Action::Move(pyramid) => self.move_value(pyramid),
            Action::Attack(cell) => self.attack(cell),
            Action::JoinAttack => {
                if self.warrior {
                    1.0
                } else {
                    -1.0
                }
            }
            Action::DeclineAttack => 0.0,
            Action::CommitDie(die) => f64::from(die.sides()),
            Action::Evade(_) => 5.0,
            Action::Destroy(pyramid) => -f64::from(pyramid.pips()),
            Action::Cancel => -2.0,
            Action::Pass | Action::Resign => -100.0,
        }
    }

    fn cell(&self, cell: Cell) -> Option<&CellView> {
        self.view.cells.iter().find(|c| c.cell == cell)
    }

    fn mine_on(&self, cell: Cell) -> usize {
        self.cell(cell).map_or(0, |c| c.pyramids.iter().filter(|p| p.seat == self.seat).count())
    }

    fn others_on(&self, cell: Cell) -> usize {
        self.cell(cell).map_or(0, |c| c.pyramids.iter().filter(|p| p.seat != self.seat).count())
    }

    /// Cards `seat` holds alone, face up (§6.2).
    fn alone(&self, seat: Seat) -> Vec<Card> {
        self.view
            .cells
            .iter()
            .filter(|c| !c.pyramids.is_empty() && c.pyramids.iter().all(|p| p.seat == seat))
            .filter_map(|c| c.card)
            .collect()
    }

    /// The own hand as it would score now: the two dealt cards and the cards held alone.
    fn my_cards(&self) -> Vec<Card> {
        let mut cards = self.view.you.as_ref().map(|y| y.hand.clone()).unwrap_or_default();
        cards.extend(self.alone(self.seat));
        cards
    }

    fn on_board(&self) -> u8 {
        self.view.players[self.seat.index()].on_board
    }

    fn take(&self) -> f64 {
        let dice = self.view.players[self.seat.index()].dice.len();
        let want = if self.warrior { 5 } else { 2 };
        if dice < want { 1.6 } else { 0.3 }
    }

    /// A spawn adds a pyramid; the ninth ends the game (§6.1), good only when ahead.
    fn spawn(&self, cell: Cell) -> f64 {
        if self.on_board() == 8 {
            return if self.ahead() { 100.0 } else { -50.0 };
        }
        // A lone pyramid is the one that can leave; a second keeps the card held.
        let crowd = self.mine_on(cell) as f64;
        let contested = if self.others_on(cell) > 0 { 0.5 } else { 0.0 };
        2.0 + contested - 0.3 * (crowd - 1.0).abs() + self.open_neighbours(cell) as f64 * 0.1
    }

    /// Whether the own cards beat every hand seen: the other players' cards held alone,
    /// with five cards at least (§6.4: fewer than five rank below).
    fn ahead(&self) -> bool {
        let mine = self.my_cards();
        mine.len() >= 5
            && self
                .view
                .players
                .iter()
                .filter(|p| p.seat != self.seat && !p.resigned)
                .all(|p| compare(&mine, &self.alone(p.seat)) == Ordering::Greater && self.alone(p.seat).len() < 4)
    }

    /// Neighbouring cards nobody occupies.
    fn open_neighbours(&self, cell: Cell) -> usize {
        [Orient::N, Orient::E, Orient::S, Orient::W]
            .into_iter()
            .filter_map(|d| cell.step(d))
            .filter(|n| self.cell(*n).is_some_and(|c| c.pyramids.is_empty()))
            .count()
    }

    /// A reorientation is worth a turn when an upright pyramid sharing its card with another of
    /// the own can be pointed at an empty card (to move there next).
    fn reorient_worth(&self) -> f64 {
        let ready = self.view.cells.iter().any(|c| {
            let mine: Vec<_> = c.pyramids.iter().filter(|p| p.seat == self.seat).collect();
            mine.len() >= 2 && mine.iter().any(|p| p.orient == Orient::Up) && self.open_neighbours(c.cell) > 0
        });
        let flat_waiting = self.view.cells.iter().flat_map(|c| &c.pyramids).any(|p| {
            p.seat == self.seat && p.points_at.is_some_and(|t| self.cell(t).is_some_and(|c| c.pyramids.is_empty()))
        });
        if ready && !flat_waiting { 2.5 } else { -1.0 }
    }

    fn pyramid_cell(&self, pyramid: PyramidId) -> Option<Cell> {
        self.view.cells.iter().find(|c| c.pyramids.iter().any(|p| p.id == pyramid)).map(|c| c.cell)
    }

    /// Point a pyramid that is not alone at an empty card; never turn the last one away.
    fn orient(&self, pyramid: PyramidId, orient: Orient) -> f64 {
        let Some(base) = self.pyramid_cell(pyramid) else { return -1.0 };
        let Some(target) = base.step(orient) else { return -1.0 };
        let empty = self.cell(target).is_some_and(|c| c.pyramids.is_empty());
        let attackable = self.warrior && self.others_on(target) > 0;
        if self.mine_on(base) < 2 {
            return -1.0;
        }
        if empty {
            3.0
        } else if attackable {
            1.5
        } else {
            -1.0
        }
    }

    /// Moving onto the card it points at: good onto an empty card when a pyramid stays behind.
    fn move_value(&self, pyramid: PyramidId) -> f64 {
        let Some(base) = self.pyramid_cell(pyramid) else { return -1.0 };
        let Some(target) =
            self.view.cells.iter().flat_map(|c| &c.pyramids).find(|p| p.id == pyramid).and_then(|p| p.points_at)
        else {
            return -1.0;
        };
        let leaves_base = self.mine_on(base) == 1;
        let gain = if self.others_on(target) == 0 && self.mine_on(target) == 0 {
            4.0
        } else if self.mine_on(target) == 0 {
            1.0
        } else {
            -0.5
        };
        gain - if leaves_base { 3.5 } else { 0.0 }
    }

    /// An attack where the own pips and dice outweigh every defender's (§4.5 steps 4–5).
    fn attack(&self, target: Cell) -> f64 {
        let Some(card) = self.cell(target) else { return -1.0 };
        if card.pyramids.iter().any(|p| p.seat == self.seat) {
            return -5.0; // §4.5 step 2: own pieces on the target are lost
        }
        let pips = |seat: Seat| -> u32 {
            card.pyramids.iter().filter(|p| p.seat == seat).map(|p| u32::from(p.id.pips())).sum()
        };
        let attacking: u32 = self
            .view
            .cells
            .iter()
            .flat_map(|c| &c.pyramids)
            .filter(|p| p.seat == self.seat && p.points_at == Some(target))
            .map(|p| u32::from(p.id.pips()))
            .sum();
        let strength = |seat: Seat, x: u32| dice_strength(self.view, seat, x);
        let mine = strength(self.seat, attacking);
        let theirs = self
            .view
            .players
            .iter()
            .filter(|p| p.seat != self.seat)
            .map(|p| strength(p.seat, pips(p.seat)))
            .fold(0.0, f64::max);
        let wanted = if self.warrior { 1.0 } else { 1.5 };
        if mine > wanted * theirs + 1.0 { 3.0 } else { -1.0 }
    }
}

/// The mean of the best dice `seat` would commit for `x` pips (§4.5 step 5).
fn dice_strength(view: &View, seat: Seat, x: u32) -> f64 {
    let mut dice: Vec<Die> = view.players[seat.index()].dice.dice();
    dice.sort_by_key(|d| std::cmp::Reverse(d.sides()));
    dice.iter().take(x as usize).map(|d| (f64::from(d.sides()) + 1.0) / 2.0).sum()
}
