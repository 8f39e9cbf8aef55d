//! Gravon coordinates: columns `A`..`I`, `K` (no `J`), rows `1`..`9`, `:`.

use crate::Square;

use super::GravonError;

/// Gravon's column letters, index = 0-based column. There is no `J`.
const COLUMNS: &[u8; 10] = b"ABCDEFGHIK";
/// Gravon's row characters, index = 0-based row. Row 10 is written `:`.
const ROWS: &[u8; 10] = b"123456789:";

/// Reads a Gravon coordinate: column `A`-`I` or `K` (`J` is accepted as `K`, lower case is
/// accepted), then row `1`-`9` or `:` (row 10; `10` is accepted too). Surrounding whitespace is
/// ignored. `"K:"` is column 9, row 9.
pub fn parse_square(text: &str) -> Result<Square, GravonError> {
    let bad = || GravonError::BadCoordinate { text: crate::limits::clip(text), line: None };
    let t = text.trim().as_bytes();
    let (&c, rest) = t.split_first().ok_or_else(bad)?;
    let col = match c.to_ascii_uppercase() {
        c @ b'A'..=b'I' => c - b'A',
        b'J' | b'K' => 9,
        _ => return Err(bad()),
    };
    let row = match rest {
        [b':'] | [b'1', b'0'] => 9,
        [d @ b'1'..=b'9'] => d - b'1',
        _ => return Err(bad()),
    };
    Ok(Square::new(col, row))
}

/// Writes a Gravon coordinate: column 9 is `K`, row 9 is `:`. A square off the 10x10 board
/// (not producible by [`parse_square`]) gets `?` for the out-of-range part.
pub fn format_square(sq: Square) -> String {
    let mut s = String::with_capacity(2);
    push_square(&mut s, sq);
    s
}

pub(super) fn push_square(out: &mut String, sq: Square) {
    let pick = |table: &[u8; 10], i: u8| table.get(usize::from(i)).map_or('?', |&b| char::from(b));
    out.push(pick(COLUMNS, sq.col()));
    out.push(pick(ROWS, sq.row()));
}
