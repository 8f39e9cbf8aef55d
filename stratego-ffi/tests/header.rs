//! The committed header is what cbindgen writes from the source today, and its version
//! macros and `stratego_version()` say the version `Cargo.toml` gives.
//!
//! After changing the C ABI, refresh the committed copy with
//! `STRATEGO_BLESS=1 cargo test -p stratego-ffi --test header`.

use std::ffi::CStr;
use std::path::PathBuf;

/// What the build script generated from the current source.
const FRESH: &str = include_str!(concat!(env!("OUT_DIR"), "/stratego.h"));

fn committed_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../include/stratego.h")
}

#[test]
fn committed_header_matches_a_fresh_one() {
    let path = committed_path();
    if std::env::var_os("STRATEGO_BLESS").is_some() {
        std::fs::write(&path, FRESH).expect("include/ is writable");
        eprintln!("wrote {}", path.display());
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    if committed != FRESH {
        let first = committed.lines().zip(FRESH.lines()).position(|(a, b)| a != b);
        panic!(
            "include/stratego.h differs from the header generated from the source (first at line {}): \
             run `STRATEGO_BLESS=1 cargo test -p stratego-ffi --test header` and commit it",
            first.map_or_else(|| "end".to_string(), |i| (i + 1).to_string())
        );
    }
}

/// The enum constants generated from the core's sources today.
const FRESH_ENUM_VALUES: &str = include_str!(concat!(env!("OUT_DIR"), "/enum_values.rs"));

/// The committed copy of the enum constants (what a packaged crate, with no core source beside
/// it, builds from) is what the core's sources give today.
#[test]
fn committed_enum_values_match_the_core() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src/enum_values.rs");
    if std::env::var_os("STRATEGO_BLESS").is_some() {
        std::fs::write(&path, FRESH_ENUM_VALUES).expect("src/ is writable");
        eprintln!("wrote {}", path.display());
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == FRESH_ENUM_VALUES,
        "src/enum_values.rs differs from the constants generated from the core's enums: run \
         `STRATEGO_BLESS=1 cargo test -p stratego-ffi --test header` and commit it"
    );
}

/// The workspace version as `Cargo.toml` writes it (`[workspace.package] version = "..."`).
fn cargo_toml_version() -> String {
    let toml = std::fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../Cargo.toml")).unwrap();
    let section = toml.split("[workspace.package]").nth(1).expect("a [workspace.package] section");
    let line = section.lines().find(|l| l.trim_start().starts_with("version")).expect("a version line");
    line.split('"').nth(1).expect("a quoted version").to_string()
}

fn macro_value<'a>(header: &'a str, name: &str) -> &'a str {
    let prefix = format!("#define {name} ");
    header.lines().find_map(|l| l.strip_prefix(&prefix)).unwrap_or_else(|| panic!("no {name} in the header")).trim()
}

#[test]
fn version_macros_and_function_match_cargo_toml() {
    let version = cargo_toml_version();
    // The fresh header: the test above holds the committed one equal to it.
    let header = FRESH;
    let parts: Vec<&str> = version.split('.').collect();
    assert_eq!(macro_value(header, "STRATEGO_VERSION_MAJOR"), parts[0]);
    assert_eq!(macro_value(header, "STRATEGO_VERSION_MINOR"), parts[1]);
    assert_eq!(macro_value(header, "STRATEGO_VERSION_PATCH"), parts[2]);
    assert_eq!(macro_value(header, "STRATEGO_VERSION"), format!("\"{version}\""));
    let from_library = unsafe { CStr::from_ptr(stratego::stratego_version()) };
    assert_eq!(from_library.to_str(), Ok(version.as_str()));
    assert_eq!(
        macro_value(header, "STRATEGO_ENCODING_VERSION"),
        stratego_core::ENCODING_VERSION.to_string(),
        "the header's encoding version is the core's"
    );
}

#[test]
fn header_keeps_the_names_c_programs_rely_on() {
    for name in [
        "typedef struct stratego_rules stratego_rules;",
        "typedef struct stratego_setup stratego_setup;",
        "typedef struct stratego_game stratego_game;",
        "typedef struct stratego_view stratego_view;",
        "stratego_result stratego_rules_parse(const char *text, struct stratego_rules **rules_out);",
        "stratego_result stratego_game_play_action(struct stratego_game *game, uint32_t id);",
        "#define STRATEGO_PLAYER_RED 0",
        "#define STRATEGO_EDITION_ISF 2",
        "STRATEGO_RESULT_PANIC = 2,",
    ] {
        assert!(FRESH.contains(name), "the header lost `{name}`");
    }
    assert!(!FRESH.contains("```"), "Rust examples stay out of the C header");
}

/// Every function the header declares is exercised by the hostile-input C test (which passes
/// NULL for each of its pointers), so a new function cannot skip that test.
#[test]
fn the_c_test_calls_every_function() {
    let c_test = std::fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/c/abi_test.c")).unwrap();
    let functions: Vec<&str> = FRESH
        .lines()
        .filter(|l| {
            !l.starts_with(' ') && !l.starts_with('#') && !l.starts_with('*') && l.contains("(") && l.ends_with(");")
        })
        .filter_map(|l| l.split('(').next()?.rsplit([' ', '*']).next())
        .filter(|name| name.starts_with("stratego_"))
        .collect();
    assert!(functions.len() > 60, "found {} functions", functions.len());
    let missing: Vec<&&str> = functions.iter().filter(|f| !c_test.contains(&format!("{f}("))).collect();
    assert!(missing.is_empty(), "stratego-ffi/tests/c/abi_test.c never calls {missing:?}");
}
