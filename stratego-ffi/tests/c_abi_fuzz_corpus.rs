//! Replays the regression corpus of the `c_abi` fuzz target (`stratego-ffi/fuzz`): every file
//! under `tests/fuzz_corpus/c_abi/` is an input that once broke a promise of the header, or a
//! seed worth keeping, run through the same body the fuzzer runs, so the corpus guards even
//! where cargo fuzz cannot build.

mod c_abi_fuzz_body;

use std::path::Path;

#[test]
fn c_abi_corpus_replays_cleanly() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz_corpus/c_abi");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    files.sort();
    assert!(files.len() >= 8, "only {} corpus inputs in {}", files.len(), dir.display());
    for path in &files {
        let data = std::fs::read(path).expect("a corpus file");
        println!("replaying {}", path.display());
        c_abi_fuzz_body::c_abi(&data);
    }
    println!("replayed {} corpus inputs", files.len());
}

/// Seeded pseudo-random call sequences in every edition, so the body runs on long inputs even
/// without the fuzzer (and a change that breaks a promise fails here first).
#[test]
fn seeded_call_sequences_keep_the_header_promises() {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    for round in 0..48u8 {
        let mut data = vec![round % 6];
        for _ in 0..600 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            data.push(state as u8);
        }
        c_abi_fuzz_body::c_abi(&data);
    }
}

/// Found by the `c_abi` fuzz target: `stratego_game_undo` on a game resigned before any move
/// took the resignation back but returned `STRATEGO_RESULT_NOTHING_TO_UNDO`, documented as
/// "nothing changes". It now succeeds.
#[test]
fn undo_of_a_resignation_before_any_move() {
    use std::ptr::null_mut;
    use stratego::stratego_result::*;
    use stratego::*;
    unsafe {
        let (mut rules, mut game) = (null_mut(), null_mut());
        assert_eq!(stratego_rules_edition(STRATEGO_EDITION_ISF, &mut rules), STRATEGO_RESULT_OK);
        assert_eq!(stratego_game_random(rules, 3, &mut game), STRATEGO_RESULT_OK);
        assert_eq!(stratego_game_resign(game, STRATEGO_PLAYER_RED), STRATEGO_RESULT_OK);
        let r = stratego_game_undo(game);
        let mut outcome = stratego_outcome { is_over: false, winner: 0, termination: 0 };
        assert_eq!(stratego_game_outcome(game, &mut outcome), STRATEGO_RESULT_OK);
        assert!(
            r == STRATEGO_RESULT_OK || outcome.is_over,
            "undo returned {r:?} but the resignation is gone (outcome {})",
            outcome.is_over
        );
        stratego_game_free(game);
        stratego_rules_free(rules);
    }
}
