//! `VecEnv` on several threads: every output, every env's state and every statistic equal
//! those of one thread, step by step, in self-play and against an opponent.

use stratego_core::agents::AgentKind;
use stratego_core::{Edition, MaskKind, ObservationKind, Rules, VecEnv, VecEnvConfig, VecEnvError};

/// Step `n` envs of `config` on `threads` threads for `steps` steps with the VecEnv's own
/// random actions; every output after every step, and the envs' final states.
fn trace(rules: &Rules, config: VecEnvConfig, n: usize, threads: usize, steps: u64) -> (Vec<String>, Vec<String>) {
    let mut env = VecEnv::with_config(rules.clone(), n, 9, config.with_threads(threads)).unwrap();
    let mut b = env.buffers();
    env.reset(&mut b.outputs()).unwrap();
    let mut outputs = vec![format!("{b:?}")];
    for step in 0..steps {
        let actions = env.random_actions(step);
        env.step(&actions, &mut b.outputs()).unwrap();
        outputs.push(format!("{b:?}"));
    }
    let states = (0..n).map(|i| format!("{:?}", env.env_state(i).unwrap())).collect();
    (outputs, states)
}

#[test]
fn threads_give_the_results_of_one_thread() {
    let rules = Rules::edition(Edition::Isf);
    let self_play = VecEnvConfig::default().with_mask(MaskKind::Ids).with_max_plies(60);
    let against = VecEnvConfig::default()
        .with_observation(ObservationKind::CompactPlanes)
        .with_opponent(Some(AgentKind::Heuristic))
        .with_max_plies(60);
    for config in [self_play, against] {
        // 13 envs: shards of unequal size; more threads than envs are capped at one per env.
        let one = trace(&rules, config, 13, 1, 150);
        for threads in [2, 3, 8, 40] {
            let many = trace(&rules, config, 13, threads, 150);
            assert!(one.0 == many.0, "{config:?}: outputs differ on {threads} threads");
            assert!(one.1 == many.1, "{config:?}: env states differ on {threads} threads");
        }
    }
}

#[test]
fn random_actions_on_threads_are_those_of_one_thread() {
    // Enough envs that the actions are picked in several chunks, shared out among threads.
    let rules = Rules::edition(Edition::Isf);
    let config = VecEnvConfig::default().with_observation(ObservationKind::BoardCodes).with_mask(MaskKind::Bits);
    let make = |threads| VecEnv::with_config(rules.clone(), 300, 4, config.with_threads(threads)).unwrap();
    let (mut one, mut two) = (make(1), make(2));
    let (mut b1, mut b2) = (one.buffers(), two.buffers());
    one.reset(&mut b1.outputs()).unwrap();
    two.reset(&mut b2.outputs()).unwrap();
    for step in 0..40 {
        let actions = one.random_actions(step);
        assert_eq!(actions, two.random_actions(step), "step {step}");
        let mut short = vec![usize::MAX; 7];
        two.random_actions_into(step, &mut short);
        assert_eq!(short, actions[..7], "step {step}: a shorter buffer gets the first envs' actions");
        one.step(&actions, &mut b1.outputs()).unwrap();
        two.step(&actions, &mut b2.outputs()).unwrap();
    }
}

#[test]
fn zero_threads_is_refused() {
    let config = VecEnvConfig::default().with_threads(0);
    assert_eq!(VecEnv::with_config(Rules::edition(Edition::Isf), 2, 0, config).unwrap_err(), VecEnvError::ZeroThreads);
}

/// The shards check their own actions at once: a refused action anywhere still changes no env,
/// and the error names the first refused env, as on one thread.
#[test]
fn a_refused_action_on_any_shard_changes_no_env_and_names_the_first_one() {
    let rules = Rules::edition(Edition::Isf);
    for threads in [1, 2, 3] {
        let config = VecEnvConfig::default().with_mask(MaskKind::Ids).with_threads(threads);
        let mut env = VecEnv::with_config(rules.clone(), 12, 4, config).unwrap();
        let mut b = env.buffers();
        env.reset(&mut b.outputs()).unwrap();
        for step in 0..5 {
            let actions = env.random_actions(step);
            env.step(&actions, &mut b.outputs()).unwrap();
        }
        let before: Vec<String> = (0..12).map(|i| format!("{:?}", env.env_state(i).unwrap())).collect();
        let mut actions = env.random_actions(99);
        // Refused in the last shard and in the middle one: env 7 is the first.
        actions[11] = 0;
        actions[7] = 0;
        match env.step(&actions, &mut b.outputs()) {
            Err(VecEnvError::InvalidAction { env: 7, .. }) => {}
            other => panic!("{threads} threads: {other:?}"),
        }
        let after: Vec<String> = (0..12).map(|i| format!("{:?}", env.env_state(i).unwrap())).collect();
        assert_eq!(before, after, "{threads} threads: a refused step changed an env");
        env.step(&env.random_actions(100), &mut b.outputs()).expect("the next step plays");
    }
}
