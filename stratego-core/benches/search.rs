//! Search agent benchmarks: seconds a move and playouts (the budget's nodes) a second for each
//! budget, in ISF and Barrage mid-game positions; the heuristic's seconds a move beside them.
//!
//! Run with `cargo bench -p stratego-core --bench search`. Each iteration is one decision in
//! one of a fixed, seeded set of positions (reached by two heuristic agents playing 60 to 150
//! plies), so the time per iteration is seconds a move and the throughput is playouts a second.

use divan::counter::ItemsCount;
use divan::{black_box, Bencher};
use stratego_core::agents::{Agent, HeuristicAgent, SearchAgent};
use stratego_core::{Edition, Game, PlayerView, Rules};

fn main() {
    divan::main();
}

/// Mid-game views of `edition` for the player to move, reached by heuristic play.
fn positions(edition: Edition) -> Vec<PlayerView> {
    let mut out = Vec::new();
    for seed in 0..8u64 {
        let mut game = Game::random(Rules::edition(edition), seed);
        let mut agents = [HeuristicAgent::new(seed), HeuristicAgent::new(seed + 100)];
        let plies = 60 + seed * 12;
        while !game.is_over() && (game.ply() as u64) < plies {
            let mover = game.to_move();
            let Some(mv) = agents[mover.index()].choose(&game.view(mover)) else { break };
            game.play(mv).expect("agents play legal moves");
        }
        if !game.is_over() {
            out.push(game.view(game.to_move()));
        }
    }
    out
}

const BUDGETS: [u32; 4] = [250, 600, 1_000, 4_000];

#[divan::bench(args = BUDGETS, sample_count = 8, sample_size = 1)]
fn search_isf(bencher: Bencher, budget: u32) {
    decide(bencher, Edition::Isf, budget);
}

#[divan::bench(args = BUDGETS, sample_count = 8, sample_size = 1)]
fn search_barrage(bencher: Bencher, budget: u32) {
    decide(bencher, Edition::Barrage, budget);
}

fn decide(bencher: Bencher, edition: Edition, budget: u32) {
    let views = positions(edition);
    let mut i = 0;
    bencher.counter(ItemsCount::new(budget)).bench_local(|| {
        i = (i + 1) % views.len();
        black_box(SearchAgent::new(i as u64, budget).choose(&views[i]))
    });
}

#[divan::bench(sample_count = 20, sample_size = 20)]
fn heuristic_isf(bencher: Bencher) {
    let views = positions(Edition::Isf);
    let mut agent = HeuristicAgent::new(1);
    let mut i = 0;
    bencher.bench_local(|| {
        i = (i + 1) % views.len();
        black_box(agent.choose(&views[i]))
    });
}
