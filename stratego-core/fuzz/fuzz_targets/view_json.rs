#![no_main]
//! Fuzz target `view_json`: see `stratego-core/tests/fuzz_bodies/` for what it checks.

libfuzzer_sys::fuzz_target!(|data: &[u8]| stratego_core_fuzz::bodies::view_json::view_json(data));
