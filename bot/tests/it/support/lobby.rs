//! The lobby request most table tests open: a game hosted and joined by its host, people in
//! every seat, random computers if any, the safe default at a timeout, an hour a turn, the
//! default away allowance, no Discord delivery. A test changes what it needs with struct
//! update syntax (`LobbyRequest { delivers: true, ..request(…) }`).

use bot::table::{LobbyRequest, OnTimeout, Participant, Skill, UserId};
use engines::GameKind;

/// `host` (id and name) opens a `players`-seat table of `game` with `seed`.
#[must_use]
pub fn request(game: GameKind, host: (UserId, &str), players: u8, seed: u64) -> LobbyRequest {
    LobbyRequest {
        game,
        options: serde_json::json!({}),
        host: Participant { user: host.0, name: host.1.to_string() },
        seat_host: true,
        players,
        computers: 0,
        level: Skill::Random,
        on_timeout: OnTimeout::SafeDefault,
        seed: Some(seed),
        turn_timeout: 3600,
        away_allowance: bot::table::DEFAULT_AWAY_ALLOWANCE,
        delivers: false,
    }
}
