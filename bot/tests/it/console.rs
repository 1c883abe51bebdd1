//! `saloon play` driven with scripted input on a real SQLite file.

use std::path::Path;

use bot::console::{self, ConsoleError, PlayArgs};
use bot::store::Store;
use bot::table::{Skill, Status, TableId};
use bot::table::{TableError, Tables};
use engines::GameKind;

async fn tables(dir: &Path) -> Tables {
    let path = dir.join("saloon.db");
    Tables::new(Store::open(path.to_str().expect("utf-8 path")).await.expect("open store"))
}

fn args(dir: &Path, players: u8, bots: u8, seed: u64) -> PlayArgs {
    PlayArgs {
        game: GameKind::Martian12s,
        players,
        bots,
        seed: Some(seed),
        resume: None,
        options: serde_json::json!({}),
        level: Skill::Random,
        boards_dir: dir.join("boards"),
    }
}

async fn play(tables: &Tables, args: &PlayArgs, input: &str) -> (Result<TableId, ConsoleError>, String) {
    let mut out = Vec::new();
    let result = console::play(tables, args, input.as_bytes(), &mut out).await;
    (result, String::from_utf8(out).expect("utf-8 output"))
}

/// The output without the lines that name the table's number or the picture's file.
fn without_ids(text: &str) -> String {
    text.lines().filter(|l| !l.contains("table #") && !l.contains("Board picture")).collect::<Vec<_>>().join("\n")
}

#[tokio::test]
async fn an_all_computer_match_plays_itself_the_same_way_twice() {
    let dir = tempfile::tempdir().expect("tempdir");
    let tables = tables(dir.path()).await;
    let (first, out1) = play(&tables, &args(dir.path(), 3, 3, 2024), "").await;
    let (second, out2) = play(&tables, &args(dir.path(), 3, 3, 2024), "").await;
    let (first, second) = (first.expect("first match"), second.expect("second match"));
    assert_ne!(first, second, "two tables");
    assert!(out1.contains("Match over"), "{out1}");
    let over = out1.lines().filter(|l| l.starts_with("Match over:") || l.starts_with("Game over:")).count();
    assert_eq!(over, 1, "why the match ended is said once: {out1}");
    let winner_lines = out1.lines().filter(|l| l.trim_start().starts_with("1st")).count();
    assert_eq!(winner_lines, 1, "the final standings are printed once: {out1}");
    assert_eq!(without_ids(&out1), without_ids(&out2), "the same seed plays the same game");
    let log1 = tables.store().log(first).await.expect("log");
    let log2 = tables.store().log(second).await.expect("log");
    assert!(log1.len() > 20);
    assert_eq!(log1, log2);
    let (_, other) = play(&tables, &args(dir.path(), 3, 3, 2025), "").await;
    assert_ne!(without_ids(&out1), without_ids(&other), "another seed, another game");
    assert!(dir.path().join(format!("boards/table-{first}.png")).exists(), "final board picture written");
}

/// The replay hint at the end names everything that made the game: seats, level, options, seed.
#[tokio::test]
async fn the_replay_hint_plays_the_same_game_again() {
    let dir = tempfile::tempdir().expect("tempdir");
    let tables = tables(dir.path()).await;
    let mut first = args(dir.path(), 2, 2, 77);
    first.options = serde_json::json!({"rounds": 2, "single_set": true});
    let (result, out) = play(&tables, &first, "").await;
    result.expect("a match");
    let hint =
        out.lines().find(|l| l.contains("replay this game with")).unwrap_or_else(|| panic!("a replay hint: {out}"));
    let command = hint.split_once("with: ").expect("the command").1;
    assert_eq!(
        command,
        "saloon play martian-12s --players 2 --bots 2 --seed 77 --level random --opt rounds=2 --opt single_set=true"
    );
    // The hint's options, read as `--opt` reads them, play the same game.
    let words: Vec<&str> = command.split(" --opt ").skip(1).collect();
    let again = PlayArgs { options: bot::table::options_from_words(words).expect("options"), ..first };
    let (_, out2) = play(&tables, &again, "").await;
    assert_eq!(without_ids(&out), without_ids(&out2));
}

#[tokio::test]
async fn bad_input_is_explained_and_changes_nothing() {
    let dir = tempfile::tempdir().expect("tempdir");
    let tables = tables(dir.path()).await;
    let input = "foo\n99\npull X\n0\nhelp\nquit\n";
    let (id, out) = play(&tables, &args(dir.path(), 3, 2, 7), input).await;
    let id = id.expect("session");
    assert!(out.contains("\"foo\" is not a move here. You may: Pull small ("), "{out}");
    assert!(!out.contains("pull S") && !out.contains("[pass]"), "no action text on screen: {out}");
    assert!(out.contains("There is no option 99; choose 1 to 5."), "{out}");
    assert!(out.contains("\"pull X\" is not a move here."), "{out}");
    assert!(out.contains("There is no option 0"), "{out}");
    assert!(out.contains("Type the number of an option"), "help: {out}");
    // #24 item 3: help says what each option on the menu does, one line each.
    let help = out.split("What the options mean:").nth(1).expect("help explains the options");
    assert!(help.contains(" — Pay 1 credit into the pot and feel in the bag for a small pyramid"), "{help}");
    assert!(help.contains("5. Pass at 0 — Stop pulling for this round"), "{help}");
    assert!(out.contains(&format!("saloon play --resume {id}")), "{out}");
    let log = tables.store().log(id).await.expect("log");
    assert!(log.iter().all(|e| e.origin != bot::table::Origin::Player), "no human move was made: {log:?}");
    assert!(out.contains("Board picture:"), "{out}");
}

#[tokio::test]
async fn quitting_saves_and_resume_continues() {
    let dir = tempfile::tempdir().expect("tempdir");
    let id = {
        let tables = tables(dir.path()).await;
        let (id, out) = play(&tables, &args(dir.path(), 2, 1, 99), "1\n2\n").await; // input ends: saved
        assert!(out.contains("Saved."), "{out}");
        tables.store().close().await;
        id.expect("session")
    };
    let tables = tables(dir.path()).await;
    let moves_before = tables.store().log(id).await.expect("log").len();
    let resume = PlayArgs { resume: Some(id.0), ..args(dir.path(), 2, 1, 0) };
    let (again, out) = play(&tables, &resume, "pass\nq\n").await;
    assert_eq!(again.expect("resumed"), id);
    assert!(out.contains(&format!("Resuming Martian 12s at table #{id}")), "{out}");
    assert!(out.contains("You pass at"), "{out}");
    assert!(tables.store().log(id).await.expect("log").len() > moves_before);
    tables.verify_replay(id).await.expect("replay after resume");
}

#[tokio::test]
async fn unknown_and_finished_tables_cannot_be_resumed() {
    let dir = tempfile::tempdir().expect("tempdir");
    let tables = tables(dir.path()).await;
    let (missing, _) = play(&tables, &PlayArgs { resume: Some(4242), ..args(dir.path(), 3, 2, 0) }, "").await;
    let err = missing.expect_err("unknown table");
    assert!(matches!(err, ConsoleError::Table(TableError::NoSuchTable(_))));
    assert_eq!(err.to_string(), "There is no table #4242.");
    let (done, _) = play(&tables, &args(dir.path(), 2, 2, 5), "").await;
    let done = done.expect("all-computer match");
    assert_eq!(tables.snapshot(done).await.expect("snapshot").status, Status::Finished);
    let (again, out) = play(&tables, &PlayArgs { resume: Some(done.0), ..args(dir.path(), 3, 2, 0) }, "pass\n").await;
    let err = again.expect_err("finished");
    assert!(err.to_string().contains("is over"), "{err}");
    assert!(out.contains("Match over"), "the final standings are shown: {out}");
}

#[tokio::test]
async fn hot_seat_players_take_turns_at_one_keyboard() {
    let dir = tempfile::tempdir().expect("tempdir");
    let tables = tables(dir.path()).await;
    let (id, out) = play(&tables, &args(dir.path(), 2, 0, 3), "pass\npass\nq\n").await;
    id.expect("session");
    assert!(out.contains("Player 1, your move:") && out.contains("Player 2, your move:"), "{out}");
}

#[tokio::test]
async fn long_choices_are_entered_a_step_at_a_time() {
    let dir = tempfile::tempdir().expect("tempdir");
    let tables = tables(dir.path()).await;
    let game = PlayArgs { game: GameKind::GunslingerGang, ..args(dir.path(), 3, 2, 5) };
    // Step into the menu, back out, then choose options until a whole action is submitted.
    let input = "1\nb\n1\n1\n1\n1\n1\n1\n1\nq\n";
    let (id, out) = play(&tables, &game, input).await;
    let id = id.expect("session");
    assert!(out.contains("(so far: Play an underling)"), "{out}");
    assert!(out.contains("   b. Back"), "{out}");
    let log = tables.store().log(id).await.expect("log");
    assert!(log.iter().any(|e| e.origin == bot::table::Origin::Player && e.action.starts_with("play ")), "{log:?}");
}

/// A human at the keyboard (always taking the first option offered) and computer players play
/// a whole game of `game` to its result.
async fn human_and_computers_finish(game: GameKind, players: u8, bots: u8) {
    let dir = tempfile::tempdir().expect("tempdir");
    let tables = tables(dir.path()).await;
    let args = PlayArgs { game, ..args(dir.path(), players, bots, 9) };
    let input = "1\n".repeat(40_000);
    let (id, out) = play(&tables, &args, &input).await;
    let id = id.expect("session");
    let end = tables.snapshot(id).await.expect("snapshot");
    assert_eq!(end.status, Status::Finished, "{}", out.lines().rev().take(30).collect::<Vec<_>>().join("\n"));
    assert!(out.contains("Game over") || out.contains("Match over"), "the final standings are shown");
    what_happened_sits_above_the_menu(&out);
    let findings = engines::wording::findings(&out);
    assert!(findings.is_empty(), "{game:?}: the terminal printed {findings:?}");
    let log = tables.store().log(id).await.expect("log");
    let human = log.iter().filter(|e| e.origin == bot::table::Origin::Player).count();
    let computer = log.iter().filter(|e| e.origin == bot::table::Origin::Computer).count();
    let resigned = log.iter().any(|e| e.origin == bot::table::Origin::Player && e.action.contains("resign"));
    assert!(!resigned, "the human played the game out");
    assert!(human >= 10 && computer >= 10, "both took part: {human} human, {computer} computer actions");
    tables.verify_replay(id).await.expect("replay");
}

/// Issue #24 item 5: what happened since a player's last decision is printed after the board,
/// right above the menu it leads to, so a 24-line terminal shows both; nothing but the menu
/// comes between the first line of it and the prompt.
fn what_happened_sits_above_the_menu(out: &str) {
    let lines: Vec<&str> = out.lines().collect();
    let menu_line = |line: &str| {
        let head = line.trim_start().split(". ").next().unwrap_or_default();
        line.starts_with("  ") && (head == "c" || head == "b" || head.bytes().all(|b| b.is_ascii_digit()))
    };
    let prompts: Vec<usize> =
        (1..lines.len()).filter(|&i| lines[i].starts_with("> ") && menu_line(lines[i - 1])).collect();
    let mut told = 0;
    for step in prompts.windows(2) {
        let Some(first) = (step[0] + 1..step[1]).find(|&i| lines[i].starts_with("  * ")) else { continue };
        told += 1;
        for &line in &lines[first..step[1]] {
            let fits = line.is_empty()
                || line.starts_with("  * ")
                || line.contains("your move")
                || line.starts_with("Your move")
                || menu_line(line);
            assert!(
                fits,
                "a board or other text comes between what happened and the menu: {line:?} in\n{}",
                lines[step[0]..step[1]].join("\n")
            );
        }
    }
    assert!(told >= 10, "the game told what happened before {told} prompts");
}

#[tokio::test]
async fn martian_gunslinger_is_played_to_the_end_at_the_keyboard() {
    human_and_computers_finish(GameKind::MartianGunslinger, 3, 2).await;
}

#[tokio::test]
async fn gunslinger_gang_is_played_to_the_end_at_the_keyboard() {
    human_and_computers_finish(GameKind::GunslingerGang, 3, 2).await;
}

#[tokio::test]
async fn conquest_of_mars_is_played_to_the_end_at_the_keyboard() {
    human_and_computers_finish(GameKind::ConquestOfMars, 3, 2).await;
}

/// `saloon play conquest-of-mars --players 3 --bots 3 --seed 1`: a whole all-computer game,
/// the same twice from one seed, with the cards revealed in the standings; the d6-only
/// option (`--opt dice_mix=d6_only`) reaches the game.
#[tokio::test]
async fn an_all_computer_conquest_of_mars_plays_itself_to_the_standings() {
    let dir = tempfile::tempdir().expect("tempdir");
    let tables = tables(dir.path()).await;
    let game = PlayArgs { game: GameKind::ConquestOfMars, ..args(dir.path(), 3, 3, 1) };
    let (first, out1) = play(&tables, &game, "").await;
    let (second, out2) = play(&tables, &game, "").await;
    let (first, second) = (first.expect("first game"), second.expect("second game"));
    assert!(out1.contains("Game over") && out1.contains("Final standings:"), "{out1}");
    assert!(out1.contains("Conquest of Mars · Round"), "{out1}");
    assert!(out1.contains("Set aside:"), "the aside cards are shown at the end (R7): {out1}");
    assert_eq!(without_ids(&out1), without_ids(&out2), "the same seed plays the same game");
    assert_eq!(tables.snapshot(first).await.expect("snapshot").status, Status::Finished);
    tables.verify_replay(first).await.expect("replay");
    tables.verify_replay(second).await.expect("replay");
    assert!(dir.path().join(format!("boards/table-{first}.png")).exists(), "final board picture written");

    let d6 = PlayArgs { options: serde_json::json!({"dice_mix": "d6_only"}), ..game.clone() };
    let (id, out) = play(&tables, &d6, "").await;
    let id = id.expect("d6-only game");
    assert!(out.contains("Game over"), "{out}");
    let dice: Vec<&str> = out.lines().filter(|l| l.starts_with("Common pool:")).collect();
    assert!(!dice.is_empty() && dice.iter().all(|l| !l.contains("d4") && !l.contains("d20")), "{dice:?}");
    let log = tables.store().log(id).await.expect("log");
    assert!(log.iter().all(|e| !e.action.starts_with("trade")), "no trading with d6 only");

    let bad = PlayArgs { options: serde_json::json!({"dice_mix": "d7_only"}), ..game };
    let (refused, _) = play(&tables, &bad, "").await;
    let err = refused.expect_err("a bad option is refused");
    assert!(err.to_string().contains("dice_mix") || err.to_string().contains("d7_only"), "{err}");
}

/// With `--level`, the computers search: an all-computer match at the easy level plays to its
/// end, the same way twice from the same seed, and not the way random players do.
#[tokio::test]
async fn searching_computers_play_a_match_to_the_end() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = |name: &str| {
        let path = dir.path().join(name);
        async move { Store::open(path.to_str().expect("utf-8 path")).await.expect("open store") }
    };
    let easy = Tables::new(store("easy.db").await);
    let searching = PlayArgs { level: Skill::Search(engines::Level::Easy), ..args(dir.path(), 2, 2, 7) };
    let (first, out1) = play(&easy, &searching, "").await;
    let (second, out2) = play(&easy, &searching, "").await;
    assert!(out1.contains("Match over"), "{out1}");
    assert_eq!(without_ids(&out1), without_ids(&out2), "the same seed plays the same game");
    let random = Tables::new(store("random.db").await);
    let (third, _) = play(&random, &args(dir.path(), 2, 2, 7), "").await;
    let searched = easy.store().log(first.expect("first")).await.expect("log");
    assert_eq!(searched, easy.store().log(second.expect("second")).await.expect("log"));
    let random_log = random.store().log(third.expect("random match")).await.expect("log");
    assert_ne!(searched, random_log, "searching players do not play the random players' moves");
}

#[tokio::test]
async fn martian_12s_is_played_to_the_end_at_the_keyboard() {
    human_and_computers_finish(GameKind::Martian12s, 3, 2).await;
}

#[tokio::test]
async fn raja_is_played_to_the_end_at_the_keyboard() {
    human_and_computers_finish(GameKind::Raja, 3, 2).await;
}

/// `saloon play raja --players 3 --bots 3 --seed 4 --opt colours=purple/white`: a whole
/// all-computer game, the same twice from one seed, with the chosen colours (§3 step 1), the
/// lands on the board and the cash revealed only at the end (§5, §6); an unknown colour is
/// refused before the table opens.
#[tokio::test]
async fn an_all_computer_raja_plays_itself_to_the_standings() {
    let dir = tempfile::tempdir().expect("tempdir");
    let tables = tables(dir.path()).await;
    let options = serde_json::json!({"colours": "purple/white"});
    let game = PlayArgs { game: GameKind::Raja, options, ..args(dir.path(), 3, 3, 4) };
    let (first, out1) = play(&tables, &game, "").await;
    let (second, out2) = play(&tables, &game, "").await;
    let (first, second) = (first.expect("first game"), second.expect("second game"));
    assert!(out1.contains("Game over") && out1.contains("Cash revealed:"), "{out1}");
    assert!(out1.contains("Raja · Turn"), "{out1}");
    assert!(out1.contains("(Purple, ") && out1.contains("(White, ") && out1.contains("(Black, "), "{out1}");
    assert!(out1.contains("tiles: "), "the lands are on the board: {out1}");
    let before_end = out1.split("Game over").next().unwrap_or_default();
    assert!(!before_end.contains("blinder"), "nobody at the keyboard, so no blinder is shown");
    assert_eq!(without_ids(&out1), without_ids(&out2), "the same seed plays the same game");
    assert_eq!(tables.snapshot(first).await.expect("snapshot").status, Status::Finished);
    tables.verify_replay(first).await.expect("replay");
    tables.verify_replay(second).await.expect("replay");
    assert!(dir.path().join(format!("boards/table-{first}.png")).exists(), "final board picture written");

    let bad = PlayArgs { options: serde_json::json!({"colours": "purple/pink"}), ..game };
    let (refused, _) = play(&tables, &bad, "").await;
    let err = refused.expect_err("a bad option is refused");
    assert!(err.to_string().contains("pink"), "{err}");
}

/// #24 item 5: an option is chosen by its words or the start of them, an ambiguous start is
/// explained, `rules` prints the game in brief, and `resign` asks first.
#[tokio::test]
async fn menu_words_rules_and_a_confirmed_resign() {
    let dir = tempfile::tempdir().expect("tempdir");
    let tables = tables(dir.path()).await;
    let input = "pull\nrules\nresign\nno\npull sm\nresign\nyes\nq\n";
    let (id, out) = play(&tables, &args(dir.path(), 2, 1, 11), input).await;
    let id = id.expect("session");
    assert!(out.contains("\"pull\" could be Pull small"), "an ambiguous start: {out}");
    assert!(out.contains(GameKind::Martian12s.summary().lines().next().unwrap_or("?")), "rules: {out}");
    assert!(out.contains("Resign this game?") && out.contains("You carry on playing."), "{out}");
    let log = tables.store().log(id).await.expect("log");
    let mine: Vec<&str> =
        log.iter().filter(|e| e.origin == bot::table::Origin::Player).map(|e| e.action.as_str()).collect();
    assert_eq!(mine.first(), Some(&"pull S"), "\"pull sm\" chose the small pull: {mine:?}");
    assert!(mine.iter().filter(|a| a.contains("resign")).count() == 1, "resigned once, after yes: {mine:?}");
}

/// #24 item 3: in a menu entered a step at a time, help explains the options of this step.
#[tokio::test]
async fn help_explains_the_options_of_the_step() {
    let dir = tempfile::tempdir().expect("tempdir");
    let tables = tables(dir.path()).await;
    let game = PlayArgs { game: GameKind::GunslingerGang, ..args(dir.path(), 3, 2, 5) };
    let (_, out) = play(&tables, &game, "1\nhelp\nq\n").await;
    let help = out.split("What the options mean:").nth(1).expect("help explains the options");
    let first = help.lines().nth(1).unwrap_or_default();
    assert!(first.contains("The Kid") && first.contains(" — Value 1: Hustle up to 1 step; Hire 2 outlaws"), "{help}");
}

/// #24 item 5: a refused typed move keeps the steps chosen so far.
#[tokio::test]
async fn a_refused_entry_keeps_the_steps_chosen() {
    let dir = tempfile::tempdir().expect("tempdir");
    let tables = tables(dir.path()).await;
    let game = PlayArgs { game: GameKind::GunslingerGang, ..args(dir.path(), 3, 2, 5) };
    let (id, out) = play(&tables, &game, "1\nnonsense\nq\n").await;
    id.expect("session");
    let after = out.split("is not a move here").nth(1).expect("the refusal");
    assert!(after.contains("(so far: Play an underling)"), "the step is kept: {after}");
}
