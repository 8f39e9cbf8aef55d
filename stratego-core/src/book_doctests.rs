//! The Rust examples of the README and the book (`docs/src`), compiled and run as doctests.
//!
//! One struct per page that holds `rust` blocks; `scripts/docs.sh` fails when a page with a
//! runnable `rust` block is missing here.

/// README.md
#[doc = include_str!("../../README.md")]
pub struct Readme;

/// stratego-core/README.md (the crates.io page)
#[doc = include_str!("../README.md")]
pub struct CrateReadme;

/// docs/src/getting-started/rust.md
#[doc = include_str!("../../docs/src/getting-started/rust.md")]
pub struct GettingStarted;

/// docs/src/rust.md
#[doc = include_str!("../../docs/src/rust.md")]
pub struct RustGuide;

/// docs/src/arena.md
#[doc = include_str!("../../docs/src/arena.md")]
pub struct Arena;

/// docs/src/encodings.md
#[doc = include_str!("../../docs/src/encodings.md")]
pub struct Encodings;

/// docs/src/training.md
#[doc = include_str!("../../docs/src/training.md")]
pub struct Training;

/// docs/src/records.md
#[doc = include_str!("../../docs/src/records.md")]
pub struct Records;

/// docs/src/bad-input.md
#[doc = include_str!("../../docs/src/bad-input.md")]
pub struct BadInput;

/// docs/src/agents.md
#[doc = include_str!("../../docs/src/agents.md")]
pub struct Agents;
