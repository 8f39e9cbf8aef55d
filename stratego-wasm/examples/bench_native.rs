//! The native user loop the Node benchmark compares with: draw a random legal move, play it
//! checked, per ply, over whole games. Prints nanoseconds per ply.

use std::time::Instant;

use stratego_core::{Edition, Game, Player, Rules, Setup};

fn main() {
    let plies_wanted: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(2_000_000);
    let rules = Rules::edition(Edition::Isf);
    let (mut plies, mut seed) = (0u64, 0u64);
    let start = Instant::now();
    while plies < plies_wanted {
        seed += 1;
        let red = Setup::random(&rules, Player::Red, seed);
        let blue = Setup::random(&rules, Player::Blue, seed + 1_000_000);
        let mut game = Game::new(rules.clone(), red, blue).expect("random setups are valid");
        while !game.is_over() && game.ply() < 2000 {
            let Some(mv) = game.random_move(seed.wrapping_mul(1_000_003) + u64::from(game.ply())) else { break };
            game.play(mv).expect("a drawn move is legal");
            plies += 1;
        }
    }
    let ns = start.elapsed().as_nanos() as f64 / plies as f64;
    println!("{{\"plies\": {plies}, \"ns_per_ply\": {ns:.1}}}");
}
