//! A player's stats from their finished games, pages of a list, and what goes wrong, in words
//! for people.

use engines::GameKind;

use super::MIN_GAMES_LISTED;
use super::rating::Rating;
use crate::store::{PlayedRow, RatingRow};
use crate::table::TableError;

/// Rated games over which a rating's trend is measured.
pub const TREND_GAMES: usize = 5;

/// Why a stats, leaderboard or history request shows nothing; `Display` is the sentence.
#[derive(Debug, thiserror::Error)]
pub enum CommunityError {
    /// Asked outside a server.
    #[error("Stats, leaderboards and histories belong to a server: use this command in a server's channel.")]
    NoServer,
    /// The player has no finished game here (of that game).
    #[error("{}", no_games(*.game))]
    NoGames {
        /// The game asked about, if any.
        game: Option<GameKind>,
    },
    /// Nobody has played enough rated games of it here.
    #[error(
        "Nobody is on the {0} leaderboard of this server yet: a player is listed after {MIN_GAMES_LISTED} rated games \
         (games among people only, without computer players)."
    )]
    NobodyListed(GameKind),
    /// A page past the end.
    #[error("There is no page {asked}: {}", pages_sentence(*.pages))]
    PageOut {
        /// The page asked for.
        asked: usize,
        /// How many there are.
        pages: usize,
    },
    /// The player opted out of being listed.
    #[error("That player keeps their stats and history private (a choice in /settings).")]
    Private,
    /// Storage failed.
    #[error(transparent)]
    Table(#[from] TableError),
}

fn no_games(game: Option<GameKind>) -> String {
    match game {
        Some(game) => format!("No finished game of {game} on this server yet for that."),
        None => "No finished game on this server yet for that.".to_string(),
    }
}

fn pages_sentence(pages: usize) -> String {
    if pages == 1 { "the list has one page.".to_string() } else { format!("the list has pages 1 to {pages}.") }
}

/// One page of a list.
#[derive(Clone, Debug, PartialEq)]
pub struct Page<T> {
    /// Its number, from 1.
    pub number: usize,
    /// How many pages there are.
    pub pages: usize,
    /// How many items the whole list has.
    pub total: usize,
    /// Items per page.
    pub size: usize,
    /// The items on it.
    pub items: Vec<T>,
}

impl<T> Page<T> {
    /// Page `number` of a list of `total` items, `size` to a page, holding `items`.
    ///
    /// # Errors
    /// [`CommunityError::PageOut`] for page 0 or a page past the end.
    pub fn new(number: usize, total: usize, size: usize, items: Vec<T>) -> Result<Self, CommunityError> {
        let pages = total.div_ceil(size.max(1)).max(1);
        if number == 0 || number > pages {
            return Err(CommunityError::PageOut { asked: number, pages });
        }
        Ok(Self { number, pages, total, size, items })
    }

    /// The place in the whole list of the item at `index` on this page, from 1.
    #[must_use]
    pub const fn rank(&self, index: usize) -> usize {
        (self.number - 1) * self.size + index + 1
    }
}

/// A player's record.
#[derive(Clone, Debug, PartialEq)]
pub struct Stats {
    /// Finished games.
    pub played: usize,
    /// Games won (first place, alone or shared).
    pub won: usize,
    /// Average place, 1 = first.
    pub average_place: f64,
    /// The latest games in a row that were all wins (`true`) or all not (`false`), and how many.
    pub streak: (bool, usize),
    /// The game played most (the latest of them on a tie).
    pub favourite: GameKind,
    /// Per game played with a rating: the rating row and its trend over the last
    /// [`TREND_GAMES`] rated games.
    pub ratings: Vec<(GameKind, RatingRow, f64)>,
}

/// The games in `played` (newest first), each once, in the order last played.
pub(super) fn games_in(played: &[PlayedRow]) -> Vec<GameKind> {
    let mut games: Vec<GameKind> = Vec::new();
    for kind in played.iter().filter_map(|p| p.game.parse().ok()) {
        if !games.contains(&kind) {
            games.push(kind);
        }
    }
    games
}

impl Stats {
    /// The record of `played` (newest first, not empty), with the ratings found.
    pub(super) fn of(played: &[PlayedRow], ratings: Vec<(GameKind, RatingRow)>) -> Self {
        let won = played.iter().filter(|p| p.place == 1).count();
        let places: f64 = played.iter().map(|p| f64::from(p.place)).sum();
        let first_won = played.first().is_some_and(|p| p.place == 1);
        let streak = played.iter().take_while(|p| (p.place == 1) == first_won).count();
        let games = games_in(played);
        let count = |kind: &GameKind| played.iter().filter(|p| p.game == kind.id()).count();
        // `games` is in the order last played, so `max_by_key`'s last maximum would prefer the
        // oldest: reverse first, then the latest among equals wins.
        let favourite = games.iter().rev().max_by_key(|k| count(k)).copied().unwrap_or(GameKind::ALL[0]);
        let ratings = ratings
            .into_iter()
            .map(|(kind, row)| {
                let trend = played
                    .iter()
                    .filter(|p| p.game == kind.id())
                    .filter_map(|p| p.moved)
                    .take(TREND_GAMES)
                    .map(|(before, after)| after.shown() - before.shown())
                    .sum();
                (kind, row, trend)
            })
            .collect();
        Self {
            played: played.len(),
            won,
            average_place: places / played.len().max(1) as f64,
            streak: (first_won, streak),
            favourite,
            ratings,
        }
    }

    /// The record in lines for people, headed by `who`.
    #[must_use]
    pub fn text(&self, who: &str, game: Option<GameKind>) -> String {
        let scope = game.map_or_else(|| "on this server".to_string(), |g| format!("at {g} on this server"));
        let percent = (self.won * 100 + self.played / 2) / self.played.max(1);
        let streak = match self.streak {
            (true, 1) => "won the last game".to_string(),
            (true, n) => format!("{n} wins in a row"),
            (false, 1) => "did not win the last game".to_string(),
            (false, n) => format!("{n} games without a win"),
        };
        let mut lines = vec![
            format!("**{who}** {scope}"),
            format!("• Games played: {}", self.played),
            format!("• Won: {} ({percent}%)", self.won),
            format!("• Average place: {:.1}", self.average_place),
            format!("• Current streak: {streak}"),
        ];
        if game.is_none() {
            lines.push(format!("• Favourite game: {}", self.favourite));
        }
        if self.ratings.is_empty() {
            lines.push("• Rating: none yet (ratings count games among people only, without computer players)".into());
        }
        for (kind, row, trend) in &self.ratings {
            lines.push(format!("• Rating at {kind}: {}", rating_words(row.rating, row.games, *trend)));
        }
        lines.join("\n")
    }
}

/// A rating as people read it: "12.4, up 3.1 over the last 5 rated games (14 rated games)".
fn rating_words(rating: Rating, games: i64, trend: f64) -> String {
    let recent = usize::try_from(games).unwrap_or(usize::MAX).min(TREND_GAMES);
    let over = if recent == 1 { "the last rated game".to_string() } else { format!("the last {recent} rated games") };
    let trend = if trend.abs() < 0.05 {
        format!("steady over {over}")
    } else if trend > 0.0 {
        format!("up {trend:.1} over {over}")
    } else {
        format!("down {:.1} over {over}", -trend)
    };
    let listed = if games < MIN_GAMES_LISTED {
        format!(", listed on the leaderboard after {MIN_GAMES_LISTED}")
    } else {
        String::new()
    };
    let plural = if games == 1 { "" } else { "s" };
    format!("{:.1}, {trend} ({games} rated game{plural}{listed})", rating.shown())
}

/// A leaderboard line: "3. Alice: 12.4 (14 rated games)".
#[must_use]
pub fn leaderboard_line(rank: usize, row: &RatingRow) -> String {
    format!("{rank}. {}: {:.1} ({} rated games)", row.name, row.rating.shown(), row.games)
}

/// "1st", "2nd", "3rd", "4th"…
#[must_use]
pub fn ordinal(place: u8) -> String {
    let suffix = match (place % 10, place % 100) {
        (1, n) if n != 11 => "st",
        (2, n) if n != 12 => "nd",
        (3, n) if n != 13 => "rd",
        _ => "th",
    };
    format!("{place}{suffix}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::TableId;

    fn game(place: u8, kind: GameKind) -> PlayedRow {
        PlayedRow { table: TableId(1), game: kind.id().into(), ended_at: 0, place, players: 4, moved: None }
    }

    #[test]
    fn streaks_averages_and_the_favourite_game() {
        let played = [
            game(1, GameKind::ALL[0]),
            game(1, GameKind::ALL[1]),
            game(3, GameKind::ALL[1]),
            game(2, GameKind::ALL[0]),
        ];
        let stats = Stats::of(&played, Vec::new());
        assert_eq!((stats.played, stats.won, stats.streak), (4, 2, (true, 2)));
        assert!((stats.average_place - 1.75).abs() < 1e-9);
        // Two games each: the one played last is the favourite.
        assert_eq!(stats.favourite, GameKind::ALL[0]);
        let text = stats.text("Alice", None);
        assert!(text.contains("2 wins in a row") && text.contains("Won: 2 (50%)"), "{text}");
    }

    #[test]
    fn a_page_past_the_end_says_how_many_there_are() {
        let error = Page::<u8>::new(4, 25, 10, Vec::new()).expect_err("past the end");
        assert_eq!(error.to_string(), "There is no page 4: the list has pages 1 to 3.");
        assert!(Page::<u8>::new(0, 5, 10, Vec::new()).is_err());
        assert_eq!(Page::new(2, 25, 10, vec![1u8]).expect("page").rank(0), 11);
    }

    #[test]
    fn places_read_as_words() {
        let words: Vec<String> = [1, 2, 3, 4, 11, 12, 21].into_iter().map(ordinal).collect();
        assert_eq!(words, ["1st", "2nd", "3rd", "4th", "11th", "12th", "21st"]);
    }
}
