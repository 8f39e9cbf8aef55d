//! `random_move` draws from exactly the legal moves, each reachable by some entropy, and
//! `playout` plays legal moves to an end.

use crate::common::seeded_game;
use stratego_core::{Edition, Game, Rules};

/// The entropy that `random_move` maps to index `k` of `n`.
fn entropy_for(k: usize, n: usize) -> u64 {
    (((k as u128) << 64).div_ceil(n as u128)) as u64
}

#[test]
fn random_move_covers_the_legal_moves_exactly() {
    for edition in Edition::ALL {
        let rules = Rules::edition(edition).to_builder().max_plies(Some(600)).build().expect("rules");
        for seed in 0..6u64 {
            let mut game = seeded_game(&rules, seed, seed + 50);
            let mut x = seed | 1;
            while !game.is_over() {
                let mut legal = game.legal_moves();
                let n = legal.len();
                let mut drawn: Vec<_> = (0..n).map(|k| game.random_move(entropy_for(k, n)).expect("a move")).collect();
                legal.sort();
                drawn.sort();
                assert_eq!(drawn, legal, "{edition} seed {seed} ply {}", game.ply());
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let mv = game.random_move(x).expect("a move");
                game.play(mv).expect("random_move gives legal moves");
            }
            assert_eq!(game.random_move(x), None, "no move once the game is over");
        }
    }
}

#[test]
fn playout_plays_legal_moves_to_the_end() {
    let rules = Rules::edition(Edition::Isf);
    for seed in 0..20u64 {
        let start = seeded_game(&rules, seed, seed);
        let mut game = start.clone();
        let outcome = game.playout(seed, 100_000).expect("random Isf games end well within 100,000 plies");
        assert_eq!(game.outcome(), Some(outcome));
        // Every move it played replays through the checked path.
        let replayed = Game::from_record(&game.record()).expect("replays");
        assert_eq!(replayed, game);
        // Same seed, same game.
        let mut again = start.clone();
        again.playout(seed, 100_000);
        assert_eq!(again, game);
    }
}
