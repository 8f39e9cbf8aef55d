#![no_main]
//! Fuzz target `gravon_xml`: see `stratego-core/tests/fuzz_bodies/` for what it checks.

libfuzzer_sys::fuzz_target!(|data: &[u8]| stratego_core_fuzz::bodies::gravon_xml::gravon_xml(data));
