//! Text shared by the games' text boards: the final standings, written here once for every
//! game from its [`Outcome`].

use std::fmt::Write as _;

use engines::Outcome;

use crate::{name_of, ordinal};

/// How one game words its final standings. The games differ only in these, and each game's
/// golden text boards keep its wording.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Wording {
    /// What opens the line that says why the game ended: `"Game over"`, `"Match over"`.
    pub(crate) over: &'static str,
    /// A line between that and the places (`"Final standings:"`), if any.
    pub(crate) heading: Option<&'static str>,
    /// The width the place (`1st`) is padded to, so that names line up.
    pub(crate) place_width: usize,
    /// What ends a winner's line: `"  * winner"`, `" *"`.
    pub(crate) winner: &'static str,
}

/// The final standings: why the game ended, followed by `aside` (a further sentence, such as
/// what the house kept) when it is not empty; then one line per player, best first, with the
/// place, the name, the game's detail (score and what decided it) and a mark for each winner.
pub(crate) fn standings(out: &mut String, outcome: &Outcome, names: &[String], wording: Wording, aside: &str) {
    let _ = write!(out, "{}: {}.", wording.over, outcome.reason);
    if !aside.is_empty() {
        let _ = write!(out, " {aside}");
    }
    out.push('\n');
    if let Some(heading) = wording.heading {
        let _ = writeln!(out, "{heading}");
    }
    for standing in &outcome.standings {
        let mark = if outcome.winners.contains(standing.seat) { wording.winner } else { "" };
        let _ = writeln!(
            out,
            "  {:<width$} {}: {}{mark}",
            ordinal(standing.place),
            name_of(names, standing.seat),
            standing.detail,
            width = wording.place_width
        );
    }
}

#[cfg(test)]
mod tests {
    use engines::{Outcome, Seat, SeatSet, Standing};

    use super::{Wording, standings};

    fn outcome() -> Outcome {
        let line = |seat, place, detail: &str| Standing { seat: Seat(seat), place, score: 0, detail: detail.into() };
        Outcome {
            standings: vec![line(2, 1, "9 VP"), line(0, 1, "9 VP"), line(1, 3, "4 VP, resigned")],
            winners: [Seat(2), Seat(0)].into_iter().collect::<SeatSet>(),
            reason: "the deck ran out".into(),
        }
    }

    #[test]
    fn standings_list_places_names_details_and_winners() {
        let names = vec!["Ann".to_string(), String::new(), "Cy".to_string()];
        let wording =
            Wording { over: "Match over", heading: Some("Final standings:"), place_width: 4, winner: "  * winner" };
        let mut out = String::new();
        standings(&mut out, &outcome(), &names, wording, "The house kept $2.");
        assert_eq!(
            out,
            "Match over: the deck ran out. The house kept $2.\nFinal standings:\n  \
             1st  Cy: 9 VP  * winner\n  1st  Ann: 9 VP  * winner\n  3rd  P1: 4 VP, resigned\n"
        );
    }

    #[test]
    fn a_plain_wording_has_no_heading_padding_or_aside() {
        let wording = Wording { over: "Game over", heading: None, place_width: 0, winner: " *" };
        let mut out = String::new();
        standings(&mut out, &outcome(), &[], wording, "");
        assert_eq!(out, "Game over: the deck ran out.\n  1st P2: 9 VP *\n  1st P0: 9 VP *\n  3rd P1: 4 VP, resigned\n");
    }
}
