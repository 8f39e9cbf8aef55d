//! How games end: Flag captured, no legal move (immobile army, or only moves barred by the
//! two-squares rule, decided right after the player's own move as on Gravon), both stuck, the
//! ply and quiet-ply caps, and resignation.

mod common;

use common::*;
use stratego_core::{Edition, Game, IllegalReason, Outcome, Player, Rank, Rules, Termination};

fn ended(g: &Game, winner: Option<Player>, termination: Termination) {
    assert_eq!(g.outcome(), Some(Outcome { winner, termination }), "{}", g.position());
    assert!(g.is_over());
    assert!(g.legal_moves().is_empty());
    assert_eq!(g.legal_move_count(), 0);
    for p in Player::ALL {
        assert_eq!(g.view(p).outcome(), g.outcome());
        assert!(g.view(p).legal_moves().is_empty());
    }
}

#[test]
fn capturing_the_flag_wins() {
    for side in Player::ALL {
        let rules = Rules::edition(Edition::Isf);
        let mut g = game(
            &rules,
            &[
                ("e4", red(Rank::Scout)),
                ("e8", blue(Rank::Flag)),
                ("e1", red(Rank::Flag)),
                ("e3", blue(Rank::Sergeant)),
                ("a1", red(Rank::Miner)),
                ("j10", blue(Rank::Miner)),
            ],
            side,
        );
        let m = if side == Player::Red { "e4-e8" } else { "e3-e2" };
        if side == Player::Blue {
            play_all(&mut g, &[m]);
            let r = g.play(mv("e4-e3")).unwrap();
            assert_eq!(r.outcome, None);
            play_all(&mut g, &["e2-e1"]);
            ended(&g, Some(Player::Blue), Termination::FlagCaptured);
        } else {
            let r = g.play(mv(m)).unwrap();
            assert_eq!(r.outcome, Some(Outcome { winner: Some(Player::Red), termination: Termination::FlagCaptured }));
            ended(&g, Some(Player::Red), Termination::FlagCaptured);
        }
    }
}

#[test]
fn an_immobile_army_loses_at_once() {
    // Loaded with Red to move and only a Flag and a Bomb.
    let rules = Rules::edition(Edition::Isf);
    let g = game(
        &rules,
        &[("a1", red(Rank::Flag)), ("b1", red(Rank::Bomb)), ("j10", blue(Rank::Sergeant)), ("j9", blue(Rank::Flag))],
        Player::Red,
    );
    ended(&g, Some(Player::Blue), Termination::NoLegalMove);
    // The same with Blue to move: Red, who cannot move, has lost already.
    let g = game(
        &rules,
        &[("a1", red(Rank::Flag)), ("b1", red(Rank::Bomb)), ("j10", blue(Rank::Sergeant)), ("j9", blue(Rank::Flag))],
        Player::Blue,
    );
    ended(&g, Some(Player::Blue), Termination::NoLegalMove);
    // In every edition.
    for e in Edition::ALL {
        let g = game_of(
            e,
            &[
                ("a1", red(Rank::Flag)),
                ("b1", red(Rank::Bomb)),
                ("j10", blue(Rank::Sergeant)),
                ("j9", blue(Rank::Flag)),
            ],
        );
        ended(&g, Some(Player::Blue), Termination::NoLegalMove);
    }
}

#[test]
fn losing_the_last_mobile_piece_on_ones_own_move_loses() {
    let rules = Rules::edition(Edition::Classic);
    let mut g = game(
        &rules,
        &[
            ("e4", red(Rank::Scout)),
            ("a1", red(Rank::Flag)),
            ("e5", blue(Rank::Bomb)),
            ("j10", blue(Rank::Sergeant)),
            ("j9", blue(Rank::Flag)),
        ],
        Player::Red,
    );
    let r = g.play(mv("e4-e5")).unwrap();
    assert_eq!(r.outcome, Some(Outcome { winner: Some(Player::Blue), termination: Termination::NoLegalMove }));
    ended(&g, Some(Player::Blue), Termination::NoLegalMove);
}

#[test]
fn losing_the_last_mobile_piece_to_an_attack_loses() {
    let rules = Rules::edition(Edition::Isf);
    let mut g = game(
        &rules,
        &[("e4", red(Rank::Scout)), ("a1", red(Rank::Flag)), ("e5", blue(Rank::Marshal)), ("j9", blue(Rank::Flag))],
        Player::Blue,
    );
    play_all(&mut g, &["e5-e4"]);
    ended(&g, Some(Player::Blue), Termination::NoLegalMove);
}

/// Red's only mobile piece shuttles a1/a2 in a pocket of its own Bombs; Blue walks elsewhere.
fn pocket(rules: &Rules) -> Game {
    game(
        rules,
        &[
            ("a1", red(Rank::Sergeant)),
            ("b1", red(Rank::Bomb)),
            ("b2", red(Rank::Bomb)),
            ("a3", red(Rank::Bomb)),
            ("c1", red(Rank::Flag)),
            ("j10", blue(Rank::Sergeant)),
            ("a10", blue(Rank::Flag)),
        ],
        Player::Red,
    )
}

#[test]
fn only_moves_barred_by_the_two_squares_rule_lose_right_after_ones_own_move() {
    let mut g = pocket(&Rules::edition(Edition::Isf));
    play_all(&mut g, &["a1-a2", "j10-j9", "a2-a1", "j9-i9"]);
    assert_eq!(g.outcome(), None);
    let r = g.play(mv("a1-a2")).unwrap();
    // Red's only move now (a2-a1) would be the fourth: Red has lost, before Blue moves.
    assert_eq!(r.outcome, Some(Outcome { winner: Some(Player::Blue), termination: Termination::NoLegalMove }));
    ended(&g, Some(Player::Blue), Termination::NoLegalMove);
    assert_eq!(g.check(mv("a2-a1")).unwrap_err().reason, IllegalReason::GameOver);

    // Jumbo: the same after the fifth move.
    let mut g = pocket(&Rules::edition(Edition::Jumbo));
    play_all(&mut g, &["a1-a2", "j10-j9", "a2-a1", "j9-i9", "a1-a2", "i9-i8", "a2-a1"]);
    assert_eq!(g.outcome(), None);
    play_all(&mut g, &["i8-i7", "a1-a2"]);
    ended(&g, Some(Player::Blue), Termination::NoLegalMove);

    // Classic: no limit, the game goes on.
    let mut g = pocket(&Rules::edition(Edition::Classic));
    for _ in 0..10 {
        play_all(&mut g, &["a1-a2", "j10-j9", "a2-a1", "j9-j10"]);
    }
    assert_eq!(g.outcome(), None);
}

#[test]
fn both_stuck_is_a_draw() {
    // At load.
    let g = game_of(Edition::Isf, &[("a1", red(Rank::Flag)), ("b1", red(Rank::Bomb)), ("j10", blue(Rank::Flag))]);
    ended(&g, None, Termination::BothStuck);
    // After the last two mobile pieces remove each other.
    let mut g = game_of(
        Edition::Isf,
        &[("e4", red(Rank::Miner)), ("a1", red(Rank::Flag)), ("e5", blue(Rank::Miner)), ("j10", blue(Rank::Flag))],
    );
    let r = g.play(mv("e4-e5")).unwrap();
    assert_eq!(r.outcome, Some(Outcome { winner: None, termination: Termination::BothStuck }));
    ended(&g, None, Termination::BothStuck);
}

#[test]
fn the_ply_cap_ends_in_a_draw() {
    let rules: Rules = "classic(max_plies=4)".parse().unwrap();
    assert_eq!(rules.max_plies(), Some(4));
    let mut g = game(&rules, &[("a1", red(Rank::Sergeant)), ("j10", blue(Rank::Sergeant))], Player::Red);
    play_all(&mut g, &["a1-a2", "j10-j9", "a2-a3"]);
    assert_eq!(g.outcome(), None);
    let r = g.play(mv("j9-j8")).unwrap();
    assert_eq!(r.outcome, Some(Outcome { winner: None, termination: Termination::PlyCap }));
    ended(&g, None, Termination::PlyCap);
    assert_eq!(g.ply(), 4);
    // Counted from the loaded ply.
    let text = position(&rules, &[("a1", red(Rank::Sergeant)), ("j10", blue(Rank::Sergeant))], Player::Red)
        .replace(" 0", " 3");
    let mut g = Game::from_position(rules, &text).unwrap();
    play_all(&mut g, &["a1-a2"]);
    ended(&g, None, Termination::PlyCap);
}

#[test]
fn the_quiet_cap_counts_plies_since_the_last_battle() {
    let rules = Rules::builder().max_quiet_plies(Some(3)).build().unwrap();
    let mut g = game(
        &rules,
        &[
            ("e4", red(Rank::Sergeant)),
            ("a1", red(Rank::Sergeant)),
            ("e6", blue(Rank::Scout)),
            ("j10", blue(Rank::Sergeant)),
        ],
        Player::Red,
    );
    play_all(&mut g, &["e4-e5"]);
    assert_eq!(g.quiet_plies(), 1);
    play_all(&mut g, &["e6-e5"]);
    assert_eq!(g.quiet_plies(), 0, "a battle resets the count");
    play_all(&mut g, &["a1-a2", "j10-j9"]);
    assert_eq!(g.outcome(), None);
    let r = g.play(mv("a2-a3")).unwrap();
    assert_eq!(r.outcome, Some(Outcome { winner: None, termination: Termination::NoBattleCap }));
    ended(&g, None, Termination::NoBattleCap);
}

#[test]
fn no_caps_by_default() {
    for e in Edition::ALL {
        let r = Rules::edition(e);
        assert_eq!((r.max_plies(), r.max_quiet_plies()), (None, None), "{e}");
    }
}

#[test]
fn resignation() {
    let rules = Rules::edition(Edition::Isf);
    let mut g = new_game(&rules, 5);
    let first = g.legal_moves()[0];
    g.play(first).unwrap();
    let o = g.resign(Player::Blue);
    assert_eq!(o, Outcome { winner: Some(Player::Red), termination: Termination::Resignation });
    ended(&g, Some(Player::Red), Termination::Resignation);
    let before = g.clone();
    // Resigning again, or the winner resigning, changes nothing.
    assert_eq!(g.resign(Player::Red), o);
    assert_eq!(g, before);
    let err = g.play(before.legal_moves().first().copied().unwrap_or(mv("a4-a5"))).unwrap_err();
    assert_eq!(err.reason, IllegalReason::GameOver);
    // The record keeps the resignation.
    let rec = g.record();
    assert_eq!(rec.resigned, Some(Player::Blue));
    assert_eq!(Game::from_record(&rec).unwrap(), g);
    // A player may resign out of turn, at the start too.
    let mut g = new_game(&rules, 6);
    assert_eq!(g.resign(Player::Red).winner, Some(Player::Blue));
}

#[test]
fn estrategia_trapped_flag_loses() {
    // Estrategia: win when the opponent has no legal move. Red's Scout steps diagonally only and
    // all four diagonals hold its own Bombs; orthogonal squares do not help it.
    let boxed = [
        ("a1", red(Rank::Flag)),
        ("c3", red(Rank::Scout)),
        ("b4", red(Rank::Bomb)),
        ("d4", red(Rank::Bomb)),
        ("d2", red(Rank::Bomb)),
        ("b2", red(Rank::Bomb)),
        ("j10", blue(Rank::Sergeant)),
        ("a10", blue(Rank::Flag)),
    ];
    let g = game_of(Edition::Estrategia, &boxed);
    ended(&g, Some(Player::Blue), Termination::NoLegalMove);
    // The same position in a standard edition: the Scout slides orthogonally and plays on.
    let rules = Rules::edition(Edition::Estrategia)
        .to_builder()
        .movement(Rank::Scout, stratego_core::Movement::SLIDE)
        .build()
        .unwrap();
    let g = game(&rules, &boxed, Player::Red);
    assert_eq!(g.outcome(), None);
}

/// A full text that says the game goes on while a side cannot move is refused: the engine judges
/// a side's mobility only where a move could have changed it, so such a game would never end.
#[test]
fn a_game_going_on_must_let_both_sides_move() {
    let rules = Rules::edition(Edition::Isf);
    // Blue holds only Bombs and the Flag.
    let mut pieces = vec![("a1", red(Rank::Flag)), ("b1", red(Rank::Scout)), ("j10", blue(Rank::Flag))];
    pieces.extend(["a10", "b10", "c10", "d10", "e10", "f10"].map(|s| (s, blue(Rank::Bomb))));
    let short = position(&rules, &pieces, Player::Red);
    let err = Game::from_position(rules.clone(), &format!("{short} over=-")).unwrap_err();
    assert!(err.reason.contains("no legal move"), "{err}");
    // Read as the short form, the same board is judged: Blue cannot move, so Red has won.
    let game = Game::from_position(rules, &short).expect("the short form");
    assert_eq!(game.outcome().and_then(|o| o.winner), Some(Player::Red));
}

/// Under the no-return rule, a move onto the start square a slider passed over can leave the
/// opponent without a move although it took nothing: the game must end there.
#[test]
fn entering_a_sliders_start_square_can_leave_it_without_a_move() {
    let rules: Rules = "isf(no_return=on)".parse().expect("rules");
    // Blue: a Scout on j10 that came from j9, its Flag on i10. Red: Flag a1, Sergeant j8.
    let pieces =
        [("a1", red(Rank::Flag)), ("j8", red(Rank::Sergeant)), ("j10", blue(Rank::Scout)), ("i10", blue(Rank::Flag))];
    let text = format!("{} moved=j10 start=j10:j9 over=-", position(&rules, &pieces, Player::Red));
    let mut game = Game::from_position(rules, &text).expect("both sides can move");
    assert!(game.view(Player::Blue).legal_moves().is_empty(), "Blue moves only after Red");
    let report = game.play(mv("j8-j9")).expect("legal");
    // The Scout may neither enter its start square nor pass the Sergeant on it.
    assert_eq!(report.outcome.map(|o| o.winner), Some(Some(Player::Red)), "{}", game.position_full());
    assert!(game.is_over());
}
