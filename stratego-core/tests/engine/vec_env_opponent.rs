//! `VecEnv` against a built-in opponent: the learner is always the one to move, its side
//! follows `agent_color`, the opponent's replies are played inside the step, rewards and ends
//! follow the outcome, and results depend only on the seed, the env and its episode count.

use stratego_core::agents::AgentKind;
use stratego_core::{
    AgentColor, Edition, ObservationKind, Player, Rules, StepBuffers, VecEnv, VecEnvConfig, VecEnvError,
};

fn config(opponent: AgentKind, color: AgentColor) -> VecEnvConfig {
    VecEnvConfig::default()
        .with_observation(ObservationKind::BoardCodes)
        .with_opponent(Some(opponent))
        .with_agent_color(color)
}

/// Env `i`'s outputs as text, to compare batches.
fn env_outputs(b: &StepBuffers, i: usize) -> String {
    format!(
        "{:?} {} {} {:?} {} {} {}",
        &b.bytes[i * 100..][..100],
        b.to_move[i],
        b.actors[i],
        &b.rewards[2 * i..2 * i + 2],
        b.terminated[i],
        b.truncated[i],
        b.episode_lengths[i]
    )
}

#[test]
fn the_learner_is_always_to_move_and_plays_its_color() {
    let rules = Rules::edition(Edition::Barrage);
    for (color, expected) in
        [(AgentColor::Red, Some(Player::Red)), (AgentColor::Blue, Some(Player::Blue)), (AgentColor::Random, None)]
    {
        let mut env =
            VecEnv::with_config(rules.clone(), 6, 3, config(AgentKind::Random, color).with_max_plies(80)).unwrap();
        let mut b = env.buffers();
        env.reset(&mut b.outputs()).unwrap();
        let mut sides = [0u32; 2];
        for step in 0..600 {
            for i in 0..6 {
                let learner = env.learner(i).unwrap();
                assert_eq!(b.to_move[i], learner.index() as u8, "{color:?} step {step}: the learner is to move");
                if let Some(side) = expected {
                    assert_eq!(learner, side);
                }
                // Blue's games open with the opponent's move.
                let board = env.board(i).unwrap();
                if learner == Player::Blue && b.episode_lengths[i] == 0 {
                    assert!(board.ply() >= 1);
                }
                sides[learner.index()] += 1;
            }
            let actions = env.random_actions(step);
            let learners: Vec<u8> = (0..6).map(|i| env.learner(i).unwrap().index() as u8).collect();
            env.step(&actions, &mut b.outputs()).unwrap();
            // The actor is the side that played the action: the learner of the episode it ended or went on.
            assert_eq!(b.actors, learners);
            for i in 0..6 {
                let own = b.rewards[2 * i + b.actors[i] as usize];
                if b.terminated[i] {
                    let end = env.final_position(i).unwrap();
                    let winner = end.outcome.unwrap().winner;
                    let want = match winner {
                        Some(w) if w.index() as u8 == b.actors[i] => 1.0,
                        Some(_) => -1.0,
                        None => 0.0,
                    };
                    assert_eq!(own, want);
                } else {
                    assert_eq!(own, 0.0);
                }
            }
        }
        if expected.is_none() {
            assert!(sides[0] > 500 && sides[1] > 500, "both sides are drawn: {sides:?}");
        }
        assert!(env.total_stats().episodes > 6, "{color:?}: episodes end and start again");
    }
}

#[test]
fn an_env_plays_the_same_games_in_any_batch() {
    // Env 3 of 64 and env 3 of 4, given the same actions, against every kind of opponent.
    for opponent in [AgentKind::Random, AgentKind::Heuristic, AgentKind::Sampling { budget: 4 }] {
        let rules = Rules::edition(Edition::Barrage);
        let c = config(opponent, AgentColor::Random).with_max_plies(40);
        let steps = if matches!(opponent, AgentKind::Sampling { .. }) { 30 } else { 120 };
        let mut traces = Vec::new();
        for n in [4, 64] {
            let mut env = VecEnv::with_config(rules.clone(), n, 17, c).unwrap();
            let mut b = env.buffers();
            env.reset(&mut b.outputs()).unwrap();
            let mut t = vec![env_outputs(&b, 3)];
            for step in 0..steps {
                let mut actions = env.random_actions(step);
                // Env 3's action from its own position alone, the same in both batches.
                actions[3] =
                    VecEnv::from_env_states(rules.clone(), 0, VecEnvConfig::default(), vec![env.env_state(3).unwrap()])
                        .unwrap()
                        .random_actions(step)[0];
                env.step(&actions, &mut b.outputs()).unwrap();
                t.push(env_outputs(&b, 3));
            }
            traces.push((t, env.env_state(3).unwrap()));
        }
        assert!(traces[0] == traces[1], "{opponent}: env 3 differs between batches of 4 and 64");
    }
}

#[test]
fn a_saved_env_goes_on_and_a_waiting_opponent_is_refused() {
    let rules = Rules::edition(Edition::Isf);
    let c = config(AgentKind::Heuristic, AgentColor::Random).with_max_plies(50);
    let mut a = VecEnv::with_config(rules.clone(), 4, 2, c).unwrap();
    let mut out_a = a.buffers();
    a.reset(&mut out_a.outputs()).unwrap();
    for step in 0..30 {
        a.step(&a.random_actions(step), &mut out_a.outputs()).unwrap();
    }
    let states: Vec<_> = (0..4).map(|i| a.env_state(i).unwrap()).collect();
    let mut b = VecEnv::from_env_states(rules.clone(), a.seed(), c, states).unwrap();
    let mut out_b = b.buffers();
    for step in 30..90 {
        let actions = a.random_actions(step);
        a.step(&actions, &mut out_a.outputs()).unwrap();
        b.step(&actions, &mut out_b.outputs()).unwrap();
        assert!(out_a == out_b, "step {step}");
    }
    // A self-play state with the side to move that is not the learner's.
    let mut selfplay = VecEnv::new(rules.clone(), 1, 0).unwrap();
    let mut out = selfplay.buffers();
    selfplay.reset(&mut out.outputs()).unwrap();
    selfplay.step(&selfplay.random_actions(0), &mut out.outputs()).unwrap(); // Blue to move
    let red = config(AgentKind::Random, AgentColor::Red);
    assert_eq!(
        VecEnv::from_env_states(rules, 0, red, vec![selfplay.env_state(0).unwrap()]).unwrap_err(),
        VecEnvError::OpponentToMove { env: 0 }
    );
}

#[test]
fn a_reset_keeps_a_game_the_learner_has_not_played_in() {
    let rules = Rules::edition(Edition::Isf);
    let mut env = VecEnv::with_config(rules, 2, 0, config(AgentKind::Random, AgentColor::Blue)).unwrap();
    let mut b = env.buffers();
    env.reset(&mut b.outputs()).unwrap();
    assert_eq!((env.episode(0), b.episode_lengths[0]), (Some(0), 1)); // the opponent's opening
    env.step(&env.random_actions(0), &mut b.outputs()).unwrap();
    env.reset(&mut b.outputs()).unwrap();
    assert_eq!(env.episode(0), Some(1));
}

#[test]
fn every_edition_runs_against_every_opponent() {
    // Ultimate Lightning's rescue decisions stay with the side that triggered them: the
    // learner decides its own, the opponent its own, inside the step.
    for edition in Edition::ALL {
        for opponent in [AgentKind::Random, AgentKind::Heuristic] {
            let rules = Rules::edition(edition);
            let c = config(opponent, AgentColor::Random).with_max_plies(120);
            let mut env = VecEnv::with_config(rules, 3, 8, c).unwrap();
            let mut b = env.buffers();
            env.reset(&mut b.outputs()).unwrap();
            for step in 0..150 {
                env.step(&env.random_actions(step), &mut b.outputs()).unwrap();
                for i in 0..3 {
                    assert_eq!(env.learner(i).map(|p| p.index() as u8), Some(b.to_move[i]), "{edition:?} {opponent}");
                }
            }
            assert!(env.total_stats().episodes >= 3, "{edition:?} {opponent}: episodes end");
        }
    }
}
