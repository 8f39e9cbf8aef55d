//! The native user loops the Node benchmark compares with, per ply over whole games, in action
//! ids as a JS loop plays them: draw a random legal action and play it checked ("random"), or
//! list the legal actions into a buffer, pick one and play it checked ("list"). Prints
//! nanoseconds per ply for each.

use std::time::Instant;

use stratego_core::{Edition, Game, Player, Position, Rules, Setup};

/// Room for the legal action ids of any position a benchmark game reaches (the JS loop uses
/// the same size).
const BUFFER: usize = 512;

/// The games of the benchmark: setups from `seed`, the same as the Node loops build.
fn game(rules: &Rules, seed: u64) -> Game {
    let red = Setup::random(rules, Player::Red, seed);
    let blue = Setup::random(rules, Player::Blue, seed + 1_000_000);
    Game::new(rules.clone(), red, blue).expect("random setups are valid")
}

/// Plays whole games by `ply` (which returns false when the mover has no move) until `wanted`
/// plies; nanoseconds per ply.
fn per_ply(wanted: u64, mut ply: impl FnMut(&mut Game, u64) -> bool) -> (u64, f64) {
    let rules = Rules::edition(Edition::Isf);
    let (mut plies, mut seed) = (0u64, 0u64);
    let start = Instant::now();
    while plies < wanted {
        seed += 1;
        let mut game = game(&rules, seed);
        while !game.is_over() && game.ply() < 2000 {
            let entropy = seed.wrapping_mul(1_000_003) + u64::from(game.ply());
            if !ply(&mut game, entropy) {
                break;
            }
            plies += 1;
        }
    }
    (plies, start.elapsed().as_nanos() as f64 / plies as f64)
}

fn main() {
    let wanted: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(2_000_000);
    let (plies, random) = per_ply(wanted, |game, entropy| {
        let Some(mv) = game.random_move(entropy) else { return false };
        let id = game.rules().action_id(game.to_move(), mv).expect("a legal move has an id");
        game.play_action(id).expect("a drawn action is legal");
        true
    });
    let mut ids = [0u32; BUFFER];
    let (_, list) = per_ply(wanted, |game, entropy| {
        let n = game.legal_actions_into_slice(&mut ids);
        if n == 0 {
            return false;
        }
        assert!(n <= BUFFER, "{n} legal actions, more than the buffer");
        game.play_action(ids[(entropy % n as u64) as usize] as usize).expect("a listed action is legal");
        true
    });
    println!("{{\"plies\": {plies}, \"random_ns_per_ply\": {random:.1}, \"list_ns_per_ply\": {list:.1}}}");
}
