//! What players see of a Martian 12s match (§5, §8): everything but the random source, the
//! same for every viewer. There are no secrets, so the harness's secrets list is empty.

use serde::{Deserialize, Serialize};

use super::rules;
use super::state::{Credits, LastMove, Martian12s, MatchMode, Palette, Phase, Pyramid, ROUND_CAP, RoundResult, Status};
use crate::game::{Outcome, Seat, Viewer};
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
    /// The latest move a player chose, to mark on the board.
    #[serde(default)]
    pub last_move: Option<LastMove>,
}

impl View {
    /// Who would win the round if it were scored now (§4.6, R14): among the players still in
    /// it (Active or Passed, not popped), the highest score, then the most pyramids. Empty
    /// between rounds, once the match is over, or before anyone has pulled.
    #[must_use]
    pub fn round_leaders(&self) -> Vec<Seat> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        let standing: Vec<&PlayerView> = self
            .players
            .iter()
            .filter(|p| matches!(p.status, Status::Active | Status::Passed) && !p.stack.is_empty())
            .collect();
        let Some(best) = standing.iter().map(|p| (p.score, p.stack.len())).max() else { return Vec::new() };
        standing.iter().filter(|p| (p.score, p.stack.len()) == best).map(|p| p.seat).collect()
    }

    /// The player at `seat`.
    #[must_use]
    pub fn player(&self, seat: Seat) -> &PlayerView {
        &self.players[seat.index()]
    }
}

/// What `viewer` may see: the whole table, since nothing but the random source is private
/// (§5, §2.7); every viewer gets the same view.
pub(super) fn view(game: &Martian12s, _viewer: Viewer) -> View {
    View {
        palette: game.options.palette,
        stake: Credits(game.options.stake),
        round: game.round,
        last_round: match game.options.match_mode {
            MatchMode::Rounds => game.options.rounds,
            MatchMode::UntilBroke => ROUND_CAP,
        },
        match_mode: game.options.match_mode,
        pot: game.pot,
        carried_in: game.carried_in,
        house: game.house,
        first_drawer: game.first_drawer,
        current: (game.phase == Phase::Turn).then_some(game.current),
        players: game.seats().map(|seat| player_view(game, seat)).collect(),
        bag: Size::ALL.map(|size| game.left(size) as u8),
        bag_by_value: bag_by_value(game),
        sets: game.sets,
        outcome: rules::outcome(game),
        previous_round: game.previous_round.clone(),
        last_move: game.last_move.0,
    }
}

fn player_view(game: &Martian12s, seat: Seat) -> PlayerView {
    let p = game.player(seat);
    PlayerView {
        seat,
        wallet: p.wallet,
        rounds_won: p.rounds_won,
        resigned: p.resigned,
        status: p.status,
        stack: p.stack.clone(),
        score: p.score,
    }
}

/// Pyramids left per value (0–4) and size (R25).
fn bag_by_value(game: &Martian12s) -> [[u8; 3]; 5] {
    let mut counts = [[0u8; 3]; 5];
    let mut bits = game.bag;
    while bits != 0 {
        let pyramid = Pyramid::from_index(bits.trailing_zeros(), game.sets);
        counts[pyramid.value as usize][pyramid.size.index()] += 1;
        bits &= bits - 1;
    }
    counts
}
