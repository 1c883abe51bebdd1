//! Saloon's board pictures: a game's public *view* to PNG bytes, and the same board as
//! plain text for a terminal. No IO, no Discord; the renderer never sees a game state.

pub mod canvas;

/// Why a picture could not be made.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// An embedded font did not parse: the crate was built with a broken font file.
    #[error("embedded font {0} cannot be read")]
    Font(&'static str),
    /// The picture would be empty or too large to allocate.
    #[error("cannot make a {width}×{height} picture")]
    Size {
        /// Width asked for.
        width: u32,
        /// Height asked for.
        height: u32,
    },
    /// The PNG encoder failed.
    #[error("PNG encoding failed: {0}")]
    Encode(#[from] image::ImageError),
}
