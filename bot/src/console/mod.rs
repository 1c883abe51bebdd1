//! `saloon play`: the same tables in a terminal, for trying games without Discord.
//!
//! Every local human sits at the one terminal (hot seat); computer players move on their
//! own. Each move is saved to SQLite before it is shown, so `--resume` continues a game.

use std::io::Write;
use std::path::{Path, PathBuf};

use engines::{GameKind, Viewer};
use tokio::io::{AsyncBufRead, AsyncBufReadExt};

use crate::store::{Status, TableId, UserId};
use crate::table::{LobbyRequest, MoveReport, Participant, Snapshot, TableError, Tables};

/// What `saloon play` was asked to do.
#[derive(Clone, Debug)]
pub struct PlayArgs {
    /// The game (ignored with `resume`).
    pub game: GameKind,
    /// Seats at the table.
    pub players: u8,
    /// Computer players among them.
    pub bots: u8,
    /// The random seed; the same seed plays the same game.
    pub seed: Option<u64>,
    /// Continue this table instead of opening a new one.
    pub resume: Option<i64>,
    /// Table options as JSON.
    pub options: serde_json::Value,
    /// Where board pictures go.
    pub boards_dir: PathBuf,
}

/// Why the terminal session stopped early.
#[derive(Debug, thiserror::Error)]
pub enum ConsoleError {
    /// The table layer refused (unknown table, bad options…).
    #[error("{0}")]
    Table(#[from] TableError),
    /// The terminal itself failed.
    #[error("terminal: {0}")]
    Io(#[from] std::io::Error),
}

/// Local players get ids 1, 2, …; they never collide with Discord ids, which are far larger.
fn local_user(i: u8) -> UserId {
    UserId(u64::from(i) + 1)
}

/// Runs a terminal game until it ends, the player quits, or input ends.
///
/// # Errors
/// When the table cannot be opened or resumed, or the terminal fails; messages say why.
pub async fn play<R, W>(tables: &Tables, args: &PlayArgs, input: R, out: &mut W) -> Result<TableId, ConsoleError>
where
    R: AsyncBufRead + Unpin,
    W: Write,
{
    let id = match args.resume {
        Some(id) => resume(tables, TableId(id), out).await?,
        None => open(tables, args, out).await?,
    };
    let mut session = Session { tables, id, boards_dir: &args.boards_dir, out, lines: input.lines(), shown: -1 };
    session.run().await?;
    Ok(id)
}

async fn open<W: Write>(tables: &Tables, args: &PlayArgs, out: &mut W) -> Result<TableId, ConsoleError> {
    let humans = args.players.saturating_sub(args.bots);
    let name = |i: u8| if humans == 1 { "You".to_string() } else { format!("Player {}", i + 1) };
    let request = LobbyRequest {
        game: args.game,
        options: args.options.clone(),
        host: Participant { user: local_user(0), name: name(0) },
        seat_host: humans > 0,
        players: args.players,
        computers: args.bots,
        seed: args.seed,
        turn_timeout: 7 * 24 * 3600,
    };
    let lobby = tables.open(request).await?;
    for i in 1..humans {
        tables.join(lobby.id, Participant { user: local_user(i), name: name(i) }).await?;
    }
    let report = tables.start(lobby.id, local_user(0)).await?;
    writeln!(out, "{} at table #{} (seed {}).", args.game.name(), lobby.id, lobby.seed)?;
    print_narration(out, &report, None)?;
    Ok(lobby.id)
}

async fn resume<W: Write>(tables: &Tables, id: TableId, out: &mut W) -> Result<TableId, ConsoleError> {
    let snapshot = tables.snapshot(id).await?;
    match snapshot.status {
        Status::Running => {
            writeln!(out, "Resuming {} at table #{id}.", snapshot.game.name())?;
            Ok(id)
        }
        Status::Lobby => Err(TableError::NotStarted(id).into()),
        Status::Finished | Status::Abandoned => {
            print_final(out, &snapshot)?;
            Err(TableError::Over(id).into())
        }
    }
}

struct Session<'a, R, W> {
    tables: &'a Tables,
    id: TableId,
    boards_dir: &'a Path,
    out: &'a mut W,
    lines: tokio::io::Lines<R>,
    /// The version of the board last printed, so it is printed once per change.
    shown: i64,
}

const HELP: &str = "Type the number of an option or the action itself (e.g. \"pull S\"). \
Other commands: board (show the board again), resign, help, quit (the game is saved; resume it with --resume).";

impl<R: AsyncBufRead + Unpin, W: Write> Session<'_, R, W> {
    async fn run(&mut self) -> Result<(), ConsoleError> {
        loop {
            let snapshot = self.tables.snapshot(self.id).await?;
            if snapshot.status != Status::Running {
                self.write_board(&snapshot)?;
                print_final(self.out, &snapshot)?;
                return Ok(());
            }
            let Some(user) = snapshot.waiting_users().first().copied() else {
                return Err(TableError::Internal("nobody to move".into()).into());
            };
            if self.shown != snapshot.version {
                self.show_board(&snapshot)?;
                self.shown = snapshot.version;
            }
            if !self.turn(&snapshot, user).await? {
                writeln!(self.out, "Saved. Continue with: saloon play --resume {}", self.id)?;
                return Ok(());
            }
        }
    }

    /// One prompt; returns false when the player quits or input ends.
    async fn turn(&mut self, snapshot: &Snapshot, user: UserId) -> Result<bool, ConsoleError> {
        let private = self.tables.private_view(self.id, user).await?;
        let name = snapshot.names().get(private.seat.index()).cloned().unwrap_or_default();
        writeln!(self.out, "\n{name}, your move:")?;
        for (i, action) in private.legal.iter().enumerate() {
            writeln!(self.out, "  {:>2}. {:<28} [{}]", i + 1, action.label, action.text)?;
        }
        write!(self.out, "> ")?;
        self.out.flush()?;
        let Some(line) = self.lines.next_line().await? else { return Ok(false) };
        let line = line.trim();
        let action = match line.to_ascii_lowercase().as_str() {
            "q" | "quit" | "exit" => return Ok(false),
            "" => return Ok(true),
            "help" | "?" => {
                writeln!(self.out, "{HELP}")?;
                return Ok(true);
            }
            "board" => {
                self.show_board(snapshot)?;
                return Ok(true);
            }
            "resign" => return self.report(self.tables.resign(self.id, user).await, user).map(|()| true),
            _ => match line.parse::<usize>() {
                Ok(n) if (1..=private.legal.len()).contains(&n) => private.legal[n - 1].text.clone(),
                Ok(n) => {
                    writeln!(self.out, "There is no option {n}; choose 1 to {}.", private.legal.len())?;
                    return Ok(true);
                }
                Err(_) => line.to_string(),
            },
        };
        let result = self.tables.submit(self.id, user, &action, Some(private.version)).await;
        self.report(result, user).map(|()| true)
    }

    fn report(&mut self, result: Result<MoveReport, TableError>, user: UserId) -> Result<(), ConsoleError> {
        match result {
            Ok(report) => {
                let seat = report.seats.iter().find(|s| s.user == Some(user)).map(|s| engines::Seat(s.seat));
                print_narration(self.out, &report, seat)?;
            }
            Err(err) if err.is_internal() => return Err(err.into()),
            Err(err) => writeln!(self.out, "{err}")?,
        }
        Ok(())
    }

    fn show_board(&mut self, snapshot: &Snapshot) -> Result<(), ConsoleError> {
        if let Some(view) = &snapshot.view {
            writeln!(self.out, "\n{}", render::board_text(view, &snapshot.names()))?;
        }
        self.write_board(snapshot)
    }

    /// Writes the board picture and says where.
    fn write_board(&mut self, snapshot: &Snapshot) -> Result<(), ConsoleError> {
        let Some(view) = &snapshot.view else { return Ok(()) };
        let png = match render::board_png(view, &snapshot.names()) {
            Ok(png) => png,
            Err(err) => {
                writeln!(self.out, "(no board picture: {err})")?;
                return Ok(());
            }
        };
        std::fs::create_dir_all(self.boards_dir)?;
        let path = self.boards_dir.join(format!("table-{}.png", self.id));
        std::fs::write(&path, png)?;
        writeln!(self.out, "Board picture: {}", path.display())?;
        Ok(())
    }
}

fn print_narration<W: Write>(out: &mut W, report: &MoveReport, seat: Option<engines::Seat>) -> std::io::Result<()> {
    let viewer = seat.map_or(Viewer::Public, Viewer::Seat);
    for line in report.narration_for(viewer) {
        writeln!(out, "  * {line}")?;
    }
    Ok(())
}

fn print_final<W: Write>(out: &mut W, snapshot: &Snapshot) -> std::io::Result<()> {
    if let Some(view) = &snapshot.view {
        writeln!(out, "\n{}", render::board_text(view, &snapshot.names()))?;
    }
    match (&snapshot.outcome, snapshot.status) {
        (Some(outcome), _) => {
            writeln!(out, "Game over: {}.", outcome.reason)?;
            let names = snapshot.names();
            for standing in &outcome.standings {
                let name = names.get(standing.seat.index()).cloned().unwrap_or_default();
                writeln!(out, "  {}. {name} — {}", standing.place, standing.detail)?;
            }
        }
        (None, Status::Abandoned) => writeln!(out, "Table #{} was abandoned.", snapshot.id)?,
        (None, _) => {}
    }
    let bots = snapshot.seats.iter().filter(|s| s.user.is_none()).count();
    writeln!(
        out,
        "Seed {seed}; replay this game with: saloon play {game} --players {players} --bots {bots} --seed {seed}",
        seed = snapshot.seed,
        game = snapshot.game.id(),
        players = snapshot.seats.len(),
    )
}
