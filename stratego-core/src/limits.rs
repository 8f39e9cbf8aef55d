//! Input size limits: every parser refuses input above its limit at once, before reading it,
//! so that text from strangers costs bounded time and memory whatever its length.
//!
//! **Everything the engine writes, it reads back.** A game's history holds at most
//! [`MAX_RECORD_PLIES`] entries (a game that reaches that many ends in a draw by
//! [`Termination::PlyCap`](crate::Termination::PlyCap)), and every limit below that grows with
//! a game is derived from that count and the worst case bytes one entry takes in that form, so
//! the largest text a playable game writes is accepted. Limits that do not grow with a game
//! (rules, setup, position) sit far above the longest text the engine prints.
//!
//! | input | parser | limit | refusal |
//! |---|---|---|---|
//! | rules text | `str::parse::<Rules>` | [`MAX_RULES_TEXT`] bytes | [`ParseError`] with [`ParseErrorKind::TooLarge`] (`what = "rules"`) |
//! | setup text (one line) | [`Setup::parse`](crate::Setup::parse), each line of a collection | [`MAX_SETUP_TEXT`] bytes | as above (`"setup"`) |
//! | position text, short or full | [`Game::from_position`](crate::Game::from_position) | [`MAX_POSITION_TEXT`] bytes | as above (`"position"`) |
//! | Gravon XML | [`gravon::parse_xml`](crate::gravon::parse_xml) | [`MAX_XML_BYTES`] | [`GravonError::TooLarge`](crate::gravon::GravonError::TooLarge) |
//! | record moves | [`Game::from_record`](crate::Game::from_record), and deserializing a [`Record`](crate::Record) | [`MAX_RECORD_PLIES`] moves | [`RecordError::TooLong`](crate::RecordError::TooLong); a serde error starting with [`SIZE_REFUSAL`] |
//! | record JSON | the caller's JSON reader (the core reads no JSON itself), after [`check_record_json`] | [`MAX_RECORD_JSON_BYTES`] | [`ParseErrorKind::TooLarge`] (`"record"`) |
//! | view record: rules, position, history | [`PlayerView::from_record`](crate::PlayerView::from_record), and deserializing a [`ViewRecord`](crate::ViewRecord) | as rules text, position text, record moves | [`ViewError`](crate::ViewError) (`TooLong`, or a too-large [`ParseError`]); a serde error starting with [`SIZE_REFUSAL`] |
//! | view JSON | the caller's JSON reader, after [`check_view_json`] | [`MAX_VIEW_JSON_BYTES`] | [`ParseErrorKind::TooLarge`] (`"view"`) |
//!
//! A size refusal is its own error everywhere: [`ParseErrorKind::TooLarge`],
//! [`GravonError::TooLarge`](crate::gravon::GravonError::TooLarge), `RecordError::TooLong`,
//! `ViewError::TooLong`, and for the serde readers a message starting with [`SIZE_REFUSAL`]
//! ([`is_size_refusal`] tells). The C ABI returns `STRATEGO_RESULT_TOO_LARGE` for each, and
//! Python raises `stratego.errors.TooLargeError`, a subclass of `ParseError`.
//!
//! A refused text is not copied whole into its error either: a [`ParseError`] keeps at most
//! [`MAX_ERROR_TEXT`] bytes of it. Nesting is bounded too: Gravon XML elements nest at most 64
//! deep, and `serde_json` stops at 128 levels by default.
//!
//! ```
//! use stratego_core::{ParseErrorKind, Rules, MAX_RULES_TEXT};
//! let long = format!("isf({})", "chase=on,".repeat(MAX_RULES_TEXT));
//! let err = long.parse::<Rules>().unwrap_err();
//! assert_eq!(err.position, MAX_RULES_TEXT);
//! assert_eq!(err.kind(), ParseErrorKind::TooLarge);
//! assert!(err.text.len() <= stratego_core::MAX_ERROR_TEXT);
//! ```

use crate::ParseError;
#[cfg(doc)]
use crate::ParseErrorKind;

/// The start of every size refusal's message (a [`ParseError`]'s reason, the text of
/// [`GravonError::TooLarge`](crate::gravon::GravonError::TooLarge), `RecordError::TooLong`,
/// `ViewError::TooLong`, and the serde errors of a record or view with too many moves or too
/// long a string), so that a front door can tell a size refusal from a message alone.
pub const SIZE_REFUSAL: &str = "too large: ";

/// Whether `message` is a size refusal: the text of one of the errors [`SIZE_REFUSAL`] names,
/// or of a `serde_json` error made from one (which keeps the message at its start).
///
/// ```
/// use stratego_core::limits::{check_record_json, is_size_refusal, MAX_RECORD_JSON_BYTES};
/// let err = check_record_json(&" ".repeat(MAX_RECORD_JSON_BYTES + 1)).unwrap_err();
/// assert!(is_size_refusal(&err.reason));
/// assert!(!is_size_refusal("expected value at line 1 column 1"));
/// ```
pub fn is_size_refusal(message: &str) -> bool {
    message.starts_with(SIZE_REFUSAL)
}

/// The longest rules text accepted, in bytes (the longest the engine prints is under 6 KiB).
pub const MAX_RULES_TEXT: usize = 16 * 1024;
/// The longest setup text accepted, in bytes (a zone has at most 128 squares).
pub const MAX_SETUP_TEXT: usize = 4 * 1024;
/// The longest position text accepted, short or full form, in bytes.
///
/// A position text does not grow with the game: per square of the at most
/// [`MAX_SQUARES`](crate::MAX_SQUARES) (128) it holds at most a letter, a `moved`, `slid` and
/// `rescuers` entry (4 bytes each: `p16,`), a `start` entry (8) and two `lost`/`army` letters,
/// so under 3 KiB; plus the chase window's 64 steps of 12 bytes, two two-squares runs of at
/// most 16 borders (7 bytes each) and a few numbers of at most 10 digits (ply, quiet, chase
/// lengths): under 5 KiB in all, whatever the ply. The limit leaves more than ten times that.
pub const MAX_POSITION_TEXT: usize = 64 * 1024;
/// The most entries a game's history, and so a record's move list or a view's public history,
/// may hold: a [`Game`](crate::Game) whose history reaches this many ends in a draw
/// ([`Termination::PlyCap`](crate::Termination::PlyCap)), so every record a game writes replays.
pub const MAX_RECORD_PLIES: usize = 1 << 20;

/// The longest square text: a file letter `a`..`p` and a rank of up to two digits (`p16`).
pub const MAX_SQUARE_TEXT: usize = 3;
/// The longest rank name (`Lieutenant`).
pub const MAX_RANK_NAME: usize = 10;
/// The longest text of a [`Move`](crate::Move): a rescue decision `rescue:Lieutenant@p16`
/// (`rescue:`, the longest rank name, `@`, the longest square), longer than any `from-to`
/// (`p16-p15`, 7 bytes) or `decline`.
pub const MAX_MOVE_TEXT: usize = "rescue:".len() + MAX_RANK_NAME + 1 + MAX_SQUARE_TEXT;
/// The longest move notation ([`MoveReport::notation`](crate::MoveReport::notation),
/// [`PublicMove::notation`](crate::PublicMove::notation)): a battle is at most two labels of two
/// bytes around `p16xp15` (`10 p16xp15 (10)`, 15 bytes), and a rescue decision is written as its
/// move, so the longest is [`MAX_MOVE_TEXT`].
pub const MAX_NOTATION_TEXT: usize = MAX_MOVE_TEXT;

/// Bytes one history entry takes at most in record JSON: a move text in quotes and a comma.
pub const RECORD_JSON_BYTES_PER_ENTRY: usize = MAX_MOVE_TEXT + 3;
/// The largest record JSON a front door should pass to its JSON reader, in bytes: the longest
/// record a game writes, which is [`MAX_RECORD_PLIES`] entries of
/// [`RECORD_JSON_BYTES_PER_ENTRY`], a rules text and a start of at most two setups or one
/// position (each within its limit; the engine's texts need no JSON escapes), and 1 KiB for
/// the keys, brackets and `resigned`. About 24.2 MiB.
pub const MAX_RECORD_JSON_BYTES: usize =
    MAX_RECORD_PLIES * RECORD_JSON_BYTES_PER_ENTRY + MAX_RULES_TEXT + 2 * MAX_POSITION_TEXT + 1024;

/// Bytes one public history entry takes at most in view JSON, the comma included:
/// `{"mv":"…","player":"Blue","battle":{"attacker":"…","defender":"…","result":"AttackerWins"}},`
/// with the longest move text and the longest rank names (no entry has both a rescue and a
/// battle, so this is a bound, not a real entry).
pub const VIEW_JSON_BYTES_PER_ENTRY: usize =
    r#"{"mv":"","player":"Blue","battle":{"attacker":"","defender":"","result":"AttackerWins"}},"#.len()
        + MAX_MOVE_TEXT
        + 2 * MAX_RANK_NAME;
/// The largest view JSON ([`crate::ViewRecord`]) a front door should pass to its JSON reader:
/// [`MAX_RECORD_PLIES`] entries of [`VIEW_JSON_BYTES_PER_ENTRY`], a rules text and a position
/// within their limits, and 1 KiB for the keys and brackets. About 130 MiB.
pub const MAX_VIEW_JSON_BYTES: usize =
    MAX_RECORD_PLIES * VIEW_JSON_BYTES_PER_ENTRY + MAX_RULES_TEXT + MAX_POSITION_TEXT + 1024;

/// The longest player name [`gravon::from_game`](crate::gravon::from_game) writes, in bytes
/// (a longer one is cut at a character boundary); the archive's longest is under 32.
pub const MAX_PLAYER_NAME: usize = 256;
/// Bytes one history entry takes at most in Gravon XML, as [`gravon::to_xml`](crate::gravon::to_xml)
/// writes it: a move `  <move id="1048576" source="K:" target="K:"/>` and its newline (47
/// bytes, the id of at most 7 digits since a record has at most [`MAX_RECORD_PLIES`] moves), or
/// half of a move with a rescue inside, which takes two entries (the move and the decision,
/// 102 bytes): 51.
pub const XML_BYTES_PER_ENTRY: usize = 51;
/// The largest Gravon XML record accepted, in bytes: [`MAX_RECORD_PLIES`] entries of
/// [`XML_BYTES_PER_ENTRY`], two player names of [`MAX_PLAYER_NAME`] bytes each entity-escaped
/// (at most 6 bytes per byte, `&quot;`), and 1 KiB for the declaration, the field and the
/// result. About 51 MiB; the largest of the ~9,600 archived games is 69 KB.
pub const MAX_XML_BYTES: usize = MAX_RECORD_PLIES * XML_BYTES_PER_ENTRY + 2 * 6 * MAX_PLAYER_NAME + 1024;

/// At most this many bytes of a rejected text are kept in its [`ParseError`].
pub const MAX_ERROR_TEXT: usize = 1024;

/// The length in bytes of the short position text ([`crate::Board::position`]) of a board of
/// `num_squares` squares at `ply`: one letter per square, the side to move and the ply, with a
/// space between. On the standard board that is 104 bytes up to ply 9, 105 up to ply 99, 106
/// up to 999 and 107 up to 9,999 (a buffer needs one more, for a C string's NUL).
///
/// ```
/// use stratego_core::limits::{position_text_len, MAX_POSITION_TEXT_SHORT};
/// assert_eq!(position_text_len(100, 99), 105);
/// assert_eq!(position_text_len(100, 100), 106);
/// assert_eq!(position_text_len(100, 9_999), 107);
/// assert_eq!(position_text_len(128, u32::MAX), MAX_POSITION_TEXT_SHORT);
/// ```
pub const fn position_text_len(num_squares: usize, ply: u32) -> usize {
    let mut digits = 1;
    let mut rest = ply / 10;
    while rest > 0 {
        digits += 1;
        rest /= 10;
    }
    num_squares + 3 + digits
}

/// The longest short position text of any board at any ply: [`MAX_SQUARES`](crate::MAX_SQUARES)
/// letters and a ply of 10 digits (141 bytes; a game starts at ply 2^30 at most and plays at
/// most [`MAX_RECORD_PLIES`] more, so its ply never needs more).
pub const MAX_POSITION_TEXT_SHORT: usize = position_text_len(crate::MAX_SQUARES, u32::MAX);

/// `Err` ([`ParseErrorKind::TooLarge`]) when a record's JSON text is over
/// [`MAX_RECORD_JSON_BYTES`]: the check a front door makes before its JSON reader sees the text.
///
/// ```
/// use stratego_core::limits::{check_record_json, MAX_RECORD_JSON_BYTES};
/// assert!(check_record_json("{}").is_ok());
/// let huge = " ".repeat(MAX_RECORD_JSON_BYTES + 1);
/// assert!(check_record_json(&huge).unwrap_err().is_too_large());
/// ```
pub fn check_record_json(text: &str) -> Result<(), ParseError> {
    check_len("record", text, MAX_RECORD_JSON_BYTES)
}

/// `Err` ([`ParseErrorKind::TooLarge`]) when a view's JSON text ([`crate::ViewRecord`]) is over
/// [`MAX_VIEW_JSON_BYTES`].
///
/// ```
/// use stratego_core::limits::{check_view_json, MAX_VIEW_JSON_BYTES};
/// assert!(check_view_json("{}").is_ok());
/// assert!(check_view_json(&" ".repeat(MAX_VIEW_JSON_BYTES + 1)).unwrap_err().is_too_large());
/// ```
pub fn check_view_json(text: &str) -> Result<(), ParseError> {
    check_len("view", text, MAX_VIEW_JSON_BYTES)
}

/// `Err` when `text` is longer than `limit` bytes: refused before any parsing.
pub(crate) fn check_len(what: &'static str, text: &str, limit: usize) -> Result<(), ParseError> {
    if text.len() > limit {
        return Err(ParseError::too_large(what, text, limit));
    }
    Ok(())
}

/// At most [`MAX_ERROR_TEXT`] bytes of `text` (cut at a character boundary), for errors.
pub(crate) fn clip(text: &str) -> String {
    prefix_within(text, MAX_ERROR_TEXT).to_owned()
}

/// The longest start of `text` of at most `max` bytes that ends at a character boundary:
/// how a limited copy of a text (an error's, a name, a C buffer's) is cut.
///
/// ```
/// use stratego_core::limits::prefix_within;
/// assert_eq!(prefix_within("héllo", 2), "h"); // `é` takes two bytes
/// assert_eq!(prefix_within("héllo", 3), "hé");
/// assert_eq!(prefix_within("hi", 10), "hi");
/// ```
pub fn prefix_within(text: &str, max: usize) -> &str {
    let mut end = text.len().min(max);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

/// Deserializers that refuse input past the limits while they read it, so that a record's
/// memory is bounded by the limits rather than by the input.
#[cfg(feature = "serde")]
pub(crate) mod bounded {
    use core::fmt;

    use serde::de::{self, Deserializer, SeqAccess, Visitor};

    use super::{MAX_POSITION_TEXT, MAX_RECORD_PLIES, MAX_RULES_TEXT, MAX_SETUP_TEXT};

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
                    "{}{} text longer than the limit of {} bytes ({} bytes)",
                    super::SIZE_REFUSAL,
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
                    return Err(de::Error::custom(format_args!(
                        "{}more than {MAX_RECORD_PLIES} moves",
                        super::SIZE_REFUSAL
                    )));
                }
                out.push(mv);
            }
            Ok(out)
        }
    }

    /// The moves of a record, or the public history of a serialized view.
    pub(crate) fn moves<'de, D: Deserializer<'de>, T: serde::Deserialize<'de>>(d: D) -> Result<Vec<T>, D::Error> {
        d.deserialize_seq(Moves(core::marker::PhantomData))
    }
}
