//! Every closed set of the core has, in the committed C header, one constant per member with
//! the member's name and value, and a `_COUNT` constant: the C spelling cannot drift.

use std::collections::BTreeMap;

/// The C prefix of each core set (C shortens two of them: `STRATEGO_ILLEGAL_`, `STRATEGO_SQUARE_`).
fn c_prefix(set: &str) -> &'static str {
    match set {
        "Player" => "STRATEGO_PLAYER_",
        "Rank" => "STRATEGO_RANK_",
        "Numbering" => "STRATEGO_NUMBERING_",
        "Edition" => "STRATEGO_EDITION_",
        "Termination" => "STRATEGO_TERMINATION_",
        "Battle" => "STRATEGO_BATTLE_",
        "IllegalReason" => "STRATEGO_ILLEGAL_",
        "SetupProblemKind" => "STRATEGO_SETUP_PROBLEM_",
        "SquareKind" => "STRATEGO_SQUARE_",
        other => panic!("no C prefix for the core set {other}: add it here and to the header"),
    }
}

/// `#define NAME value` lines of the header.
fn header_defines() -> BTreeMap<String, u64> {
    let header = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../include/stratego.h"))
        .expect("include/stratego.h is committed");
    header
        .lines()
        .filter_map(|l| {
            let mut words = l.strip_prefix("#define ")?.split_whitespace();
            Some((words.next()?.to_string(), words.next()?.parse().ok()?))
        })
        .collect()
}

#[test]
fn every_core_member_has_its_c_constant() {
    let defines = header_defines();
    for (set, members) in stratego_core::closed_enum_table() {
        let prefix = c_prefix(set);
        for (name, value) in &members {
            let c_name = format!("{prefix}{name}");
            assert_eq!(defines.get(&c_name), Some(&u64::from(*value)), "{set}::{name} in C is {c_name} = {value}");
        }
        assert_eq!(defines.get(&format!("{prefix}COUNT")), Some(&(members.len() as u64)), "{prefix}COUNT");
        // Beyond the members, C has only the count and its "no value" sentinels.
        let extra: Vec<&String> = defines
            .keys()
            .filter(|k| k.starts_with(prefix) && !["_COUNT", "_NONE", "_UNKNOWN"].iter().any(|s| k.ends_with(s)))
            .filter(|k| !members.iter().any(|(n, _)| **k == format!("{prefix}{n}")))
            .collect();
        assert!(extra.is_empty(), "{set}: C constants with no core member: {extra:?}");
    }
}
