//! Battles: the standard table (Spy and Marshal, Miner and Bomb, ties, the Flag), what a battle
//! does on the board (who stays, what is revealed, what is captured), and the Estrategia table.

use crate::common;

use common::*;
use stratego_core::{Battle, Edition, Game, MoveReport, Player, Rank, Rules, Termination};

const STANDARD: [Edition; 5] = [Edition::Classic, Edition::Jumbo, Edition::Isf, Edition::Barrage, Edition::Duel];

fn mobile(r: Rank) -> bool {
    !matches!(r, Rank::Bomb | Rank::Flag)
}

/// Red `attacker` strikes Blue `defender` (orthogonally, or diagonally for a piece that moves so).
/// Spare Sergeants keep both sides able to move, and each side has a Flag (a side without one
/// has lost).
fn fight(rules: &Rules, attacker: Rank, defender: Rank) -> (Game, Game, MoveReport) {
    let diagonal = rules.movement(attacker).orthogonal == stratego_core::Reach::None;
    let target = if diagonal { "f5" } else { "e5" };
    let mut pieces = vec![
        ("e4", red(attacker)),
        (target, blue(defender)),
        ("a1", red(Rank::Sergeant)),
        ("j10", blue(Rank::Sergeant)),
    ];
    if attacker != Rank::Flag {
        pieces.push(("j1", red(Rank::Flag)));
    }
    if defender != Rank::Flag {
        pieces.push(("a10", blue(Rank::Flag)));
    }
    let before = game(rules, &pieces, Player::Red);
    let mut after = before.clone();
    let report = after.play(mv(&format!("e4-{target}"))).unwrap_or_else(|e| panic!("{attacker} x {defender}: {e}"));
    (before, after, report)
}

#[test]
fn standard_table_matches_the_design() {
    for e in STANDARD {
        let rules = Rules::edition(e);
        for a in Rank::ALL {
            for d in Rank::ALL {
                if mobile(a) {
                    assert_eq!(rules.battle(a, d), standard_battle(a, d), "{e}: {a} attacks {d}");
                }
            }
        }
    }
}

#[test]
fn spy_takes_the_marshal_only_when_it_attacks() {
    let rules = Rules::edition(Edition::Isf);
    let (g0, g, r) = fight(&rules, Rank::Spy, Rank::Marshal);
    assert_eq!(r.battle.unwrap().result, Battle::AttackerWins);
    assert_eq!(lost(&g0, &g, Player::Blue), vec![Rank::Marshal]);
    let spy = g.piece_at(sq("e5")).unwrap();
    assert_eq!((spy.owner, spy.rank, spy.revealed, spy.moved), (Player::Red, Rank::Spy, true, true));
    assert!(g.piece_at(sq("e4")).is_none());

    // The Marshal attacking the Spy wins.
    let (g0, g, r) = fight(&rules, Rank::Marshal, Rank::Spy);
    assert_eq!(r.battle.unwrap().result, Battle::AttackerWins);
    assert_eq!(lost(&g0, &g, Player::Blue), vec![Rank::Spy]);
    assert_eq!(g.piece_at(sq("e5")).unwrap().rank, Rank::Marshal);

    // The Spy attacking anything but the Marshal (or the Flag) dies.
    for d in [Rank::Scout, Rank::Sergeant, Rank::General, Rank::Bomb] {
        let (g0, g, r) = fight(&rules, Rank::Spy, d);
        assert_eq!(r.battle.unwrap().result, Battle::DefenderWins, "Spy attacks {d}");
        assert_eq!(lost(&g0, &g, Player::Red), vec![Rank::Spy]);
    }
    // Spy against Spy: a tie.
    let (_, _, r) = fight(&rules, Rank::Spy, Rank::Spy);
    assert_eq!(r.battle.unwrap().result, Battle::BothDie);
}

#[test]
fn general_dies_on_the_marshal_and_higher_wins() {
    let rules = Rules::edition(Edition::Classic);
    let (g0, g, r) = fight(&rules, Rank::General, Rank::Marshal);
    assert_eq!(r.battle.unwrap().result, Battle::DefenderWins);
    let m = g.piece_at(sq("e5")).unwrap();
    assert_eq!((m.owner, m.rank, m.revealed, m.moved), (Player::Blue, Rank::Marshal, true, false));
    assert_eq!(lost(&g0, &g, Player::Red), vec![Rank::General]);
    let (_, _, r) = fight(&rules, Rank::Captain, Rank::Lieutenant);
    assert_eq!(r.battle.unwrap().result, Battle::AttackerWins);
}

#[test]
fn miner_removes_a_bomb_and_others_die_on_it_while_it_stays() {
    for e in STANDARD {
        let rules = Rules::edition(e);
        let (g0, g, r) = fight(&rules, Rank::Miner, Rank::Bomb);
        assert_eq!(r.battle.unwrap().result, Battle::AttackerWins, "{e}");
        assert_eq!(lost(&g0, &g, Player::Blue), vec![Rank::Bomb]);
        assert_eq!(g.piece_at(sq("e5")).unwrap().rank, Rank::Miner);

        for a in [Rank::Scout, Rank::Sergeant, Rank::General, Rank::Marshal] {
            let (g0, g, r) = fight(&rules, a, Rank::Bomb);
            let b = r.battle.unwrap();
            assert_eq!((b.attacker, b.defender, b.result), (a, Rank::Bomb, Battle::DefenderWins), "{e}: {a}");
            let bomb = g.piece_at(sq("e5")).expect("the bomb stays");
            assert_eq!((bomb.owner, bomb.rank, bomb.revealed), (Player::Blue, Rank::Bomb, true));
            assert!(g.piece_at(sq("e4")).is_none(), "{e}: the {a} dies");
            assert_eq!(lost(&g0, &g, Player::Red), vec![a]);
            assert_eq!(lost(&g0, &g, Player::Blue), Vec::<Rank>::new());
        }
    }
}

#[test]
fn equal_ranks_remove_both() {
    for e in STANDARD {
        let rules = Rules::edition(e);
        for r in [Rank::Spy, Rank::Scout, Rank::Miner, Rank::Captain, Rank::General, Rank::Marshal] {
            let (g0, g, rep) = fight(&rules, r, r);
            assert_eq!(rep.battle.unwrap().result, Battle::BothDie, "{e}: {r}");
            assert!(g.piece_at(sq("e4")).is_none() && g.piece_at(sq("e5")).is_none(), "{e}: {r}");
            assert_eq!(lost(&g0, &g, Player::Red), vec![r]);
            assert_eq!(lost(&g0, &g, Player::Blue), vec![r]);
            assert_eq!(g.quiet_plies(), 0);
        }
    }
}

#[test]
fn any_attacker_takes_the_flag_and_wins() {
    for e in STANDARD {
        let rules = Rules::edition(e);
        for a in [Rank::Spy, Rank::Scout, Rank::Miner, Rank::Marshal] {
            let (_, g, r) = fight(&rules, a, Rank::Flag);
            assert_eq!(r.battle.unwrap().result, Battle::AttackerWins);
            let o = g.outcome().expect("the game is over");
            assert_eq!((o.winner, o.termination), (Some(Player::Red), Termination::FlagCaptured), "{e}: {a}");
            assert_eq!(r.outcome, Some(o));
            assert!(g.legal_moves().is_empty());
        }
    }
}

#[test]
fn a_battle_report_names_both_ranks_and_a_plain_move_none() {
    let rules = Rules::edition(Edition::Isf);
    let (_, _, r) = fight(&rules, Rank::Colonel, Rank::Major);
    assert_eq!(r.player, Player::Red);
    assert_eq!(r.rank, Rank::Colonel);
    let b = r.battle.unwrap();
    assert_eq!((b.attacker, b.defender, b.result), (Rank::Colonel, Rank::Major, Battle::AttackerWins));
    assert_eq!(r.outcome, None);

    let mut g = game(&rules, &pieces("Red Colonel e4, Blue Sergeant j10"), Player::Red);
    let r = g.play(mv("e4-e5")).unwrap();
    assert_eq!(r.battle, None);
    let p = g.piece_at(sq("e5")).unwrap();
    assert!(p.moved && !p.revealed, "a plain move reveals nothing");
    assert_eq!(g.history(), &[r]);
}

#[test]
fn the_defender_wins_when_blue_attacks_too() {
    // Same table from Blue's side: a Blue Scout dies on a Red Bomb, a Blue Miner clears it.
    let rules = Rules::edition(Edition::Isf);
    let mut g = game(
        &rules,
        &pieces("Red Bomb e4, Red Bomb f4, Blue Scout e5, Blue Miner f5, Red Sergeant a1, Blue Sergeant j10"),
        Player::Blue,
    );
    let g0 = g.clone();
    let r = g.play(mv("e5-e4")).unwrap();
    assert_eq!(r.battle.unwrap().result, Battle::DefenderWins);
    assert_eq!(g.piece_at(sq("e4")).unwrap().rank, Rank::Bomb);
    play_all(&mut g, &["a1-a2"]);
    let r = g.play(mv("f5-f4")).unwrap();
    assert_eq!(r.battle.unwrap().result, Battle::AttackerWins);
    assert_eq!(g.piece_at(sq("f4")).unwrap().owner, Player::Blue);
    assert_eq!(lost(&g0, &g, Player::Red), vec![Rank::Bomb]);
    assert_eq!(lost(&g0, &g, Player::Blue), vec![Rank::Scout]);
}

/// The Estrategia table of DESIGN.md §3.1, written independently: decided by the attacker's line.
fn estrategia_reference(a: Rank, d: Rank) -> Battle {
    use Rank::*;
    if a == d {
        return Battle::BothDie;
    }
    let fighting = |r: Rank| {
        if matches!(r, Sergeant | Lieutenant | Captain | Major | Colonel | General) {
            strength(r)
        } else {
            0
        }
    };
    let wins = match a {
        Marshal => d != Bomb,
        Sergeant | Lieutenant | Captain | Major | Colonel | General => {
            matches!(d, Scout | Spy | Flag | Miner) || (fighting(d) > 0 && fighting(d) < fighting(a))
        }
        Miner => matches!(d, Bomb | Spy | Flag),
        Scout => d != Flag,
        Spy => d == Marshal,
        Flag | Bomb => unreachable!(),
    };
    if wins {
        Battle::AttackerWins
    } else {
        Battle::DefenderWins
    }
}

#[test]
fn estrategia_table_matches_the_design() {
    let rules = Rules::edition(Edition::Estrategia);
    for a in Rank::ALL.into_iter().filter(|&r| mobile(r)) {
        for d in Rank::ALL {
            assert_eq!(rules.battle(a, d), estrategia_reference(a, d), "{a} attacks {d}");
        }
    }
}

#[test]
fn estrategia_distinctive_battles_on_the_board() {
    let rules = Rules::edition(Edition::Estrategia);
    let cases = [
        (Rank::Scout, Rank::Bomb, Battle::AttackerWins),
        (Rank::Scout, Rank::Flag, Battle::DefenderWins),
        (Rank::Scout, Rank::Marshal, Battle::AttackerWins),
        (Rank::Miner, Rank::Scout, Battle::DefenderWins),
        (Rank::Miner, Rank::Bomb, Battle::AttackerWins),
        (Rank::Miner, Rank::Sergeant, Battle::DefenderWins),
        (Rank::Spy, Rank::Flag, Battle::DefenderWins),
        (Rank::Spy, Rank::Scout, Battle::DefenderWins),
        (Rank::Spy, Rank::Marshal, Battle::AttackerWins),
        (Rank::Marshal, Rank::Bomb, Battle::DefenderWins),
        (Rank::Marshal, Rank::General, Battle::AttackerWins),
        (Rank::Sergeant, Rank::Scout, Battle::AttackerWins),
        (Rank::General, Rank::Bomb, Battle::DefenderWins),
        (Rank::Scout, Rank::Scout, Battle::BothDie),
    ];
    for (a, d, want) in cases {
        let (g0, g, r) = fight(&rules, a, d);
        assert_eq!(r.battle.unwrap().result, want, "{a} attacks {d}");
        if d == Rank::Flag {
            // A Scout or Spy dying on the Flag does not end the game.
            assert_eq!(g.outcome(), None, "{a} attacks the Flag and dies");
            assert_eq!(lost(&g0, &g, Player::Red), vec![a]);
        }
    }
    // A Scout taking a Bomb stands on its square.
    let (g0, g, _) = fight(&rules, Rank::Scout, Rank::Bomb);
    assert_eq!(g.piece_at(sq("f5")).unwrap().rank, Rank::Scout);
    assert_eq!(lost(&g0, &g, Player::Blue), vec![Rank::Bomb]);
}
