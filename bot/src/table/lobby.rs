//! Opening tables, taking seats, starting, cancelling and abandoning.

use engines::{AnyGame, GameKind};

use super::outbox::{BoardNote, Dispatch, PanelNote};
use super::{LobbyRequest, MoveReport, Participant, Progress, Snapshot, TableError, Tables, renumber};
use crate::store::{Deal, NewTable, TableRow, Update};
use crate::table::vocab::{SeatRow, Skill, Status, TableId, UserId};

/// Names computer players take, in order.
const COMPUTER_NAMES: [&str; 9] = ["Calamity", "Doc", "Wyatt", "Belle", "Jesse", "Annie", "Bat", "Pearl", "Butch"];

impl Tables {
    /// Opens a lobby: the host takes the first seat (if seated), computer players the next ones.
    ///
    /// # Errors
    /// When the game is not playable, the seat counts are out of range, or an option is bad.
    pub async fn open(&self, request: LobbyRequest) -> Result<Snapshot, TableError> {
        let game = request.game;
        let (min, max) = AnyGame::player_range(game);
        let players = usize::from(request.players);
        if !(min..=max).contains(&players) {
            return Err(TableError::Setup(engines::SetupError::PlayerCount {
                game: game.name(),
                min,
                max,
                got: players,
            }));
        }
        if usize::from(request.computers) + usize::from(request.seat_host) > players {
            return Err(TableError::TooManyComputers { players, most: players - usize::from(request.seat_host) });
        }
        let (reveal, options) = crate::fair::take_reveal(&request.options)
            .map_err(|reason| TableError::Setup(engines::SetupError::BadOption { option: "reveal".into(), reason }))?;
        // Without a seed from whoever opens it, the deal is sealed: a secret committed to now,
        // mixed at Start with what nobody can choose now (issue #28).
        let secret = match request.seed {
            Some(_) => None,
            None => Some(crate::fair::draw_secret().map_err(|e| TableError::Internal(format!("no randomness: {e}")))?),
        };
        // Until Start a sealed table's seed is only a stand-in for checking the options.
        let seed =
            request.seed.or_else(|| secret.as_deref().and_then(|s| crate::fair::seed(s, ""))).unwrap_or_default();
        // Options are checked now, with the intended player count, so a bad one is refused
        // before anyone joins.
        AnyGame::setup(game, &options, players, seed).map_err(TableError::Setup)?;
        let mut seats = Vec::new();
        if request.seat_host {
            seats.push(SeatRow::human(request.host.user, request.host.name.clone()));
        }
        for i in 0..request.computers {
            seats.push(SeatRow::computer(computer_name(&seats, usize::from(i)), Some(request.level)));
        }
        let new = NewTable {
            game: game.id().to_string(),
            options: options.to_string(),
            seed,
            host: Some(request.host.user),
            max_players: request.players,
            turn_timeout: request.turn_timeout,
            away_allowance: request.away_allowance,
            on_timeout: request.on_timeout,
            delivers: request.delivers,
            rematch_of: None,
            deal: Deal { secret, cut: None, reveal },
        };
        let id = self.store.create(&new, &renumber(seats)).await.map_err(TableError::store)?;
        self.snapshot(id).await
    }

    async fn lobby(&self, id: TableId) -> Result<TableRow, TableError> {
        let row = self.store.load(id).await.map_err(|e| TableError::from_store(e, id))?;
        if row.status == Status::Lobby { Ok(row) } else { Err(TableError::NotInLobby(id)) }
    }

    /// Writes the seats of a lobby (for the rematch's confirmations too), recorded for delivery.
    pub(super) async fn rewrite_seats(&self, row: TableRow, seats: Vec<SeatRow>) -> Result<Snapshot, TableError> {
        self.write_seats(row, seats).await
    }

    async fn write_seats(&self, mut row: TableRow, seats: Vec<SeatRow>) -> Result<Snapshot, TableError> {
        let seats = renumber(seats);
        let dispatch = Dispatch { lobby: true, ..Dispatch::default() };
        let update = Update { seats: Some(seats.clone()), ..outgoing(&row, dispatch.clone())? };
        let written =
            self.store.update(row.id, row.version, &update).await.map_err(|e| TableError::from_store(e, row.id))?;
        row.version = written.version;
        row.seats = seats;
        let delivers = row.delivers;
        let mut snapshot = Snapshot::from_row(row)?;
        snapshot.recorded = super::recorded(delivers.then_some(dispatch), written);
        Ok(snapshot)
    }

    /// `who` takes a free seat.
    ///
    /// # Errors
    /// When the table is not in its lobby, is full, or `who` is seated already.
    pub async fn join(&self, id: TableId, who: Participant) -> Result<Snapshot, TableError> {
        let row = self.lobby(id).await?;
        if row.seats.iter().any(|s| s.user == Some(who.user)) {
            return Err(TableError::AlreadySeated(id));
        }
        if row.seats.len() >= usize::from(row.max_players) {
            return Err(TableError::Full(id));
        }
        let mut seats = row.seats.clone();
        seats.push(SeatRow::human(who.user, who.name));
        self.write_seats(row, seats).await
    }

    /// `user` gives up their seat in the lobby; a host leaving cancels the table.
    ///
    /// # Errors
    /// When the table is not in its lobby or `user` has no seat.
    pub async fn leave(&self, id: TableId, user: UserId) -> Result<Snapshot, TableError> {
        let row = self.lobby(id).await?;
        if !row.seats.iter().any(|s| s.user == Some(user)) {
            return Err(TableError::NotSeated(id));
        }
        if row.host == Some(user) {
            return self.cancel(id, user).await;
        }
        let seats = row.seats.iter().filter(|s| s.user != Some(user)).cloned().collect();
        self.write_seats(row, seats).await
    }

    /// Seats a computer player of strength `level`; anyone seated may add one.
    ///
    /// # Errors
    /// When the table is not in its lobby, is full, or `by` is not seated.
    pub async fn add_computer(&self, id: TableId, by: UserId, level: Skill) -> Result<Snapshot, TableError> {
        let row = self.lobby(id).await?;
        if !row.seats.iter().any(|s| s.user == Some(by)) {
            return Err(TableError::NotSeated(id));
        }
        if row.seats.len() >= usize::from(row.max_players) {
            return Err(TableError::Full(id));
        }
        let mut seats = row.seats.clone();
        let computers = seats.iter().filter(|s| s.user.is_none()).count();
        seats.push(SeatRow::computer(computer_name(&seats, computers), Some(level)));
        self.write_seats(row, seats).await
    }

    /// The host starts the game with the seats taken; computer seats that must act first do.
    /// A sealed deal is cut with the clock's nanoseconds now ([`Tables::start_cut`] takes a cut).
    ///
    /// # Errors
    /// When `by` is not the host, too few are seated, or the game refuses its setup.
    pub async fn start(&self, id: TableId, by: UserId) -> Result<MoveReport, TableError> {
        self.start_cut(id, by, &crate::fair::clock_cut()).await
    }

    /// As [`Tables::start`], the sealed deal's seed derived from its secret and `cut`, which the
    /// bot could not choose when it committed (on Discord the Start click's id).
    ///
    /// # Errors
    /// As [`Tables::start`].
    pub async fn start_cut(&self, id: TableId, by: UserId, cut: &str) -> Result<MoveReport, TableError> {
        let mut row = self.lobby(id).await?;
        if row.host != Some(by) {
            return Err(TableError::NotHost(id));
        }
        // A rematch begins only with everyone seated confirmed.
        let unconfirmed: Vec<String> = row
            .seats
            .iter()
            .filter(|s| row.rematch_of.is_some() && s.user.is_some_and(|u| !row.confirmed.contains(&u)))
            .map(|s| s.name.clone())
            .collect();
        if !unconfirmed.is_empty() {
            return Err(TableError::Unconfirmed { names: unconfirmed.join(", ") });
        }
        let kind: GameKind = row.game.parse().map_err(|e| TableError::Internal(format!("{e}")))?;
        let (min, _) = AnyGame::player_range(kind);
        if row.seats.len() < min {
            return Err(TableError::TooFew { game: kind.name(), need: min, have: row.seats.len() });
        }
        let options: serde_json::Value =
            serde_json::from_str(&row.options).map_err(|e| TableError::Internal(e.to_string()))?;
        if let Some(deal) = row.deal.as_mut().filter(|d| d.secret.is_some()) {
            row.seed = deal.secret.as_deref().and_then(|s| crate::fair::seed(s, cut)).unwrap_or(row.seed);
            deal.cut = Some(cut.to_string());
        }
        let game = AnyGame::setup(kind, &options, row.seats.len(), row.seed).map_err(TableError::Setup)?;
        // One commit: the set-up game, the computer players' opening moves and the status
        // together, so no crash can leave a started table waiting on a computer.
        let mut table = super::Loaded { row, game };
        let mut progress = Progress::opening();
        self.run_computers(&mut table, &mut progress)?;
        self.commit(table, progress, false).await
    }

    /// The host closes a lobby that has not started.
    ///
    /// # Errors
    /// When `by` is not the host or the table already started.
    pub async fn cancel(&self, id: TableId, by: UserId) -> Result<Snapshot, TableError> {
        let row = self.lobby(id).await?;
        if row.host != Some(by) {
            return Err(TableError::NotHost(id));
        }
        self.close(row, "").await
    }

    /// Stops a running game for good: the host may, or `admin` (a moderator of the place it
    /// is played in, as the front end decides). `who` names `by` on the board.
    ///
    /// # Errors
    /// When `by` may not, or the table is over already.
    pub async fn abandon(&self, id: TableId, by: UserId, who: &str, admin: bool) -> Result<Snapshot, TableError> {
        let row = self.store.load(id).await.map_err(|e| TableError::from_store(e, id))?;
        if matches!(row.status, Status::Finished | Status::Abandoned) {
            return Err(TableError::Over(id));
        }
        if row.host != Some(by) && !admin {
            return Err(TableError::NotHost(id));
        }
        self.close(row, &format!("{who} stopped the game before its end.")).await
    }
}

impl Tables {
    /// Marks a lobby cancelled or a game abandoned: a lobby's message says so; a game's
    /// board says so and every player's panel closes.
    async fn close(&self, mut row: TableRow, line: &str) -> Result<Snapshot, TableError> {
        let id = row.id;
        let dispatch = if row.status == Status::Lobby {
            Dispatch { lobby: true, ..Dispatch::default() }
        } else {
            let panels = row
                .seats
                .iter()
                .filter_map(|s| {
                    s.user.map(|user| PanelNote {
                        user,
                        seat: s.seat,
                        fresh: false,
                        lines: Vec::new(),
                        take_back: false,
                    })
                })
                .collect();
            let board = BoardNote { lines: vec![line.to_string()], ping: Vec::new() };
            Dispatch { panels, board: Some(board), ..Dispatch::default() }
        };
        let update = Update {
            status: Some(Status::Abandoned),
            deadline_at: Some(None),
            waiting: Some(0),
            ..outgoing(&row, dispatch.clone())?
        };
        let written = self.store.update(id, row.version, &update).await.map_err(|e| TableError::from_store(e, id))?;
        row.version = written.version;
        row.status = Status::Abandoned;
        row.deadline_at = None;
        let delivers = row.delivers;
        let mut snapshot = Snapshot::from_row(row)?;
        snapshot.recorded = super::recorded(delivers.then_some(dispatch), written);
        Ok(snapshot)
    }
}

/// An update that records `dispatch` in the outbox (and claims the table to deliver it) when
/// the table's front end delivers through it; else an empty update.
pub(super) fn outgoing(row: &TableRow, dispatch: Dispatch) -> Result<Update, TableError> {
    if !row.delivers {
        return Ok(Update::default());
    }
    let body = dispatch.to_json().map_err(|e| TableError::Internal(e.to_string()))?;
    Ok(Update { outbox: Some(body), claim: Some(super::CLAIM_LEASE), ..Update::default() })
}

/// A computer name not yet used at the table.
fn computer_name(seats: &[SeatRow], nth: usize) -> String {
    let taken = |name: &str| seats.iter().any(|s| s.name == name);
    let base =
        COMPUTER_NAMES.iter().cycle().skip(nth).take(COMPUTER_NAMES.len()).find(|n| !taken(&format!("{n} (bot)")));
    match base {
        Some(name) => format!("{name} (bot)"),
        None => format!("Bot {}", seats.len() + 1),
    }
}
