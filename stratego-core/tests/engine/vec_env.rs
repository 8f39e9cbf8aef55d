//! `VecEnv`: reproducible whatever the batch size, an invalid action or buffer changes nothing,
//! auto-reset keeps the final position, rewards follow the outcome, and what it writes is the
//! next mover's view-based encoding (so it leaks no hidden rank).

use stratego_core::{
    ActionError, Board, Edition, Game, IllegalReason, MaskKind, ObservationKind, Perspective, Player, Rules,
    StepBuffers, VecEnv, VecEnvConfig, VecEnvError,
};

/// Every observation and mask kind together.
fn configs() -> Vec<VecEnvConfig> {
    let mut out = Vec::new();
    for observation in ObservationKind::ALL {
        for mask in MaskKind::ALL {
            out.push(VecEnvConfig::default().with_observation(observation).with_mask(mask));
        }
    }
    out
}

/// A random legal action for `board`'s mover, a function of `(seed, step)` only, so that the
/// same env gets the same actions in batches of any size.
fn action(board: &Board, seed: u64, step: u64) -> usize {
    let entropy = (seed ^ step.wrapping_mul(0x9E37_79B9_7F4A_7C15)).wrapping_mul(0xBF58_476D_1CE4_E5B9) | 1;
    let mv = board.random_move(entropy).expect("a live env has a move");
    board.rules().action_id(board.to_move(), mv).unwrap()
}

/// The step's choices of [`action`], one per env of `env`.
fn choices(env: &VecEnv, step: u64) -> Vec<usize> {
    (0..env.len()).map(|i| action(env.board(i).unwrap(), i as u64, step)).collect()
}

/// `env` reset, with its buffers.
fn started(mut env: VecEnv) -> (VecEnv, StepBuffers) {
    let mut b = env.buffers();
    env.reset(&mut b.outputs()).unwrap();
    (env, b)
}

/// `env` stepped with [`choices`] at each step of `steps`.
fn step_through(env: &mut VecEnv, b: &mut StepBuffers, steps: std::ops::Range<u64>) {
    for step in steps {
        env.step(&choices(env, step), &mut b.outputs()).unwrap();
    }
}

/// `n` ISF envs from `seed` writing byte boards, cut at 30 plies, after 45 steps of [`choices`].
fn isf_after_45_steps(n: usize, seed: u64) -> (VecEnv, StepBuffers) {
    let config = VecEnvConfig::default().with_observation(ObservationKind::BoardCodes).with_max_plies(30);
    let (mut env, mut b) = started(VecEnv::with_config(Rules::edition(Edition::Isf), n, seed, config).unwrap());
    step_through(&mut env, &mut b, 0..45);
    (env, b)
}

/// Env `i`'s part of every output, as bytes, so steps of different batches compare.
fn env_outputs(b: &StepBuffers, env: &VecEnv, i: usize) -> Vec<u8> {
    let rules = env.rules();
    let (obs, mask) = (env.config().observation.len(rules), env.mask_len());
    let mut out = Vec::new();
    out.extend(b.planes.get(i * obs..(i + 1) * obs).unwrap_or(&[]).iter().flat_map(|x| x.to_le_bytes()));
    out.extend(b.bytes.get(i * obs..(i + 1) * obs).unwrap_or(&[]));
    out.extend(b.mask_bytes.get(i * mask..(i + 1) * mask).unwrap_or(&[]));
    out.extend(b.mask_bits.get(i * mask..(i + 1) * mask).unwrap_or(&[]).iter().flat_map(|x| x.to_le_bytes()));
    out.extend(b.legal_ids.get(i * mask..(i + 1) * mask).unwrap_or(&[]).iter().flat_map(|x| x.to_le_bytes()));
    out.push(b.to_move[i]);
    out.push(b.actors[i]);
    out.extend(b.rewards[2 * i..2 * i + 2].iter().flat_map(|x| x.to_le_bytes()));
    out.push(b.terminated[i] as u8);
    out.push(b.truncated[i] as u8);
    out.extend(b.episode_lengths[i].to_le_bytes());
    out
}

/// Step every env of `env` `steps` times with the per-env actions above; record env `watch`'s
/// outputs after the reset and after every step.
fn run(env: &mut VecEnv, steps: u64, watch: usize) -> Vec<Vec<u8>> {
    let mut b = env.buffers();
    env.reset(&mut b.outputs()).unwrap();
    let mut trace = vec![env_outputs(&b, env, watch)];
    for step in 0..steps {
        env.step(&choices(env, step), &mut b.outputs()).unwrap();
        trace.push(env_outputs(&b, env, watch));
    }
    trace
}

#[test]
fn runs_are_reproducible_whatever_the_batch_size() {
    for config in configs() {
        let config = config.with_max_plies(40); // many episodes per env
        let rules = Rules::edition(Edition::Isf);
        let mut small = VecEnv::with_config(rules.clone(), 2, 77, config).unwrap();
        let mut large = VecEnv::with_config(rules.clone(), 7, 77, config).unwrap();
        let (a, b) = (run(&mut small, 130, 1), run(&mut large, 130, 1));
        assert!(a == b, "{config:?}: env 1 differs between batches of 2 and 7");
        assert_eq!(small.episode(1), large.episode(1));
        assert!(small.episode(1) >= Some(3), "130 plies at a cap of 40: at least three episodes done");
        assert_eq!(small.board(1), large.board(1));
        assert_eq!(small.stats(1), large.stats(1));
        assert_eq!(small.final_position(1), large.final_position(1));
        // Another seed gives other games.
        let mut other = VecEnv::with_config(rules, 2, 78, config).unwrap();
        assert!(run(&mut other, 5, 1) != a[..6]);
    }
}

#[test]
fn outputs_are_the_next_movers_encodings() {
    // Estrategia's limited sight is the hardest case for leaks; Ultimate Lightning adds rescue
    // decisions and their planes.
    for (edition, config) in [Edition::Estrategia, Edition::UltimateLightning]
        .into_iter()
        .flat_map(|e| configs().into_iter().map(move |c| (e, c)))
    {
        let rules = Rules::edition(edition);
        let (mut env, mut b) = started(VecEnv::with_config(rules.clone(), 3, 5, config.with_max_plies(50)).unwrap());
        for step in 0..120 {
            for i in 0..env.len() {
                let board = env.board(i).unwrap();
                let view = board.view(board.to_move());
                assert_eq!(b.to_move[i], board.to_move().index() as u8);
                let s = rules.num_squares();
                match config.observation {
                    ObservationKind::Planes => {
                        let c = rules.num_planes();
                        assert_eq!(b.planes[i * c * s..][..c * s], view.observation()[..])
                    }
                    ObservationKind::CompactPlanes => {
                        let c = rules.num_planes();
                        let floats: Vec<f32> = b.bytes[i * c * s..][..c * s].iter().map(|&x| x as f32).collect();
                        assert_eq!(floats, view.observation());
                    }
                    ObservationKind::BoardCodes => assert_eq!(b.bytes[i * s..][..s], view.board_codes()[..]),
                }
                let a = rules.num_actions();
                match config.mask {
                    MaskKind::Bytes => {
                        let mut expected = vec![0u8; a];
                        view.legal_action_mask_into(&mut expected).unwrap();
                        assert_eq!(b.mask_bytes[i * a..][..a], expected[..]);
                    }
                    MaskKind::Bits => {
                        let w = a.div_ceil(64);
                        let mut expected = vec![0u64; w];
                        view.legal_action_bits_into(&mut expected).unwrap();
                        assert_eq!(b.mask_bits[i * w..][..w], expected[..]);
                    }
                    MaskKind::Ids => {
                        let l = rules.max_legal_actions();
                        let mut expected: Vec<i32> = view.legal_actions().iter().map(|&id| id as i32).collect();
                        expected.resize(l, -1);
                        assert_eq!(b.legal_ids[i * l..][..l], expected[..]);
                    }
                }
            }
            let actions = choices(&env, step);
            env.step(&actions, &mut b.outputs()).unwrap();
        }
    }
}

#[test]
fn an_invalid_action_or_buffer_changes_nothing() {
    let (mut env, mut b) = isf_after_45_steps(4, 3);
    let rules = env.rules().clone();
    let snapshot = |env: &VecEnv| {
        (0..4)
            .map(|i| (env.board(i).cloned(), env.episode(i), env.stats(i).copied(), env.final_position(i).cloned()))
            .collect::<Vec<_>>()
    };
    let before = snapshot(&env);
    let outputs_before = b.clone();
    let good: Vec<usize> = (0..4).map(|i| action(env.board(i).unwrap(), i as u64, 99)).collect();

    // An id out of range in env 2.
    let mut actions = good.clone();
    actions[2] = rules.num_actions();
    let err = env.step(&actions, &mut b.outputs()).unwrap_err();
    assert_eq!(
        err,
        VecEnvError::InvalidAction {
            env: 2,
            error: ActionError::OutOfRange { id: rules.num_actions(), num_actions: rules.num_actions() }
        }
    );
    assert!(err.to_string().starts_with("env 2: "), "{err}");

    // A move of the wrong player's piece in env 3 (the last: every other env was valid).
    let mut actions = good.clone();
    let board = env.board(3).unwrap();
    let enemy = rules.squares().find(|&sq| board.piece_at(sq).is_some_and(|p| p.owner != board.to_move())).unwrap();
    actions[3] = rules.action_id(board.to_move(), stratego_core::Move::new(enemy, enemy)).unwrap();
    match env.step(&actions, &mut b.outputs()) {
        Err(VecEnvError::InvalidAction { env: 3, error: ActionError::Illegal { error, .. } }) => {
            assert_eq!(error.reason, IllegalReason::NotYourPiece)
        }
        other => panic!("{other:?}"),
    }

    // The wrong number of actions, a short buffer, a buffer of the wrong kind.
    assert_eq!(env.step(&good[..3], &mut b.outputs()), Err(VecEnvError::ActionCount { expected: 4, found: 3 }));
    let mut short = b.clone();
    short.rewards.pop();
    assert_eq!(
        env.step(&good, &mut short.outputs()),
        Err(VecEnvError::BufferLength { buffer: "rewards", expected: 8, found: 7 })
    );
    let mut wrong_kind = VecEnv::new(rules.clone(), 4, 0).unwrap().buffers();
    assert!(matches!(
        env.step(&good, &mut wrong_kind.outputs()),
        Err(VecEnvError::BufferKind { buffer: "observations", .. })
    ));
    assert!(matches!(env.reset(&mut wrong_kind.outputs()), Err(VecEnvError::BufferKind { .. })));

    assert!(snapshot(&env) == before, "an env changed");
    assert!(b == outputs_before, "an output was written");
    // And the valid actions still play.
    env.step(&good, &mut b.outputs()).unwrap();
    assert!((0..4).all(|i| env.board(i) != before[i].0.as_ref()), "every env played (or began its next game)");
}

#[test]
fn auto_reset_reports_the_end_and_keeps_the_final_position() {
    let rules = Rules::edition(Edition::Classic);
    let cap = 25;
    let config = VecEnvConfig::default().with_observation(ObservationKind::BoardCodes).with_max_plies(cap);
    let (mut env, mut b) = started(VecEnv::with_config(rules.clone(), 3, 11, config).unwrap());
    let mut before_last = None;
    for step in 0..cap as u64 {
        if step == cap as u64 - 1 {
            before_last = Some(env.board(0).unwrap().clone());
        }
        let actions = choices(&env, step);
        env.step(&actions, &mut b.outputs()).unwrap();
        if step < cap as u64 - 1 {
            assert_eq!(b.episode_lengths, [step as u32 + 1; 3]);
            assert!(!b.truncated.iter().any(|&t| t) && env.final_position(0).is_none());
        }
    }
    // Random Classic play does not end in 25 plies from these setups: all three are truncated.
    assert_eq!(b.truncated, [true; 3]);
    assert_eq!(b.terminated, [false; 3]);
    assert_eq!(b.rewards, [0.0; 6]);
    assert_eq!(b.episode_lengths, [cap; 3]);
    for i in 0..3 {
        let end = env.final_position(i).unwrap();
        assert_eq!((end.episode, end.length, end.truncated, end.outcome), (0, cap, true, None));
        assert_eq!(end.board.ply(), cap);
        // The env already holds its next game, and the written observation is that game's.
        let next = env.board(i).unwrap();
        assert_eq!((next.ply(), env.episode(i)), (0, Some(1)));
        assert_eq!(b.to_move[i], 0);
        assert_eq!(b.bytes[i * 100..][..100], next.view(Player::Red).board_codes()[..]);
        assert_ne!(&end.board, next);
        let stats = env.stats(i).unwrap();
        assert_eq!((stats.episodes, stats.truncated, stats.plies, stats.last_length), (1, 1, cap as u64, cap));
    }
    // The final position is the last one played into.
    let mut last = before_last.unwrap();
    last.play_action(action(&last, 0, cap as u64 - 1)).unwrap();
    assert_eq!(env.final_position(0).unwrap().board, last);
}

#[test]
fn rewards_follow_the_outcome() {
    let rules = Rules::edition(Edition::Barrage); // short random games
    let config = VecEnvConfig::default().with_observation(ObservationKind::BoardCodes).with_mask(MaskKind::Bits);
    let (mut env, mut b) = started(VecEnv::with_config(rules, 8, 21, config).unwrap());
    let (mut wins, mut steps) = (0, 0u64);
    while wins < 20 {
        let actions: Vec<usize> = (0..8).map(|i| action(env.board(i).unwrap(), i as u64 * 7919, steps)).collect();
        env.step(&actions, &mut b.outputs()).unwrap();
        steps += 1;
        assert!(steps < 200_000, "random Barrage games end");
        for i in 0..8 {
            let (red, blue) = (b.rewards[2 * i], b.rewards[2 * i + 1]);
            assert_eq!(red + blue, 0.0);
            assert!(!(b.terminated[i] && b.truncated[i]));
            if !b.terminated[i] {
                assert_eq!((red, blue), (0.0, 0.0));
                continue;
            }
            let end = env.final_position(i).unwrap();
            let outcome = end.outcome.expect("terminated by the rules");
            assert_eq!(end.board.outcome(), Some(outcome));
            assert_eq!(b.episode_lengths[i], end.length);
            match outcome.winner {
                Some(Player::Red) => assert_eq!((red, blue), (1.0, -1.0)),
                Some(Player::Blue) => assert_eq!((red, blue), (-1.0, 1.0)),
                None => assert_eq!((red, blue), (0.0, 0.0)),
            }
            wins += outcome.winner.is_some() as u32;
        }
    }
    let total = env.total_stats();
    assert!(total.red_wins + total.blue_wins >= 20);
    assert_eq!(total.episodes, total.red_wins + total.blue_wins + total.draws + total.truncated);
    assert_eq!(total.episodes, (0..8).map(|i| env.episode(i).unwrap()).sum::<u64>());
}

#[test]
fn the_rules_caps_truncate() {
    let rules: Rules = "barrage(max_plies=12)".parse().unwrap();
    let (mut env, mut b) = started(VecEnv::new(rules, 8, 0).unwrap());
    let mut capped = 0;
    for step in 0..12 {
        let actions = choices(&env, step);
        env.step(&actions, &mut b.outputs()).unwrap();
        for i in 0..8 {
            if !(b.terminated[i] || b.truncated[i]) {
                continue;
            }
            let end = env.final_position(i).expect("an episode ended");
            let by_cap = end.outcome.map(|o| o.termination) == Some(stratego_core::Termination::PlyCap);
            // The rules' cap is a truncation; any other end is a termination, before the cap.
            assert_eq!(by_cap, end.length == 12);
            assert_eq!((b.truncated[i], b.terminated[i], end.truncated), (by_cap, !by_cap, by_cap));
            if by_cap {
                assert_eq!(b.rewards[2 * i..2 * i + 2], [0.0, 0.0]);
                capped += 1;
            }
        }
    }
    assert!(capped > 0, "some random Barrage game lasts 12 plies");
}

#[test]
fn construction_refuses_what_cannot_run() {
    let rules = Rules::edition(Edition::Isf);
    assert_eq!(VecEnv::new(rules.clone(), 0, 0).unwrap_err(), VecEnvError::NoEnvs);
    let zero = VecEnvConfig::default().with_max_plies(0);
    assert_eq!(VecEnv::with_config(rules.clone(), 1, 0, zero).unwrap_err(), VecEnvError::ZeroPlyCap);
    // Reseeding gives the games a new VecEnv of that seed has.
    let mut a = VecEnv::new(rules.clone(), 3, 1).unwrap();
    a.reseed(2).unwrap();
    let b = VecEnv::new(rules, 3, 2).unwrap();
    assert!((0..3).all(|i| a.board(i) == b.board(i)));
    assert_eq!(a.seed(), 2);
}

#[test]
fn free_placement_and_limited_sight_rules_run() {
    for text in ["isf(free_placement=on)", "barrage(free_placement=on)", "estrategia", "ultimate_lightning"] {
        let rules: Rules = text.parse().unwrap();
        let config = VecEnvConfig::default().with_max_plies(60);
        let (mut env, mut b) = started(VecEnv::with_config(rules, 4, 1, config).unwrap());
        step_through(&mut env, &mut b, 0..150);
        assert!(env.total_stats().episodes >= 8, "{text}: episodes end and new games start");
    }
}

#[test]
fn a_saved_vec_env_goes_on_as_the_original() {
    let (mut a, mut out_a) = isf_after_45_steps(3, 4);
    let (rules, config) = (a.rules().clone(), *a.config());
    // Through the lossless position text, as Python's pickling saves a board.
    let states: Vec<_> = (0..3)
        .map(|i| {
            let mut s = a.env_state(i).unwrap();
            s.board = Game::from_position(rules.clone(), &s.board.position_full()).unwrap().board().clone();
            s
        })
        .collect();
    assert!(states.iter().enumerate().all(|(i, s)| Some(s) == a.env_state(i).as_ref()));
    let mut b = VecEnv::from_env_states(rules.clone(), a.seed(), *a.config(), states).unwrap();
    let mut out_b = b.buffers();
    for step in 45..120 {
        let actions = choices(&a, step);
        a.step(&actions, &mut out_a.outputs()).unwrap();
        b.step(&actions, &mut out_b.outputs()).unwrap();
        assert!(out_a == out_b, "step {step}");
    }
    assert!((0..3).all(|i| a.env_state(i) == b.env_state(i)));
    // Refusals.
    let other = Rules::edition(Edition::Classic);
    let states = vec![a.env_state(0).unwrap()];
    assert_eq!(VecEnv::from_env_states(other, 0, config, states).unwrap_err(), VecEnvError::OtherRules { env: 0 });
    assert_eq!(VecEnv::from_env_states(rules, 0, config, vec![]).unwrap_err(), VecEnvError::NoEnvs);
}
