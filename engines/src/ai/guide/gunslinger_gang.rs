//! Gunslinger Gang's advice to the search: a shortlist without two moves nobody sensible makes.
//!
//! - **Hiring nothing.** "B (Hire)" with an empty supply places min(n, 0) = 0 outlaws (§2.4,
//!   §4.5 B, R17): it does exactly what "A (Hustle)" ended at once does (R16: a hustle may
//!   take no step), so it is dropped whenever A is open, which it always is at that choice.
//! - **Ending a hustle while a promotion is open.** A promotion (§4.6 `Promote`) turns one of
//!   the player's outlaws in the town into its vacant sheriff or deputy: the piece stays and
//!   still counts for the majority (R27), the role adds its bonus (R26, Tin Star I04) and the
//!   tie-break at the end (R28), and a lawman is safe from the Kid's ambush, the lasso and the
//!   Hired Gun (§4.5, §4.6 only move or return outlaws). Ending the hustle (R16) with that step
//!   unused gives all of this away, so `done` is dropped while a `Promote` is legal. A move in
//!   can weaken the town it leaves, so an open move alone keeps `done` on the list.
//!
//! The search found both blunders against the sparring partners (issue #26; the position
//! tests `takes_the_sheriff_star_rather_than_end_a_hustle_unused` and
//! `does_not_hire_with_an_empty_supply`). Everything read here is public or the seat's own.

use super::Guide;
use crate::game::{Game, Seat};
use crate::gunslinger_gang::{Ability, Action, GunslingerGang, Step};

impl Guide for GunslingerGang {
    fn candidates_into(&self, seat: Seat, out: &mut Vec<Action>) {
        self.legal_actions_into(seat, out);
        let before = out.len();
        let Some(r) = self.resolving.as_ref().filter(|r| r.seat == seat) else { return };
        match r.step {
            Step::Ability if self.player(seat).supply == 0 && out.contains(&Action::Use(Ability::A)) => {
                out.retain(|a| *a != Action::Use(Ability::B));
            }
            Step::Hustle { .. } if out.iter().any(|a| matches!(a, Action::Promote(_))) => {
                out.retain(|a| *a != Action::Done);
            }
            _ => {}
        }
        if out.is_empty() && before > 0 {
            self.legal_actions_into(seat, out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::guide::walk;

    /// Plays seeded random games and checks the shortlist at every decision (besides what
    /// every shortlist keeps, see [`walk::shortlists`]): no hire from an empty supply and no
    /// end of a hustle while a promotion is open.
    #[test]
    fn the_shortlist_keeps_a_legal_move_and_drops_the_two_blunders() {
        let (mut hires_dropped, mut ends_dropped) = (0, 0);
        walk::shortlists(30, walk::random::<GunslingerGang>, |seed, game, seat, legal, shortlist| {
            let promote = legal.iter().any(|a| matches!(a, Action::Promote(_)));
            let hustle = matches!(game.resolving.map(|r| r.step), Some(Step::Hustle { .. }));
            if hustle && promote && legal.contains(&Action::Done) {
                assert!(!shortlist.contains(&Action::Done), "seed {seed}: ends a hustle before a promotion");
                ends_dropped += 1;
            }
            if legal.contains(&Action::Use(Ability::B)) {
                // The same choice with the supply emptied (random games seldom empty it).
                let mut broke = game.clone();
                broke.player_mut(seat).supply = 0;
                let mut shortlist = Vec::new();
                broke.candidates_into(seat, &mut shortlist);
                assert!(!shortlist.contains(&Action::Use(Ability::B)), "seed {seed}: hires from nothing");
                assert!(shortlist.contains(&Action::Use(Ability::A)), "seed {seed}: no hustle instead");
                hires_dropped += 1;
            }
        });
        assert!(ends_dropped > 0 && hires_dropped > 0, "the games met neither blunder");
    }
}
