//! The C ABI fuzz target's body, included from the C ABI crate's tests so that the fuzzer and
//! the regression-corpus replay (`cargo test -p stratego-ffi --test c_abi_fuzz_corpus`) run the
//! same code.

#[path = "../../tests/c_abi_fuzz_body/mod.rs"]
pub mod body;
