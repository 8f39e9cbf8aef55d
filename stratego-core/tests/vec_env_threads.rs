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
fn zero_threads_is_refused() {
    let config = VecEnvConfig::default().with_threads(0);
    assert_eq!(VecEnv::with_config(Rules::edition(Edition::Isf), 2, 0, config).unwrap_err(), VecEnvError::ZeroThreads);
}
