//! The round machine (§4.1–4.3) and the dispatch of every decision to its check
//! and its effect. Every decision is validated by [`GunslingerGang::check`] before
//! [`GunslingerGang::perform`] changes anything, so a refused action leaves the state as it was.

use super::action::{Ability, Action, Timing};
use super::board::Pos;
use super::cards::{Card, Item, News, Underling, UnderlingSet};
use super::events::Event;
use super::state::{Entry, GunslingerGang, PLAYS_PER_ROUND, Phase, Step, Used};
use crate::game::{RuleError, Seat};

/// A refusal in words.
pub(crate) fn illegal(text: impl Into<String>) -> RuleError {
    RuleError::illegal(text)
}

impl GunslingerGang {
    /// §4.1 ROUND_START.
    pub(crate) fn start_round(&mut self, events: &mut Vec<Event>) {
        for player in &mut self.players {
            player.hand = UnderlingSet::FULL;
            player.resolved = UnderlingSet::default();
            player.used = Used::default();
        }
        self.current = self.start_seat;
        self.plays_done = 0;
        self.phase = Phase::Planning;
        events.push(Event::RoundStarted { round: self.round, start_seat: self.start_seat });
    }

    /// The seat that must decide now (meaningless once finished).
    pub(crate) fn pending_seat(&self) -> Seat {
        self.resolving.map_or(self.current, |r| r.seat)
    }

    /// Checks, then applies, a whole action and everything automatic after it.
    pub(crate) fn act(&mut self, seat: Seat, action: Action, events: &mut Vec<Event>) -> Result<(), RuleError> {
        // The opening checks (game over, seat, resigned, pending) are the trait's.
        if action == Action::Resign {
            self.player_mut(seat).resigned = true;
            events.push(Event::Resigned { seat });
            self.settle(events);
            return Ok(());
        }
        self.check(seat, &action)?;
        self.perform(seat, action, events);
        self.settle(events);
        Ok(())
    }

    /// Runs what needs no decision: automatic skips (§4.3 step 3), Scoring when the stacks are
    /// empty, single legal actions (G2) and the defaults of resigned seats.
    fn settle(&mut self, events: &mut Vec<Event>) {
        loop {
            match self.phase {
                Phase::Finished => return,
                Phase::Planning => {
                    if !self.player(self.current).resigned {
                        return;
                    }
                    let seat = self.current;
                    let action = self.default_action(seat).expect("Planning always has a play");
                    self.perform(seat, action, events);
                    continue;
                }
                Phase::Resolution => {}
            }
            if self.resolving.is_none() {
                if self.towns.iter().all(|t| t.stack.is_empty()) {
                    self.score_round(events);
                    continue;
                }
                if !self.has_reveal(self.current) {
                    events.push(Event::Skipped { seat: self.current, chosen: false });
                    self.current = self.next_seat(self.current);
                    continue;
                }
            }
            let seat = self.pending_seat();
            let action = if self.player(seat).resigned {
                self.default_action(seat)
            } else {
                let legal = self.legal(seat);
                if legal.len() == 1 { legal.first().copied() } else { None }
            };
            let Some(action) = action else { return };
            if action != Action::Done {
                // An automatic `done` is narrated by its `Ended` event.
                events.push(Event::Automatic { seat, action: action.to_string() });
            }
            self.perform(seat, action, events);
        }
    }

    /// Whether `seat` may take any reveal action on its Resolution turn.
    fn has_reveal(&self, seat: Seat) -> bool {
        self.face_up().any(|t| self.check_reveal(seat, t, false).is_ok() || self.check_reveal(seat, t, true).is_ok())
    }

    /// Every legal action of `seat` now, in menu order.
    pub(crate) fn legal(&self, seat: Seat) -> Vec<Action> {
        if self.phase == Phase::Finished || seat.index() >= self.players.len() || seat != self.pending_seat() {
            return Vec::new();
        }
        let mut out = self.candidates(seat);
        out.retain(|a| self.check(seat, a).is_ok());
        out
    }

    /// Whether `action` is legal for `seat`, the pending seat, now; the error says why not.
    pub(crate) fn check(&self, seat: Seat, action: &Action) -> Result<(), RuleError> {
        match (self.phase, self.resolving) {
            (Phase::Finished, _) => Err(RuleError::game_over()),
            (Phase::Planning, _) => match *action {
                Action::Play { card, town, news, under_top } => self.check_play(seat, card, town, news, under_top),
                _ => Err(illegal("it is Planning: play an underling (play <card> <town> <news|none> [under])")),
            },
            (Phase::Resolution, None) => match *action {
                Action::Reveal(town) => self.check_reveal(seat, town, false),
                Action::RevealSecond(town) => self.check_reveal(seat, town, true),
                Action::Skip => self.check_skip(seat),
                _ => Err(illegal("it is your Resolution turn: reveal one of your entries (§4.3)")),
            },
            (Phase::Resolution, Some(r)) => self.check_step(seat, &r, action),
        }
    }

    /// Applies a legal action (checked by [`Self::check`]).
    pub(crate) fn perform(&mut self, seat: Seat, action: Action, events: &mut Vec<Event>) {
        match action {
            Action::Play { card, town, news, under_top } => self.play(seat, card, town, news, under_top, events),
            Action::Reveal(town) => self.reveal(seat, town, false, events),
            Action::RevealSecond(town) => self.reveal(seat, town, true, events),
            Action::Skip => {
                events.push(Event::Skipped { seat, chosen: true });
                self.current = self.next_seat(seat);
            }
            Action::Resign => {}
            other => self.perform_step(seat, other, events),
        }
    }

    /// The safe default for `seat` (spec §8 leaves it open; Designed): the first play in menu
    /// order (lowest card, first town, no News, on top); `skip` when allowed, else the first
    /// reveal; `keep` the News Story; ability B (a hire, no further decisions); `done`; and for a
    /// mandatory target the first colour in seat order.
    pub(crate) fn default_action(&self, seat: Seat) -> Option<Action> {
        let legal = self.legal(seat);
        let preferred = match self.resolving.map(|r| r.step) {
            None => Action::Skip,
            Some(Step::Timing) => Action::Timing(Timing::Keep),
            Some(Step::Ability) => Action::Use(Ability::B),
            Some(_) => Action::Done,
        };
        if legal.contains(&preferred) { Some(preferred) } else { legal.first().copied() }
    }

    /// §4.2: whether `seat` may play `card` to `town`.
    fn check_play(
        &self,
        seat: Seat,
        card: Underling,
        town: Pos,
        news: Option<News>,
        under_top: bool,
    ) -> Result<(), RuleError> {
        let player = self.player(seat);
        if !player.hand.contains(card) {
            return Err(illegal(format!("{} is not in your hand", card.name())));
        }
        if !self.is_town(town) {
            return Err(illegal(format!("{town} is not a face-up town; underlings go only to towns (R18)")));
        }
        if let Some(news) = news
            && !player.news.contains(&news)
        {
            return Err(illegal(format!("{news} is not in your News hand")));
        }
        if under_top {
            if !player.holds(Item::SecretPassage) {
                return Err(illegal("only Secret Passage (I13) plays beneath the top entry (R34)"));
            }
            if player.used.secret_passage {
                return Err(illegal("Secret Passage was already used this round (I13)"));
            }
            if self.town(town).stack.is_empty() {
                return Err(illegal(format!(
                    "the stack at {town} is empty; Secret Passage needs an entry to slip under"
                )));
            }
        }
        Ok(())
    }

    /// §4.2 `PlayUnderling`.
    fn play(
        &mut self,
        seat: Seat,
        card: Underling,
        town: Pos,
        news: Option<News>,
        under_top: bool,
        events: &mut Vec<Event>,
    ) {
        let player = self.player_mut(seat);
        player.hand.remove(card);
        if let Some(news) = news {
            player.news.retain(|n| *n != news);
        }
        if under_top {
            player.used.secret_passage = true;
        }
        let colour = player.colour;
        let entry = Entry { owner: seat, card, news };
        let stack = &mut self.town_mut(town).stack;
        if under_top {
            stack.insert(stack.len() - 1, entry);
        } else {
            stack.push(entry);
        }
        events.push(Event::Played { seat, town, news: news.is_some(), under_top });
        events.push(Event::PlayedCard { seat, card: Card { colour, underling: card }, news, town });
        self.plays_done += 1;
        self.current = self.next_seat(seat);
        if usize::from(self.plays_done) == usize::from(PLAYS_PER_ROUND) * self.players.len() {
            self.phase = Phase::Resolution;
            self.current = self.start_seat;
            events.push(Event::ResolutionStarted);
        }
    }

    /// §4.3: `Reveal{town}` or, with `second`, `RevealSecond{town}`.
    pub(crate) fn check_reveal(&self, seat: Seat, town: Pos, second: bool) -> Result<(), RuleError> {
        if !self.is_town(town) {
            return Err(illegal(format!("{town} is not a face-up town")));
        }
        let stack = &self.town(town).stack;
        if !second {
            return match stack.last() {
                Some(top) if top.owner == seat => Ok(()),
                Some(_) => Err(illegal(format!("the top entry at {town} is not yours (R19)"))),
                None => Err(illegal(format!("the stack at {town} is empty"))),
            };
        }
        let player = self.player(seat);
        if !player.holds(Item::ForgedOrders) {
            return Err(illegal("only Forged Orders (I14) reveals a second entry"));
        }
        if player.used.forged_orders {
            return Err(illegal("Forged Orders was already used this round (I14)"));
        }
        match stack.len().checked_sub(2).map(|i| stack[i]) {
            Some(entry) if entry.owner == seat => Ok(()),
            Some(_) => Err(illegal(format!("the second entry from the top at {town} is not yours"))),
            None => Err(illegal(format!("the stack at {town} has fewer than two entries"))),
        }
    }

    /// R36: `Skip` only without a top entry but with a `RevealSecond`.
    fn check_skip(&self, seat: Seat) -> Result<(), RuleError> {
        if self.face_up().any(|t| self.check_reveal(seat, t, false).is_ok()) {
            return Err(illegal("you have a top entry, so you must reveal (R19, R36)"));
        }
        Ok(())
    }
}
