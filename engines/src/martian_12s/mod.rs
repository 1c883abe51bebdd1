//! Martian 12s (Avri Klemer): a push-your-luck casino game with pyramids pulled from a bag.
//! Specification: `rules/martian-12s.md`; rulings are cited as R1…R26, invariants as I1…I12.

mod action;
mod rules;
#[cfg(test)]
mod scenarios;
mod state;
mod view;

pub use action::{Action, Grab};
pub use rules::{Event, Forced, RoundEnd, RoundLine, RoundResult};
pub use state::{Credits, EndReason, Martian12s, MatchMode, Options, Palette, Pyramid, ROUND_CAP, Status};
pub use view::{PlayerView, View};

use state::{PULL_LIMIT, Phase, TWELVE, full_bag};

use crate::game::{Audience, Game, InvariantError, Pending, RuleError, Seat, SeatSet, SetupError, Viewer};
use crate::rng::GameRng;

impl Game for Martian12s {
    type Options = Options;
    type Action = Action;
    type Event = Event;
    type View = View;

    const ID: &'static str = "martian-12s";
    const NAME: &'static str = "Martian 12s";
    const PLAYERS: (usize, usize) = (2, 9);
    // 50 rounds × (60 pyramids + 9 passes) + 9 resignations, rounded up.
    const MAX_ACTIONS: usize = 4_000;
    const SUMMARY: &'static str = include_str!("summary.md");
    const RESIGN: Action = Action::Resign;

    fn setup(options: &Options, players: usize, rng: GameRng) -> Result<Self, SetupError> {
        Self::new(options, players, rng)
    }

    fn players(&self) -> usize {
        self.players.len()
    }

    fn pending(&self) -> Pending {
        match self.outcome() {
            Some(outcome) => Pending::Finished(outcome),
            None => Pending::must(SeatSet::one(self.current)),
        }
    }

    fn legal_actions_into(&self, seat: Seat, out: &mut Vec<Action>) {
        if self.phase == Phase::Turn && seat == self.current {
            for action in Action::TURN {
                if self.is_legal(action) {
                    out.push(action);
                }
            }
        }
    }

    fn resigned(&self, seat: Seat) -> bool {
        self.players.get(seat.index()).is_some_and(|p| p.resigned)
    }

    fn act(&mut self, seat: Seat, action: &Action, events: &mut Vec<Event>) -> Result<(), RuleError> {
        Self::act(self, seat, *action, events)
    }

    fn view(&self, _viewer: Viewer) -> View {
        // §5: nothing is private, so every viewer sees the same table.
        self.make_view()
    }

    fn audience(_event: &Event) -> Audience {
        Audience::Public
    }

    fn sentence(&self, event: &Event, names: &[String]) -> String {
        Self::sentence(self, event, names)
    }

    fn label(&self, action: &Action) -> String {
        Self::label(self, *action)
    }

    fn timeout_action(&self, seat: Seat) -> Option<Action> {
        // R24: a player who runs out of time passes.
        (self.phase == Phase::Turn && seat == self.current).then_some(Action::Pass)
    }

    fn check_invariants(&self) -> Result<(), InvariantError> {
        self.invariants().map_err(InvariantError)
    }
}

impl Martian12s {
    /// §9 I1–I11 (I12, replay, is the conformance harness's).
    fn invariants(&self) -> Result<(), String> {
        let fail = |text: String| Err(text);
        // I1: every pyramid exactly once, in the bag or one stack.
        let mut seen = self.bag;
        for (i, player) in self.players.iter().enumerate() {
            for pyramid in &player.stack {
                let bit = 1u64 << pyramid.index(self.sets);
                if seen & bit != 0 {
                    return fail(format!("I1: {pyramid} twice (P{i})"));
                }
                seen |= bit;
            }
        }
        if seen != full_bag(self.sets) {
            return fail("I1: pyramids missing".into());
        }
        // I2: money is conserved.
        let total: u64 = self.players.iter().map(|p| u64::from(p.wallet.0)).sum::<u64>()
            + u64::from(self.pot.0)
            + u64::from(self.house.0);
        let start = u64::from(self.options.start_wallet().0) * self.players.len() as u64;
        if total != start {
            return fail(format!("I2: money {total} != {start}"));
        }
        if self.phase != Phase::Turn {
            return if self.pot.0 == 0 { Ok(()) } else { fail("§4.7: pot left after the match".into()) };
        }
        // I3: the pot is the carry-in plus a stake per pull.
        let pulls: usize = self.players.iter().map(state::Player::pulls).sum();
        if self.pot.0 != self.carried_in.0 + self.options.stake * pulls as u32 {
            return fail(format!("I3: pot {} != {} + {} pulls", self.pot, self.carried_in, pulls));
        }
        for (i, p) in self.players.iter().enumerate() {
            // I4: score is the sum of the stack.
            if u32::from(p.score) != p.stack.iter().map(|x| u32::from(x.value)).sum::<u32>() {
                return fail(format!("I4: P{i} score"));
            }
            // I5: scores over 12 pop; a pull pops at 13..=16.
            if p.status != Status::Popped && p.score > TWELVE {
                return fail(format!("I5: P{i} over 12 but {:?}", p.status));
            }
            if p.status == Status::Popped && !p.resigned && !(13..=16).contains(&p.score) {
                return fail(format!("I5: P{i} popped at {}", p.score));
            }
            // I8: who sits out has nothing.
            if p.status == Status::SittingOut && !p.stack.is_empty() {
                return fail(format!("I8: P{i} sits out with pyramids"));
            }
        }
        // I6: with two or more Active, at most six pulls each and even counts.
        let active: Vec<usize> =
            self.players.iter().filter(|p| p.status == Status::Active).map(state::Player::pulls).collect();
        if active.len() >= 2 {
            let (lo, hi) = (active.iter().min().copied().unwrap_or(0), active.iter().max().copied().unwrap_or(0));
            if hi > PULL_LIMIT || hi - lo > 1 {
                return fail(format!("I6: active pulls {active:?}"));
            }
        }
        // I7: during a turn two are standing and the player on turn is Active and able to act.
        let standing = self.players.iter().filter(|p| p.in_round()).count();
        let current = self.player(self.current);
        if standing < 2 || current.status != Status::Active {
            return fail(format!("I7: {standing} standing, current {:?}", current.status));
        }
        if current.wallet.0 < self.options.stake || self.bag == 0 {
            return fail("§4.2: a forced pass was not applied".into());
        }
        // I9: the round count is within bounds.
        if self.round > ROUND_CAP || (self.options.match_mode == MatchMode::Rounds && self.round > self.options.rounds)
        {
            return fail(format!("I9: round {}", self.round));
        }
        // I10, I11: the turn list is non-empty and lists only sizes in the bag.
        let legal = self.legal_actions(self.current);
        if legal.is_empty() || !legal.contains(&Action::Pass) {
            return fail("I10: empty turn list".into());
        }
        for action in legal {
            if let Action::Pull(grab) = action
                && self.candidates(grab) == 0
            {
                return fail(format!("I11: {action} listed with none in the bag"));
            }
        }
        Ok(())
    }
}
