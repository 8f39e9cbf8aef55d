//! Gravon "StraDoS2" XML game records: a tolerant parser and an exporter.
//!
//! A record looks like this (the layout [`to_xml`] writes, byte for byte what the Gravon
//! archive files contain, including the whitespace-only line after `<game>`):
//!
//! ```xml
//! <?xml version="1.0" encoding="UTF-8"?>
//! <stratego>
//!  <game type="classic">
//!
//!   <field content="...100 letters..."/>
//!   <move id="1" source="F4" target="F5"/>
//!   <move id="50" source="E2" target="E1">   <rescue rescuefield="K8" rescuepiece="13"/>
//!   </move>
//!   <player id="1">Player 1</player>
//!   <player id="2">Player 2</player>
//!   <result type="1" winner="2"/>
//!  </game>
//! </stratego>
//! ```
//!
//! * Coordinates: columns `A B C D E F G H I K` (no `J`; `K` is the 10th column), rows `1`..`9`
//!   and `:` for row 10. Some ultimate-lightning files write `J` for `K`; `J` is read as the
//!   10th column (and written back as `K`).
//! * Move `id` is the ply, 1-based; odd plies are red's (player 1 moves first).
//! * The field string is kept exactly as written (100 characters of `A`-`Y`, `a` or `_`).
//!
//! The parser is a small hand-written XML reader, not a general XML implementation. It accepts:
//! a byte-order mark, the XML declaration, comments, `<!DOCTYPE ...>`, CDATA, attributes in any
//! order with either quote style (or unquoted), whitespace anywhere between tokens, element and
//! attribute names in any ASCII case, the predefined entities plus numeric character references
//! (an `&` that does not start a known reference is kept literally), unknown elements and
//! attributes (ignored), a missing `<stratego>` wrapper, a missing `<field>` (game aborted during
//! setup), missing `<player>` elements (empty names), a missing `<result>`, unknown game types
//! ([`GameType::Other`]) and unknown result codes ([`ResultKind::Other`]). It rejects what would
//! make the record wrong rather than merely untidy: broken markup, truncated input, duplicated
//! elements, bad coordinates, a malformed field, move ids that are not `1, 2, 3, ...`, result
//! codes or winners that are not numbers in range, elements nested more than [`MAX_DEPTH`]
//! deep, and a `<game>` inside a `<game>`.
//!
//! The reader never recurses: it keeps open elements on its own stack, the tree it builds is
//! at most [`MAX_DEPTH`] deep (so dropping it cannot exhaust the stack either), and a million
//! nested elements are refused after the first 64. A streaming reader such as quick-xml would
//! not recurse either, but the archive needs what it refuses or leaves to the caller
//! (unquoted attribute values, a bare `&`, end tags in another case, attributes without a
//! value), and the core would gain its first parsing dependency; the ~300 lines here stay.
//!
//! The module is pure: no I/O, no printing.

mod coords;
mod editions;
mod error;
mod export;
mod reader;
mod record;
mod replay;
mod writer;
mod xml;

#[cfg(test)]
mod tests;

pub use coords::{format_square, parse_square};
pub use editions::{rules_for, two_square_limit_for, year_from_file_name};
pub use error::GravonError;
pub use export::from_game;
pub use reader::parse_xml;
pub use record::{GameRecord, GameType, GravonMove, GravonResult, Rescue, ResultKind, FIELD_LEN};
pub use replay::{replay, ReplayError};
pub use writer::to_xml;
pub use xml::MAX_DEPTH;
