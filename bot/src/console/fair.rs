//! The terminal's side of fair deals, exports and the whole story (issue #28): the commitment
//! before the deal, the story and the revealed secret at the end, `saloon export` and
//! `saloon verify`.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::ConsoleError;
use crate::fair::story::Story;
use crate::table::{Snapshot, Status, TableId, Tables};

/// What the terminal says about a table's deal before it starts.
#[must_use]
pub fn commitment_line(snapshot: &Snapshot) -> String {
    match &snapshot.commitment {
        Some(commitment) => format!(
            "Sealed deal: the bot drew a secret for this table whose SHA-256 is {commitment}. It is mixed \
             with the clock at the moment the game starts (nanoseconds, unknown when the secret was drawn) \
             and revealed at the end, so `saloon verify` can check every draw."
        ),
        None => {
            format!("Seed {} (chosen with --seed, so this deal is reproducible rather than sealed).", snapshot.seed)
        }
    }
}

/// The story's lines as the terminal and the thread show them.
#[must_use]
pub fn story_lines(story: &Story) -> Vec<String> {
    let mut lines = vec!["The whole story:".to_string()];
    lines.extend(story.summary.iter().map(|l| format!("  {l}")));
    lines.extend(story.turning_points.iter().map(|l| format!("  {l}")));
    if story.kept {
        lines.push("  Hands and other secrets stay private (chosen when the table was opened).".to_string());
    } else if story.reveal.is_empty() {
        lines.push("  Nothing in this game was private.".to_string());
    } else {
        lines.push("Every private fact, revealed:".to_string());
        lines.extend(story.reveal.iter().map(|l| format!("  {l}")));
    }
    lines
}

/// At the end of a terminal game: the story, the revealed secret and how to export and check it.
///
/// # Errors
/// Writing failed, or the table could not be read.
pub async fn print_end<W: Write>(tables: &Tables, snapshot: &Snapshot, out: &mut W) -> Result<(), ConsoleError> {
    if snapshot.status != Status::Finished {
        return Ok(());
    }
    let story = tables.story(snapshot.id).await?;
    writeln!(out)?;
    for line in story_lines(&story) {
        writeln!(out, "{line}")?;
    }
    if let (Some(secret), Some(commitment)) = (&snapshot.secret, &snapshot.commitment) {
        writeln!(out, "The secret was {secret} (its SHA-256 is the commitment {commitment} shown at the start).")?;
    }
    writeln!(out, "Export table #{0}'s log with: saloon export {0}", snapshot.id)?;
    Ok(())
}

/// `saloon export TABLE`: writes the finished table's JSON and text logs into `dir` and says
/// where.
///
/// # Errors
/// The table is unknown or not finished; a file cannot be written.
pub async fn export<W: Write>(
    tables: &Tables,
    id: TableId,
    dir: &Path,
    out: &mut W,
) -> Result<Vec<PathBuf>, ConsoleError> {
    let export = tables.export(id, None).await?;
    std::fs::create_dir_all(dir)?;
    let json = dir.join(format!("table-{}-log.json", id.0));
    let text = dir.join(format!("table-{}-log.txt", id.0));
    std::fs::write(&json, &export.json)?;
    std::fs::write(&text, &export.text)?;
    writeln!(out, "Table #{id}'s log: {} (check it with: saloon verify {})", json.display(), json.display())?;
    writeln!(out, "The same, to read: {}", text.display())?;
    Ok(vec![json, text])
}

/// `saloon verify LOG`: checks an exported log and says what it found; whether it checks out.
///
/// # Errors
/// The file cannot be read, or writing failed.
pub fn verify<W: Write>(path: &Path, out: &mut W) -> Result<bool, ConsoleError> {
    let text = match std::fs::read(path) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(error) => {
            writeln!(out, "Cannot read {}: {error}.", path.display())?;
            return Ok(false);
        }
    };
    match crate::fair::verify::verify_json(&text) {
        Ok(verified) => {
            writeln!(out, "{}", verified.sentence())?;
            Ok(true)
        }
        Err(error) => {
            writeln!(out, "{error}")?;
            Ok(false)
        }
    }
}
