//! The specification's §9 invariants, checked after every action by the tests and the
//! conformance harness.

use super::checks::has_straight_flush;
use super::state::{
    BOARD, EventStatus, HAND_LIMIT, MartianGunslinger, Player, ROUND_CAP, Stage, TokenKind, WIN_VP, WinReason,
};
use crate::game::{Game, InvariantError, Seat};
use crate::parts::cards::CardSet;
use crate::parts::pyramids::Size;

/// §9 invariants 1–12 (13, replay, is the conformance harness's).
///
/// # Errors
/// The first broken invariant, named by its § number.
pub(super) fn check_invariants(game: &MartianGunslinger) -> Result<(), InvariantError> {
    game.cards_conserved()?;
    game.board_consistent()?;
    for seat in game.seats() {
        game.player_consistent(seat, game.player(seat))?;
    }
    game.flow_consistent()
}

impl MartianGunslinger {
    /// Whether the deal (§3 step 7) has happened: it follows the placements, unless the game
    /// ended before it (every player but one resigned during set-up, Designed), when no card
    /// is in play at all.
    fn dealt(&self) -> bool {
        match self.stage {
            Stage::Placement | Stage::Compensation => false,
            Stage::Over => self.slot > 0 || !self.draw.is_empty() || self.players.iter().any(|p| !p.hand.is_empty()),
            _ => true,
        }
    }

    /// §9.1–§9.3: every card exactly once; contest zones empty outside a contest.
    fn cards_conserved(&self) -> Result<(), InvariantError> {
        let dealt = self.dealt();
        let mut seen = CardSet::EMPTY;
        for (zone, cards) in self.zones() {
            for card in cards {
                if !seen.insert(card) {
                    return Err(format!("§9.1: {card} twice (again in {zone})").into());
                }
            }
        }
        if let Some(running) = &self.running
            && !seen.insert(running.card)
        {
            return Err(format!("§9.1: running event {} twice", running.card).into());
        }
        if dealt && seen != CardSet::FULL {
            return Err(format!("§9.1: {} cards in play, not 52", seen.len()).into());
        }
        let duel = self.running.is_some() || self.contest.is_some();
        if !duel && !self.set_aside.is_empty() {
            return Err("§9.2: set-aside cards with no contest or duel".into());
        }
        if self.contest.is_some() != (self.stage == Stage::Exchange) {
            return Err("§9.2: contest hands outside the exchange window".into());
        }
        Ok(())
    }

    /// §9.4: three plotpoints and the pieces on distinct squares.
    fn board_consistent(&self) -> Result<(), InvariantError> {
        let mut squares = Vec::new();
        for square in self.plotpoints.iter().flatten() {
            squares.push(*square);
        }
        let all_placed = match self.stage {
            Stage::Placement => false,
            Stage::Over => self.dealt(),
            _ => true,
        };
        if all_placed && squares.len() != 3 {
            return Err(format!("§9.4: {} plotpoints on the board", squares.len()).into());
        }
        squares.extend(self.players.iter().filter_map(|p| p.piece.square));
        for (i, square) in squares.iter().enumerate() {
            if square.x >= BOARD || square.y >= BOARD {
                return Err(format!("§9.4: {square} is off the board").into());
            }
            if squares[i + 1..].contains(square) {
                return Err(format!("§9.4: two pyramids on {square}").into());
            }
        }
        Ok(())
    }

    /// §9.3, §9.5–§9.7, §9.9–§9.10 for one player.
    fn player_consistent(&self, seat: Seat, p: &Player) -> Result<(), InvariantError> {
        let fail = |text: String| Err(InvariantError(format!("{seat}: {text}")));
        let in_play = self.dealt();
        if in_play && p.home.is_none() {
            return fail("§9.4: no home after setup".into());
        }
        if in_play && p.piece.square.is_none() && p.piece.size != Size::Small {
            return fail("§9.5: a removed piece must be Small".into());
        }
        if p.vp > 8 || p.vp > p.lifetime {
            return fail(format!("§9.6: vp {} lifetime {}", p.vp, p.lifetime));
        }
        if self.stage != Stage::Over && (p.vp >= WIN_VP || has_straight_flush(p.resources)) && !p.resigned {
            return fail("§9.6: a winning position but the game goes on".into());
        }
        for token in &p.tokens {
            let ok = match token.kind {
                TokenKind::Draw => matches!(token.card.rank.value(), 12 | 13),
                TokenKind::Discard => matches!(token.card.rank.value(), 11 | 13),
                TokenKind::Reroll => token.card.rank.value() == 14,
            };
            if !ok {
                return fail(format!("§9.7: token {} as {:?}", token.card, token.kind));
            }
        }
        self.event_slot_consistent(p).map_err(|e| InvariantError(format!("{seat}: {e}")))?;
        // Hands only grow in their owner's own turn (T9, Dig, the 8/9 refill), and are back
        // within the limit when that slot ends, so every other hand is within it.
        let own_turn = in_play && self.active() == seat;
        if !own_turn && p.hand.len() > HAND_LIMIT {
            return fail(format!("§9.10: {} cards outside its own turn", p.hand.len()));
        }
        Ok(())
    }

    /// §9.3: Locked cards only under a pending Tycoon; a Judge's cards face up.
    fn event_slot_consistent(&self, p: &Player) -> Result<(), InvariantError> {
        match p.event.map(|e| e.status) {
            Some(EventStatus::Tycoon { casino, bank, other, .. }) => {
                let designated: CardSet = [casino, bank, other].into_iter().collect();
                if !p.locked.is_subset(designated) {
                    return Err("§9.3: Locked cards not designated by the Tycoon".into());
                }
            }
            Some(EventStatus::Judge { ace, four }) if self.stage != Stage::Over => {
                if !p.resources.contains(ace) || !p.resources.contains(four) {
                    return Err("§9.3: a Judge whose cards are gone did not fizzle".into());
                }
                if !p.locked.is_empty() {
                    return Err("§9.3: Locked cards without a Tycoon".into());
                }
            }
            _ if !p.locked.is_empty() => return Err("§9.3: Locked cards without a Tycoon".into()),
            _ => {}
        }
        Ok(())
    }

    /// §9.8, §9.9, §9.11, §9.12.
    fn flow_consistent(&self) -> Result<(), InvariantError> {
        let cap = 3 * self.players.len() as u8;
        if self.stage != Stage::Over && (self.mayor.is_some() != (1..=cap).contains(&self.mayor_counter)) {
            return Err(format!("§9.8: Mayor {:?} with counter {}", self.mayor, self.mayor_counter).into());
        }
        if self.turn.mp > 6 {
            return Err(format!("§9.9: {} movement points", self.turn.mp).into());
        }
        if self.turn.cards_played > 2 {
            return Err("§9.9: more than one hand card and one resource".into());
        }
        if !(1..=ROUND_CAP).contains(&self.round) {
            return Err(format!("§9.11: round {}", self.round).into());
        }
        match self.stage {
            Stage::Over => {
                let finish = self.finish.as_ref().ok_or("§9.11: over without a result")?;
                if finish.winner.is_none() && finish.reason != WinReason::AllResigned {
                    return Err("§9.11: over without a winner".into());
                }
                if !self.must_seats().is_empty() {
                    return Err("§9.11: decisions pending after the end".into());
                }
            }
            _ => {
                let pending = self.must_seats();
                if pending.is_empty() {
                    return Err(format!("§9.12: nobody to decide at {:?}", self.stage).into());
                }
                for seat in pending.iter() {
                    if self.legal_actions(seat).is_empty() {
                        return Err(format!("§9.12: {seat} asked at {:?} with no legal action", self.stage).into());
                    }
                }
            }
        }
        Ok(())
    }
}
