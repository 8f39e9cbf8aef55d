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
    // The reads game and view share, written from one table; src/position.rs includes them.
    let reads = std::fs::read_to_string(crate_dir.join("src/position_reads.toml"))
        .expect("src/position_reads.toml is in the package");
    std::fs::write(out_dir.join("position_reads.rs"), position_reads(&reads)).expect("OUT_DIR is writable");
    // The result codes with their messages, from one table; src/result.rs includes them.
    let codes = std::fs::read_to_string(crate_dir.join("src/result_codes.toml"))
        .expect("src/result_codes.toml is in the package");
    std::fs::write(out_dir.join("result_codes.rs"), result_codes(&codes)).expect("OUT_DIR is writable");
    // Parse the source files only (no `cargo metadata`): the build needs no network and no lock.
    // cbindgen cannot follow `include!`, so it reads the modules one by one in the order lib.rs
    // declares them (the header's order), a generated file right after the module including it.
    let mut builder = cbindgen::Builder::new().with_config(config);
    for module in modules(&crate_dir.join("src/lib.rs")) {
        builder = builder.with_src(crate_dir.join(format!("src/{module}.rs")));
        let generated = match module.as_str() {
            "result" => Some("result_codes.rs"),
            "position" => Some("position_reads.rs"),
            _ => None,
        };
        if let Some(file) = generated {
            builder = builder.with_src(out_dir.join(file));
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

/// The Rust source of the reads game and view share, from the table `src/position_reads.toml`:
/// per entry, the game's function then the view's, each with its own name, parameters and
/// documentation, passing its arguments to the one body `position::<name>`.
fn position_reads(table: &str) -> String {
    let table: toml::Table = table.parse().expect("src/position_reads.toml is valid TOML");
    let field = |read: &toml::Value, key: &str| -> Option<String> { read.get(key)?.as_str().map(str::to_string) };
    let reads = table.get("read").and_then(toml::Value::as_array).expect("a [[read]] table");
    let mut out = String::from("// Generated by build.rs from src/position_reads.toml: do not edit.\n");
    for read in reads {
        let body = field(read, "name").expect("a read without `name`");
        let returns = field(read, "returns").expect("a read without `returns`");
        for handle in ["game", "view"] {
            let name = field(read, &format!("{handle}_name")).unwrap_or_else(|| body.clone());
            let params = field(read, &format!("{handle}_params"))
                .or_else(|| field(read, "params"))
                .unwrap_or_else(|| panic!("read `{body}` has no params for {handle}"));
            let doc = field(read, handle).unwrap_or_else(|| panic!("read `{body}` has no {handle} doc"));
            out.push_str(&doc_comment(&doc, ""));
            let (params, args) = if params.is_empty() {
                (String::new(), String::new())
            } else {
                let args: String =
                    params.split(',').filter_map(|p| p.split(':').next()).map(|a| format!(", {}", a.trim())).collect();
                (format!(", {params}"), args)
            };
            out.push_str(&format!(
                "#[no_mangle]\npub unsafe extern \"C\" fn stratego_{handle}_{name}({handle}: *const stratego_{handle}{params}) \
                 -> {returns} {{\n    unsafe {{ {body}({handle}{args}) }}\n}}\n\n"
            ));
        }
    }
    out
}

/// `text` as `///` doc comment lines, each ending in a newline, indented by `indent`.
fn doc_comment(text: &str, indent: &str) -> String {
    text.lines().map(|l| if l.is_empty() { format!("{indent}///\n") } else { format!("{indent}/// {l}\n") }).collect()
}

/// The Rust source of the `stratego_result` enum and its `RESULTS` table (every code with its
/// static, NUL-terminated message) from the table `src/result_codes.toml`.
fn result_codes(table: &str) -> String {
    let table: toml::Table = table.parse().expect("src/result_codes.toml is valid TOML");
    let text = |v: &toml::Value, key: &str| -> String {
        v.get(key).and_then(toml::Value::as_str).unwrap_or_else(|| panic!("a code without `{key}`")).to_string()
    };
    let codes = table.get("code").and_then(toml::Value::as_array).expect("a [[code]] table");
    let mut out = String::from("// Generated by build.rs from src/result_codes.toml: do not edit.\n");
    out.push_str(&doc_comment(table.get("doc").and_then(toml::Value::as_str).expect("a `doc`"), ""));
    out.push_str("#[repr(u32)]\n#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]\npub enum stratego_result {\n");
    for code in codes {
        let value = code.get("value").and_then(toml::Value::as_integer).expect("a code without `value`");
        out.push_str(&doc_comment(&text(code, "doc"), "    "));
        out.push_str(&format!("    {} = {value},\n", text(code, "name")));
    }
    out.push_str(
        "}\n\n/// Every code with its static message: one table for `stratego_result_message` and the tests.\n",
    );
    out.push_str(&format!("pub(crate) const RESULTS: [(stratego_result, &str); {}] = [\n", codes.len()));
    for code in codes {
        out.push_str(&format!("    (stratego_result::{}, \"{}\\0\"),\n", text(code, "name"), text(code, "message")));
    }
    out.push_str("];\n");
    out
}
