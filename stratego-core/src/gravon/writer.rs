//! Writes a record in the Gravon archive's layout.

use std::fmt::Write as _;

use crate::Player;

use super::coords::push_square;
use super::GameRecord;

/// Writes a record in the archive's layout (see the module documentation). For any record
/// returned by [`parse_xml`](super::parse_xml), `parse_xml(&to_xml(&r)) == Ok(r)`; for a Gravon file without
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
