//! Engine benchmarks: move generation, apply, random playouts, RL encodings, RL steps, VecEnv
//! and perft.
//!
//! Run with `cargo bench -p stratego-core --bench engine` (add a name filter, e.g. `playout`, to
//! run a subset). Every benchmark walks a fixed, seeded set of positions or games, so runs are
//! comparable; each reports a time per iteration and a throughput in items (positions, plies or
//! perft leaves) per second. `scripts/bench_table.sh` turns the medians into per-item figures.

mod lean_reference;
mod support;

use divan::counter::ItemsCount;
use divan::{black_box, Bencher};
use stratego_core::{
    Board, Edition, Game, MaskKind, Move, ObservationKind, Perspective, Plane, Player, PlayerView, Rules, Setup,
    VecEnv, VecEnvConfig,
};

use support::{new_game, positions, recorded_isf_ids, Rng};

fn main() {
    divan::main();
}

const EDITIONS: [Edition; 2] = [Edition::Isf, Edition::Classic];

/// Play `game` to its end with uniformly random legal moves; returns the plies played.
#[inline(never)]
fn playout(game: &mut Game, rng: &mut Rng, moves: &mut Vec<Move>) -> u64 {
    let start = game.ply();
    while !game.is_over() {
        game.legal_moves_into(moves);
        let mv = moves[rng.below(moves.len())];
        game.play_unchecked(mv);
    }
    (game.ply() - start) as u64
}

const PLAYOUT_GAMES: u64 = 8;

fn mover_views(games: &[Game]) -> Vec<PlayerView> {
    games.iter().map(|g| g.view(g.to_move())).collect()
}

mod movegen {
    use super::*;

    /// The full move list into a reused buffer, per position.
    #[divan::bench(args = EDITIONS)]
    fn legal_moves_into(bencher: Bencher, edition: Edition) {
        let games = positions(edition);
        let mut buf = Vec::with_capacity(256);
        bencher.counter(ItemsCount::new(games.len())).bench_local(|| {
            let mut n = 0;
            for g in &games {
                g.legal_moves_into(&mut buf);
                n += buf.len();
            }
            n
        });
    }

    /// The number of legal moves only, per position.
    #[divan::bench(args = EDITIONS)]
    fn legal_move_count(bencher: Bencher, edition: Edition) {
        let games = positions(edition);
        bencher
            .counter(ItemsCount::new(games.len()))
            .bench_local(|| games.iter().map(|g| black_box(g).legal_move_count()).sum::<usize>());
    }

    /// The legal-action mask only (10 000 bytes written), from the mover's view, per position.
    #[divan::bench(args = EDITIONS)]
    fn mask_only(bencher: Bencher, edition: Edition) {
        let views = mover_views(&positions(edition));
        let mut mask = vec![0u8; views[0].rules().num_actions()];
        bencher.counter(ItemsCount::new(views.len())).bench_local(|| {
            let mut n = 0;
            for v in &views {
                n += v.legal_action_mask_into(&mut mask).expect("length");
            }
            n
        });
    }
}

/// The legal-action mask packed as bits (157 words), from the mover's view, per position.
#[divan::bench(args = EDITIONS)]
fn mask_bits_only(bencher: Bencher, edition: Edition) {
    let views = mover_views(&positions(edition));
    let mut bits = vec![0u64; views[0].rules().num_actions().div_ceil(64)];
    bencher.counter(ItemsCount::new(views.len())).bench_local(|| {
        let mut n = 0;
        for v in &views {
            n += v.legal_action_bits_into(&mut bits).expect("length");
        }
        n
    });
}

mod apply {
    use super::*;

    /// `play_unchecked` along a recorded game of 400 plies, per ply (the game is made fresh,
    /// outside the timing, so its history has room reserved).
    #[divan::bench(args = EDITIONS)]
    fn play_unchecked(bencher: Bencher, edition: Edition) {
        let mut recorded = Vec::new();
        let mut seed = 0;
        while recorded.len() < 400 {
            let mut game = new_game(edition, seed);
            let mut rng = Rng::new(seed);
            let mut moves = Vec::new();
            recorded.clear();
            while !game.is_over() && recorded.len() < 400 {
                game.legal_moves_into(&mut moves);
                let mv = moves[rng.below(moves.len())];
                recorded.push(mv);
                game.play_unchecked(mv);
            }
            seed += 1;
        }
        let seed = seed - 1;
        bencher.counter(ItemsCount::new(recorded.len())).with_inputs(|| new_game(edition, seed)).bench_local_values(
            |mut game| {
                for &mv in &recorded {
                    game.play_unchecked(mv);
                }
                game
            },
        );
    }

    /// `clone` then `play_unchecked` of the first legal move, per position (the clone shares
    /// the move history, and the move is written into it in place).
    #[divan::bench(args = EDITIONS)]
    fn clone_and_play(bencher: Bencher, edition: Edition) {
        let games = positions(edition);
        let firsts: Vec<Move> = games.iter().map(|g| g.legal_moves()[0]).collect();
        bencher.counter(ItemsCount::new(games.len())).bench_local(|| {
            for (g, &mv) in games.iter().zip(&firsts) {
                let mut c = g.clone();
                black_box(c.play_unchecked(mv));
            }
        });
    }

    /// `Board` clone then `play_unchecked` of the first legal move, per position (a board has
    /// no history: this is the copy search uses).
    #[divan::bench(args = EDITIONS)]
    fn board_clone_and_play(bencher: Bencher, edition: Edition) {
        let boards: Vec<Board> = positions(edition).iter().map(|g| g.board().clone()).collect();
        let firsts: Vec<Move> = boards.iter().map(|b| b.legal_moves()[0]).collect();
        bencher.counter(ItemsCount::new(boards.len())).bench_local(|| {
            for (b, &mv) in boards.iter().zip(&firsts) {
                let mut c = b.clone();
                black_box(c.play_unchecked(mv));
            }
        });
    }
}

/// Cloning a game in the middle (ply 500) against cloning its board, per clone: the history
/// is shared, so the two should cost about the same.
mod clone_at_ply_500 {
    use super::*;

    /// 64 games of each edition at ply 500 (games that end sooner are skipped).
    fn mid_games(edition: Edition) -> Vec<Game> {
        let mut out = Vec::new();
        let mut seed = 0;
        while out.len() < 64 {
            let mut g = new_game(edition, 3000 + seed);
            g.playout(seed, 500);
            if !g.is_over() && g.ply() == 500 {
                out.push(g);
            }
            seed += 1;
        }
        out
    }

    /// `Game::clone` (and its drop), per clone.
    #[divan::bench(args = EDITIONS)]
    fn game(bencher: Bencher, edition: Edition) {
        let games = mid_games(edition);
        bencher.counter(ItemsCount::new(games.len())).bench_local(|| {
            for g in &games {
                black_box(black_box(g).clone());
            }
        });
    }

    /// `Board::clone` (and its drop) of the same positions, per clone.
    #[divan::bench(args = EDITIONS)]
    fn board(bencher: Bencher, edition: Edition) {
        let boards: Vec<Board> = mid_games(edition).iter().map(|g| g.board().clone()).collect();
        bencher.counter(ItemsCount::new(boards.len())).bench_local(|| {
            for b in &boards {
                black_box(black_box(b).clone());
            }
        });
    }
}

/// One ISF game of 100,000 plies of random non-attacking moves (nobody can lose a piece, so it
/// never ends), and the same game at ply 1,000: per-ply operations must cost the same at both.
mod long_game {
    use super::*;

    /// Play `plies` random non-attacking moves on `game`.
    pub(crate) fn quiet_plies(game: &mut Game, rng: &mut Rng, plies: u32) {
        let mut moves = Vec::new();
        for _ in 0..plies {
            game.legal_moves_into(&mut moves);
            moves.retain(|m| game.piece_at(m.to).is_none());
            game.play_unchecked(moves[rng.below(moves.len())]);
        }
    }

    /// The game at ply 1,000 and at ply 100,000 (one game: the first is a clone taken on the way).
    fn games() -> [Game; 2] {
        let mut game = new_game(Edition::Isf, 17);
        let mut rng = Rng::new(17);
        quiet_plies(&mut game, &mut rng, 1_000);
        let early = game.clone();
        quiet_plies(&mut game, &mut rng, 99_000);
        [early, game]
    }

    const PLIES: [u32; 2] = [1_000, 100_000];

    fn at(ply: u32) -> Game {
        let [early, late] = games();
        if ply == PLIES[0] {
            early
        } else {
            late
        }
    }

    /// `Game::view` of the side to move (and its drop).
    #[divan::bench(args = PLIES)]
    fn view(bencher: Bencher, ply: u32) {
        let game = at(ply);
        assert_eq!(game.history().len(), ply as usize);
        bencher.bench_local(|| black_box(black_box(&game).view(game.to_move())));
    }

    /// `Game::undo` and replaying the move taken back.
    #[divan::bench(args = PLIES)]
    fn undo_and_replay(bencher: Bencher, ply: u32) {
        let mut game = at(ply);
        bencher.bench_local(|| {
            let mv = black_box(&mut game).undo().mv().expect("a move to take back");
            game.play_unchecked(mv);
        });
    }

    /// One ply of the same game's play, for scale: a legal move list and a checked move.
    #[divan::bench(args = PLIES)]
    fn quiet_ply(bencher: Bencher, ply: u32) {
        let mut game = at(ply);
        let mut rng = Rng::new(5);
        bencher.bench_local(|| quiet_plies(black_box(&mut game), &mut rng, 1));
    }
}

mod position {
    use super::*;

    /// `Board::hash` (computed on call, not kept incrementally), per position.
    #[divan::bench(args = EDITIONS)]
    fn hash(bencher: Bencher, edition: Edition) {
        let boards: Vec<Board> = positions(edition).iter().map(|g| g.board().clone()).collect();
        bencher.counter(ItemsCount::new(boards.len())).bench_local(|| {
            let mut h = 0;
            for b in &boards {
                h ^= black_box(b).hash();
            }
            h
        });
    }

    /// `Board::position_full` then `Game::from_position`: saving and loading a position.
    #[divan::bench(args = EDITIONS)]
    fn full_text_round_trip(bencher: Bencher, edition: Edition) {
        let boards: Vec<Board> = positions(edition).iter().map(|g| g.board().clone()).collect();
        bencher.counter(ItemsCount::new(boards.len())).bench_local(|| {
            for b in &boards {
                let text = b.position_full();
                black_box(Game::from_position(b.rules().clone(), &text).expect("reads back"));
            }
        });
    }
}

/// Times `play_out(game, seed)` over the 8 fixed games of `edition`, made fresh outside the
/// timing; the throughput is in plies.
fn bench_plies(bencher: Bencher, edition: Edition, mut play_out: impl FnMut(&mut Game, u64) -> u64) {
    let plies: u64 = (0..PLAYOUT_GAMES).map(|s| play_out(&mut new_game(edition, 500 + s), s)).sum();
    bencher
        .counter(ItemsCount::new(plies))
        .with_inputs(|| (0..PLAYOUT_GAMES).map(|s| new_game(edition, 500 + s)).collect::<Vec<_>>())
        .bench_local_values(|mut games| {
            let mut n = 0;
            for (s, g) in games.iter_mut().enumerate() {
                n += play_out(g, s as u64);
            }
            assert_eq!(n, plies, "playouts are deterministic");
            games
        });
}

/// Random playouts to the end (`legal_moves_into` + uniform choice + `play_unchecked`), 8
/// fixed games per iteration; the throughput is in plies.
#[divan::bench(args = EDITIONS)]
fn playout_plies(bencher: Bencher, edition: Edition) {
    let mut moves = Vec::with_capacity(256);
    bench_plies(bencher, edition, |g, s| playout(g, &mut Rng::new(s), &mut moves));
}

/// A user's loop: legal moves into a reused buffer, pick one uniformly, checked `play`, to the
/// end of 8 fixed games per iteration; the throughput is in plies.
#[divan::bench(args = EDITIONS)]
fn user_loop_plies(bencher: Bencher, edition: Edition) {
    #[inline(never)]
    fn user_loop(game: &mut Game, rng: &mut Rng, moves: &mut Vec<Move>) -> u64 {
        let start = game.ply();
        while !game.is_over() {
            game.legal_moves_into(moves);
            let mv = moves[rng.below(moves.len())];
            game.play(mv).expect("a listed move is legal");
        }
        (game.ply() - start) as u64
    }
    let mut moves = Vec::with_capacity(256);
    bench_plies(bencher, edition, |g, s| user_loop(g, &mut Rng::new(s), &mut moves));
}

/// Random playouts to the end with `Game::playout` (uniform moves drawn by `random_move`, no
/// move list), 8 fixed games per iteration; the throughput is in plies.
#[divan::bench(args = EDITIONS)]
fn playout_random_move_plies(bencher: Bencher, edition: Edition) {
    bench_plies(bencher, edition, |g, s| {
        let start = g.ply();
        g.playout(s, u32::MAX);
        (g.ply() - start) as u64
    });
}

mod encode {
    use super::*;

    fn buffers(view: &PlayerView) -> (Vec<f32>, Vec<u8>) {
        let rules = view.rules();
        (vec![0.0; Plane::COUNT * rules.num_squares()], vec![0; rules.num_actions()])
    }

    /// Observation planes plus the legal-action mask, per position (the RL step's encoding).
    #[divan::bench]
    fn observation_and_mask(bencher: Bencher) {
        let views = mover_views(&positions(Edition::Isf));
        let (mut obs, mut mask) = buffers(&views[0]);
        bencher.counter(ItemsCount::new(views.len())).bench_local(|| {
            for v in &views {
                v.observation_into(&mut obs).expect("length");
                v.legal_action_mask_into(&mut mask).expect("length");
            }
        });
    }

    /// Observation planes only, per position.
    #[divan::bench]
    fn observation(bencher: Bencher) {
        let views = mover_views(&positions(Edition::Isf));
        let (mut obs, _) = buffers(&views[0]);
        bencher.counter(ItemsCount::new(views.len())).bench_local(|| {
            for v in &views {
                v.observation_into(&mut obs).expect("length");
            }
        });
    }

    /// The byte board only, per position.
    #[divan::bench]
    fn board_codes(bencher: Bencher) {
        let views = mover_views(&positions(Edition::Isf));
        let mut codes = vec![0u8; views[0].rules().num_squares()];
        bencher.counter(ItemsCount::new(views.len())).bench_local(|| {
            for v in &views {
                v.board_codes_into(&mut codes).expect("length");
            }
        });
    }

    /// Sorted legal action ids into a reused vector, per position.
    #[divan::bench]
    fn legal_actions(bencher: Bencher) {
        let views = mover_views(&positions(Edition::Isf));
        let mut ids = Vec::with_capacity(256);
        bencher.counter(ItemsCount::new(views.len())).bench_local(|| {
            let mut n = 0;
            for v in &views {
                v.legal_actions_into(&mut ids);
                n += ids.len();
            }
            n
        });
    }

    /// Building the mover's `PlayerView` from a game (copies the public history), per position.
    #[divan::bench]
    fn make_view(bencher: Bencher) {
        let games = positions(Edition::Isf);
        bencher.counter(ItemsCount::new(games.len())).bench_local(|| {
            for g in &games {
                black_box(g.view(g.to_move()));
            }
        });
    }
}

/// One RL step along a recorded random `Isf` game of 400 plies, per ply: play an action id
/// (checked), then encode for the next player. The game is made fresh outside the timing.
mod rl_step {
    use super::*;

    /// Step along the recorded game with `encode` after every action.
    fn run<B>(bencher: Bencher, mut buffers: B, encode: impl Fn(&Game, &mut B)) {
        let (ids, seed) = recorded_isf_ids();
        bencher.counter(ItemsCount::new(ids.len())).with_inputs(|| new_game(Edition::Isf, seed)).bench_local_values(
            |mut game| {
                for &id in &ids {
                    game.play_action(id).expect("recorded ids are legal");
                    encode(&game, &mut buffers);
                }
                game
            },
        );
    }

    /// Float planes (12,800 bytes) and the byte mask (10,000 bytes), straight from the game.
    #[divan::bench]
    fn planes_and_byte_mask(bencher: Bencher) {
        run(bencher, (vec![0f32; 3200], vec![0u8; 10_000]), |g, (obs, mask)| {
            g.seen_by(g.to_move()).observation_into(&mut obs[..]).expect("length");
            g.legal_action_mask_into(&mut mask[..]).expect("length");
        });
    }

    /// The byte board (100 bytes) and the bit mask (157 words), straight from the game.
    #[divan::bench]
    fn board_codes_and_bits(bencher: Bencher) {
        run(bencher, (vec![0u8; 100], vec![0u64; 157]), |g, (obs, mask)| {
            g.seen_by(g.to_move()).board_codes_into(&mut obs[..]).expect("length");
            g.legal_action_bits_into(&mut mask[..]).expect("length");
        });
    }

    /// The compact `u8` planes (3,200 bytes) and the bit mask, straight from the game.
    #[divan::bench]
    fn compact_planes_and_bits(bencher: Bencher) {
        run(bencher, (vec![0u8; 3200], vec![0u64; 157]), |g, (obs, mask)| {
            g.seen_by(g.to_move()).observation_into(&mut obs[..]).expect("length");
            g.legal_action_bits_into(&mut mask[..]).expect("length");
        });
    }

    /// Playing the action alone (the floor under every encoding above).
    #[divan::bench]
    fn play_action_only(bencher: Bencher) {
        run(bencher, (), |g, ()| {
            black_box(g);
        });
    }

    /// The old way: build the next player's view (copying the history), then planes and mask.
    #[divan::bench]
    fn via_view_planes_and_byte_mask(bencher: Bencher) {
        run(bencher, (vec![0f32; 3200], vec![0u8; 10_000]), |g, (obs, mask)| {
            let view = g.view(g.to_move());
            view.observation_into(&mut obs[..]).expect("length");
            view.legal_action_mask_into(&mut mask[..]).expect("length");
        });
    }
}

/// `VecEnv::step` with random actions (chosen by `random_actions_into`, timed too; the
/// `random_actions` benchmark times that part alone), per env-step. The envs run on across
/// iterations, resetting themselves as their games end.
mod vec_env {
    use super::*;

    const SIZES: [usize; 3] = [1, 64, 1024];

    fn run(bencher: Bencher, n: usize, observation: ObservationKind, mask: MaskKind, step: bool) {
        let config = VecEnvConfig::default().with_observation(observation).with_mask(mask);
        let mut env = VecEnv::with_config(Rules::edition(Edition::Isf), n, 1, config).expect("valid");
        let mut buffers = env.buffers();
        env.reset(&mut buffers.outputs()).expect("buffers fit");
        let mut actions = vec![0; n];
        let mut seed = 0;
        bencher.counter(ItemsCount::new(n)).bench_local(|| {
            seed += 1;
            env.random_actions_into(seed, &mut actions);
            if step {
                env.step(&actions, &mut buffers.outputs()).expect("random actions are legal");
            }
        });
    }

    /// Float planes and byte masks.
    #[divan::bench(args = SIZES)]
    fn planes_byte_mask(bencher: Bencher, n: usize) {
        run(bencher, n, ObservationKind::Planes, MaskKind::Bytes, true);
    }

    /// Float planes and bit masks.
    #[divan::bench(args = SIZES)]
    fn planes_bits(bencher: Bencher, n: usize) {
        run(bencher, n, ObservationKind::Planes, MaskKind::Bits, true);
    }

    /// Byte boards and bit masks.
    #[divan::bench(args = SIZES)]
    fn board_codes_bits(bencher: Bencher, n: usize) {
        run(bencher, n, ObservationKind::BoardCodes, MaskKind::Bits, true);
    }

    /// Byte boards and byte masks.
    #[divan::bench(args = SIZES)]
    fn board_codes_byte_mask(bencher: Bencher, n: usize) {
        run(bencher, n, ObservationKind::BoardCodes, MaskKind::Bytes, true);
    }

    /// Choosing the random actions alone (part of every benchmark above).
    #[divan::bench(args = SIZES)]
    fn random_actions(bencher: Bencher, n: usize) {
        run(bencher, n, ObservationKind::BoardCodes, MaskKind::Bits, false);
    }
}

/// `VecEnv::step` alone (the random actions drawn outside the timing) at n = 1024 on 1 and 2
/// threads, per env-step: the threads' speed-up.
mod vec_env_threads {
    use super::*;
    use std::cell::RefCell;

    const THREADS: [usize; 2] = [1, 2];

    fn run(bencher: Bencher, threads: usize, observation: ObservationKind, mask: MaskKind) {
        let n = 1024;
        let config = VecEnvConfig::default().with_observation(observation).with_mask(mask).with_threads(threads);
        let env = RefCell::new(VecEnv::with_config(Rules::edition(Edition::Isf), n, 1, config).expect("valid"));
        let buffers = RefCell::new(env.borrow().buffers());
        env.borrow_mut().reset(&mut buffers.borrow_mut().outputs()).expect("buffers fit");
        let mut seed = 0;
        bencher
            .counter(ItemsCount::new(n))
            .with_inputs(|| {
                seed += 1;
                env.borrow().random_actions(seed)
            })
            .bench_local_values(|actions| {
                env.borrow_mut().step(&actions, &mut buffers.borrow_mut().outputs()).expect("random actions are legal");
            });
    }

    /// Byte boards and bit masks.
    #[divan::bench(args = THREADS)]
    fn board_codes_bits(bencher: Bencher, threads: usize) {
        run(bencher, threads, ObservationKind::BoardCodes, MaskKind::Bits);
    }

    /// Byte boards and padded legal ids.
    #[divan::bench(args = THREADS)]
    fn board_codes_ids(bencher: Bencher, threads: usize) {
        run(bencher, threads, ObservationKind::BoardCodes, MaskKind::Ids);
    }

    /// Float planes and byte masks.
    #[divan::bench(args = THREADS)]
    fn planes_byte_mask(bencher: Bencher, threads: usize) {
        run(bencher, threads, ObservationKind::Planes, MaskKind::Bytes);
    }
}

/// Perft from the seeded start `Setup::random(rules, Red, 1)` / `(rules, Blue, 2)`, as in
/// tests/perft.rs; the throughput is in leaves (nodes at `depth`).
#[divan::bench(args = EDITIONS, consts = [5, 6])]
fn perft_from_setup<const DEPTH: u32>(bencher: Bencher, edition: Edition) {
    let rules = Rules::edition(edition);
    let game = Game::new(rules.clone(), Setup::random(&rules, Player::Red, 1), Setup::random(&rules, Player::Blue, 2))
        .expect("valid");
    let leaves = stratego_core::perft(&game, DEPTH);
    bencher.counter(ItemsCount::new(leaves)).bench_local(|| {
        let n = stratego_core::perft(black_box(&game), DEPTH);
        assert_eq!(n, leaves);
        n
    });
}

/// The lean reference engine (`lean_reference/mod.rs`) on the `playout_plies::classic` games: the
/// yardstick for the engine's playout figures, measured in the same run. Each benchmark first
/// checks the reference against the engine (not timed).
mod reference {
    use super::*;
    use lean_reference::{End, MoveList, Position, SplitMix64};
    use std::sync::Once;
    use stratego_core::Square;

    /// The start position of `new_game(Edition::Classic, seed)`.
    fn start(seed: u64) -> Position {
        let rules = Rules::edition(Edition::Classic);
        Position::new(
            &Setup::random(&rules, Player::Red, 2 * seed + 1),
            &Setup::random(&rules, Player::Blue, 2 * seed + 2),
        )
    }

    fn starts() -> [Position; PLAYOUT_GAMES as usize] {
        std::array::from_fn(|s| start(500 + s as u64))
    }

    fn winner(end: End) -> Option<Player> {
        match end {
            End::Won(side) => Player::from_index(side),
            End::Draw => None,
        }
    }

    /// Games the check plays: 4 games miss rare battles (the Spy's strike on the Marshal first
    /// comes in game 16); 64 include that, a Miner's defusing and a mover left without a move.
    const CHECK_GAMES: u64 = 64;

    /// Plays [`CHECK_GAMES`] games with the reference's list moves, mirroring every move on a
    /// Classic `Game` (checked `play`): at every ply the legal moves are the same set, the
    /// count-and-select count equals the list length and its `k`-th move is the list's; both end
    /// the game at the same ply with the same winner; and both playouts replay the game (they
    /// draw the same move from the same number).
    fn check_against_engine() {
        let mut list = MoveList::default();
        for s in 0..CHECK_GAMES {
            let (mut pos, mut game) = (start(500 + s), new_game(Edition::Classic, 500 + s));
            let mut rng = SplitMix64::new(s);
            let mut plies = 0;
            let end = loop {
                let n = pos.moves_into(&mut list);
                let listed: Vec<(usize, usize)> = list.moves().collect();
                let mut ours = listed.clone();
                let mut theirs: Vec<(usize, usize)> =
                    game.legal_moves().iter().map(|m| (m.from.index(10), m.to.index(10))).collect();
                ours.sort_unstable();
                theirs.sort_unstable();
                assert_eq!(ours, theirs, "game {s}, ply {plies}: legal moves");
                assert_eq!(pos.count_moves(), n, "game {s}, ply {plies}: count");
                for (k, &mv) in listed.iter().enumerate() {
                    // The r that draws k: the least with r * n >= k * 2^64.
                    let r = ((k as u128) << 64).div_ceil(n as u128) as u64;
                    assert_eq!(pos.pick(r), Some(mv), "game {s}, ply {plies}: move {k}");
                }
                if n == 0 {
                    break pos.stuck_end();
                }
                assert!(!game.is_over(), "game {s}, ply {plies}: the engine ended the game early");
                let (from, to) = listed[rng.below(n)];
                game.play(Move::new(Square::from_index(from, 10), Square::from_index(to, 10)))
                    .expect("the reference's move is legal");
                plies += 1;
                if let Some(end) = pos.apply(from, to) {
                    break end;
                }
                assert!(plies < lean_reference::PLY_CAP, "game {s}: no end");
            };
            let outcome = game.outcome().unwrap_or_else(|| panic!("game {s}, ply {plies}: the engine goes on"));
            assert_eq!(outcome.winner, winner(end), "game {s}: the winner");
            assert_eq!(game.ply() as u64, plies, "game {s}: plies");
            assert_eq!(start(500 + s).playout_list(&mut SplitMix64::new(s), &mut list), (plies, end), "game {s}");
            assert_eq!(start(500 + s).playout_count_select(&mut SplitMix64::new(s)), (plies, end), "game {s}");
        }
    }

    static CHECK: Once = Once::new();

    fn run(bencher: Bencher, mut playout: impl FnMut(&mut Position, u64) -> u64) {
        CHECK.call_once(check_against_engine);
        let games = starts();
        let plies: u64 = games.iter().zip(0..).map(|(&g, s)| playout(&mut { g }, s)).sum();
        bencher.counter(ItemsCount::new(plies)).with_inputs(starts).bench_local_values(|mut games| {
            let mut n = 0;
            for (g, s) in games.iter_mut().zip(0..) {
                n += playout(g, s);
            }
            assert_eq!(n, plies, "playouts are deterministic");
            games
        });
    }

    /// The reference's list playouts (full move list, uniform choice, apply) of the Classic
    /// `playout_plies` games; the throughput is in plies.
    #[divan::bench]
    fn list_playout_plies(bencher: Bencher) {
        let mut list = MoveList::default();
        run(bencher, |g, s| g.playout_list(&mut SplitMix64::new(s), &mut list).0);
    }

    /// The reference's count-and-select playouts (count per category, draw k, select the k-th
    /// move) of the same games; the throughput is in plies.
    #[divan::bench]
    fn count_select_plies(bencher: Bencher) {
        run(bencher, |g, s| g.playout_count_select(&mut SplitMix64::new(s)).0);
    }
}
