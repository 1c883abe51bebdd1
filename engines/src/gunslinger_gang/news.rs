//! News Stories (§2.6, §4.7), drawing (§4.8) and claiming items (R6, R39, R40).

use super::action::Action;
use super::board::Pos;
use super::cards::{Item, News, Title};
use super::events::{BuildingReason, Event, Removal};
use super::state::{GunslingerGang, Resolving, Step};
use crate::game::{RuleError, Seat};

/// Rail moves per Railroad.
const RAIL_MOVES: u8 = 2;
/// Outlaws Reinforcements hires.
const REINFORCEMENTS: u8 = 2;

impl GunslingerGang {
    /// Resolves `news` at `town` for `seat` (§4.7); `true` when it waits for a decision.
    pub(crate) fn begin_news(&mut self, seat: Seat, town: Pos, news: News, events: &mut Vec<Event>) -> bool {
        let step = match news.title() {
            Title::Boomtown => {
                self.place_building(town, 2, BuildingReason::Boomtown, events);
                None
            }
            Title::GoldStrike => {
                self.town_mut(town).gold_strike = true;
                events.push(Event::Flagged { town, story: Title::GoldStrike });
                None
            }
            Title::MineCollapse => {
                self.town_mut(town).collapse = true;
                events.push(Event::Flagged { town, story: Title::MineCollapse });
                None
            }
            Title::Reinforcements => {
                self.hire(seat, town, REINFORCEMENTS, events);
                None
            }
            Title::Railroad => Some(Step::Rail { left: RAIL_MOVES }),
            Title::Shootout => {
                self.cull(town, |s, n| s != seat && n >= 1, Removal::Shootout, events);
                None
            }
            Title::SaloonBrawl => {
                self.cull(town, |_, n| n >= 2, Removal::SaloonBrawl, events);
                None
            }
            Title::Jailbreak => {
                self.jailbreak(town, events);
                None
            }
            Title::SwearingIn => Some(Step::SwearIn),
            Title::Turncoat => self.begin_turncoat(seat, town, events),
            Title::WantedPoster => {
                let wanted = self.most_wanted();
                self.cull(town, |s, n| s != seat && wanted.contains(s) && n >= 1, Removal::WantedPoster, events);
                None
            }
            Title::StagecoachRobbery => {
                self.stagecoach(seat, town, events);
                None
            }
        };
        match step {
            Some(step) => {
                self.resolving_mut().step = step;
                true
            }
            None => false,
        }
    }

    /// Stagecoach Robbery: claims the unclaimed item here, if any (R39: it acts at once).
    fn stagecoach(&mut self, seat: Seat, town: Pos, events: &mut Vec<Event>) {
        if self.town(town).item.is_some() {
            self.claim(seat, town, events);
        } else {
            events.push(Event::NoEffect { seat, what: format!("Stagecoach Robbery: no item at {town}") });
        }
    }

    /// Every player for whom `hit(seat, outlaws here)` holds loses one outlaw here.
    fn cull(&mut self, town: Pos, hit: impl Fn(Seat, u8) -> bool, by: Removal, events: &mut Vec<Event>) {
        let victims: Vec<Seat> = self.seats().filter(|s| hit(*s, self.town(town).outlaws[s.index()])).collect();
        if victims.is_empty() {
            events.push(Event::NoEffect { seat: self.pending_seat(), what: format!("nobody at {town} is affected") });
        }
        for victim in victims {
            self.remove_outlaws(victim, town, 1, by, events);
        }
    }

    /// Jailbreak: the sheriff and deputy here become outlaws of their owners.
    fn jailbreak(&mut self, town: Pos, events: &mut Vec<Event>) {
        for role in super::action::Role::ALL {
            if let Some(holder) = self.town_mut(town).demote(role) {
                events.push(Event::Demoted { seat: holder, town, role });
            }
        }
    }

    /// Turncoat is mandatory when `seat` has a gunslinger in supply and another player an
    /// outlaw here; otherwise it has no effect (G5).
    fn begin_turncoat(&self, seat: Seat, town: Pos, events: &mut Vec<Event>) -> Option<Step> {
        let possible =
            self.player(seat).supply >= 1 && self.seats().any(|s| s != seat && self.town(town).outlaws[s.index()] > 0);
        if !possible {
            events.push(Event::NoEffect { seat, what: "Turncoat: no supply or no other outlaw here".into() });
        }
        possible.then_some(Step::Turncoat)
    }

    /// Places a building of `value` VP at `town`, or nothing when that supply is empty.
    pub(crate) fn place_building(&mut self, town: Pos, value: u8, reason: BuildingReason, events: &mut Vec<Event>) {
        let left = &mut self.buildings[usize::from(value) - 1];
        if *left == 0 {
            events.push(Event::Building { town, value: 0, reason });
            return;
        }
        *left -= 1;
        self.town_mut(town).buildings.push(value);
        events.push(Event::Building { town, value, reason });
    }

    /// Checks a News decision: Railroad, Swearing In, Turncoat (§4.7).
    pub(crate) fn check_news_step(&self, seat: Seat, r: &Resolving, action: &Action) -> Result<(), RuleError> {
        let town = r.town;
        match (r.step, *action) {
            (Step::Turncoat, Action::Turncoat(colour)) => self.check_target(seat, town, colour, true).map(drop),
            (Step::Turncoat, _) => {
                Err(RuleError::illegal("Turncoat is mandatory: choose another player with an outlaw here"))
            }
            (_, Action::Done) => Ok(()),
            (Step::Rail { .. }, Action::Rail { from, kind }) => {
                if from == town || !self.is_town(from) {
                    return Err(RuleError::illegal(format!("Railroad moves from another face-up town, not {from}")));
                }
                if !self.has_piece(seat, from, kind) {
                    return Err(RuleError::illegal(format!("you have no {} at {from}", kind.name())));
                }
                Ok(())
            }
            (Step::SwearIn, Action::SwearIn(role)) => self.check_promote(seat, town, role),
            (Step::Rail { .. }, _) => {
                Err(RuleError::illegal("Railroad: bring one of your gunslingers in from another town, or end"))
            }
            _ => Err(RuleError::illegal("Swearing In: swear your outlaw in as sheriff or deputy, or end")),
        }
    }

    /// Applies a News decision.
    pub(crate) fn news_step(&mut self, seat: Seat, r: Resolving, action: Action, events: &mut Vec<Event>) {
        let town = r.town;
        match (r.step, action) {
            (Step::Rail { left }, Action::Rail { from, kind }) => {
                self.move_piece(seat, from, town, kind, events);
                if left > 1 {
                    self.resolving_mut().step = Step::Rail { left: left - 1 };
                    return;
                }
            }
            (Step::SwearIn, Action::SwearIn(role)) => self.promote(seat, town, role, events),
            (Step::Turncoat, Action::Turncoat(colour)) => {
                let victim = self.seat_of(colour).expect("checked");
                self.remove_outlaws(victim, town, 1, Removal::Turncoat, events);
                self.hire(seat, town, 1, events);
            }
            (step, _) => {
                let unused = if let Step::Rail { left } = step { left } else { 0 };
                events.push(Event::Ended { seat, news: true, unused });
            }
        }
        self.end_news(events);
    }

    /// §4.8: one draw for `seat`: lost at the hand limit; an empty deck is refilled from the
    /// shuffled discard pile; lost if both are empty. Only `seat` learns the card (R38).
    pub(crate) fn draw(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let player = self.player(seat);
        if player.news.len() >= player.hand_limit() {
            events.push(Event::DrawLost { seat });
            return;
        }
        if self.deck.is_empty() && !self.discard.is_empty() {
            let mut cards = std::mem::take(&mut self.discard);
            self.rng.shuffle(&mut cards);
            events.push(Event::Reshuffled { cards: cards.len() as u8 });
            self.deck = cards;
        }
        if self.deck.is_empty() {
            events.push(Event::DrawLost { seat });
            return;
        }
        let news = self.deck.remove(0);
        // Drawn face down: private again, whoever saw it kept before.
        for player in &mut self.players {
            player.known_news.retain(|n| *n != news);
        }
        self.player_mut(seat).news.push(news);
        events.push(Event::Drew { seat });
        events.push(Event::DrewCard { seat, news });
    }

    /// R6: `seat` claims the unclaimed item at `town` for good; Saddlebags draws at once (I05).
    pub(crate) fn claim(&mut self, seat: Seat, town: Pos, events: &mut Vec<Event>) {
        let Some(item) = self.town_mut(town).item.take() else { return };
        self.player_mut(seat).items.push(item);
        events.push(Event::ItemClaimed { seat, town, item });
        if item == Item::Saddlebags {
            self.draw(seat, events);
        }
    }
}
