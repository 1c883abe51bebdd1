//! What a viewer may see (§5): the public table, plus one seat's own secrets.

use serde::{Deserialize, Serialize};

use super::action::{EventParams, Pile};
use super::state::{EventStatus, LastMove, MartianGunslinger, PlotId, ROUND_CAP, Stage, Token, WinReason};
use crate::game::{Outcome, Seat, Secret, Standing, Viewer};
use crate::parts::cards::Card;
use crate::parts::dice::Treehouse;
use crate::parts::grid::{Direction, Square};
use crate::parts::pyramids::{Colour, Size};

/// A piece as everybody sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PieceView {
    /// S, M or L.
    pub size: Size,
    /// The square; `None` before placement or while off the board.
    pub square: Option<Square>,
    /// Where it points.
    pub facing: Direction,
}

/// An event slot as everybody sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EventView {
    /// Empty.
    Empty,
    /// A face-down card (only its owner knows it).
    Hidden,
    /// A revealed Casino Tycoon with its designated cards.
    Tycoon {
        /// The 9.
        card: Card,
        /// The designated Queen, 2 and third card.
        designated: [Card; 3],
    },
    /// A revealed Hanging Judge with its designated Ace and 4.
    Judge {
        /// The 8.
        card: Card,
        /// The designated Ace and 4.
        designated: [Card; 2],
    },
}

/// One player as everybody sees them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    /// The seat (join order).
    pub seat: Seat,
    /// Position in turn order, 1 = P1.
    pub order: usize,
    /// Colour.
    pub colour: Colour,
    /// Home corner.
    pub home: Option<Square>,
    /// The gunslinger.
    pub piece: PieceView,
    /// Victory points.
    pub vp: u8,
    /// VP ever gained (gates attacks, R17).
    pub lifetime: u8,
    /// Slots still to be lost.
    pub lost_turns: u8,
    /// The plotpoint of the last attempt (R15).
    pub last_attempt: Option<PlotId>,
    /// Cards in hand.
    pub hand_size: usize,
    /// The event slot.
    pub event: EventView,
    /// Face-up resources.
    pub resources: Vec<Card>,
    /// Locked (Tycoon) cards; their identities are public (R52).
    pub locked: Vec<Card>,
    /// Token cards (K/Q/J bonuses, Ace re-rolls).
    pub tokens: Vec<Token>,
    /// Extra cards drawn in poker contests.
    pub draw_bonus: u8,
    /// Extra cards exchanged in poker contests.
    pub discard_bonus: u8,
    /// Ace re-rolls available.
    pub rerolls: u8,
    /// Left the game.
    pub resigned: bool,
}

/// The dice of the turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiceView {
    /// The table d6.
    pub d6: u8,
    /// The Treehouse face.
    pub face: Option<Treehouse>,
    /// The power in effect.
    pub power: Option<Treehouse>,
    /// Movement points left.
    pub mp: u8,
    /// Aim used.
    pub aim_used: bool,
    /// Hop used.
    pub hop_used: bool,
    /// Cards played in T6 + T7.
    pub cards_played: u8,
}

/// One side of a running contest, publicly.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ContestSideView {
    /// Who.
    pub seat: Seat,
    /// How many contest cards it holds.
    pub cards: usize,
    /// How many it may exchange.
    pub cap: u8,
    /// Whether its exchange is in.
    pub done: bool,
}

/// What only one seat sees: its own secrets.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OwnView {
    /// Whose.
    pub seat: Seat,
    /// The hand.
    pub hand: Vec<Card>,
    /// The Hidden event card.
    pub event: Option<Card>,
    /// The contest hand and the cards chosen for the exchange.
    pub contest_hand: Vec<Card>,
    /// Chosen for the sealed exchange.
    pub exchange: Vec<Card>,
    /// A card taken by Dig and not yet placed.
    pub dug: Option<Card>,
    /// The sealed bid, in its action form (`bid 2`).
    pub bid: Option<String>,
    /// Hand cards chosen for the 8/9 discard.
    pub refill: Vec<Card>,
}

/// A Martian Gunslinger table as one viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// Round, 1..=50.
    pub round: u16,
    /// The round cap (R50).
    pub round_cap: u16,
    /// Turn order, P1 first.
    pub order: Vec<Seat>,
    /// The slot's player.
    pub active: Option<Seat>,
    /// The step the game is at.
    pub stage: Stage,
    /// What is being decided, in words.
    pub asked: String,
    /// Who must decide now.
    pub pending: Vec<Seat>,
    /// Colour of the plotpoints.
    pub plotpoint_colour: Colour,
    /// Plotpoint squares, PL, PM, PS.
    pub plotpoints: Vec<(PlotId, Option<Square>)>,
    /// Every player.
    pub players: Vec<PlayerView>,
    /// The dice of the turn.
    pub dice: DiceView,
    /// Cards in the draw pile.
    pub draw_pile: usize,
    /// The discard pile, bottom first.
    pub discard_pile: Vec<Card>,
    /// Public cards of a running duel, or exchanged contest cards.
    pub set_aside: Vec<Card>,
    /// A card dug from the discard pile and not yet placed (public).
    pub dug: Option<Card>,
    /// The running contest's sides.
    pub contest: Vec<ContestSideView>,
    /// A revealed event still resolving, with its parameters.
    pub running_event: Option<(Card, EventParams)>,
    /// Seats whose Mayor bid is in (while bidding).
    pub bids_in: Vec<Seat>,
    /// The elected Mayor paying, and cards still due.
    pub payer: Option<(Seat, u8)>,
    /// The latest movement on the board (the slot's path and any Swap), for the picture.
    pub last_move: Option<LastMove>,
    /// The Mayor.
    pub mayor: Option<Seat>,
    /// Slot ends left before the Mayor wins.
    pub mayor_counter: u8,
    /// Why the game ended.
    pub end: Option<WinReason>,
    /// The result, once over.
    pub outcome: Option<Outcome>,
    /// The viewer's own secrets.
    pub me: Option<OwnView>,
}

impl MartianGunslinger {
    fn player_view(&self, seat: Seat) -> PlayerView {
        let p = self.player(seat);
        let event = match p.event {
            None => EventView::Empty,
            Some(slot) => match slot.status {
                EventStatus::Hidden => EventView::Hidden,
                EventStatus::Tycoon { casino, bank, other, .. } => {
                    EventView::Tycoon { card: slot.card, designated: [casino, bank, other] }
                }
                EventStatus::Judge { ace, four } => EventView::Judge { card: slot.card, designated: [ace, four] },
            },
        };
        PlayerView {
            seat,
            order: self.order_number(seat),
            colour: p.colour,
            home: p.home,
            piece: PieceView { size: p.piece.size, square: p.piece.square, facing: p.piece.facing },
            vp: p.vp,
            lifetime: p.lifetime,
            lost_turns: p.lost_turns,
            last_attempt: p.last_attempt,
            hand_size: p.hand.len(),
            event,
            resources: p.resources.iter().collect(),
            locked: p.locked.iter().collect(),
            tokens: p.tokens.clone(),
            draw_bonus: p.draw_bonus(),
            discard_bonus: p.discard_bonus(),
            rerolls: p.rerolls(),
            resigned: p.resigned,
        }
    }

    fn own_view(&self, seat: Seat) -> OwnView {
        let p = self.player(seat);
        let side = self.side(seat);
        let mine = self.active() == seat;
        OwnView {
            seat,
            hand: p.hand.iter().collect(),
            event: p.hidden_event(),
            contest_hand: side.map(|s| s.hand.iter().collect()).unwrap_or_default(),
            exchange: side.map(|s| s.chosen.iter().collect()).unwrap_or_default(),
            dug: self.turn.dug.filter(|_| mine).map(|(card, _)| card),
            bid: self
                .bids
                .get(seat.index())
                .copied()
                .flatten()
                .filter(|_| self.stage == Stage::Bid)
                .map(|b| format!("bid {b}")),
            refill: if mine { self.turn.refill.iter().collect() } else { Vec::new() },
        }
    }

    /// §6: the final standings, once over.
    pub(crate) fn outcome(&self) -> Option<Outcome> {
        let finish = self.finish.as_ref()?;
        let standings = finish
            .ranking
            .iter()
            .enumerate()
            .map(|(i, seat)| {
                let p = self.player(*seat);
                let mut detail = format!("{} VP ({} gained in the game)", p.vp, p.lifetime);
                if p.resigned {
                    detail.push_str(", resigned");
                }
                Standing { seat: *seat, place: i as u8 + 1, score: i64::from(p.vp), detail }
            })
            .collect();
        let reason = match finish.reason {
            WinReason::Points => "seven victory points".to_string(),
            WinReason::StraightFlush => "a straight flush among face-up resources".to_string(),
            WinReason::Forced => "every other gunslinger was forced off the board or home".to_string(),
            WinReason::Mayor => "Mayor for three rounds".to_string(),
            WinReason::Cap => format!("the {ROUND_CAP}-round cap was reached; most VP wins"),
            WinReason::LastStanding => "every other player resigned".to_string(),
            WinReason::AllResigned => "every player resigned".to_string(),
        };
        Some(Outcome { standings, winners: finish.winner.into_iter().collect(), reason })
    }
}

/// What `viewer` may see (§5): the public table, and a seat's own secrets for that seat.
pub(super) fn view(game: &MartianGunslinger, viewer: Viewer) -> View {
    let over = game.stage == Stage::Over;
    View {
        round: game.round,
        round_cap: ROUND_CAP,
        order: game.order.clone(),
        active: (!over).then(|| game.active()),
        stage: game.stage,
        asked: game.asked().to_string(),
        pending: game.must_seats().iter().collect(),
        plotpoint_colour: game.plot_colour,
        plotpoints: PlotId::ALL.iter().map(|p| (*p, game.plotpoints[*p as usize])).collect(),
        players: game.seats().map(|s| game.player_view(s)).collect(),
        dice: DiceView {
            d6: game.turn.d6,
            face: game.turn.face,
            power: game.turn.power,
            mp: game.turn.mp,
            aim_used: game.turn.aim_used,
            hop_used: game.turn.hop_used,
            cards_played: game.turn.cards_played,
        },
        draw_pile: game.draw.len(),
        discard_pile: game.discard.clone(),
        set_aside: game.set_aside.clone(),
        dug: game.turn.dug.filter(|(_, pile)| *pile == Pile::Discard).map(|(card, _)| card),
        contest: game
            .contest
            .iter()
            .flat_map(|c| c.sides.iter())
            .map(|s| ContestSideView { seat: s.seat, cards: s.hand.len(), cap: s.cap, done: s.done })
            .collect(),
        running_event: game.running.as_ref().map(|r| (r.card, r.params)),
        bids_in: if game.stage == Stage::Bid {
            game.playing().filter(|s| game.bids[s.index()].is_some()).collect()
        } else {
            Vec::new()
        },
        payer: game.payer,
        last_move: game.last_move.as_ref().map(|(_, moved)| moved.clone()),
        mayor: game.mayor,
        mayor_counter: game.mayor_counter,
        end: game.finish.as_ref().map(|f| f.reason),
        outcome: game.outcome(),
        me: match viewer {
            Viewer::Seat(seat) if seat.index() < game.players.len() => Some(game.own_view(seat)),
            _ => None,
        },
    }
}

/// Every secret (§5) with its owner, for the conformance harness. Left out are the cards whose
/// names are public wherever they lie now: those shown during the last action (see `revealed`)
/// and those a revealed event card designates (a Tycoon's three, R36; a Judge's two, R37),
/// which the views keep naming even after such a card is destroyed and reshuffled.
pub(super) fn secrets(game: &MartianGunslinger) -> Vec<Secret> {
    let mut out = Vec::new();
    let mut named = game.revealed;
    for slot in game.players.iter().filter_map(|p| p.event) {
        match slot.status {
            EventStatus::Tycoon { casino, bank, other, .. } => {
                named = named.union([casino, bank, other].into_iter().collect())
            }
            EventStatus::Judge { ace, four } => named = named.union([ace, four].into_iter().collect()),
            EventStatus::Hidden => {}
        }
    }
    let mut add = |owner: Option<Seat>, card: Card| {
        if !named.contains(card) {
            out.push(Secret { owner, token: card.to_string() });
        }
    };
    for seat in game.seats() {
        let p = game.player(seat);
        p.hand.iter().for_each(|c| add(Some(seat), c));
        if let Some(card) = p.hidden_event() {
            add(Some(seat), card);
        }
    }
    for side in game.contest.iter().flat_map(|c| c.sides.iter()) {
        side.hand.iter().for_each(|c| add(Some(side.seat), c));
    }
    if let Some((card, Pile::Draw)) = game.turn.dug {
        add(Some(game.active()), card);
    }
    game.draw.iter().for_each(|c| add(None, *c));
    if game.stage == Stage::Bid {
        for seat in game.seats() {
            if let Some(bid) = game.bids[seat.index()] {
                out.push(Secret { owner: Some(seat), token: format!("bid {bid}") });
            }
        }
    }
    out
}
