//! What players see of a Martian 12s match (§5, §8): everything but the random source.

use serde::{Deserialize, Serialize};

use super::action::{Action, Grab};
use super::rules::{Event, Forced, RoundEnd, RoundResult};
use super::state::{Credits, EndReason, Martian12s, MatchMode, Palette, Phase, Pyramid, ROUND_CAP, Status};
use crate::game::{Outcome, Seat, Standing};
use crate::parts::pyramids::Size;

/// One player as everybody sees them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    /// The seat.
    pub seat: Seat,
    /// Credits.
    pub wallet: Credits,
    /// Rounds won so far.
    pub rounds_won: u16,
    /// Left the match.
    pub resigned: bool,
    /// Status this round.
    pub status: Status,
    /// Pyramids pulled this round, in pull order.
    pub stack: Vec<Pyramid>,
    /// Sum of the stack's values.
    pub score: u8,
}

/// The whole table, as everybody sees it (there are no secrets in Martian 12s).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// Colour names.
    pub palette: Palette,
    /// Credits per pull.
    pub stake: Credits,
    /// Round number.
    pub round: u8,
    /// The last round: the configured count in `Rounds` mode, else the cap.
    pub last_round: u8,
    /// `Rounds` or `UntilBroke`.
    pub match_mode: MatchMode,
    /// Credits in the pot.
    pub pot: Credits,
    /// Of which carried over from the last round.
    pub carried_in: Credits,
    /// Credits the house took at the end.
    pub house: Credits,
    /// Who pulled first this round.
    pub first_drawer: Seat,
    /// Who is on turn (none once the match is over).
    pub current: Option<Seat>,
    /// Every player.
    pub players: Vec<PlayerView>,
    /// Pyramids left per size (S, M, L) (R25).
    pub bag: [u8; 3],
    /// Pyramids left per value (0–4) and size (R25).
    pub bag_by_value: [[u8; 3]; 5],
    /// Number of sets in the bag.
    pub sets: u8,
    /// The result, once the match is over.
    pub outcome: Option<Outcome>,
    /// How the previous (last scored) round ended, with its stacks.
    pub previous_round: Option<RoundResult>,
}

impl View {
    /// The player at `seat`.
    #[must_use]
    pub fn player(&self, seat: Seat) -> &PlayerView {
        &self.players[seat.index()]
    }
}

impl Martian12s {
    pub(crate) fn make_view(&self) -> View {
        let mut bag_by_value = [[0u8; 3]; 5];
        let mut bits = self.bag;
        while bits != 0 {
            let pyramid = Pyramid::from_index(bits.trailing_zeros(), self.sets);
            bag_by_value[pyramid.value as usize][pyramid.size.index()] += 1;
            bits &= bits - 1;
        }
        View {
            palette: self.options.palette,
            stake: Credits(self.options.stake),
            round: self.round,
            last_round: match self.options.match_mode {
                MatchMode::Rounds => self.options.rounds,
                MatchMode::UntilBroke => ROUND_CAP,
            },
            match_mode: self.options.match_mode,
            pot: self.pot,
            carried_in: self.carried_in,
            house: self.house,
            first_drawer: self.first_drawer,
            current: (self.phase == Phase::Turn).then_some(self.current),
            players: self
                .seats()
                .map(|seat| {
                    let p = self.player(seat);
                    PlayerView {
                        seat,
                        wallet: p.wallet,
                        rounds_won: p.rounds_won,
                        resigned: p.resigned,
                        status: p.status,
                        stack: p.stack.clone(),
                        score: p.score,
                    }
                })
                .collect(),
            bag: Size::ALL.map(|size| self.left(size) as u8),
            bag_by_value,
            sets: self.sets,
            outcome: self.outcome(),
            previous_round: self.previous_round.clone(),
        }
    }

    /// A player-facing label for a turn action.
    pub(crate) fn label(&self, action: Action) -> String {
        match action {
            Action::Pull(Grab::Size(size)) => format!("Pull {} ({} left)", size.word(), self.left(size)),
            Action::Pull(Grab::Any) => format!("Pull any ({} in bag)", self.bag.count_ones()),
            Action::Pass => format!("Pass at {}", self.player(self.current).score),
            Action::Resign => "Resign".to_string(),
        }
    }

    /// An event in a sentence.
    pub(crate) fn sentence(&self, event: &Event, names: &[String]) -> String {
        let name = |seat: Seat| names.get(seat.index()).cloned().unwrap_or_else(|| seat.to_string());
        let palette = self.options.palette;
        match event {
            Event::RoundStarted { round, first_drawer, sitting_out, pot } => {
                let mut text = format!("Round {round} begins; {} draws first.", name(*first_drawer));
                if pot.0 > 0 {
                    text.push_str(&format!(" {pot} carried over in the pot."));
                }
                if !sitting_out.is_empty() {
                    let out: Vec<String> = sitting_out.iter().map(name).collect();
                    text.push_str(&format!(" Sitting out: {}.", out.join(", ")));
                }
                text
            }
            Event::Pulled { seat, grab, pyramid, score, pulls, popped } => {
                let felt = match grab {
                    Grab::Size(size) => format!("felt for a {} one", size.word()),
                    Grab::Any => "grabbed blind".to_string(),
                };
                let colour = palette.colour(pyramid.value);
                let mut text = format!(
                    "{} {felt} and pulled a {} {} ({}): {score} from {pulls}.",
                    name(*seat),
                    colour.name().to_lowercase(),
                    pyramid.size.word(),
                    pyramid.value
                );
                if *popped {
                    text.push_str(" Popped!");
                }
                text
            }
            Event::Passed { seat, forced, score } => match forced {
                Forced::No => format!("{} passes at {score}.", name(*seat)),
                Forced::Broke => format!("{} cannot pay the stake and stops at {score}.", name(*seat)),
                Forced::EmptyBag => format!("The bag is empty: {} stops at {score}.", name(*seat)),
            },
            Event::Resigned { seat } => format!("{} resigns from the match.", name(*seat)),
            Event::RoundScored { round, end, winners, score, pulls, share, carry } => {
                let why = match end {
                    RoundEnd::SoleSurvivor => "everyone else popped",
                    RoundEnd::AllStopped => "everyone has stopped",
                    RoundEnd::SixPulls => "six pulls each",
                };
                if winners.is_empty() {
                    return format!("Round {round} ends ({why}) with no winner; the pot carries over.");
                }
                let who: Vec<String> = winners.iter().map(name).collect();
                let mut text = format!(
                    "Round {round} ends ({why}): {} wins {share} with {score} from {pulls}.",
                    who.join(" and ")
                );
                if carry.0 > 0 {
                    text.push_str(&format!(" {carry} carries over."));
                }
                text
            }
            Event::MatchEnded { to_house } => {
                let mut text = "The match is over.".to_string();
                if to_house.0 > 0 {
                    text.push_str(&format!(" The house keeps the {to_house} left in the pot."));
                }
                text
            }
        }
    }

    /// §4.7 ranking, once the match is over.
    pub(crate) fn outcome(&self) -> Option<Outcome> {
        if self.phase == Phase::Turn {
            return None;
        }
        let key = |seat: Seat| {
            let p = self.player(seat);
            (!p.resigned, p.wallet, p.rounds_won)
        };
        let mut order: Vec<Seat> = self.seats().collect();
        order.sort_by_key(|s| std::cmp::Reverse(key(*s)));
        let mut standings = Vec::with_capacity(order.len());
        for (i, seat) in order.iter().enumerate() {
            let place = if i > 0 && key(order[i - 1]) == key(*seat) {
                standings.last().map_or(1, |s: &Standing| s.place)
            } else {
                i as u8 + 1
            };
            let p = self.player(*seat);
            let mut detail =
                format!("{}, {} round{} won", p.wallet, p.rounds_won, if p.rounds_won == 1 { "" } else { "s" });
            if p.resigned {
                detail.push_str(", resigned");
            }
            standings.push(Standing { seat: *seat, place, score: i64::from(p.wallet.0), detail });
        }
        let winners =
            standings.iter().filter(|s| s.place == 1 && !self.player(s.seat).resigned).map(|s| s.seat).collect();
        let reason = match self.phase {
            Phase::MatchEnd(EndReason::RoundsPlayed) => format!("all {} rounds were played", self.options.rounds),
            Phase::MatchEnd(EndReason::Cap) => format!("the {ROUND_CAP}-round cap was reached"),
            Phase::MatchEnd(EndReason::TooFewPlayers) | Phase::Turn => {
                "fewer than two players can pay the stake".to_string()
            }
        };
        Some(Outcome { standings, winners, reason })
    }
}
