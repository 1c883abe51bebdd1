//! The candidates of each decision, in menu order: a close superset of the legal actions, so
//! [`GunslingerGang::legal`] (which filters them through `check`) rarely builds a refusal.

use super::action::{Ability, Action, Piece, Role, Timing};
use super::board::Pos;
use super::cards::{Item, News};
use super::state::{GunslingerGang, Phase, Resolving, Step};
use crate::game::Seat;

impl GunslingerGang {
    /// Candidates for `seat`'s current decision.
    pub(crate) fn candidates(&self, seat: Seat) -> Vec<Action> {
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
