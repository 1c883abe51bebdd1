//! Martian Gunslinger (Shane Tilton): pyramid gunslingers on a chessboard, poker duels and a
//! deck of events. Specification: `rules/martian-gunslinger.md`; rulings are cited as
//! R1…R59, invariants as §9.1…§9.13.
//!
//! Files: `state.rs` (the model), `action.rs` (decisions and their text), `setup.rs` (§3),
//! `rules.rs` (flow, pending seats, auto-pass, resignation), `turn.rs` (T0–T2, T9, T10),
//! `movement.rs` (T3), `contest.rs` (T4/T5, poker contests), `hand.rs` (T6/T7),
//! `events.rs` + `mayor.rs` (T8), `checks.rs` (§4.14, §6), `zones.rs` (card moves),
//! `choices.rs` (menus of at most 25), `view.rs`, `narrate.rs`, `explain.rs`, `log.rs`,
//! `text.rs` (action text forms).
//!
//! Digital decisions beyond the specification's words (each cited where it is made):
//! - `ContestDiscard(S)` (§4.6 step 2, R18) and the 8/9 discards (§4.7) are entered one card
//!   at a time (`exchange 2C` … `exchange done`, `refill 2C` … `refill done`) as engine-level
//!   steps: the full lists of subsets (up to 2^15) would not be finite menus of sensible size.
//!   The sealed exchange stays sealed: the steps are private events, and the window closes
//!   when both sides are done.
//! - Options (Designed): only the seats' colours; seats without a choice take the first free
//!   colour, so a table needs no lobby input. The order roll and placements are in-game.
//! - Resignation (Designed, §8 is silent): the piece leaves the board for good, the seat's
//!   cards are discarded, its slots are skipped, its remaining decisions take their timeout
//!   defaults, it cannot win and it ranks last; the last player left wins.
//! - Timeouts follow §8.6; a forced choice among hand cards is the action `timeout`, a
//!   uniformly random card from the game's RNG (R59).

mod action;
mod checks;
mod choices;
mod contest;
mod events;
mod explain;
mod hand;
mod log;
mod mayor;
mod movement;
mod narrate;
mod rules;
mod setup;
mod state;
mod text;
mod turn;
mod view;
mod zones;

#[cfg(test)]
mod fixture;
#[cfg(test)]
mod scenarios;
#[cfg(test)]
mod scenarios_events;
#[cfg(test)]
mod tests_events;
#[cfg(test)]
mod tests_play;

pub use action::{Action, Bonus, EventParams, HandPlay, PlayOption, Target, event_title};
pub use log::{ContestWhy, Event, ShownHand};
pub use state::{
    Die, EventSlot, EventStatus, HAND_LIMIT, LastMove, MartianGunslinger, Options, Pile, Place, PlotId, ROUND_CAP,
    Stage, Token, TokenKind, WinReason,
};
pub use view::{ContestSideView, DiceView, EventView, OwnView, PieceView, PlayerView, View};

use crate::game::{Audience, Choices, Game, InvariantError, Pending, RuleError, Seat, Secret, SetupError, Viewer};
use crate::parts::cards::CardSet;
use crate::rng::GameRng;
use state::{BOARD, Player};

impl Game for MartianGunslinger {
    type Options = Options;
    type Action = Action;
    type Event = Event;
    type View = View;

    const ID: &'static str = "martian-gunslinger";
    const NAME: &'static str = "Martian Gunslinger";
    const PLAYERS: (usize, usize) = (2, 4);
    // 50 rounds × 4 slots × a generous 100 decisions per slot (moves, exchanges card by
    // card, refills, bids and payments), plus setup.
    const MAX_ACTIONS: usize = 20_000;
    const SUMMARY: &'static str = include_str!("summary.md");
    const RESIGN: Action = Action::Resign;

    fn setup(options: &Options, players: usize, rng: GameRng) -> Result<Self, SetupError> {
        Self::new(options, players, rng)
    }

    fn players(&self) -> usize {
        self.n()
    }

    fn pending(&self) -> Pending {
        match self.outcome() {
            Some(outcome) => Pending::Finished(outcome),
            None => Pending::must(self.pending_seats()),
        }
    }

    fn legal_actions_into(&self, seat: Seat, out: &mut Vec<Action>) {
        if seat.index() < self.n() {
            self.actions_for(seat, out);
        }
    }

    fn resigned(&self, seat: Seat) -> bool {
        self.players.get(seat.index()).is_some_and(|p| p.resigned)
    }

    fn act(&mut self, seat: Seat, action: &Action, events: &mut Vec<Event>) -> Result<(), RuleError> {
        Self::act(self, seat, *action, events)
    }

    fn view(&self, viewer: Viewer) -> View {
        self.make_view(viewer)
    }

    fn audience(event: &Event) -> Audience {
        event.audience()
    }

    fn sentence(&self, event: &Event, names: &[String]) -> String {
        Self::sentence(self, event, names)
    }

    fn label(&self, action: &Action) -> String {
        Self::label(self, action)
    }

    fn timeout_action(&self, seat: Seat) -> Option<Action> {
        self.default_action(seat)
    }

    fn check_invariants(&self) -> Result<(), InvariantError> {
        self.invariants().map_err(InvariantError)
    }

    fn secrets(&self) -> Vec<Secret> {
        self.secret_list()
    }

    fn choices(&self, seat: Seat, prefix: &str) -> Choices {
        choices::choices(self, seat, prefix)
    }
}

impl MartianGunslinger {
    /// §9 invariants 1–12 (13, replay, is the conformance harness's).
    fn invariants(&self) -> Result<(), String> {
        self.cards_conserved()?;
        self.board_consistent()?;
        for seat in self.seats() {
            self.player_consistent(seat, self.player(seat))?;
        }
        self.flow_consistent()
    }

    /// Whether the game ended during placement (everyone but one resigned): no card was dealt
    /// and the plotpoints may not all be placed.
    fn ended_in_placement(&self) -> bool {
        self.stage == Stage::Over && self.zones().into_iter().all(|(_, cards)| cards.is_empty())
    }

    /// §9.1–§9.3: every card exactly once; contest zones empty outside a contest.
    fn cards_conserved(&self) -> Result<(), String> {
        let mut dealt = !matches!(self.stage, Stage::Placement | Stage::Compensation);
        let mut seen = CardSet::EMPTY;
        for (zone, cards) in self.zones() {
            for card in cards {
                if !seen.insert(card) {
                    return Err(format!("§9.1: {card} twice (again in {zone})"));
                }
            }
        }
        if let Some(running) = &self.running
            && !seen.insert(running.card)
        {
            return Err(format!("§9.1: running event {} twice", running.card));
        }
        if self.ended_in_placement() {
            dealt = false;
        }
        if dealt && seen != CardSet::FULL {
            return Err(format!("§9.1: {} cards in play, not 52", seen.len()));
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
    fn board_consistent(&self) -> Result<(), String> {
        let mut squares = Vec::new();
        for square in self.plotpoints.iter().flatten() {
            squares.push(*square);
        }
        if !matches!(self.stage, Stage::Placement) && !self.ended_in_placement() && squares.len() != 3 {
            return Err(format!("§9.4: {} plotpoints on the board", squares.len()));
        }
        squares.extend(self.players.iter().filter_map(|p| p.piece.square));
        for (i, square) in squares.iter().enumerate() {
            if square.x >= BOARD || square.y >= BOARD {
                return Err(format!("§9.4: {square} is off the board"));
            }
            if squares[i + 1..].contains(square) {
                return Err(format!("§9.4: two pyramids on {square}"));
            }
        }
        Ok(())
    }

    /// §9.3, §9.5–§9.7, §9.9–§9.10 for one player.
    fn player_consistent(&self, seat: Seat, p: &Player) -> Result<(), String> {
        let fail = |text: String| Err(format!("{seat}: {text}"));
        let in_play = !matches!(self.stage, Stage::Placement | Stage::Compensation) && !self.ended_in_placement();
        if in_play && p.home.is_none() {
            return fail("§9.4: no home after setup".into());
        }
        if in_play && p.piece.square.is_none() && p.piece.size != crate::parts::pyramids::Size::Small {
            return fail("§9.5: a removed piece must be Small".into());
        }
        if p.vp > 8 || p.vp > p.lifetime {
            return fail(format!("§9.6: vp {} lifetime {}", p.vp, p.lifetime));
        }
        if self.stage != Stage::Over
            && (p.vp >= state::WIN_VP || checks::has_straight_flush(p.resources))
            && !p.resigned
        {
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
        self.event_slot_consistent(p).map_err(|e| format!("{seat}: {e}"))?;
        // Hands only grow in their owner's own turn (T9, Dig, the 8/9 refill), and are back
        // within the limit when that slot ends, so every other hand is within it.
        let own_turn = in_play && self.active() == seat;
        if !own_turn && p.hand.len() > HAND_LIMIT {
            return fail(format!("§9.10: {} cards outside its own turn", p.hand.len()));
        }
        Ok(())
    }

    /// §9.3: Locked cards only under a pending Tycoon; a Judge's cards face up.
    fn event_slot_consistent(&self, p: &Player) -> Result<(), String> {
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
    fn flow_consistent(&self) -> Result<(), String> {
        let cap = 3 * self.n() as u8;
        if self.stage != Stage::Over && (self.mayor.is_some() != (1..=cap).contains(&self.mayor_counter)) {
            return Err(format!("§9.8: Mayor {:?} with counter {}", self.mayor, self.mayor_counter));
        }
        if self.turn.mp > 6 {
            return Err(format!("§9.9: {} movement points", self.turn.mp));
        }
        if self.turn.cards_played > 2 {
            return Err("§9.9: more than one hand card and one resource".into());
        }
        if !(1..=ROUND_CAP).contains(&self.round) {
            return Err(format!("§9.11: round {}", self.round));
        }
        match self.stage {
            Stage::Over => {
                let finish = self.finish.as_ref().ok_or("§9.11: over without a result")?;
                if finish.winner.is_none() && finish.reason != WinReason::AllResigned {
                    return Err("§9.11: over without a winner".into());
                }
                if !self.pending_seats().is_empty() {
                    return Err("§9.11: decisions pending after the end".into());
                }
            }
            _ => {
                let pending = self.pending_seats();
                if pending.is_empty() {
                    return Err(format!("§9.12: nobody to decide at {:?}", self.stage));
                }
                for seat in pending.iter() {
                    if self.legal_actions(seat).is_empty() {
                        return Err(format!("§9.12: {seat} asked at {:?} with no legal action", self.stage));
                    }
                }
            }
        }
        Ok(())
    }
}
