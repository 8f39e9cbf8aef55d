//! Input size limits: every parser refuses input above its limit at once, before reading it,
//! so that text from strangers costs bounded time and memory whatever its length.
//!
//! | input | parser | limit | refusal |
//! |---|---|---|---|
//! | rules text | `str::parse::<Rules>` | [`MAX_RULES_TEXT`] bytes | [`ParseError`] (`what = "rules"`) |
//! | setup text (one line) | [`Setup::parse`](crate::Setup::parse), each line of a collection | [`MAX_SETUP_TEXT`] bytes | [`ParseError`] (`"setup"`) |
//! | position text, short or full | [`Game::from_position`](crate::Game::from_position) | [`MAX_POSITION_TEXT`] bytes | [`ParseError`] (`"position"`) |
//! | Gravon XML | [`gravon::parse_xml`](crate::gravon::parse_xml) | [`MAX_XML_BYTES`] | [`GravonError::TooLarge`](crate::gravon::GravonError::TooLarge) |
//! | record moves | [`Game::from_record`](crate::Game::from_record), and deserializing a [`Record`](crate::Record) | [`MAX_RECORD_PLIES`] moves | [`RecordError::TooLong`](crate::RecordError::TooLong), a serde error |
//! | record JSON | the caller's JSON reader (the core reads no JSON itself) | [`MAX_RECORD_JSON_BYTES`] | check before parsing; the C and Python front doors do |
//! | view record: rules, position, history | [`PlayerView::from_record`](crate::PlayerView::from_record), and deserializing a [`ViewRecord`](crate::ViewRecord) | as rules text, position text, record moves | [`ViewError`](crate::ViewError), a serde error |
//! | view JSON | the caller's JSON reader, after [`check_view_json`] | [`MAX_RECORD_JSON_BYTES`] | as record JSON |
//!
//! Each limit is far above anything the engine writes (a test checks the largest texts it
//! prints against them). A refused text is not copied whole into its error either: a
//! [`ParseError`] keeps at most [`MAX_ERROR_TEXT`] bytes of it. Nesting is bounded too: Gravon
//! XML elements nest at most 64 deep, and `serde_json` stops at 128 levels by default.
//!
//! ```
//! use stratego_core::{Rules, MAX_RULES_TEXT};
//! let long = format!("isf({})", "chase=on,".repeat(MAX_RULES_TEXT));
//! let err = long.parse::<Rules>().unwrap_err();
//! assert_eq!(err.position, MAX_RULES_TEXT);
//! assert!(err.text.len() <= stratego_core::MAX_ERROR_TEXT);
//! ```

use crate::ParseError;

/// The longest rules text accepted, in bytes (the longest the engine prints is under 6 KiB).
pub const MAX_RULES_TEXT: usize = 16 * 1024;
/// The longest setup text accepted, in bytes (a zone has at most 128 squares).
pub const MAX_SETUP_TEXT: usize = 4 * 1024;
/// The longest position text accepted, short or full form, in bytes.
pub const MAX_POSITION_TEXT: usize = 64 * 1024;
/// The largest Gravon XML record accepted, in bytes (the largest of the ~9,600 archived games
/// is 69 KB).
pub const MAX_XML_BYTES: usize = 1024 * 1024;
/// The most moves a record may hold.
pub const MAX_RECORD_PLIES: usize = 1 << 20;
/// The largest record JSON a front door should pass to its JSON reader, in bytes: room for
/// [`MAX_RECORD_PLIES`] moves of a few bytes each.
pub const MAX_RECORD_JSON_BYTES: usize = 16 * 1024 * 1024;
/// At most this many bytes of a rejected text are kept in its [`ParseError`].
pub const MAX_ERROR_TEXT: usize = 1024;

/// `Err` when a record's JSON text is over [`MAX_RECORD_JSON_BYTES`]: the check a front door
/// makes before its JSON reader sees the text.
///
/// ```
/// use stratego_core::limits::{check_record_json, MAX_RECORD_JSON_BYTES};
/// assert!(check_record_json("{}").is_ok());
/// let huge = " ".repeat(MAX_RECORD_JSON_BYTES + 1);
/// assert!(check_record_json(&huge).unwrap_err().reason.contains("limit of"));
/// ```
pub fn check_record_json(text: &str) -> Result<(), ParseError> {
    check_len("record", text, MAX_RECORD_JSON_BYTES)
}

/// `Err` when a view's JSON text ([`crate::ViewRecord`]) is over [`MAX_RECORD_JSON_BYTES`]
/// (a view holds a record's worth of moves at most).
///
/// ```
/// use stratego_core::limits::{check_view_json, MAX_RECORD_JSON_BYTES};
/// assert!(check_view_json("{}").is_ok());
/// assert!(check_view_json(&" ".repeat(MAX_RECORD_JSON_BYTES + 1)).is_err());
/// ```
pub fn check_view_json(text: &str) -> Result<(), ParseError> {
    check_len("view", text, MAX_RECORD_JSON_BYTES)
}

/// `Err` when `text` is longer than `limit` bytes: refused before any parsing.
pub(crate) fn check_len(what: &'static str, text: &str, limit: usize) -> Result<(), ParseError> {
    if text.len() > limit {
        return Err(ParseError::new(
            what,
            text,
            limit,
            format!("longer than the limit of {limit} bytes ({} bytes)", text.len()),
        ));
    }
    Ok(())
}

/// At most [`MAX_ERROR_TEXT`] bytes of `text` (cut at a character boundary), for errors.
pub(crate) fn clip(text: &str) -> String {
    if text.len() <= MAX_ERROR_TEXT {
        return text.to_owned();
    }
    let mut end = MAX_ERROR_TEXT;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text[..end].to_owned()
}

/// Deserializers that refuse input past the limits while they read it, so that a record's
/// memory is bounded by the limits rather than by the input.
#[cfg(feature = "serde")]
pub(crate) mod bounded {
    use core::fmt;

    use serde::de::{self, Deserializer, SeqAccess, Visitor};

    use super::{MAX_POSITION_TEXT, MAX_RECORD_PLIES, MAX_RULES_TEXT, MAX_SETUP_TEXT};
    use crate::Move;

    /// A string of at most `limit` bytes, refused before it is copied.
    struct Text {
        what: &'static str,
        limit: usize,
    }

    impl Visitor<'_> for Text {
        type Value = String;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "{} text of at most {} bytes", self.what, self.limit)
        }

        fn visit_str<E: de::Error>(self, v: &str) -> Result<String, E> {
            if v.len() > self.limit {
                return Err(E::custom(format_args!(
                    "{} text longer than the limit of {} bytes ({} bytes)",
                    self.what,
                    self.limit,
                    v.len()
                )));
            }
            Ok(v.to_owned())
        }
    }

    fn text<'de, D: Deserializer<'de>>(d: D, what: &'static str, limit: usize) -> Result<String, D::Error> {
        d.deserialize_str(Text { what, limit })
    }

    /// A rules text within [`MAX_RULES_TEXT`].
    pub(crate) fn rules_text<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
        text(d, "rules", MAX_RULES_TEXT)
    }

    /// A setup text within [`MAX_SETUP_TEXT`].
    pub(crate) fn setup_text<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
        text(d, "setup", MAX_SETUP_TEXT)
    }

    /// A position text within [`MAX_POSITION_TEXT`].
    pub(crate) fn position_text<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
        text(d, "position", MAX_POSITION_TEXT)
    }

    /// At most [`MAX_RECORD_PLIES`] moves: reading stops at the first one past the limit.
    struct Moves<T>(core::marker::PhantomData<T>);

    impl<'de, T: serde::Deserialize<'de>> Visitor<'de> for Moves<T> {
        type Value = Vec<T>;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "a list of at most {MAX_RECORD_PLIES} moves")
        }

        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
            // The size hint comes from the input: trusted only as far as a small reservation.
            let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
            while let Some(mv) = seq.next_element()? {
                if out.len() == MAX_RECORD_PLIES {
                    return Err(de::Error::custom(format_args!("more than {MAX_RECORD_PLIES} moves")));
                }
                out.push(mv);
            }
            Ok(out)
        }
    }

    /// The moves of a record.
    pub(crate) fn moves<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Move>, D::Error> {
        d.deserialize_seq(Moves(core::marker::PhantomData))
    }

    /// The public history of a serialized view.
    pub(crate) fn public_moves<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<crate::PublicMove>, D::Error> {
        d.deserialize_seq(Moves(core::marker::PhantomData))
    }
}
