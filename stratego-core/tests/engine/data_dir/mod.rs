//! Where the shared test data lives: `../shared/data` beside the project, or `$STRATEGO_DATA`.
//! Tests that need it print why they skip when it is absent.

use std::path::PathBuf;

/// The data folder, if it exists; otherwise prints the reason the caller skips.
pub fn data_dir() -> Option<PathBuf> {
    let dir = std::env::var_os("STRATEGO_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data"));
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("skipped: test data folder {} is absent (set STRATEGO_DATA to use another)", dir.display());
        None
    }
}

/// A data file's text, or `None` (with the reason printed) when the data folder is absent.
#[allow(dead_code)]
pub fn read(name: &str) -> Option<String> {
    let path = data_dir()?.join(name);
    Some(
        std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{} is in the data folder but unreadable: {e}", path.display())),
    )
}
