//! Plays seeded games with a fixed policy and prints each final position string, so the Python
//! tests can check that the same game played through `stratego` ends in the same position.
//!
//! ```text
//! cargo run -p stratego-py --example seeded_games -- RULES SEED [SEED ...]
//! ```
//!
//! The policy: at ply `p`, play legal move number `(p * 7919) % n` of the `n` legal moves.

use stratego_core::{Game, Rules};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let rules: Rules = args.next().as_deref().unwrap_or("isf").parse()?;
    for seed in args {
        let seed: u64 = seed.parse()?;
        let mut game = Game::random(rules.clone(), seed);
        let mut moves = Vec::new();
        while game.outcome().is_none() {
            game.legal_moves_into(&mut moves);
            let mv = moves[(game.ply() as usize * 7919) % moves.len()];
            game.play(mv)?;
        }
        println!("{seed} {}", game.position());
    }
    Ok(())
}
