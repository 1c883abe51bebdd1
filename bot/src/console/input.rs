//! Reading the player's typed lines: capped in length, never failing on bytes that are not
//! UTF-8.

use tokio::io::{AsyncBufRead, AsyncBufReadExt};

/// The longest input line the terminal reads; the rest of a longer line is skipped unread,
/// so a runaway paste neither fills memory nor is echoed back.
pub const MAX_LINE: usize = 4096;

/// One line of input.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Line {
    /// A line, with any bytes that are not UTF-8 shown as U+FFFD.
    Text(String),
    /// A line longer than [`MAX_LINE`], skipped.
    TooLong,
}

/// Reads one line (up to a newline or the end of input); `None` at the end of input. Keeps at
/// most [`MAX_LINE`] bytes and never fails on invalid UTF-8.
pub(super) async fn read_line<R: AsyncBufRead + Unpin>(input: &mut R) -> std::io::Result<Option<Line>> {
    let mut kept: Vec<u8> = Vec::new();
    let mut too_long = false;
    let mut read_any = false;
    loop {
        let buffer = input.fill_buf().await?;
        if buffer.is_empty() {
            break;
        }
        read_any = true;
        let (chunk, done) = match buffer.iter().position(|b| *b == b'\n') {
            Some(end) => (&buffer[..end], Some(end + 1)),
            None => (buffer, None),
        };
        if kept.len() + chunk.len() > MAX_LINE {
            too_long = true;
        } else {
            kept.extend_from_slice(chunk);
        }
        let used = done.unwrap_or(buffer.len());
        input.consume(used);
        if done.is_some() {
            break;
        }
    }
    if !read_any {
        return Ok(None);
    }
    if too_long {
        return Ok(Some(Line::TooLong));
    }
    if kept.last() == Some(&b'\r') {
        kept.pop();
    }
    Ok(Some(Line::Text(String::from_utf8_lossy(&kept).into_owned())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn lines_are_capped_and_invalid_utf8_is_survived() {
        let mut long = vec![b'x'; MAX_LINE * 50];
        long.extend_from_slice(b"\npass\r\n\xff\xfe bid 3\nlast");
        let mut input = tokio::io::BufReader::with_capacity(64, &long[..]);
        assert_eq!(read_line(&mut input).await.expect("io"), Some(Line::TooLong));
        assert_eq!(read_line(&mut input).await.expect("io"), Some(Line::Text("pass".into())));
        assert_eq!(read_line(&mut input).await.expect("io"), Some(Line::Text("\u{fffd}\u{fffd} bid 3".into())));
        assert_eq!(read_line(&mut input).await.expect("io"), Some(Line::Text("last".into())));
        assert_eq!(read_line(&mut input).await.expect("io"), None);
    }
}
