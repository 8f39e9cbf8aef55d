#![no_main]
//! Fuzz target `c_abi`: see `stratego-ffi/tests/c_abi_fuzz_body/` for what it checks.

libfuzzer_sys::fuzz_target!(|data: &[u8]| stratego_ffi_fuzz::body::c_abi(data));
