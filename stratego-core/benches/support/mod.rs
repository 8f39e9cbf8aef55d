//! What the benchmarks and the profile workloads share: the move chooser, the seeded games and
//! the positions they walk, so both measure the same work.
#![allow(dead_code)]

use stratego_core::{Edition, Game, Player, Rules, Setup};

/// xorshift64*: the benchmarks' move chooser.
pub struct Rng(u64);
impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    #[inline(always)]
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        ((self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 32) as usize * n) >> 32
    }
}

/// A fresh game from seeded random setups (history room reserved, as `Game::new` does).
pub fn new_game(edition: Edition, seed: u64) -> Game {
    let rules = Rules::edition(edition);
    let red = Setup::random(&rules, Player::Red, 2 * seed + 1);
    let blue = Setup::random(&rules, Player::Blue, 2 * seed + 2);
    Game::new(rules, red, blue).expect("random setups are valid")
}

/// 256 positions where the game goes on: every 100th ply of 32 random games, so openings,
/// middle games and endings all count.
pub fn positions(edition: Edition) -> Vec<Game> {
    let mut out = Vec::new();
    let mut moves = Vec::new();
    let mut seed = 0;
    while out.len() < 256 {
        let mut game = new_game(edition, 1000 + seed);
        let mut rng = Rng::new(seed);
        while !game.is_over() && out.len() < 256 {
            if game.ply() % 100 == 0 {
                out.push(game.clone());
            }
            game.legal_moves_into(&mut moves);
            game.play_unchecked(moves[rng.below(moves.len())]);
        }
        seed += 1;
    }
    out
}

/// The action ids of the first seeded random `Isf` game that lasts 400 plies, and its seed
/// (the game of the benchmarks' `rl_step` module).
pub fn recorded_isf_ids() -> (Vec<usize>, u64) {
    let mut seed = 0;
    loop {
        let mut game = new_game(Edition::Isf, seed);
        let mut rng = Rng::new(seed);
        let mut ids = Vec::new();
        while !game.is_over() && ids.len() < 400 {
            let legal = game.legal_actions();
            let id = legal[rng.below(legal.len())];
            ids.push(id);
            game.play_action(id).expect("a legal id");
        }
        if ids.len() == 400 {
            return (ids, seed);
        }
        seed += 1;
    }
}
