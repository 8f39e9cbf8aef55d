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
//! elements, bad coordinates, a malformed field, move ids that are not `1, 2, 3, ...`, and
//! result codes or winners that are not numbers in range.
//!
//! The module is pure: no I/O, no printing.

use std::borrow::Cow;
use std::convert::Infallible;
use std::fmt::{self, Write as _};
use std::str::FromStr;

use crate::{Player, Square};

/// Number of characters in a `<field content="...">` string (one per square, `A1` first).
pub const FIELD_LEN: usize = 100;

/// Gravon's column letters, index = 0-based column. There is no `J`.
const COLUMNS: &[u8; 10] = b"ABCDEFGHIK";
/// Gravon's row characters, index = 0-based row. Row 10 is written `:`.
const ROWS: &[u8; 10] = b"123456789:";

// ---------------------------------------------------------------------------------------------
// Data types
// ---------------------------------------------------------------------------------------------

/// The `type` attribute of `<game>`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum GameType {
    /// `classic`
    Classic,
    /// `barrage`
    Barrage,
    /// `classicfree` (free placement, lakes may be anywhere in the field string)
    ClassicFree,
    /// `duell`
    Duell,
    /// `ultimate lightning`
    UltimateLightning,
    /// Any other spelling, kept as written (surrounding whitespace removed). Holding a known
    /// spelling here is not canonical: it would parse back as the named variant.
    Other(String),
}

impl GameType {
    /// The XML spelling (`"classic"`, `"ultimate lightning"`, ...).
    pub fn as_str(&self) -> &str {
        match self {
            GameType::Classic => "classic",
            GameType::Barrage => "barrage",
            GameType::ClassicFree => "classicfree",
            GameType::Duell => "duell",
            GameType::UltimateLightning => "ultimate lightning",
            GameType::Other(s) => s,
        }
    }
}

impl fmt::Display for GameType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for GameType {
    type Err = Infallible;

    /// Exact XML spellings map to the named variants; anything else becomes [`GameType::Other`].
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(match s {
            "classic" => GameType::Classic,
            "barrage" => GameType::Barrage,
            "classicfree" => GameType::ClassicFree,
            "duell" => GameType::Duell,
            "ultimate lightning" => GameType::UltimateLightning,
            other => GameType::Other(other.to_string()),
        })
    }
}

/// One `<move>`: a ply from `from` to `to` (a scout's long move, with or without an attack at
/// the end, is one move). Battle outcomes are not recorded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GravonMove {
    /// The `id` attribute: ply number, 1-based; odd = red.
    pub ply: u32,
    /// The `source` attribute: where the piece stood.
    pub from: Square,
    /// The `target` attribute: where it went (or attacked).
    pub to: Square,
    /// `<rescue>` child (ultimate lightning only).
    pub rescue: Option<Rescue>,
}

/// `<rescue rescuefield="K8" rescuepiece="13"/>` (ultimate lightning). The piece code is not
/// fully decoded; it is kept as the number written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rescue {
    /// `rescuefield`
    pub square: Square,
    /// `rescuepiece`
    pub piece: u8,
}

/// The `type` attribute of `<result>`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ResultKind {
    /// 0: the side to move cannot move (and loses).
    NoMoves,
    /// 1: flag captured.
    FlagCaptured,
    /// 2: both sides unable to move (draw).
    BothStuck,
    /// 3: resignation.
    Resignation,
    /// 4: draw agreed.
    DrawAgreed,
    /// 10: both players gone.
    BothGone,
    /// 11: clock (move time).
    Clock,
    /// 12: game clock.
    GameClock,
    /// 13: clock + gone.
    ClockAndGone,
    /// 14: opponent gone.
    OpponentGone,
    /// Any other code. Holding a known code here is not canonical: it would parse back as the
    /// named variant.
    Other(u32),
}

impl ResultKind {
    /// The numeric code written in the XML.
    pub const fn code(self) -> u32 {
        match self {
            ResultKind::NoMoves => 0,
            ResultKind::FlagCaptured => 1,
            ResultKind::BothStuck => 2,
            ResultKind::Resignation => 3,
            ResultKind::DrawAgreed => 4,
            ResultKind::BothGone => 10,
            ResultKind::Clock => 11,
            ResultKind::GameClock => 12,
            ResultKind::ClockAndGone => 13,
            ResultKind::OpponentGone => 14,
            ResultKind::Other(code) => code,
        }
    }

    /// The kind for a numeric code; unknown codes become [`ResultKind::Other`].
    pub const fn from_code(code: u32) -> ResultKind {
        match code {
            0 => ResultKind::NoMoves,
            1 => ResultKind::FlagCaptured,
            2 => ResultKind::BothStuck,
            3 => ResultKind::Resignation,
            4 => ResultKind::DrawAgreed,
            10 => ResultKind::BothGone,
            11 => ResultKind::Clock,
            12 => ResultKind::GameClock,
            13 => ResultKind::ClockAndGone,
            14 => ResultKind::OpponentGone,
            other => ResultKind::Other(other),
        }
    }
}

/// `<result type=".." winner=".."/>`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GravonResult {
    /// The `type` attribute: how the game ended.
    pub kind: ResultKind,
    /// `winner="1"` = red, `"2"` = blue; `None` = draw (`"3"`).
    pub winner: Option<Player>,
}

/// One game record.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GameRecord {
    /// The `type` attribute of `<game>`.
    pub game_type: GameType,
    /// The 100 field letters as written (surrounding whitespace removed; index `i` = column
    /// `i % 10`, row `i / 10`; `A1` first).
    /// `None` when the file has no `<field>` (game aborted during setup).
    pub field: Option<String>,
    /// Moves in ply order; `moves[i].ply == i + 1`.
    pub moves: Vec<GravonMove>,
    /// Player names, `[player 1 (red), player 2 (blue)]`, entity-decoded, not trimmed. Empty
    /// when the `<player>` element is missing.
    pub players: [String; 2],
    /// `None` when the file has no `<result>`.
    pub result: Option<GravonResult>,
}

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

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
    /// `:`. `line` is `None` when it comes from [`parse_square`] directly.
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

// ---------------------------------------------------------------------------------------------
// Squares
// ---------------------------------------------------------------------------------------------

/// Reads a Gravon coordinate: column `A`-`I` or `K` (`J` is accepted as `K`, lower case is
/// accepted), then row `1`-`9` or `:` (row 10; `10` is accepted too). Surrounding whitespace is
/// ignored. `"K:"` is column 9, row 9.
pub fn parse_square(text: &str) -> Result<Square, GravonError> {
    let bad = || GravonError::BadCoordinate { text: text.to_string(), line: None };
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

fn push_square(out: &mut String, sq: Square) {
    let pick = |table: &[u8; 10], i: u8| table.get(usize::from(i)).map_or('?', |&b| char::from(b));
    out.push(pick(COLUMNS, sq.col()));
    out.push(pick(ROWS, sq.row()));
}

// ---------------------------------------------------------------------------------------------
// Parsing
// ---------------------------------------------------------------------------------------------

/// Parses one Gravon XML record. See the module documentation for what is tolerated.
pub fn parse_xml(text: &str) -> Result<GameRecord, GravonError> {
    let roots = parse_tree(text)?;
    let mut games = Vec::new();
    collect_named(&roots, "game", &mut games);
    let game = match games.as_slice() {
        [] => return Err(GravonError::MissingGame),
        [game] => *game,
        [_, second, ..] => {
            return Err(GravonError::Duplicate { element: "game".into(), line: line_of(text, second.pos) })
        }
    };
    let line = |node: &Node<'_>| line_of(text, node.pos);

    let game_type = match game.attr("type") {
        Some(t) => t.trim().parse().unwrap_or_else(|e: Infallible| match e {}),
        None => return Err(GravonError::MissingAttribute { element: "game", attribute: "type", line: line(game) }),
    };

    let mut field = None;
    let mut moves: Vec<GravonMove> = Vec::new();
    let mut players: [Option<String>; 2] = [None, None];
    let mut result = None;

    for node in &game.children {
        if node.is("field") {
            if field.is_some() {
                return Err(dup("field", line(node)));
            }
            let content = required(node, "field", "content", text)?;
            field = Some(check_field(content.trim(), line(node))?);
        } else if node.is("move") {
            moves.push(parse_move(node, moves.len(), text)?);
        } else if node.is("player") {
            let id = required(node, "player", "id", text)?;
            let slot = match id.trim() {
                "1" => 0,
                "2" => 1,
                _ => {
                    return Err(GravonError::BadAttribute {
                        element: "player",
                        attribute: "id",
                        value: id.to_string(),
                        line: line(node),
                    })
                }
            };
            if players[slot].is_some() {
                return Err(dup(&format!("player id=\"{}\"", slot + 1), line(node)));
            }
            players[slot] = Some(node.text.clone());
        } else if node.is("result") {
            if result.is_some() {
                return Err(dup("result", line(node)));
            }
            result = Some(parse_result(node, text)?);
        }
        // Anything else (unknown elements) is ignored.
    }

    let [p1, p2] = players;
    Ok(GameRecord { game_type, field, moves, players: [p1.unwrap_or_default(), p2.unwrap_or_default()], result })
}

fn dup(element: &str, line: usize) -> GravonError {
    GravonError::Duplicate { element: element.to_string(), line }
}

fn required<'n>(
    node: &'n Node<'_>,
    element: &'static str,
    attribute: &'static str,
    text: &str,
) -> Result<&'n str, GravonError> {
    node.attr(attribute).ok_or_else(|| GravonError::MissingAttribute {
        element,
        attribute,
        line: line_of(text, node.pos),
    })
}

fn square_attr(
    node: &Node<'_>,
    element: &'static str,
    attribute: &'static str,
    text: &str,
) -> Result<Square, GravonError> {
    let value = required(node, element, attribute, text)?;
    parse_square(value)
        .map_err(|_| GravonError::BadCoordinate { text: value.to_string(), line: Some(line_of(text, node.pos)) })
}

fn check_field(content: &str, line: usize) -> Result<String, GravonError> {
    let len = content.chars().count();
    if len != FIELD_LEN {
        return Err(GravonError::BadFieldLength { len, line });
    }
    if let Some((index, ch)) = content.chars().enumerate().find(|&(_, c)| !matches!(c, 'A'..='Y' | 'a' | '_')) {
        return Err(GravonError::BadFieldChar { ch, index, line });
    }
    Ok(content.to_string())
}

fn parse_move(node: &Node<'_>, index: usize, text: &str) -> Result<GravonMove, GravonError> {
    // Line numbers are computed only on error: counting lines for every move is quadratic.
    let line = || line_of(text, node.pos);
    let id = required(node, "move", "id", text)?;
    let ply: u32 = id.trim().parse().map_err(|_| GravonError::BadAttribute {
        element: "move",
        attribute: "id",
        value: id.to_string(),
        line: line(),
    })?;
    let expected = u32::try_from(index).map_or(u32::MAX, |i| i.saturating_add(1));
    if ply != expected {
        return Err(GravonError::MoveOutOfOrder { expected, found: ply, line: line() });
    }
    let from = square_attr(node, "move", "source", text)?;
    let to = square_attr(node, "move", "target", text)?;

    let mut rescue = None;
    for child in node.children.iter().filter(|c| c.is("rescue")) {
        if rescue.is_some() {
            return Err(dup("rescue", line_of(text, child.pos)));
        }
        let square = square_attr(child, "rescue", "rescuefield", text)?;
        let piece_text = required(child, "rescue", "rescuepiece", text)?;
        let piece = piece_text.trim().parse().map_err(|_| GravonError::BadAttribute {
            element: "rescue",
            attribute: "rescuepiece",
            value: piece_text.to_string(),
            line: line_of(text, child.pos),
        })?;
        rescue = Some(Rescue { square, piece });
    }
    Ok(GravonMove { ply, from, to, rescue })
}

fn parse_result(node: &Node<'_>, text: &str) -> Result<GravonResult, GravonError> {
    let line = || line_of(text, node.pos);
    let code = required(node, "result", "type", text)?;
    let kind = code
        .trim()
        .parse()
        .map(ResultKind::from_code)
        .map_err(|_| GravonError::BadResultCode { text: code.to_string(), line: line() })?;
    let winner = required(node, "result", "winner", text)?;
    let winner = match winner.trim() {
        "1" => Some(Player::Red),
        "2" => Some(Player::Blue),
        "3" => None,
        _ => return Err(GravonError::BadWinner { text: winner.to_string(), line: line() }),
    };
    Ok(GravonResult { kind, winner })
}

// ---------------------------------------------------------------------------------------------
// Export
// ---------------------------------------------------------------------------------------------

/// Writes a record in the archive's layout (see the module documentation). For any record
/// returned by [`parse_xml`], `parse_xml(&to_xml(&r)) == Ok(r)`; for a Gravon file without
/// quirks (no `J` coordinates), `to_xml(&parse_xml(file)?)` reproduces the file byte for byte.
///
/// Names and the game type are entity-escaped. The record is not validated: a record whose
/// plies do not run 1, 2, 3, ... or whose field is malformed is written as is and will not parse
/// back.
pub fn to_xml(record: &GameRecord) -> String {
    let mut out = String::with_capacity(320 + record.moves.len() * 44);
    out.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<stratego>\n <game type=\"");
    push_escaped(&mut out, record.game_type.as_str());
    out.push_str("\">\n  \n");
    if let Some(field) = &record.field {
        out.push_str("  <field content=\"");
        push_escaped(&mut out, field);
        out.push_str("\"/>\n");
    }
    for mv in &record.moves {
        // Writing into a String cannot fail.
        let _ = write!(out, "  <move id=\"{}\" source=\"", mv.ply);
        push_square(&mut out, mv.from);
        out.push_str("\" target=\"");
        push_square(&mut out, mv.to);
        match mv.rescue {
            None => out.push_str("\"/>\n"),
            Some(rescue) => {
                out.push_str("\">   <rescue rescuefield=\"");
                push_square(&mut out, rescue.square);
                let _ = write!(out, "\" rescuepiece=\"{}\"/>\n  </move>\n", rescue.piece);
            }
        }
    }
    for (i, name) in record.players.iter().enumerate() {
        let _ = write!(out, "  <player id=\"{}\">", i + 1);
        push_escaped(&mut out, name);
        out.push_str("</player>\n");
    }
    if let Some(result) = record.result {
        let winner = match result.winner {
            Some(Player::Red) => 1,
            Some(Player::Blue) => 2,
            None => 3,
        };
        let _ = writeln!(out, "  <result type=\"{}\" winner=\"{winner}\"/>", result.kind.code());
    }
    out.push_str(" </game>\n</stratego>");
    out
}

/// Escapes `&`, `<`, `>` and `"` (safe both in text and in double-quoted attributes).
fn push_escaped(out: &mut String, s: &str) {
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// A small tolerant XML reader
// ---------------------------------------------------------------------------------------------

/// An element: name, attributes (entity-decoded), child elements, and its own text content
/// (entity-decoded text and CDATA directly inside it, concatenated).
#[derive(Debug)]
struct Node<'a> {
    name: &'a str,
    attrs: Vec<(&'a str, Cow<'a, str>)>,
    children: Vec<Node<'a>>,
    text: String,
    /// Byte offset of the `<` that opens the element.
    pos: usize,
}

impl Node<'_> {
    fn is(&self, name: &str) -> bool {
        self.name.eq_ignore_ascii_case(name)
    }

    /// First attribute with this name (ASCII case-insensitive).
    fn attr(&self, name: &str) -> Option<&str> {
        self.attrs.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_ref())
    }
}

fn collect_named<'t, 'a>(nodes: &'t [Node<'a>], name: &str, out: &mut Vec<&'t Node<'a>>) {
    for node in nodes {
        if node.is(name) {
            out.push(node);
        } else {
            collect_named(&node.children, name, out);
        }
    }
}

fn line_of(text: &str, pos: usize) -> usize {
    line_col(text, pos).0
}

fn line_col(text: &str, pos: usize) -> (usize, usize) {
    let before = &text.as_bytes()[..pos.min(text.len())];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let line_start = before.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let column = String::from_utf8_lossy(&before[line_start..]).chars().count() + 1;
    (line, column)
}

fn not_xml(text: &str, pos: usize, reason: impl Into<String>) -> GravonError {
    let (line, column) = line_col(text, pos);
    GravonError::NotXml { line, column, reason: reason.into() }
}

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r')
}

fn is_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.' | b':') || b >= 0x80
}

/// Position just after the first `pat` at or after `from`.
fn skip_past(text: &str, from: usize, pat: &str, what: &str) -> Result<usize, GravonError> {
    text[from..]
        .find(pat)
        .map(|k| from + k + pat.len())
        .ok_or_else(|| not_xml(text, from, format!("unterminated {what}")))
}

/// Reads the document into a forest of elements (usually one root).
fn parse_tree(text: &str) -> Result<Vec<Node<'_>>, GravonError> {
    let bytes = text.as_bytes();
    let mut i = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let mut stack: Vec<Node<'_>> = Vec::new();
    let mut roots: Vec<Node<'_>> = Vec::new();

    while i < bytes.len() {
        if bytes[i] != b'<' {
            let end = text[i..].find('<').map_or(bytes.len(), |k| i + k);
            if let Some(top) = stack.last_mut() {
                top.text.push_str(&decode(&text[i..end]));
            }
            // Text outside any element is ignored.
            i = end;
            continue;
        }
        let rest = &text[i..];
        if rest.starts_with("<?") {
            i = skip_past(text, i, "?>", "processing instruction")?;
        } else if rest.starts_with("<!--") {
            i = skip_past(text, i + 4, "-->", "comment")?;
        } else if rest.starts_with("<![CDATA[") {
            let end = skip_past(text, i + 9, "]]>", "CDATA section")?;
            if let Some(top) = stack.last_mut() {
                top.text.push_str(&text[i + 9..end - 3]);
            }
            i = end;
        } else if rest.starts_with("<!") {
            i = skip_declaration(text, i)?;
        } else if rest.starts_with("</") {
            let start = i;
            let name_end = scan_name(bytes, i + 2);
            let name = &text[i + 2..name_end];
            let mut j = name_end;
            while j < bytes.len() && is_space(bytes[j]) {
                j += 1;
            }
            if j >= bytes.len() || bytes[j] != b'>' {
                return Err(not_xml(text, start, format!("malformed end tag </{name}")));
            }
            i = j + 1;
            let Some(node) = stack.pop() else {
                return Err(not_xml(text, start, format!("end tag </{name}> without a start tag")));
            };
            if !node.name.eq_ignore_ascii_case(name) {
                return Err(GravonError::MismatchedTag {
                    line: line_of(text, start),
                    expected: node.name.to_string(),
                    found: name.to_string(),
                });
            }
            attach(&mut stack, &mut roots, node);
        } else {
            let (node, self_closing, next) = parse_start_tag(text, i)?;
            i = next;
            if self_closing {
                attach(&mut stack, &mut roots, node);
            } else {
                stack.push(node);
            }
        }
    }

    if let Some(open) = stack.last() {
        return Err(GravonError::Unclosed { element: open.name.to_string(), line: line_of(text, open.pos) });
    }
    if roots.is_empty() {
        return Err(not_xml(text, i, "no element found"));
    }
    Ok(roots)
}

fn attach<'a>(stack: &mut [Node<'a>], roots: &mut Vec<Node<'a>>, node: Node<'a>) {
    match stack.last_mut() {
        Some(parent) => parent.children.push(node),
        None => roots.push(node),
    }
}

fn scan_name(bytes: &[u8], mut j: usize) -> usize {
    while j < bytes.len() && is_name_byte(bytes[j]) {
        j += 1;
    }
    j
}

/// Skips `<!DOCTYPE ...>` (with an optional `[...]` internal subset) or any other `<!...>`.
fn skip_declaration(text: &str, start: usize) -> Result<usize, GravonError> {
    let bytes = text.as_bytes();
    let mut depth = 0usize;
    let mut quote = None;
    for (k, &b) in bytes.iter().enumerate().skip(start + 2) {
        match (quote, b) {
            (Some(q), b) if b == q => quote = None,
            (Some(_), _) => {}
            (None, b'"' | b'\'') => quote = Some(b),
            (None, b'[') => depth += 1,
            (None, b']') => depth = depth.saturating_sub(1),
            (None, b'>') if depth == 0 => return Ok(k + 1),
            _ => {}
        }
    }
    Err(not_xml(text, start, "unterminated <! declaration"))
}

/// Parses `<name attr="v" ...>` or `<name .../>` starting at the `<`. Returns the node, whether
/// it closed itself, and the position after the `>`.
fn parse_start_tag(text: &str, start: usize) -> Result<(Node<'_>, bool, usize), GravonError> {
    let bytes = text.as_bytes();
    let name_end = scan_name(bytes, start + 1);
    let name = &text[start + 1..name_end];
    if name.is_empty() || name.as_bytes()[0].is_ascii_digit() || name.starts_with(['-', '.']) {
        return Err(not_xml(text, start, "expected an element name after '<'"));
    }
    let mut node = Node { name, attrs: Vec::new(), children: Vec::new(), text: String::new(), pos: start };
    let mut j = name_end;
    loop {
        while j < bytes.len() && is_space(bytes[j]) {
            j += 1;
        }
        match bytes.get(j) {
            None => return Err(not_xml(text, start, format!("unterminated tag <{name}"))),
            Some(b'>') => return Ok((node, false, j + 1)),
            Some(b'/') if bytes.get(j + 1) == Some(&b'>') => return Ok((node, true, j + 2)),
            Some(_) => {}
        }
        let attr_start = j;
        let attr_end = scan_name(bytes, j);
        if attr_end == attr_start {
            return Err(not_xml(text, j, format!("unexpected character in tag <{name}>")));
        }
        let attr_name = &text[attr_start..attr_end];
        j = attr_end;
        while j < bytes.len() && is_space(bytes[j]) {
            j += 1;
        }
        if bytes.get(j) != Some(&b'=') {
            // An attribute without a value, e.g. `<x flag>`: tolerated as "".
            node.attrs.push((attr_name, Cow::Borrowed("")));
            continue;
        }
        j += 1;
        while j < bytes.len() && is_space(bytes[j]) {
            j += 1;
        }
        let (raw, next) = match bytes.get(j) {
            Some(&q @ (b'"' | b'\'')) => {
                let Some(len) = text[j + 1..].find(char::from(q)) else {
                    return Err(not_xml(text, attr_start, format!("unterminated value of attribute {attr_name}")));
                };
                (&text[j + 1..j + 1 + len], j + 1 + len + 1)
            }
            _ => {
                // Unquoted value: up to whitespace, `>`, or a `/>` that ends the tag.
                let mut k = j;
                while k < bytes.len()
                    && !is_space(bytes[k])
                    && bytes[k] != b'>'
                    && !(bytes[k] == b'/' && bytes.get(k + 1) == Some(&b'>'))
                {
                    k += 1;
                }
                (&text[j..k], k)
            }
        };
        node.attrs.push((attr_name, decode(raw)));
        j = next;
    }
}

/// Decodes `&amp; &lt; &gt; &quot; &apos;` and `&#N;` / `&#xH;`. Anything else starting with `&`
/// (a bare ampersand, an unknown entity, an invalid code point) is kept literally.
fn decode(raw: &str) -> Cow<'_, str> {
    if !raw.contains('&') {
        return Cow::Borrowed(raw);
    }
    let mut out = String::with_capacity(raw.len());
    let mut rest = raw;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        rest = &rest[amp..];
        let decoded = rest[1..]
            .find(';')
            .filter(|&semi| semi <= 10)
            .and_then(|semi| entity(&rest[1..1 + semi]).map(|c| (c, semi + 2)));
        match decoded {
            Some((c, len)) => {
                out.push(c);
                rest = &rest[len..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    Cow::Owned(out)
}

fn entity(name: &str) -> Option<char> {
    match name {
        "amp" => Some('&'),
        "lt" => Some('<'),
        "gt" => Some('>'),
        "quot" => Some('"'),
        "apos" => Some('\''),
        _ => {
            let num = name.strip_prefix('#')?;
            let code = match num.strip_prefix(['x', 'X']) {
                Some(hex) => u32::from_str_radix(hex, 16).ok()?,
                None => num.parse().ok()?,
            };
            char::from_u32(code).filter(|&c| c != '\0')
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------------------------

#[cfg(test)]
mod tests {
    use super::*;

    const FIELD: &str =
        "EEBMBEFBDEBGIBHGBIDEGJDFDHCDJGDHDLIFKFDHAA__AA__AAAA__AA__AARNTOPTWNPSPNVPVPSPUXNQTQQPYRNNRQUPTSQSUR";

    /// A record in the exact archive layout.
    fn sample_text() -> String {
        format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<stratego>\n <game type=\"classic\">\n  \n  \
             <field content=\"{FIELD}\"/>\n  \
             <move id=\"1\" source=\"F4\" target=\"F5\"/>\n  \
             <move id=\"2\" source=\"E7\" target=\"E6\"/>\n  \
             <player id=\"1\">Player 1</player>\n  \
             <player id=\"2\">Player 2</player>\n  \
             <result type=\"1\" winner=\"2\"/>\n </game>\n</stratego>"
        )
    }

    fn sq(s: &str) -> Square {
        parse_square(s).unwrap()
    }

    fn sample_record() -> GameRecord {
        GameRecord {
            game_type: GameType::Classic,
            field: Some(FIELD.to_string()),
            moves: vec![
                GravonMove { ply: 1, from: sq("F4"), to: sq("F5"), rescue: None },
                GravonMove { ply: 2, from: sq("E7"), to: sq("E6"), rescue: None },
            ],
            players: ["Player 1".into(), "Player 2".into()],
            result: Some(GravonResult { kind: ResultKind::FlagCaptured, winner: Some(Player::Blue) }),
        }
    }

    /// Minimal game wrapper around some inner elements.
    fn game(inner: &str) -> String {
        format!("<stratego><game type=\"classic\">{inner}</game></stratego>")
    }

    fn roundtrip(r: &GameRecord) {
        assert_eq!(parse_xml(&to_xml(r)).as_ref(), Ok(r), "{}", to_xml(r));
    }

    // --- squares -------------------------------------------------------------------------

    #[test]
    fn squares_parse_and_format() {
        assert_eq!(sq("A1"), Square::new(0, 0));
        assert_eq!(sq("K:"), Square::new(9, 9));
        assert_eq!(sq("I9"), Square::new(8, 8));
        assert_eq!(sq("F4"), Square::new(5, 3));
        assert_eq!(format_square(Square::new(9, 9)), "K:");
        assert_eq!(format_square(Square::new(0, 0)), "A1");
        assert_eq!(format_square(Square::new(8, 4)), "I5");
        for col in 0..10 {
            for row in 0..10 {
                let s = Square::new(col, row);
                assert_eq!(parse_square(&format_square(s)), Ok(s));
            }
        }
        assert_eq!(format_square(Square::new(10, 10)), "??");
    }

    #[test]
    fn squares_tolerated_spellings() {
        assert_eq!(sq("J2"), Square::new(9, 1), "J is read as K");
        assert_eq!(sq("J:"), Square::new(9, 9));
        assert_eq!(sq("k10"), Square::new(9, 9));
        assert_eq!(sq(" b3 "), Square::new(1, 2));
    }

    #[test]
    fn squares_rejected() {
        for bad in ["", "A", "L1", "A0", "A11", "1A", "AA", "A;", "K:x", "Ä1", "A١"] {
            assert_eq!(parse_square(bad), Err(GravonError::BadCoordinate { text: bad.into(), line: None }), "{bad:?}");
        }
    }

    // --- enums -----------------------------------------------------------------------------

    #[test]
    fn game_type_spellings() {
        let all = [
            (GameType::Classic, "classic"),
            (GameType::Barrage, "barrage"),
            (GameType::ClassicFree, "classicfree"),
            (GameType::Duell, "duell"),
            (GameType::UltimateLightning, "ultimate lightning"),
            (GameType::Other("speed".into()), "speed"),
        ];
        for (t, s) in all {
            assert_eq!(t.to_string(), s);
            assert_eq!(s.parse::<GameType>(), Ok(t));
        }
        assert_eq!("Classic".parse::<GameType>(), Ok(GameType::Other("Classic".into())));
    }

    #[test]
    fn result_codes() {
        for code in [0, 1, 2, 3, 4, 10, 11, 12, 13, 14] {
            let kind = ResultKind::from_code(code);
            assert!(!matches!(kind, ResultKind::Other(_)), "{code}");
            assert_eq!(kind.code(), code);
        }
        assert_eq!(ResultKind::from_code(0), ResultKind::NoMoves);
        assert_eq!(ResultKind::from_code(14), ResultKind::OpponentGone);
        assert_eq!(ResultKind::from_code(7), ResultKind::Other(7));
        assert_eq!(ResultKind::Other(7).code(), 7);
    }

    // --- happy path and layout -----------------------------------------------------------

    #[test]
    fn parses_archive_layout() {
        assert_eq!(parse_xml(&sample_text()), Ok(sample_record()));
    }

    #[test]
    fn writes_archive_layout_byte_for_byte() {
        assert_eq!(to_xml(&sample_record()), sample_text());
    }

    #[test]
    fn rescue_layout_and_roundtrip() {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<stratego>\n <game type=\"ultimate lightning\">\n  \n  \
                    <move id=\"1\" source=\"E2\" target=\"E1\">   <rescue rescuefield=\"K8\" rescuepiece=\"13\"/>\n  </move>\n  \
                    <player id=\"1\">Player 1</player>\n  <player id=\"2\">Player 2</player>\n </game>\n</stratego>";
        let r = parse_xml(text).unwrap();
        assert_eq!(r.game_type, GameType::UltimateLightning);
        assert_eq!(r.moves[0].rescue, Some(Rescue { square: Square::new(9, 7), piece: 13 }));
        assert_eq!(r.field, None);
        assert_eq!(r.result, None);
        assert_eq!(to_xml(&r), text);
        roundtrip(&r);
    }

    #[test]
    fn roundtrip_variants() {
        let mut r = sample_record();
        roundtrip(&r);
        r.game_type = GameType::Other("speed \"x\" & <y>".into());
        r.players = ["A & B <c> \"d\" 'e'".into(), "  spaced\nname  ".into()];
        r.field = Some(FIELD.replace('A', "a"));
        r.result = Some(GravonResult { kind: ResultKind::Other(99), winner: None });
        roundtrip(&r);
        r.field = None;
        r.result = None;
        r.moves.clear();
        r.players = [String::new(), String::new()];
        roundtrip(&r);
        for code in [0, 1, 2, 3, 4, 10, 11, 12, 13, 14] {
            for winner in [Some(Player::Red), Some(Player::Blue), None] {
                r.result = Some(GravonResult { kind: ResultKind::from_code(code), winner });
                roundtrip(&r);
            }
        }
    }

    #[test]
    fn j_column_is_read_as_k_and_written_as_k() {
        let text = game(r#"<move id="1" source="J2" target="J1"><rescue rescuefield="J:" rescuepiece="3"/></move>"#);
        let r = parse_xml(&text).unwrap();
        assert_eq!(r.moves[0].from, Square::new(9, 1));
        assert_eq!(r.moves[0].to, Square::new(9, 0));
        assert_eq!(r.moves[0].rescue.unwrap().square, Square::new(9, 9));
        let out = to_xml(&r);
        assert!(out.contains(r#"source="K2" target="K1""#) && out.contains(r#"rescuefield="K:""#));
        roundtrip(&r);
    }

    // --- quirks tolerated ------------------------------------------------------------------

    #[test]
    fn attribute_order_quotes_and_whitespace() {
        let text =
            "\u{feff}<?xml version='1.0'?>\r\n<!-- archive -->\r\n<!DOCTYPE stratego [ <!ENTITY x \"y>\"> ]>\r\n\
                    <STRATEGO>\r\n\t<game   type = 'classic' >\r\n\r\n\r\n\
                    <field\n content=\" FIELD \" />\
                    <move target=\"F5\" source='F4' id = 1 />\
                    <Move ID=\"2\"\tSOURCE=\"E7\"\ntarget=\"E6\"></Move>\
                    <result winner=\"2\" type=\" 1 \"/>\
                    <player id=\"2\">Player 2</player><player id='1'>Player 1</player>\
                    </game ></STRATEGO>\r\n"
                .replace("FIELD", FIELD);
        assert_eq!(parse_xml(&text), Ok(sample_record()));
    }

    #[test]
    fn entities_in_names() {
        let text = game(
            r#"<player id="1">Tom &amp; Jerry &lt;3 &quot;x&quot; &apos;y&apos; &#65;&#x42;</player>
               <player id="2">R&D &nbsp; &#xD800; &amp</player>"#,
        );
        let r = parse_xml(&text).unwrap();
        assert_eq!(r.players[0], "Tom & Jerry <3 \"x\" 'y' AB");
        assert_eq!(r.players[1], "R&D &nbsp; &#xD800; &amp", "unknown references stay literal");
        roundtrip(&r);
    }

    #[test]
    fn cdata_and_comments_in_names() {
        let text = game(r#"<player id="1"><![CDATA[a<b>&c]]></player><player id="2">x<!-- c -->y</player>"#);
        let r = parse_xml(&text).unwrap();
        assert_eq!(r.players, ["a<b>&c".to_string(), "xy".to_string()]);
        roundtrip(&r);
    }

    #[test]
    fn missing_field_players_and_result() {
        let r = parse_xml(&game("")).unwrap();
        assert_eq!(
            r,
            GameRecord {
                game_type: GameType::Classic,
                field: None,
                moves: vec![],
                players: [String::new(), String::new()],
                result: None
            }
        );
        roundtrip(&r);
    }

    #[test]
    fn unknown_game_type_result_code_and_elements() {
        let text = r#"<stratego><game type=" speed " extra="1"><clock t="5"/><move id="1" source="A4" target="A5" time="3"><note>x</note></move><result type="42" winner="3"/></game></stratego>"#;
        let r = parse_xml(text).unwrap();
        assert_eq!(r.game_type, GameType::Other("speed".into()));
        assert_eq!(r.moves.len(), 1);
        assert_eq!(r.result, Some(GravonResult { kind: ResultKind::Other(42), winner: None }));
        roundtrip(&r);
    }

    #[test]
    fn game_without_stratego_wrapper() {
        let r = parse_xml(r#"<game type="barrage"><result type="3" winner="1"/></game>"#).unwrap();
        assert_eq!(r.game_type, GameType::Barrage);
        assert_eq!(r.result.unwrap().winner, Some(Player::Red));
    }

    #[test]
    fn lowercase_a_in_field() {
        let field = FIELD.replace('A', "a");
        let r = parse_xml(&game(&format!(r#"<field content="{field}"/>"#))).unwrap();
        assert_eq!(r.field.as_deref(), Some(field.as_str()));
    }

    // --- errors ----------------------------------------------------------------------------

    fn err(text: &str) -> GravonError {
        parse_xml(text).unwrap_err()
    }

    #[test]
    fn error_not_xml() {
        assert!(matches!(err(""), GravonError::NotXml { .. }));
        assert!(matches!(err("hello world"), GravonError::NotXml { .. }));
        assert!(matches!(err("<?xml version=\"1.0\"?>"), GravonError::NotXml { .. }));
        assert!(matches!(err("<a><!-- never ends"), GravonError::NotXml { .. }));
        assert!(matches!(err("<a><![CDATA[x</a>"), GravonError::NotXml { .. }));
        assert!(matches!(err("<!DOCTYPE x"), GravonError::NotXml { .. }));
        assert!(matches!(err("<a b=\"1></a>"), GravonError::NotXml { .. }));
        assert!(matches!(err("<a b=\"1\""), GravonError::NotXml { .. }));
        assert!(matches!(err("</a>"), GravonError::NotXml { .. }));
        assert!(matches!(err("<a></a"), GravonError::NotXml { .. }));
        assert!(matches!(err("<a>1 < 2</a>"), GravonError::NotXml { .. }));
        assert!(matches!(err("<1a/>"), GravonError::NotXml { .. }));
        assert!(matches!(err("<a \"x\"/>"), GravonError::NotXml { .. }));
        assert_eq!(
            err("<stratego>\n  <game type=\"classic\">\n <x =\"1\"/>"),
            GravonError::NotXml { line: 3, column: 5, reason: "unexpected character in tag <x>".into() }
        );
    }

    #[test]
    fn error_mismatched_and_unclosed() {
        assert_eq!(
            err("<stratego>\n<game type=\"classic\">\n</stratego>"),
            GravonError::MismatchedTag { line: 3, expected: "game".into(), found: "stratego".into() }
        );
        // A truncated file.
        let text = sample_text();
        let cut = &text[..text.find("  <player").unwrap()];
        assert_eq!(err(cut), GravonError::Unclosed { element: "game".into(), line: 3 });
    }

    #[test]
    fn error_missing_game() {
        assert_eq!(err("<stratego></stratego>"), GravonError::MissingGame);
        assert_eq!(err("<stratego><gameX type=\"classic\"/></stratego>"), GravonError::MissingGame);
    }

    #[test]
    fn error_duplicates() {
        assert_eq!(
            err("<stratego>\n<game type=\"classic\"/>\n<game type=\"classic\"/></stratego>"),
            GravonError::Duplicate { element: "game".into(), line: 3 }
        );
        let f = format!(r#"<field content="{FIELD}"/>"#);
        assert!(matches!(err(&game(&format!("{f}{f}"))), GravonError::Duplicate { element, .. } if element == "field"));
        let res = r#"<result type="1" winner="1"/>"#;
        assert!(
            matches!(err(&game(&format!("{res}{res}"))), GravonError::Duplicate { element, .. } if element == "result")
        );
        let p = r#"<player id="2">x</player>"#;
        assert!(
            matches!(err(&game(&format!("{p}{p}"))), GravonError::Duplicate { element, .. } if element == "player id=\"2\"")
        );
        let mv = r#"<move id="1" source="A4" target="A5"><rescue rescuefield="A1" rescuepiece="1"/><rescue rescuefield="A1" rescuepiece="1"/></move>"#;
        assert!(matches!(err(&game(mv)), GravonError::Duplicate { element, .. } if element == "rescue"));
    }

    #[test]
    fn error_missing_attributes() {
        let cases = [
            ("<game/>", "game", "type"),
            ("<game type=\"classic\"><field/></game>", "field", "content"),
            (&game(r#"<move source="A4" target="A5"/>"#), "move", "id"),
            (&game(r#"<move id="1" target="A5"/>"#), "move", "source"),
            (&game(r#"<move id="1" source="A4"/>"#), "move", "target"),
            (
                &game(r#"<move id="1" source="A4" target="A5"><rescue rescuepiece="1"/></move>"#),
                "rescue",
                "rescuefield",
            ),
            (
                &game(r#"<move id="1" source="A4" target="A5"><rescue rescuefield="A1"/></move>"#),
                "rescue",
                "rescuepiece",
            ),
            (&game("<player>x</player>"), "player", "id"),
            (&game(r#"<result winner="1"/>"#), "result", "type"),
            (&game(r#"<result type="1"/>"#), "result", "winner"),
        ];
        for (text, element, attribute) in cases {
            match err(text) {
                GravonError::MissingAttribute { element: e, attribute: a, .. } => {
                    assert_eq!((e, a), (element, attribute), "{text}")
                }
                other => panic!("{text}: {other:?}"),
            }
        }
    }

    #[test]
    fn error_bad_attributes() {
        let cases = [
            (game(r#"<move id="one" source="A4" target="A5"/>"#), "move", "id", "one"),
            (game(r#"<move id="-1" source="A4" target="A5"/>"#), "move", "id", "-1"),
            (game(r#"<player id="3">x</player>"#), "player", "id", "3"),
            (
                game(r#"<move id="1" source="A4" target="A5"><rescue rescuefield="A1" rescuepiece="300"/></move>"#),
                "rescue",
                "rescuepiece",
                "300",
            ),
        ];
        for (text, element, attribute, value) in cases {
            assert_eq!(
                err(&text),
                GravonError::BadAttribute { element, attribute, value: value.into(), line: 1 },
                "{text}"
            );
        }
    }

    #[test]
    fn error_bad_coordinates() {
        assert_eq!(
            err("<game type=\"classic\">\n<move id=\"1\" source=\"L4\" target=\"A5\"/></game>"),
            GravonError::BadCoordinate { text: "L4".into(), line: Some(2) }
        );
        assert_eq!(
            err(&game(r#"<move id="1" source="A4" target="A0"/>"#)),
            GravonError::BadCoordinate { text: "A0".into(), line: Some(1) }
        );
        assert_eq!(
            err(&game(r#"<move id="1" source="A4" target="A5"><rescue rescuefield="Z9" rescuepiece="1"/></move>"#)),
            GravonError::BadCoordinate { text: "Z9".into(), line: Some(1) }
        );
    }

    #[test]
    fn error_bad_field() {
        assert_eq!(
            err(&game(&format!(r#"<field content="{}"/>"#, &FIELD[..99]))),
            GravonError::BadFieldLength { len: 99, line: 1 }
        );
        assert_eq!(
            err(&game(&format!(r#"<field content="{FIELD}A"/>"#))),
            GravonError::BadFieldLength { len: 101, line: 1 }
        );
        assert_eq!(err(&game(r#"<field content=""/>"#)), GravonError::BadFieldLength { len: 0, line: 1 });
        let mut bad = FIELD.to_string();
        bad.replace_range(7..8, "Z");
        assert_eq!(
            err(&game(&format!(r#"<field content="{bad}"/>"#))),
            GravonError::BadFieldChar { ch: 'Z', index: 7, line: 1 }
        );
        bad.replace_range(7..8, "b");
        assert!(matches!(
            err(&game(&format!(r#"<field content="{bad}"/>"#))),
            GravonError::BadFieldChar { ch: 'b', index: 7, .. }
        ));
    }

    #[test]
    fn error_move_order() {
        let mv = |id: u32| format!(r#"<move id="{id}" source="A4" target="A5"/>"#);
        assert_eq!(err(&game(&mv(2))), GravonError::MoveOutOfOrder { expected: 1, found: 2, line: 1 });
        assert!(matches!(
            err(&game(&format!("{}{}{}", mv(1), mv(3), mv(2)))),
            GravonError::MoveOutOfOrder { expected: 2, found: 3, .. }
        ));
        assert!(matches!(
            err(&game(&format!("{}{}", mv(1), mv(1)))),
            GravonError::MoveOutOfOrder { expected: 2, found: 1, .. }
        ));
        assert!(matches!(err(&game(&mv(0))), GravonError::MoveOutOfOrder { expected: 1, found: 0, .. }));
    }

    #[test]
    fn error_result() {
        assert_eq!(
            err(&game(r#"<result type="x" winner="1"/>"#)),
            GravonError::BadResultCode { text: "x".into(), line: 1 }
        );
        assert_eq!(
            err(&game(r#"<result type="-1" winner="1"/>"#)),
            GravonError::BadResultCode { text: "-1".into(), line: 1 }
        );
        for w in ["0", "4", "red", ""] {
            assert_eq!(
                err(&game(&format!(r#"<result type="1" winner="{w}"/>"#))),
                GravonError::BadWinner { text: w.into(), line: 1 }
            );
        }
    }

    /// Random corruptions (cut, delete, insert, duplicate, multibyte characters) never panic,
    /// and whatever still parses still round-trips.
    #[test]
    fn corrupted_input_never_panics() {
        let base = sample_text().replace(
            "<move id=\"2\" source=\"E7\" target=\"E6\"/>",
            "<move id=\"2\" source=\"E7\" target=\"E6\">   <rescue rescuefield=\"K8\" rescuepiece=\"13\"/>\n  </move>\n  <!-- c --><![CDATA[x]]>",
        );
        let pieces = [
            "<", ">", "/", "\"", "'", "&", "&amp;", "&#", ";", "=", " ", "\n", "é", "\u{feff}", "]]>", "<!", "?>", "J",
            ":",
        ];
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = move |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let mut parsed = 0;
        for _ in 0..5000 {
            let mut text = base.clone();
            for _ in 0..1 + next(3) {
                let mut at = next(text.len() + 1);
                while !text.is_char_boundary(at) {
                    at -= 1;
                }
                match next(4) {
                    0 => text.truncate(at),
                    1 => {
                        let mut end = (at + 1 + next(8)).min(text.len());
                        while !text.is_char_boundary(end) {
                            end += 1;
                        }
                        text.replace_range(at..end, "");
                    }
                    2 => text.insert_str(at, pieces[next(pieces.len())]),
                    _ => {
                        let copy = text[at..].chars().take(next(40)).collect::<String>();
                        text.insert_str(at, &copy);
                    }
                }
            }
            if let Ok(r) = parse_xml(&text) {
                parsed += 1;
                roundtrip(&r);
            }
        }
        assert!(parsed > 0);
    }

    #[test]
    fn error_messages_name_the_problem() {
        let e = parse_square("L4").unwrap_err();
        assert_eq!(e.to_string(), "bad coordinate \"L4\"");
        let e = GravonError::BadCoordinate { text: "L4".into(), line: Some(7) };
        assert_eq!(e.to_string(), "bad coordinate \"L4\" at line 7");
        let e = GravonError::BadFieldLength { len: 99, line: 5 };
        assert_eq!(e.to_string(), "line 5: field has 99 characters, expected exactly 100");
        assert_eq!(GravonError::MissingGame.to_string(), "no <game> element");
    }
}

mod replay;
pub use replay::{replay, rules_for, two_square_limit_for, year_from_file_name, ReplayError};
