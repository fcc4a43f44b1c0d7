//! Size caps on what one request may store or have repeated back. With the body limit (`body_limit`),
//! no request can grow the service's memory or the database without bound.
use std::{borrow::Cow, fmt};

use serde_json::Value;

/// Free-form JSON meta (visit sessions, analytics events, orders), serialized.
pub const MAX_META_BYTES: usize = 8 * 1024;
/// An answer record's answers (or a medical profile), serialized. The largest form, diet-request, has about a
/// hundred questions whose answers are short values: a few KiB; 64 KiB leaves room for long free-text answers.
pub const MAX_ANSWERS_BYTES: usize = 64 * 1024;
/// A short text stored as sent: ids, utm values, labels.
pub const MAX_TEXT_BYTES: usize = 1024;
/// How much of a sent value an error message repeats.
pub const ECHO_CHARS: usize = 64;
/// Detail lines in one error reply; the last says how many more were left out.
pub const MAX_DETAIL_LINES: usize = 20;
/// The longest detail line: long enough for a question id and its rule's Persian message.
pub const MAX_DETAIL_CHARS: usize = 256;

/// A field over its cap; displays as `meta is larger than 8 KiB`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TooLarge {
    pub field: &'static str,
    pub limit: usize,
}

impl fmt::Display for TooLarge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.limit.is_multiple_of(1024) {
            write!(f, "{} is larger than {} KiB", self.field, self.limit / 1024)
        } else {
            write!(f, "{} is larger than {} bytes", self.field, self.limit)
        }
    }
}

impl std::error::Error for TooLarge {}

/// The value as stored (`{}` when absent), refused when its text is longer than `limit` bytes.
pub fn json_text(field: &'static str, value: Option<&Value>, limit: usize) -> Result<String, TooLarge> {
    let text = value.map_or_else(|| "{}".to_owned(), Value::to_string);
    within(field, &text, limit)?;
    Ok(text)
}

/// Refuses a text longer than `limit` bytes.
pub fn within(field: &'static str, text: &str, limit: usize) -> Result<(), TooLarge> {
    if text.len() > limit { Err(TooLarge { field, limit }) } else { Ok(()) }
}

/// Each present text at most [`MAX_TEXT_BYTES`]; the first one over names the field.
pub fn short_texts<'a>(fields: impl IntoIterator<Item = (&'static str, Option<&'a str>)>) -> Result<(), TooLarge> {
    fields.into_iter().try_for_each(|(field, text)| within(field, text.unwrap_or_default(), MAX_TEXT_BYTES))
}

/// At most `max_chars` characters of `text`, with `…` when cut.
pub fn clip(text: &str, max_chars: usize) -> Cow<'_, str> {
    match text.char_indices().nth(max_chars) {
        None => Cow::Borrowed(text),
        Some((end, _)) => Cow::Owned(format!("{}…", &text[..end])),
    }
}

/// A sent value as an error message may repeat it: at most [`ECHO_CHARS`] characters.
pub fn echo(text: &str) -> Cow<'_, str> {
    clip(text, ECHO_CHARS)
}

/// Detail lines as a reply carries them: each clipped to [`MAX_DETAIL_CHARS`], at most [`MAX_DETAIL_LINES`] with
/// the last counting those left out, so no reply grows with its input.
pub fn bounded_lines(mut lines: Vec<String>) -> Vec<String> {
    if lines.len() > MAX_DETAIL_LINES {
        let left_out = lines.len() - (MAX_DETAIL_LINES - 1);
        lines.truncate(MAX_DETAIL_LINES - 1);
        lines.push(format!("… and {left_out} more"));
    }
    for line in &mut lines {
        if let Cow::Owned(clipped) = clip(line, MAX_DETAIL_CHARS) {
            *line = clipped;
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn meta_at_the_cap_is_kept_and_one_byte_more_is_refused() {
        let at_cap = json!("x".repeat(MAX_META_BYTES - 2));
        assert_eq!(json_text("meta", Some(&at_cap), MAX_META_BYTES).map(|t| t.len()), Ok(MAX_META_BYTES));
        let over = json!("x".repeat(MAX_META_BYTES - 1));
        let refused = json_text("meta", Some(&over), MAX_META_BYTES).unwrap_err();
        assert_eq!(refused.to_string(), "meta is larger than 8 KiB");
        assert_eq!(json_text("meta", None, MAX_META_BYTES).as_deref(), Ok("{}"));
    }

    #[test]
    fn clipping_counts_characters_not_bytes() {
        assert_eq!(clip("سلام", 4), "سلام");
        assert_eq!(clip("سلام دنیا", 4), "سلام…");
        assert_eq!(echo(&"a".repeat(1000)).chars().count(), ECHO_CHARS + 1);
    }

    #[test]
    fn many_long_lines_shrink_to_a_bounded_reply() {
        let lines = bounded_lines(vec!["y".repeat(10_000); 1000]);
        assert_eq!(lines.len(), MAX_DETAIL_LINES);
        assert_eq!(lines.last().map(String::as_str), Some("… and 981 more"));
        assert!(lines.iter().all(|l| l.chars().count() <= MAX_DETAIL_CHARS + 1));
        assert_eq!(bounded_lines(vec!["short".to_owned()]), vec!["short".to_owned()]);
    }
}
