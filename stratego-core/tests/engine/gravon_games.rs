//! Real games as the oracle: every recorded Gravon game of a supported type replays move for
//! move and ends as recorded; records and positions round-trip through their text forms.
//! Skips, saying why, when the data folder is absent.

use crate::data_dir;

#[path = "../../../examples/support/gravon_files.rs"]
mod gravon_files;

use std::collections::BTreeMap;
use std::sync::OnceLock;

use stratego_core::gravon::{self, GameRecord, GameType};
use stratego_core::{Game, Termination};

/// Every record in the data's Gravon archives, with its file name: read once for all the
/// tests here (each file is parsed and round-tripped through the writer on the way).
fn records() -> Option<&'static [(String, GameRecord)]> {
    static RECORDS: OnceLock<Option<Vec<(String, GameRecord)>>> = OnceLock::new();
    RECORDS.get_or_init(read_records).as_deref()
}

fn read_records() -> Option<Vec<(String, GameRecord)>> {
    let dir = data_dir::data_dir()?.join("gravon");
    let mut out = Vec::new();
    gravon_files::for_each_record(&dir, &mut |name, xml| {
        let record = gravon::parse_xml(xml).unwrap_or_else(|e| panic!("{name}: {e}"));
        // XML export -> parse round-trips.
        assert_eq!(gravon::parse_xml(&gravon::to_xml(&record)).as_ref(), Ok(&record), "{name}");
        out.push((name.to_owned(), record));
    })
    .expect("the archives read");
    Some(out)
}

#[test]
fn every_supported_game_replays_and_ends_as_recorded() {
    let Some(records) = records() else { return };
    let mut by_type: BTreeMap<String, usize> = BTreeMap::new();
    let mut failures = Vec::new();
    let mut positions_checked = 0;
    // Every file of the archives parsed (and wrote back to an equal record).
    assert!(records.len() >= 9_595, "only {} records read", records.len());
    for (name, record) in records {
        let year = gravon::year_from_file_name(name);
        match gravon::replay(record, year) {
            Ok(game) => {
                *by_type.entry(record.game_type.to_string()).or_default() += 1;
                // Position strings round-trip on positions from real games.
                let position = game.position();
                let reloaded = Game::from_position(game.rules().clone(), &position).expect("own position string");
                assert_eq!(reloaded.position(), position, "{name}");
                positions_checked += 1;
            }
            Err(e) => failures.push(format!("{name}: {e}")),
        }
    }
    eprintln!("replayed by type: {by_type:?}; {positions_checked} final positions round-tripped");
    assert!(failures.is_empty(), "{} games failed:\n{}", failures.len(), failures.join("\n"));
    // The shared data holds 8,550 classic, 961 barrage, 30 classicfree, 10 duell and 44
    // ultimate lightning games; a smaller count means games were silently dropped.
    let total: usize = by_type.values().sum();
    assert!(total >= 9_500, "only {total} games replayed");
    for t in ["classic", "barrage", "classicfree", "duell", "ultimate lightning"] {
        assert!(by_type.get(t).copied().unwrap_or(0) > 0, "no {t} game replayed");
    }
}

#[test]
fn two_square_losses_end_as_recorded() {
    let Some(text) = data_dir::read("fixtures/gravon_two_square_losses.json") else {
        return;
    };
    let cases: serde_json::Value = serde_json::from_str(&text).expect("json");
    let Some(records) = records() else { return };
    let mut checked = 0;
    for case in cases.as_array().expect("list") {
        let file = case["archive_file"].as_str().expect("file");
        let base = file.rsplit('/').next().expect("name");
        let (name, record) =
            records.iter().find(|(n, _)| n.ends_with(base)).unwrap_or_else(|| panic!("{file} missing"));
        let game = gravon::replay(record, gravon::year_from_file_name(name)).unwrap_or_else(|e| panic!("{file}: {e}"));
        let outcome = game.outcome().expect("the game is over");
        assert_eq!(outcome.termination, Termination::NoLegalMove, "{file}");
        let winner = case["result"]["winner"].as_str().expect("winner");
        assert_eq!(outcome.winner.map(|w| w.index() + 1).map(|w| w.to_string()).as_deref(), Some(winner), "{file}");
        // The loser moved last. Without the two-squares rule the same moves leave them a move,
        // and those moves are exactly the ones the record's note lists.
        let loser = outcome.winner.expect("a winner").opponent();
        let rule_off = game.rules().to_builder().two_square(None).build().expect("rules");
        let (red, blue) = game.origin_setups().expect("a game from setups");
        let mut free = Game::new(rule_off.clone(), red, blue).expect("same setups");
        for r in game.history() {
            free.play(r.mv).expect("legal without the rule too");
        }
        assert_ne!(free.outcome().map(|o| o.termination), Some(Termination::NoLegalMove), "{file}");
        let board = game.position();
        let letters = board.split(' ').next().expect("letters");
        let as_loser = Game::from_position(rule_off, &format!("{letters} {} 0", loser.letter())).expect("position");
        let mut listed: Vec<String> = as_loser
            .legal_moves()
            .iter()
            .map(|m| format!("{}-{}", gravon::format_square(m.from), gravon::format_square(m.to)))
            .collect();
        listed.sort();
        let mut raw: Vec<String> = case["last_movers_raw_moves_(ignoring_two_square)"]
            .as_array()
            .expect("moves")
            .iter()
            .map(|m| m.as_str().expect("text").to_owned())
            .collect();
        raw.sort();
        assert_eq!(listed, raw, "{file}");
        checked += 1;
    }
    assert_eq!(checked, 3);
}

/// Ultimate Lightning: every game replays with its rescues (each recorded `<rescue>` is a rescue
/// decision of the mover, with the recorded square and rank) and ends as recorded; exporting the
/// engine's game writes the same moves and rescues, and that XML replays to the same game.
#[test]
fn ultimate_lightning_games_replay_with_their_rescues_and_round_trip() {
    let Some(records) = records() else { return };
    let (mut games, mut rescues) = (0, 0);
    for (name, record) in records.iter().filter(|(_, r)| r.game_type == GameType::UltimateLightning) {
        let year = gravon::year_from_file_name(name);
        let game = gravon::replay(record, year).unwrap_or_else(|e| panic!("{name}: {e}"));
        games += 1;
        let recorded: Vec<_> = record.moves.iter().filter_map(|m| m.rescue).collect();
        let played: Vec<_> = game.history().iter().filter_map(|r| r.mv.rescued().map(|x| (r.player, x))).collect();
        assert_eq!(recorded.len(), played.len(), "{name}");
        for (rescue, (_, (rank, square))) in recorded.iter().zip(&played) {
            assert_eq!(*square, rescue.square, "{name}");
            assert_eq!(rank.gravon_offset(), (rescue.piece - 1) % 12, "{name}");
        }
        rescues += played.len();
        // Export, parse, replay: the same moves, rescues and end.
        let exported = gravon::from_game(&game, [&record.players[0], &record.players[1]]).expect("a Gravon game");
        let pairs = |r: &GameRecord| -> Vec<_> {
            r.moves.iter().map(|m| (m.from, m.to, m.rescue.map(|x| (x.square, (x.piece - 1) % 12)))).collect()
        };
        assert_eq!(pairs(&exported), pairs(record), "{name}");
        let xml = gravon::to_xml(&exported);
        let back = gravon::replay(&gravon::parse_xml(&xml).expect("own XML parses"), year).expect("own XML replays");
        assert_eq!(back.history(), game.history(), "{name}");
        assert_eq!(back.outcome(), game.outcome(), "{name}");
        // The views carry each rescue to both players as public, and no decline: the opponent
        // cannot tell a decline from no chance to rescue.
        for r in game.history().iter().filter(|r| r.mv.is_decision()) {
            let seen = game.view(r.player.opponent()).history().iter().any(|m| m.mv == r.mv);
            assert_eq!(seen, r.mv.rescued().is_some(), "{name}: {}", r.mv);
        }
    }
    eprintln!("{games} ultimate lightning games replayed, {rescues} rescues");
    assert!(games >= 43, "only {games} ultimate lightning games");
    assert!(rescues > 0, "no rescue replayed");
}
