//! Martian 12s rules: who must act, the turn list (§4.2), legality and effects of every
//! action (§4.3, §4.4, §4.8), the turn and round machine (§4.1, §4.5, §4.6) and the end of
//! the match (§4.7). Every action is checked whole before anything changes.

use super::action::{Action, Grab};
use super::events::{Event, Forced, RoundEnd};
use super::state::{
    Credits, EndReason, LastMove, Martian12s, MatchMode, PULL_LIMIT, Phase, Pyramid, ROUND_CAP, RoundLine, RoundResult,
    Status, TWELVE, full_bag,
};
use crate::game::{Outcome, Pending, RuleError, Seat, SeatSet, Standing};
use crate::parts::ForPictures;

/// Who must decide: the player on turn (§4.2), or nobody once the match is over (§4.7).
pub(super) fn pending(game: &Martian12s) -> Pending {
    match outcome(game) {
        Some(outcome) => Pending::Finished(outcome),
        None => Pending::must(SeatSet::one(game.current)),
    }
}

/// §4.2, §4.9: the turn list of the player on turn, in the order of [`Action::TURN`]; empty
/// for everyone else. `Resign` is never listed (R26).
pub(super) fn legal_actions_into(game: &Martian12s, seat: Seat, out: &mut Vec<Action>) {
    if game.phase == Phase::Turn && seat == game.current {
        out.extend(Action::TURN.into_iter().filter(|action| game.is_legal(*action)));
    }
}

/// R24: a player who runs out of time passes.
pub(super) fn timeout_action(game: &Martian12s, seat: Seat) -> Option<Action> {
    (game.phase == Phase::Turn && seat == game.current).then_some(Action::Pass)
}

/// Checks `action` whole, then applies it and everything automatic that follows (forced
/// passes, scoring, the next round). A refusal returns before anything changes.
pub(super) fn act(
    game: &mut Martian12s,
    seat: Seat,
    action: &Action,
    events: &mut Vec<Event>,
) -> Result<(), RuleError> {
    check(game, seat, *action)?;
    // Validated: from here on nothing refuses.
    game.last_move = ForPictures(Some(match *action {
        Action::Resign => LastMove::Resigned(seat),
        Action::Pull(_) => LastMove::Pulled(seat),
        Action::Pass => LastMove::Passed(seat),
    }));
    match *action {
        Action::Resign => game.resign(seat, events),
        Action::Pull(grab) => {
            game.pull(grab, events);
            game.after_turn(events);
        }
        Action::Pass => {
            game.pass(Forced::No, events);
            game.after_turn(events);
        }
    }
    Ok(())
}

/// Every refusal of [`act`]. The trait's opening checks come first, so through `apply` only
/// R6 can refuse; the rest guard a direct call of `Game::act` and a state that skipped a
/// forced pass.
fn check(game: &Martian12s, seat: Seat, action: Action) -> Result<(), RuleError> {
    let on = game.phase == Phase::Turn;
    match action {
        Action::Resign => match game.players.get(seat.index()) {
            // R26: any non-resigned player, at any time before MatchEnd.
            Some(player) if on && !player.resigned => Ok(()),
            _ => Err(RuleError::ruled("R26", "only a player still in the match may resign, before it ends")),
        },
        // R26: only the player on turn may pull or pass.
        Action::Pull(_) | Action::Pass if !on => Err(RuleError::ruled("R26", "the match is over")),
        Action::Pull(_) | Action::Pass if seat != game.current => Err(RuleError::ruled(
            "R26",
            format!("only the player on turn ({}) may pull or pass", game.current.mention()),
        )),
        Action::Pass => Ok(()), // R8: always allowed.
        Action::Pull(grab) => check_pull(game, grab),
    }
}

/// R3, R6, R16: the stake can be paid and the bag holds what the player feels for.
fn check_pull(game: &Martian12s, grab: Grab) -> Result<(), RuleError> {
    let stake = Credits(game.options.stake);
    if game.player(game.current).wallet < stake {
        return Err(RuleError::ruled("R3", format!("you cannot pay the stake of {stake}")));
    }
    if game.candidates(grab) != 0 {
        return Ok(());
    }
    let sizes: Vec<&str> = Action::TURN
        .into_iter()
        .filter_map(|a| match a {
            Action::Pull(Grab::Size(size)) if game.is_legal(a) => Some(size.word()),
            _ => None,
        })
        .collect();
    let instead = match sizes.as_slice() {
        [] => "you may only pass".to_string(),
        [size] => format!("you may pull a {size} one, grab blind or pass"),
        [most @ .., last] => format!("you may pull a {} or {last} one, grab blind or pass", most.join(", ")),
    };
    Err(match grab {
        Grab::Size(size) => {
            RuleError::ruled("R6", format!("no {} pyramids are left in the bag; {instead}", size.word()))
        }
        Grab::Any => RuleError::ruled("R16", format!("the bag is empty; {instead}")),
    })
}

/// §4.7 ranking, once the match is over: non-resigned players first, then by wallet, then by
/// rounds won; equal players share the place (R21). `None` while the match goes on.
pub(super) fn outcome(game: &Martian12s) -> Option<Outcome> {
    let Phase::MatchEnd(end) = game.phase else { return None };
    let key = |seat: Seat| {
        let p = game.player(seat);
        (!p.resigned, p.wallet, p.rounds_won)
    };
    let mut order: Vec<Seat> = game.seats().collect();
    order.sort_by_key(|s| std::cmp::Reverse(key(*s)));
    let mut standings: Vec<Standing> = Vec::with_capacity(order.len());
    for (i, seat) in order.iter().enumerate() {
        let place = match standings.last() {
            Some(last) if key(order[i - 1]) == key(*seat) => last.place,
            _ => i as u8 + 1,
        };
        let p = game.player(*seat);
        let mut detail =
            format!("{}, {} round{} won", p.wallet, p.rounds_won, if p.rounds_won == 1 { "" } else { "s" });
        if p.resigned {
            detail.push_str(", resigned");
        }
        standings.push(Standing { seat: *seat, place, score: i64::from(p.wallet.0), detail });
    }
    // §4.7 step 3: no winner when everyone resigned.
    let winners = standings.iter().filter(|s| s.place == 1 && !game.player(s.seat).resigned).map(|s| s.seat).collect();
    let reason = match end {
        EndReason::RoundsPlayed => format!("all {} rounds were played", game.options.rounds),
        EndReason::Cap => format!("the {ROUND_CAP}-round cap was reached"),
        EndReason::TooFewPlayers => "fewer than two players can pay the stake".to_string(),
    };
    Some(Outcome { standings, winners, reason })
}

impl Martian12s {
    /// Whether the player on turn may take this turn action (§4.2, I11).
    pub(crate) fn is_legal(&self, action: Action) -> bool {
        match action {
            Action::Pull(grab) => self.candidates(grab) != 0,
            Action::Pass => true,
            Action::Resign => false,
        }
    }

    /// Bag bits a pull of `grab` chooses among (R6).
    pub(crate) fn candidates(&self, grab: Grab) -> u64 {
        match grab {
            Grab::Size(size) => self.bag & self.size_mask(size),
            Grab::Any => self.bag,
        }
    }

    /// §4.4: pay, draw uniformly among the candidates in canonical order, score, maybe pop.
    fn pull(&mut self, grab: Grab, events: &mut Vec<Event>) {
        let stake = Credits(self.options.stake);
        let seat = self.current;
        let mut bits = self.candidates(grab);
        let pick = self.rng.below(bits.count_ones());
        for _ in 0..pick {
            bits &= bits - 1;
        }
        let index = bits.trailing_zeros();
        self.bag &= !(1u64 << index);
        let pyramid = Pyramid::from_index(index, self.sets);
        self.pot += stake;
        let player = &mut self.players[seat.index()];
        player.wallet -= stake; // R7: paid before the draw
        player.stack.push(pyramid);
        player.score += pyramid.value;
        let popped = player.score > TWELVE; // R9, R10
        if popped {
            player.status = Status::Popped;
        }
        events.push(Event::Pulled { seat, grab, pyramid, score: player.score, pulls: player.pulls() as u8, popped });
    }

    /// §4.3: the score stands; passing is free (R8).
    fn pass(&mut self, forced: Forced, events: &mut Vec<Event>) {
        let seat = self.current;
        let player = &mut self.players[seat.index()];
        player.status = Status::Passed;
        events.push(Event::Passed { seat, forced, score: player.score });
    }

    /// §4.8 `Resign`: out for this round (stakes stay) and every later one (R24).
    fn resign(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let player = &mut self.players[seat.index()];
        player.resigned = true;
        if player.in_round() {
            player.status = Status::Popped;
        }
        events.push(Event::Resigned { seat });
        if let Some(end) = self.round_over() {
            self.finish_round(end, events);
        } else if seat == self.current {
            self.current = self.next_active_after(seat);
        }
        self.enter_turn(events);
    }

    /// §4.5 after the player on turn acted.
    fn after_turn(&mut self, events: &mut Vec<Event>) {
        if let Some(end) = self.round_over() {
            self.finish_round(end, events);
        } else {
            self.current = self.next_active_after(self.current);
        }
        self.enter_turn(events);
    }

    /// §4.2 step 1: applies forced passes until someone can choose, or the match ends.
    fn enter_turn(&mut self, events: &mut Vec<Event>) {
        while self.phase == Phase::Turn {
            let forced = if self.bag == 0 {
                Forced::EmptyBag // R16
            } else if self.player(self.current).wallet < Credits(self.options.stake) {
                Forced::Broke // R3
            } else {
                return;
            };
            self.pass(forced, events);
            if let Some(end) = self.round_over() {
                self.finish_round(end, events);
            } else {
                self.current = self.next_active_after(self.current);
            }
        }
    }

    /// §4.5 rules 1–3: whether the round must be scored now.
    pub(crate) fn round_over(&self) -> Option<RoundEnd> {
        let standing = self.players.iter().filter(|p| p.in_round()).count();
        let mut active = 0;
        let mut all_six = true;
        for player in self.players.iter().filter(|p| p.status == Status::Active) {
            active += 1;
            all_six &= player.pulls() >= PULL_LIMIT;
        }
        if standing <= 1 {
            Some(RoundEnd::SoleSurvivor) // R12
        } else if active == 0 {
            Some(RoundEnd::AllStopped)
        } else if active >= 2 && all_six {
            Some(RoundEnd::SixPulls) // R11
        } else {
            None
        }
    }

    /// The next Active player clockwise after `seat` (`seat` itself if it is the only one).
    fn next_active_after(&self, seat: Seat) -> Seat {
        let n = self.players.len();
        let mut index = seat.index();
        for _ in 0..n {
            index = if index + 1 == n { 0 } else { index + 1 };
            if self.players[index].status == Status::Active {
                return Seat(index as u8);
            }
        }
        seat
    }

    /// §4.6 RoundScoring, then the next round or the end of the match.
    fn finish_round(&mut self, end: RoundEnd, events: &mut Vec<Event>) {
        let best = self.players.iter().filter(|p| p.in_round()).map(|p| (p.score, p.pulls())).max();
        let (winners, share) = match best {
            // R14: best score, then most pyramids; the rest is split.
            Some(best) => {
                let winners: SeatSet = self
                    .seats()
                    .filter(|s| self.player(*s).in_round() && (self.player(*s).score, self.player(*s).pulls()) == best)
                    .collect();
                let share = Credits(self.pot.0 / winners.len() as u32);
                for seat in winners.iter() {
                    let player = &mut self.players[seat.index()];
                    player.wallet += share;
                    player.rounds_won += 1;
                }
                self.pot = Credits(self.pot.0 % winners.len() as u32);
                (winners, share)
            }
            None => (SeatSet::EMPTY, Credits(0)), // R13: cannot happen; the pot carries over.
        };
        let (score, pulls) = best.unwrap_or_default();
        events.push(Event::RoundScored {
            round: self.round,
            end,
            winners,
            score,
            pulls: pulls as u8,
            share,
            carry: self.pot,
        });
        let last = if self.options.match_mode == MatchMode::Rounds && self.round >= self.options.rounds {
            Some(EndReason::RoundsPlayed)
        } else if self.round >= ROUND_CAP {
            Some(EndReason::Cap)
        } else {
            None
        };
        self.keep_result(end, winners, share, last.is_none());
        match last {
            Some(reason) => self.end_match(reason, events),
            None => {
                self.round += 1;
                self.start_round(events);
            }
        }
    }

    /// Keeps the scored round for the next board. When another round follows, the stacks
    /// are swapped out (the players' vectors then hold the older round, which `start_round`
    /// clears), so the steady state allocates nothing.
    fn keep_result(&mut self, end: RoundEnd, winners: SeatSet, share: Credits, next_round: bool) {
        let result = self.previous_round.get_or_insert_with(RoundResult::default);
        result.players.resize_with(self.players.len(), RoundLine::default);
        for (line, player) in result.players.iter_mut().zip(&mut self.players) {
            if next_round {
                std::mem::swap(&mut line.stack, &mut player.stack);
            } else {
                line.stack.clone_from(&player.stack);
            }
            line.score = player.score;
            line.status = Some(player.status);
        }
        result.round = self.round;
        result.end = Some(end);
        result.winners = winners;
        result.share = share;
        result.carry = self.pot;
    }

    /// §4.1 RoundStart.
    pub(crate) fn start_round(&mut self, events: &mut Vec<Event>) {
        let stake = Credits(self.options.stake);
        self.bag = full_bag(self.sets); // R15
        let mut sitting_out = SeatSet::EMPTY;
        for (i, player) in self.players.iter_mut().enumerate() {
            player.stack.clear();
            player.score = 0;
            if player.resigned || player.wallet < stake {
                player.status = Status::SittingOut; // R3
                sitting_out.insert(Seat(i as u8));
            } else {
                player.status = Status::Active;
            }
        }
        if self.players.len() - sitting_out.len() < 2 {
            self.end_match(EndReason::TooFewPlayers, events);
            return;
        }
        self.carried_in = self.pot;
        if self.round > 1 {
            // R5: clockwise after the previous first drawer, skipping who sits out.
            let n = self.players.len();
            self.first_drawer = (1..=n)
                .map(|step| Seat(((self.first_drawer.index() + step) % n) as u8))
                .find(|s| !sitting_out.contains(*s))
                .unwrap_or(self.first_drawer);
        }
        self.current = self.first_drawer;
        events.push(Event::RoundStarted {
            round: self.round,
            first_drawer: self.first_drawer,
            sitting_out,
            pot: self.pot,
        });
    }

    /// §4.7 MatchEnd: the leftover pot goes to the house (R20).
    fn end_match(&mut self, reason: EndReason, events: &mut Vec<Event>) {
        let to_house = self.pot;
        self.house += to_house;
        self.pot = Credits(0);
        self.phase = Phase::MatchEnd(reason);
        events.push(Event::MatchEnded { to_house });
    }
}
