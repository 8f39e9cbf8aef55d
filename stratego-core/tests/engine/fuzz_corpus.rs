//! The fuzz regression corpus: every file under `tests/fuzz_corpus/<target>/` is an input that
//! once crashed or broke an invariant (or a seed worth keeping), replayed through the same
//! function the fuzz target calls, so the corpus guards even where the fuzzer cannot run.

use crate::fuzz_bodies;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz_corpus")
}

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.is_file())
        .collect();
    out.sort();
    out
}

/// Each target has a corpus folder with at least one input, and every folder names a target.
#[test]
fn every_target_has_a_corpus_and_every_corpus_a_target() {
    for (name, _) in fuzz_bodies::TARGETS {
        let dir = corpus_dir().join(name);
        assert!(dir.is_dir() && !files(&dir).is_empty(), "no corpus inputs in {}", dir.display());
    }
    for entry in std::fs::read_dir(corpus_dir()).expect("the corpus folder") {
        let name = entry.expect("an entry").file_name().into_string().expect("a UTF-8 name");
        assert!(fuzz_bodies::TARGETS.iter().any(|(t, _)| *t == name), "corpus folder {name} names no fuzz target");
    }
}

/// Every corpus input runs through its target without a panic; all failures are listed.
#[test]
fn corpus_inputs_replay_cleanly() {
    let mut failures = Vec::new();
    let mut count = 0;
    for &(name, body) in fuzz_bodies::TARGETS {
        for path in files(&corpus_dir().join(name)) {
            let data = std::fs::read(&path).expect("a corpus file");
            count += 1;
            if let Err(panic) = catch_unwind(AssertUnwindSafe(|| body(&data))) {
                let message = panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                failures.push(format!("{}: {message}", path.display()));
            }
        }
    }
    println!("replayed {count} corpus inputs");
    assert!(failures.is_empty(), "{} corpus inputs fail:\n{}", failures.len(), failures.join("\n"));
}
