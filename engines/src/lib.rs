//! Saloon's game rules: pure, deterministic and synchronous, with no IO.
//!
//! Every game implements [`Game`] in its own folder, all of the same shape (see
//! `engines/src/README.md`); [`for_each_game!`] registers it, and from that list follow
//! [`GameKind`], which names the playable games, and [`AnyGame`], which lets the bot drive
//! whichever one a table plays through text forms, views and narration.

pub mod ai;
pub mod any;
pub mod conquest_of_mars;
pub mod game;
pub mod gunslinger_gang;
pub mod martian_12s;
pub mod martian_gunslinger;
mod options;
pub mod parts;
pub mod raja;
pub mod rng;
pub mod take_back;
pub mod wording;

pub use ai::Level;
pub use any::{
    ActionError, AnyGame, AnyView, Applied, Explained, GameKind, LegalAction, LoadError, Narration, UnknownGame,
};
pub use game::{
    Audience, Choice, Choices, Game, InvariantError, MAX_CHOICES, MAX_SEATS, Outcome, ParseActionError, Pending,
    RuleError, RuleErrorKind, Seat, SeatSet, Secret, SetupError, Standing, Tally, Viewer,
};
pub use rng::GameRng;

/// The games Saloon hosts, one registration line each: `Variant: module::Type`, where
/// `module` is the game's folder under `engines/src/` and `Type` implements [`Game`].
///
/// Everything that lists the games follows from this one list: [`GameKind`], [`AnyGame`],
/// [`AnyView`] and their dispatch here, the picture dispatch in `render` (which expects a
/// module of the same name with `board_png` and `board_text`), and the bot's `/play` choices,
/// `/rules` text and player ranges. The macro hands the list to `$callback`, a
/// `macro_rules!` macro of the caller's.
#[macro_export]
macro_rules! for_each_game {
    ($callback:ident) => {
        $callback! {
            MartianGunslinger: martian_gunslinger::MartianGunslinger,
            GunslingerGang: gunslinger_gang::GunslingerGang,
            Martian12s: martian_12s::Martian12s,
            ConquestOfMars: conquest_of_mars::ConquestOfMars,
            Raja: raja::Raja,
        }
    };
}
