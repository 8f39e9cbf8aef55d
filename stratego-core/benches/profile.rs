//! Fixed workloads for instruction-count profiles (`valgrind --tool=callgrind`), one per
//! benchmark the performance page's targets name (docs/src/performance.md), so that a change
//! can be judged on a noisy machine.
//!
//! ```text
//! bash scripts/profile.sh playout isf      # builds this bench, runs it under callgrind
//! cargo bench -p stratego-core --bench profile -- playout isf   # the same, without callgrind
//! ```
//!
//! Workloads: `playout` (`random_move` + `play_unchecked` to the end, 8 games),
//! `reference_list` and `reference_count` (the engine benchmark's lean reference playing the
//! same Classic games by move list and by count-and-select; subtract `reference_new`, which
//! only makes their start positions),
//! `new_games`
//! (only making those games: subtract it from a loop's count for the loop alone), `user_loop`
//! (`legal_moves_into` a reused buffer, pick one, checked `play`, 8 games), `action_loop` (the
//! same games' loop by action id: sorted `legal_actions_into`, checked `play_action`, as
//! `stratego-ffi/tests/c/loop_bench.c` does through the C ABI), `perft5` and
//! `perft6` (from the benchmarks' seeded setups), `rl_step` (the benchmark
//! `rl_step::board_codes_and_bits`: `play_action`, byte board and bit mask, 20 x 400 steps), `clone` (1,000 clones of a game at ply 500),
//! `clone_and_play` (clone and play one move, 20 times over the 256 positions of
//! `apply::clone_and_play`: every 100th ply of seeded games, kept alive side by side),
//! `sample_world` and `sample_board` (10,000 worlds drawn from Red's view of a game at ply 200,
//! as a `Game` whose board is then cloned, the way a search used to, or as a `Board`).
//! Editions: `isf`, `classic`. An optional third argument sets the number of games of the
//! game loops (`profile playout isf 400`). Prints the work done (plies, leaves, clones).

use std::hint::black_box;

// The engine benchmark's lean reference (Classic, no repetition rules), for its counts.
#[allow(dead_code)]
#[path = "lean_reference/mod.rs"]
mod lean_reference;

mod support;

use stratego_core::{perft, Edition, Game, Perspective, Player, Rules, Setup};
use support::{new_game, positions, recorded_isf_ids, Rng};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| a != "--bench").collect();
    let (work, edition, games) = match args.as_slice() {
        [w, e] => (w.as_str(), e.as_str(), 8),
        [w, e, n] if n.parse::<u64>().is_ok() => (w.as_str(), e.as_str(), n.parse().expect("checked")),
        _ => {
            eprintln!("usage: profile playout|new_games|user_loop|action_loop|rl_step|perft5|perft6|clone|clone_and_play|sample_world|sample_board isf|classic [games]");
            std::process::exit(2);
        }
    };
    let edition = match edition {
        "isf" => Edition::Isf,
        "classic" => Edition::Classic,
        other => {
            eprintln!("unknown edition {other}");
            std::process::exit(2);
        }
    };
    let done: u64 = match work {
        "playout" => (0..games)
            .map(|s| {
                let mut g = new_game(edition, 500 + s);
                g.playout(s, u32::MAX);
                g.ply() as u64
            })
            .sum(),
        // The lean reference's playouts of the same Classic games (any edition argument):
        // its list playout and its count-and-select playout.
        "reference_list" | "reference_count" | "reference_new" => (0..games)
            .map(|s| {
                let rules = Rules::edition(Edition::Classic);
                let (red, blue) = (
                    Setup::random(&rules, Player::Red, 2 * (500 + s) + 1),
                    Setup::random(&rules, Player::Blue, 2 * (500 + s) + 2),
                );
                let mut position = lean_reference::Position::new(&red, &blue);
                let mut rng = lean_reference::SplitMix64::new(s);
                if work == "reference_new" {
                    black_box(&mut position);
                    1
                } else if work == "reference_list" {
                    position.playout_list(&mut rng, &mut lean_reference::MoveList::default()).0
                } else {
                    position.playout_count_select(&mut rng).0
                }
            })
            .sum(),
        // The games the other workloads start from, made and dropped: subtract its count.
        "new_games" => (0..games).map(|s| black_box(new_game(edition, 500 + s)).ply() as u64 + 1).sum(),
        "user_loop" => {
            let mut moves = Vec::with_capacity(256);
            let mut plies = 0;
            for s in 0..games {
                let mut g = new_game(edition, 500 + s);
                let mut rng = Rng::new(s);
                while !g.is_over() {
                    g.legal_moves_into(&mut moves);
                    g.play(moves[rng.below(moves.len())]).expect("a listed move is legal");
                    plies += 1;
                }
            }
            plies
        }
        "action_loop" => {
            // The loop of stratego-ffi/tests/c/loop_bench.c through the core: sorted ids, checked play by id.
            let mut ids = Vec::with_capacity(1024);
            let mut plies = 0;
            for s in 0..games {
                let mut g = new_game(edition, 500 + s);
                let mut rng = Rng::new(s);
                while !g.is_over() {
                    g.board().legal_actions_into(&mut ids);
                    g.play_action(ids[rng.below(ids.len())]).expect("a listed id is legal");
                    plies += 1;
                }
            }
            plies
        }
        "rl_step" => {
            // The benchmark `rl_step::board_codes_and_bits`: a recorded 400-ply game by action
            // id, replayed 20 times, the byte board and the bit mask after every action.
            let (ids, seed) = recorded_isf_ids();
            let games: Vec<Game> = (0..20).map(|_| new_game(Edition::Isf, seed)).collect();
            rl_steps(games, &ids)
        }
        "perft5" | "perft6" => {
            let rules = Rules::edition(edition);
            let game =
                Game::new(rules.clone(), Setup::random(&rules, Player::Red, 1), Setup::random(&rules, Player::Blue, 2))
                    .expect("valid");
            perft(&game, if work == "perft5" { 5 } else { 6 })
        }
        "clone" => {
            let mut g = new_game(edition, 77);
            g.playout(77, 500);
            (0..1000).map(|_| black_box(g.clone()).ply() as u64 / 500).sum()
        }
        "clone_and_play" => {
            let games = positions(edition);
            let firsts: Vec<_> = games.iter().map(|g| g.legal_moves()[0]).collect();
            clone_and_play_rounds(&games, &firsts)
        }
        "sample_world" | "sample_board" => {
            let mut g = new_game(edition, 77);
            g.playout(77, 200);
            let view = g.view(Player::Red);
            let boards = (0..10_000u64).map(|seed| {
                if work == "sample_world" {
                    view.sample_world(seed).board().clone()
                } else {
                    view.sample_board(seed)
                }
            });
            boards.map(|b| black_box(b).ply() as u64 / 200).sum()
        }
        other => {
            eprintln!("unknown workload {other}");
            std::process::exit(2);
        }
    };
    println!("{work} {edition:?}: {done}");
}

/// 20 rounds of cloning each game and playing its move: the part of `clone_and_play` to
/// count alone (`valgrind --tool=callgrind --toggle-collect='*clone_and_play_rounds*'`).
#[inline(never)]
fn clone_and_play_rounds(games: &[Game], firsts: &[stratego_core::Move]) -> u64 {
    let mut played = 0;
    for _ in 0..20 {
        for (g, &mv) in games.iter().zip(firsts) {
            let mut c = g.clone();
            black_box(c.play_unchecked(mv));
            played += 1;
        }
    }
    played
}

/// The steps of `rl_step` on the games made for them: the part to count alone
/// (`valgrind --tool=callgrind --toggle-collect='*rl_steps*'`).
#[inline(never)]
fn rl_steps(games: Vec<Game>, ids: &[usize]) -> u64 {
    let (mut codes, mut bits) = (vec![0u8; 100], vec![0u64; 157]);
    let mut steps = 0;
    for mut g in games {
        for &id in ids {
            g.play_action(id).expect("recorded ids are legal");
            g.seen_by(g.to_move()).board_codes_into(&mut codes).expect("length");
            black_box(g.legal_action_bits_into(&mut bits).expect("length"));
            steps += 1;
        }
    }
    steps
}
