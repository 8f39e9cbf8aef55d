//! The baselines are ordered: heuristic beats random, sampling search beats heuristic, each
//! by a margin the arena's 95 % interval confirms (the whole interval above ½).
//!
//! Matches are fixed by their seeds, so the verdict is the same on every run; they are sized
//! to run in seconds in the debug build of the test command (Barrage for the search agent:
//! eight pieces a side keep its games short). `cargo run --release --example arena` plays
//! the same matches at any size.

use stratego_core::agents::AgentKind;
use stratego_core::arena::Arena;
use stratego_core::{Edition, Rules};

fn assert_better(a: AgentKind, b: AgentKind, edition: Edition, games: u32, max_plies: u32) {
    let arena = Arena::new(Rules::edition(edition)).games(games).seed(2026).max_plies(max_plies);
    let s = arena.play(&a, &b).summary;
    eprintln!("{a} vs {b} ({edition:?}, {games} games): {:?}", s.score);
    assert!(
        s.score.significantly_better(),
        "{a} vs {b}: score {:.3}, 95 % interval {:.3}..{:.3} (W/D/L {}/{}/{})",
        s.score.score,
        s.score.ci.0,
        s.score.ci.1,
        s.score.wins,
        s.score.draws,
        s.score.losses
    );
}

#[test]
fn heuristic_beats_random() {
    assert_better(AgentKind::Heuristic, AgentKind::Random, Edition::Isf, 80, 2000);
}

#[test]
fn sampling_beats_heuristic() {
    assert_better(AgentKind::Sampling { budget: 64 }, AgentKind::Heuristic, Edition::Barrage, 60, 500);
}
