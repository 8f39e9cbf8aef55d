#![no_main]
//! Fuzz target `record_json`: see `stratego-core/tests/fuzz_bodies/` for what it checks.

libfuzzer_sys::fuzz_target!(|data: &[u8]| stratego_core_fuzz::bodies::record_json::record_json(data));
