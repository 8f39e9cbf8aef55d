//! Movement: one-square steps, lakes, immobile pieces, Scout slides (blocked by pieces and
//! lakes, striking at the end of a long move, `slide_attacks=off`), the Estrategia diagonal Scout
//! and the no-return rule. Each refusal is checked for its typed reason.

use crate::common;

use std::collections::BTreeSet;

use common::*;
use stratego_core::{Edition, Game, IllegalReason, Move, Player, Rank, Rules};

fn moves_from(g: &Game, from: &str) -> BTreeSet<String> {
    g.legal_moves().into_iter().filter(|m| m.from == sq(from)).map(|m| m.to.to_string()).collect()
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

fn reason(g: &Game, m: &str) -> IllegalReason {
    match g.check(mv(m)) {
        Ok(()) => panic!("{m} should be illegal"),
        Err(e) => {
            assert_eq!(e.mv, mv(m));
            e.reason
        }
    }
}

#[test]
fn a_piece_steps_one_square_orthogonally() {
    let g = game_of(Edition::Isf, &pieces("Red Sergeant e3, Blue Sergeant j10"));
    assert_eq!(moves_from(&g, "e3"), set(&["e2", "e4", "d3", "f3"]));
    assert_eq!(reason(&g, "e3-e5"), IllegalReason::Unreachable);
    assert_eq!(reason(&g, "e3-f4"), IllegalReason::Unreachable);
    assert_eq!(reason(&g, "e3-g3"), IllegalReason::Unreachable);
    // Corner: two moves.
    let g = game_of(Edition::Isf, &pieces("Red Marshal a1, Blue Sergeant j10"));
    assert_eq!(moves_from(&g, "a1"), set(&["a2", "b1"]));
    assert_eq!(g.legal_move_count(), 2);
}

#[test]
fn pieces_step_onto_enemies_but_not_own_pieces_or_lakes() {
    let g = game_of(Edition::Isf, &pieces("Red Captain c4, Red Bomb b4, Blue Miner d4, Blue Sergeant j10"));
    assert_eq!(moves_from(&g, "c4"), set(&["c3", "d4"]));
    assert_eq!(reason(&g, "c4-c5"), IllegalReason::Lake);
    assert_eq!(reason(&g, "c4-b4"), IllegalReason::OwnPiece);
    assert_eq!(reason(&g, "b4-b5"), IllegalReason::Immovable);
    assert_eq!(reason(&g, "a1-a2"), IllegalReason::NoPiece);
    assert_eq!(reason(&g, "d4-d3"), IllegalReason::NotYourPiece);
}

#[test]
fn bombs_and_flags_never_move() {
    for e in [Edition::Classic, Edition::Isf, Edition::Barrage, Edition::Duel, Edition::Estrategia] {
        let g = game_of(e, &pieces("Red Bomb e2, Red Flag f2, Red Miner a1, Blue Sergeant j10, Blue Flag a10"));
        assert!(moves_from(&g, "e2").is_empty() && moves_from(&g, "f2").is_empty(), "{e}");
        assert_eq!(reason(&g, "e2-e3"), IllegalReason::Immovable, "{e}");
        assert_eq!(reason(&g, "f2-f3"), IllegalReason::Immovable, "{e}");
    }
}

#[test]
fn lakes_are_the_standard_eight_and_estrategia_has_none() {
    let lakes: Vec<String> = Rules::edition(Edition::Isf).lakes().map(|s| s.to_string()).collect();
    assert_eq!(lakes, ["c5", "d5", "g5", "h5", "c6", "d6", "g6", "h6"]);
    for e in [Edition::Classic, Edition::Jumbo, Edition::Barrage, Edition::Duel] {
        assert_eq!(Rules::edition(e).lakes().count(), 8, "{e}");
    }
    assert_eq!(Rules::edition(Edition::Estrategia).lakes().count(), 0);
    // On the Estrategia board c5 is an ordinary square.
    let g = game_of(Edition::Estrategia, &pieces("Red Captain c4, Blue Sergeant j10"));
    assert!(g.is_legal(mv("c4-c5")));
}

#[test]
fn scout_slides_over_empty_squares_until_blocked() {
    let g = game_of(Edition::Isf, &pieces("Red Scout a1, Red Sergeant a4, Blue Miner e1, Blue Sergeant j10"));
    // Up to a3 (own piece on a4), right to d1 and the strike on e1.
    assert_eq!(moves_from(&g, "a1"), set(&["a2", "a3", "b1", "c1", "d1", "e1"]));
    assert_eq!(reason(&g, "a1-a5"), IllegalReason::Blocked);
    assert_eq!(reason(&g, "a1-a4"), IllegalReason::OwnPiece);
    assert_eq!(reason(&g, "a1-f1"), IllegalReason::Blocked, "no jumping over an enemy either");
    assert_eq!(reason(&g, "a1-b2"), IllegalReason::Unreachable, "no diagonal slide");
}

#[test]
fn scout_slides_stop_at_lakes() {
    let g = game_of(Edition::Isf, &pieces("Red Scout c4, Red Scout b5, Blue Sergeant j10"));
    assert_eq!(moves_from(&g, "c4"), set(&["a4", "b4", "d4", "e4", "f4", "g4", "h4", "i4", "j4", "c3", "c2", "c1"]));
    assert_eq!(reason(&g, "c4-c5"), IllegalReason::Lake);
    assert_eq!(reason(&g, "c4-c7"), IllegalReason::Lake, "crossing a lake");
    assert_eq!(reason(&g, "b5-e5"), IllegalReason::Lake);
    assert_eq!(moves_from(&g, "b5"), set(&["a5", "b1", "b2", "b3", "b4", "b6", "b7", "b8", "b9", "b10"]));
    // Between the lakes, e5 and f5 form the only passage: a slide along row 5 from e5 reaches f5 only.
    let g = game_of(Edition::Isf, &pieces("Red Scout e5, Blue Sergeant j10"));
    assert_eq!(moves_from(&g, "e5"), set(&["f5", "e1", "e2", "e3", "e4", "e6", "e7", "e8", "e9", "e10"]));
}

#[test]
fn scout_strikes_at_the_end_of_a_long_move() {
    let mut g = game_of(Edition::Isf, &pieces("Red Scout a1, Blue Miner a7, Blue Sergeant j10"));
    let g0 = g.clone();
    assert!(g.is_legal(mv("a1-a7")));
    let r = g.play(mv("a1-a7")).unwrap();
    let b = r.battle.expect("a strike");
    assert_eq!((b.attacker, b.defender), (Rank::Scout, Rank::Miner));
    assert_eq!(lost(&g0, &g, Player::Red), vec![Rank::Scout]);
    assert!(g.piece_at(sq("a1")).is_none());
    assert_eq!(g.piece_at(sq("a7")).unwrap().owner, Player::Blue);
}

#[test]
fn slide_attacks_off_forbids_the_long_strike_only() {
    let rules = Rules::builder().slide_attacks(false).build().unwrap();
    assert!(!rules.slide_attacks());
    let g =
        game(&rules, &pieces("Red Scout a1, Blue Miner a7, Red Scout b1, Blue Spy b2, Blue Sergeant j10"), Player::Red);
    assert_eq!(reason(&g, "a1-a7"), IllegalReason::SlideAttack);
    assert!(g.is_legal(mv("a1-a6")), "a long move onto an empty square");
    assert!(g.is_legal(mv("b1-b2")), "a one-square attack");
    assert_eq!(moves_from(&g, "a1"), set(&["a2", "a3", "a4", "a5", "a6"]));
    // With strikes on (the default), the same long attack is legal.
    let g = game_of(Edition::Isf, &pieces("Red Scout a1, Blue Miner a7, Blue Sergeant j10"));
    assert!(g.is_legal(mv("a1-a7")));
    for e in [Edition::Classic, Edition::Jumbo, Edition::Isf, Edition::Barrage, Edition::Duel] {
        assert!(Rules::edition(e).slide_attacks(), "{e}");
    }
}

#[test]
fn a_slid_scout_is_known_to_slide() {
    let mut g = game_of(Edition::Isf, &pieces("Red Scout a1, Blue Sergeant j10"));
    play_all(&mut g, &["a1-a4"]);
    match g.view(Player::Blue).square(sq("a4")) {
        stratego_core::SquareView::Enemy(e) => assert!(e.moved && e.slid && e.rank.is_none()),
        other => panic!("{other:?}"),
    }
}

#[test]
fn estrategia_scout_steps_and_strikes_diagonally_only() {
    let g = game_of(Edition::Estrategia, &pieces("Red Scout e4, Blue Bomb d5, Red Sergeant f3, Blue Sergeant j10"));
    assert_eq!(moves_from(&g, "e4"), set(&["d3", "d5", "f5"]));
    assert_eq!(reason(&g, "e4-e5"), IllegalReason::Unreachable);
    assert_eq!(reason(&g, "e4-e6"), IllegalReason::Unreachable);
    assert_eq!(reason(&g, "e4-g6"), IllegalReason::Unreachable, "one diagonal step only");
    assert_eq!(reason(&g, "e4-f3"), IllegalReason::OwnPiece);
    // The other pieces step orthogonally only.
    assert_eq!(moves_from(&g, "f3"), set(&["f2", "f4", "g3", "e3"]));
    assert_eq!(reason(&g, "f3-g4"), IllegalReason::Unreachable);
    // The diagonal strike on the Bomb wins (Estrategia table).
    let mut g = g;
    let r = g.play(mv("e4-d5")).unwrap();
    assert_eq!(r.battle.unwrap().result, stratego_core::Battle::AttackerWins);
}

#[test]
fn no_return_bars_the_start_square_for_good() {
    let mut g =
        game_of(Edition::Estrategia, &pieces("Red Sergeant e4, Red Sergeant a1, Blue Sergeant j10, Blue Sergeant a10"));
    play_all(&mut g, &["e4-e5", "j10-j9"]);
    assert_eq!(reason(&g, "e5-e4"), IllegalReason::NoReturn);
    assert!(!g.legal_moves().contains(&mv("e5-e4")));
    // A detour does not help: the square stays barred to that piece.
    play_all(&mut g, &["e5-f5", "j9-j8", "f5-f4", "j8-j7"]);
    assert_eq!(reason(&g, "f4-e4"), IllegalReason::NoReturn);
    // Another piece may enter it.
    play_all(&mut g, &["f4-f3", "j7-j6", "a1-a2", "j6-j5", "a2-a3", "j5-j4", "a3-a4", "j4-j3"]);
    play_all(&mut g, &["a4-b4", "j3-i3", "b4-c4", "i3-i4", "c4-d4", "a10-b10"]);
    assert!(g.is_legal(mv("d4-e4")), "{:?}", g.check(mv("d4-e4")));
}

#[test]
fn no_return_is_an_estrategia_rule_and_a_builder_switch() {
    assert!(Rules::edition(Edition::Estrategia).no_return());
    for e in [Edition::Classic, Edition::Jumbo, Edition::Isf, Edition::Barrage, Edition::Duel] {
        assert!(!Rules::edition(e).no_return(), "{e}");
    }
    // Off: Classic lets the piece go back.
    let mut g = game_of(Edition::Classic, &pieces("Red Sergeant e4, Blue Sergeant j10"));
    play_all(&mut g, &["e4-e5", "j10-j9", "e5-e4"]);
    // On, by the builder, in a standard edition (Scout slides back onto its start square too).
    let rules = Rules::edition(Edition::Classic).to_builder().no_return(true).build().unwrap();
    let mut g = game(&rules, &pieces("Red Sergeant e4, Red Scout a1, Blue Sergeant j10"), Player::Red);
    play_all(&mut g, &["e4-e5", "j10-j9"]);
    assert_eq!(reason(&g, "e5-e4"), IllegalReason::NoReturn);
    play_all(&mut g, &["a1-a3", "j9-j8"]);
    assert_eq!(reason(&g, "a3-a1"), IllegalReason::NoReturn);
    assert!(g.is_legal(mv("a3-a2")));
    // Estrategia with the rule switched off by the builder.
    let rules = Rules::edition(Edition::Estrategia).to_builder().no_return(false).build().unwrap();
    let mut g = game(&rules, &pieces("Red Sergeant e4, Blue Sergeant j10"), Player::Red);
    play_all(&mut g, &["e4-e5", "j10-j9", "e5-e4"]);
}

#[test]
fn legal_moves_of_a_small_position_are_exactly_these() {
    let g = game_of(
        Edition::Isf,
        &pieces("Red Flag a1, Red Bomb b1, Red Bomb a2, Red Miner b2, Red Scout e4, Blue Marshal e6, Blue Flag j10"),
    );
    let got: BTreeSet<Move> = g.legal_moves().into_iter().collect();
    let want: BTreeSet<Move> = [
        "b2-b3", "b2-c2", "e4-e5", "e4-e6", "e4-e3", "e4-e2", "e4-e1", "e4-d4", "e4-c4", "e4-b4", "e4-a4", "e4-f4",
        "e4-g4", "e4-h4", "e4-i4", "e4-j4",
    ]
    .into_iter()
    .map(mv)
    .collect();
    assert_eq!(got, want);
    assert_eq!(g.legal_move_count(), want.len());
    assert_eq!(naive_legal_moves(&g), want);
}
