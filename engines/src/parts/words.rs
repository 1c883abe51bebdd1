//! Enums written as fixed words (a colour, a direction, a die face): one macro gives each its
//! `Display` and `FromStr` from its `ALL` list and `name()`, with a typed error that says what
//! was expected.

/// A word that names none of the values of an enum, or is not written as a value of a type
/// (a card, a square) is.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{word:?} is not {what}{list}", list = if expected.is_empty() { String::new() } else { format!(" ({expected})") })]
pub struct UnknownWord {
    /// What was written.
    pub word: String,
    /// What was wanted, with its article: `"a direction"`.
    pub what: &'static str,
    /// The words that would have been understood, comma-separated (empty when `what`
    /// already says it: "a square like a1 or h8").
    pub expected: String,
}

impl UnknownWord {
    /// `word` is not one of `names`.
    #[must_use]
    pub fn new<'a>(word: &str, what: &'static str, names: impl IntoIterator<Item = &'a str>) -> Self {
        Self { word: word.trim().to_string(), what, expected: names.into_iter().collect::<Vec<_>>().join(", ") }
    }

    /// `word` is not written as `what` is, which says how: `"a square like a1 or h8"`.
    #[must_use]
    pub fn not(word: &str, what: &'static str) -> Self {
        Self { word: word.trim().to_string(), what, expected: String::new() }
    }
}

impl From<UnknownWord> for crate::game::ParseActionError {
    fn from(error: UnknownWord) -> Self {
        let expected = if error.expected.is_empty() {
            error.what.to_string()
        } else {
            format!("{} ({})", error.what, error.expected)
        };
        Self { text: error.word, expected }
    }
}

/// `Display` (the value's `name()`) and `FromStr` (any ASCII case, surrounding spaces ignored;
/// the error an [`UnknownWord`]) for an enum with `const ALL` and `fn name(self) -> &'static str`.
/// `$what` names the kind of word with its article, for the error: `"a direction"`.
macro_rules! word_enum {
    ($ty:ty, $what:literal) => {
        impl ::std::fmt::Display for $ty {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl ::std::str::FromStr for $ty {
            type Err = $crate::parts::words::UnknownWord;

            fn from_str(s: &str) -> Result<Self, Self::Err> {
                let word = s.trim();
                Self::ALL.into_iter().find(|value| value.name().eq_ignore_ascii_case(word)).ok_or_else(|| {
                    $crate::parts::words::UnknownWord::new(word, $what, Self::ALL.iter().map(|value| value.name()))
                })
            }
        }
    };
}

pub(crate) use word_enum;

#[cfg(test)]
mod tests {
    use crate::parts::grid::Direction;

    #[test]
    fn words_read_in_any_case_and_refusals_list_the_words() {
        assert_eq!(" ne ".parse::<Direction>(), Ok(Direction::NE));
        assert_eq!(Direction::SW.to_string(), "SW");
        let error = "up".parse::<Direction>().expect_err("not a direction");
        assert_eq!(error.to_string(), "\"up\" is not a direction (N, NE, E, SE, S, SW, W, NW)");
    }
}
