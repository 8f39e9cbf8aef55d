//! The final positions of seeded games played natively, one JSON line each, for the Node tests
//! to compare with the same games played through JS, with the setups agents and
//! `Setup::human_like` draw for the same seeds.

use stratego_core::agents::AgentKind;
use stratego_core::{Edition, Game, Player, Rules, Setup};

/// Plies per game: enough for battles, few enough to run in a blink.
const PLIES: u32 = 300;

fn main() {
    for edition in Edition::ALL {
        for seed in 1..=3u64 {
            for agent in ["random-move", "heuristic", "sampling:4"] {
                let rules = Rules::edition(edition);
                let red = Setup::random(&rules, Player::Red, seed);
                let blue = Setup::random(&rules, Player::Blue, seed + 100);
                let Ok(mut game) = Game::new(rules, red, blue) else { continue };
                let plies = if agent == "sampling:4" { 20 } else { PLIES };
                let kind: Option<AgentKind> = agent.parse().ok();
                let mut agents = kind.map(|k| [k.make(seed), k.make(seed + 1)]);
                while !game.is_over() && game.ply() < plies {
                    let mv = match agents.as_mut() {
                        None => game.random_move(seed * 1_000_003 + u64::from(game.ply())),
                        Some(a) => a[game.to_move().index()].choose(&game.view(game.to_move())),
                    };
                    let Some(mv) = mv else { break };
                    game.play(mv).expect("an agent's move is legal");
                }
                // What a fresh agent of this kind sets up, and the human-like draw of the seed.
                let agent_setup = kind.and_then(|k| k.make(seed).setup(game.rules(), Player::Red));
                println!(
                    "{}",
                    serde_json::json!({
                        "edition": edition.to_string(), "seed": seed, "agent": agent, "plies": plies,
                        "position": game.position(),
                        "agent_setup": agent_setup.map(|s| s.to_text(game.rules())),
                        "human_like": Setup::human_like(game.rules(), Player::Red, seed).to_text(game.rules()),
                    })
                );
            }
        }
    }
}
