//! Repetition rules: the two-squares rule with each edition's limit (none / 5 / 3), its reset by
//! another own piece (and not by the opponent), the Scout border reading, and the more-squares
//! (chase) rule with its straight-back exception.

use crate::common;

use common::*;
use stratego_core::{Edition, Game, IllegalReason, Player, Rank, Rules};

fn reason(g: &Game, m: &str) -> Option<IllegalReason> {
    g.check(mv(m)).err().map(|e| e.reason)
}

#[test]
fn limits_per_edition() {
    let want = [
        (Edition::Classic, None, false),
        (Edition::Jumbo, Some(5), false),
        (Edition::Isf, Some(3), true),
        (Edition::Barrage, Some(3), true),
        (Edition::Duel, Some(3), true),
        (Edition::Estrategia, None, false),
    ];
    for (e, limit, chase) in want {
        let r = Rules::edition(e);
        assert_eq!((r.two_square_limit(), r.chase_rule()), (limit, chase), "{e}");
    }
}

/// Red's runner on e2 with a spare Sergeant on a1; Blue walks a Sergeant down the j file (never
/// between the same two squares twice) and has a Marshal on a5 next to a Red Scout on a4.
fn runner(rules: &Rules) -> Game {
    game(
        rules,
        &pieces("Red Sergeant e2, Red Sergeant a1, Red Scout a4, Blue Marshal a5, Blue Sergeant j10"),
        Player::Red,
    )
}

/// Shuttle Red's runner e2/e3 `n` times, Blue walking j10 down in between.
fn shuttle(g: &mut Game, n: usize) {
    let blue = ["j10-j9", "j9-j8", "j8-j7", "j7-j6", "j6-j5", "j5-j4", "j4-j3", "j3-j2"];
    for (k, walk) in blue.iter().enumerate().take(n) {
        let m = if k % 2 == 0 { "e2-e3" } else { "e3-e2" };
        play_all(g, &[m, walk]);
    }
}

#[test]
fn isf_bars_the_fourth_move_between_two_squares() {
    let mut g = runner(&Rules::edition(Edition::Isf));
    shuttle(&mut g, 3);
    assert_eq!(reason(&g, "e3-e2"), Some(IllegalReason::TwoSquareRule));
    assert!(!g.legal_moves().contains(&mv("e3-e2")));
    assert!(!g.view(Player::Red).legal_moves().contains(&mv("e3-e2")));
    // Other moves of the same piece stay legal.
    assert!(g.is_legal(mv("e3-e4")) && g.is_legal(mv("e3-d3")) && g.is_legal(mv("e3-f3")));
    // A move of another own piece resets the count.
    play_all(&mut g, &["a1-b1", "j7-j6"]);
    assert!(g.is_legal(mv("e3-e2")));
    play_all(&mut g, &["e3-e2"]);
}

#[test]
fn the_opponent_does_not_reset_the_count_even_by_attacking() {
    let mut g = runner(&Rules::edition(Edition::Isf));
    // Blue's Marshal takes Red's Scout in the middle of Red's run.
    play_all(&mut g, &["e2-e3", "a5-a4", "e3-e2", "j10-j9", "e2-e3", "j9-j8"]);
    assert!(g.history()[1].battle.is_some());
    assert_eq!(reason(&g, "e3-e2"), Some(IllegalReason::TwoSquareRule));
}

#[test]
fn the_runner_s_own_attack_counts_as_a_move() {
    let rules = Rules::edition(Edition::Isf);
    let mut g = game(&rules, &pieces("Red Sergeant e2, Red Sergeant a1, Blue Spy f4, Blue Sergeant j10"), Player::Red);
    // Blue's Spy steps into e3 and the runner takes it there: still the third e2/e3 move.
    play_all(&mut g, &["e2-e3", "f4-f3", "e3-e2", "f3-e3", "e2-e3"]);
    assert!(g.history()[4].battle.is_some());
    play_all(&mut g, &["j10-j9"]);
    assert_eq!(reason(&g, "e3-e2"), Some(IllegalReason::TwoSquareRule));
}

#[test]
fn jumbo_bars_the_sixth_move() {
    let mut g = runner(&Rules::edition(Edition::Jumbo));
    shuttle(&mut g, 5);
    assert_eq!(reason(&g, "e3-e2"), Some(IllegalReason::TwoSquareRule));
    play_all(&mut g, &["a1-a2", "j5-j4", "e3-e2"]);
    // The old ISF limit written as text behaves the same.
    let mut g = runner(&"isf(two_square=5)".parse().unwrap());
    shuttle(&mut g, 4);
    assert_eq!(reason(&g, "e2-e3"), None);
    shuttle_one_more_then_check(&mut g);
}

fn shuttle_one_more_then_check(g: &mut Game) {
    play_all(g, &["e2-e3", "j6-j5"]);
    assert_eq!(reason(g, "e3-e2"), Some(IllegalReason::TwoSquareRule));
}

#[test]
fn classic_has_no_limit() {
    let mut g = runner(&Rules::edition(Edition::Classic));
    shuttle(&mut g, 8);
    for _ in 0..10 {
        play_all(&mut g, &["e2-e3", "a5-a6", "e3-e2", "a6-a5"]);
    }
}

#[test]
fn blue_is_held_to_the_same_limit() {
    let mut g = game_of(Edition::Isf, &pieces("Red Sergeant a1, Blue Sergeant e9, Blue Sergeant j10"));
    play_all(&mut g, &["a1-a2", "e9-e8", "a2-a3", "e8-e9", "a3-a4", "e9-e8", "a4-a5"]);
    assert_eq!(reason(&g, "e8-e9"), Some(IllegalReason::TwoSquareRule));
    play_all(&mut g, &["j10-j9", "a5-a6", "e8-e9"]);
}

#[test]
fn scout_counts_crossings_of_the_same_border() {
    let mut g = game_of(Edition::Isf, &pieces("Red Scout a3, Red Sergeant j1, Blue Sergeant j10"));
    play_all(&mut g, &["a3-a6", "j10-j9", "a6-a4", "j9-j8", "a4-a6", "j8-j7"]);
    for barred in ["a6-a5", "a6-a4", "a6-a3", "a6-a2", "a6-a1"] {
        assert_eq!(reason(&g, barred), Some(IllegalReason::TwoSquareRule), "{barred}");
    }
    for allowed in ["a6-a7", "a6-a8", "a6-a10", "a6-b6"] {
        assert_eq!(reason(&g, allowed), None, "{allowed}");
    }
    play_all(&mut g, &["a6-a7"]);
}

/// Blue's Captain runs round the 2x2 block e2 f2 f3 e3; Red's Major follows it one step behind.
fn chase_loop(rules: &Rules) -> Game {
    let mut g = game(rules, &pieces("Red Major e2, Blue Captain f2"), Player::Blue);
    play_all(&mut g, &["f2-f3", "e2-f2", "f3-e3", "f2-f3", "e3-e2", "f3-e3", "e2-f2", "e3-e2", "f2-f3"]);
    g
}

#[test]
fn chase_rule_bars_recreating_a_position_of_the_chase() {
    let g = chase_loop(&Rules::edition(Edition::Isf));
    // Red on e2, Blue on f3: e2-f2 would recreate the position after Red's first chasing move.
    assert_eq!((g.piece_at(sq("e2")).unwrap().owner, g.piece_at(sq("f3")).unwrap().owner), (Player::Red, Player::Blue));
    assert_eq!(reason(&g, "e2-f2"), Some(IllegalReason::ChaseRule));
    let legal: Vec<String> = g.legal_moves().iter().map(|m| m.to_string()).collect();
    assert!(!legal.contains(&"e2-f2".to_string()), "{legal:?}");
    // Other chasing moves (a position not seen in this chase) and moves away stay legal.
    assert_eq!(reason(&g, "e2-e3"), None);
    assert_eq!(reason(&g, "e2-e1"), None);
    assert_eq!(reason(&g, "e2-d2"), None);
    assert_eq!(g.legal_move_count(), 3);
}

#[test]
fn chase_rule_off_allows_the_repeat() {
    for rules in [
        Rules::builder().chase(false).build().unwrap(),
        Rules::edition(Edition::Classic),
        Rules::edition(Edition::Jumbo),
    ] {
        let g = chase_loop(&rules);
        assert_eq!(reason(&g, "e2-f2"), None, "{rules}");
    }
}

#[test]
fn chase_rule_allows_moving_straight_back() {
    // Red's Major steps next to Blue's Captain, which shuttles e3/f3; the Major shuttles e2/f2.
    let mut g = game_of(Edition::Isf, &pieces("Red Major e1, Blue Captain e3"));
    play_all(&mut g, &["e1-e2", "e3-f3", "e2-f2", "f3-e3"]);
    // f2-e2 recreates the position after Red's first chasing move (Major e2, Captain e3), but it is
    // straight back to the square the Major came from.
    assert_eq!(reason(&g, "f2-e2"), None);
    play_all(&mut g, &["f2-e2"]);
}

#[test]
fn the_evader_is_never_barred_by_the_chase_rule() {
    let mut g = chase_loop(&Rules::edition(Edition::Isf));
    play_all(&mut g, &["e2-e3"]);
    // Blue on f3 next to Red on e3: every Blue move is legal.
    for m in ["f3-f2", "f3-f4", "f3-g3"] {
        assert_eq!(reason(&g, m), None, "{m}");
    }
}

#[test]
fn two_squares_rule_on_a_diagonal_line() {
    use stratego_core::{Movement, Reach};
    let rules = Rules::builder()
        .lakes([])
        .movement(Rank::Scout, Movement { orthogonal: Reach::None, diagonal: Reach::Slide })
        .chase(false)
        .build()
        .unwrap();
    // The diagonal, then the anti-diagonal the same way: (pieces, moves, barred, allowed).
    let lines = [
        (
            "Red Scout c1, Red Sergeant j1, Blue Sergeant j10",
            ["c1-f4", "j10-j9", "f4-d2", "j9-j8", "d2-f4", "j8-j7"],
            ["f4-e3", "f4-d2", "f4-c1"],
            ["f4-g5", "f4-j8", "f4-e5", "f4-g3"],
        ),
        (
            "Red Scout h1, Red Sergeant a1, Blue Sergeant j10",
            ["h1-e4", "j10-j9", "e4-g2", "j9-j8", "g2-e4", "j8-j7"],
            ["e4-f3", "e4-g2", "e4-h1"],
            ["e4-d5", "e4-a8", "e4-d3", "e4-f5"],
        ),
    ];
    for (spec, moves, barred, allowed) in lines {
        let mut g = game(&rules, &pieces(spec), Player::Red);
        play_all(&mut g, &moves);
        for m in barred {
            assert_eq!(reason(&g, m), Some(IllegalReason::TwoSquareRule), "{m}");
        }
        for m in allowed {
            assert_eq!(reason(&g, m), None, "{m}");
        }
    }
}

#[test]
fn two_squares_rule_on_a_wide_board() {
    // A 16-column board: the Scout's borders run up to o|p.
    let rules = Rules::edition(Edition::Isf).to_builder().board(16, 8).setup_rows(3).lakes([]).build().unwrap();
    let mut g = game(&rules, &pieces("Red Scout a1, Red Sergeant a2, Blue Sergeant p8"), Player::Red);
    play_all(&mut g, &["a1-p1", "p8-p7", "p1-b1", "p7-p6", "b1-p1", "p6-p5"]);
    for barred in ["p1-o1", "p1-b1", "p1-a1"] {
        assert_eq!(reason(&g, barred), Some(IllegalReason::TwoSquareRule), "{barred}");
    }
    assert_eq!(reason(&g, "p1-p2"), None);
}
