//! Generates the C header from this crate's source with cbindgen into `OUT_DIR/stratego.h`.
//! The committed copy is `include/stratego.h`; `tests/header.rs` fails when they differ and,
//! run with `STRATEGO_BLESS=1`, copies the fresh one over it. Also writes the game and view
//! reads from the table `src/position_reads.toml` and the enum constants from the core's enums.

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
    // The C constants of the core's closed sets, from the core's own enum definitions. A
    // packaged crate has no core source beside it and reads the committed copy instead, which
    // `tests/header.rs` holds equal to what the core's sources give.
    let core_src = crate_dir.join("../stratego-core/src");
    let constants = if core_src.is_dir() {
        enum_constants(&core_src)
    } else {
        std::fs::read_to_string(crate_dir.join("src/enum_values.rs")).expect("src/enum_values.rs is in the package")
    };
    let enum_values = out_dir.join("enum_values.rs");
    std::fs::write(&enum_values, constants).expect("OUT_DIR is writable");
    // The reads game and view share, written from one table; src/game.rs and src/view.rs
    // include them.
    let reads = std::fs::read_to_string(crate_dir.join("src/position_reads.toml"))
        .expect("src/position_reads.toml is in the package");
    for handle in ["game", "view"] {
        std::fs::write(out_dir.join(format!("{handle}_reads.rs")), position_reads(&reads, handle))
            .expect("OUT_DIR is writable");
    }
    // Parse the source files only (no `cargo metadata`): the build needs no network and no lock.
    // cbindgen cannot follow `include!`, so it reads the modules one by one in the order lib.rs
    // declares them (the header's order), each handle's generated reads after its own file.
    let mut builder = cbindgen::Builder::new().with_config(config);
    for module in modules(&crate_dir.join("src/lib.rs")) {
        builder = builder.with_src(crate_dir.join(format!("src/{module}.rs")));
        let reads = out_dir.join(format!("{module}_reads.rs"));
        if reads.is_file() {
            builder = builder.with_src(reads);
        }
    }
    let bindings = builder.with_src(&enum_values).generate().expect("cbindgen reads the crate");
    let mut header = Vec::new();
    bindings.write(&mut header);
    let header = String::from_utf8(header).expect("cbindgen writes UTF-8");
    std::fs::write(out_dir.join("stratego.h"), without_rust_examples(&header)).expect("OUT_DIR is writable");
    // cargo-c (feature `capi`) writes and installs its own stratego.pc, naming the prefix.
    if env::var_os("CARGO_FEATURE_CAPI").is_none() {
        write_pkg_config(&crate_dir, &out_dir);
    }
    println!("cargo:rerun-if-changed=src");
    println!("cargo:rerun-if-changed=../stratego-core/src");
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

/// The core's closed sets that C names, with their C type and constant prefix (C shortens two
/// prefixes). Each must be a `#[repr(u8)]` enum with an explicit value per member.
const C_SETS: [(&str, &str, &str); 9] = [
    ("Player", "stratego_player", "STRATEGO_PLAYER_"),
    ("Rank", "stratego_rank", "STRATEGO_RANK_"),
    ("Numbering", "stratego_numbering", "STRATEGO_NUMBERING_"),
    ("Edition", "stratego_edition", "STRATEGO_EDITION_"),
    ("Termination", "stratego_termination", "STRATEGO_TERMINATION_"),
    ("Battle", "stratego_battle", "STRATEGO_BATTLE_"),
    ("IllegalReason", "stratego_illegal_reason", "STRATEGO_ILLEGAL_"),
    ("SetupProblemKind", "stratego_setup_problem_kind", "STRATEGO_SETUP_PROBLEM_"),
    ("SquareKind", "stratego_square_kind", "STRATEGO_SQUARE_"),
];

/// Rust source of one `pub const` per member of each set in [`C_SETS`] (name, value and doc
/// comment taken from the core's enum), plus a `_COUNT` per set: the C enumerations come from
/// the core's definitions alone, through cbindgen.
fn enum_constants(core_src: &std::path::Path) -> String {
    let mut found = std::collections::BTreeMap::new();
    for file in rust_files(core_src) {
        let text = std::fs::read_to_string(&file).expect("the core's sources are readable");
        let parsed = syn::parse_file(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        for item in parsed.items {
            if let syn::Item::Enum(e) = item {
                if C_SETS.iter().any(|(name, ..)| e.ident == name) {
                    found.insert(e.ident.to_string(), e);
                }
            }
        }
    }
    let mut out = String::from("// Generated by build.rs from the core's enums: do not edit.\n");
    for (name, c_type, prefix) in C_SETS {
        let e = found.get(name).unwrap_or_else(|| panic!("stratego-core defines no enum {name}"));
        let (mut first, mut count) = (None, 0u32);
        for v in &e.variants {
            let Some((_, syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Int(value), .. }))) = &v.discriminant else {
                panic!("{name}::{} needs an explicit integer value", v.ident)
            };
            let value: u32 = value.base10_parse().expect("a small integer");
            first.get_or_insert(value);
            count += 1;
            for line in doc_lines(&v.attrs) {
                out.push_str(&format!("///{line}\n"));
            }
            out.push_str(&format!("pub const {prefix}{}: {c_type} = {value};\n", screaming(&v.ident.to_string())));
        }
        let range =
            if first == Some(0) { format!("`0 .. {prefix}COUNT - 1`") } else { format!("`1 .. {prefix}COUNT`") };
        out.push_str(&format!("/// The number of `{c_type}` values: {range}.\n"));
        out.push_str(&format!("pub const {prefix}COUNT: u32 = {count};\n"));
    }
    out
}

/// Every `.rs` file under `dir`.
fn rust_files(dir: &std::path::Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).expect("the core's source folder is readable") {
        let path = entry.expect("a readable entry").path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|x| x == "rs") {
            files.push(path);
        }
    }
    files.sort();
    files
}

/// The doc comment lines of `attrs`, with Rust intra-doc links reduced to plain code spans
/// (C readers have no rustdoc, and the ffi's rustdoc cannot resolve the core's `crate::`).
fn doc_lines(attrs: &[syn::Attribute]) -> Vec<String> {
    attrs
        .iter()
        .filter(|a| a.path().is_ident("doc"))
        .filter_map(|a| match &a.meta {
            syn::Meta::NameValue(syn::MetaNameValue {
                value: syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(s), .. }),
                ..
            }) => Some(plain_links(&s.value())),
            _ => None,
        })
        .collect()
}

/// `line` with its links (`[`x`](target)`, `[`x`]`) reduced to the code span `x`.
fn plain_links(line: &str) -> String {
    let mut s = line.to_string();
    while let Some(i) = s.find("](") {
        let Some(j) = s[i..].find(')') else { break };
        s.replace_range(i + 1..i + j + 1, "");
    }
    s.replace("[`", "`").replace("`]", "`").replace("crate::", "")
}

/// `FlagCaptured` as C spells it: `FLAG_CAPTURED`.
fn screaming(camel: &str) -> String {
    let mut out = String::new();
    for (i, c) in camel.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            out.push('_');
        }
        out.push(c.to_ascii_uppercase());
    }
    out
}

/// The modules `lib.rs` declares (`mod x;`), in its order.
fn modules(lib: &std::path::Path) -> Vec<String> {
    let text = std::fs::read_to_string(lib).expect("src/lib.rs is readable");
    let parsed = syn::parse_file(&text).expect("src/lib.rs parses");
    parsed
        .items
        .iter()
        .filter_map(|item| match item {
            syn::Item::Mod(m) if m.content.is_none() => Some(m.ident.to_string()),
            _ => None,
        })
        .collect()
}

/// The Rust source of `handle`'s shared reads (`game` or `view`) from the table
/// `src/position_reads.toml`: per entry, the handle's documentation and a function that passes
/// its arguments to `position::<name>`.
fn position_reads(table: &str, handle: &str) -> String {
    let table: toml::Table = table.parse().expect("src/position_reads.toml is valid TOML");
    let field = |read: &toml::Value, key: &str| -> String {
        read.get(key).and_then(toml::Value::as_str).unwrap_or_else(|| panic!("a read without `{key}`")).to_string()
    };
    let reads = table.get("read").and_then(toml::Value::as_array).expect("a [[read]] table");
    let mut out = String::from("// Generated by build.rs from src/position_reads.toml: do not edit.\n");
    for read in reads {
        let (name, params, returns) = (field(read, "name"), field(read, "params"), field(read, "returns"));
        let args: Vec<&str> = params.split(',').filter_map(|p| p.split(':').next()).map(str::trim).collect();
        for line in field(read, handle).lines() {
            out.push_str(&if line.is_empty() { "///\n".to_string() } else { format!("/// {line}\n") });
        }
        let params = if params.is_empty() { String::new() } else { format!(", {params}") };
        let args: String = args.iter().filter(|a| !a.is_empty()).map(|a| format!(", {a}")).collect();
        out.push_str(&format!(
            "#[no_mangle]\npub unsafe extern \"C\" fn stratego_{handle}_{name}({handle}: *const stratego_{handle}{params}) \
             -> {returns} {{\n    unsafe {{ crate::position::{name}({handle}{args}) }}\n}}\n\n"
        ));
    }
    out
}
