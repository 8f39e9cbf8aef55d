//! Plays one whole seeded game between two random players and prints it.
//!
//! ```text
//! cargo run --release --example play -- [EDITION_OR_RULES] [SEED]
//! cargo run --release --example play -- isf 7
//! cargo run --release --example play -- "classic(max_plies=2000)" 3
//! ```

use stratego_core::{Game, Player, Rules, Setup};

/// A tiny seeded generator (xorshift64*): the example needs no dependency for its dice.
struct Dice(u64);

impl Dice {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 32) as usize % n
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let rules: Rules = args.next().as_deref().unwrap_or("isf").parse()?;
    let seed: u64 = args.next().as_deref().unwrap_or("1").parse()?;

    let red = Setup::random(&rules, Player::Red, seed);
    let blue = Setup::random(&rules, Player::Blue, seed);
    let mut game = Game::new(rules.clone(), red, blue)?;
    println!("rules: {rules}, seed {seed}\n");
    println!("The board as Red sees it before the first move:\n{}", game.view(Player::Red));

    let mut dice = Dice(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut moves = Vec::new();
    let mut battles = 0;
    while game.outcome().is_none() {
        game.legal_moves_into(&mut moves);
        let mv = moves[dice.below(moves.len())];
        let report = game.play(mv)?;
        if let Some(b) = report.battle {
            battles += 1;
            if battles <= 5 {
                println!(
                    "ply {:>4}: {} {} {} attacks {} -> {:?}",
                    game.ply(),
                    report.player,
                    mv,
                    b.attacker,
                    b.defender,
                    b.result
                );
            }
        }
    }

    let outcome = game.outcome().expect("the loop ends with an outcome");
    println!("... {battles} battles in all\n");
    println!("The final board (full information; * = revealed by a battle):\n{game}");
    println!("The same board as Blue sees it:\n{}", game.view(Player::Blue));
    match outcome.winner {
        Some(w) => println!("{w} wins after {} plies: {:?}", game.ply(), outcome.termination),
        None => println!("draw after {} plies: {:?}", game.ply(), outcome.termination),
    }
    for p in Player::ALL {
        let lost: Vec<String> = game.captured(p).iter().map(|r| r.to_string()).collect();
        let noun = if lost.len() == 1 { "piece" } else { "pieces" };
        println!("{p} lost {} {noun}: {}", lost.len(), lost.join(", "));
    }
    Ok(())
}
