//! A game's table options read from JSON, and refused in words a player understands: which
//! option is wrong, what was given (briefly) and what it takes. The serde messages underneath
//! (`invalid type: string "x", expected u8`) never reach a player.

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::game::SetupError;

/// Most characters of a player's value quoted back in a refusal.
const QUOTED: usize = 40;

/// Reads options of type `O` from `options` (`null`: all defaults).
///
/// # Errors
/// [`SetupError::BadOption`] naming the first option that is unknown or has a value it
/// cannot take, with what it takes.
pub(crate) fn parse<O: DeserializeOwned + Serialize + Default>(options: &Value) -> Result<O, SetupError> {
    let value = if options.is_null() { Value::Object(Map::new()) } else { options.clone() };
    serde_json::from_value(value.clone()).map_err(|error| explain::<O>(&value, &error))
}

/// Which option `error` is about, and what it takes.
fn explain<O: DeserializeOwned + Serialize + Default>(value: &Value, error: &serde_json::Error) -> SetupError {
    let defaults = match serde_json::to_value(O::default()) {
        Ok(Value::Object(defaults)) => defaults,
        _ => Map::new(),
    };
    let known: Vec<&str> = defaults.keys().map(String::as_str).collect();
    let Value::Object(given) = value else {
        return bad("options", "options are written KEY=VALUE, e.g. rounds=5".to_string());
    };
    for (key, given) in given {
        let Some(default) = defaults.get(key) else {
            let reason = if known.is_empty() {
                "this game has no options".to_string()
            } else {
                format!("there is no such option; this game's options are {}", known.join(", "))
            };
            return bad(&clip(key), reason);
        };
        let alone = Value::Object(Map::from_iter([(key.clone(), given.clone())]));
        if let Err(error) = serde_json::from_value::<O>(alone) {
            let message = error.to_string();
            let reason = game_words(&message)
                .unwrap_or_else(|| format!("{} is not allowed; {}", shown(given), takes(key, default, &message)));
            return bad(key, reason);
        }
    }
    // Each option alone is fine, yet together they are not.
    let message = error.to_string();
    bad("options", game_words(&message).unwrap_or_else(|| takes("options", &Value::Null, &message)))
}

/// A game's own refusal of a value while reading it, which is written for people
/// (`"pink" is not a player colour (Black, White, …)`), its quote cut short.
fn game_words(message: &str) -> Option<String> {
    let (word, rest) = message.strip_prefix('"')?.split_once("\" is not ")?;
    Some(format!("\"{}\" is not {rest}", clip(word)))
}

fn bad(option: &str, reason: String) -> SetupError {
    SetupError::BadOption { option: option.to_string(), reason }
}

/// `text` cut to [`QUOTED`] characters.
fn clip(text: &str) -> String {
    if text.chars().count() <= QUOTED {
        return text.to_string();
    }
    let mut cut: String = text.chars().take(QUOTED - 1).collect();
    cut.push('…');
    cut
}

/// A value as the player wrote it, briefly.
fn shown(value: &Value) -> String {
    match value {
        Value::String(text) if text.is_empty() => "an empty value".to_string(),
        Value::String(text) => format!("\"{}\"", clip(text)),
        Value::Array(items) => format!("\"{}\"", clip(&items.iter().map(plain).collect::<Vec<_>>().join("/"))),
        other => format!("\"{}\"", clip(&other.to_string())),
    }
}

fn plain(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}

/// What option `key` takes, from serde's `message` (which ends "…, expected WHAT", WHAT naming
/// a type or listing the choices) and the option's default value.
fn takes(key: &str, default: &Value, message: &str) -> String {
    let expected = message.rsplit_once("expected ").map_or("", |(_, what)| what);
    let choices: Vec<&str> = expected.split('`').skip(1).step_by(2).collect();
    if !choices.is_empty() {
        return format!("use one of {}", choices.join(", "));
    }
    let integers = ["u8", "u16", "u32", "u64", "usize", "i8", "i16", "i32", "i64", "isize"];
    if integers.iter().any(|t| expected.starts_with(t)) {
        return match default {
            Value::Number(n) => format!("use a whole number, e.g. {key}={n} (the default)"),
            _ => "use a whole number".to_string(),
        };
    }
    if expected.starts_with("a boolean") {
        return "use true or false".to_string();
    }
    if expected.starts_with("a sequence") {
        return "use names joined by /, e.g. red/blue".to_string();
    }
    if expected.starts_with("a string") {
        return "use a word".to_string();
    }
    format!("see the game's rules for what {key} takes")
}

#[cfg(test)]
mod tests {
    use crate::{AnyGame, GameKind};
    use serde_json::json;

    fn refusal(game: GameKind, options: serde_json::Value) -> String {
        match AnyGame::setup(game, &options, 2, 1) {
            Ok(_) => panic!("{game:?} accepted {options}"),
            Err(error) => error.to_string(),
        }
    }

    /// No serde or Rust wording, and at most a short quote of what was given.
    fn assert_plain(text: &str) {
        for word in ["invalid type", "invalid value", "expected", "unknown field", "unknown variant", "u8", "u32", "`"]
        {
            assert!(!text.contains(word), "{word:?} in {text:?}");
        }
        assert!(text.chars().count() < 200, "{text}");
    }

    #[test]
    fn bad_options_are_refused_in_words_with_what_is_allowed() {
        let text = refusal(GameKind::Martian12s, json!({"rounds": "many"}));
        assert_plain(&text);
        assert!(text.contains("rounds") && text.contains("whole number") && text.contains("rounds=10"), "{text}");
        let text = refusal(GameKind::Martian12s, json!({"rounds": 300}));
        assert_plain(&text);
        assert!(text.contains("\"300\"") && text.contains("whole number"), "{text}");
        let text = refusal(GameKind::Martian12s, json!({"match_mode": "forever"}));
        assert_plain(&text);
        assert!(text.contains("rounds, until_broke"), "{text}");
        let text = refusal(GameKind::Martian12s, json!({"single_set": "yes"}));
        assert_plain(&text);
        assert!(text.contains("true or false"), "{text}");
        let text = refusal(GameKind::Martian12s, json!({"roundz": 5}));
        assert_plain(&text);
        assert!(text.contains("roundz") && text.contains("stake") && text.contains("rounds"), "{text}");
        let text = refusal(GameKind::ConquestOfMars, json!({"dice_mix": "d20"}));
        assert_plain(&text);
        assert!(text.contains("mixed") && text.contains("d6_only"), "{text}");
        let text = refusal(GameKind::ConquestOfMars, json!({"colours": ["Pink", "Red"]}));
        assert_plain(&text);
        assert!(text.contains("Yellow"), "{text}");
        let long = "x".repeat(6000);
        for &game in GameKind::ALL {
            let text = refusal(game, json!({ "colours": long }));
            assert_plain(&text);
            let text = refusal(game, json!({ long.clone(): 1 }));
            assert_plain(&text);
        }
    }
}
