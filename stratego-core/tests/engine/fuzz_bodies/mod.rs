//! The bodies of the fuzz targets: one plain function per target, taking the raw input bytes
//! and panicking when the engine breaks a promise.
//!
//! Three callers share this one file tree: the libFuzzer targets in `stratego-core/fuzz`
//! (which include it by path), the regression-corpus replay `tests/fuzz_corpus.rs`, and the
//! property tests of `tests/play_invariants.rs`. It lives among the tests, not in the library,
//! because it is test code: it needs `serde_json` (a dev-dependency only) and must not grow the
//! engine's public API.
#![allow(dead_code)]

pub mod gravon_xml;
pub mod input;
pub mod invariants;
pub mod play;
pub mod record_json;
pub mod text;
pub mod twin;
pub mod view_json;

/// A target body: raw fuzz bytes in, a panic when a promise breaks.
pub type Body = fn(&[u8]);

/// Every target by name: the fuzz binaries, the corpus folders
/// (`tests/fuzz_corpus/<name>/`) and `scripts/fuzz.sh` use these names.
pub const TARGETS: &[(&str, Body)] = &[
    ("rules_text", text::rules_text),
    ("setup_text", text::setup_text),
    ("position", text::position),
    ("notation", text::notation),
    ("gravon_xml", gravon_xml::gravon_xml),
    ("record_json", record_json::record_json),
    ("play", play::play),
    ("view_json", view_json::view_json),
];
