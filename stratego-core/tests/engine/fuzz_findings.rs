//! Inputs the fuzzers found, each pinned with the error it must now get (the corpus replay in
//! `fuzz_corpus.rs` only shows that they no longer break an invariant).

use stratego_core::{Edition, Game, Player, Rules};

/// An Isf board with the Red Flag on a1, a Red Scout on b1, Blue Bombs on a10..f10, a Blue Scout
/// on j9 and the Blue Flag on j10, then `fields` after the side to move and ply.
fn isf_position(fields: &str) -> String {
    let mut letters = vec![b'A'; 100];
    for i in [42, 43, 46, 47, 52, 53, 56, 57] {
        letters[i] = b'_';
    }
    letters[0] = b'M';
    letters[1] = b'D';
    letters[90..96].fill(b'N');
    letters[89] = b'P';
    letters[99] = b'Y';
    format!("{} r 0 {fields}", String::from_utf8(letters).expect("ASCII"))
}

/// Bombs marked as moved made sampled worlds give the Blue army six Flags.
#[test]
fn immovable_pieces_cannot_have_moved() {
    let rules = Rules::edition(Edition::Isf);
    let err = Game::from_position(rules.clone(), &isf_position("moved=a10 over=-")).unwrap_err();
    assert!(err.reason.contains("the Bomb on a10 cannot have moved"), "{err}");
    let err = Game::from_position(rules.clone(), &isf_position("slid=b1,a10 over=-")).unwrap_err();
    assert!(err.reason.contains("the Bomb on a10 cannot have slid"), "{err}");
    // A Scout may have moved and slid.
    let game = Game::from_position(rules, &isf_position("slid=b1 over=-")).expect("a Scout slides");
    assert!(game.piece_at("b1".parse().expect("square")).expect("the Scout").moved);
}

/// A `lost` field that left out pieces missing from the board made them vanish (board plus
/// captured no longer the army).
#[test]
fn lost_must_account_for_every_missing_piece() {
    let rules = Rules::edition(Edition::Isf);
    let err = Game::from_position(rules.clone(), &isf_position("lost=D over=-")).unwrap_err();
    assert!(err.reason.contains("lost must list every"), "{err}");
    // Listing them all reads, and the army is conserved.
    let short = Game::from_position(rules.clone(), &isf_position("")).expect("the short form");
    let full = short.position_full();
    let game = Game::from_position(rules, &full).expect("the full form");
    for p in Player::ALL {
        assert_eq!(game.captured(p), short.captured(p));
    }
}
