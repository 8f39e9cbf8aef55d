//! The Gravon XML target: parse, write back, replay.

use stratego_core::gravon::{parse_xml, replay, to_xml};

use super::invariants::check_game;

/// A record that parses writes back to XML that parses to the same record (the exporter's
/// documented promise); replaying it either fails with a typed error or gives a sound game.
/// The last byte picks the year the replay assumes (it sets the two-squares limit).
pub fn gravon_xml(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(record) = parse_xml(text) else { return };
    let written = to_xml(&record);
    match parse_xml(&written) {
        Ok(again) => assert_eq!(again, record, "to_xml then parse_xml changed the record"),
        Err(e) => panic!("to_xml wrote XML that does not parse ({e}):\n{written}"),
    }
    let year = match data.last().copied().unwrap_or(0) % 3 {
        0 => None,
        1 => Some(2005),
        _ => Some(2014),
    };
    if let Ok(game) = replay(&record, year) {
        // Rescue decisions (recorded inside a move, or a decline the replay infers) are
        // history entries of their own.
        let moves = game.history().iter().filter(|r| !r.mv.is_decision()).count();
        assert_eq!(moves, record.moves.len());
        check_game(&game);
    }
}
