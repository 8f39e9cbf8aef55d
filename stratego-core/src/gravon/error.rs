//! Why a Gravon record could not be read.

use super::FIELD_LEN;

/// Why a record (or a coordinate) could not be read. Lines and columns are 1-based; each
/// variant's fields are named for what they hold.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[allow(missing_docs)]
pub enum GravonError {
    /// Broken markup: the text is not (even tolerantly) XML.
    #[error("not XML (line {line}, column {column}): {reason}")]
    NotXml { line: usize, column: usize, reason: String },
    /// An end tag that does not close the innermost open element.
    #[error("line {line}: end tag </{found}> does not match <{expected}>")]
    MismatchedTag { line: usize, expected: String, found: String },
    /// The input ends inside an element (truncated file).
    #[error("input ends before <{element}> (opened at line {line}) is closed")]
    Unclosed { element: String, line: usize },
    /// A text longer than [`MAX_XML_BYTES`](crate::MAX_XML_BYTES), refused before it is read
    /// (its text starts with [`SIZE_REFUSAL`](crate::limits::SIZE_REFUSAL)).
    #[error("too large: {len} bytes of XML, over the limit of {limit}")]
    TooLarge { len: usize, limit: usize },
    /// Elements nested deeper than [`MAX_DEPTH`](super::MAX_DEPTH).
    #[error("line {line}: elements nested more than {limit} deep")]
    TooDeep { limit: usize, line: usize },
    /// A `<game>` inside another `<game>` (opened at line `outer`).
    #[error("line {line}: <game> inside the <game> of line {outer}")]
    NestedGame { line: usize, outer: usize },
    /// No `<game>` element anywhere.
    #[error("no <game> element")]
    MissingGame,
    /// An element that may appear once appears again (`game`, `field`, `result`,
    /// `player id="1"`, `player id="2"`, `rescue` inside one move).
    #[error("line {line}: second <{element}>")]
    Duplicate { element: String, line: usize },
    /// A required attribute is absent.
    #[error("line {line}: <{element}> has no `{attribute}` attribute")]
    MissingAttribute { element: &'static str, attribute: &'static str, line: usize },
    /// An attribute value that cannot be read (move id, player id, rescue piece).
    #[error("line {line}: <{element}> has bad {attribute}={value:?}")]
    BadAttribute { element: &'static str, attribute: &'static str, value: String, line: usize },
    /// A coordinate that is not a column `A`-`K` (`J` read as `K`) followed by a row `1`-`9` or
    /// `:`. `line` is `None` when it comes from [`parse_square`](super::parse_square) directly.
    #[error("bad coordinate {text:?}{}", at_line(*.line))]
    BadCoordinate { text: String, line: Option<usize> },
    /// The field string is not exactly 100 characters long.
    #[error("line {line}: field has {len} characters, expected exactly {FIELD_LEN}")]
    BadFieldLength { len: usize, line: usize },
    /// The field string holds a character other than `A`-`Y`, `a` or `_`.
    #[error("line {line}: field character {ch:?} at index {index} is not one of A-Y, a, _")]
    BadFieldChar { ch: char, index: usize, line: usize },
    /// Move ids must run 1, 2, 3, ... in document order.
    #[error("line {line}: move id {found}, expected {expected}")]
    MoveOutOfOrder { expected: u32, found: u32, line: usize },
    /// The result `type` is not a number.
    #[error("line {line}: bad result type {text:?}")]
    BadResultCode { text: String, line: usize },
    /// The result `winner` is not 1, 2 or 3.
    #[error("line {line}: bad result winner {text:?} (expected 1, 2 or 3)")]
    BadWinner { text: String, line: usize },
}

fn at_line(line: Option<usize>) -> String {
    match line {
        Some(line) => format!(" at line {line}"),
        None => String::new(),
    }
}
