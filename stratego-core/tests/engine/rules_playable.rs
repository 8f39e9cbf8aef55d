//! The rule sets that used to build and then could not be played are refused with a reason,
//! or now work: zones of both players, placement constraints against each other and the army,
//! one Flag, lakes of a resized board, free placement with a valid pair of setups.

use crate::common;

use common::*;
use stratego_core::{Edition, Game, Player, Rank, Rules, RulesError, Setup, Square};

fn refused(text: &str) -> RulesError {
    let err = text.parse::<Rules>().expect_err(text);
    err.source.clone().unwrap_or_else(|| panic!("{text}: a rule error, not a syntax error: {err}"))
}

#[test]
fn both_players_zones_are_checked() {
    // A 9-row board has no lakes unless they are named, so this plays now...
    let nine: Rules = "isf(height=9,setup_rows=4)".parse().unwrap();
    assert_eq!(nine.lakes().count(), 0);
    assert!(!Game::random(nine, 1).is_over());
    // ...and with the standard lakes named, they fall in Blue's rows 6-9: refused.
    let e = refused("isf(height=9,setup_rows=4,lakes=c5.d5.c6.d6.g5.h5.g6.h6)");
    assert_eq!(e, RulesError::ArmyTooLarge { pieces: 40, squares: 36, zone: "Blue's setup zone" });
    let e = refused("classic(lakes=a10)");
    assert_eq!(e, RulesError::ArmyTooLarge { pieces: 40, squares: 39, zone: "Blue's setup zone" });
    assert_eq!(e.to_string(), "40 pieces do not fit the 39 free squares of Blue's setup zone");
    // Free placement: both armies share the board's 92 free squares; 2 x 46 fit, 2 x 47 do not.
    assert!(Rules::builder().free_placement(true).army_count(Rank::Scout, 14).build().is_ok());
    let e = Rules::builder().free_placement(true).army_count(Rank::Scout, 15).build().unwrap_err();
    assert_eq!(e, RulesError::ArmyTooLarge { pieces: 94, squares: 92, zone: "the board (both armies place freely)" });
}

#[test]
fn inconsistent_placement_constraints_are_refused() {
    // A second Flag on the diagonal: the army has one.
    let e = refused("estrategia(constraints=flag_corner.diagonal:Flag)");
    assert_eq!(e, RulesError::ConstraintCount { rank: Rank::Flag, needed: 2, available: 1 });
    // Seven Bombs for a diagonal and the six around the Flag: the army has six.
    let e = refused("estrategia(constraints=flag_corner.diagonal:Bomb.around:Bomb)");
    assert_eq!(e, RulesError::ConstraintCount { rank: Rank::Bomb, needed: 7, available: 6 });
    assert_eq!(e.to_string(), "placement constraints place 7 Bomb pieces, the army has 6");
    // Two pieces on the Flag's diagonal neighbour (b2 for a Flag on a1).
    let e = refused("estrategia(constraints=flag_corner.diagonal:Marshal.diagonal:Spy)");
    assert_eq!(e, RulesError::ConstraintsOverlap(sq("b2")));
    let e = refused("estrategia(constraints=flag_corner.around:Bomb.around:Scout)");
    assert!(matches!(e, RulesError::ConstraintsOverlap(_)), "{e:?}");
    // The same constraint twice is one constraint.
    let twice: Rules = "estrategia(constraints=flag_corner.diagonal:Marshal.around:Bomb.around:Bomb)".parse().unwrap();
    assert_eq!(twice, Rules::edition(Edition::Estrategia));
    // With the army to match, a diagonal Bomb beside six around works.
    let seven: Rules = "estrategia(constraints=flag_corner.diagonal:Bomb.around:Bomb,army=Flag:1.Spy:1.Scout:8.Miner:5.Sergeant:4.Lieutenant:4.Captain:4.Major:3.Colonel:2.General:1.Marshal:0.Bomb:7)"
        .parse()
        .unwrap();
    for seed in 0..20 {
        let game = Game::random(seven.clone(), seed);
        let diagonal = if game.piece_at(sq("a1")).map(|p| p.rank) == Some(Rank::Flag) { "b2" } else { "i2" };
        assert_eq!(game.piece_at(sq(diagonal)).map(|p| p.rank), Some(Rank::Bomb), "seed {seed}");
    }
}

#[test]
fn constraints_of_both_players_do_not_collide_with_free_placement() {
    // On a 4-row board with free placement, Red's and Blue's squares around their Flags
    // (three rows deep) would overlap.
    let free_estrategia = |rows: u8| {
        Rules::edition(Edition::Estrategia)
            .to_builder()
            .board(10, 2 * rows)
            .setup_rows(rows)
            .free_placement(true)
            .army([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 6])
            .build()
    };
    let e = free_estrategia(2).unwrap_err();
    assert!(matches!(e, RulesError::ConstraintDoesNotFit(_)), "{e:?}");
    // Six rows leave room: a valid pair every time.
    let rules = free_estrategia(3).unwrap();
    for seed in 0..50 {
        let (red, blue) = Setup::random_pair(&rules, seed);
        assert!(Game::new(rules.clone(), red, blue).is_ok(), "seed {seed}");
    }
}

#[test]
fn an_army_has_exactly_one_flag() {
    assert_eq!(
        Rules::builder().army_count(Rank::Flag, 2).army_count(Rank::Scout, 7).build(),
        Err(RulesError::FlagCount { count: 2 })
    );
    assert_eq!(Rules::builder().army_count(Rank::Flag, 0).build(), Err(RulesError::FlagCount { count: 0 }));
    assert_eq!(refused("barrage(army=Flag:2.Marshal:1)"), RulesError::FlagCount { count: 2 });
    assert_eq!(RulesError::FlagCount { count: 2 }.to_string(), "the army must have exactly one Flag, found 2");
}

#[test]
fn a_resized_board_has_no_lakes_unless_named() {
    let army = [1, 1, 8, 5, 4, 3, 0, 0, 0, 1, 1, 0];
    let rules = Rules::builder().board(8, 8).setup_rows(3).army(army).build().unwrap();
    assert_eq!(rules.lakes().count(), 0, "the 10x10 lakes do not follow to an 8x8 board");
    // Named lakes stay, whichever call comes first.
    let lake = [Square::new(3, 3), Square::new(4, 4)];
    for rules in [
        Rules::builder().lakes(lake).board(8, 8).setup_rows(3).army(army).build().unwrap(),
        Rules::builder().board(8, 8).lakes(lake).setup_rows(3).army(army).build().unwrap(),
    ] {
        assert_eq!(rules.lakes().collect::<Vec<_>>(), lake);
    }
    // Back to 10x10: the standard lakes again.
    let back = Rules::builder().board(8, 8).board(10, 10).build().unwrap();
    assert_eq!(back, Rules::edition(Edition::Isf));
    // The text form agrees with the builder.
    let text: Rules = "isf(width=8,height=8,setup_rows=3,army=Flag:1.Spy:1.Scout:8.Miner:5.Sergeant:4.Lieutenant:3.General:1.Marshal:1)"
        .parse()
        .unwrap();
    assert_eq!(text, rules);
    assert_eq!(text.to_string().parse::<Rules>().unwrap(), text);
}

#[test]
fn every_edition_and_free_placement_give_a_valid_pair() {
    let mut all: Vec<Rules> = Edition::ALL.into_iter().map(Rules::edition).collect();
    all.push("isf(free_placement=on)".parse().unwrap());
    all.push("isf(free_placement=on,free_army=on)".parse().unwrap());
    all.push("barrage(free_placement=on)".parse().unwrap());
    for rules in all {
        for seed in 0..30 {
            let (red, blue) = Setup::random_pair(&rules, seed);
            assert_eq!((red.player(), blue.player()), (Player::Red, Player::Blue));
            let game = Game::new(rules.clone(), red.clone(), blue.clone()).unwrap_or_else(|e| panic!("{rules}: {e}"));
            assert_eq!(Game::random(rules.clone(), seed), game, "Game::random is the pair's game");
            assert_eq!(game.origin_setups(), Some((red, blue)));
        }
    }
    // Two independent free-placement setups usually collide: the reason for the pair.
    let free: Rules = "isf(free_placement=on)".parse().unwrap();
    let collide = (0..20).filter(|&seed| {
        Game::new(free.clone(), Setup::random(&free, Player::Red, seed), Setup::random(&free, Player::Blue, seed))
            .is_err()
    });
    assert!(collide.count() > 0);
}

#[test]
fn a_cap_of_zero_plies_is_refused() {
    let e = refused("isf(max_plies=0)");
    assert_eq!(e, RulesError::OutOfRange { setting: "max_plies", value: 0, min: 1, max: u32::MAX as u64 });
    assert_eq!(
        Rules::builder().max_quiet_plies(Some(0)).build().unwrap_err().to_string(),
        "max_quiet_plies must be 1..=4294967295, found 0"
    );
    // A cap of one ply ends the game after exactly one.
    let one: Rules = "isf(max_plies=1)".parse().unwrap();
    let mut game = Game::random(one, 1);
    let mv = game.legal_moves()[0];
    let report = game.play(mv).unwrap();
    assert_eq!(report.outcome.map(|o| o.termination), Some(stratego_core::Termination::PlyCap));
}

#[test]
fn an_army_that_cannot_move_is_refused() {
    let e = Rules::builder().army([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3]).build().unwrap_err();
    assert_eq!(e, RulesError::NoMobilePiece);
    // Made mobile by a movement rule, the same army plays.
    let rules = Rules::builder()
        .army([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3])
        .movement(Rank::Bomb, stratego_core::Movement::STEP)
        .build()
        .unwrap();
    assert!(!Game::random(rules, 1).is_over());
    assert_eq!(refused("isf(movement=Scout:none/none,army=Flag:1.Scout:3)"), RulesError::NoMobilePiece);
}

#[test]
fn a_rule_error_points_at_a_setting_that_caused_it() {
    // The army did not change, the zone did: the text points at `setup_rows`.
    let text = "isf(chase=off,setup_rows=3)";
    let e = text.parse::<Rules>().unwrap_err();
    assert!(matches!(e.source, Some(RulesError::ArmyTooLarge { pieces: 40, squares: 30, .. })), "{e}");
    assert_eq!(&text[e.position..], "setup_rows=3)");
}
