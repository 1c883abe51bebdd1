//! Lines the terminal prints per step a player takes: a person at the keyboard (always
//! choosing the first option) plays a whole game of each game against computer players, and
//! the output between one prompt and the next is counted. Prints the median and the 90th
//! percentile per game.
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
    println!("{:<20} {:>6} {:>7} {:>5}", "game", "steps", "median", "p90");
    for &game in GameKind::ALL {
        let mut counts = Vec::new();
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
            counts.extend(lines_per_step(&text));
        }
        counts.sort_unstable();
        let at = |q: f64| counts[((counts.len() - 1) as f64 * q).round() as usize];
        println!("{:<20} {:>6} {:>7} {:>5}", game.id(), counts.len(), at(0.5), at(0.9));
    }
    Ok(())
}

/// The lines printed from one prompt to the next. A prompt is a line beginning "> " right after
/// a menu line ("  12. …", "   c. …", "   b. …"); boards also have lines beginning "> " (the
/// player on turn), which are not prompts.
fn lines_per_step(text: &str) -> Vec<usize> {
    let lines: Vec<&str> = text.lines().collect();
    let menu = |line: &str| {
        let line = line.trim_start();
        let head = line.split(". ").next().unwrap_or_default();
        line.contains(". ")
            && (head == "c" || head == "b" || (!head.is_empty() && head.bytes().all(|b| b.is_ascii_digit())))
    };
    let prompts: Vec<usize> = (1..lines.len()).filter(|&i| lines[i].starts_with("> ") && menu(lines[i - 1])).collect();
    prompts.windows(2).map(|w| w[1] - w[0]).collect()
}
