//! The specification's §9, as `check_invariants` (I12, replay, is the conformance
//! harness's). I2's "never turns back" and I7's "exactly the last spawner" are checked on
//! what a state shows: every occupied card is face up; at a nine-pyramid end the named
//! spawner, and nobody else, has nine on the board.

use super::board::{PYRAMIDS, Place};
use super::combat::{Combat, Side};
use super::dice::{DicePool, Die, Rolled};
use super::scoring::EndReason;
use super::state::{ConquestOfMars, Phase};
use crate::game::InvariantError;
use crate::parts::cards::CardSet;

type Checked = Result<(), InvariantError>;

fn fail(text: String) -> Checked {
    Err(InvariantError(text))
}

impl ConquestOfMars {
    /// I1, I9: 52 distinct cards, two in each hand.
    fn check_cards(&self) -> Checked {
        let mut seen = CardSet::EMPTY;
        let hands = self.players.iter().flat_map(|p| p.hand.iter());
        for card in self.grid.iter().map(|g| &g.card).chain(hands).chain(self.aside.iter()) {
            if !seen.insert(*card) {
                return fail(format!("I1: {card} is in play twice"));
            }
        }
        if seen.len() != 52 || self.grid.len() != 44 {
            return fail(format!("I1: {} cards, {} on the grid", seen.len(), self.grid.len()));
        }
        Ok(())
    }

    /// I2, I3, I4, I7: occupied cards face up, pyramids on card cells pointing at card
    /// cells, fewer than nine on the board until a nine-pyramid end.
    fn check_board(&self) -> Checked {
        for seat in self.seats() {
            let player = self.player(seat);
            for (id, place) in player.all() {
                let Place::Board { cell, orient } = place else { continue };
                if cell.is_hole() {
                    return fail(format!("I3: {id} on the hole {cell}"));
                }
                if orient.is_flat() && cell.step(orient).is_none() {
                    return fail(format!("I4: {id} on {cell} points {} off the grid", orient.word()));
                }
                if !self.grid_card(cell).is_some_and(|g| g.face_up) {
                    return fail(format!("I2: {cell} is occupied but face down"));
                }
                if player.resigned {
                    return fail(format!("§4.8: resigned {seat} still has {id} on the board"));
                }
            }
            let nine = player.on_board() == PYRAMIDS;
            let ended_by =
                matches!(self.result.as_ref().map(|r| r.reason), Some(EndReason::NineOnBoard(s)) if s == seat);
            if nine != ended_by {
                return fail(format!("I7: {seat} has {} on the board", player.on_board()));
            }
        }
        Ok(())
    }

    /// I5: every die is in the common pool, a personal pool or a combat line.
    fn check_dice(&self) -> Checked {
        let lines: DicePool = match &self.phase {
            Phase::Attack(combat) => combat.sides.iter().flat_map(|p| p.line.iter().map(|r| r.die)).collect(),
            _ => DicePool::EMPTY,
        };
        let held = self.players.iter().fold(self.common.plus(&lines), |sum, p| sum.plus(&p.dice));
        if held != self.dice_total {
            return fail(format!("I5: dice in play {held}, dealt {}", self.dice_total));
        }
        if let Phase::Trade { want, offered } = self.phase {
            let dice = self.player(self.current).dice;
            if Die::ALL.iter().any(|d| offered.get(*d) > dice.get(*d) || (offered.get(*d) > 0 && *d >= want)) {
                return fail(format!("I5: offered {offered} for a {want} out of {dice}"));
            }
        }
        Ok(())
    }

    /// I6, I10 and the turn order.
    fn check_flow(&self) -> Checked {
        if !(1..=self.options.round_cap).contains(&self.round) {
            return fail(format!("I10: round {} of {}", self.round, self.options.round_cap));
        }
        let setup = self.phase == Phase::SetupDieChoice;
        if setup != self.turn_order.is_empty() && self.phase != Phase::GameOver {
            return fail("§3: the turn order is set exactly when the starting dice are shown".into());
        }
        if !setup && self.player(self.current).resigned && !matches!(self.phase, Phase::Attack(_) | Phase::GameOver) {
            return fail(format!("§4.8: resigned {} is on turn", self.current));
        }
        if (self.phase == Phase::GameOver) != self.result.is_some() {
            return fail("§6: a result exactly when the game is over".into());
        }
        Ok(())
    }

    /// I8: attackers off the target and pointing at it, defenders on it; lines sorted and
    /// no longer than X.
    fn check_combat(&self, combat: &Combat) -> Checked {
        for side in &combat.sides {
            if side.side == Side::Attacker && self.occupies(side.seat, combat.target) {
                return fail(format!("I8: attacker {} has a pyramid on {}", side.seat, combat.target));
            }
            for id in &side.involved {
                let place = self.place(*id).unwrap_or(Place::Reserve);
                let ok = match side.side {
                    Side::Attacker => place.points_at() == Some(combat.target),
                    Side::Defender => place.cell() == Some(combat.target),
                };
                if !ok {
                    return fail(format!("I8: {id} is involved but not at {}", combat.target));
                }
            }
            let mut sorted = side.line.clone();
            Rolled::sort_line(&mut sorted);
            if sorted != side.line || side.line.len() > usize::from(side.x) || side.chosen.len() > usize::from(side.due)
            {
                return fail(format!("I8: {}'s line {:?} (X = {})", side.seat, side.line, side.x));
            }
        }
        Ok(())
    }

    /// I11: whoever must decide has a finite, non-empty list within the bounds of §9.
    fn check_decisions(&self) -> Checked {
        let must = self.must();
        if self.phase != Phase::GameOver && must.is_empty() {
            return fail("I11: the game waits for nobody".into());
        }
        let bound = match self.phase {
            Phase::Main => 50,
            Phase::Reorient { .. } => 34,
            Phase::Attack(Combat { stage: super::combat::Stage::Casualty { .. }, .. }) => 16,
            _ => 7,
        };
        for seat in must.iter() {
            let n = self.legal(seat).len();
            if n == 0 || n > bound {
                return fail(format!("I11: {seat} has {n} legal actions in {:?}", self.phase));
            }
        }
        Ok(())
    }
}

/// I1–I11.
pub(crate) fn check_invariants(game: &ConquestOfMars) -> Checked {
    game.check_cards()?;
    game.check_board()?;
    game.check_dice()?;
    game.check_flow()?;
    if let Phase::Attack(combat) = &game.phase {
        game.check_combat(combat)?;
    }
    game.check_decisions()
}
