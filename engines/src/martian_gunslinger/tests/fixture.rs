//! Test fixtures: a game built directly in a given position (the scenarios' "State:" lines),
//! with the scenario conventions for everything unlisted, and helpers to drive it.

use crate::game::{Game, RuleError, Seat};
use crate::martian_gunslinger::action::Action;
use crate::martian_gunslinger::checks::has_straight_flush;
use crate::martian_gunslinger::events::Event;
use crate::martian_gunslinger::state::{
    EventSlot, EventStatus, HAND_LIMIT, MartianGunslinger, Options, Player, PlotId, Stage, Token, TokenKind, TurnState,
};
use crate::parts::cards::{Card, CardSet, deck};
use crate::parts::dice::Treehouse;
use crate::parts::grid::{Direction, Square};
use crate::parts::pyramids::Size;
use crate::rng::GameRng;

/// Ann, Bob and Cara.
pub(crate) const ANN: Seat = Seat(0);
pub(crate) const BOB: Seat = Seat(1);
pub(crate) const CARA: Seat = Seat(2);

pub(crate) fn c(text: &str) -> Card {
    text.parse().expect("card")
}

pub(crate) fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace().map(c).collect()
}

pub(crate) fn set(text: &str) -> CardSet {
    cards(text).into_iter().collect()
}

pub(crate) fn sq(text: &str) -> Square {
    text.parse().expect("square")
}

pub(crate) fn act(text: &str) -> Action {
    text.parse().expect("action")
}

/// The scripted value that makes the Treehouse die show `face`.
pub(crate) fn face(face: Treehouse) -> u32 {
    u32::from(face.number() - 1)
}

/// Scripted values for one roll: `d6` and the Treehouse face.
pub(crate) fn roll(d6: u32, th: Treehouse) -> [u32; 2] {
    [d6 - 1, face(th)]
}

/// A position under construction.
pub(crate) struct Fx {
    pub(crate) g: MartianGunslinger,
    hands: Vec<Option<CardSet>>,
    top: Vec<Card>,
    exact: bool,
}

impl Fx {
    /// `players` seated Ann, Bob, Cara, Dan in turn order; homes a1, h8, h1, a8 with Small
    /// pieces at home facing the board's centre; plotpoints PL c6, PM e5, PS f3.
    pub(crate) fn new(players: usize) -> Self {
        let mut g = MartianGunslinger::setup(&Options::default(), players, GameRng::scripted((0..6).cycle().take(64)))
            .expect("setup");
        g.order = g.seats().collect();
        let homes = [("a1", Direction::NE), ("h8", Direction::SW), ("h1", Direction::NW), ("a8", Direction::SE)];
        for seat in g.seats().collect::<Vec<_>>() {
            let (home, dir) = homes[seat.index()];
            let p = &mut g.players[seat.index()];
            p.home = Some(sq(home));
            p.piece.square = Some(sq(home));
            p.piece.facing = dir;
            p.quota = 0;
        }
        g.plotpoints = [Some(sq("c6")), Some(sq("e5")), Some(sq("f3"))];
        g.stage = Stage::SlotStart;
        g.turn_pos = 0;
        let n = g.players.len();
        Self { g, hands: vec![None; n], top: Vec::new(), exact: false }
    }

    pub(crate) fn player(&mut self, seat: Seat) -> &mut Player {
        &mut self.g.players[seat.index()]
    }

    pub(crate) fn home(mut self, seat: Seat, home: &str) -> Self {
        self.player(seat).home = Some(sq(home));
        self
    }

    /// The piece: `None` square = `Off`.
    pub(crate) fn piece(mut self, seat: Seat, square: Option<&str>, facing: Direction, size: Size) -> Self {
        let p = self.player(seat);
        p.piece.square = square.map(sq);
        p.piece.facing = facing;
        p.piece.size = size;
        self
    }

    pub(crate) fn plots(mut self, pl: &str, pm: &str, ps: &str) -> Self {
        self.g.plotpoints = [Some(sq(pl)), Some(sq(pm)), Some(sq(ps))];
        self
    }

    pub(crate) fn vp(mut self, seat: Seat, vp: u8, lifetime: u8) -> Self {
        let p = self.player(seat);
        p.vp = vp;
        p.lifetime = lifetime;
        self
    }

    pub(crate) fn lost(mut self, seat: Seat, turns: u8) -> Self {
        self.player(seat).lost_turns = turns;
        self
    }

    pub(crate) fn hand(mut self, seat: Seat, text: &str) -> Self {
        self.hands[seat.index()] = Some(set(text));
        self.player(seat).hand = set(text);
        self
    }

    pub(crate) fn resources(mut self, seat: Seat, text: &str) -> Self {
        self.player(seat).resources = set(text);
        self
    }

    pub(crate) fn event(mut self, seat: Seat, card: &str) -> Self {
        self.player(seat).event = Some(EventSlot { card: c(card), status: EventStatus::Hidden });
        self
    }

    pub(crate) fn event_slot(mut self, seat: Seat, slot: Option<EventSlot>) -> Self {
        self.player(seat).event = slot;
        self
    }

    pub(crate) fn locked(mut self, seat: Seat, text: &str) -> Self {
        self.player(seat).locked = set(text);
        self
    }

    pub(crate) fn token(mut self, seat: Seat, card: &str, kind: TokenKind) -> Self {
        self.player(seat).tokens.push(Token { card: c(card), kind });
        self
    }

    pub(crate) fn mayor(mut self, seat: Seat, counter: u8) -> Self {
        self.g.mayor = Some(seat);
        self.g.mayor_counter = counter;
        self
    }

    /// The draw pile's top cards, top first.
    pub(crate) fn draw(mut self, text: &str) -> Self {
        self.top = cards(text);
        self
    }

    /// The draw pile is exactly the listed cards; the rest sit in unlisted hands and
    /// resources (no straight flush, hands of at most ten).
    pub(crate) fn exact(mut self) -> Self {
        self.exact = true;
        self
    }

    pub(crate) fn discard(mut self, text: &str) -> Self {
        self.g.discard = cards(text);
        self
    }

    fn used(&self) -> CardSet {
        let mut used: CardSet = self.top.iter().copied().collect();
        for (_, zone) in self.g.zones() {
            used = used.union(zone.into_iter().collect());
        }
        used
    }

    fn take_free(&self, used: &mut CardSet, ok: impl Fn(Card) -> bool) -> Card {
        let card = deck().into_iter().rev().find(|c| !used.contains(*c) && ok(*c)).expect("a free card");
        used.insert(card);
        card
    }

    /// Fills the conventions (non-playable Hidden events, non-empty hands, the rest of the
    /// deck below the listed top) and starts at `stage` in `active`'s slot.
    pub(crate) fn at(mut self, active: Seat, stage: Stage, script: &[u32]) -> MartianGunslinger {
        let mut used = self.used();
        for seat in self.g.seats().collect::<Vec<_>>() {
            if self.g.player(seat).event.is_none() {
                let g = &self.g;
                let card = self.take_free(&mut used, |card| {
                    let mut probe = g.clone();
                    probe.players[seat.index()].event = Some(EventSlot { card, status: EventStatus::Hidden });
                    probe.event_options_for(seat).is_empty()
                });
                self.player(seat).event = Some(EventSlot { card, status: EventStatus::Hidden });
            }
            if self.hands[seat.index()].is_none() {
                let a = self.take_free(&mut used, |_| true);
                let b = self.take_free(&mut used, |_| true);
                self.player(seat).hand = [a, b].into_iter().collect();
            }
        }
        let rest: Vec<Card> = deck().into_iter().filter(|c| !used.contains(*c)).collect();
        if self.exact {
            self.stash(active, rest);
            self.g.draw = self.top.iter().rev().copied().collect();
        } else {
            let mut pile: Vec<Card> = rest.into_iter().rev().collect();
            pile.extend(self.top.iter().rev());
            self.g.draw = pile;
        }
        let g = &mut self.g;
        g.turn_pos = g.order.iter().position(|s| *s == active).expect("seated");
        g.stage = stage;
        g.slot = 1;
        g.turn = TurnState::default();
        g.rng = GameRng::scripted(script.iter().copied());
        self.g
    }

    fn stash(&mut self, active: Seat, rest: Vec<Card>) {
        let others: Vec<Seat> = self.g.seats().filter(|s| *s != active).collect();
        'cards: for card in rest {
            for seat in &others {
                if self.g.player(*seat).hand.len() < HAND_LIMIT {
                    self.player(*seat).hand.insert(card);
                    continue 'cards;
                }
            }
            for seat in &others {
                let mut with = self.g.player(*seat).resources;
                with.insert(card);
                if !has_straight_flush(with) {
                    self.player(*seat).resources = with;
                    continue 'cards;
                }
            }
            self.player(active).hand.insert(card);
        }
    }
}

/// Applies `text` for `seat`, panicking with the refusal if it is refused.
pub(crate) fn play(g: &mut MartianGunslinger, seat: Seat, text: &str) -> Vec<Event> {
    g.apply(seat, &act(text)).unwrap_or_else(|e| panic!("{text} refused: {e}"))
}

/// Asserts `text` is refused for `seat` and changes nothing, down to the serialized bytes;
/// returns the refusal.
pub(crate) fn reject(g: &MartianGunslinger, seat: Seat, text: &str) -> RuleError {
    let before = serde_json::to_string(g).expect("the state serializes");
    let mut copy = g.clone();
    let err = copy.apply(seat, &act(text)).expect_err(text);
    assert_eq!(&copy, g, "refused {text} changed the state");
    assert_eq!(serde_json::to_string(&copy).expect("the state serializes"), before, "refused {text} changed the bytes");
    err
}

/// Runs the automatic steps from the fixture's starting stage.
pub(crate) fn start(g: &mut MartianGunslinger) -> Vec<Event> {
    let mut events = Vec::new();
    g.advance(&mut events);
    g.check_invariants().expect("invariants after start");
    events
}

/// Replaces the scripted random results.
pub(crate) fn script(g: &mut MartianGunslinger, values: &[u32]) {
    g.rng = GameRng::scripted(values.iter().copied());
}

/// Appends scripted random results.
pub(crate) fn push(g: &mut MartianGunslinger, values: &[u32]) {
    for v in values {
        g.rng.push_script(*v);
    }
}

/// The legal actions of `seat` as text.
pub(crate) fn legal(g: &MartianGunslinger, seat: Seat) -> Vec<String> {
    g.legal_actions(seat).iter().map(ToString::to_string).collect()
}

/// Plays default (pass/skip) actions for whoever is pending until the current slot is over;
/// the game then waits at the first decision of a later slot (the caller scripts its dice).
pub(crate) fn finish_slot(g: &mut MartianGunslinger) {
    let slot = g.slot;
    for _ in 0..200 {
        if g.slot != slot || g.stage == Stage::Over {
            return;
        }
        let seat = g.must_seats().first().expect("someone pending");
        let action = g.timeout_action(seat).expect("a default");
        g.apply(seat, &action).unwrap_or_else(|e| panic!("default {action} refused: {e}"));
    }
    panic!("the slot did not end");
}

impl MartianGunslinger {
    /// The plotpoint on a square (tests).
    pub(crate) fn plot(&self, id: PlotId) -> Option<Square> {
        self.plotpoints[id as usize]
    }

    /// Test view of the discard pile's top cards, top first.
    pub(crate) fn discard_top(&self, count: usize) -> Vec<Card> {
        self.discard.iter().rev().take(count).copied().collect()
    }

    /// The piece of `seat`.
    pub(crate) fn piece_of(&self, seat: Seat) -> (Option<Square>, Direction, Size) {
        let p = self.player(seat).piece;
        (p.square, p.facing, p.size)
    }
}
