//! Player views: hidden ranks, reveals by battle, the Estrategia sight radius, legal moves from a
//! view, the public history, and `sample_world`.

use crate::common;

use common::*;
use stratego_core::{Edition, EnemyPiece, Game, Player, Rank, Rules, SquareView};

fn enemy(g: &Game, viewer: Player, s: &str) -> EnemyPiece {
    match g.view(viewer).square(sq(s)) {
        SquareView::Enemy(e) => e,
        other => panic!("{s}: expected an enemy piece, got {other:?}"),
    }
}

#[test]
fn enemy_ranks_are_hidden_until_a_battle_reveals_them() {
    let rules = Rules::edition(Edition::Isf);
    let g = new_game(&rules, 3);
    let v = g.view(Player::Red);
    assert_eq!(v.player(), Player::Red);
    for (s, view) in v.squares() {
        match view {
            SquareView::Lake => assert!(rules.is_lake(s)),
            SquareView::Empty => assert!(g.piece_at(s).is_none() && !rules.is_lake(s)),
            SquareView::Own(p) => assert_eq!(Some(p), g.piece_at(s)),
            SquareView::Enemy(e) => {
                assert_eq!(e, EnemyPiece { rank: None, revealed: false, moved: false, slid: false });
                assert_eq!(g.piece_at(s).unwrap().owner, Player::Blue);
            }
        }
    }
    assert_eq!(v.squares().count(), 100);

    let mut g =
        game_of(Edition::Isf, &pieces("Red Marshal e4, Blue Sergeant e5, Blue Bomb e6, Blue Miner j10, Red Spy a1"));
    assert_eq!(enemy(&g, Player::Red, "e5").rank, None);
    play_all(&mut g, &["e4-e5"]);
    // The Marshal won: its rank is now public for Blue, for good.
    let m = enemy(&g, Player::Blue, "e5");
    assert_eq!((m.rank, m.revealed, m.moved), (Some(Rank::Marshal), true, true));
    play_all(&mut g, &["j10-j9", "e5-f5", "j9-j8"]);
    assert_eq!(enemy(&g, Player::Blue, "f5").rank, Some(Rank::Marshal));
    // Blue's Bomb next to it stays hidden from Red.
    assert_eq!(enemy(&g, Player::Red, "e6").rank, None);
    // Both views agree on what is public.
    let (vr, vb) = (g.view(Player::Red), g.view(Player::Blue));
    assert_eq!(vr.history(), vb.history());
    assert_eq!(vr.history()[0].battle.unwrap().defender, Rank::Sergeant);
    assert_eq!(vr.captured_count(Player::Blue, Rank::Sergeant), g.captured_count(Player::Blue, Rank::Sergeant));
    assert_eq!(vr.ply(), g.ply());
    assert_eq!(vr.to_move(), g.to_move());
    assert_eq!(vr.army(Player::Blue), g.army(Player::Blue));
}

#[test]
fn a_defender_that_wins_is_revealed_and_a_plain_mover_only_marked_moved() {
    let mut g = game_of(Edition::Classic, &pieces("Red Scout e4, Blue Bomb e5, Red Miner a1, Blue Miner j10"));
    play_all(&mut g, &["e4-e5", "j10-j9"]);
    let b = enemy(&g, Player::Red, "e5");
    assert_eq!((b.rank, b.revealed, b.moved), (Some(Rank::Bomb), true, false));
    let m = enemy(&g, Player::Red, "j9");
    assert_eq!((m.rank, m.revealed, m.moved, m.slid), (None, false, true, false));
}

#[test]
fn estrategia_sees_ranks_within_one_king_step() {
    let rules = Rules::edition(Edition::Estrategia);
    let mut g = game(
        &rules,
        &pieces("Red Sergeant e4, Blue Captain f5, Blue Miner g6, Blue Lieutenant e6, Red Scout a1"),
        Player::Red,
    );
    // f5 is a diagonal neighbour of e4: seen. g6 and e6 are two steps away: hidden.
    assert_eq!(enemy(&g, Player::Red, "f5").rank, Some(Rank::Captain));
    assert!(!enemy(&g, Player::Red, "f5").revealed);
    assert_eq!(enemy(&g, Player::Red, "g6").rank, None);
    assert_eq!(enemy(&g, Player::Red, "e6").rank, None);
    // Sight works both ways: Blue sees the Sergeant from f5.
    match g.view(Player::Blue).square(sq("e4")) {
        SquareView::Enemy(e) => assert_eq!(e.rank, Some(Rank::Sergeant)),
        other => panic!("{other:?}"),
    }
    // The Captain steps out of sight: hidden again.
    play_all(&mut g, &["a1-b2", "f5-f6"]);
    assert_eq!(enemy(&g, Player::Red, "f6").rank, None);
    // The Sergeant steps up to e5: e6 and f6 come into sight, g6 stays out.
    play_all(&mut g, &["e4-e5"]);
    assert_eq!(enemy(&g, Player::Red, "e6").rank, Some(Rank::Lieutenant));
    assert_eq!(enemy(&g, Player::Red, "f6").rank, Some(Rank::Captain));
    assert_eq!(enemy(&g, Player::Red, "g6").rank, None);
    // The Lieutenant takes the Sergeant (5 beats 4): a battle reveals it for good, even once
    // it stands far from every Red piece.
    play_all(&mut g, &["e6-e5", "b2-c1", "e5-f5"]);
    let l = enemy(&g, Player::Red, "f5");
    assert_eq!((l.rank, l.revealed, l.moved), (Some(Rank::Lieutenant), true, true));
    // With the Sergeant gone, the Captain is out of sight again.
    assert_eq!(enemy(&g, Player::Red, "f6").rank, None);
}

#[test]
fn visibility_radius_is_a_builder_setting() {
    let rules = Rules::builder().visibility(Some(2)).build().unwrap();
    let g = game(&rules, &pieces("Red Sergeant e2, Blue Captain g4, Blue Miner h4"), Player::Red);
    assert_eq!(enemy(&g, Player::Red, "g4").rank, Some(Rank::Captain));
    assert_eq!(enemy(&g, Player::Red, "h4").rank, None);
}

#[test]
fn view_legal_moves_are_the_game_s_for_the_side_to_move() {
    for e in Edition::ALL {
        let rules = Rules::edition(e);
        let (mut g, mut rng) = new_game_and_rng(&rules, 21);
        for _ in 0..120 {
            if g.is_over() {
                break;
            }
            let me = g.to_move();
            assert_eq!(g.view(me).legal_moves(), g.legal_moves(), "{e} ply {}", g.ply());
            assert!(g.view(me.opponent()).legal_moves().is_empty());
            random_playout(&mut g, &mut rng, 1);
        }
    }
}

#[test]
fn sample_world_is_consistent_with_the_view() {
    for e in Edition::ALL {
        let rules = Rules::edition(e);
        let g = played_game(&rules, 8, 150);
        for viewer in Player::ALL {
            let v = g.view(viewer);
            for seed in 0..5 {
                let w = v.sample_world(seed);
                assert!(w.view(viewer).squares().eq(v.squares()), "{e} {viewer} seed {seed}");
                let opp = viewer.opponent();
                assert_eq!(conserved(&w, opp).map(|n| n as u8), w.army(opp), "{e}: enemy counts");
                assert_eq!(conserved(&w, viewer), conserved(&g, viewer));
                for s in rules.squares() {
                    let Some(p) = w.piece_at(s) else { continue };
                    if p.owner != opp {
                        assert_eq!(Some(p), g.piece_at(s));
                        continue;
                    }
                    if p.moved {
                        assert!(rules.movement(p.rank).is_mobile(), "{e}: a moved piece sampled as {}", p.rank);
                    }
                    if let SquareView::Enemy(en) = v.square(s) {
                        if en.slid {
                            assert!(rules.movement(p.rank).goes_far(), "{e}: a slid piece sampled as {}", p.rank);
                        }
                        if let Some(r) = en.rank {
                            assert_eq!(p.rank, r, "known ranks are kept");
                        }
                    }
                }
                assert_eq!((w.to_move(), w.ply(), w.outcome()), (g.to_move(), g.ply(), g.outcome()));
                assert_eq!(v.sample_world(seed), w, "a pure function of the seed");
            }
        }
    }
}

/// Two games that differ only in two unrevealed, unmoved Blue pieces swapped.
fn swapped_pair(edition: Edition) -> (Game, Game) {
    let rules = Rules::edition(edition);
    let g = new_game(&rules, 4);
    let text = g.position();
    let letters: Vec<char> = text.chars().collect();
    // Two Blue pieces (letters N..Y, upper case: unrevealed) of different ranks.
    let blue = |c: char| ('N'..='Y').contains(&c);
    let (i, j) = (0..100)
        .flat_map(|i| (i + 1..100).map(move |j| (i, j)))
        .find(|&(i, j)| blue(letters[i]) && blue(letters[j]) && letters[i] != letters[j])
        .unwrap();
    let mut other = letters.clone();
    other.swap(i, j);
    let other: String = other.into_iter().collect();
    (Game::from_position(rules.clone(), &text).unwrap(), Game::from_position(rules, &other).unwrap())
}

#[test]
fn hidden_ranks_do_not_show_in_the_public_parts_of_a_view() {
    for e in [Edition::Classic, Edition::Isf, Edition::Barrage] {
        let (a, b) = swapped_pair(e);
        assert_ne!(a.position(), b.position());
        let (va, vb) = (a.view(Player::Red), b.view(Player::Red));
        assert!(va.squares().eq(vb.squares()), "{e}");
        assert_eq!(va.legal_moves(), vb.legal_moves(), "{e}");
        assert_eq!(a.legal_moves(), b.legal_moves(), "{e}");
    }
}

#[test]
fn views_of_games_that_differ_only_in_hidden_ranks_are_equal() {
    for e in Edition::ALL {
        let (a, b) = swapped_pair(e);
        assert_eq!(a.view(Player::Red), b.view(Player::Red), "{e}");
    }
}

#[test]
fn view_legal_moves_honour_the_chase_rule() {
    let mut g = game(&Rules::edition(Edition::Isf), &pieces("Red Major e2, Blue Captain f2"), Player::Blue);
    play_all(&mut g, &["f2-f3", "e2-f2", "f3-e3", "f2-f3", "e3-e2", "f3-e3", "e2-f2", "e3-e2", "f2-f3"]);
    assert!(!g.is_legal(mv("e2-f2")));
    let v = g.view(Player::Red);
    assert_eq!(v.legal_moves(), g.legal_moves());
    // A world sampled from the view plays by the same rules.
    for seed in 0..3 {
        assert_eq!(v.sample_world(seed).legal_moves(), g.legal_moves(), "seed {seed}");
    }
}

#[test]
fn a_sampled_world_records_and_replays() {
    let rules = Rules::edition(Edition::Estrategia);
    let mut g = game(&rules, &pieces("Red Sergeant e4, Blue Sergeant j10, Red Flag a1, Blue Flag a10"), Player::Red);
    play_all(&mut g, &["e4-e5", "j10-j9"]);
    let w = g.view(Player::Red).sample_world(1);
    assert!(!w.is_legal(mv("e5-e4")), "no return, in the sampled world too");
    let replayed = Game::from_record(&w.record()).unwrap();
    assert_eq!(replayed.legal_moves(), w.legal_moves());
    assert_eq!(replayed, w);
}

/// A sampled world lets both sides move, as the game it is drawn from does: the enemy's one
/// mobile piece is never placed where its own Bomb and Flag box it in.
#[test]
fn sampled_worlds_never_leave_a_side_without_a_move() {
    let rules = Rules::edition(Edition::Isf);
    // Red: Flag a1, Scout b1. Blue, all hidden and unmoved: Sergeant i10, Bomb j9, Flag j10.
    // On j10 the Sergeant would have no move (i10 and j9 its own); on i10 or j9 it has one.
    let pieces = pieces("Red Flag a1, Red Scout b1, Blue Sergeant i10, Blue Bomb j9, Blue Flag j10");
    let game = game(&rules, &pieces, Player::Red);
    let view = game.view(Player::Red);
    let mut sergeant_squares = std::collections::BTreeSet::new();
    for seed in 0..60 {
        let world = view.sample_world(seed);
        assert!(!world.is_over(), "seed {seed}: {}", world.position());
        let sergeant = ["i10", "j9", "j10"]
            .into_iter()
            .find(|s| world.piece_at(sq(s)).is_some_and(|p| p.rank == Rank::Sergeant))
            .expect("the Sergeant is on one of the hidden squares");
        assert_ne!(sergeant, "j10", "seed {seed}: the Sergeant was boxed in");
        sergeant_squares.insert(sergeant);
        // Blue can answer any Red move there.
        let mut world = world;
        world.play(world.legal_moves()[0]).expect("a legal move");
        assert!(world.legal_move_count() > 0, "seed {seed}: Blue cannot move");
    }
    assert_eq!(sergeant_squares.len(), 2, "both open squares are drawn: {sergeant_squares:?}");
}
