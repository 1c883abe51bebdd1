//! The rating rule: Weng-Lin (the Bayesian rating behind OpenSkill) from the `skillratings`
//! crate, for free-for-all games of two to nine players in which players may tie.
//!
//! Each player is a team of one; the game's places (1 = first, equal places for a tie) are the
//! ranks. A rating is a mean `mu` (25 at the start) and an uncertainty `sigma` (25/3); people
//! are shown, and ranked by, the cautious estimate `mu - 3 sigma`, which starts at 0 and rises
//! as games make the system surer of a player.

use skillratings::MultiTeamOutcome;
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};

/// One player's rating in one game on one server.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The estimated skill.
    pub mu: f64,
    /// How unsure the estimate is.
    pub sigma: f64,
}

impl Rating {
    /// A new player's rating: the crate's default (25, 25/3).
    #[must_use]
    pub fn start() -> Self {
        let start = WengLinRating::new();
        Self { mu: start.rating, sigma: start.uncertainty }
    }

    /// The number people see and leaderboards sort by: `mu - 3 sigma`.
    #[must_use]
    pub fn shown(self) -> f64 {
        self.mu - 3.0 * self.sigma
    }
}

/// The ratings after one game: `players` holds each player's rating before the game and their
/// place (1 = first; equal places tie), and the answer is in the same order.
#[must_use]
pub fn rate(players: &[(Rating, u8)]) -> Vec<Rating> {
    let teams: Vec<[WengLinRating; 1]> =
        players.iter().map(|(r, _)| [WengLinRating { rating: r.mu, uncertainty: r.sigma }]).collect();
    let ranked: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
        .iter()
        .zip(players)
        .map(|(team, (_, place))| (&team[..], MultiTeamOutcome::new(usize::from(*place))))
        .collect();
    weng_lin_multi_team(&ranked, &WengLinConfig::new())
        .into_iter()
        .zip(players)
        .map(|(team, (before, _))| team.first().map_or(*before, |r| Rating { mu: r.rating, sigma: r.uncertainty }))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_winner_gains_the_loser_loses_and_both_grow_surer() {
        let after = rate(&[(Rating::start(), 2), (Rating::start(), 1)]);
        assert!(after[1].mu > 25.0 && after[0].mu < 25.0, "{after:?}");
        assert!(after.iter().all(|r| r.sigma < 25.0 / 3.0));
        // Symmetric: what one wins the other loses.
        assert!((after[1].mu - 25.0 - (25.0 - after[0].mu)).abs() < 1e-9);
    }

    #[test]
    fn a_tie_between_equals_moves_neither_mean() {
        let after = rate(&[(Rating::start(), 1), (Rating::start(), 1)]);
        assert!(after.iter().all(|r| (r.mu - 25.0).abs() < 1e-9), "{after:?}");
    }

    #[test]
    fn four_players_worked_example() {
        // The example in notes/issue-28.md: four new players finish 1st, 2nd, 2nd (a tie), 4th.
        let start = Rating::start();
        let after = rate(&[(start, 1), (start, 2), (start, 2), (start, 4)]);
        let shown: Vec<String> = after.iter().map(|r| format!("{:.2}/{:.2}", r.mu, r.sigma)).collect();
        assert!(after[0].mu > after[1].mu && after[1].mu > after[3].mu, "{shown:?}");
        assert!((after[1].mu - after[2].mu).abs() < 1e-9, "tied players move alike: {shown:?}");
        assert_eq!(shown, ["32.91/7.50", "25.00/7.50", "25.00/7.50", "17.09/7.50"]);
        let seen: Vec<String> = after.iter().map(|r| format!("{:.2}", r.shown())).collect();
        assert_eq!(seen, ["10.40", "2.50", "2.50", "-5.41"], "what people see: mu - 3 sigma");
    }
}
