//! The hot paths do not touch the heap: a counting global allocator (per thread, so the test
//! harness's own threads do not interfere) shows zero allocations per move for move generation
//! into a reused buffer, move counting, `play_unchecked` within the history room `Game::new`
//! reserves, and the RL encoders writing into caller buffers. Each check first shows that the
//! counter sees an allocation in the same situation, so none of them can pass vacuously.

use crate::common::seeded_game;
use std::hint::black_box;

use stratego_core::{Edition, Game, Move, Perspective, Rules};

use crate::counting_alloc;
use counting_alloc::allocations;

fn fresh_game(edition: Edition, seed: u64) -> Game {
    let rules = Rules::edition(edition);
    seeded_game(&rules, seed, seed + 1)
}

/// UL's random games are short: a move seed whose game outlasts the window's minimum.
const SEED_UL: u64 = 13;

struct Lcg(u64);
impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) as usize) % n
    }
}

#[test]
fn the_counter_sees_allocations() {
    let (n, v) = allocations(|| black_box(Vec::<u8>::with_capacity(16)));
    assert_eq!(n, 1);
    let (n, _) = allocations(|| {
        let mut v = v;
        v.extend_from_slice(&[0; 64]);
        black_box(v)
    });
    assert_eq!(n, 1, "a reallocation counts too");
    let (n, _) = allocations(|| black_box(1 + 1));
    assert_eq!(n, 0);
}

/// Generating, counting and playing moves for a window of plies allocates nothing, in every
/// edition, once the move buffer has grown.
#[test]
fn move_generation_and_play_do_not_allocate() {
    for edition in Edition::ALL {
        // Shown first: an empty buffer must grow, so the same call does allocate.
        let game = fresh_game(edition, 7);
        let (n, _) = allocations(|| game.legal_moves_into(&mut Vec::new()));
        assert!(n >= 1, "{edition}: the counter misses the buffer's growth");

        let mut game = fresh_game(edition, 7);
        // Room for a rescue decision's list too (every lost rank onto every free zone square).
        let mut moves: Vec<Move> = Vec::with_capacity(512);
        let mut ids = [0u32; 1024];
        let mut rng = Lcg(if edition == Edition::UltimateLightning { SEED_UL } else { edition as u64 });
        // Warm up outside the window (nothing should allocate here either, but the window
        // below is what the test asserts).
        for _ in 0..20 {
            if game.is_over() {
                break;
            }
            game.legal_moves_into(&mut moves);
            game.play_unchecked(moves[rng.below(moves.len())]);
        }
        let start = game.ply();
        let (n, counted) = allocations(|| {
            let mut counted = 0usize;
            // `Game::new` reserves 1024 plies of history: stay inside that.
            while !game.is_over() && game.ply() < 1000 {
                counted += game.legal_move_count();
                // The fixed-buffer forms the C library uses: no list is built on the way.
                counted += game.board().legal_actions_into_slice(&mut ids);
                counted += game.board().for_each_legal_move(|mv| {
                    black_box(mv);
                });
                game.legal_moves_into(&mut moves);
                game.play_unchecked(moves[rng.below(moves.len())]);
            }
            counted
        });
        let plies = game.ply() - start;
        assert!(plies > 50 && counted > 0, "{edition}: the window is too short ({plies} plies)");
        assert_eq!(n, 0, "{edition}: {n} allocations over {plies} plies");
    }
}

/// Past the reserved history, `play_unchecked` grows the history: the counter sees it, which
/// shows the window above is where the guarantee holds, and that the check could fail.
#[test]
fn board_copies_and_play_do_not_allocate() {
    for edition in Edition::ALL {
        let mut game = fresh_game(edition, 3);
        for _ in 0..3 {
            let first = game.legal_moves()[0];
            game.play_unchecked(first);
        }
        let board = game.board().clone();
        let mv = board.legal_moves()[0];
        let (n, _) = allocations(|| {
            let mut copy = black_box(&board).clone();
            copy.play_unchecked(mv);
            black_box(copy)
        });
        assert_eq!(n, 0, "{edition}: Board clone + play allocated");
        // A game's clone shares the history instead of copying it; playing on the clone
        // writes in place while the original stays where it is.
        let (n, _) = allocations(|| {
            let mut copy = black_box(&game).clone();
            copy.play_unchecked(mv);
            black_box(copy)
        });
        assert_eq!(n, 0, "{edition}: Game clone + play allocated");
        // When both play on, the second copies its history once: the counter sees that.
        let mut first = game.clone();
        first.play_unchecked(mv);
        let (n, _) = allocations(|| {
            let mut second = black_box(&game).clone();
            second.play_unchecked(mv);
            black_box(second)
        });
        assert!(n > 0, "{edition}: a second line of play must get a history of its own");
        assert_eq!(first.history().len(), game.history().len() + 1);
    }
}

#[test]
fn history_growth_is_seen_past_the_reserve() {
    let mut game = fresh_game(Edition::Classic, 3);
    let mut moves = Vec::with_capacity(256);
    let mut rng = Lcg(3);
    let mut grew = 0;
    let mut seed = 3;
    while game.ply() < 1100 {
        if game.is_over() {
            seed += 2;
            game = fresh_game(Edition::Classic, seed);
            continue;
        }
        game.legal_moves_into(&mut moves);
        let mv = moves[rng.below(moves.len())];
        let (n, _) = allocations(|| game.play_unchecked(mv));
        grew += n;
    }
    assert!(grew >= 1, "the 1025th ply must grow the history");
}

/// The encoders write into caller buffers without allocating; the `Vec`-returning forms do
/// allocate (the counter sees them).
#[test]
fn encoders_do_not_allocate() {
    for edition in Edition::ALL {
        let mut game = fresh_game(edition, 11);
        let mut moves = Vec::with_capacity(256);
        let mut rng = Lcg(11);
        let rules = game.rules().clone();
        let mut obs = vec![0f32; rules.num_planes() * rules.num_squares()];
        let mut mask = vec![0u8; rules.num_actions()];
        let mut bools = vec![false; rules.num_actions()];
        let mut codes = vec![0u8; rules.num_squares()];
        let mut ids = Vec::with_capacity(256);
        let mut short = vec![0u8; 3];
        let mut positions = 0;
        while !game.is_over() && game.ply() < 300 {
            let view = game.view(game.to_move());
            let (n, legal) = allocations(|| {
                view.observation_into(&mut obs).expect("length");
                view.board_codes_into(&mut codes).expect("length");
                view.legal_actions_into(&mut ids);
                view.legal_action_mask_into(&mut bools).expect("length");
                view.legal_action_mask_into(&mut mask).expect("length")
            });
            assert_eq!(n, 0, "{edition} ply {}: the encoders allocated", game.ply());
            assert_eq!(legal, ids.len());
            let (n, _) = allocations(|| black_box(view.observation()));
            assert_eq!(n, 1, "the Vec form allocates once");
            let (n, result) = allocations(|| view.legal_action_mask_into(&mut short));
            assert!(result.is_err() && n == 0, "a wrong length is an error, without allocating");
            game.legal_moves_into(&mut moves);
            game.play_unchecked(moves[rng.below(moves.len())]);
            positions += 1;
        }
        assert!(positions > 10, "{edition}");
    }
}
