//! The private, simultaneous setup of §3 step 5 (R4, R26, R45, R47): lands, nobles, walls
//! and shields in that order, then `setup_done`; the default setup of §3 step 6 for a
//! timeout, a resignation or a test fixture.

use super::action::Action;
use super::events::Event;
use super::lands::{Cell, TILES, TileColour};
use super::state::{Noble, Raja, SetupProgress};
use crate::game::{RuleError, Seat};

/// Where a player is in §3 step 5 (a–e in order).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SetupStage {
    /// a. `land_add`, `land_color`, `land_confirm`.
    Lands,
    /// b. `noble_place`.
    Nobles,
    /// c. `build_declare`, `build_place`.
    Walls,
    /// d. `shield_deploy`.
    Shields,
    /// e. `setup_done`.
    Ready,
    /// Waiting for the others.
    Done,
}

/// Default extra tiles, red tiles, nobles and shields (§3 step 6).
const DEFAULT_TILES: [Cell; 3] = [Cell::new(2, 0), Cell::new(2, 1), Cell::new(0, 2)];
const DEFAULT_RED: [Cell; 4] = [Cell::new(1, 0), Cell::new(2, 0), Cell::new(0, 1), Cell::new(0, 2)];
const DEFAULT_NOBLES: [Cell; 3] = [Cell::new(0, 0), Cell::new(2, 0), Cell::new(1, 1)];
const DEFAULT_SHIELDS: [(u8, Cell); 2] = [(2, Cell::new(0, 1)), (1, Cell::new(2, 1))];

impl Raja {
    /// A player's setup progress (`None` once the game is past setup).
    pub(crate) fn progress(&self, seat: Seat) -> Option<&SetupProgress> {
        self.player(seat).setup.as_ref()
    }

    /// Where `seat` is in §3 step 5.
    pub(crate) fn setup_stage(&self, seat: Seat) -> SetupStage {
        let p = self.player(seat);
        let Some(progress) = &p.setup else { return SetupStage::Done };
        if progress.done {
            SetupStage::Done
        } else if !progress.confirmed {
            SetupStage::Lands
        } else if p.cities.iter().any(|c| c.noble == Noble::Unplaced) {
            SetupStage::Nobles
        } else if progress.allowance > 0 || progress.placing.is_some() {
            SetupStage::Walls
        } else if p.shields.iter().any(|&s| s > 0) {
            SetupStage::Shields
        } else {
            SetupStage::Ready
        }
    }

    /// Whether `action` is a legal setup step for `seat` now.
    pub(crate) fn check_setup(&self, seat: Seat, action: &Action) -> Result<(), RuleError> {
        let stage = self.setup_stage(seat);
        let p = self.player(seat);
        let wrong = || {
            let at = match stage {
                SetupStage::Lands => "laying out your lands",
                SetupStage::Nobles => "placing your nobles",
                SetupStage::Walls => "building your walls",
                SetupStage::Shields => "deploying your shields",
                SetupStage::Ready => "finishing your setup",
                SetupStage::Done => "waiting for the others",
            };
            RuleError::ruled("R47", format!("setup goes lands, then nobles, walls, shields and done; you are {at}"))
        };
        match (stage, action) {
            (SetupStage::Lands, Action::LandAdd(cell)) => {
                if p.lands.len() >= TILES {
                    Err(RuleError::illegal("your lands already have 7 tiles"))
                } else if !p.lands.frontier().contains(cell) {
                    Err(RuleError::ruled("R4", format!("{cell} is not an empty cell next to your lands")))
                } else {
                    Ok(())
                }
            }
            (SetupStage::Lands, Action::LandColor(cell, colour)) => match p.lands.tile(*cell) {
                None => Err(RuleError::illegal(format!("you have no tile at {cell}"))),
                Some(t) if t.colour == *colour => Err(RuleError::illegal(format!("{cell} is already {colour}"))),
                Some(t) if t.changes >= 2 => Err(RuleError::ruled("R45", format!("{cell} was turned twice already"))),
                Some(_) => Ok(()),
            },
            (SetupStage::Lands, Action::LandConfirm) if p.lands.len() == TILES => Ok(()),
            (SetupStage::Lands, Action::LandConfirm) => Err(RuleError::illegal("your lands need 7 tiles")),
            (SetupStage::Nobles, Action::NoblePlace(cell)) => {
                if !p.lands.has(*cell) {
                    Err(RuleError::illegal(format!("{cell} is not one of your tiles")))
                } else if p.cities.iter().any(|c| c.cell == Some(*cell)) {
                    Err(RuleError::illegal(format!("a noble already stands on {cell}")))
                } else {
                    Ok(())
                }
            }
            (SetupStage::Walls, Action::BuildDeclare { city, stones }) => match self.progress(seat) {
                Some(pr) if pr.placing.is_some() => Err(RuleError::illegal("place the declared stones first")),
                Some(pr) if *stones == 0 || *stones > pr.allowance || *city > 2 => {
                    let most =
                        if pr.allowance == 1 { "1 stone".to_string() } else { format!("1 to {} stones", pr.allowance) };
                    Err(RuleError::ruled("R26", format!("declare {most} for C1, C2 or C3")))
                }
                _ => Ok(()),
            },
            (SetupStage::Walls, Action::BuildPlace(row)) => match self.progress(seat).and_then(|pr| pr.placing) {
                Some(placing) => self.check_place(seat, placing, *row),
                None => Err(RuleError::illegal("declare stones first")),
            },
            (SetupStage::Shields, Action::ShieldDeploy { face, cell }) => self.check_deploy(seat, *face, *cell),
            (SetupStage::Ready, Action::SetupDone) => Ok(()),
            _ => Err(wrong()),
        }
    }

    /// Applies a checked setup step; its events are private until every setup is done (R47).
    pub(crate) fn perform_setup(&mut self, seat: Seat, action: &Action, events: &mut Vec<Event>) {
        let i = seat.index();
        match *action {
            Action::LandAdd(cell) => {
                self.players[i].lands.add(cell);
                events.push(Event::LandAdded { seat, cell });
            }
            Action::LandColor(cell, colour) => {
                if let Some(tile) = self.players[i].lands.tile_mut(cell) {
                    tile.colour = colour;
                    tile.changes += 1;
                }
                events.push(Event::LandColoured { seat, cell, colour });
            }
            Action::LandConfirm => {
                self.with_progress(seat, |pr| pr.confirmed = true);
                events.push(Event::LandConfirmed { seat });
            }
            Action::NoblePlace(cell) => {
                let p = &mut self.players[i];
                if let Some(k) = p.cities.iter().position(|c| c.noble == Noble::Unplaced) {
                    p.cities[k].noble = Noble::Home;
                    p.cities[k].cell = Some(cell);
                    events.push(Event::NoblePlaced { seat, city: k as u8, cell });
                }
            }
            Action::BuildDeclare { city, stones } => {
                self.players[i].stones -= stones;
                self.with_progress(seat, |pr| {
                    pr.allowance -= stones;
                    pr.placing = Some(super::state::Placing { city, pending: stones });
                });
                events.push(Event::Declared { seat, city, stones, grain: 0, credit: 0, setup: true });
            }
            Action::BuildPlace(row) => {
                let Some(placing) = self.progress(seat).and_then(|pr| pr.placing) else { return };
                let left = self.place(seat, placing, row, true, events);
                self.with_progress(seat, |pr| pr.placing = left);
            }
            Action::ShieldDeploy { face, cell } => self.deploy(seat, face, cell, true, events),
            Action::SetupDone => {
                self.with_progress(seat, |pr| pr.done = true);
                events.push(Event::SetupDone { seat });
            }
            _ => {}
        }
    }

    fn with_progress(&mut self, seat: Seat, change: impl FnOnce(&mut SetupProgress)) {
        if let Some(progress) = self.player_mut(seat).setup.as_mut() {
            change(progress);
        }
    }

    /// The next step of the default setup (§3 step 6) for `seat`, fitted to what it already
    /// chose: each remaining choice takes the default, or else the first legal option in
    /// canonical order.
    pub(crate) fn default_setup_step(&self, seat: Seat) -> Option<Action> {
        let p = self.player(seat);
        let first_ok = |mut options: &mut dyn Iterator<Item = Action>| {
            Iterator::find(&mut options, |action| self.check_setup(seat, action).is_ok())
        };
        match self.setup_stage(seat) {
            SetupStage::Lands if p.lands.len() < TILES => {
                let frontier = p.lands.frontier();
                first_ok(&mut DEFAULT_TILES.into_iter().chain(frontier).map(Action::LandAdd))
            }
            SetupStage::Lands => {
                // The default colours apply while every change so far is one of them.
                let red = |t: &super::lands::Tile| t.colour == TileColour::Red;
                let default_like = p
                    .lands
                    .tiles()
                    .iter()
                    .all(|t| t.changes == 0 || (DEFAULT_RED.contains(&t.cell) && red(t) && t.changes == 1));
                let next_red = DEFAULT_RED
                    .into_iter()
                    .find(|c| p.lands.tile(*c).is_some_and(|t| t.changes == 0 && !red(t)))
                    .filter(|_| default_like);
                Some(next_red.map_or(Action::LandConfirm, |c| Action::LandColor(c, TileColour::Red)))
            }
            SetupStage::Nobles => {
                first_ok(&mut DEFAULT_NOBLES.into_iter().chain(p.lands.cells()).map(Action::NoblePlace))
            }
            SetupStage::Walls => match self.progress(seat).and_then(|pr| pr.placing) {
                Some(placing) => {
                    let rows = p.cities[usize::from(placing.city)].wall.placement_rows();
                    rows.first().map(|&row| Action::BuildPlace(row))
                }
                None => {
                    let allowance = self.progress(seat).map_or(0, |pr| pr.allowance);
                    let city = (0..3u8).min_by_key(|&c| (p.cities[usize::from(c)].wall.stones(), c))?;
                    Some(Action::BuildDeclare { city, stones: allowance.min(3) })
                }
            },
            SetupStage::Shields => {
                let defaults = DEFAULT_SHIELDS.into_iter().map(|(face, cell)| Action::ShieldDeploy { face, cell });
                let any =
                    (1..=3u8).flat_map(|face| p.lands.cells().map(move |cell| Action::ShieldDeploy { face, cell }));
                first_ok(&mut defaults.chain(any))
            }
            SetupStage::Ready => Some(Action::SetupDone),
            SetupStage::Done => None,
        }
    }

    /// The setup steps `seat` might take, in menu order, before [`Raja::check_setup`] filters them.
    pub(crate) fn setup_candidates(&self, seat: Seat, candidates: &mut Vec<Action>) {
        let p = self.player(seat);
        match self.setup_stage(seat) {
            SetupStage::Lands => {
                candidates.extend(p.lands.frontier().into_iter().map(Action::LandAdd));
                candidates.extend(p.lands.tiles().iter().map(|t| Action::LandColor(t.cell, t.colour.flipped())));
                candidates.push(Action::LandConfirm);
            }
            SetupStage::Nobles => candidates.extend(p.lands.cells().map(Action::NoblePlace)),
            SetupStage::Walls => match self.progress(seat).and_then(|pr| pr.placing) {
                Some(_) => candidates.extend((1..=12).map(Action::BuildPlace)),
                None => {
                    let allowance = self.progress(seat).map_or(0, |pr| pr.allowance);
                    for city in 0..3u8 {
                        candidates.extend((1..=allowance).map(|stones| Action::BuildDeclare { city, stones }));
                    }
                }
            },
            SetupStage::Shields => {
                for face in 1..=3u8 {
                    candidates.extend(p.lands.cells().map(|cell| Action::ShieldDeploy { face, cell }));
                }
            }
            SetupStage::Ready => candidates.push(Action::SetupDone),
            SetupStage::Done => {}
        }
    }

    /// §3 step 6: once every player is done, every land is revealed and Turn 1 begins.
    pub(crate) fn reveal_setup(&mut self, events: &mut Vec<Event>) {
        let sketches = self.seats().map(|s| self.setup_sketch(s)).collect();
        for p in &mut self.players {
            p.setup = None;
        }
        events.push(Event::SetupRevealed { sketches });
        self.start_turn(events);
    }

    /// A player's setup in one sentence: lands, nobles, walls and shields.
    pub(crate) fn setup_sketch(&self, seat: Seat) -> String {
        let p = self.player(seat);
        let tiles = p.lands.tiles();
        let blue = tiles.iter().filter(|t| t.colour == TileColour::Blue).count();
        let nobles: Vec<String> = p.cities.iter().filter_map(|c| c.cell.map(|c| c.to_string())).collect();
        let nobles =
            if nobles.is_empty() { "no nobles placed".to_string() } else { format!("nobles on {}", and_list(&nobles)) };
        let walls: Vec<String> = p.cities.iter().map(|c| c.wall.stones().to_string()).collect();
        let shields: Vec<String> = p.deployed.iter().map(|s| format!("a {}-shield on {}", s.face, s.cell)).collect();
        let shields = if shields.is_empty() { "no shields".to_string() } else { and_list(&shields) };
        // "Player N" becomes the player's name in the narration (`wording::name_seats`).
        format!(
            "Player {}'s land ({}): {} and {}; {nobles}; stones in the walls: {}; {shields}",
            seat.index() + 1,
            p.colour,
            crate::wording::count(blue as i64, "blue tile"),
            crate::wording::count((tiles.len() - blue) as i64, "red tile"),
            and_list(&walls),
        )
    }
}

/// "a", "a and b", "a, b and c".
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}
