//! T6 hand cards (§4.7, R24–R29), the 8/9 refill, and T7 resources (§4.8).

use super::action::{Action, Bonus, HandPlay, PlayOption, Target};
use super::events::Event;
use super::state::{MartianGunslinger, REFILL_TO, Stage, Token, TokenKind, all_squares};
use crate::game::Seat;
use crate::parts::cards::{Card, CardSet, Rank};

/// R24: face-up resources of the card's suit each rank costs.
pub(crate) const fn cost_of(rank: Rank) -> usize {
    match rank.value() {
        10..=13 => 2,
        _ => 1,
    }
}

/// Every way to choose `k` (1 or 2) cards of `set`, in canonical order.
fn choose(set: CardSet, k: usize) -> Vec<CardSet> {
    let cards: Vec<Card> = set.iter().collect();
    match k {
        1 => cards.iter().map(|c| [*c].into_iter().collect()).collect(),
        _ => {
            let mut out = Vec::new();
            for (i, a) in cards.iter().enumerate() {
                for b in &cards[i + 1..] {
                    out.push([*a, *b].into_iter().collect());
                }
            }
            out
        }
    }
}

impl MartianGunslinger {
    /// The options a hand card of this rank may take now ("able to take effect", R24, R29).
    fn play_options(&self, seat: Seat, card: Card) -> Vec<PlayOption> {
        let player = self.player(seat);
        let on_board = player.piece.square.is_some();
        match card.rank.value() {
            13 => vec![PlayOption::King(Bonus::Draw), PlayOption::King(Bonus::Discard)],
            12 | 11 | 14 => vec![PlayOption::Plain],
            10 if on_board => all_squares().filter(|s| !self.occupied(*s)).map(PlayOption::Teleport).collect(),
            8 | 9 => {
                let mut options = vec![PlayOption::Refill { swap: false }];
                if player.hidden_event().is_some() {
                    options.push(PlayOption::Refill { swap: true });
                }
                options
            }
            5..=7 if on_board && player.piece.size.grown().is_some() => vec![PlayOption::Plain],
            2..=4 => self.destroy_options(seat),
            _ => Vec::new(),
        }
    }

    /// 2/3/4 targets: each opponent's face-up cards, and `locked` when it has Locked cards.
    fn destroy_options(&self, seat: Seat) -> Vec<PlayOption> {
        let mut options = Vec::new();
        for victim in self.opponents(seat) {
            let p = self.player(victim);
            options.extend(p.resources.iter().map(|c| PlayOption::Destroy { victim, target: Target::Card(c) }));
            if !p.locked.is_empty() {
                options.push(PlayOption::Destroy { victim, target: Target::Locked });
            }
        }
        options
    }

    /// Every legal `PlayHandCard` of the active player, and `SkipHandCard` first.
    pub(crate) fn hand_card_actions(&self, out: &mut Vec<Action>) {
        out.push(Action::SkipHandCard);
        let a = self.active();
        let player = self.player(a);
        for card in player.hand.iter() {
            let same_suit = player.resources.of_suit(card.suit);
            let need = cost_of(card.rank);
            if same_suit.len() < need {
                continue;
            }
            let options = self.play_options(a, card);
            if options.is_empty() {
                continue;
            }
            for costs in choose(same_suit, need) {
                out.extend(
                    options.iter().map(|option| Action::PlayHandCard(HandPlay { card, costs, option: *option })),
                );
            }
        }
    }

    /// Resolution order (§4.7): costs discarded, the card to Tokens or the discard pile, then
    /// the effect.
    pub(crate) fn play_hand_card(&mut self, play: HandPlay, ev: &mut Vec<Event>) {
        let a = self.active();
        ev.push(Event::HandCardPlayed { seat: a, play });
        self.discard_resources(a, play.costs);
        self.players[a.index()].hand.remove(play.card);
        self.turn.cards_played += 1;
        self.turn.hand_card_played = true;
        self.stage = Stage::Resource;
        let token = match (play.card.rank.value(), play.option) {
            (13, PlayOption::King(Bonus::Draw)) | (12, _) => Some(TokenKind::Draw),
            (13, _) | (11, _) => Some(TokenKind::Discard),
            (14, _) => Some(TokenKind::Reroll),
            _ => None,
        };
        match token {
            Some(kind) => self.players[a.index()].tokens.push(Token { card: play.card, kind }),
            None => self.discard_batch([play.card]),
        }
        match play.option {
            PlayOption::Teleport(to) => {
                self.note_path(self.player(a).piece.square, to);
                self.players[a.index()].piece.square = Some(to);
                ev.push(Event::Teleported { seat: a, to });
            }
            PlayOption::Refill { swap } => {
                self.turn.refill = CardSet::EMPTY;
                self.turn.refill_swap = swap;
                self.stage = Stage::Refill;
            }
            PlayOption::Destroy { victim, target } => self.destroy(victim, target, ev),
            PlayOption::Plain if (5..=7).contains(&play.card.rank.value()) => {
                let piece = &mut self.players[a.index()].piece;
                if let Some(size) = piece.size.grown() {
                    piece.size = size;
                    ev.push(Event::Grew { seat: a, size });
                }
            }
            PlayOption::Plain | PlayOption::King(_) => {}
        }
    }

    /// 2/3/4: the card is discarded; `Locked` picks uniformly among the victim's Locked cards
    /// in canonical order (R52).
    fn destroy(&mut self, victim: Seat, target: Target, ev: &mut Vec<Event>) {
        let player = self.player(victim);
        let (card, locked) = match target {
            Target::Card(card) => (card, false),
            Target::Locked => {
                let cards: Vec<Card> = player.locked.iter().collect();
                if cards.is_empty() {
                    return;
                }
                (cards[self.rng.index(cards.len())], true)
            }
        };
        let player = &mut self.players[victim.index()];
        player.resources.remove(card);
        player.locked.remove(card);
        self.discard_batch([card]);
        ev.push(Event::Destroyed { victim, card, locked });
    }

    /// 8/9 discards: `RefillDone` first, then each hand card not yet chosen.
    pub(crate) fn refill_actions(&self, out: &mut Vec<Action>) {
        out.push(Action::RefillDone);
        let hand = self.player(self.active()).hand;
        out.extend(hand.difference(self.turn.refill).iter().map(Action::RefillDiscard));
    }

    /// One more card for the 8/9 discard, or done: discard them (one batch), draw up to six,
    /// then swap the event card if chosen (R27).
    pub(crate) fn refill(&mut self, action: Action, ev: &mut Vec<Event>) {
        let a = self.active();
        if let Action::RefillDiscard(card) = action {
            self.turn.refill.insert(card);
            ev.push(Event::RefillChose { seat: a, card });
            return;
        }
        let chosen = std::mem::take(&mut self.turn.refill);
        let player = &mut self.players[a.index()];
        player.hand = player.hand.difference(chosen);
        self.discard_batch(chosen.iter());
        ev.push(Event::Refilled { seat: a, discarded: chosen.iter().collect() });
        let missing = REFILL_TO.saturating_sub(self.player(a).hand.len());
        self.draw_to_hand(a, missing, ev);
        if self.turn.refill_swap
            && let Some(card) = self.player(a).hidden_event()
        {
            ev.push(Event::EventSwapped { seat: a, card });
            self.replace_event_card(a, ev);
        }
        self.turn.refill_swap = false;
        self.stage = Stage::Resource;
    }

    /// T7: `SkipResource` first, then each hand card.
    pub(crate) fn resource_actions(&self, out: &mut Vec<Action>) {
        out.push(Action::SkipResource);
        out.extend(self.player(self.active()).hand.iter().map(Action::LayResource));
    }

    /// `LayResource(card)`.
    pub(crate) fn lay_resource(&mut self, card: Card, ev: &mut Vec<Event>) {
        let a = self.active();
        let player = &mut self.players[a.index()];
        player.hand.remove(card);
        player.resources.insert(card);
        self.turn.cards_played += 1;
        ev.push(Event::ResourceLaid { seat: a, card });
        self.stage = Stage::Event;
    }
}
