//! A player's land as a small map in the text board, during their own setup (§3 step 5): the
//! tiles by colour, the nobles on them, and the empty cells where a tile may still be added,
//! each labelled with the coordinates the menus use ("Add a tile at 0,-1").

use std::fmt::Write as _;

use engines::raja::{BoardView, Cell, Noble, TileColour};

/// Width of one map column.
const COLUMN: usize = 4;

/// The map's lines, a key first; the grid covers the tiles and the open cells.
pub(crate) fn lines(board: &BoardView, open: &[Cell]) -> Vec<String> {
    let cells = || board.tiles.iter().map(|t| t.cell).chain(open.iter().copied());
    let (Some(x0), Some(x1)) = (cells().map(|c| c.x).min(), cells().map(|c| c.x).max()) else { return Vec::new() };
    let (y0, y1) = (cells().map(|c| c.y).min().unwrap_or(0), cells().map(|c| c.y).max().unwrap_or(0));
    let key = if open.is_empty() {
        "Your land (B blue, R red, ① ② ③ your nobles):"
    } else {
        "Your land (B blue, R red, ① ② ③ your nobles, + where a tile may go):"
    };
    let mut out = vec![key.to_string()];
    let mut head = " ".repeat(COLUMN);
    for x in x0..=x1 {
        let _ = write!(head, "{x:>COLUMN$}");
    }
    out.push(head.trim_end().to_string());
    for y in y0..=y1 {
        let mut row = format!("{y:>COLUMN$}");
        for x in x0..=x1 {
            let _ = write!(row, "{:>COLUMN$}", mark(board, open, Cell::new(x, y)));
        }
        out.push(row.trim_end().to_string());
    }
    out
}

/// What one cell shows: `B`/`R` with the noble's city number circled (`R2` would read like a
/// code), `+` where a tile may go, `.`.
fn mark(board: &BoardView, open: &[Cell], cell: Cell) -> String {
    let Some(tile) = board.tiles.iter().find(|t| t.cell == cell) else {
        return if open.contains(&cell) { "+" } else { "." }.to_string();
    };
    let colour = if tile.colour == TileColour::Red { 'R' } else { 'B' };
    let noble = board.cities.iter().find(|c| c.cell == Some(cell) && c.noble == Noble::Home);
    noble.map_or_else(|| colour.to_string(), |c| format!("{colour}{}", circled(c.number)))
}

/// ①, ② or ③.
fn circled(number: u8) -> char {
    char::from_u32(0x2460 + u32::from(number.clamp(1, 20)) - 1).unwrap_or('•')
}

#[cfg(test)]
mod tests {
    use engines::raja::Tile;

    use super::*;

    fn board(tiles: &[(i8, i8, TileColour)]) -> BoardView {
        BoardView {
            tiles: tiles.iter().map(|&(x, y, colour)| Tile { cell: Cell::new(x, y), colour, changes: 0 }).collect(),
            cities: Vec::new(),
            deployed: Vec::new(),
            stones: 0,
            shields: [0; 3],
        }
    }

    #[test]
    fn the_map_shows_tiles_and_where_a_tile_may_go_by_the_menus_coordinates() {
        let b = board(&[(0, 0, TileColour::Blue), (1, 0, TileColour::Red)]);
        let open =
            [Cell::new(0, -1), Cell::new(1, -1), Cell::new(-1, 0), Cell::new(2, 0), Cell::new(0, 1), Cell::new(1, 1)];
        let map = lines(&b, &open);
        assert_eq!(
            map,
            [
                "Your land (B blue, R red, ① ② ③ your nobles, + where a tile may go):",
                "      -1   0   1   2",
                "  -1   .   +   +   .",
                "   0   +   B   R   +",
                "   1   .   +   +   .",
            ]
        );
    }
}
