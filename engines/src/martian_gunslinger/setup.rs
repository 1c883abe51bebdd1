//! §3 Setup: colours, the order roll (R57), placement turns with quotas (R4–R7), the
//! compensation move (R5) and the deal.

use super::log::Event;
use super::state::{
    COLOURS, CORNERS, DEAL, EventSlot, EventStatus, MartianGunslinger, Options, Player, PlotId, Stage, TurnState,
    all_squares, in_corner_zone, on_board_dirs,
};
use crate::game::{Seat, SetupError};
use crate::parts::cards::{CardSet, deck};
use crate::parts::dice::D6;
use crate::parts::grid::{Direction, Square};
use crate::parts::pyramids::{Colour, Size};
use crate::rng::GameRng;

/// R57: re-rolls of one tied group before the potato shuffle decides.
const MAX_REROLLS: u32 = 20;

impl MartianGunslinger {
    /// §3 steps 1–4: seats, colours, order roll and quotas; placements follow as decisions.
    pub(crate) fn new(options: &Options, players: usize, rng: GameRng) -> Result<Self, SetupError> {
        if !(2..=4).contains(&players) {
            return Err(SetupError::PlayerCount { game: "Martian Gunslinger", min: 2, max: 4, got: players });
        }
        let colours = assign_colours(options, players)?;
        // R2: the plotpoints take the first colour nobody chose.
        let plot_colour = COLOURS.into_iter().find(|c| !colours.contains(c)).unwrap_or(Colour::Blue);
        let mut game = Self {
            players: colours.into_iter().map(Player::new).collect(),
            order: Vec::new(),
            plot_colour,
            plotpoints: [None; 3],
            draw: Vec::new(),
            discard: Vec::new(),
            set_aside: Vec::new(),
            contest: None,
            running: None,
            bids: vec![None; players],
            payer: None,
            stage: Stage::Placement,
            placements: 0,
            round: 1,
            turn_pos: 0,
            slot: 0,
            turn: TurnState::default(),
            mayor: None,
            mayor_counter: 0,
            election_slot: 0,
            forced_check: None,
            finish: None,
            last_move: None,
            revealed: CardSet::EMPTY,
            rng,
        };
        let everyone: Vec<Seat> = game.seats().collect();
        let mut order = Vec::with_capacity(players);
        game.order_group(everyone, 0, &mut order);
        game.order = order;
        // R4: 2p P1 2, P2 1; 3p one each; 4p P1–P3 one each.
        let quotas: &[u8] = match players {
            2 => &[2, 1],
            3 => &[1, 1, 1],
            _ => &[1, 1, 1, 0],
        };
        for (i, quota) in quotas.iter().enumerate() {
            let seat = game.order[i];
            game.players[seat.index()].quota = *quota;
        }
        Ok(game)
    }

    /// R57: the group rolls (in join order); tied subgroups re-roll from the highest roll
    /// down; after 20 re-rolls a shuffle orders whoever is still tied.
    fn order_group(&mut self, mut group: Vec<Seat>, rerolls: u32, out: &mut Vec<Seat>) {
        if group.len() == 1 {
            out.extend(group);
            return;
        }
        if rerolls > MAX_REROLLS {
            self.rng.shuffle(&mut group);
            out.extend(group);
            return;
        }
        let rolls: Vec<(Seat, u8)> = group.iter().map(|s| (*s, D6::roll(&mut self.rng).pips())).collect();
        for pips in (1..=6).rev() {
            let tied: Vec<Seat> = rolls.iter().filter(|(_, r)| *r == pips).map(|(s, _)| *s).collect();
            if !tied.is_empty() {
                self.order_group(tied, rerolls + 1, out);
            }
        }
    }

    /// Whether `seat` still has a placement to make.
    fn has_placement(&self, seat: Seat) -> bool {
        let p = self.player(seat);
        p.home.is_none() || p.quota > 0
    }

    /// The plotpoint placed next (R6: PL, PM, PS).
    pub(crate) fn next_plotpoint(&self) -> Option<PlotId> {
        PlotId::ALL.into_iter().find(|p| self.plotpoints[*p as usize].is_none())
    }

    /// `PlaceHome` choices for the placer (R7): unclaimed corners, on-board facings.
    pub(crate) fn home_options(&self, seat: Seat) -> Vec<(Square, Direction)> {
        if self.player(seat).home.is_some() {
            return Vec::new();
        }
        CORNERS
            .into_iter()
            .filter(|c| !self.seats().any(|s| self.player(s).home == Some(*c)) && !self.occupied(*c))
            .flat_map(|c| on_board_dirs(c).map(move |d| (c, d)))
            .collect()
    }

    /// Empty squares outside the corner zone (R6), a1…h8.
    pub(crate) fn plotpoint_squares(&self) -> Vec<Square> {
        all_squares().filter(|s| !in_corner_zone(*s) && !self.occupied(*s)).collect()
    }

    /// `PlaceHome(corner, dir)`.
    pub(crate) fn place_home(&mut self, seat: Seat, corner: Square, dir: Direction, ev: &mut Vec<Event>) {
        let player = &mut self.players[seat.index()];
        player.home = Some(corner);
        player.piece.size = Size::Small;
        player.piece.facing = dir;
        if !player.resigned {
            player.piece.square = Some(corner);
        }
        ev.push(Event::HomePlaced { seat, corner, dir });
        self.next_placement(ev);
    }

    /// `PlacePlotpoint(square)`: the next plotpoint in PL, PM, PS order.
    pub(crate) fn place_plotpoint(&mut self, seat: Seat, square: Square, ev: &mut Vec<Event>) {
        if let Some(plot) = self.next_plotpoint() {
            self.plotpoints[plot as usize] = Some(square);
            self.players[seat.index()].quota -= 1;
            ev.push(Event::PlotpointPlaced { seat, plot, square });
        }
        self.next_placement(ev);
    }

    /// §3 step 5: the next placer in turn order with something left, else compensation.
    fn next_placement(&mut self, ev: &mut Vec<Event>) {
        self.placements += 1;
        let n = self.n();
        if let Some(next) = (1..=n).map(|k| (self.turn_pos + k) % n).find(|i| self.has_placement(self.order[*i])) {
            self.turn_pos = next;
            return;
        }
        // R5: 2p → P2, 4p → P4 may move one plotpoint.
        match n {
            2 => {
                self.turn_pos = 1;
                self.stage = Stage::Compensation;
            }
            4 => {
                self.turn_pos = 3;
                self.stage = Stage::Compensation;
            }
            _ => self.deal(ev),
        }
    }

    /// `MovePlotpoint` targets: empty squares outside the corner zone.
    pub(crate) fn move_plotpoint(&mut self, seat: Seat, plot: PlotId, to: Square, ev: &mut Vec<Event>) {
        if let Some(from) = self.plotpoints[plot as usize] {
            self.plotpoints[plot as usize] = Some(to);
            ev.push(Event::PlotpointMoved { seat, plot, from, to });
        }
        self.deal(ev);
    }

    /// `SkipMovePlotpoint`.
    pub(crate) fn skip_move_plotpoint(&mut self, seat: Seat, ev: &mut Vec<Event>) {
        ev.push(Event::CompensationSkipped { seat });
        self.deal(ev);
    }

    /// §3 steps 7–8: shuffle, four cards each one at a time from P1, then one Hidden event
    /// card each; round 1 begins with P1's slot.
    fn deal(&mut self, ev: &mut Vec<Event>) {
        let mut cards = deck();
        self.rng.shuffle(&mut cards);
        self.draw = cards;
        // A seat that resigned during setup is dealt nothing.
        let dealt: Vec<Seat> = self.order.iter().copied().filter(|s| !self.player(*s).resigned).collect();
        for _ in 0..DEAL {
            for seat in &dealt {
                if let Some(card) = self.draw.pop() {
                    self.players[seat.index()].hand.insert(card);
                }
            }
        }
        for seat in dealt {
            if let Some(card) = self.draw.pop() {
                self.players[seat.index()].event = Some(EventSlot { card, status: EventStatus::Hidden });
            }
        }
        ev.push(Event::Dealt { hand: DEAL as u8 });
        for seat in self.seats() {
            let p = self.player(seat);
            ev.push(Event::DrewCards { seat, cards: p.hand.iter().collect() });
            if let Some(slot) = p.event {
                ev.push(Event::EventCardIs { seat, card: slot.card });
            }
        }
        self.turn_pos = 0;
        self.round = 1;
        self.stage = Stage::SlotStart;
    }
}

/// §3 step 1: chosen colours must be distinct; the rest take the first free colours.
fn assign_colours(options: &Options, players: usize) -> Result<Vec<Colour>, SetupError> {
    let bad = |reason: String| Err(SetupError::BadOption { option: "colours".into(), reason });
    if options.colours.len() > players {
        return bad(format!("{} colours for {players} players", options.colours.len()));
    }
    let mut colours: Vec<Colour> = Vec::with_capacity(players);
    for colour in &options.colours {
        if !COLOURS.contains(colour) {
            return bad(format!("{colour} is not one of Red, Orange, Yellow, Green, Blue"));
        }
        if colours.contains(colour) {
            return bad(format!("{colour} is chosen twice"));
        }
        colours.push(*colour);
    }
    while colours.len() < players {
        let free = COLOURS.into_iter().find(|c| !colours.contains(c)).unwrap_or(Colour::Blue);
        colours.push(free);
    }
    Ok(colours)
}
