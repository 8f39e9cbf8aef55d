//! The fuzz targets' checks as property tests: random byte strings through the `play` body
//! (rules choice, seeds, action stream, every invariant after each step) and through the
//! parser bodies, so plain `cargo test` exercises the same checks the fuzzer does.

use crate::common::seeded_game;
use crate::fuzz_bodies;

use proptest::prelude::*;

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig { cases, failure_persistence: None, ..ProptestConfig::default() }
}

proptest! {
    #![proptest_config(config(48))]

    /// Random action streams against every rules choice.
    #[test]
    fn play_keeps_every_invariant(data in proptest::collection::vec(any::<u8>(), 0..300)) {
        fuzz_bodies::play::play(&data);
    }

    /// Long runs of listed moves with an undo, a twin and an odd attempt mixed in: these reach
    /// the middle and the end of games, where captures and outcomes happen.
    #[test]
    fn long_games_keep_every_invariant(
        rules in any::<[u8; 3]>(),
        seeds in any::<[u8; 16]>(),
        ops in proptest::collection::vec((0u8..16, any::<[u8; 2]>()), 100..400),
    ) {
        let mut data = rules.to_vec();
        data.extend(seeds);
        for (op, args) in ops {
            // Mostly listed moves (ops 0..=2), sometimes anything else.
            let op = if op < 12 { op % 3 } else { op };
            data.push(op);
            data.extend(args);
        }
        fuzz_bodies::play::play(&data);
    }
}

proptest! {
    #![proptest_config(config(64))]

    /// The text targets on printable noise and on near-valid rules text.
    #[test]
    fn text_targets_hold(text in "\\PC{0,60}", rules in "(isf|classic|barrage|duel|jumbo|estrategia)\\([a-z_=,.:>/0-9A-Z]{0,40}\\)") {
        for &(_, body) in fuzz_bodies::TARGETS.iter().filter(|(n, _)| *n != "play") {
            body(text.as_bytes());
        }
        fuzz_bodies::text::rules_text(rules.as_bytes());
    }
}

/// The twin check is not vacuous: in games of every edition it finds hidden pieces to permute
/// and compares the views (rules choice byte = edition, then the preset).
#[test]
fn twins_are_built_in_every_edition() {
    use stratego_core::{Edition, Player, Rules};
    for (i, edition) in Edition::ALL.into_iter().enumerate() {
        let rules = Rules::edition(edition);
        let mut compared = 0;
        for seed in 0..6u64 {
            let mut game = seeded_game(&rules, seed, seed + 100);
            for ply in 0..40usize {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    break;
                }
                game.play(moves[(ply * 7 + seed as usize) % moves.len()]).expect("a listed move");
            }
            for viewer in Player::ALL {
                compared += fuzz_bodies::twin::check_twin(&game, viewer, seed as usize) as usize;
            }
        }
        assert!(compared >= 6, "edition {i} ({edition}): only {compared} of 12 twins compared");
    }
}
