//! Position texts: the short form people write by hand, and the full form that holds every
//! fact a board knows, so that it reads back to an equal board.
//!
//! Both start with one Gravon letter per square, the side to move and the ply. The full form
//! adds `name=value` fields, each written only when it differs from what the short form
//! implies, and always ends with `over=`, which marks the text as complete (the outcome is then
//! taken as written instead of being judged again):
//!
//! | field | value | meaning |
//! |---|---|---|
//! | `quiet` | a number | plies since the last battle |
//! | `moved` | squares, comma-separated | pieces that have moved |
//! | `slid` | squares | pieces seen moving more than one square (they have moved too) |
//! | `start` | `square:start` pairs | where a piece started, for pieces that are not on it |
//! | `lost` | Gravon letters | every captured piece (default: the army minus the board; always written with a free army) |
//! | `run.r`, `run.b` | `square/axis/border:count,...` | the two-squares rule's current run |
//! | `chase.r`, `chase.b` | `length/from/to` | the chase rule's chase length and last move (`-` for none) |
//! | `chase.moves` | `from-to:start`, comma-separated, newest first | the moves that led to the positions the chase rule still compares with, each with the start square of the piece that moved (the positions follow by taking them back) |
//! | `rescues` | `red/blue` counts | rescues each player has made (rules with rescues only) |
//! | `rescuers` | squares | pieces that have rescued and may not again |
//! | `rescue` | a square | a rescue decision is due: the side to move's piece there triggered it |
//! | `over` | `-`, or `red`/`blue`/`draw` `/` termination | the outcome |
//!
//! A player's view ([`crate::ViewRecord`]) uses the same text with two changes: an enemy piece
//! whose rank the viewer does not know is written `?`, and an `army` field (enemy letters)
//! gives the enemy army when it is not the rules' own; `lost` is always written there.

use crate::rules::bitboard::{bit, bits, has, Bitboard};
use crate::state::repetition::{Chase, Run, Step};
use crate::state::{cell_owner, cell_rank, make_cell, State, MOVED, REVEALED, SLID};
use crate::{Outcome, ParseError, Player, Rank, Rules, Square, Termination};

/// The largest ply a position string may start from, leaving room to play on.
pub(crate) const MAX_START_PLY: u32 = 1 << 30;

/// Termination names of the `over` field (also the arena's labels).
pub(crate) const TERMINATIONS: [(Termination, &str); 6] = [
    (Termination::FlagCaptured, "flag"),
    (Termination::NoLegalMove, "no-move"),
    (Termination::BothStuck, "both-stuck"),
    (Termination::PlyCap, "ply-cap"),
    (Termination::NoBattleCap, "no-battle-cap"),
    (Termination::Resignation, "resigned"),
];

/// Line axes of the `run` field, by [`Run`]'s axis number.
const AXES: [&str; 4] = ["row", "col", "diag", "anti"];

/// The Gravon letter of a piece (upper case).
pub(crate) fn letter(owner: Player, rank: Rank) -> char {
    let base = if owner == Player::Red { b'B' } else { b'N' };
    (base + rank.gravon_offset()) as char
}

/// The piece of a Gravon letter (either case).
fn piece_of_letter(ch: u8) -> Option<(Player, Rank)> {
    match ch.to_ascii_uppercase() {
        c @ b'B'..=b'M' => Some((Player::Red, Rank::from_gravon_offset(c - b'B')?)),
        c @ b'N'..=b'Y' => Some((Player::Blue, Rank::from_gravon_offset(c - b'N')?)),
        _ => None,
    }
}

/// The short position text: letters, side to move, ply.
pub(crate) fn short_text(rules: &Rules, state: &State) -> String {
    masked_short_text(rules, state, 0)
}

/// The short text with the pieces on `hidden` written [`HIDDEN`] (a view's unknown enemies).
fn masked_short_text(rules: &Rules, state: &State, hidden: Bitboard) -> String {
    let mut s = String::with_capacity(rules.num_squares() + 8);
    for i in 0..rules.num_squares() {
        let c = state.cells[i];
        let ch = if has(rules.derived().lakes, i) {
            '_'
        } else if has(hidden, i) {
            HIDDEN as char
        } else if c == 0 {
            'A'
        } else {
            let ch = letter(cell_owner(c), cell_rank(c));
            if c & REVEALED != 0 {
                ch.to_ascii_lowercase()
            } else {
                ch
            }
        };
        s.push(ch);
    }
    s.push(' ');
    s.push(state.to_move.letter());
    s.push(' ');
    s.push_str(&state.ply.to_string());
    s
}

/// What the short form makes of the captured pieces: the army minus the board.
fn default_lost(rules: &Rules, state: &State) -> [[u8; Rank::COUNT]; 2] {
    let on_board = on_board(state);
    core::array::from_fn(|p| core::array::from_fn(|r| rules.army()[r].saturating_sub(on_board[p][r])))
}

fn on_board(state: &State) -> [[u8; Rank::COUNT]; 2] {
    let mut n = [[0u8; Rank::COUNT]; 2];
    for i in bits(state.occ[0] | state.occ[1]) {
        let c = state.cells[i];
        n[cell_owner(c).index()][cell_rank(c).index()] += 1;
    }
    n
}

fn square_name(rules: &Rules, i: usize) -> String {
    Square::from_index(i, rules.width()).to_string()
}

fn square_or_dash(rules: &Rules, i: u8) -> String {
    if (i as usize) < rules.num_squares() {
        square_name(rules, i as usize)
    } else {
        "-".into()
    }
}

/// The full position text of `state` (see the module docs).
pub(crate) fn full_text(rules: &Rules, state: &State) -> String {
    write_full(rules, state, None)
}

/// The full position text as `mask.viewer` knows it (see [`Mask`]): each enemy piece whose rank
/// the viewer does not know is written [`HIDDEN`], `lost` is always written (the board's letters
/// no longer tell which pieces are missing), and `army` is written when the enemy army is not
/// the rules' own.
pub(crate) fn view_text(rules: &Rules, state: &State, mask: &Mask) -> String {
    write_full(rules, state, Some(mask))
}

fn write_full(rules: &Rules, state: &State, mask: Option<&Mask>) -> String {
    let state = state.canonical(rules);
    let mut s = masked_short_text(rules, &state, mask.map_or(0, |m| m.hidden));
    let mut field = |name: &str, value: String| {
        s.push(' ');
        s.push_str(name);
        s.push('=');
        s.push_str(&value);
    };
    if state.quiet != 0 {
        field("quiet", state.quiet.to_string());
    }
    let pieces = || bits(state.occ[0] | state.occ[1]);
    let list = |flag: u8| -> Vec<String> {
        pieces().filter(|&i| state.cells[i] & flag != 0).map(|i| square_name(rules, i)).collect()
    };
    let (moved, slid) = (list(MOVED), list(SLID));
    if !moved.is_empty() {
        field("moved", moved.join(","));
    }
    if !slid.is_empty() {
        field("slid", slid.join(","));
    }
    let starts: Vec<String> = pieces()
        .filter(|&i| state.start[i] as usize != i)
        .map(|i| format!("{}:{}", square_name(rules, i), square_name(rules, state.start[i] as usize)))
        .collect();
    if !starts.is_empty() {
        field("start", starts.join(","));
    }
    // With a free army "the army minus the board" means nothing: always say what was lost.
    if mask.is_some() || rules.free_army() || state.captured != default_lost(rules, &state) {
        let mut lost = String::new();
        for p in Player::ALL {
            for r in Rank::ALL {
                for _ in 0..state.captured[p.index()][r.index()] {
                    lost.push(letter(p, r));
                }
            }
        }
        field("lost", if lost.is_empty() { "-".into() } else { lost });
    }
    if let Some(Mask { viewer, enemy_army: Some(army), .. }) = mask {
        let enemy = viewer.opponent();
        let letters: String =
            Rank::ALL.iter().flat_map(|&r| core::iter::repeat_n(letter(enemy, r), army[r.index()] as usize)).collect();
        field("army", letters);
    }
    for p in Player::ALL {
        let run = &state.runs[p.index()];
        if let Some((square, axis, counts)) = run.parts() {
            let counts: Vec<String> = counts.map(|(b, n)| format!("{b}:{n}")).collect();
            let value = format!("{}/{}/{}", square_name(rules, square as usize), AXES[axis as usize], counts.join(","));
            field(if p == Player::Red { "run.r" } else { "run.b" }, value);
        }
    }
    if rules.chase_rule() {
        for p in Player::ALL {
            let (length, from, to) = state.chase.last(p);
            if (length, from, to) != (0, crate::state::NO_SQUARE, crate::state::NO_SQUARE) {
                let value = format!("{length}/{}/{}", square_or_dash(rules, from), square_or_dash(rules, to));
                field(if p == Player::Red { "chase.r" } else { "chase.b" }, value);
            }
        }
        let moves: Vec<String> = state
            .chase
            .window_steps(state.ply)
            .map(|s| {
                let name = |i: u8| square_name(rules, i as usize);
                format!("{}-{}:{}", name(s.from), name(s.to), name(s.start))
            })
            .collect();
        if !moves.is_empty() {
            field("chase.moves", moves.join(","));
        }
    }
    if rules.rescues() != 0 {
        let used = state.rescue.used;
        if used != [0; 2] {
            field("rescues", format!("{}/{}", used[0], used[1]));
        }
        let done: Vec<String> = bits(state.rescuer_squares()).map(|i| square_name(rules, i)).collect();
        if !done.is_empty() {
            field("rescuers", done.join(","));
        }
        if state.rescue.pending {
            field("rescue", square_name(rules, state.rescue.by as usize));
        }
    }
    let over = match state.outcome {
        None => "-".to_string(),
        Some(o) => {
            let who = o.winner.map_or("draw", |w| if w == Player::Red { "red" } else { "blue" });
            let why = TERMINATIONS.iter().find(|(t, _)| *t == o.termination).map_or("?", |(_, n)| n);
            format!("{who}/{why}")
        }
    };
    field("over", over);
    s
}

/// A text being read, for errors that point at the part that is wrong.
struct Reader<'a> {
    text: &'a str,
}

impl Reader<'_> {
    fn error(&self, at: &str, reason: impl Into<String>) -> ParseError {
        // `at` is always a slice of `text`: its offset is the distance between the pointers.
        let position = (at.as_ptr() as usize).saturating_sub(self.text.as_ptr() as usize).min(self.text.len());
        ParseError::new("position", self.text, position, reason)
    }

    fn square(&self, rules: &Rules, s: &str) -> Result<usize, ParseError> {
        let sq: Square = s.parse().map_err(|_| self.error(s, format!("expected a square, found {s:?}")))?;
        if !rules.contains(sq) {
            return Err(self.error(s, format!("square {s} is off the board")));
        }
        Ok(sq.index(rules.width()))
    }

    fn square_or_dash(&self, rules: &Rules, s: &str) -> Result<u8, ParseError> {
        if s == "-" {
            Ok(crate::state::NO_SQUARE)
        } else {
            Ok(self.square(rules, s)? as u8)
        }
    }

    fn number<T: core::str::FromStr>(&self, s: &str, what: &str) -> Result<T, ParseError> {
        s.parse().map_err(|_| self.error(s, format!("{what} must be a number, found {s:?}")))
    }

    /// A comma-separated list (`-` or nothing for none).
    fn list<'t>(&self, s: &'t str) -> impl Iterator<Item = &'t str> {
        s.split(',').filter(|x| !x.is_empty() && *x != "-")
    }
}

/// The letter of a piece whose rank the reader of a view text does not know: always an enemy.
pub(crate) const HIDDEN: u8 = b'?';

/// What a player's view adds to a position text: whose view it is, the enemy pieces whose rank
/// that player does not know (on the state they carry a placeholder rank that nothing reads),
/// and the enemy army when it is not the rules' own (a position that had extra pieces).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Mask {
    pub viewer: Player,
    pub hidden: Bitboard,
    pub enemy_army: Option<[u8; Rank::COUNT]>,
}

/// A position text as read, before its armies are worked out.
struct Read {
    state: State,
    hidden: Bitboard,
    lost: Option<[[u8; Rank::COUNT]; 2]>,
    over: Option<Option<Outcome>>,
    army: Option<[u8; Rank::COUNT]>,
}

/// Read a view text (see [`view_text`]) of `viewer`: the state with `placeholder` on each
/// hidden square, and the mask. `lost` and `over` must be there; nothing is judged or inferred
/// (the caller checks the facts against each other).
pub(crate) fn parse_view(
    rules: &Rules,
    viewer: Player,
    placeholder: Rank,
    text: &str,
) -> Result<(State, Mask), ParseError> {
    let read = read(rules, text, Some((viewer.opponent(), placeholder)))?;
    let r = Reader { text };
    let (Some(lost), Some(over)) = (read.lost, read.over) else {
        return Err(r.error(text, "a view's text must have its lost and over fields"));
    };
    let mut state = read.state;
    state.captured = lost;
    state.outcome = over;
    Ok((state, Mask { viewer, hidden: read.hidden, enemy_army: read.army }))
}

/// Read a position text, short or full, into a state (judged, with the chase memory started)
/// and each army's composition.
pub(crate) fn parse(rules: &Rules, text: &str) -> Result<(State, [[u8; Rank::COUNT]; 2]), ParseError> {
    let Read { state, lost, over, .. } = read(rules, text, None)?;
    armies(rules, text, state, lost, over)
}

/// Read the letters and fields of a position text. With `unknown = Some((owner, placeholder))`
/// it is a view's text: [`HIDDEN`] stands for a piece of `owner` of unknown rank (placed as
/// `placeholder`), and an `army` field may give `owner`'s army.
fn read(rules: &Rules, text: &str, unknown: Option<(Player, Rank)>) -> Result<Read, ParseError> {
    let r = Reader { text };
    let mut parts = text.split_whitespace();
    let letters = parts.next().unwrap_or("");
    let n = rules.num_squares();
    if letters.len() != n || !letters.is_ascii() {
        return Err(ParseError::new("position", text, 0, format!("expected {n} square letters")));
    }
    let side = parts.next().ok_or_else(|| ParseError::new("position", text, text.len(), "missing side to move"))?;
    let to_move: Player = side.parse().map_err(|_| r.error(side, "side to move must be r or b"))?;
    let ply = match parts.next() {
        None => 0,
        Some(p) => p
            .parse()
            .ok()
            .filter(|&p| p <= MAX_START_PLY)
            .ok_or_else(|| r.error(p, format!("ply must be a number up to {MAX_START_PLY}")))?,
    };
    let mut state = State::empty();
    let mut hidden: Bitboard = 0;
    let d = rules.derived();
    for (i, ch) in letters.bytes().enumerate() {
        let lake = has(d.lakes, i);
        let at = &letters[i..];
        let (owner, rank) = match ch {
            b'_' if lake => continue,
            _ if lake => {
                return Err(r.error(at, format!("square {} is a lake: write `_`", Square::from_index(i, rules.width()))))
            }
            b'_' => return Err(r.error(at, "`_` on a square that is not a lake")),
            b'A' | b'a' => continue,
            HIDDEN if unknown.is_some() => {
                hidden |= bit(i);
                unknown.expect("checked by the guard")
            }
            _ => piece_of_letter(ch).ok_or_else(|| r.error(at, format!("unexpected letter {:?}", ch as char)))?,
        };
        let revealed = if ch.is_ascii_lowercase() { REVEALED } else { 0 };
        state.place(d, i, make_cell(owner, rank) | revealed);
    }
    state.to_move = to_move;
    state.ply = ply;

    let pieces = state.occ[0] | state.occ[1];
    let mut lost = None;
    let mut over = None;
    let mut army = None;
    let mut chase_parts: [(u16, u8, u8); 2] = [(0, crate::state::NO_SQUARE, crate::state::NO_SQUARE); 2];
    let mut steps: Vec<Step> = Vec::new();
    let mut rescuers: Vec<usize> = Vec::new();
    for part in parts {
        let (name, value) =
            part.split_once('=').ok_or_else(|| r.error(part, format!("expected name=value, found {part:?}")))?;
        let piece_square = |s: &str| -> Result<usize, ParseError> {
            let i = r.square(rules, s)?;
            if !has(pieces, i) {
                return Err(r.error(s, format!("no piece on {s}")));
            }
            Ok(i)
        };
        match name {
            "quiet" => state.quiet = r.number(value, "quiet")?,
            "moved" | "slid" => {
                let slid = name == "slid";
                let flag = if slid { SLID | MOVED } else { MOVED };
                for s in r.list(value) {
                    let i = piece_square(s)?;
                    state.cells[i] |= flag;
                    if has(hidden, i) {
                        continue; // an unknown rank: the view's reader checks the army can
                    }
                    // A view tells the opponent which pieces moved or slid, and worlds sampled
                    // from it give those pieces ranks that can: the flags must be possible.
                    let rank = cell_rank(state.cells[i]);
                    let m = rules.movement(rank);
                    let can = if slid { m.goes_far() } else { m.is_mobile() };
                    if !can {
                        return Err(r.error(s, format!("the {rank} on {s} cannot have {name}")));
                    }
                }
            }
            "start" => {
                for pair in r.list(value) {
                    let (at, from) =
                        pair.split_once(':').ok_or_else(|| r.error(pair, "expected square:start, e.g. e5:e4"))?;
                    let (at, from) = (piece_square(at)?, r.square(rules, from)?);
                    if has(d.lakes, from) {
                        return Err(r.error(pair, "a piece cannot start on a lake"));
                    }
                    state.start[at] = from as u8;
                }
            }
            "lost" => {
                let mut counts = [[0u8; Rank::COUNT]; 2];
                if value != "-" {
                    for (k, ch) in value.bytes().enumerate() {
                        let (p, rank) = piece_of_letter(ch)
                            .ok_or_else(|| r.error(&value[k..], format!("unexpected letter {:?}", ch as char)))?;
                        let c = &mut counts[p.index()][rank.index()];
                        *c = c.checked_add(1).ok_or_else(|| r.error(value, "too many lost pieces"))?;
                    }
                }
                lost = Some(counts);
            }
            "army" if unknown.is_some() => {
                let owner = unknown.map(|(p, _)| p);
                let mut counts = [0u8; Rank::COUNT];
                for (k, ch) in value.bytes().enumerate() {
                    let (p, rank) = piece_of_letter(ch).filter(|&(p, _)| Some(p) == owner).ok_or_else(|| {
                        r.error(&value[k..], format!("expected an enemy piece letter, found {:?}", ch as char))
                    })?;
                    let c = &mut counts[rank.index()];
                    *c = c.checked_add(1).ok_or_else(|| r.error(value, format!("too many {p} pieces")))?;
                }
                army = Some(counts);
            }
            "run.r" | "run.b" => {
                let p = if name == "run.r" { Player::Red } else { Player::Blue };
                let limit =
                    rules.two_square_limit().ok_or_else(|| r.error(part, "these rules have no two-squares rule"))?;
                let mut fields = value.split('/');
                let (Some(square), Some(axis), Some(counts), None) =
                    (fields.next(), fields.next(), fields.next(), fields.next())
                else {
                    return Err(r.error(value, "expected square/axis/border:count,..."));
                };
                let square = r.square(rules, square)?;
                let axis = AXES
                    .iter()
                    .position(|&a| a == axis)
                    .ok_or_else(|| r.error(axis, "axis must be row, col, diag or anti"))?;
                let line = if axis == 1 { rules.height() } else { rules.width() } as usize;
                let mut borders = [0u8; 16];
                for c in r.list(counts) {
                    let (b, k) = c.split_once(':').ok_or_else(|| r.error(c, "expected border:count"))?;
                    let b: usize = r.number(b, "a border")?;
                    if b + 1 >= line {
                        return Err(r.error(c, format!("border {b} is not inside a line of {line} squares")));
                    }
                    borders[b] = r.number(k, "a count")?;
                }
                state.runs[p.index()] = Run::from_parts(limit, square as u8, axis as u8, borders);
            }
            "chase.r" | "chase.b" => {
                if !rules.chase_rule() {
                    return Err(r.error(part, "these rules have no chase rule"));
                }
                let p = if name == "chase.r" { 0 } else { 1 };
                let mut fields = value.split('/');
                let (Some(length), Some(from), Some(to), None) =
                    (fields.next(), fields.next(), fields.next(), fields.next())
                else {
                    return Err(r.error(value, "expected length/from/to"));
                };
                chase_parts[p] =
                    (r.number(length, "a chase length")?, r.square_or_dash(rules, from)?, r.square_or_dash(rules, to)?);
            }
            "chase.moves" => {
                if !rules.chase_rule() {
                    return Err(r.error(part, "these rules have no chase rule"));
                }
                for m in r.list(value) {
                    let (mv, start) = m.split_once(':').ok_or_else(|| r.error(m, "expected from-to:start"))?;
                    let (from, to) = mv.split_once('-').ok_or_else(|| r.error(mv, "expected from-to"))?;
                    let (from, to, start) = (r.square(rules, from)?, r.square(rules, to)?, r.square(rules, start)?);
                    steps.push(Step { from: from as u8, to: to as u8, start: start as u8 });
                }
                if steps.len() >= crate::state::repetition::CHASE_MEMORY || steps.len() > ply as usize {
                    return Err(r.error(value, "more moves than the chase rule remembers, or than plies played"));
                }
            }
            "rescues" | "rescuers" | "rescue" if rules.rescues() == 0 => {
                return Err(r.error(part, "these rules have no rescues"));
            }
            "rescues" => {
                let (red, blue) = value.split_once('/').ok_or_else(|| r.error(value, "expected red/blue counts"))?;
                for (p, n) in [(0, red), (1, blue)] {
                    let n: u8 = r.number(n, "a rescue count")?;
                    if n > rules.rescues() {
                        return Err(
                            r.error(value, format!("more than the {} rescues the rules allow", rules.rescues()))
                        );
                    }
                    state.rescue.used[p] = n;
                }
            }
            "rescuers" => {
                let mut n = 0;
                for s in r.list(value) {
                    let i = piece_square(s)?;
                    n += 1;
                    if n > state.rescue.rescuers.len() {
                        return Err(r.error(value, "more rescuers than rescues the rules allow"));
                    }
                    // Read once the start squares are known (below).
                    rescuers.push(i);
                }
            }
            "rescue" => {
                let i = piece_square(value)?;
                if cell_owner(state.cells[i]) != to_move {
                    return Err(r.error(value, "the piece that triggers a rescue is the side to move's"));
                }
                state.rescue.pending = true;
                state.rescue.by = i as u8;
            }
            "over" => {
                over = Some(if value == "-" {
                    None
                } else {
                    let (who, why) =
                        value.split_once('/').ok_or_else(|| r.error(value, "expected winner/termination"))?;
                    let winner = match who {
                        "red" => Some(Player::Red),
                        "blue" => Some(Player::Blue),
                        "draw" => None,
                        _ => return Err(r.error(who, "the winner must be red, blue or draw")),
                    };
                    let termination = TERMINATIONS
                        .iter()
                        .find(|(_, n)| *n == why)
                        .map(|(t, _)| *t)
                        .ok_or_else(|| r.error(why, "unknown termination"))?;
                    Some(Outcome { winner, termination })
                });
            }
            _ => return Err(r.error(part, format!("unknown field {name:?}"))),
        }
    }
    // Two pieces cannot have started on the same square.
    let mut seen = 0u128;
    for i in bits(pieces) {
        let s = state.start[i] as usize;
        if has(seen, s) {
            return Err(r.error(text, format!("two pieces started on {}", square_name(rules, s))));
        }
        seen |= 1 << s;
    }
    for i in rescuers {
        state.rescue.remember(state.start[i]);
    }
    state.chase = Chase::from_parts(chase_parts, &steps, ply);
    Ok(Read { state, hidden, lost, over, army })
}

/// Each army's composition from the board and `lost`, checked against the rules, and the
/// outcome (as `over` gives it, else judged).
fn armies(
    rules: &Rules,
    text: &str,
    mut state: State,
    lost: Option<[[u8; Rank::COUNT]; 2]>,
    over: Option<Option<Outcome>>,
) -> Result<(State, [[u8; Rank::COUNT]; 2]), ParseError> {
    let r = Reader { text };
    let on_board = on_board(&state);
    let mut army = [[0u8; Rank::COUNT]; 2];
    for p in 0..2 {
        for k in 0..Rank::COUNT {
            let (on, rank, player) = (on_board[p][k], Rank::ALL[k], Player::ALL[p]);
            let short = rules.army()[k].max(on);
            let total = match lost {
                Some(lost) => on.checked_add(lost[p][k]).ok_or_else(|| r.error(text, "too many lost pieces"))?,
                None => short,
            };
            // A fixed army loses only what `lost` lists, so it must list every piece missing from
            // the board (else board plus captured would not be the army).
            if lost.is_some() && !rules.free_army() && total < rules.army()[k] {
                let why = format!("lost must list every {player} {rank} missing from the board");
                return Err(r.error(text, why));
            }
            (army[p][k], state.captured[p][k]) = match lost {
                Some(lost) if rules.free_army() => (total, lost[p][k]),
                Some(lost) => (short.max(total), lost[p][k]),
                None => (short, short - on),
            };
        }
    }
    state.outcome = match over {
        Some(None) if state.stuck_while_going_on(rules) => {
            return Err(r.error(text, "over=- but a side has no legal move"));
        }
        Some(o) => o,
        None => judge_loaded(rules, &state, &army),
    };
    Ok((state, army))
}

/// The outcome of a position read without an `over` field: a side whose army has a Flag but
/// none on the board has lost it; otherwise the game is over only if somebody cannot move.
fn judge_loaded(rules: &Rules, state: &State, army: &[[u8; Rank::COUNT]; 2]) -> Option<Outcome> {
    let flag = Rank::Flag.index();
    let flags = on_board(state).map(|n| n[flag]);
    let flagless: Vec<Player> =
        Player::ALL.into_iter().filter(|p| flags[p.index()] == 0 && army[p.index()][flag] > 0).collect();
    match flagless[..] {
        [loser] if flags[loser.opponent().index()] > 0 => {
            Some(Outcome { winner: Some(loser.opponent()), termination: Termination::FlagCaptured })
        }
        _ => state.judge_start(rules),
    }
}
