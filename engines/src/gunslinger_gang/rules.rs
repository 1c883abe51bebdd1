//! The round machine (§4.1–4.3): who must decide, the legal list, and the dispatch of every
//! decision to its check and its effect. [`act`] validates with [`GunslingerGang::check`]
//! before [`GunslingerGang::perform`] changes anything, so a refused action leaves the state as
//! it was; everything after the check is infallible.

use super::action::{Ability, Action, Piece, Role, Timing};
use super::board::Pos;
use super::cards::{Card, Item, News, Underling, UnderlingSet};
use super::events::Event;
use super::state::{Entry, GunslingerGang, PLAYS_PER_ROUND, Phase, Resolving, Step, Used};
use crate::game::{Game, Pending, RuleError, Seat, SeatSet};
use crate::parts::ForPictures;

/// The one seat the game waits for, or how it ended; nobody else may act (§4).
pub(super) fn pending(game: &GunslingerGang) -> Pending {
    match game.outcome() {
        Some(outcome) => Pending::Finished(outcome),
        None => Pending::must(SeatSet::one(game.pending_seat())),
    }
}

/// Every legal action of `seat` now, in menu order: none unless it is the pending seat.
pub(super) fn legal_actions_into(game: &GunslingerGang, seat: Seat, out: &mut Vec<Action>) {
    if game.phase == Phase::Finished || seat.index() >= game.players.len() || seat != game.pending_seat() {
        return;
    }
    out.extend(game.candidates(seat).into_iter().filter(|action| game.check(seat, action).is_ok()));
}

/// Checks, then applies, a whole action and everything automatic after it. The opening checks
/// (game over, seat, resigned, pending) are the trait's; the only refusal left is
/// [`GunslingerGang::check`]'s, made before anything changes.
pub(super) fn act(
    game: &mut GunslingerGang,
    seat: Seat,
    action: &Action,
    events: &mut Vec<Event>,
) -> Result<(), RuleError> {
    if *action == Action::Resign {
        game.last_towns = ForPictures::default();
        game.player_mut(seat).resigned = true;
        events.push(Event::Resigned { seat });
    } else {
        game.check(seat, action)?;
        game.last_towns = ForPictures(game.touched(*action));
        game.perform(seat, *action, events);
    }
    game.settle(events);
    Ok(())
}

/// The safe default for `seat` (spec §8 leaves it open; Designed): the first play in menu
/// order (lowest card, first town, no News, on top); `skip` when allowed, else the first
/// reveal; `keep` the News Story; ability B (a hire, no further decisions); `done`; and for a
/// mandatory target the first colour in seat order. It reads nothing `seat` cannot see (R44).
pub(super) fn timeout_action(game: &GunslingerGang, seat: Seat) -> Option<Action> {
    let legal = game.legal_actions(seat);
    let preferred = match game.resolving.map(|r| r.step) {
        None => Action::Skip,
        Some(Step::Timing) => Action::Timing(Timing::Keep),
        Some(Step::Ability) => Action::Use(Ability::B),
        Some(_) => Action::Done,
    };
    if legal.contains(&preferred) { Some(preferred) } else { legal.first().copied() }
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
                    let action = timeout_action(self, seat).expect("Planning always has a play");
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
                timeout_action(self, seat)
            } else {
                let legal = self.legal_actions(seat);
                if legal.len() == 1 { legal.first().copied() } else { None }
            };
            let Some(action) = action else { return };
            if action != Action::Done {
                // An automatic `done` is narrated by its `Ended` event.
                events.push(Event::Automatic { seat, action: super::menus::label(self, &action) });
            }
            self.perform(seat, action, events);
        }
    }

    /// Whether `seat` may take any reveal action on its Resolution turn.
    fn has_reveal(&self, seat: Seat) -> bool {
        self.face_up().any(|t| self.check_reveal(seat, t, false).is_ok() || self.check_reveal(seat, t, true).is_ok())
    }

    /// Whether `action` is legal for `seat`, the pending seat, now; the error says why not.
    pub(crate) fn check(&self, seat: Seat, action: &Action) -> Result<(), RuleError> {
        match (self.phase, self.resolving) {
            (Phase::Finished, _) => Err(RuleError::game_over()),
            (Phase::Planning, _) => match *action {
                Action::Play { card, town, news, under_top } => self.check_play(seat, card, town, news, under_top),
                _ => Err(RuleError::illegal(
                    "it is Planning: play an underling face down on a town, with a News Story or without",
                )),
            },
            (Phase::Resolution, None) => match *action {
                Action::Reveal(town) => self.check_reveal(seat, town, false),
                Action::RevealSecond(town) => self.check_reveal(seat, town, true),
                Action::Skip => self.check_skip(seat),
                _ => Err(RuleError::illegal("it is your Resolution turn: reveal one of your entries")),
            },
            (Phase::Resolution, Some(r)) => self.check_step(seat, &r, action),
        }
    }

    /// The towns `action` touches, before it is applied, for the board to mark: where an
    /// underling is played (only the town is public, §4.2) or revealed, where a piece comes
    /// from and goes to. None for choices of timing, ability, role or player alone.
    fn touched(&self, action: Action) -> Vec<Pos> {
        let reveal = self.resolving.map(|r| r.town);
        let mut towns = match action {
            Action::Play { town, .. } | Action::Reveal(town) | Action::RevealSecond(town) => vec![town],
            Action::Move { from, .. } => [Some(from), reveal].into_iter().flatten().collect(),
            Action::Rail { from, .. } => vec![from],
            Action::Lasso { to, .. } | Action::Push { to, .. } | Action::Drive { to, .. } => vec![to],
            _ => Vec::new(),
        };
        towns.dedup();
        towns
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
            return Err(RuleError::illegal(format!("{} is not in your hand", card.name())));
        }
        if !self.is_town(town) {
            return Err(RuleError::ruled("R18", format!("{town} is not a face-up town; underlings go only to towns")));
        }
        if let Some(news) = news
            && !player.news.contains(&news)
        {
            return Err(RuleError::illegal(format!("{} is not among your News Stories", news.title())));
        }
        if under_top {
            if !player.holds(Item::SecretPassage) {
                return Err(RuleError::ruled("R34", "only the Secret Passage plays beneath the top entry"));
            }
            if player.used.secret_passage {
                return Err(RuleError::illegal("the Secret Passage was already used this round"));
            }
            if self.town(town).stack.is_empty() {
                return Err(RuleError::illegal(format!(
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
            return Err(RuleError::illegal(format!("{town} is not a face-up town")));
        }
        let stack = &self.town(town).stack;
        if !second {
            return match stack.last() {
                Some(top) if top.owner == seat => Ok(()),
                Some(_) => Err(RuleError::ruled("R19", format!("the top entry at {town} is not yours"))),
                None => Err(RuleError::illegal(format!("the stack at {town} is empty"))),
            };
        }
        let player = self.player(seat);
        if !player.holds(Item::ForgedOrders) {
            return Err(RuleError::illegal("only Forged Orders reveals a second entry"));
        }
        if player.used.forged_orders {
            return Err(RuleError::illegal("Forged Orders were already used this round"));
        }
        match stack.len().checked_sub(2).map(|i| stack[i]) {
            Some(entry) if entry.owner == seat => Ok(()),
            Some(_) => Err(RuleError::illegal(format!("the second entry from the top at {town} is not yours"))),
            None => Err(RuleError::illegal(format!("the stack at {town} has fewer than two entries"))),
        }
    }

    /// R36: `Skip` only without a top entry but with a `RevealSecond`.
    fn check_skip(&self, seat: Seat) -> Result<(), RuleError> {
        if self.face_up().any(|t| self.check_reveal(seat, t, false).is_ok()) {
            return Err(RuleError::ruled("R19", "you have an entry on top of a stack, so you must reveal"));
        }
        Ok(())
    }
}

// The candidates of each decision, in menu order: a close superset of the legal actions, so
// `legal_actions_into` (which filters them through `check`) rarely builds a refusal.
impl GunslingerGang {
    /// Candidates for `seat`'s current decision.
    fn candidates(&self, seat: Seat) -> Vec<Action> {
        match self.resolving {
            Some(r) => self.step_candidates(seat, &r),
            None if self.phase == Phase::Planning => self.play_candidates(seat),
            None => self.turn_candidates(seat),
        }
    }

    /// §4.2: card × town × News (none first) × on top / beneath (Secret Passage).
    fn play_candidates(&self, seat: Seat) -> Vec<Action> {
        let player = self.player(seat);
        let news: Vec<Option<News>> = std::iter::once(None).chain(player.news.iter().copied().map(Some)).collect();
        let passage = player.holds(Item::SecretPassage) && !player.used.secret_passage;
        let mut out = Vec::new();
        for card in player.hand.iter() {
            for town in self.face_up() {
                let unders: &[bool] =
                    if passage && !self.town(town).stack.is_empty() { &[false, true] } else { &[false] };
                for news in &news {
                    out.extend(unders.iter().map(|under_top| Action::Play {
                        card,
                        town,
                        news: *news,
                        under_top: *under_top,
                    }));
                }
            }
        }
        out
    }

    /// §4.3: reveals in reading order, then second reveals, then `Skip` (R36).
    fn turn_candidates(&self, seat: Seat) -> Vec<Action> {
        let mut out: Vec<Action> = self
            .face_up()
            .filter(|t| self.town(*t).stack.last().is_some_and(|e| e.owner == seat))
            .map(Action::Reveal)
            .collect();
        let player = self.player(seat);
        let skip = out.is_empty();
        if player.holds(Item::ForgedOrders) && !player.used.forged_orders {
            out.extend(self.face_up().map(Action::RevealSecond));
        }
        if skip {
            out.push(Action::Skip);
        }
        out
    }

    /// The decisions inside a reveal (§4.4–4.7).
    fn step_candidates(&self, seat: Seat, r: &Resolving) -> Vec<Action> {
        let here = r.town;
        let others: Vec<_> = self.seats().filter(|s| *s != seat && self.town(here).outlaws[s.index()] > 0).collect();
        let near: Vec<Pos> = self.face_up().filter(|t| t.orthogonal_to(here)).collect();
        let colour = |s: &Seat| self.colour(*s);
        let mut out = Vec::new();
        match r.step {
            Step::Timing => return Timing::ALL.map(Action::Timing).to_vec(),
            Step::Ability => {
                let dynamite = self.holds(seat, Item::Dynamite) && !self.player(seat).dynamite_spent;
                let abilities = if dynamite { &Ability::ALL[..] } else { &Ability::ALL[..3] };
                return abilities.iter().map(|a| Action::Use(*a)).collect();
            }
            Step::Hustle { .. } => return self.hustle_candidates(seat, here, &others, &near),
            Step::Ambush => return others.iter().map(|s| Action::Ambush(colour(s))).collect(),
            Step::Turncoat => return others.iter().map(|s| Action::Turncoat(colour(s))).collect(),
            Step::Elect { .. } | Step::SwearIn => {
                let step = if r.step == Step::SwearIn { Action::SwearIn } else { Action::Elect };
                out.extend(Role::ALL.map(step));
            }
            Step::Push { .. } => {
                out.extend(
                    others.iter().flat_map(|s| near.iter().map(|to| Action::Push { player: colour(s), to: *to })),
                );
            }
            Step::Drive => {
                let have = self.town(here).outlaws[seat.index()];
                out.extend(near.iter().flat_map(|to| (1..=have).map(|count| Action::Drive { to: *to, count })));
            }
            Step::Blast { .. } => {
                let targets = self.seats().filter(|s| self.town(here).outlaws[s.index()] > 0);
                out.extend(targets.map(|s| Action::Blast(self.colour(s))));
            }
            Step::Rail { .. } => {
                let from = self.face_up().filter(|t| *t != here);
                out.extend(from.flat_map(|t| self.pieces_of(seat, t).map(move |kind| Action::Rail { from: t, kind })));
            }
        }
        out.push(Action::Done);
        out
    }

    /// §4.6: moves, promotions, Jail Keys, Lasso, then `done`.
    fn hustle_candidates(&self, seat: Seat, here: Pos, others: &[Seat], near: &[Pos]) -> Vec<Action> {
        let player = self.player(seat);
        let spurs = player.holds(Item::Spurs);
        let sources = self.face_up().filter(|t| t.orthogonal_to(here) || (spurs && t.diagonal_to(here)));
        let mut out: Vec<Action> =
            sources.flat_map(|t| self.pieces_of(seat, t).map(move |kind| Action::Move { from: t, kind })).collect();
        out.extend(Role::ALL.map(Action::Promote));
        if player.holds(Item::JailKeys) && !player.used.jail_keys {
            out.extend(Role::ALL.map(Action::Demote));
        }
        if player.holds(Item::Lasso) && !player.used.lasso {
            out.extend(
                others.iter().flat_map(|s| near.iter().map(|to| Action::Lasso { player: self.colour(*s), to: *to })),
            );
        }
        out.push(Action::Done);
        out
    }

    /// The kinds of piece `seat` has at `pos`.
    fn pieces_of(&self, seat: Seat, pos: Pos) -> impl Iterator<Item = Piece> + '_ {
        Piece::ALL.into_iter().filter(move |kind| self.has_piece(seat, pos, *kind))
    }
}
