//! Collection statistics over the eight hand-picked Gravon records of the shared data, against
//! counts read off the files by hand (skipped, visibly, when the data folder is absent).

use crate::data_dir;

use stratego_core::arena::{CollectionStats, Lengths};
use stratego_core::gravon;

#[test]
fn the_example_records_give_the_hand_counted_table() {
    let Some(dir) = data_dir::data_dir() else { return };
    let mut paths: Vec<_> = std::fs::read_dir(dir.join("gravon/examples"))
        .expect("the examples folder")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "xml"))
        .collect();
    paths.sort();
    let records: Vec<_> = paths
        .iter()
        .map(|p| {
            gravon::parse_xml(&std::fs::read_to_string(p).unwrap()).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
        })
        .collect();
    assert_eq!(records.len(), 8);
    let stats = CollectionStats::of_gravon(&records);
    // (group, games, red wins, blue wins, draws, median plies, max plies)
    let expected = [
        ("barrage", 2, 0, 1, 1, 27.0, 34),
        ("classic", 3, 0, 3, 0, 23.0, 375),
        ("classicfree", 1, 0, 1, 0, 5.0, 5),
        ("duell", 1, 0, 1, 0, 32.0, 32),
        ("ultimate lightning", 1, 0, 1, 0, 52.0, 52),
    ];
    assert_eq!(stats.groups.len(), expected.len());
    for (name, games, red, blue, draws, median, max) in expected {
        let g = &stats.groups[name];
        assert_eq!((g.games, g.red_wins, g.blue_wins, g.draws, g.unfinished), (games, red, blue, draws, 0), "{name}");
        let l = g.lengths();
        assert_eq!((l.median, l.max), (median, max), "{name}");
    }
    assert_eq!(stats.groups["barrage"].red_score(), Some(0.25));
    let all = stats.total();
    let kinds: Vec<(&str, u32)> = all.terminations.iter().map(|(k, n)| (k.as_str(), *n)).collect();
    assert_eq!(kinds, [("both-stuck", 1), ("flag", 4), ("no-move", 3)]);
    // Lengths 5 20 20 23 32 34 52 375.
    assert_eq!(all.lengths(), Lengths { games: 8, min: 5, max: 375, mean: 561.0 / 8.0, median: 27.5 });
}
