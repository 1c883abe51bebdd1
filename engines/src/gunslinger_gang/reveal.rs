//! REVEAL (§4.4): News timing, the ability, the order of the two, and step 4; plus the
//! dispatch of every sub-step decision to its check and effect.

use super::action::{Ability, Action, Timing};
use super::board::Pos;
use super::cards::{Card, Item, Title};
use super::events::Event;
use super::state::{GunslingerGang, Resolving, Step};
use crate::game::{RuleError, Seat};

impl GunslingerGang {
    /// §4.4 step 1: the entry leaves the stack and becomes public.
    pub(crate) fn reveal(&mut self, seat: Seat, town: Pos, second: bool, events: &mut Vec<Event>) {
        let stack = &mut self.town_mut(town).stack;
        let index = stack.len() - if second { 2 } else { 1 };
        let entry = stack.remove(index);
        if second {
            self.player_mut(seat).used.forged_orders = true;
        }
        let card = Card { colour: self.colour(seat), underling: entry.card };
        events.push(Event::Revealed { seat, town, card, second, story: entry.news.map(|n| n.title()) });
        self.resolving = Some(Resolving {
            seat,
            town,
            card: entry.card,
            news: entry.news,
            second,
            timing: None,
            ability: None,
            news_done: entry.news.is_none(),
            ability_done: false,
            step: if entry.news.is_some() { Step::Timing } else { Step::Ability },
        });
    }

    pub(crate) fn resolving_mut(&mut self) -> &mut Resolving {
        self.resolving.as_mut().expect("a reveal is in progress")
    }

    /// Checks a decision inside a reveal.
    pub(crate) fn check_step(&self, seat: Seat, r: &Resolving, action: &Action) -> Result<(), RuleError> {
        match (r.step, *action) {
            (Step::Timing, Action::Timing(_)) => Ok(()),
            (Step::Timing, _) => {
                Err(RuleError::ruled("R11", "first choose when the News Story resolves: before, after or keep"))
            }
            (Step::Ability, Action::Use(Ability::Dynamite)) => {
                let player = self.player(seat);
                if !player.holds(Item::Dynamite) {
                    Err(RuleError::illegal("you do not hold the Dynamite"))
                } else if player.dynamite_spent {
                    Err(RuleError::illegal("your Dynamite is spent"))
                } else {
                    Ok(())
                }
            }
            (Step::Ability, Action::Use(_)) => Ok(()),
            (Step::Ability, _) => Err(RuleError::illegal("choose the underling's ability first: A, B or C")),
            (Step::Hustle { .. }, _) => self.check_hustle(seat, r.town, action),
            (Step::Rail { .. } | Step::SwearIn | Step::Turncoat, _) => self.check_news_step(seat, r, action),
            _ => self.check_talent(seat, r, action),
        }
    }

    /// Applies a checked decision inside a reveal.
    pub(crate) fn perform_step(&mut self, seat: Seat, action: Action, events: &mut Vec<Event>) {
        let r = *self.resolving.as_ref().expect("a reveal is in progress");
        match (r.step, action) {
            (Step::Timing, Action::Timing(timing)) => self.choose_timing(seat, timing, events),
            (Step::Ability, Action::Use(ability)) => self.choose_ability(seat, ability, events),
            (Step::Hustle { left }, _) => self.hustle(seat, r.town, left, action, events),
            (Step::Rail { .. } | Step::SwearIn | Step::Turncoat, _) => self.news_step(seat, r, action, events),
            _ => self.talent_step(seat, r, action, events),
        }
    }

    /// §4.4 step 2 `NewsTiming`.
    fn choose_timing(&mut self, seat: Seat, timing: Timing, events: &mut Vec<Event>) {
        let r = self.resolving_mut();
        r.timing = Some(timing);
        let news = r.news.expect("timing is only asked with a News Story");
        events.push(Event::TimingChosen { seat, timing, story: news.title() });
        if timing == Timing::Keep {
            // R11: back to hand, ignoring the hand limit (R42).
            r.news = None;
            r.news_done = true;
            let player = self.player_mut(seat);
            player.news.push(news);
            // A card kept, attached again and kept again is known once.
            if !player.known_news.contains(&news) {
                player.known_news.push(news);
            }
        }
        self.next_part(events);
    }

    /// §4.4 step 3 `ChooseAbility`.
    fn choose_ability(&mut self, seat: Seat, ability: Ability, events: &mut Vec<Event>) {
        let r = self.resolving_mut();
        r.ability = Some(ability);
        let card = r.card;
        events.push(Event::AbilityChosen { seat, card, ability });
        if self.begin_ability(seat, ability, events) {
            return;
        }
        self.resolving_mut().ability_done = true;
        self.next_part(events);
    }

    /// Ends the ability part of the reveal.
    pub(crate) fn end_ability(&mut self, events: &mut Vec<Event>) {
        self.resolving_mut().ability_done = true;
        self.next_part(events);
    }

    /// Ends the News part of the reveal.
    pub(crate) fn end_news(&mut self, events: &mut Vec<Event>) {
        self.resolving_mut().news_done = true;
        self.next_part(events);
    }

    /// Runs the reveal on to its next decision: News first when resolved Before, the ability,
    /// then News resolved After, then step 4.
    pub(crate) fn next_part(&mut self, events: &mut Vec<Event>) {
        loop {
            let r = *self.resolving.as_ref().expect("a reveal is in progress");
            let news_now = !r.news_done && (r.timing == Some(Timing::Before) || r.ability_done);
            if news_now {
                let news = r.news.expect("News not done means a News Story is attached");
                if self.begin_news(r.seat, r.town, news, events) {
                    return;
                }
                self.resolving_mut().news_done = true;
                continue;
            }
            if !r.ability_done {
                self.resolving_mut().step = Step::Ability;
                return;
            }
            self.finish_reveal(events);
            return;
        }
    }

    /// §4.4 step 4: the underling to the Resolved row, the News Story to the discard pile
    /// (Boomtown out of the game); then the next player's Resolution turn.
    fn finish_reveal(&mut self, events: &mut Vec<Event>) {
        let r = self.resolving.take().expect("a reveal is in progress");
        let colour = self.colour(r.seat);
        self.player_mut(r.seat).resolved.insert(r.card);
        if let Some(news) = r.news {
            if news.title() == Title::Boomtown {
                self.removed.push(news);
            } else {
                self.discard.push(news);
            }
        }
        events.push(Event::Resolved { seat: r.seat, card: Card { colour, underling: r.card } });
        self.current = self.next_seat(r.seat);
    }
}
