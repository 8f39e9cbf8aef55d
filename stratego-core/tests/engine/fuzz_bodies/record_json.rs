//! The record JSON target: `serde_json` into a `Record`, then `Game::from_record`.

use stratego_core::{Game, Record};

use super::invariants::check_game;

/// A record that replays gives a sound game whose own record replays to an equal game and
/// survives JSON both ways.
pub fn record_json(data: &[u8]) {
    let Ok(record) = serde_json::from_slice::<Record>(data) else { return };
    let Ok(game) = Game::from_record(&record) else { return };
    assert_eq!(game.history().len(), record.moves.len());
    check_game(&game);
    let own = game.record();
    let again = Game::from_record(&own).unwrap_or_else(|e| panic!("the record of a replayed game fails: {e}"));
    assert!(again == game, "a game's own record replays to another game");
    let json = serde_json::to_string(&own).expect("a record serializes");
    let back: Record = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{json} does not read back: {e}"));
    assert_eq!(back, own);
}
