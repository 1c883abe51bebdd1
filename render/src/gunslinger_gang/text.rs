//! Gunslinger Gang as compact plain text, for the terminal front end and the text of a post.

use std::fmt::Write as _;

use engines::gunslinger_gang::{Phase, PlayerView, PrivateView, TownView, View};
use engines::wording::{count, second_person};

use super::ink::letter;
use crate::name_of;
use crate::text::{self, Wording};

/// The board: header and prompt, one line per player, one line per position, the News piles,
/// and the final standings once the game is over.
pub(crate) fn board_text(view: &View, names: &[String]) -> String {
    let mut out = String::new();
    let phase = match view.phase {
        Phase::Planning => "Planning",
        Phase::Resolution => "Resolution",
        Phase::Finished => "Finished",
    };
    let _ = writeln!(
        out,
        "Gunslinger Gang · Round {} of 4 · {phase} · Start player: {}",
        view.round,
        name_of(names, view.start_seat)
    );
    let _ = writeln!(out, "{}", view.prompt);
    if view.phase != Phase::Finished {
        // #24 item 3: how the game is scored (§6).
        let _ = writeln!(
            out,
            "To win: each scoring, a town pays its VP to whoever controls it; after round 4, items and unused News add 1 VP each; most VP wins"
        );
    }
    for player in &view.players {
        player_line(&mut out, view, player, names);
    }
    for town in &view.towns {
        town_line(&mut out, view, town, names);
    }
    let discard: Vec<String> = view.discard.iter().map(|n| n.title().name().to_string()).collect();
    let _ = writeln!(
        out,
        "News deck {} · discard: {} · buildings left 1 VP×{} 2 VP×{} 3 VP×{}",
        view.deck,
        if discard.is_empty() { "-".to_string() } else { discard.join(", ") },
        view.buildings[0],
        view.buildings[1],
        view.buildings[2]
    );
    if let Some(you) = &view.you {
        private_lines(&mut out, you);
    }
    standings(&mut out, view, names);
    second_person(&out)
}

/// A seat's own secrets in full (#24 item 4): the underlings still in hand and each News
/// Story by its title and what it does.
fn private_lines(out: &mut String, you: &PrivateView) {
    let hand: Vec<&str> = you.hand.iter().map(|c| c.underling.name()).collect();
    let _ = writeln!(
        out,
        "Your hand: {} left{}",
        count(hand.len() as i64, "underling"),
        if hand.is_empty() { String::new() } else { format!(": {}", hand.join(", ")) }
    );
    if you.news.is_empty() {
        let _ = writeln!(out, "Your News stories: none");
    }
    for news in &you.news {
        let title = news.title();
        let _ = writeln!(out, "Your News story {}: {}", title.name(), title.effect());
    }
}

fn player_line(out: &mut String, view: &View, player: &PlayerView, names: &[String]) {
    let marker = if view.pending == Some(player.seat) { '>' } else { ' ' };
    let wanted = if player.most_wanted { " (Most Wanted)" } else { "" };
    let items: Vec<String> = player.items.iter().map(|i| i.name().to_string()).collect();
    let resolved: Vec<String> = player.resolved.iter().map(|c| c.underling.name().to_string()).collect();
    let _ = writeln!(
        out,
        "{marker} {} [{}] {} VP{wanted} · supply {} · underlings in hand {} · News {}/{}{}",
        name_of(names, player.seat),
        letter(player.colour),
        player.vp,
        player.supply,
        player.underlings_in_hand,
        player.news_in_hand,
        player.hand_limit,
        if player.resigned { " · resigned" } else { "" }
    );
    // Only what a player has: "items: Lasso", "resolved: The Kid", or both.
    let mut held = Vec::new();
    if !items.is_empty() {
        held.push(format!("items: {}", items.join(", ")));
    }
    if !resolved.is_empty() {
        held.push(format!("resolved: {}", resolved.join(", ")));
    }
    if !held.is_empty() {
        let _ = writeln!(out, "    {}", held.join(" · "));
    }
}

/// A position in words: `B2 Copper Mine (1 VP, sheriff +1, no deputy) · Ann 2 outlaws and the
/// sheriff; Bo 1 outlaw · to resolve: Ann's card, Bo's The Kid + Gold Strike · buildings 2 VP`.
fn town_line(out: &mut String, view: &View, town: &TownView, names: &[String]) {
    let Some(tile) = town.tile else {
        let _ = writeln!(out, "  {} (not founded yet)", town.town);
        return;
    };
    let mut parts = vec![format!("{} {} ({})", town.town, tile.name(), tile_words(tile))];
    let pieces: Vec<String> = view
        .players
        .iter()
        .enumerate()
        .filter_map(|(seat, player)| {
            let outlaws = town.outlaws.get(seat).copied().unwrap_or(0);
            let mut held = Vec::new();
            if outlaws > 0 {
                held.push(count(outlaws, "outlaw"));
            }
            if town.sheriff == Some(player.seat) {
                held.push("the sheriff".to_string());
            }
            if town.deputy == Some(player.seat) {
                held.push("the deputy".to_string());
            }
            (!held.is_empty()).then(|| format!("{} {}", name_of(names, player.seat), held.join(" and ")))
        })
        .collect();
    parts.push(if pieces.is_empty() { "nobody here".to_string() } else { pieces.join("; ") });
    let stack: Vec<String> = town
        .stack
        .iter()
        .map(|e| {
            let owner = view
                .players
                .iter()
                .find(|p| p.colour == e.colour)
                .map_or_else(|| letter(e.colour).to_string(), |p| format!("{}'s", name_of(names, p.seat)));
            let card = e.card.map_or(" card".to_string(), |c| format!(" {}", c.underling.name()));
            let story = e
                .story
                .map_or(if e.news { " + News".to_string() } else { String::new() }, |n| format!(" + {}", n.title()));
            format!("{owner}{card}{story}")
        })
        .collect();
    if !stack.is_empty() {
        parts.push(format!("to resolve: {}", stack.join(", ")));
    }
    if let Some(item) = town.item {
        parts.push(format!("item {}", item.name()));
    }
    if !town.buildings.is_empty() {
        let buildings: Vec<String> = town.buildings.iter().map(|vp| format!("{vp} VP")).collect();
        parts.push(format!("buildings {}", buildings.join(", ")));
    }
    if town.gold_strike {
        parts.push("Gold Strike".into());
    }
    if town.collapse {
        parts.push("Mine Collapse".into());
    }
    let _ = writeln!(out, "  {}", parts.join(" · "));
}

/// What a tile pays (§2.2): "2 VP, sheriff +1, deputy +1" or "…, no deputy".
fn tile_words(tile: engines::gunslinger_gang::Tile) -> String {
    let deputy = tile.deputy_bonus().map_or_else(|| "no deputy".to_string(), |d| format!("deputy +{d}"));
    format!("{} VP, sheriff +{}, {deputy}", tile.output(), tile.sheriff_bonus())
}

/// How Gunslinger Gang words its final standings.
const WORDING: Wording = Wording { over: "Game over", heading: None, place_width: 4, winner: "  * winner" };

fn standings(out: &mut String, view: &View, names: &[String]) {
    if let Some(outcome) = &view.outcome {
        text::standings(out, outcome, names, WORDING, "");
    }
}

#[cfg(test)]
mod tests {
    use engines::{AnyGame, GameKind, Viewer};

    #[test]
    fn text_board_shows_towns_players_and_no_secrets() {
        let mut game = AnyGame::setup(GameKind::GunslingerGang, &serde_json::json!({}), 3, 4).expect("setup");
        let names: Vec<String> = ["Ann", "Bo", "Cy"].map(String::from).to_vec();
        let seat = game.pending().must_seats().first().expect("a seat");
        game.apply(seat, "play RANCHER B2 none", &names).expect("a legal play");
        let text = crate::board_text(&game.view(Viewer::Public), &names);
        println!("{text}");
        assert!(text.starts_with("Gunslinger Gang · Round 1 of 4 · Planning"), "{text}");
        assert!(text.contains("B2 Copper Mine (1 VP, sheriff +1, no deputy)"), "{text}");
        assert!(text.contains("(not founded yet)"), "{text}");
        assert!(!text.contains("Rancher"), "a deployed card is secret: {text}");
        assert!(!text.contains("Your hand"), "{text}");
        let own = crate::board_text(&game.view(Viewer::Seat(seat)), &names);
        assert!(own.contains("The Rancher"), "{own}");
        assert!(own.contains("Your hand: 5 underlings left: "), "{own}");
        assert!(own.contains("Your News story ") || own.contains("Your News stories: none"), "{own}");
        assert!(crate::board_png(&game.view(Viewer::Public), &names).is_ok());
    }
}
