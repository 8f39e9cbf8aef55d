#![no_main]
//! Fuzz target `notation`: see `stratego-core/tests/fuzz_bodies/` for what it checks.

libfuzzer_sys::fuzz_target!(|data: &[u8]| stratego_core_fuzz::bodies::text::notation(data));
