//! Generates the C header from this crate's source with cbindgen into `OUT_DIR/stratego.h`.
//! The committed copy is `include/stratego.h`; `tests/header.rs` fails when they differ and,
//! run with `STRATEGO_BLESS=1`, copies the fresh one over it.

use std::env;
use std::path::PathBuf;

fn main() {
    let crate_dir = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let out_dir = PathBuf::from(env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    let mut config =
        cbindgen::Config::from_file(crate_dir.join("cbindgen.toml")).expect("cbindgen.toml is a valid cbindgen config");
    let version = |part: &str| env::var(format!("CARGO_PKG_VERSION_{part}")).expect("cargo sets the version parts");
    config.after_includes = Some(format!(
        "\n/** The version of this header: `STRATEGO_VERSION_MAJOR.MINOR.PATCH`, also returned by \
         `stratego_version()` when header and library match. */\n\
         #define STRATEGO_VERSION_MAJOR {}\n#define STRATEGO_VERSION_MINOR {}\n#define STRATEGO_VERSION_PATCH {}\n\
         #define STRATEGO_VERSION \"{}\"",
        version("MAJOR"),
        version("MINOR"),
        version("PATCH"),
        env::var("CARGO_PKG_VERSION").expect("cargo sets CARGO_PKG_VERSION"),
    ));
    // Parse the source files only (no `cargo metadata`): the build needs no network and no lock.
    let bindings = cbindgen::Builder::new()
        .with_config(config)
        .with_src(crate_dir.join("src/lib.rs"))
        .generate()
        .expect("cbindgen reads the crate");
    let mut header = Vec::new();
    bindings.write(&mut header);
    let header = String::from_utf8(header).expect("cbindgen writes UTF-8");
    std::fs::write(out_dir.join("stratego.h"), without_rust_examples(&header)).expect("OUT_DIR is writable");
    // cargo-c (feature `capi`) writes and installs its own stratego.pc, naming the prefix.
    if env::var_os("CARGO_FEATURE_CAPI").is_none() {
        write_pkg_config(&crate_dir, &out_dir);
    }
    println!("cargo:rerun-if-changed=src");
    println!("cargo:rerun-if-changed=cbindgen.toml");
    println!("cargo:rerun-if-changed=build.rs");
    // With `links = "stratego"`, dependent crates find the header through DEP_STRATEGO_INCLUDE.
    println!("cargo:include={}", out_dir.display());
}

/// The doc comments carry Rust examples (run as doctests); C readers get the prose only. Drops
/// each fenced block, with the blank comment line before it.
fn without_rust_examples(header: &str) -> String {
    let mut out: Vec<&str> = Vec::new();
    let mut in_fence = false;
    for line in header.lines() {
        let is_fence = line.trim_start().trim_start_matches('*').trim() == "```";
        if is_fence {
            if !in_fence && out.last().is_some_and(|l| l.trim() == "*") {
                out.pop();
            }
            in_fence = !in_fence;
            continue;
        }
        if !in_fence {
            out.push(line);
        }
    }
    let mut text = out.join("\n");
    text.push('\n');
    text
}

/// `stratego.pc` beside the libraries (`target/<profile>/`, three levels above `OUT_DIR`), so
/// that `PKG_CONFIG_PATH=target/release pkg-config --cflags --libs stratego` gives the flags.
fn write_pkg_config(crate_dir: &std::path::Path, out_dir: &std::path::Path) {
    let Some(lib_dir) = out_dir.ancestors().nth(3) else { return };
    let include_dir = crate_dir.join("../include");
    let include_dir = include_dir.canonicalize().unwrap_or(include_dir);
    let pc = format!(
        "libdir={}\nincludedir={}\n\nName: stratego\nDescription: Stratego rules engine, C ABI\nVersion: {}\n\
         Libs: -L${{libdir}} -lstratego\nLibs.private: -lgcc_s -lutil -lrt -lpthread -lm -ldl\nCflags: -I${{includedir}}\n",
        lib_dir.display(),
        include_dir.display(),
        env::var("CARGO_PKG_VERSION").expect("cargo sets CARGO_PKG_VERSION"),
    );
    // A read-only target directory only loses the convenience file.
    let _ = std::fs::write(lib_dir.join("stratego.pc"), pc);
}
