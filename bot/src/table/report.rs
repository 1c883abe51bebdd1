//! What the table layer hands to a front end: views and narration, never a game state.

use engines::{
    AnyGame, AnyView, Applied, Choices, GameKind, LegalAction, Narration, Outcome, Pending, Seat, SeatSet, Viewer,
};

use super::{Loaded, TableError, engine_of, log_entry, public_choices, secret_holders};
use crate::store::{SummaryRow, TableRow};
use crate::table::vocab::{LogEntry, OnTimeout, Origin, SeatRow, Status, TableId, UserId};

/// One applied action.
#[derive(Clone, Debug)]
pub struct Move {
    /// Who acted.
    pub seat: Seat,
    /// The action's text form.
    pub action: String,
    /// Who chose it.
    pub origin: Origin,
}

/// What happens between two commits, gathered while actions are applied in memory.
#[derive(Debug)]
pub(crate) struct Progress {
    moves: Vec<Move>,
    narration: Vec<Narration>,
    log: Vec<LogEntry>,
    /// Who had to decide before the first action.
    before_must: SeatSet,
    /// Who could act (had to, or might) before the first action.
    before_actors: SeatSet,
    /// Seats of `before_must` that stopped being waited for at some point since.
    interrupted: SeatSet,
    /// Whether a seat changed hands.
    handed: bool,
    /// Seats a computer took over from their player here.
    went_away: SeatSet,
    /// The seat whose move (the last a person made here) the game lets them ask to take back.
    take_back: Option<Seat>,
    /// The round the game was in after the last action (before the first, when known).
    round: Option<i64>,
}

/// The round of the game a view is in: a Raja game turn (R1), a round of Martian
/// Gunslinger, Gunslinger Gang, Conquest of Mars or Martian 12s. A decision of a new round is
/// a new decision with its own clock and notice, and a player has at most one new DM per
/// round. Defined here, from the views, for all five games.
pub fn round_of(view: &AnyView) -> Option<i64> {
    Some(match view {
        AnyView::Raja(view) => i64::from(view.turn),
        AnyView::MartianGunslinger(view) => i64::from(view.round),
        AnyView::GunslingerGang(view) => i64::from(view.round),
        AnyView::ConquestOfMars(view) => i64::from(view.round),
        AnyView::Martian12s(view) => i64::from(view.round),
    })
}

fn round_of_game(game: &AnyGame) -> Option<i64> {
    round_of(&game.view(Viewer::Public))
}

impl Progress {
    /// Before any action of `game`'s current position.
    pub(crate) fn new(game: &AnyGame) -> Self {
        let pending = game.pending();
        Self { round: round_of_game(game), ..Self::from_sets(pending.must_seats(), pending.actors()) }
    }

    /// Before the first position of a game: every seat asked then is asked anew.
    pub(crate) const fn opening() -> Self {
        Self::from_sets(SeatSet::EMPTY, SeatSet::EMPTY)
    }

    const fn from_sets(before_must: SeatSet, before_actors: SeatSet) -> Self {
        Self {
            moves: Vec::new(),
            narration: Vec::new(),
            log: Vec::new(),
            before_must,
            before_actors,
            interrupted: SeatSet::EMPTY,
            handed: false,
            went_away: SeatSet::EMPTY,
            take_back: None,
            round: None,
        }
    }

    /// A public line about the table itself (a seat changing hands), not about a move.
    pub(crate) fn announce(&mut self, text: String) {
        self.narration.push(Narration { audience: engines::Audience::Public, text });
    }

    /// `seat` changed hands (a computer took it, or its player came back): a decision it
    /// owes now starts afresh, with its own clock and notice.
    pub(crate) fn hand_over(&mut self, seat: Seat) {
        self.interrupted.insert(seat);
        self.handed = true;
    }

    /// A computer took `seat` over from its player (who is told how to come back).
    pub(crate) fn went_away(&mut self, seat: Seat) {
        self.hand_over(seat);
        self.went_away.insert(seat);
    }

    /// Records `seat`'s applied action; `game` is the game after it.
    pub(crate) fn record(&mut self, seat: Seat, applied: &Applied, origin: Origin, game: &AnyGame) {
        self.log.push(log_entry(seat, &applied.action, origin));
        self.moves.push(Move { seat, action: applied.action.clone(), origin });
        self.narration.extend(applied.narration.iter().cloned());
        let must = game.pending().must_seats();
        self.interrupted = self.interrupted.union(self.before_must.without(must));
        // A new round begins a new decision for everyone it waits for, even a player it went
        // on waiting for (Martian 12s' first drawer, Raja's bidders): a clock and notice of
        // its own, and a timeout never plays into it.
        let round = round_of_game(game);
        if self.round.is_some() && round != self.round {
            self.interrupted = self.interrupted.union(must);
        }
        self.round = round;
    }

    /// A public line said before the narration from `at` on (an index into
    /// [`Progress::narration`] taken earlier).
    pub(crate) fn announce_at(&mut self, at: usize, text: String) {
        let at = at.min(self.narration.len());
        self.narration.insert(at, Narration { audience: engines::Audience::Public, text });
    }

    /// `seat`'s move, just recorded, may be taken back (the game said so): its panel offers it.
    pub(crate) fn offer_take_back(&mut self, seat: Seat) {
        self.take_back = Some(seat);
    }

    /// The seat offered Take back, while nobody but computers has moved since its move.
    pub(crate) fn offers_take_back(&self) -> Option<Seat> {
        let seat = self.take_back?;
        let last_person = self.moves.iter().rev().find(|m| m.origin != Origin::Computer)?;
        (last_person.seat == seat && last_person.origin == Origin::Player).then_some(seat)
    }

    /// Whether nothing was applied and no seat changed hands.
    pub(crate) fn is_empty(&self) -> bool {
        self.moves.is_empty() && !self.handed
    }

    /// Records an entry that takes moves back (undo by consent).
    pub(crate) fn record_undo(&mut self, entry: LogEntry) {
        self.log.push(entry);
        self.handed = true;
    }

    pub(crate) fn log(&self) -> &[LogEntry] {
        &self.log
    }

    /// What happened so far, each line with its audience.
    pub(crate) fn narration(&self) -> &[Narration] {
        &self.narration
    }

    /// Seats a computer took over from their player.
    pub(crate) const fn went_away_seats(&self) -> SeatSet {
        self.went_away
    }

    /// The lines only some may read that `seat` is among (its private news).
    pub(crate) fn private_lines(&self, seat: Seat) -> Vec<String> {
        private_lines(&self.narration, seat)
    }

    fn acted(&self) -> SeatSet {
        self.moves.iter().map(|m| m.seat).collect()
    }

    /// The seats of `must` that began waiting in this stretch: not waited for before, or no
    /// longer waited for at some point since. A seat still deciding the steps of its own
    /// turn, or still owing a sealed answer while others answer, is not among them: one turn,
    /// one clock, one notification.
    pub(crate) fn fresh(&self, must: SeatSet) -> SeatSet {
        must.iter().filter(|s| !self.before_must.contains(*s) || self.interrupted.contains(*s)).collect()
    }

    /// Per seat, the version at which its current decision began, given the previous record
    /// `old`, the seats that may act now and the `version` being written. A seat keeps its
    /// record only when everything applied here was other seats' answers to a decision it
    /// shares (a sealed bid while others bid): nothing it could see changed for its choice.
    pub(crate) fn asked(&self, old: Option<&[i64]>, actors: SeatSet, players: usize, version: i64) -> Vec<i64> {
        let acted = self.acted();
        let co_answers_only = self.moves.iter().all(|m| self.before_must.contains(m.seat));
        (0..players)
            .map(|i| {
                let seat = Seat(i as u8);
                let keep = co_answers_only
                    && self.before_actors.contains(seat)
                    && actors.contains(seat)
                    && !acted.contains(seat)
                    && !self.interrupted.contains(seat);
                match (keep, old.and_then(|o| o.get(i))) {
                    (true, Some(v)) => *v,
                    _ => version,
                }
            })
            .collect()
    }
}

/// The result of a move (a player's action and the computer moves that followed), built
/// from the game in memory after the commit: everything a front end delivers, so delivery
/// reads nothing back.
#[derive(Clone, Debug)]
pub struct MoveReport {
    /// Every action applied, in order.
    pub moves: Vec<Move>,
    /// What happened, each with its audience; front ends post the public lines and send
    /// each seat's private lines to that seat only.
    pub narration: Vec<Narration>,
    /// The pending seats that began waiting with this move (see [`MoveReport::fresh_users`]).
    pub fresh: SeatSet,
    /// The table after the move, as everybody sees it.
    pub snapshot: Snapshot,
    /// Every human seat's private view after the move, in seat order.
    pub privates: Vec<PrivateView>,
    /// Seats a computer took over from their player with this commit (the player is told how
    /// to take it back).
    pub went_away: SeatSet,
    /// The outbox entry the commit recorded (for a table whose front end delivers through it).
    pub recorded: Option<super::outbox::Recorded>,
    /// What the player read on each option they chose to enter the action (by clicks).
    pub chosen: Vec<String>,
    /// The seat whose move the game lets its player ask to take back (issue #27 item 5).
    pub take_back: Option<Seat>,
}

impl MoveReport {
    pub(crate) fn new(progress: Progress, table: &Loaded) -> Self {
        let fresh = progress.fresh(table.game.pending().must_seats());
        let take_back = progress.offers_take_back();
        let privates = table
            .row
            .seats
            .iter()
            .filter(|s| s.user.is_some())
            .map(|s| PrivateView::new(table, Seat(s.seat)))
            .collect();
        Self {
            moves: progress.moves,
            narration: progress.narration,
            fresh,
            snapshot: Snapshot::from_loaded(table),
            privates,
            went_away: progress.went_away,
            recorded: None,
            chosen: Vec::new(),
            take_back,
        }
    }

    /// The table.
    #[must_use]
    pub const fn table(&self) -> TableId {
        self.snapshot.id
    }

    /// The game.
    #[must_use]
    pub const fn game(&self) -> GameKind {
        self.snapshot.game
    }

    /// The result, when the game ended.
    #[must_use]
    pub const fn outcome(&self) -> Option<&Outcome> {
        self.snapshot.outcome.as_ref()
    }

    /// Names by seat.
    #[must_use]
    pub fn names(&self) -> Vec<String> {
        self.snapshot.names()
    }

    /// Humans who began waiting with this move: the players to mention and notify. A player
    /// still deciding the steps of their turn, or a sealed answer, is not notified again.
    #[must_use]
    pub fn fresh_users(&self) -> Vec<UserId> {
        self.fresh
            .iter()
            .filter_map(|s| self.snapshot.seats.get(s.index()).filter(|row| !row.away).and_then(|row| row.user))
            .collect()
    }

    /// The narration `viewer` may read.
    #[must_use]
    pub fn narration_for(&self, viewer: Viewer) -> Vec<String> {
        super::narration_for(&self.narration, viewer)
    }

    /// The lines only some may read that `seat` is among (its private news).
    #[must_use]
    pub fn private_lines(&self, seat: Seat) -> Vec<String> {
        private_lines(&self.narration, seat)
    }

    /// Humans the game now waits for.
    #[must_use]
    pub fn waiting_users(&self) -> Vec<UserId> {
        self.snapshot.waiting_users()
    }

    /// `user`'s private view, if they sit at the table.
    #[must_use]
    pub fn private_of(&self, user: UserId) -> Option<&PrivateView> {
        let seat = self.snapshot.seat_of(user)?;
        self.privates.iter().find(|p| p.seat == seat)
    }
}

/// A table as everybody sees it.
#[derive(Clone, Debug)]
pub struct Snapshot {
    /// The table.
    pub id: TableId,
    /// The game.
    pub game: GameKind,
    /// Lobby, running, finished or abandoned.
    pub status: Status,
    /// Bumped on every change.
    pub version: i64,
    /// Seats in order.
    pub seats: Vec<SeatRow>,
    /// Seats it may fill.
    pub max_players: u8,
    /// Who opened it.
    pub host: Option<UserId>,
    /// Who must decide.
    pub pending: SeatSet,
    /// The public board, once started.
    pub view: Option<AnyView>,
    /// The result, when over.
    pub outcome: Option<Outcome>,
    /// The options as JSON text.
    pub options: String,
    /// The seed (published at the end of a game for audit).
    pub seed: u64,
    /// Seconds a pending player has to act.
    pub turn_timeout: i64,
    /// What happens when a player runs out of time.
    pub on_timeout: OnTimeout,
    /// When the pending decision times out.
    pub deadline_at: Option<i64>,
    /// When the table was paused (nobody moves and every clock stands still); `None` while
    /// it runs.
    pub paused_at: Option<i64>,
    /// The finished table this one is a rematch of.
    pub rematch_of: Option<TableId>,
    /// The people who confirmed a rematch lobby.
    pub confirmed: Vec<UserId>,
    /// The pending seat's first choices, when they may be shown publicly.
    pub public_choices: Option<(Seat, Choices)>,
    /// Seats holding something private now.
    pub secret_holders: SeatSet,
    /// The outbox entry the change that made this snapshot recorded (a lobby change), if any.
    pub recorded: Option<super::outbox::Recorded>,
    /// The SHA-256 of the table's sealed secret, shown from the lobby on (`None`: the seed was
    /// chosen when it was opened, or the table is older than commitments).
    pub commitment: Option<String>,
    /// The sealed secret, once the game is over (revealed so anyone can check the deal).
    pub secret: Option<String>,
    /// What was mixed into the secret at Start.
    pub cut: Option<String>,
    /// Whether every private fact is told at the end (not when opened with reveal=no).
    pub reveal: bool,
}

impl Snapshot {
    pub(crate) fn from_row(row: TableRow) -> Result<Self, TableError> {
        let (game, engine) = engine_of(&row)?;
        Ok(Self::build(row, game, engine.as_ref()))
    }

    /// The snapshot of a table whose game is in memory (no decoding).
    pub(crate) fn from_loaded(table: &Loaded) -> Self {
        Self::build(table.row.clone(), table.game.kind(), Some(&table.game))
    }

    fn build(row: TableRow, game: GameKind, engine: Option<&AnyGame>) -> Self {
        let pending = engine.map(AnyGame::pending);
        let names: Vec<String> = row.seats.iter().map(|s| s.name.clone()).collect();
        Self {
            id: row.id,
            game,
            status: row.status,
            version: row.version,
            max_players: row.max_players,
            host: row.host,
            pending: pending.as_ref().map_or(SeatSet::EMPTY, Pending::must_seats),
            outcome: match pending {
                Some(Pending::Finished(outcome)) => Some(outcome),
                _ => None,
            },
            view: engine.map(|g| g.view(Viewer::Public)),
            public_choices: engine.and_then(|game| public_choices(game, &names)),
            secret_holders: engine.map_or(SeatSet::EMPTY, secret_holders),
            seats: row.seats,
            options: row.options,
            seed: row.seed,
            turn_timeout: row.turn_timeout,
            on_timeout: row.on_timeout,
            deadline_at: row.deadline_at,
            paused_at: row.paused_at,
            rematch_of: row.rematch_of,
            confirmed: row.confirmed,
            recorded: None,
            commitment: row.deal.as_ref().and_then(|d| d.secret.as_deref()).and_then(crate::fair::commitment),
            secret: row.deal.as_ref().and_then(|d| d.secret.clone()).filter(|_| row.status == Status::Finished),
            cut: row.deal.as_ref().and_then(|d| d.cut.clone()),
            reveal: row.deal.as_ref().is_none_or(|d| d.reveal),
        }
    }

    /// Names by seat.
    #[must_use]
    pub fn names(&self) -> Vec<String> {
        self.seats.iter().map(|s| s.name.clone()).collect()
    }

    /// The seat of `user`, if seated.
    #[must_use]
    pub fn seat_of(&self, user: UserId) -> Option<Seat> {
        self.seats.iter().find(|s| s.user == Some(user)).map(|s| Seat(s.seat))
    }

    /// Humans the game waits for (not a player who is away while a computer plays their seat).
    #[must_use]
    pub fn waiting_users(&self) -> Vec<UserId> {
        self.pending
            .iter()
            .filter_map(|s| self.seats.get(s.index()).filter(|row| !row.away).and_then(|row| row.user))
            .collect()
    }

    /// Whether the game waits for a computer (a computer seat, or an away player's).
    #[must_use]
    pub fn waits_on_computer(&self) -> bool {
        self.status == Status::Running
            && self.paused_at.is_none()
            && self.pending.iter().any(|s| self.seats.get(s.index()).is_some_and(SeatRow::computer_plays))
    }

    /// Names of the seats the game waits for.
    #[must_use]
    pub fn waiting_names(&self) -> Vec<String> {
        self.pending
            .iter()
            .filter_map(|s| self.seats.get(s.index()))
            .map(|row| {
                if row.away { format!("{} (a computer plays while they are away)", row.name) } else { row.name.clone() }
            })
            .collect()
    }
}

/// What one seat privately sees, with what it may do.
#[derive(Clone, Debug)]
pub struct PrivateView {
    /// The table.
    pub table: TableId,
    /// The game.
    pub game: GameKind,
    /// The seat.
    pub seat: Seat,
    /// The seat's view (public part plus its own secrets).
    pub view: AnyView,
    /// What the seat may do now (empty when not pending).
    pub legal: Vec<LegalAction>,
    /// The first step of entering an action, when the seat may act.
    pub first_step: Option<Choices>,
    /// Whether the game waits for this seat (it must decide, not merely may).
    pub waited_for: bool,
    /// The version at which the seat's current decision began: a panel drawn at or after it
    /// still shows the seat's choices.
    pub asked: i64,
    /// The table's version.
    pub version: i64,
    /// Names by seat.
    pub names: Vec<String>,
}

impl PrivateView {
    pub(crate) fn new(table: &Loaded, seat: Seat) -> Self {
        // An away player sees their seat but decides nothing: a computer plays it for them. A
        // player who resigned only watches.
        let away = table.row.seats.get(seat.index()).is_some_and(|s| s.away) || table.game.resigned(seat);
        let names = table.names();
        let legal = if away { Vec::new() } else { table.game.legal_actions(seat, &names) };
        Self {
            table: table.row.id,
            game: table.game.kind(),
            seat,
            view: table.game.view(Viewer::Seat(seat)),
            first_step: (!legal.is_empty()).then(|| table.game.choices(seat, "", &names)),
            waited_for: !away && table.game.pending().must_seats().contains(seat),
            asked: table.row.asked.get(seat.index()).copied().unwrap_or(table.row.version),
            legal,
            version: table.row.version,
            names,
        }
    }
}

/// A line in a list of tables.
#[derive(Clone, Debug)]
pub struct TableSummary {
    /// The table.
    pub id: TableId,
    /// The game.
    pub game: GameKind,
    /// Its status.
    pub status: Status,
    /// Players seated.
    pub seated: usize,
    /// Names the game waits for.
    pub waiting: Vec<String>,
    /// Whether the asking user is among them.
    pub your_turn: bool,
}

impl TableSummary {
    /// From a list row that records who the game waits for (`waiting`, as seat bits).
    pub(crate) fn from_row(row: SummaryRow, waiting: SeatSet, user: Option<UserId>) -> Result<Self, TableError> {
        let game: GameKind = row.game.parse().map_err(|e| TableError::damaged(row.id, format!("{e}")))?;
        let waiting_seats: Vec<&SeatRow> = waiting.iter().filter_map(|s| row.seats.get(s.index())).collect();
        Ok(Self {
            id: row.id,
            game,
            status: row.status,
            seated: row.seats.len(),
            waiting: waiting_seats.iter().map(|s| s.name.clone()).collect(),
            your_turn: user.is_some_and(|u| waiting_seats.iter().any(|s| s.user == Some(u))),
        })
    }
}

/// The lines of `narration` only some may read that `seat` is among.
fn private_lines(narration: &[Narration], seat: Seat) -> Vec<String> {
    narration
        .iter()
        .filter(|n| n.audience.readers().is_some_and(|r| r.contains(seat)))
        .map(|n| n.text.clone())
        .collect()
}
