//! Components several games share.

pub mod cards;
pub mod dice;
pub mod grid;
pub mod poker;
pub mod pyramids;
#[macro_use]
pub mod words;

/// A value a game keeps in its state for its pictures only, such as the last move: no rule
/// reads it, and states equal in everything else are equal whatever it holds. So a table
/// saved before the value existed (it reads as the default) still equals the replay of its
/// log, which the store checks.
#[derive(Clone, Copy, Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
pub struct ForPictures<T>(pub T);

impl<T> PartialEq for ForPictures<T> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl<T> Eq for ForPictures<T> {}

impl<T> std::ops::Deref for ForPictures<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::ForPictures;

    #[test]
    fn what_is_kept_for_pictures_never_makes_two_states_differ() {
        assert_eq!(ForPictures(Some(3)), ForPictures(None));
        let old: ForPictures<Vec<u8>> = serde_json::from_str("[1, 2]").expect("reads as the value");
        assert_eq!(old.0, [1, 2]);
        assert_eq!(serde_json::to_string(&old).expect("writes"), "[1,2]");
    }
}
