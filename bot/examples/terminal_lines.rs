//! Lines the terminal prints per step a player takes: a person at the keyboard (always
//! choosing the first option) plays a whole game of each game against computer players, and
//! the output between one prompt and the next is counted. Prints the median and the 90th
//! percentile per game, and for the steps after which something happened, how far up the
//! first line of what happened is from the next prompt (median, 90th percentile, and the
//! share of those steps where it is within a 24-line terminal).
//!
//! ```sh
//! cargo run --release -p bot --example terminal_lines -- [seeds]   # default 3 seeds per game
//! ```

use bot::console::{self, PlayArgs};
use bot::store::Store;
use bot::table::Skill;
use bot::table::Tables;
use engines::GameKind;

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let seeds: u64 = std::env::args().nth(1).map_or(Ok(3), |s| s.parse())?;
    let dir = tempfile::tempdir()?;
    let path = dir.path().join("lines.db");
    let tables = Tables::new(Store::open(path.to_str().ok_or("path")?).await?);
    println!(
        "{:<20} {:>6} {:>7} {:>5} | {:>12} {:>6} {:>6} {:>9}",
        "game", "steps", "median", "p90", "with events", "median", "p90", "on screen"
    );
    for &game in GameKind::ALL {
        let mut counts = Vec::new();
        let mut since = Vec::new();
        for seed in 0..seeds {
            let args = PlayArgs {
                game,
                players: 3,
                bots: 2,
                seed: Some(seed),
                resume: None,
                options: serde_json::json!({}),
                level: Skill::Random,
                boards_dir: dir.path().join("boards"),
            };
            let input = "1\n".repeat(40_000);
            let mut out = Vec::new();
            console::play(&tables, &args, input.as_bytes(), &mut out).await?;
            let text = String::from_utf8_lossy(&out);
            let (lines, reach) = lines_per_step(&text);
            counts.extend(lines);
            since.extend(reach);
        }
        let on_screen = since.iter().filter(|&&n| n <= 24).count() * 100 / since.len().max(1);
        println!(
            "{:<20} {:>6} {:>7} {:>5} | {:>12} {:>6} {:>6} {:>8}%",
            game.id(),
            counts.len(),
            quantile(&mut counts, 0.5),
            quantile(&mut counts, 0.9),
            since.len(),
            quantile(&mut since, 0.5),
            quantile(&mut since, 0.9),
            on_screen
        );
    }
    Ok(())
}

fn quantile(values: &mut [usize], q: f64) -> usize {
    values.sort_unstable();
    values.get(((values.len().max(1) - 1) as f64 * q).round() as usize).copied().unwrap_or(0)
}

/// The lines printed from one prompt to the next, and for each such step with narration in it
/// ("  * …", possibly right after the prompt's "> "), the lines from its first narration line
/// to the next prompt. A prompt is a line beginning "> " right after a menu line ("  12. …",
/// "   c. …", "   b. …"); boards also have lines beginning "> " (the player on turn), which
/// are not prompts.
fn lines_per_step(text: &str) -> (Vec<usize>, Vec<usize>) {
    let lines: Vec<&str> = text.lines().collect();
    let menu = |line: &str| {
        let line = line.trim_start();
        let head = line.split(". ").next().unwrap_or_default();
        line.contains(". ")
            && (head == "c" || head == "b" || (!head.is_empty() && head.bytes().all(|b| b.is_ascii_digit())))
    };
    let prompts: Vec<usize> = (1..lines.len()).filter(|&i| lines[i].starts_with("> ") && menu(lines[i - 1])).collect();
    let lines_per = prompts.windows(2).map(|w| w[1] - w[0]).collect();
    let told = |line: &str| line.trim_start_matches("> ").starts_with("  * ");
    let reach =
        prompts.windows(2).filter_map(|w| (w[0]..w[1]).find(|&i| told(lines[i])).map(|first| w[1] - first)).collect();
    (lines_per, reach)
}
