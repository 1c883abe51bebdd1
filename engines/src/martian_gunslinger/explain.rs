//! Why an action is refused, in words (R59): computed only from what the sender may see —
//! the board, public piles and the sender's own cards — never a hidden card or the deck order.

use super::action::{Action, HandPlay, PlayOption};
use super::hand::cost_of;
use super::state::{CORNERS, MartianGunslinger, Stage, front, in_corner_zone};
use crate::game::Seat;
use crate::parts::dice::Treehouse;
use crate::parts::grid::{Direction, Square};

impl MartianGunslinger {
    /// What the current decision is about, for refusals and views.
    pub(crate) fn asked(&self) -> &'static str {
        match self.stage {
            Stage::Placement => "a placement: PlaceHome or PlacePlotpoint",
            Stage::Compensation => "the compensation move: MovePlotpoint or SkipMovePlotpoint",
            Stage::ReEnter => "re-entering the board (ReEnter)",
            Stage::Reroll => "whether to spend an Ace re-roll (UseReroll or KeepRolls)",
            Stage::Wild => "the Wild face (WildChoose or WildReroll)",
            Stage::Power => "the Treehouse power (Tip, Swap, Dig or PassPower)",
            Stage::DigTo => "where the dug card goes (DigTo)",
            Stage::Move => "movement (Step, Reorient, Aim, Hop or EndMove)",
            Stage::Action => "the action (AttemptPlotpoint, Attack or SkipAction)",
            Stage::Exchange => "the sealed contest exchange (ContestDiscard)",
            Stage::HandCard => "a hand card (PlayHandCard or SkipHandCard)",
            Stage::Refill => "the cards to discard before refilling (refill … / refill done)",
            Stage::Resource => "a resource (LayResource or SkipResource)",
            Stage::Event => "the event card (PlayEvent or SkipEvent)",
            Stage::Bid => "a sealed Mayor bid (SubmitBid)",
            Stage::Pay => "paying for the Mayor's office (PayResource)",
            Stage::Loss => "a loss (ChooseLoss)",
            Stage::HandLimit => "discarding down to ten cards (DiscardCard)",
            Stage::SlotStart | Stage::Roll | Stage::Face | Stage::Draw | Stage::SlotEnd => "nothing (automatic step)",
            Stage::Over => "nothing: the game is over",
        }
    }

    /// A refusal reason for an action `seat` may not take now.
    pub(crate) fn explain(&self, seat: Seat, action: Action) -> String {
        let specific = match action {
            Action::PlaceHome { corner, dir } if self.stage == Stage::Placement => self.why_home(seat, corner, dir),
            Action::PlacePlotpoint(square) | Action::MovePlotpoint(_, square)
                if matches!(self.stage, Stage::Placement | Stage::Compensation) =>
            {
                self.why_plotpoint(seat, square)
            }
            Action::ReEnter(..) if self.stage == Stage::ReEnter => Some(
                "re-enter on your home square, or next to it when it is occupied, facing the board (R23, R7)".into(),
            ),
            Action::Step | Action::Reorient(_) | Action::Aim(_) | Action::Hop if self.stage == Stage::Move => {
                self.why_move(action)
            }
            Action::AttemptPlotpoint | Action::Attack if self.stage == Stage::Action => self.why_action(action),
            Action::PlayHandCard(play) if self.stage == Stage::HandCard => self.why_play(seat, play),
            Action::ContestDiscard(card) if self.stage == Stage::Exchange => self.side(seat).map(|side| {
                if !side.hand.contains(card) {
                    format!("{card} is not in your contest hand")
                } else if side.chosen.contains(card) {
                    format!("{card} is already chosen")
                } else {
                    format!("you may exchange at most {} cards (R18)", side.cap)
                }
            }),
            Action::SubmitBid(bid) if self.stage == Stage::Bid => Some(format!(
                "you may bid 0 to {} (your face-up resources), not {bid} (R44)",
                self.player(seat).resources.len()
            )),
            Action::PlayEvent(_) if self.stage == Stage::Event => Some(
                "your event card cannot be played with these cards: check its condition and the cards named (R33, R34)"
                    .into(),
            ),
            Action::LayResource(card) | Action::DiscardCard(card) | Action::RefillDiscard(card) => {
                Some(format!("{card} is not a card you may choose now"))
            }
            _ => None,
        };
        specific.unwrap_or_else(|| format!("that is not possible now; the game asks for {}", self.asked()))
    }

    fn why_home(&self, seat: Seat, corner: Square, dir: Direction) -> Option<String> {
        if self.player(seat).home.is_some() {
            return Some("you have already placed your home".into());
        }
        if !CORNERS.contains(&corner) {
            return Some(format!("{corner} is not a corner; homes are a1, h1, a8 or h8"));
        }
        if self.seats().any(|s| self.player(s).home == Some(corner)) {
            return Some(format!("{corner} is already claimed"));
        }
        front(corner, dir).is_none().then(|| format!("facing {dir} from {corner} points off the board (R7)"))
    }

    fn why_plotpoint(&self, seat: Seat, square: Square) -> Option<String> {
        if self.stage == Stage::Placement && self.player(seat).quota == 0 {
            return Some("you have no plotpoint left to place (R4)".into());
        }
        if in_corner_zone(square) {
            return Some(format!("{square} is a corner or next to one (R6)"));
        }
        if self.occupied(square) {
            return Some(format!("{square} is occupied"));
        }
        None
    }

    fn why_move(&self, action: Action) -> Option<String> {
        let piece = self.player(self.active()).piece;
        let square = piece.square?;
        Some(match action {
            Action::Step if self.turn.mp == 0 => "you have no movement points left".into(),
            Action::Step => match front(square, piece.facing) {
                None => "your piece faces the edge of the board".into(),
                Some(f) => format!("{f} is occupied"),
            },
            Action::Reorient(_) if self.turn.mp == 0 => "reorienting costs 1 movement point; you have none".into(),
            Action::Aim(_) if !self.can_aim() => "you have no unused Aim this turn".into(),
            Action::Reorient(dir) | Action::Aim(dir) if dir == piece.facing => format!("you already face {dir}"),
            Action::Reorient(dir) | Action::Aim(dir) => format!("facing {dir} points off the board (R7)"),
            _ if self.turn.power != Some(Treehouse::Hop) => "you have no Hop this turn".into(),
            _ if self.turn.hop_used => "you have already used your Hop".into(),
            _ => "nothing to hop over or up to in front of you (R10)".into(),
        })
    }

    fn why_action(&self, action: Action) -> Option<String> {
        let a = self.active();
        let piece = self.player(a).piece;
        let faced = piece.square.and_then(|sq| front(sq, piece.facing));
        Some(match (action, faced) {
            (Action::AttemptPlotpoint, Some(f)) => match self.plot_at(f) {
                Some(plot) => format!("Plotpoint {plot} was your last attempt (R15)"),
                None => "you do not face a plotpoint (R16)".into(),
            },
            (Action::Attack, Some(f)) => match self.piece_at(f) {
                Some(other) if other != a => format!("{other} has not scored 2 VP in this game yet (R17)"),
                _ => "you do not face an opponent's piece (R16)".into(),
            },
            _ => "your piece faces the edge of the board".into(),
        })
    }

    fn why_play(&self, seat: Seat, play: HandPlay) -> Option<String> {
        let player = self.player(seat);
        let card = play.card;
        if !player.hand.contains(card) {
            return Some(format!("{card} is not in your hand"));
        }
        if let Some(bad) = play.costs.iter().find(|c| c.suit != card.suit) {
            return Some(format!("{bad} is not a {} (R24)", card.suit.word()));
        }
        if let Some(bad) = play.costs.iter().find(|c| !player.resources.contains(*c)) {
            return Some(format!("{bad} is not among your face-up resources (R24, R52)"));
        }
        if play.costs.len() != cost_of(card.rank) {
            return Some(format!("{card} costs {} face-up {} (R24)", cost_of(card.rank), card.suit.word()));
        }
        let on_board = player.piece.square.is_some();
        Some(match (card.rank.value(), play.option) {
            (5..=7, _) if on_board && player.piece.size.grown().is_none() => "your piece is already Large (R29)".into(),
            (5..=7 | 10, _) if !on_board => "your piece is not on the board (R29)".into(),
            (10, PlayOption::Teleport(to)) => format!("{to} is not empty"),
            (8 | 9, PlayOption::Refill { swap: true }) => "you have no Hidden event card to swap (R27)".into(),
            (2..=4, PlayOption::Destroy { victim, .. }) if victim == seat => "choose an opponent's resource".into(),
            (2..=4, _) => "that opponent has no such resource (R52)".into(),
            _ => "that option does not fit this card (§4.7)".into(),
        })
    }
}
