//! The core's integration tests, one module per topic, linked as one binary so that a test
//! run links the engine once. The helpers the topics share sit beside them: `common` (games
//! and positions), `counting_alloc` (the counting allocator, installed for the whole binary; it
//! counts per thread, so topics running side by side do not disturb each other), `data_dir`
//! (the shared data folder), `encoding_support` and `fuzz_bodies` (the fuzz targets' bodies).

mod common;
mod counting_alloc;
mod data_dir;
mod encoding_support;
mod fuzz_bodies;

mod agents_heuristic;
mod agents_no_peeking;
mod agents_search;
mod arena;
mod arena_gravon_stats;
mod board;
mod bot_api;
mod clones;
mod encoding;
mod encoding_board;
mod fuzz_corpus;
mod fuzz_findings;
mod game_reads;
mod gravon_games;
mod input_limits;
mod long_game;
mod no_alloc;
mod no_panic_inputs;
mod perft;
mod play_invariants;
mod positions;
mod props;
mod random_move;
mod rl_no_alloc;
mod rule_fixtures;
mod rules_battle;
mod rules_builder_props;
mod rules_editions;
mod rules_errors;
mod rules_movement;
mod rules_outcome;
mod rules_playable;
mod rules_repetition;
mod rules_text;
mod rules_ultimate_lightning;
mod rules_views;
mod setup_collections;
mod vec_env;
mod vec_env_ids;
mod vec_env_opponent;
mod vec_env_threads;
mod view_record;
mod written_reads_back;
