//! Provably fair deals, the exported log and the whole story at the end (issue #28).
//!
//! When a lobby opens, the bot draws a 32-byte secret for the table and shows only its SHA-256
//! (the commitment). At Start the table's seed is derived from that secret mixed with a cut
//! the bot could not choose when it committed: on Discord the id Discord gives the Start click,
//! in the terminal the words given with `--cut` or else the clock's nanoseconds at Start. At
//! the end the secret is revealed, and anyone can check the commitment, derive the seed and
//! replay the exported log ([`verify`]).

pub mod log;
pub mod story;
pub mod turning;
pub mod verify;

use sha2::{Digest, Sha256};

/// What is hashed before the secret and the cut, so that this seed derivation can change
/// later without two versions ever agreeing by chance.
const SEED_DOMAIN: &[u8] = b"saloon fair deal v1\0";

/// A new secret for a table: 32 bytes from the operating system, as 64 hex digits.
///
/// # Errors
/// When the operating system gives no randomness.
pub fn draw_secret() -> Result<String, getrandom::Error> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes)?;
    Ok(hex::encode(bytes))
}

/// The commitment to `secret` (hex): the SHA-256 of its bytes, as 64 hex digits; `None` when
/// `secret` is not hex.
#[must_use]
pub fn commitment(secret: &str) -> Option<String> {
    let bytes = hex::decode(secret.trim()).ok()?;
    Some(hex::encode(Sha256::digest(&bytes)))
}

/// The seed a table with `secret` (hex) and `cut` deals from: the first 8 bytes (little
/// endian) of SHA-256(domain, secret's bytes, a zero byte, the cut's UTF-8); `None` when
/// `secret` is not hex.
#[must_use]
pub fn seed(secret: &str, cut: &str) -> Option<u64> {
    let bytes = hex::decode(secret.trim()).ok()?;
    let mut hasher = Sha256::new();
    hasher.update(SEED_DOMAIN);
    hasher.update(&bytes);
    hasher.update([0u8]);
    hasher.update(cut.as_bytes());
    let digest = hasher.finalize();
    let mut first = [0u8; 8];
    first.copy_from_slice(&digest[..8]);
    Some(u64::from_le_bytes(first))
}

/// A cut for a Start that has no click id (the terminal without `--cut`, a rematch starting by
/// itself in a test): the clock's nanoseconds at that moment, which the bot did not know when
/// it committed.
#[must_use]
pub fn clock_cut() -> String {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0);
    format!("clock {nanos}")
}

/// Whether a table opened with `options` tells every private fact at the end, and the options
/// without the `reveal` word (which is Saloon's, not the game's).
///
/// # Errors
/// A `reveal` value other than yes or no, in a sentence for the player.
pub fn take_reveal(options: &serde_json::Value) -> Result<(bool, serde_json::Value), String> {
    let mut options = options.clone();
    let Some(map) = options.as_object_mut() else { return Ok((true, options)) };
    let reveal = match map.remove("reveal") {
        None => true,
        Some(serde_json::Value::Bool(yes)) => yes,
        Some(serde_json::Value::String(word)) if matches!(word.to_lowercase().as_str(), "yes" | "on") => true,
        Some(serde_json::Value::String(word)) if matches!(word.to_lowercase().as_str(), "no" | "off") => false,
        Some(other) => {
            let shown = crate::table::quoted(&other.to_string());
            return Err(format!(
                "reveal is yes or no (whether every hand and secret is told at the end), not {shown}."
            ));
        }
    };
    Ok((reveal, options))
}

#[cfg(test)]
mod tests {
    use super::{commitment, seed, take_reveal};

    #[test]
    fn the_commitment_is_sha256_of_the_secret_and_the_seed_depends_on_the_cut() {
        let secret = "00".repeat(32);
        // SHA-256 of 32 zero bytes, a published test value.
        assert_eq!(
            commitment(&secret).as_deref(),
            Some("66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925")
        );
        assert_ne!(seed(&secret, "1"), seed(&secret, "2"), "another cut deals another game");
        assert_eq!(seed(&secret, "1"), seed(&secret, "1"));
        assert_eq!(commitment("not hex"), None);
    }

    #[test]
    fn reveal_is_yes_or_no_and_leaves_the_game_options() {
        let (reveal, rest) = take_reveal(&serde_json::json!({"reveal": "no", "rounds": 5})).expect("no");
        assert!(!reveal);
        assert_eq!(rest, serde_json::json!({"rounds": 5}));
        assert!(take_reveal(&serde_json::json!({})).expect("default").0);
        let bad = take_reveal(&serde_json::json!({"reveal": "maybe"})).expect_err("not yes or no");
        assert!(bad.contains("yes or no") && bad.contains("maybe"), "{bad}");
    }
}
