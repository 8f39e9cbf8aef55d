//! The fuzz targets' bodies, included from the core's tests so that the fuzzer and the
//! regression-corpus replay (`cargo test -p stratego-core --test fuzz_corpus`) run the same code.

#[path = "../../tests/engine/fuzz_bodies/mod.rs"]
pub mod bodies;
