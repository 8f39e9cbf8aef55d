//! The bot writer's API: piece iterators on boards, games and views agree with `piece_at`;
//! a view's `check`, `is_legal`, `legal_moves_into` and `legal_move_count` are the game's for
//! the side to move; `battle_of` says what the move then does; notation prints and parses back.

use crate::common;

use common::*;
use proptest::prelude::*;
use stratego_core::{Battle, Edition, Game, IllegalReason, Move, Player, Rank, Rules, RulesBuilder, SquareView};

fn any_rules() -> impl Strategy<Value = Rules> {
    let mut all: Vec<Rules> = Edition::ALL.iter().map(|&e| Rules::edition(e)).collect();
    all.push(RulesBuilder::from_edition(Edition::Barrage).free_army(true).build().unwrap());
    (0..all.len()).prop_map(move |i| all[i].clone())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn the_bot_api_agrees_with_the_game(rules in any_rules(), seed in any::<u64>(), plies in 0usize..250) {
        let g = played_game(&rules, seed, plies);
        // Pieces: the iterators list exactly the occupied squares, as `piece_at` sees them.
        let listed: Vec<_> = g.pieces().collect();
        let expected: Vec<_> = rules.squares().filter_map(|s| g.piece_at(s).map(|p| (s, p))).collect();
        prop_assert_eq!(&listed, &expected);
        for p in Player::ALL {
            let mine: Vec<_> = g.pieces_of(p).collect();
            prop_assert_eq!(mine.clone(), listed.iter().copied().filter(|(_, x)| x.owner == p).collect::<Vec<_>>());
            let v = g.view(p);
            prop_assert!(v.pieces().eq(mine.iter().copied()));
            prop_assert_eq!(v.captured(p), g.captured(p));
            prop_assert_eq!(v.captured(p.opponent()), g.captured(p.opponent()));
            prop_assert_eq!(v.is_over(), g.is_over());
            let enemies: Vec<_> = v.enemy_pieces().collect();
            prop_assert_eq!(enemies.len(), g.pieces_of(p.opponent()).count());
            for (s, e) in enemies {
                prop_assert_eq!(v.square(s), SquareView::Enemy(e));
                prop_assert_eq!(v.enemy_at(s), Some(e));
                prop_assert_eq!(v.piece_at(s), None);
                if let Some(r) = e.rank {
                    prop_assert_eq!(g.piece_at(s).unwrap().rank, r);
                }
            }
        }
        // Legality from the view of the side to move is the game's, for every pair of squares.
        let me = g.to_move();
        let (v, other) = (g.view(me), g.view(me.opponent()));
        let mut buf = vec![Move::new(rules.squares().next().unwrap(), rules.squares().next().unwrap())];
        v.legal_moves_into(&mut buf);
        prop_assert_eq!(&buf, &g.legal_moves());
        prop_assert_eq!(v.legal_move_count(), buf.len());
        prop_assert_eq!(other.legal_move_count(), 0);
        for from in rules.squares() {
            for to in rules.squares() {
                let mv = Move::new(from, to);
                prop_assert_eq!(v.check(mv), g.check(mv));
                prop_assert_eq!(v.is_legal(mv), g.is_legal(mv));
                if !g.is_over() {
                    prop_assert_eq!(other.check(mv).unwrap_err().reason, IllegalReason::NotYourTurn);
                    prop_assert!(!other.is_legal(mv));
                }
            }
        }
        // battle_of says what a legal attack does, when the viewer knows both ranks.
        for &mv in &buf {
            let full = g.battle_of(mv);
            let seen = v.battle_of(mv);
            prop_assert_eq!(full.is_some(), g.piece_at(mv.to).is_some());
            if seen.is_some() {
                prop_assert_eq!(seen, full);
            }
            let mut after = g.clone();
            let report = after.play(mv).unwrap();
            prop_assert_eq!(report.battle, full);
            // Notation: both forms parse back to the move.
            let numbering = rules.numbering();
            prop_assert_eq!(Move::parse_notation(&report.notation(numbering), numbering).unwrap(), mv);
            prop_assert_eq!(Move::parse_notation(&report.to_string(), numbering).unwrap(), mv);
            let public = after.view(me.opponent()).history().last().copied().unwrap();
            prop_assert_eq!(Move::parse_notation(&public.notation(numbering), numbering).unwrap(), mv);
            if report.battle.is_none() {
                prop_assert_eq!(public.notation(numbering), mv.to_string(), "a plain move hides the rank");
            }
        }
    }
}

#[test]
fn notation_in_both_numberings() {
    for (e, plain, battle) in [(Edition::Classic, "9 a4-a5", "9 a4xa7 (1)"), (Edition::Isf, "2 a4-a5", "2 a4xa7 (10)")]
    {
        let rules = Rules::edition(e);
        let g = game(&rules, &pieces("Red Scout a4, Blue Marshal a7, Red Flag j1, Blue Flag j10"), Player::Red);
        assert_eq!(g.clone().play(mv("a4-a5")).unwrap().notation(rules.numbering()), plain);
        let report = g.clone().play(mv("a4-a7")).unwrap();
        assert_eq!(report.notation(rules.numbering()), battle);
        assert_eq!(report.to_string(), "Scout a4xa7 (Marshal)");
    }
}

#[test]
fn bad_notation_is_refused_with_the_position() {
    for (text, at) in
        [("a4", 0), ("9 a4-z9", 5), ("Dragon a4-a5", 0), ("9 a4-a5 (Q)", 9), ("a4-a5 (1", 6), ("1 2 a4-a5", 0)]
    {
        let e = Move::parse_notation(text, stratego_core::Numbering::Classic).expect_err(text);
        assert_eq!(e.position, at, "{text}: {e}");
    }
}

#[test]
fn a_view_names_battles_only_when_it_knows_both_ranks() {
    let rules = Rules::edition(Edition::Isf);
    let mut g: Game = game(
        &rules,
        &pieces("Red Miner e4, Red Marshal f3, Blue Sergeant e5, Red Flag a1, Blue Flag j10"),
        Player::Red,
    );
    assert_eq!(g.view(Player::Red).battle_of(mv("e4-e5")), None, "the Sergeant is hidden");
    assert_eq!(g.battle_of(mv("e4-e5")).map(|b| b.result), Some(Battle::DefenderWins));
    assert_eq!(g.view(Player::Red).battle_of(mv("f3-f4")), None, "not an attack");
    // Blue's Sergeant takes the Miner: now Red knows its rank.
    play_all(&mut g, &["f3-f4", "e5-e4"]);
    let b = g.view(Player::Red).battle_of(mv("f4-e4")).expect("both ranks are known");
    assert_eq!((b.attacker, b.defender, b.result), (Rank::Marshal, Rank::Sergeant, Battle::AttackerWins));
    assert_eq!(g.view(Player::Blue).battle_of(mv("f4-e4")), None, "Blue has no piece on f4");
}
