//! §9 invariants, checked after every action by the tests. Each broken one is an
//! [`InvariantError`] naming it (`"§9.1: Red has 19 gunslingers"`).

use std::collections::HashSet;

use super::board::{self, Slot};
use super::cards::{Item, News, Title, UnderlingSet};
use super::state::{BUILDINGS, GUNSLINGERS, GunslingerGang, PLAYS_PER_ROUND, Phase, ROUNDS};
use crate::game::{Game, InvariantError, Seat};

/// §9 invariants 1–10 and G2/G5 (invariant 11 holds by construction: control is never cached).
///
/// # Errors
/// The first broken invariant.
pub(super) fn check_invariants(game: &GunslingerGang) -> Result<(), InvariantError> {
    game.gunslingers_ok()?;
    game.towns_ok()?;
    game.underlings_ok()?;
    game.news_ok()?;
    game.items_ok()?;
    game.buildings_ok()?;
    game.round_ok()?;
    game.decision_ok()
}

impl GunslingerGang {
    /// §9.1: supply + outlaws + lawmen = 20 per colour.
    fn gunslingers_ok(&self) -> Result<(), InvariantError> {
        for seat in self.seats() {
            let on_board: u32 = self.towns.iter().map(|t| u32::from(t.count(seat))).sum();
            let total = on_board + u32::from(self.player(seat).supply);
            if total != u32::from(GUNSLINGERS) {
                return Err(InvariantError(format!("§9.1: {} has {total} gunslingers", self.colour(seat))));
            }
        }
        Ok(())
    }

    /// §9.2 and §9.7.
    fn towns_ok(&self) -> Result<(), InvariantError> {
        for (pos, town) in self.positions().zip(&self.towns) {
            if town.deputy.is_some() && !town.tile.has_deputy() {
                return Err(InvariantError(format!("§9.2: deputy on {pos} without a slot")));
            }
            let occupied = town.outlaws.iter().any(|n| *n > 0) || town.sheriff.is_some() || town.deputy.is_some();
            if !town.face_up && (occupied || !town.stack.is_empty()) {
                return Err(InvariantError(format!("§9.2: pieces or entries on facedown {pos}")));
            }
            if town.outlaws[self.players.len()..].iter().any(|n| *n > 0) {
                return Err(InvariantError(format!("§9.2: outlaws of an absent seat on {pos}")));
            }
        }
        let up = self.towns.iter().filter(|t| t.face_up).count();
        let founded = board::layout(self.players.len()).len();
        let expected = if self.round <= 2 { founded - 2 } else { founded };
        if up != expected {
            return Err(InvariantError(format!("§9.7: {up} face-up towns in round {}", self.round)));
        }
        Ok(())
    }

    /// §9.3: six underlings each, in hand, a stack, resolving or resolved, once.
    fn underlings_ok(&self) -> Result<(), InvariantError> {
        for seat in self.seats() {
            let player = self.player(seat);
            let mut seen = player.hand.0;
            let mut add = |bit: u8| {
                let clash = seen & bit != 0;
                seen |= bit;
                clash
            };
            let mut deployed = 0;
            for entry in self.towns.iter().flat_map(|t| &t.stack).filter(|e| e.owner == seat) {
                deployed += 1;
                if add(entry.card.bit()) {
                    return Err(InvariantError(format!("§9.3: {} {} twice", player.colour, entry.card)));
                }
            }
            if let Some(r) = self.resolving.filter(|r| r.seat == seat) {
                deployed += 1;
                if add(r.card.bit()) {
                    return Err(InvariantError(format!("§9.3: resolving {} twice", r.card)));
                }
            }
            if add(player.resolved.0) || seen != UnderlingSet::FULL.0 {
                return Err(InvariantError(format!("§9.3: {}'s underlings are not six", player.colour)));
            }
            let out = deployed + player.resolved.len();
            match self.phase {
                Phase::Planning if out != self.plays_by(seat) || !player.resolved.is_empty() => {
                    return Err(InvariantError(format!(
                        "§9.3: {} has {out} out after {} plays",
                        player.colour,
                        self.plays_by(seat)
                    )));
                }
                Phase::Resolution if player.hand.len() != 1 => {
                    return Err(InvariantError(format!(
                        "§9.3: {} holds {} in Resolution",
                        player.colour,
                        player.hand.len()
                    )));
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Plays `seat` made this Planning phase.
    fn plays_by(&self, seat: Seat) -> usize {
        let n = self.players.len();
        let offset = (seat.index() + n - self.start_seat.index()) % n;
        (usize::from(self.plays_done) + n - 1 - offset) / n
    }

    /// §9.4 and §9.8 (hand sizes).
    fn news_ok(&self) -> Result<(), InvariantError> {
        let mut all: Vec<News> = self.deck.iter().chain(&self.discard).chain(&self.removed).copied().collect();
        for player in &self.players {
            all.extend(&player.news);
            if player.news.len() > player.hand_limit() + usize::from(PLAYS_PER_ROUND) {
                return Err(InvariantError(format!("§9.8: {} holds {} News", player.colour, player.news.len())));
            }
        }
        all.extend(self.towns.iter().flat_map(|t| &t.stack).filter_map(|e| e.news));
        all.extend(self.resolving.and_then(|r| r.news));
        let distinct: HashSet<News> = all.iter().copied().collect();
        if all.len() != usize::from(News::COUNT) || distinct.len() != all.len() {
            return Err(InvariantError(format!("§9.4: {} News cards ({} distinct)", all.len(), distinct.len())));
        }
        if self.removed.iter().any(|n| n.title() != Title::Boomtown) {
            return Err(InvariantError::from("§9.4: a non-Boomtown removed"));
        }
        Ok(())
    }

    /// §9.5 and §9.10.
    fn items_ok(&self) -> Result<(), InvariantError> {
        let mut all: Vec<Item> = self.item_leftover.clone();
        all.extend(self.towns.iter().filter_map(|t| t.item));
        for (seat, player) in self.seats().zip(&self.players) {
            all.extend(&player.items);
            let used = player.used;
            let flags = [
                (used.secret_passage, Item::SecretPassage),
                (used.forged_orders, Item::ForgedOrders),
                (used.jail_keys, Item::JailKeys),
                (used.lasso, Item::Lasso),
                (player.dynamite_spent, Item::Dynamite),
            ];
            if flags.iter().any(|(set, item)| *set && !player.holds(*item)) {
                return Err(InvariantError(format!("§9.10: {seat} used an item it does not hold")));
            }
        }
        let set = self.options.items.items();
        let distinct: HashSet<Item> = all.iter().copied().collect();
        if all.len() != set.len() || distinct.len() != all.len() || all.iter().any(|i| !set.contains(i)) {
            return Err(InvariantError(format!("§9.5: {} items in play", all.len())));
        }
        Ok(())
    }

    /// §9.6.
    fn buildings_ok(&self) -> Result<(), InvariantError> {
        let slots = board::layout(self.players.len());
        let mut placed = [0u8; 3];
        for (town, slot) in self.towns.iter().zip(slots) {
            for value in &town.buildings {
                placed[usize::from(*value) - 1] += 1;
                if *value == 1 && *slot != Slot::RandomDown {
                    return Err(InvariantError::from("§9.6: a 1VP building on a town that was not founded"));
                }
            }
        }
        for i in 0..3 {
            if placed[i] + self.buildings[i] != BUILDINGS[i] {
                return Err(InvariantError(format!("§9.6: {}VP buildings do not add up", i + 1)));
            }
        }
        if placed[2] > 0 && self.round < ROUNDS {
            return Err(InvariantError::from("§9.6: a 3VP building before round 3's Scoring"));
        }
        Ok(())
    }

    /// §9.9.
    fn round_ok(&self) -> Result<(), InvariantError> {
        if !(1..=ROUNDS).contains(&self.round) {
            return Err(InvariantError(format!("§9.9: round {}", self.round)));
        }
        let flags = self.towns.iter().any(|t| t.gold_strike || t.collapse || !t.wagers.is_empty());
        match self.phase {
            Phase::Planning if flags => Err(InvariantError::from("§9.9: flags set during Planning")),
            Phase::Finished if flags || self.towns.iter().any(|t| !t.stack.is_empty()) => {
                Err(InvariantError::from("§9.9: stacks or flags left after the game"))
            }
            Phase::Planning if self.resolving.is_some() => Err(InvariantError::from("a reveal during Planning")),
            _ => Ok(()),
        }
    }

    /// G2, G5: the pending seat has at least two legal actions (one would have been applied).
    fn decision_ok(&self) -> Result<(), InvariantError> {
        if self.phase == Phase::Finished {
            return if self.result.is_some() { Ok(()) } else { Err(InvariantError::from("finished without a result")) };
        }
        let seat = self.pending_seat();
        let legal = self.legal_actions(seat).len();
        if legal < 2 || self.player(seat).resigned {
            return Err(InvariantError(format!("G2/G5: {seat} pending with {legal} legal actions")));
        }
        Ok(())
    }
}
