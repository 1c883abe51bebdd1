//! Conquest of Mars's advice to the search: a shortlist without two moves nobody sensible makes.
//!
//! - **Cancelling a trade.** A trade is opened only when it can be completed (§4.3: adding
//!   every smaller die reaches `TradeConfirm`), and cancelling it gives back exactly the turn
//!   as it was before the trade was opened, one of the turn's two cancels spent (R36). The
//!   choice to trade or not was made when it was opened, so `cancel` is dropped inside a trade.
//!   The same holds inside a reorientation (§4.4: cancelling restores every orientation, and
//!   a first turn and `done` always exist), so `cancel` is dropped there too.
//! - **Ending the game lost.** The ninth pyramid on the board ends the game at once (§6.1 a,
//!   R25). When another player's face-up cards held alone (§6.2, R26) already beat the
//!   player's own hand and cards (§6.3–§6.4, R27–R29), that player's two hidden cards can only
//!   make them stronger, so the spawn ends the game lost in every deal of the hidden cards: the
//!   spawns are dropped. The test reads only what the player knows in any determinized world
//!   (its own hand, the face-up board), so the shortlist is the same in all of them.
//!
//! The search found both blunders against the sparring partners (issue #26; the position
//! tests `does_not_cancel_a_trade_it_opened` and `does_not_end_the_game_on_a_losing_hand`).

use std::cmp::Ordering;

use super::Guide;
use crate::conquest_of_mars::{Action, Cell, ConquestOfMars, compare};
use crate::game::{Game, Seat};
use crate::parts::cards::Card;

/// A player ends the game with the spawn that puts its ninth pyramid on the board (R25).
const NINE: usize = 9;

impl Guide for ConquestOfMars {
    fn candidates_into(&self, seat: Seat, out: &mut Vec<Action>) {
        self.legal_actions_into(seat, out);
        let before = out.len();
        // The legal list tells the sub-phase: only a trade offers dice (§4.3), only a
        // reorientation turns pyramids (§4.4), only `Main` spawns (§4.2).
        if out.iter().any(Self::inside_a_sub_phase) {
            out.retain(|a| *a != Action::Cancel);
        } else if out.iter().any(|a| matches!(a, Action::Spawn(_))) && self.ninth_loses(seat) {
            out.retain(|a| !matches!(a, Action::Spawn(_)));
        }
        if out.is_empty() && before > 0 {
            self.legal_actions_into(seat, out);
        }
    }
}

impl ConquestOfMars {
    /// Whether `action` is offered only inside a trade (§4.3) or a reorientation (§4.4),
    /// where `cancel` puts the turn back as it was when the sub-phase was opened (R36).
    fn inside_a_sub_phase(action: &Action) -> bool {
        matches!(action, Action::TradeAdd(_) | Action::TradeConfirm | Action::Orient { .. } | Action::ReorientDone)
    }

    /// Whether `seat`'s next spawn would end the game (R25) with another player's face-up
    /// cards held alone already beating `seat`'s hand and cards (§6.4).
    fn ninth_loses(&self, seat: Seat) -> bool {
        let me = self.player(seat);
        if me.on_board() + 1 != NINE {
            return false;
        }
        let mut mine = me.hand.to_vec();
        mine.extend(self.cards_alone(seat));
        self.seats()
            .filter(|s| *s != seat && !self.player(*s).resigned)
            .any(|other| compare(&self.cards_alone(other), &mine) == Ordering::Greater)
    }

    /// The face-up cards `seat` holds alone (R26): public to every player.
    fn cards_alone(&self, seat: Seat) -> Vec<Card> {
        self.solely_occupied(seat)
            .into_iter()
            .filter_map(|c: Cell| self.grid_card(c).filter(|g| g.face_up).map(|g| g.card))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::guide::walk;
    use crate::ai::sparring::sparring_action;

    /// Plays seeded games of the settler (it spawns to the end) against random moves (they
    /// open trades and reorientations) and checks the shortlist at every decision (besides what
    /// every shortlist keeps, see [`walk::shortlists`]): no `cancel` inside a trade or a
    /// reorientation, and a dropped ninth spawn
    /// is one that really ends the game lost (§6.4).
    #[test]
    fn the_shortlist_keeps_a_legal_move_and_drops_only_the_blunders() {
        let (mut cancels, mut reorients, mut ninths) = (0, 0, 0);
        let mover = |game: &ConquestOfMars, seat: Seat, rng: &mut crate::rng::GameRng| {
            if seat.0 == 0 {
                sparring_action(game, seat, 0, rng).expect("a move")
            } else {
                walk::random(game, seat, rng)
            }
        };
        walk::shortlists(12, mover, |seed, game, seat, legal, shortlist| {
            if legal.iter().any(|a| matches!(a, Action::TradeAdd(_) | Action::TradeConfirm))
                && legal.contains(&Action::Cancel)
            {
                assert!(!shortlist.contains(&Action::Cancel), "seed {seed}: cancels a trade");
                cancels += 1;
            }
            if legal.iter().any(|a| matches!(a, Action::Orient { .. })) && legal.contains(&Action::Cancel) {
                assert!(!shortlist.contains(&Action::Cancel), "seed {seed}: cancels a reorientation");
                reorients += 1;
            }
            let spawn = legal.iter().find(|a| matches!(a, Action::Spawn(_)));
            if let Some(spawn) = spawn.filter(|_| !shortlist.iter().any(|a| matches!(a, Action::Spawn(_)))) {
                let mut ended = game.clone();
                ended.apply(seat, spawn).expect("a legal spawn");
                let outcome = ended.outcome().expect("the ninth pyramid ends the game");
                assert!(!outcome.winners.contains(seat), "seed {seed}: a dropped spawn would have won");
                ninths += 1;
            }
        });
        assert!(
            cancels > 0 && reorients > 0 && ninths > 0,
            "the games met no trade ({cancels}), no reorientation ({reorients}) or no lost ninth ({ninths})"
        );
    }
}
