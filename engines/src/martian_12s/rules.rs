//! Martian 12s rules: setup (§3), the turn and round machine (§4) and what it narrates.

use serde::{Deserialize, Serialize};

use super::action::{Action, Grab};
use super::state::{
    Credits, EndReason, Martian12s, MatchMode, Options, PULL_LIMIT, Phase, Player, Pyramid, ROUND_CAP, Status, TWELVE,
    full_bag, sets_for,
};
use crate::game::{RuleError, Seat, SeatSet, SetupError};
use crate::rng::GameRng;

/// Why a forced pass happened (§4.2 step 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Forced {
    /// Chosen by the player.
    No,
    /// The wallet cannot pay the stake (R3).
    Broke,
    /// Nothing left to pull (R16).
    EmptyBag,
}

/// Why a round was scored (§4.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RoundEnd {
    /// Only one player has not popped (R12).
    SoleSurvivor,
    /// Nobody is still pulling.
    AllStopped,
    /// Two or more still pulling, all with six pulls (R11).
    SixPulls,
}

/// One player's line in a scored round.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundLine {
    /// Pyramids pulled, in pull order.
    pub stack: Vec<Pyramid>,
    /// Their sum.
    pub score: u8,
    /// Status when the round was scored (`None` while never set).
    pub status: Option<Status>,
}

/// The last scored round, kept so the board after it can still show how it ended (§8).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundResult {
    /// Round number.
    pub round: u8,
    /// Why it ended.
    pub end: Option<RoundEnd>,
    /// Each seat's stack, score and status.
    pub players: Vec<RoundLine>,
    /// Who won it.
    pub winners: SeatSet,
    /// What each winner received.
    pub share: Credits,
    /// What carried over.
    pub carry: Credits,
}

/// What happened, for the log and the post after a move. All of it is public.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// A round began (§4.1).
    RoundStarted {
        /// Round number.
        round: u8,
        /// Who pulls first.
        first_drawer: Seat,
        /// Players sitting this round out.
        sitting_out: SeatSet,
        /// Credits already in the pot.
        pot: Credits,
    },
    /// `Pull`: a pyramid came out of the bag (§4.4).
    Pulled {
        /// Who pulled.
        seat: Seat,
        /// What they felt for.
        grab: Grab,
        /// What came out.
        pyramid: Pyramid,
        /// Score after the pull.
        score: u8,
        /// Pyramids after the pull.
        pulls: u8,
        /// Over 12 (R9).
        popped: bool,
    },
    /// `Pass` (§4.3), chosen or forced.
    Passed {
        /// Who passed.
        seat: Seat,
        /// Whether and why it was forced.
        forced: Forced,
        /// The score that stands.
        score: u8,
    },
    /// `Resign` (§4.8).
    Resigned {
        /// Who left.
        seat: Seat,
    },
    /// A round was scored (§4.6).
    RoundScored {
        /// Round number.
        round: u8,
        /// Why it ended.
        end: RoundEnd,
        /// Winners (`W`); empty only in the impossible case of R13.
        winners: SeatSet,
        /// The winning score.
        score: u8,
        /// The winning pyramid count.
        pulls: u8,
        /// What each winner received.
        share: Credits,
        /// What carries to the next round.
        carry: Credits,
    },
    /// The match ended (§4.7).
    MatchEnded {
        /// Unclaimed credits the house keeps (R20).
        to_house: Credits,
    },
}

impl Martian12s {
    /// §3 Setup.
    pub(crate) fn new(options: &Options, players: usize, rng: GameRng) -> Result<Self, SetupError> {
        validate(options, players)?;
        let sets = sets_for(players, options.single_set);
        let wallet = options.start_wallet();
        let player =
            Player { wallet, rounds_won: 0, resigned: false, status: Status::Active, stack: Vec::new(), score: 0 };
        let mut game = Self {
            options: options.clone(),
            sets,
            players: vec![player; players],
            bag: full_bag(sets),
            pot: Credits(0),
            carried_in: Credits(0),
            house: Credits(0),
            round: 1,
            first_drawer: Seat(0),
            current: Seat(0),
            phase: Phase::Turn,
            rng,
            previous_round: None,
        };
        // R4: most cash draws first; the tie (always, at the start) goes to a roll-off.
        let most = game.players.iter().map(|p| p.wallet).max().unwrap_or_default();
        let tied: Vec<Seat> = game.seats().filter(|s| game.player(*s).wallet == most).collect();
        game.first_drawer = tied[game.rng.index(tied.len())];
        let mut events = Vec::new();
        game.start_round(&mut events);
        Ok(game)
    }

    pub(crate) fn seats(&self) -> impl Iterator<Item = Seat> + use<> {
        (0..self.players.len() as u8).map(Seat)
    }

    /// Checks, then applies, a whole action (R26).
    pub(crate) fn act(&mut self, seat: Seat, action: Action, events: &mut Vec<Event>) -> Result<(), RuleError> {
        // The opening checks (game over, seat, resigned, R26 turn order) are the trait's.
        match action {
            Action::Resign => {
                self.resign(seat, events);
                return Ok(());
            }
            Action::Pull(grab) => {
                self.check_pull(grab)?;
                self.pull(grab, events);
            }
            Action::Pass => self.pass(Forced::No, events),
        }
        self.after_turn(events);
        Ok(())
    }

    fn check_pull(&self, grab: Grab) -> Result<(), RuleError> {
        if self.player(self.current).wallet < Credits(self.options.stake) {
            return Err(RuleError::illegal(format!(
                "you cannot pay the stake of {} (R3)",
                Credits(self.options.stake)
            )));
        }
        if self.candidates(grab) == 0 {
            let mut left: Vec<String> =
                Action::TURN.iter().filter(|a| self.is_legal(**a)).map(ToString::to_string).collect();
            left.retain(|a| a != "pass");
            let what = match grab {
                Grab::Size(size) => format!("no {} pyramids are left in the bag (R6)", size.word()),
                Grab::Any => "the bag is empty (R16)".to_string(),
            };
            return Err(RuleError::illegal(format!("{what}; you may {} or pass", left.join(", "))));
        }
        Ok(())
    }

    /// Whether the player on turn may take this turn action (§4.2, I11).
    pub(crate) fn is_legal(&self, action: Action) -> bool {
        match action {
            Action::Pull(grab) => self.candidates(grab) != 0,
            Action::Pass => true,
            Action::Resign => false,
        }
    }

    /// Bag bits a pull of `grab` chooses among.
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

fn validate(options: &Options, players: usize) -> Result<(), SetupError> {
    let bad = |option: &str, reason: String| Err(SetupError::BadOption { option: option.into(), reason });
    if !(2..=9).contains(&players) {
        return Err(SetupError::PlayerCount { game: "Martian 12s", min: 2, max: 9, got: players });
    }
    if options.single_set && players != 2 {
        return bad("single_set", format!("a single set is only for 2 players, not {players} (R17)"));
    }
    if !(1..=100).contains(&options.stake) {
        return bad("stake", format!("{} is not allowed; use 1 to 100", options.stake));
    }
    let wallet = options.start_wallet().0;
    if !(options.stake..=1000 * options.stake).contains(&wallet) {
        return bad(
            "start_wallet",
            format!("{wallet} is not allowed; use {} to {}", options.stake, 1000 * options.stake),
        );
    }
    if !(1..=ROUND_CAP).contains(&options.rounds) {
        return bad("rounds", format!("{} is not allowed; use 1 to {ROUND_CAP}", options.rounds));
    }
    Ok(())
}
