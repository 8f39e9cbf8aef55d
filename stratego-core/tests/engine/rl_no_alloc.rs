//! The RL path does not touch the heap: a counting global allocator (per thread) shows zero
//! allocations for `play_action` plus every encoder straight from a `Game` into caller
//! buffers, and for `VecEnv::step` while no episode ends. Each check first shows that the
//! counter sees an allocation in the same situation, so none can pass vacuously.

use crate::common::seeded_game;
use std::hint::black_box;

use stratego_core::{Edition, MaskKind, ObservationKind, Perspective, Rules, VecEnv, VecEnvConfig};

use crate::counting_alloc;
use counting_alloc::{allocations, assert_steps_allocate_only_at_episode_ends};

#[test]
fn the_counter_sees_allocations() {
    let (n, v) = allocations(|| vec![0u8; 100]);
    assert!(n >= 1 && v.len() == 100);
}

#[test]
fn an_rl_step_straight_from_a_game_allocates_nothing() {
    let rules = Rules::edition(Edition::Isf);
    let mut game = seeded_game(&rules, 3, 4);
    let mut planes = vec![0f32; 3200];
    let mut compact = vec![0u8; 3200];
    let mut codes = vec![0u8; 100];
    let mut mask = vec![0u8; rules.num_actions()];
    let mut bits = vec![0u64; 157];
    let mut ids = Vec::with_capacity(256);
    // The same step with a fresh id vector allocates: the counter is live here.
    assert!(allocations(|| game.legal_actions()).0 >= 1);
    for _ in 0..300 {
        if game.is_over() {
            break;
        }
        let (n, ()) = allocations(|| {
            game.legal_actions_into(&mut ids);
            let id = ids[game.ply() as usize % ids.len()];
            game.play_action(id).unwrap();
            let mover = game.to_move();
            game.seen_by(mover).observation_into(&mut planes).unwrap();
            game.seen_by(mover).observation_into(&mut compact).unwrap();
            game.seen_by(mover).board_codes_into(&mut codes).unwrap();
            game.legal_action_mask_into(&mut mask).unwrap();
            game.legal_action_bits_into(&mut bits).unwrap();
            black_box((&planes, &compact, &codes, &mask, &bits));
        });
        assert_eq!(n, 0, "ply {}", game.ply());
    }
}

#[test]
fn a_vec_env_step_allocates_nothing_while_no_episode_ends() {
    let config = VecEnvConfig::default().with_observation(ObservationKind::BoardCodes).with_mask(MaskKind::Bits);
    let mut env = VecEnv::with_config(Rules::edition(Edition::Isf), 8, 0, config).unwrap();
    let mut buffers = env.buffers();
    env.reset(&mut buffers.outputs()).unwrap();
    let mut actions = [0];
    // An episode's end starts a new game, which allocates: the counter is live here.
    let mut short = VecEnv::with_config(Rules::edition(Edition::Isf), 1, 0, config.with_max_plies(1)).unwrap();
    let mut short_out = short.buffers();
    short.random_actions_into(0, &mut actions);
    assert!(allocations(|| short.step(&actions, &mut short_out.outputs()).unwrap()).0 >= 1);
    assert_steps_allocate_only_at_episode_ends(&mut env, &mut buffers, 200);
}
