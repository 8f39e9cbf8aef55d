//! What the heuristic agent promises, position by position: it takes known-winning battles,
//! avoids known-losing ones, probes unknown pieces with its cheap pieces, and guards its Flag.

use crate::common;

use common::{game, mv, pieces, play_all};
use stratego_core::agents::{Agent, HeuristicAgent};
use stratego_core::{Edition, Player, Rules};

/// The move the agent plays under several seeds (the seed only breaks near-ties).
fn choices(game: &stratego_core::Game) -> Vec<String> {
    let view = game.view(game.to_move());
    (0..8).map(|seed| HeuristicAgent::new(seed).choose(&view).expect("a move").to_string()).collect()
}

#[test]
fn takes_a_known_winning_battle() {
    let rules = Rules::edition(Edition::Isf);
    let g = game(&rules, &pieces("Red Flag a1, Red Colonel e4, Blue revealed Major e5, Blue Flag j10"), Player::Red);
    assert!(choices(&g).iter().all(|m| m == "e4-e5"), "{:?}", choices(&g));
}

#[test]
fn avoids_a_known_losing_battle_and_steps_out_of_reach() {
    let rules = Rules::edition(Edition::Isf);
    // A Red Captain on e4 below a revealed Blue Marshal on e5 (which moves): attacking loses it,
    // staying lets the Marshal take it.
    let g = game(&rules, &pieces("Red Flag a1, Red Captain e4, Blue revealed Marshal e5, Blue Flag j10"), Player::Red);
    for m in choices(&g) {
        assert_ne!(m, "e4-e5", "attacks a known stronger piece");
        let to = mv(&m).to;
        let next_to_marshal = to.col().abs_diff(4) + to.row().abs_diff(4) == 1;
        assert!(!next_to_marshal, "{m} stays in the Marshal's reach");
    }
}

#[test]
fn probes_an_unknown_piece_with_a_cheap_piece_not_a_valuable_one() {
    let rules = Rules::edition(Edition::Isf);
    // An unknown Blue piece on e5, next to a Red General (e4) and a Red Scout (f5).
    let g = game(
        &rules,
        &pieces("Red Flag a1, Red General e4, Red Scout f5, Blue Bomb e5, Blue Sergeant j9, Blue Flag j10"),
        Player::Red,
    );
    let ranked = HeuristicAgent::ranked_moves(&g.view(Player::Red));
    let score = |m: &str| ranked.iter().find(|(x, _)| *x == mv(m)).map(|&(_, s)| s).expect("a legal move");
    assert!(score("f5-e5") > score("e4-e5"), "the Scout probes, not the General: {ranked:?}");
    assert!(choices(&g).iter().all(|m| m != "e4-e5"));
}

#[test]
fn guards_the_flag_against_an_intruder() {
    let rules = Rules::edition(Edition::Isf);
    // A Blue piece walks to b2, next to the Red Flag on a1; a Red Captain stands on c2.
    let mut g = game(
        &rules,
        &pieces("Red Flag a1, Red Captain c2, Red Scout h4, Blue Sergeant b3, Blue Flag j10"),
        Player::Blue,
    );
    play_all(&mut g, &["b3-b2"]);
    assert!(choices(&g).iter().all(|m| m == "c2-b2"), "{:?}", choices(&g));
}

#[test]
fn keeps_a_guard_home_rather_than_losing_it_to_a_known_intruder() {
    let rules = Rules::edition(Edition::Isf);
    // A revealed Blue Captain on b2, next to the Red Flag on a1; the Red Lieutenant on a2 guards
    // the Flag but loses to the Captain: attacking it would open a2 and stop nothing.
    let g = game(
        &rules,
        &pieces("Red Flag a1, Red Bomb b1, Red Lieutenant a2, Red Major f2, Blue revealed Captain b2, Blue Flag j10"),
        Player::Red,
    );
    let picks = choices(&g);
    assert!(picks.iter().all(|m| m != "a2-b2"), "attacks a known stronger intruder: {picks:?}");
}
