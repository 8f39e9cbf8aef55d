//! Game clones share the move history instead of copying it: every clone still reads exactly
//! its own moves, whatever the others play, undo or drop, on this thread or another.

use crate::common;

use common::{new_game, random_playout, Rng};
use stratego_core::{Edition, Game, MoveReport, Rules, Undone};

/// A game after `plies` random plies, or fewer if it ends.
fn played(edition: Edition, seed: u64, plies: usize) -> Game {
    let mut game = new_game(&Rules::edition(edition), seed);
    random_playout(&mut game, &mut Rng::new(seed), plies);
    game
}

#[test]
fn clones_played_apart_keep_their_own_histories() {
    for edition in [Edition::Isf, Edition::Classic] {
        let parent = played(edition, 11, 300);
        let before: Vec<MoveReport> = parent.history().to_vec();
        let moves = parent.legal_moves();
        assert!(moves.len() >= 2, "{edition}: the position needs two moves");
        // Search-like: clone, play, keep some, drop others.
        let mut kept = Vec::new();
        for (i, &mv) in moves.iter().enumerate() {
            let mut child = parent.clone();
            let report = child.play(mv).expect("a listed move plays");
            assert_eq!(child.history()[..before.len()], before[..]);
            assert_eq!(child.history().last(), Some(&report));
            if i % 2 == 0 {
                let mut grandchild = child.clone();
                random_playout(&mut grandchild, &mut Rng::new(i as u64), 5);
                assert_eq!(grandchild.history()[..=before.len()], child.history()[..]);
                kept.push((child, report));
            }
        }
        for (child, report) in &kept {
            assert_eq!(child.history().len(), before.len() + 1);
            assert_eq!(child.history().last(), Some(report), "{edition}: a later clone overwrote a kept one");
            assert_eq!(child.history()[..before.len()], before[..]);
        }
        assert_eq!(parent.history(), &before[..]);
        // The parent plays on and undoes; the kept children are untouched.
        let mut parent = parent;
        let mv = moves[1];
        parent.play(mv).expect("plays");
        assert_eq!(parent.undo(), Undone::Move(mv));
        assert_eq!(parent.history(), &before[..]);
        for (child, report) in &kept {
            assert_eq!(child.history().last(), Some(report));
        }
    }
}

#[test]
fn a_clone_replays_to_an_equal_game_and_undo_is_independent() {
    let game = played(Edition::Isf, 5, 200);
    let mut copy = game.clone();
    assert_eq!(copy, game);
    assert_eq!(Game::from_record(&copy.record()).expect("replays"), game);
    let last = game.history().last().expect("moves were played").mv;
    assert_eq!(copy.undo(), Undone::Move(last));
    assert_ne!(copy, game);
    assert_eq!(copy.history(), &game.history()[..game.history().len() - 1]);
    assert_eq!(game.history().last().map(|r| r.mv), Some(last));
    // Replaying the undone move reaches the original again.
    copy.play(last).expect("the undone move plays again");
    assert_eq!(copy, game);
}

#[test]
fn clones_sent_to_threads_play_their_own_games() {
    let game = played(Edition::Isf, 9, 150);
    let base = game.history().to_vec();
    let handles: Vec<_> = (0..3u64)
        .map(|t| {
            let mut g = game.clone();
            std::thread::spawn(move || {
                random_playout(&mut g, &mut Rng::new(100 + t), 100);
                g
            })
        })
        .collect();
    for (t, h) in handles.into_iter().enumerate() {
        let g = h.join().expect("no panic");
        assert_eq!(g.history()[..base.len()], base[..]);
        // The same moves on a fresh copy give the same history: nothing was mixed in.
        let mut again = game.clone();
        random_playout(&mut again, &mut Rng::new(100 + t as u64), 100);
        assert_eq!(again.history(), g.history());
    }
    assert_eq!(game.history(), &base[..]);
}

/// The moves a view should show: the public part of the game's history.
fn public_of(game: &Game) -> Vec<stratego_core::PublicMove> {
    game.history().iter().filter_map(|r| r.public()).collect()
}

#[test]
fn views_show_the_public_moves_whenever_they_are_made_between_plays_undos_and_clones() {
    // The public history joins the moves played since the last view when a view asks: views
    // made every ply, now and then, after undos that go back past the last view, and from
    // clones that played apart all show exactly their game's public moves, Ultimate
    // Lightning's rescue decisions (declines kept out) included.
    for edition in [Edition::Isf, Edition::UltimateLightning] {
        let mut game = played(edition, 5, 0);
        let mut rng = Rng::new(77);
        let mut views = Vec::new();
        let mut clones: Vec<Game> = Vec::new();
        let mut moves = Vec::new();
        for step in 0..3000 {
            // An ended game is taken back a few plies and goes on.
            match if game.is_over() { 0 } else { rng.below(10) } {
                0 | 1 => {
                    for _ in 0..=rng.below(5) {
                        let _ = game.undo();
                    }
                }
                2 => {
                    let view = game.view(game.to_move());
                    assert_eq!(view.history(), &public_of(&game)[..], "{edition}, step {step}");
                    views.push((view, public_of(&game)));
                }
                3 => clones.push(game.clone()),
                _ => {
                    game.legal_moves_into(&mut moves);
                    game.play_unchecked(moves[rng.below(moves.len())]);
                }
            }
        }
        for clone in &mut clones {
            if let Some(mv) = clone.legal_moves().first().copied() {
                clone.play_unchecked(mv);
            }
            assert_eq!(clone.view(clone.to_move()).history(), &public_of(clone)[..], "{edition}: a clone");
        }
        assert_eq!(game.view(game.to_move()).history(), &public_of(&game)[..], "{edition}: the game");
        for (view, public) in &views {
            assert_eq!(view.history(), &public[..], "{edition}: an earlier view kept its moves");
        }
        assert!(views.len() > 100 && clones.len() > 100, "{edition}: too few views or clones");
    }
}
