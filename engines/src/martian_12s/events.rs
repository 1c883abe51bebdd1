//! What happened in a Martian 12s match, for the log and the post after a move: the event
//! type, who may read it (everybody, §5) and its narration.

use serde::{Deserialize, Serialize};

use super::action::Grab;
use super::state::{Credits, Martian12s, Palette, Pyramid};
use crate::game::{Audience, Seat, SeatSet};

/// Why a pass happened (§4.2 step 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Forced {
    /// Chosen by the player.
    No,
    /// The wallet cannot pay the stake (R3).
    Broke,
    /// Nothing left to pull (R16).
    EmptyBag,
}

/// Why a round was scored (§4.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RoundEnd {
    /// Only one player has not popped (R12).
    SoleSurvivor,
    /// Nobody is still pulling.
    AllStopped,
    /// Two or more still pulling, all with six pulls (R11).
    SixPulls,
}

/// What happened, for the log and the post after a move. All of it is public.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// A round began (§4.1).
    RoundStarted {
        /// Round number.
        round: u8,
        /// Who pulls first.
        first_drawer: Seat,
        /// Players sitting this round out.
        sitting_out: SeatSet,
        /// Credits already in the pot.
        pot: Credits,
    },
    /// `Pull`: a pyramid came out of the bag (§4.4).
    Pulled {
        /// Who pulled.
        seat: Seat,
        /// What they felt for.
        grab: Grab,
        /// What came out.
        pyramid: Pyramid,
        /// Score after the pull.
        score: u8,
        /// Pyramids after the pull.
        pulls: u8,
        /// Over 12 (R9).
        popped: bool,
    },
    /// `Pass` (§4.3), chosen or forced.
    Passed {
        /// Who passed.
        seat: Seat,
        /// Whether and why it was forced.
        forced: Forced,
        /// The score that stands.
        score: u8,
    },
    /// `Resign` (§4.8).
    Resigned {
        /// Who left.
        seat: Seat,
    },
    /// A round was scored (§4.6).
    RoundScored {
        /// Round number.
        round: u8,
        /// Why it ended.
        end: RoundEnd,
        /// Winners (`W`); empty only in the impossible case of R13.
        winners: SeatSet,
        /// The winning score.
        score: u8,
        /// The winning pyramid count.
        pulls: u8,
        /// What each winner received.
        share: Credits,
        /// What carries to the next round.
        carry: Credits,
    },
    /// The match ended (§4.7).
    MatchEnded {
        /// Unclaimed credits the house keeps (R20).
        to_house: Credits,
    },
}

/// Who may read `event`: everybody, since nothing in Martian 12s is private (§5).
pub(super) const fn audience(_event: &Event) -> Audience {
    Audience::Public
}

/// `event` in a sentence, with players called by `names` (indexed by seat; a missing name
/// shows as the seat, `P2`).
pub(super) fn sentence(game: &Martian12s, event: &Event, names: &[String]) -> String {
    let name = |seat: Seat| names.get(seat.index()).cloned().unwrap_or_else(|| seat.to_string());
    match event {
        Event::RoundStarted { round, first_drawer, sitting_out, pot } => {
            let mut text = format!("Round {round} begins; {} draws first.", name(*first_drawer));
            if pot.0 > 0 {
                text.push_str(&format!(" {pot} carried over in the pot."));
            }
            if !sitting_out.is_empty() {
                let out: Vec<String> = sitting_out.iter().map(name).collect();
                text.push_str(&format!(" Sitting out: {}.", out.join(", ")));
            }
            text
        }
        Event::Pulled { seat, grab, pyramid, score, pulls, popped } => {
            pulled(game.options.palette, &name(*seat), *grab, *pyramid, (*score, *pulls), *popped)
        }
        Event::Passed { seat, forced, score } => match forced {
            Forced::No => format!("{} passes at {score}.", name(*seat)),
            Forced::Broke => format!("{} cannot pay the stake and stops at {score}.", name(*seat)),
            Forced::EmptyBag => format!("The bag is empty: {} stops at {score}.", name(*seat)),
        },
        Event::Resigned { seat } => format!("{} resigns from the match.", name(*seat)),
        Event::RoundScored { round, end, winners, score, pulls, share, carry } => {
            let who: Vec<String> = winners.iter().map(name).collect();
            round_scored(*round, *end, &who, (*score, *pulls), *share, *carry)
        }
        Event::MatchEnded { to_house } => {
            let mut text = "The match is over.".to_string();
            if to_house.0 > 0 {
                text.push_str(&format!(" The house keeps the {to_house} left in the pot."));
            }
            text
        }
    }
}

/// "Ann felt for a large one and pulled a blue large (4): 8 from 2." (§4.4, R9).
fn pulled(palette: Palette, who: &str, grab: Grab, pyramid: Pyramid, (score, pulls): (u8, u8), popped: bool) -> String {
    let felt = match grab {
        Grab::Size(size) => format!("felt for a {} one", size.word()),
        Grab::Any => "grabbed blind".to_string(),
    };
    let colour = palette.colour(pyramid.value).name().to_lowercase();
    let mut text = format!(
        "{who} {felt} and pulled a {colour} {} ({}): {score} from {pulls}.",
        pyramid.size.word(),
        pyramid.value
    );
    if popped {
        text.push_str(" Popped!");
    }
    text
}

/// "Round 2 ends (six pulls each): Ann and Bo win $6 with 11 from 6. $1 carries over." (§4.6).
fn round_scored(
    round: u8,
    end: RoundEnd,
    winners: &[String],
    (score, pulls): (u8, u8),
    share: Credits,
    carry: Credits,
) -> String {
    let why = match end {
        RoundEnd::SoleSurvivor => "everyone else popped",
        RoundEnd::AllStopped => "everyone has stopped",
        RoundEnd::SixPulls => "six pulls each",
    };
    if winners.is_empty() {
        // R13: cannot happen under §4.5; the pot would carry over.
        return format!("Round {round} ends ({why}) with no winner; the pot carries over.");
    }
    let (who, win) = match winners {
        [one] => (one.clone(), "wins"),
        [most @ .., last] => (format!("{} and {last}", most.join(", ")), "win"),
        [] => (String::new(), "win"),
    };
    let each = if winners.len() > 1 { " each" } else { "" };
    let mut text = format!("Round {round} ends ({why}): {who} {win} {share}{each} with {score} from {pulls}.");
    if carry.0 > 0 {
        text.push_str(&format!(" {carry} carries over."));
    }
    text
}
