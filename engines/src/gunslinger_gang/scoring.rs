//! Control (§6.1), the Scoring phase (§6.2), Growth and Founding (§4.9, §6.3) and the end of
//! the game (§6.4).

use serde::{Deserialize, Serialize};

use super::board::{Pos, Tile};
use super::cards::Item;
use super::events::{Bonus, BuildingReason, Event};
use super::state::{GunslingerGang, Phase, ROUNDS};
use crate::game::{Outcome, Seat, SeatSet, Standing};

/// How a town is controlled (§6.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum How {
    /// Nobody controls it (empty, or a tie no lawman breaks).
    None,
    /// The most gunslingers outright.
    Majority,
    /// A tie broken by the sheriff or the deputy.
    Lawman,
}

/// Who controls a town and how (§6.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Control {
    /// The controller, if any.
    pub controller: Option<Seat>,
    /// How.
    pub how: How,
    /// Highest count minus the runner-up's, for a majority.
    pub margin: u8,
}

impl Control {
    /// The closeness key of §6.3 (R22): 0 nobody, 1 lawman, 1 + margin otherwise.
    #[must_use]
    pub const fn key(self) -> u8 {
        match self.how {
            How::None => 0,
            How::Lawman => 1,
            How::Majority => 1 + self.margin,
        }
    }
}

/// One town's line of the Scoring breakdown (§8.6).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TownScore {
    /// The town.
    pub town: Pos,
    /// Its tile.
    pub tile: Tile,
    /// Gunslinger count per seat.
    pub counts: Vec<u8>,
    /// Control.
    pub control: Control,
    /// VP the controller gained.
    pub vp: u32,
}

/// The breakdown of one Scoring phase and what followed it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoringReport {
    /// The round scored.
    pub round: u8,
    /// Every town scored, in reading order.
    pub towns: Vec<TownScore>,
    /// Towns that received a Growth building.
    pub growth: Vec<Pos>,
}

/// What separated two neighbours in the final standings (§6.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TieBreak {
    /// The lower player resigned (Designed).
    Resignation,
    /// More VP.
    Vp,
    /// Equal VP, more sheriffs on the board (R28).
    Sheriffs,
    /// Equal VP and sheriffs, more deputies (R28).
    Deputies,
    /// Still tied: the duel at high noon (R29, R41).
    Duel,
}

/// One player's end-of-game line (§6.4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FinalLine {
    /// The seat.
    pub seat: Seat,
    /// Final VP.
    pub vp: u32,
    /// Of which from items at game end.
    pub item_vp: u32,
    /// Of which from News Stories in hand (R30).
    pub news_vp: u32,
    /// Sheriffs held on the board.
    pub sheriffs: u8,
    /// Deputies held on the board.
    pub deputies: u8,
    /// Resigned.
    pub resigned: bool,
}

/// The end of the game: standings best first and what decided each place.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FinalResult {
    /// Best first.
    pub lines: Vec<FinalLine>,
    /// `breaks[i]` separated `lines[i]` from `lines[i + 1]`.
    pub breaks: Vec<TieBreak>,
}

impl GunslingerGang {
    /// §6.1 control of the town at `pos`.
    pub(crate) fn control(&self, pos: Pos) -> Control {
        let town = self.town(pos);
        let counts: Vec<u8> = self.seats().map(|s| town.count(s)).collect();
        let max = counts.iter().copied().max().unwrap_or(0);
        let none = Control { controller: None, how: How::None, margin: 0 };
        if max == 0 {
            return none;
        }
        let tied: Vec<Seat> = self.seats().filter(|s| counts[s.index()] == max).collect();
        if let [only] = tied[..] {
            let second = self.seats().filter(|s| *s != only).map(|s| counts[s.index()]).max().unwrap_or(0);
            return Control { controller: Some(only), how: How::Majority, margin: max - second };
        }
        // R26: a lawman outside the tied group has no effect.
        let lawman = [town.sheriff, town.deputy].into_iter().flatten().find(|s| tied.contains(s));
        match lawman {
            Some(seat) => Control { controller: Some(seat), how: How::Lawman, margin: 0 },
            None => none,
        }
    }

    /// §6.2 step 1 for one town: the controller's VP.
    pub(crate) fn town_vp(&self, pos: Pos, control: Control) -> u32 {
        let Some(seat) = control.controller else { return 0 };
        let town = self.town(pos);
        let tile = town.tile;
        // R31: Collapse beats Gold Strike; flags do not stack.
        let output = if town.collapse {
            0
        } else if town.gold_strike {
            2 * tile.output()
        } else {
            tile.output()
        };
        let sheriff = if town.sheriff == Some(seat) { tile.sheriff_bonus() } else { 0 };
        let deputy = if town.deputy == Some(seat) { tile.deputy_bonus().unwrap_or(0) } else { 0 };
        let buildings: u32 = town.buildings.iter().map(|b| u32::from(*b)).sum();
        let wager = if town.wagers.contains(seat) { 2 } else { 0 };
        let horseshoe = u32::from(control.how == How::Lawman && self.holds(seat, Item::LuckyHorseshoe));
        output + sheriff + deputy + buildings + wager + horseshoe
    }

    /// §4.9: SCORING, GROWTH, FOUNDING and the round end, all automatic.
    pub(crate) fn score_round(&mut self, events: &mut Vec<Event>) {
        // R32: items claimed in this phase do not act in it (Saddlebags aside, R40).
        let holders = |item: Item| -> Vec<Seat> { self.seats().filter(|s| self.holds(*s, item)).collect() };
        let (ledgers, pickaxes) = (holders(Item::BountyLedger), holders(Item::Pickaxe));
        let mut towns = Vec::new();
        for pos in self.face_up().collect::<Vec<_>>() {
            let control = self.control(pos);
            let vp = self.town_vp(pos, control);
            if let Some(seat) = control.controller {
                self.player_mut(seat).vp += vp;
            }
            events.push(Event::TownScored { town: pos, control, vp });
            let counts = self.seats().map(|s| self.town(pos).count(s)).collect();
            towns.push(TownScore { town: pos, tile: self.town(pos).tile, counts, control, vp });
        }
        for line in &towns {
            let Some(seat) = line.control.controller else { continue };
            if self.town(line.town).item.is_some() {
                self.claim(seat, line.town, events);
            }
            if line.tile == Tile::Saloon {
                self.draw(seat, events); // Gossip
            }
        }
        self.phase_end_items(&towns, &ledgers, &pickaxes, events);
        let growth = if self.round < ROUNDS { self.growth(&towns, events) } else { Vec::new() };
        if self.round == 2 {
            self.found(events);
        }
        self.last_scoring = Some(ScoringReport { round: self.round, towns, growth });
        self.end_round(events);
    }

    /// §6.2 step 3: Bounty Ledger and Pickaxe, simultaneously.
    fn phase_end_items(&mut self, towns: &[TownScore], ledgers: &[Seat], pickaxes: &[Seat], events: &mut Vec<Event>) {
        let wanted = self.most_wanted();
        let mut gains = Vec::new();
        for seat in ledgers {
            if !wanted.contains(*seat) {
                gains.push((*seat, Bonus::BountyLedger));
            }
        }
        for seat in pickaxes {
            if towns.iter().filter(|t| t.control.controller == Some(*seat)).count() >= 3 {
                gains.push((*seat, Bonus::Pickaxe));
            }
        }
        for (seat, why) in gains {
            self.player_mut(seat).vp += 1;
            events.push(Event::Bonus { seat, vp: 1, why });
        }
    }

    /// §4.9 GROWTH (R22, R23, R25): the two closest towns get a building.
    fn growth(&mut self, towns: &[TownScore], events: &mut Vec<Event>) -> Vec<Pos> {
        let mut ranked: Vec<(u8, Pos)> = towns.iter().map(|t| (t.control.key(), t.town)).collect();
        ranked.sort();
        let value = if self.round <= 2 { 2 } else { 3 };
        let chosen: Vec<Pos> = ranked.iter().take(2).map(|(_, pos)| *pos).collect();
        for pos in &chosen {
            self.place_building(*pos, value, BuildingReason::Growth, events);
        }
        chosen
    }

    /// §4.9 FOUNDING (R7, R24): the facedown positions turn face up with a 1VP building.
    fn found(&mut self, events: &mut Vec<Event>) {
        for pos in self.positions().filter(|p| !self.town(*p).face_up).collect::<Vec<_>>() {
            let town = self.town_mut(pos);
            town.face_up = true;
            events.push(Event::Founded { town: pos, tile: town.tile, item: town.item });
            self.place_building(pos, 1, BuildingReason::Founding, events);
        }
    }

    /// §4.9 Round end: flags cleared; the next round or the end of the game.
    fn end_round(&mut self, events: &mut Vec<Event>) {
        for town in &mut self.towns {
            town.gold_strike = false;
            town.collapse = false;
            town.wagers = SeatSet::EMPTY;
        }
        events.push(Event::RoundEnded { round: self.round });
        if self.round >= ROUNDS {
            self.end_game(events);
            return;
        }
        self.start_seat = self.next_seat(self.start_seat);
        self.round += 1;
        self.start_round(events);
    }

    /// §6.4: item and News VP, then the standings with every tie-break.
    pub(crate) fn end_game(&mut self, events: &mut Vec<Event>) {
        let mut lines = Vec::new();
        for seat in self.seats() {
            let player = self.player(seat);
            let item_vp: u32 = player.items.iter().map(|i| i.end_vp()).sum();
            let news_vp = player.news.len() as u32; // R30
            let vp = player.vp + item_vp + news_vp;
            let sheriffs = self.towns.iter().filter(|t| t.sheriff == Some(seat)).count() as u8;
            let deputies = self.towns.iter().filter(|t| t.deputy == Some(seat)).count() as u8;
            let resigned = player.resigned;
            lines.push(FinalLine { seat, vp, item_vp, news_vp, sheriffs, deputies, resigned });
        }
        for line in &lines {
            self.player_mut(line.seat).vp = line.vp;
        }
        let key = |l: &FinalLine| (!l.resigned, l.vp, l.sheriffs, l.deputies);
        lines.sort_by_key(|l| std::cmp::Reverse(key(l))); // stable: seat order within a tie
        let mut ordered = Vec::with_capacity(lines.len());
        let mut breaks = Vec::new();
        let mut rest = lines.as_slice();
        while let Some(first) = rest.first() {
            let size = rest.iter().take_while(|l| key(l) == key(first)).count();
            // R41: one draw per place among the still-tied, listed in seat order.
            let mut group: Vec<FinalLine> = rest[..size].to_vec();
            while group.len() >= 2 {
                let pick = self.rng.index(group.len());
                ordered.push(group.remove(pick));
                breaks.push(TieBreak::Duel);
            }
            ordered.extend(group);
            rest = &rest[size..];
            if let Some(next) = rest.first() {
                breaks.push(separation(ordered.last().expect("a group has a player"), next));
            }
        }
        self.phase = Phase::Finished;
        let result = FinalResult { lines: ordered, breaks };
        events.push(Event::GameEnded { result: result.clone() });
        self.result = Some(result);
    }

    /// The outcome, once the game is over.
    pub(crate) fn outcome(&self) -> Option<Outcome> {
        let result = self.result.as_ref()?;
        let standings = result
            .lines
            .iter()
            .enumerate()
            .map(|(i, line)| {
                let mut detail = format!(
                    "{} VP ({} from items, {} from News), {} sheriff{}, {} deput{}",
                    line.vp,
                    line.item_vp,
                    line.news_vp,
                    line.sheriffs,
                    if line.sheriffs == 1 { "" } else { "s" },
                    line.deputies,
                    if line.deputies == 1 { "y" } else { "ies" }
                );
                if i > 0 && result.breaks[i - 1] == TieBreak::Duel {
                    detail.push_str(", lost a duel at high noon");
                }
                if line.resigned {
                    detail.push_str(", resigned");
                }
                Standing { seat: line.seat, place: i as u8 + 1, score: i64::from(line.vp), detail }
            })
            .collect();
        let winners = result.lines.first().filter(|l| !l.resigned).map(|l| SeatSet::one(l.seat)).unwrap_or_default();
        Some(Outcome { standings, winners, reason: "four rounds were played".into() })
    }
}

/// What separates two players of different keys.
fn separation(above: &FinalLine, below: &FinalLine) -> TieBreak {
    if above.resigned != below.resigned {
        TieBreak::Resignation
    } else if above.vp != below.vp {
        TieBreak::Vp
    } else if above.sheriffs != below.sheriffs {
        TieBreak::Sheriffs
    } else {
        TieBreak::Deputies
    }
}
