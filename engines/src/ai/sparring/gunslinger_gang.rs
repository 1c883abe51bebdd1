//! Gunslinger Gang partners (rules §4, §6), reading one seat's view:
//!
//! - `hirer` plays its underlings on the towns worth most to it and hires with every one
//!   (B), except that the Telegraph Operator wires for News (each one in hand is worth 1 VP at
//!   the end, §6.4) and the Gambler wagers on a town it holds; it attaches no News and keeps
//!   every News it draws;
//! - `boss` weighs the three abilities of each underling where it is revealed (moving its
//!   gunslingers in from beside, hiring, or the talent), counting what each does to who
//!   controls the town (§6.1), and follows each through step by step; it plays its News where
//!   it helps and keeps the rest.
//!
//! A town is worth its output, the bonuses of the lawmen its controller holds, its buildings
//! and an unclaimed item (§6.2); what matters is whether the partner controls it.

use super::{Sparring, best_by};
use crate::game::Seat;
use crate::gunslinger_gang::{
    Ability, Action, Colour, GunslingerGang, News, Piece, Pos, Role, Tile, Timing, Title, TownView, Underling, View,
};
use crate::rng::GameRng;

impl Sparring for GunslingerGang {
    const PARTNERS: &'static [&'static str] = &["hirer", "boss"];

    fn spar(partner: usize, seat: Seat, view: &View, legal: &[Action], _rng: &mut GameRng) -> Action {
        let me = Me { seat, view, boss: partner == 1 };
        best_by(legal, |action| me.score(action))
    }
}

struct Me<'v> {
    seat: Seat,
    view: &'v View,
    boss: bool,
}

impl Me<'_> {
    fn score(&self, action: &Action) -> f64 {
        match *action {
            Action::Play { card, town, news, under_top } => {
                self.play(card, town, news) - f64::from(u8::from(under_top))
            }
            Action::Reveal(town) => self.reveal(town),
            Action::RevealSecond(town) => self.reveal(town) - 0.5,
            Action::Skip | Action::Done => 0.0,
            Action::Timing(timing) => self.timing(timing),
            Action::Use(ability) => self.ability(ability),
            Action::Move { from, kind } | Action::Rail { from, kind } => self.bring(from, kind),
            Action::Promote(role) | Action::Elect(role) | Action::SwearIn(role) => self.promote(role),
            Action::Demote(role) => self.demote(role),
            Action::Lasso { player, to } | Action::Push { player, to } => self.push(player, to),
            Action::Ambush(player) | Action::Turncoat(player) => self.hit(player),
            Action::Blast(player) => self.hit(player) - 0.1,
            Action::Drive { to, count } => self.drive(to, count),
            Action::Resign => -100.0,
        }
    }

    fn town(&self, pos: Pos) -> Option<&TownView> {
        self.view.towns.iter().find(|t| t.town == pos && t.face_up)
    }

    /// The town of the reveal under way.
    fn here(&self) -> Option<&TownView> {
        self.view.resolving.as_ref().and_then(|r| self.town(r.town))
    }

    fn colour_seat(&self, colour: Colour) -> Option<Seat> {
        self.view.players.iter().find(|p| p.colour == colour).map(|p| p.seat)
    }

    /// Supply left for hires.
    fn supply(&self) -> u8 {
        self.view.players[self.seat.index()].supply
    }

    /// What a card played at `town` may do there: the best of its abilities (the hirer: B).
    fn play(&self, card: Underling, town: Pos, news: Option<News>) -> f64 {
        let Some(t) = self.town(town) else { return -10.0 };
        let power = if self.boss {
            self.moves_gain(t, card.value())
                .max(self.gain(t, &[(self.seat, i32::from(card.hire()))]))
                .max(self.talent(t, card))
        } else {
            self.gain(t, &[(self.seat, i32::from(card.hire()))]).max(self.talent(t, card))
        };
        // Something to play where nothing can be won: a little for the town's worth.
        let attached = news.map_or(0.0, |n| self.news_here(t, n.title()) - 1.0);
        power + 0.05 * worth(t) + attached + f64::from(card.value()) / 100.0
    }

    /// Reveal where the own card does most (its card is known to its owner).
    fn reveal(&self, pos: Pos) -> f64 {
        let Some(t) = self.town(pos) else { return -10.0 };
        let Some(card) = t.stack.last().and_then(|e| e.card) else { return 0.1 };
        1.0 + self.play(card.underling, pos, None)
    }

    fn timing(&self, timing: Timing) -> f64 {
        let Some(r) = self.view.resolving.as_ref() else { return 0.0 };
        let (Some(t), Some(story)) = (self.town(r.town), r.story) else { return 0.0 };
        let now = self.news_here(t, story.title());
        match timing {
            // A News in hand is worth 1 VP at the end (§6.4).
            Timing::Keep => 1.0,
            Timing::Before if self.boss => now + 0.01,
            Timing::After if self.boss => now,
            _ => -1.0,
        }
    }

    /// What a News Story does at town `t` for the partner (§2.6), in VP.
    fn news_here(&self, t: &TownView, title: Title) -> f64 {
        let rival = self.rival(t);
        match title {
            Title::Boomtown if self.controls(t) => 2.0,
            Title::GoldStrike if self.controls(t) => tile(t).map_or(0.0, |x| f64::from(x.output())),
            Title::Reinforcements => self.gain(t, &[(self.seat, i32::from(self.supply().min(2)))]),
            Title::Shootout | Title::WantedPoster => rival.map_or(0.0, |r| self.gain(t, &[(r, -1)])),
            Title::Turncoat => rival.map_or(0.0, |r| self.gain(t, &[(r, -1), (self.seat, 1)])),
            Title::StagecoachRobbery if t.item.is_some() => 1.5,
            Title::SwearingIn => 0.5,
            _ => 0.0,
        }
    }

    fn ability(&self, ability: Ability) -> f64 {
        let (Some(r), Some(t)) = (self.view.resolving.as_ref(), self.here()) else { return 0.0 };
        let card = r.card.underling;
        let hire = self.gain(t, &[(self.seat, i32::from(card.hire().min(self.supply())))]) + 0.01;
        match ability {
            Ability::B => hire + 0.2,
            Ability::A if self.boss => self.moves_gain(t, card.value()),
            Ability::C => self.talent(t, card),
            _ => -1.0,
        }
    }

    /// Moving `budget` own gunslingers in from the towns beside `t` (§4.6): what is gained
    /// here, less what the towns they leave lose.
    fn moves_gain(&self, t: &TownView, budget: u8) -> f64 {
        let mut spare = 0;
        for other in self.view.towns.iter().filter(|o| o.face_up && o.town.orthogonal_to(t.town)) {
            let mine = count(other, self.seat);
            let safe = (mine - self.best_other(other) - 1).max(0);
            spare += if self.controls(other) { safe } else { mine };
        }
        let n = spare.min(i32::from(budget));
        self.gain(t, &[(self.seat, n)])
    }

    /// What a card's talent (C) does at `t` (§2.4).
    fn talent(&self, t: &TownView, card: Underling) -> f64 {
        let rival = self.rival(t);
        match card {
            Underling::Kid => rival.map_or(0.0, |r| self.gain(t, &[(r, -1)])),
            Underling::Gambler if self.controls(t) => 2.0,
            Underling::Operator => {
                let me = &self.view.players[self.seat.index()];
                f64::from(me.hand_limit.saturating_sub(me.news_in_hand).min(2)) * 0.9
            }
            Underling::HiredGun if self.boss => rival.map_or(0.0, |r| self.gain(t, &[(r, -2)])),
            _ => 0.0,
        }
    }

    /// A Move or Rail step of a piece from `from` into the reveal's town.
    fn bring(&self, from: Pos, kind: Piece) -> f64 {
        let (Some(t), Some(source)) = (self.here(), self.town(from)) else { return -1.0 };
        let gain = self.gain(t, &[(self.seat, 1)]);
        let loss = self.gain(source, &[(self.seat, -1)]);
        let lawman = if kind == Piece::Outlaw { 0.0 } else { 0.6 };
        // A step in hand is worth taking to widen a thin lead (the margin is what the next
        // reveal must overturn).
        let thin = if self.margin(t) <= 1 { 0.15 } else { 0.02 };
        gain + loss - lawman + if self.margin(source) > 1 { thin } else { -0.2 }
    }

    fn promote(&self, role: Role) -> f64 {
        let Some(t) = self.here() else { return 0.0 };
        let bonus = tile(t)
            .map_or(0, |x| if role == Role::Sheriff { x.sheriff_bonus() } else { x.deputy_bonus().unwrap_or(0) });
        let tied = count(t, self.seat) == self.best_other(t);
        0.5 + f64::from(bonus) + if tied { worth(t) } else { 0.0 }
    }

    fn demote(&self, role: Role) -> f64 {
        let Some(t) = self.here() else { return 0.0 };
        let holder = if role == Role::Sheriff { t.sheriff } else { t.deputy };
        if holder == Some(self.seat) { -1.0 } else { 0.3 }
    }

    /// Pushing or lassoing `player`'s outlaw from here to `to`.
    fn push(&self, player: Colour, to: Pos) -> f64 {
        let (Some(t), Some(seat)) = (self.here(), self.colour_seat(player)) else { return -1.0 };
        let away = self.town(to).map_or(0.0, |d| self.gain(d, &[(seat, 1)]));
        self.gain(t, &[(seat, -1)]) + away + 0.05 * f64::from(u8::from(Some(seat) == self.rival(t)))
    }

    /// Removing one of `player`'s outlaws here.
    fn hit(&self, player: Colour) -> f64 {
        let (Some(t), Some(seat)) = (self.here(), self.colour_seat(player)) else { return -1.0 };
        if seat == self.seat {
            return -1.0;
        }
        self.gain(t, &[(seat, -1)]) + 0.1 * f64::from(count(t, seat))
    }

    fn drive(&self, to: Pos, n: u8) -> f64 {
        let (Some(t), Some(d)) = (self.here(), self.town(to)) else { return -1.0 };
        let n = i32::from(n);
        self.gain(d, &[(self.seat, n)]) + self.gain(t, &[(self.seat, -n)]) - 0.01 * f64::from(n)
    }

    /// The change in what `t` is worth to the partner when counts change by `changes`.
    fn gain(&self, t: &TownView, changes: &[(Seat, i32)]) -> f64 {
        let before = self.share(t, &[]);
        let after = self.share(t, changes);
        after - before
    }

    /// What `t` is worth to the partner with counts changed by `changes` (§6.1): the town's
    /// worth if it controls it, with a little for a safer margin.
    fn share(&self, t: &TownView, changes: &[(Seat, i32)]) -> f64 {
        let counts: Vec<i32> = (0..t.outlaws.len())
            .map(|i| {
                let seat = Seat(i as u8);
                count(t, seat) + changes.iter().filter(|(s, _)| *s == seat).map(|(_, d)| d).sum::<i32>()
            })
            .collect();
        let mine = counts[self.seat.index()];
        let best =
            counts.iter().enumerate().filter(|(i, _)| *i != self.seat.index()).map(|(_, c)| *c).max().unwrap_or(0);
        let lawman = t.sheriff == Some(self.seat)
            || (t.deputy == Some(self.seat) && t.sheriff.is_none_or(|s| counts[s.index()] < mine));
        let controls = mine > 0 && (mine > best || (mine == best && lawman));
        if controls { worth(t) + 0.1 * f64::from((mine - best).clamp(0, 3)) } else { 0.0 }
    }

    fn controls(&self, t: &TownView) -> bool {
        t.control.is_some_and(|c| c.controller == Some(self.seat))
    }

    /// The strongest other player at `t`.
    fn rival(&self, t: &TownView) -> Option<Seat> {
        (0..t.outlaws.len())
            .map(|i| Seat(i as u8))
            .filter(|s| *s != self.seat && count(t, *s) > 0)
            .max_by_key(|s| count(t, *s))
    }

    fn best_other(&self, t: &TownView) -> i32 {
        (0..t.outlaws.len()).map(|i| Seat(i as u8)).filter(|s| *s != self.seat).map(|s| count(t, s)).max().unwrap_or(0)
    }

    fn margin(&self, t: &TownView) -> i32 {
        count(t, self.seat) - self.best_other(t)
    }
}

fn tile(t: &TownView) -> Option<Tile> {
    t.tile
}

/// A player's gunslingers at a town: outlaws and lawmen (§2.1).
fn count(t: &TownView, seat: Seat) -> i32 {
    i32::from(t.outlaws.get(seat.index()).copied().unwrap_or(0))
        + i32::from(t.sheriff == Some(seat))
        + i32::from(t.deputy == Some(seat))
}

/// What controlling `t` is worth in a Scoring (§6.2): output, a lawman's bonus, buildings, an
/// unclaimed item, and the Saloon's News.
fn worth(t: &TownView) -> f64 {
    let Some(tile) = t.tile else { return 0.0 };
    let buildings: u32 = t.buildings.iter().map(|b| u32::from(*b)).sum();
    let saloon = if tile == Tile::Saloon { 0.8 } else { 0.0 };
    f64::from(tile.output() + tile.sheriff_bonus() + buildings) + if t.item.is_some() { 1.0 } else { 0.0 } + saloon
}
