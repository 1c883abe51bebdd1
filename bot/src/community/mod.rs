//! Community: results, ratings, `/stats`, `/leaderboard` and `/history` (issue #28 items 1, 2,
//! 3 first half, 6 and 7). Transport-independent, like the table layer: the Discord commands
//! call [`Tables`]' methods here and show the sentences [`stats`] writes.
//!
//! A finished game is recorded in the transaction that ends it (see [`Finish`]): every seat's
//! place and score, and, when the game is rated, its players' new ratings on its server. A
//! game is rated when two or more people played it and no seat was a computer's; games with a
//! computer count toward stats, never toward a person's rating. Places are the game's own
//! standings, so a resignation or a timeout counts as the game's rules rank it.

pub mod rating;
pub mod stats;

use engines::{GameKind, Outcome};

use crate::store::{HistoryRow, RatingRow};
use crate::table::{SeatRow, ServerId, TableError, TableId, Tables, UserId, engine_of};
pub use stats::{CommunityError, Page, Stats};

/// Rated games a player needs in a game on a server to be listed on its leaderboard.
pub const MIN_GAMES_LISTED: i64 = 10;

/// Players on one page of a leaderboard.
pub const LEADERBOARD_PAGE: usize = 10;

/// Games on one page of a history (each line names every player and a link, and a message
/// holds at most 2,000 characters).
pub const HISTORY_PAGE: usize = 5;

/// How a game ended, as results record it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finish {
    /// The game's id.
    pub game: String,
    /// Each seat's result, in seat order.
    pub seats: Vec<SeatResult>,
}

/// One seat's result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatResult {
    /// 0-based seat.
    pub seat: u8,
    /// The person in it; `None` for a computer seat.
    pub user: Option<UserId>,
    /// The name shown at the table.
    pub name: String,
    /// 1 = first; equal players share a place.
    pub place: u8,
    /// The game's headline number for the seat.
    pub score: i64,
}

impl Finish {
    /// The results of a game of `game` that ended with `outcome`, played in `seats`. A seat the
    /// standings leave out (none should) is counted last.
    #[must_use]
    pub fn of(game: GameKind, seats: &[SeatRow], outcome: &Outcome) -> Self {
        let last = u8::try_from(seats.len()).unwrap_or(u8::MAX);
        let seats = seats
            .iter()
            .map(|s| {
                let standing = outcome.standings.iter().find(|st| st.seat.index() == usize::from(s.seat));
                SeatResult {
                    seat: s.seat,
                    user: s.user,
                    name: s.name.clone(),
                    place: standing.map_or(last, |st| st.place),
                    score: standing.map_or(0, |st| st.score),
                }
            })
            .collect();
        Self { game: game.id().to_string(), seats }
    }

    /// Whether the game moves ratings: two or more seats, every one a person's.
    #[must_use]
    pub fn rated(&self) -> bool {
        self.seats.len() >= 2 && self.seats.iter().all(|s| s.user.is_some())
    }
}

/// What `saloon ratings rebuild` did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Rebuilt {
    /// Finished tables counted.
    pub games: usize,
    /// Of them, rated ones.
    pub rated: usize,
    /// Finished tables whose saved game could not be read or has no result, each with why.
    pub skipped: Vec<(TableId, String)>,
}

impl Tables {
    /// Recomputes every result and rating from the finished tables (those of earlier releases
    /// included), in the order the games ended, with the very code that records a game's end.
    ///
    /// # Errors
    /// Storage failures (nothing is changed then).
    pub async fn rebuild_ratings(&self) -> Result<Rebuilt, TableError> {
        let store = self.store();
        let mut games = Vec::new();
        let mut skipped = Vec::new();
        for (id, ended_at) in store.finished_order().await.map_err(TableError::store)? {
            let row = store.load(id).await.map_err(|e| TableError::from_store(e, id))?;
            match engine_of(&row) {
                Ok((kind, Some(game))) => match game.pending().outcome() {
                    Some(outcome) => games.push((id, ended_at, Finish::of(kind, &row.seats, outcome))),
                    None => skipped.push((id, "its saved game has not ended".to_string())),
                },
                Ok((_, None)) => skipped.push((id, "it has no saved game".to_string())),
                Err(error) => skipped.push((id, error.to_string())),
            }
        }
        store.rebuild_ratings(&games).await.map_err(TableError::store)?;
        let rated = games.iter().filter(|g| g.2.rated()).count();
        Ok(Rebuilt { games: games.len(), rated, skipped })
    }

    /// At start-up: when a finished table that can be counted has no result yet (a table
    /// finished by an earlier release), recounts everything once with
    /// [`Tables::rebuild_ratings`], so the operator need not run `saloon ratings rebuild`.
    /// Otherwise does nothing; after a rebuild every countable table is recorded, so the next
    /// start does nothing (a finished table with no result, which the rebuild skips, does not
    /// trigger one).
    ///
    /// # Errors
    /// Storage failures (nothing is changed then).
    pub async fn backfill_ratings(&self) -> Result<Option<Rebuilt>, TableError> {
        let store = self.store();
        for id in store.unrecorded_finished().await.map_err(TableError::store)? {
            let row = store.load(id).await.map_err(|e| TableError::from_store(e, id))?;
            if let Ok((_, Some(game))) = engine_of(&row)
                && game.pending().outcome().is_some()
            {
                return self.rebuild_ratings().await.map(Some);
            }
        }
        Ok(None)
    }

    /// `user`'s stats on `server` (in `game` only, when given); `asker` is who asked, who alone
    /// may see the stats of a player who opted out.
    ///
    /// # Errors
    /// [`CommunityError`]: no games yet, the player opted out, or a storage failure.
    pub async fn stats(
        &self,
        server: ServerId,
        user: UserId,
        asker: UserId,
        game: Option<GameKind>,
    ) -> Result<Stats, CommunityError> {
        self.check_listed(user, asker).await?;
        let store = self.store();
        let played = store.played(server.0, user, game.map(GameKind::id)).await.map_err(TableError::store)?;
        if played.is_empty() {
            return Err(CommunityError::NoGames { game });
        }
        let mut ratings = Vec::new();
        for kind in stats::games_in(&played) {
            if let Some(row) = store.rating(server.0, kind.id(), user).await.map_err(TableError::store)? {
                ratings.push((kind, row));
            }
        }
        Ok(Stats::of(&played, ratings))
    }

    /// Page `page` (1 = first) of `game`'s leaderboard on `server`.
    ///
    /// # Errors
    /// [`CommunityError`]: nobody listed yet, a page past the end, or a storage failure.
    pub async fn leaderboard(
        &self,
        server: ServerId,
        game: GameKind,
        page: usize,
    ) -> Result<Page<RatingRow>, CommunityError> {
        let all = self.store().ratings(server.0, game.id(), MIN_GAMES_LISTED).await.map_err(TableError::store)?;
        if all.is_empty() {
            return Err(CommunityError::NobodyListed(game));
        }
        let total = all.len();
        let items = all.into_iter().skip(page.saturating_sub(1) * LEADERBOARD_PAGE).take(LEADERBOARD_PAGE).collect();
        Page::new(page, total, LEADERBOARD_PAGE, items)
    }

    /// Page `page` (1 = first) of the finished tables on `server`, of `user` and `game` when
    /// given, newest first; `asker` as for [`Tables::stats`].
    ///
    /// # Errors
    /// [`CommunityError`]: no games, the player opted out, a page past the end, or a storage
    /// failure.
    pub async fn history(
        &self,
        server: ServerId,
        user: Option<UserId>,
        asker: UserId,
        game: Option<GameKind>,
        page: usize,
    ) -> Result<Page<HistoryRow>, CommunityError> {
        if let Some(user) = user {
            self.check_listed(user, asker).await?;
        }
        let skip = page.saturating_sub(1) * HISTORY_PAGE;
        let (total, items) = self
            .store()
            .history(server.0, user, game.map(GameKind::id), skip, HISTORY_PAGE)
            .await
            .map_err(TableError::store)?;
        if total == 0 {
            return Err(CommunityError::NoGames { game });
        }
        Page::new(page, total, HISTORY_PAGE, items)
    }

    /// Refuses when `user` opted out of being listed and someone else asks about them.
    async fn check_listed(&self, user: UserId, asker: UserId) -> Result<(), CommunityError> {
        if user != asker && !self.user_settings(user).await?.listed {
            return Err(CommunityError::Private);
        }
        Ok(())
    }
}
