//! `saloon play`: the same tables in a terminal, for trying games without Discord.
//!
//! Every local human sits at the one terminal (hot seat); computer players move on their
//! own. Each move is saved to SQLite before it is shown, so `--resume` continues a game.

mod end;
pub mod fair;
mod input;

use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use engines::{GameKind, Viewer};
use tokio::io::AsyncBufRead;

use end::print_final;
pub use input::MAX_LINE;
use input::{Line, read_line};

use crate::table::{Entry, LobbyRequest, MoveReport, Participant, Snapshot, TableError, Tables};
use crate::table::{OnTimeout, Skill, Status, TableId, UserId};

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
    /// How the computer players choose.
    pub level: Skill,
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

/// Whether `user` is one of the terminal's own players (Discord ids are far larger).
fn is_local(user: UserId) -> bool {
    (1..=u64::from(u8::MAX) + 1).contains(&user.0)
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
    let (id, since) = match args.resume {
        Some(id) => resume(tables, TableId(id), out).await?,
        None => open(tables, args, out).await?,
    };
    let mut session = Session {
        tables,
        id,
        boards_dir: &args.boards_dir,
        out,
        input,
        shown: -1,
        shown_private: HashMap::new(),
        prefix: String::new(),
        path: Vec::new(),
        confirming_resign: false,
        since,
        told_goal: false,
        told_picture: false,
    };
    session.run().await?;
    Ok(id)
}

/// One table for `saloon tables`: its number and where the game stands (the first line of its
/// board), then who it waits for and how to carry it on.
#[must_use]
pub fn where_it_stands(snapshot: &Snapshot) -> String {
    let names = snapshot.names();
    let stands = snapshot
        .view
        .as_ref()
        .and_then(|view| render::board_text(view, &names).lines().next().map(str::to_string))
        .unwrap_or_else(|| snapshot.game.name().to_string());
    let waiting: Vec<String> =
        snapshot.waiting_names().into_iter().map(|n| if n == "You" { "you".into() } else { n }).collect();
    let waiting = if waiting.is_empty() { String::new() } else { format!("waiting for {}; ", waiting.join(", ")) };
    let terminal = snapshot.seats.iter().any(|s| s.user.is_some_and(is_local));
    let resume = if terminal {
        format!("resume with: saloon play --resume {}", snapshot.id)
    } else {
        "played on Discord".to_string()
    };
    format!("#{:<4} {stands}\n      {waiting}{resume}", snapshot.id)
}

/// Opens and starts a table; its number and what the start said (told under the first board).
async fn open<W: Write>(tables: &Tables, args: &PlayArgs, out: &mut W) -> Result<(TableId, Vec<String>), ConsoleError> {
    let humans = args.players.saturating_sub(args.bots);
    let name = |i: u8| if humans == 1 { "You".to_string() } else { format!("Player {}", i + 1) };
    let request = LobbyRequest {
        game: args.game,
        options: args.options.clone(),
        host: Participant { user: local_user(0), name: name(0) },
        seat_host: humans > 0,
        players: args.players,
        computers: args.bots,
        level: args.level,
        on_timeout: OnTimeout::SafeDefault,
        seed: args.seed,
        turn_timeout: 7 * 24 * 3600,
        away_allowance: crate::table::DEFAULT_AWAY_ALLOWANCE,
        // The terminal prints each move from its report; nothing waits in an outbox.
        delivers: false,
    };
    let lobby = tables.open(request).await?;
    for i in 1..humans {
        tables.join(lobby.id, Participant { user: local_user(i), name: name(i) }).await?;
    }
    writeln!(out, "{} at table #{}.", args.game.name(), lobby.id)?;
    writeln!(out, "{}", fair::commitment_line(&lobby))?;
    let report = tables.start(lobby.id, local_user(0)).await?;
    Ok((lobby.id, narration(&report, None)))
}

/// Resumes a table (or starts a lobby the terminal opened); as [`open`].
async fn resume<W: Write>(tables: &Tables, id: TableId, out: &mut W) -> Result<(TableId, Vec<String>), ConsoleError> {
    let snapshot = tables.snapshot(id).await?;
    match snapshot.status {
        Status::Running => {
            writeln!(out, "Resuming {} at table #{id}.", snapshot.game.name())?;
            Ok((id, Vec::new()))
        }
        // A lobby the terminal opened, stopped between opening and starting: the seats still
        // free belong to the terminal's own players (computer players were seated when it
        // opened). Someone else's lobby (on Discord) is theirs to start.
        Status::Lobby if snapshot.host.is_some_and(is_local) => {
            for i in snapshot.seats.len()..usize::from(snapshot.max_players) {
                let i = i as u8;
                tables.join(id, Participant { user: local_user(i), name: format!("Player {}", i + 1) }).await?;
            }
            let host = snapshot.host.ok_or(TableError::NotHost(id))?;
            let report = tables.start(id, host).await?;
            writeln!(out, "Starting {} at table #{id} (seed {}).", snapshot.game.name(), snapshot.seed)?;
            Ok((id, narration(&report, None)))
        }
        Status::Lobby => Err(TableError::NotStarted(id).into()),
        Status::Finished | Status::Abandoned => {
            print_final(out, &snapshot, &[])?;
            Err(TableError::Over(id).into())
        }
    }
}

struct Session<'a, R, W> {
    tables: &'a Tables,
    id: TableId,
    boards_dir: &'a Path,
    out: &'a mut W,
    /// The player's input, read a capped line at a time (see [`read_line`]).
    input: R,
    /// The version of the board last printed, so it is printed once per change.
    shown: i64,
    /// The private view last printed to each seat, so it is printed again only when it changed.
    shown_private: HashMap<engines::Seat, String>,
    /// The action text entered so far in step mode.
    prefix: String,
    /// The labels of the steps chosen so far, as the menu showed them.
    path: Vec<String>,
    /// Whether the last line was `resign`, which waits for a yes.
    confirming_resign: bool,
    /// What happened since the player's last decision, printed under the next board and just
    /// above the menu, so it stays on the screen with the choice it leads to.
    since: Vec<String>,
    /// Whether the board's "To win:" line was printed once already (`rules` repeats it).
    told_goal: bool,
    /// Whether the picture's path was printed once already (it never changes).
    told_picture: bool,
}

/// Legal lists longer than this are entered a step at a time.
const LIST_LIMIT: usize = 30;

/// What a prompt offers: numbered options (label, text, whether the text is a whole action),
/// and in step mode Confirm and Back.
struct Menu {
    title: String,
    options: Vec<(String, String, bool)>,
    confirm: bool,
    back: Option<String>,
}

impl Menu {
    fn whole(legal: &[engines::LegalAction]) -> Self {
        let options = legal.iter().map(|a| (a.label.clone(), a.text.clone(), true)).collect();
        Self { title: String::new(), options, confirm: false, back: None }
    }

    fn step(prefix: &str, path: &[String], step: &crate::table::Step) -> Self {
        let options =
            step.choices.options.iter().map(|c| (c.label.clone(), format!("{prefix}{}", c.token), false)).collect();
        let chosen: Vec<&str> = path.iter().map(|label| label.trim_end_matches('…')).collect();
        let title = if chosen.is_empty() { String::new() } else { format!(" (so far: {})", chosen.join(", ")) };
        Self { title, options, confirm: step.choices.complete, back: step.back.clone() }
    }

    fn print<W: Write>(&self, out: &mut W, name: &str) -> std::io::Result<()> {
        let whose = if name == "You" { "Your move".to_string() } else { format!("{name}, your move") };
        writeln!(out, "\n{whose}{}:", self.title)?;
        for (i, (label, _, _)) in self.options.iter().enumerate() {
            writeln!(out, "  {:>2}. {label}", i + 1)?;
        }
        if self.confirm {
            writeln!(out, "   c. Confirm this move")?;
        }
        if self.back.is_some() {
            writeln!(out, "   b. Back")?;
        }
        Ok(())
    }
}

const HELP: &str = "Type the number of an option, or its words (the start of them is enough when only one \
option begins that way); long choices come a step at a time (c confirms, b goes back). \
Other commands: board (show the board again), rules (the game in brief), undo (take back \
your last move, when no card was drawn or die rolled since), resign, help, \
quit (the game is saved; resume it with --resume).";

/// `name`'s, for a heading: "Your" for the player called "You".
fn possessive(name: &str) -> String {
    if name == "You" { "Your".into() } else { format!("{name}'s") }
}

/// What a typed line picks from a menu.
#[derive(Debug, PartialEq, Eq)]
enum Pick {
    /// The option at this index.
    One(usize),
    /// Several options begin this way: their labels.
    Several(Vec<String>),
    /// No option is called this.
    Nothing,
}

impl Menu {
    /// The option `line` names: a label or its words typed out (any case), the word the step
    /// chooses, or the start of exactly one label.
    fn pick(&self, prefix: &str, line: &str) -> Pick {
        let want = line.trim().to_lowercase();
        let word = |text: &str| text.get(prefix.len()..).unwrap_or(text).trim().to_lowercase();
        let label = |label: &str| label.trim_end_matches('…').to_lowercase();
        if let Some(i) = self
            .options
            .iter()
            .position(|(l, text, _)| label(l) == want || text.to_lowercase() == want || word(text) == want)
        {
            return Pick::One(i);
        }
        let starts: Vec<usize> = (0..self.options.len())
            .filter(|&i| label(&self.options[i].0).starts_with(&want) || word(&self.options[i].1).starts_with(&want))
            .collect();
        match starts.as_slice() {
            [] => Pick::Nothing,
            [one] => Pick::One(*one),
            many => Pick::Several(many.iter().map(|&i| self.options[i].0.clone()).collect()),
        }
    }
}

impl<R: AsyncBufRead + Unpin, W: Write> Session<'_, R, W> {
    async fn run(&mut self) -> Result<(), ConsoleError> {
        loop {
            let snapshot = self.tables.snapshot(self.id).await?;
            if snapshot.status != Status::Running {
                self.write_board(&snapshot)?;
                print_final(self.out, &snapshot, &std::mem::take(&mut self.since))?;
                fair::print_end(self.tables, &snapshot, self.out).await?;
                return Ok(());
            }
            let Some(user) = snapshot.waiting_users().first().copied() else {
                // Only computer players to move (a table saved by an older release, or
                // interrupted): they play on, and the loop shows where that leads.
                match self.tables.drive_computers(self.id).await? {
                    Some(report) => self.note(&report, None),
                    None => return Err(TableError::Internal("the game waits for nobody".into()).into()),
                }
                continue;
            };
            if self.shown != snapshot.version {
                // A player holding secrets sees their own board (the public one with their
                // secrets added) instead, once, in `turn`: one board per step.
                let holds = snapshot.seat_of(user).is_some_and(|seat| snapshot.secret_holders.contains(seat));
                if holds {
                    self.write_board(&snapshot)?
                } else {
                    self.show_board(&snapshot)?
                }
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
        let (_, private) = self.tables.private_view(self.id, user).await?;
        let seat = private.seat;
        let name = snapshot.names().get(seat.index()).cloned().unwrap_or_default();
        if snapshot.secret_holders.contains(seat) {
            // Hot seat: the board with what only this player may see, shown when it is their
            // turn and it changed since they last saw it.
            let text = render::board_text(&private.view, &private.names);
            if self.shown_private.get(&seat) != Some(&text) {
                let shown = self.goal_once(&text);
                writeln!(self.out, "\n{} view:\n{shown}", possessive(&name))?;
                self.shown_private.insert(seat, text);
            }
        }
        self.tell_since()?;
        // A short list is shown whole; a long one is entered a step at a time, like the
        // Discord menus.
        let menu = if private.legal.len() <= LIST_LIMIT {
            Menu::whole(&private.legal)
        } else {
            let step = self.tables.choices(self.id, user, &self.prefix).await?;
            if step.choices.complete && step.choices.options.is_empty() {
                let action = self.prefix.clone();
                return self.submit(user, &action, private.version).await;
            }
            Menu::step(&self.prefix, &self.path, &step)
        };
        if !self.confirming_resign {
            menu.print(self.out, &name)?;
        }
        write!(self.out, "> ")?;
        self.out.flush()?;
        let Some(line) = read_line(&mut self.input).await? else { return Ok(false) };
        let Line::Text(line) = line else {
            writeln!(
                self.out,
                "That line is too long (over {MAX_LINE} bytes); nothing was done. Type help for what you can enter."
            )?;
            return Ok(true);
        };
        let line = line.trim();
        if std::mem::take(&mut self.confirming_resign) {
            return self.confirm_resign(user, line).await;
        }
        self.answer(snapshot, user, &menu, line, private.version).await
    }

    /// Acts on one typed line at a prompt showing `menu`.
    async fn answer(
        &mut self,
        snapshot: &Snapshot,
        user: UserId,
        menu: &Menu,
        line: &str,
        version: i64,
    ) -> Result<bool, ConsoleError> {
        match line.to_lowercase().as_str() {
            "q" | "quit" | "exit" => return Ok(false),
            "" => {}
            "help" | "?" => self.help(user, menu).await?,
            "rules" => writeln!(self.out, "\n{}", snapshot.game.summary().trim_end())?,
            "board" => {
                self.told_goal = false;
                self.show_board(snapshot)?;
            }
            "undo" => self.undo(user).await?,
            "resign" => {
                self.confirming_resign = true;
                writeln!(
                    self.out,
                    "Resign this game? The game goes on without you deciding. Type yes to resign, anything else to carry on."
                )?;
            }
            "b" | "back" if menu.back.is_some() => {
                self.prefix = menu.back.clone().unwrap_or_default();
                self.path.pop();
            }
            "c" | "confirm" if menu.confirm => {
                let action = self.prefix.clone();
                return self.submit(user, &action, version).await;
            }
            _ => {
                let pick = match line.parse::<usize>() {
                    Ok(n) if (1..=menu.options.len()).contains(&n) => Pick::One(n - 1),
                    Ok(n) => {
                        let allowed = match menu.options.len() {
                            1 => "the only option is 1".to_string(),
                            len => format!("choose 1 to {len}"),
                        };
                        writeln!(self.out, "There is no option {n}; {allowed}.")?;
                        return Ok(true);
                    }
                    Err(_) => menu.pick(&self.prefix, line),
                };
                return self.chosen(user, menu, pick, line, version).await;
            }
        }
        Ok(true)
    }

    /// Takes what a typed line picked: a step, a whole move, or, when it names no option, the
    /// line itself as a move (the steps chosen so far are kept when it is refused).
    async fn chosen(
        &mut self,
        user: UserId,
        menu: &Menu,
        pick: Pick,
        line: &str,
        version: i64,
    ) -> Result<bool, ConsoleError> {
        match pick {
            Pick::One(i) => {
                let (label, text, whole) = &menu.options[i];
                if *whole {
                    return self.submit(user, text, version).await;
                }
                self.prefix = text.clone();
                self.path.push(label.clone());
                Ok(true)
            }
            Pick::Several(labels) => {
                writeln!(self.out, "\"{line}\" could be {}; type more of it, or a number.", labels.join(" or "))?;
                Ok(true)
            }
            Pick::Nothing => self.submit(user, line, version).await,
        }
    }

    /// The commands, then what each option of the menu shown means, one line each.
    async fn help(&mut self, user: UserId, menu: &Menu) -> Result<(), ConsoleError> {
        writeln!(self.out, "{HELP}")?;
        let whole = menu.options.first().is_some_and(|(_, _, whole)| *whole);
        let at = (!whole).then(|| Entry::Text(self.prefix.clone()));
        let explained = self.tables.explanations(self.id, user, at.as_ref()).await?;
        if !explained.is_empty() {
            writeln!(self.out, "\nWhat the options mean:")?;
        }
        for (i, option) in explained.iter().enumerate() {
            writeln!(self.out, "  {:>2}. {} — {}", i + 1, option.label, option.explanation)?;
        }
        Ok(())
    }

    /// Asks to take back `user`'s last move: computers agree at once when the game allows it;
    /// people seated here are asked on Discord's buttons, not in the terminal.
    async fn undo(&mut self, user: UserId) -> Result<(), ConsoleError> {
        match self.tables.ask_undo(self.id, user).await {
            Ok(asked) => match asked.granted {
                Some(report) => {
                    self.prefix.clear();
                    self.path.clear();
                    let seat = report.snapshot.seat_of(user);
                    self.note(&report, seat);
                }
                None => {
                    let names: Vec<&str> = asked.asked.iter().map(|(_, name)| name.as_str()).collect();
                    writeln!(self.out, "Asked {} to agree to take your move back.", names.join(", "))?;
                }
            },
            Err(err) if err.is_internal() => return Err(err.into()),
            Err(err) => writeln!(self.out, "{err}")?,
        }
        Ok(())
    }

    async fn confirm_resign(&mut self, user: UserId, line: &str) -> Result<bool, ConsoleError> {
        if matches!(line.to_lowercase().as_str(), "y" | "yes") {
            let result = self.tables.resign(self.id, user).await;
            self.report(result, user)?;
        } else {
            writeln!(self.out, "You carry on playing.")?;
        }
        Ok(true)
    }

    /// Submits `action`; the steps chosen so far are cleared only when it is accepted.
    async fn submit(&mut self, user: UserId, action: &str, version: i64) -> Result<bool, ConsoleError> {
        let result = self.tables.submit(self.id, user, action, Some(version)).await;
        if self.report(result, user)? {
            self.prefix.clear();
            self.path.clear();
        }
        Ok(true)
    }

    /// Prints what a move did, or why it was refused; whether it was accepted.
    fn report(&mut self, result: Result<MoveReport, TableError>, user: UserId) -> Result<bool, ConsoleError> {
        match result {
            Ok(report) => {
                let seat = report.snapshot.seat_of(user);
                self.note(&report, seat);
                Ok(true)
            }
            Err(err) if err.is_internal() => Err(err.into()),
            Err(err) => {
                writeln!(self.out, "{err}")?;
                Ok(false)
            }
        }
    }

    fn show_board(&mut self, snapshot: &Snapshot) -> Result<(), ConsoleError> {
        if let Some(view) = &snapshot.view {
            let text = self.goal_once(&render::board_text(view, &snapshot.names()));
            writeln!(self.out, "\n{text}")?;
        }
        self.write_board(snapshot)
    }

    /// A board's text with its "To win:" line kept only the first time a board is printed:
    /// the goal does not change, and `rules` says it again.
    fn goal_once(&mut self, text: &str) -> String {
        if !std::mem::replace(&mut self.told_goal, true) {
            return text.to_string();
        }
        text.lines().filter(|line| !line.starts_with(GOAL)).collect::<Vec<_>>().join("\n")
    }

    /// Keeps what `report` says `seat` may read, to print with the next menu.
    fn note(&mut self, report: &MoveReport, seat: Option<engines::Seat>) {
        self.since.extend(narration(report, seat));
    }

    /// Prints what happened since the last menu, after the board and before the next menu.
    fn tell_since(&mut self) -> std::io::Result<()> {
        if !self.since.is_empty() {
            writeln!(self.out)?;
        }
        for line in self.since.drain(..) {
            writeln!(self.out, "{line}")?;
        }
        Ok(())
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
        if !std::mem::replace(&mut self.told_picture, true) {
            writeln!(self.out, "Board picture: {} (redrawn after every move)", path.display())?;
        }
        Ok(())
    }
}

/// What `report` says `seat` (or everyone) may read, a line each as the terminal prints it.
fn narration(report: &MoveReport, seat: Option<engines::Seat>) -> Vec<String> {
    let viewer = seat.map_or(Viewer::Public, Viewer::Seat);
    report.narration_for(viewer).into_iter().map(|line| format!("  * {line}")).collect()
}

/// The start of a board's line that says how the game is won.
const GOAL: &str = "To win:";
