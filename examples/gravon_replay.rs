//! Replays recorded Gravon games with the engine and reports every game that disagrees.
//!
//! ```text
//! cargo run --release --example gravon_replay -- PATH...          # .xml files, .zip archives, folders
//! cargo run --release --example gravon_replay -- --limits PATH... # also count the two-squares limits used
//! ```
//!
//! Prints one line per failing game (file, ply, reason), then exactly
//! `replayed: N ok, M failed, K skipped`. Exits with status 1 when a game failed.

#[path = "support/gravon_files.rs"]
mod gravon_files;

use std::collections::BTreeMap;
use std::path::PathBuf;

use stratego_core::gravon::{self, ReplayError};

fn main() {
    let mut count_limits = false;
    let mut paths = Vec::new();
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "--limits" => count_limits = true,
            "-h" | "--help" => {
                println!("usage: gravon_replay [--limits] PATH...   (PATH: .xml, .zip or folder)");
                return;
            }
            _ => paths.push(PathBuf::from(arg)),
        }
    }
    if paths.is_empty() {
        eprintln!("usage: gravon_replay [--limits] PATH...   (PATH: .xml, .zip or folder)");
        std::process::exit(2);
    }
    let (mut ok, mut failed, mut skipped) = (0usize, 0usize, 0usize);
    let mut limits: BTreeMap<(u8, &'static str), usize> = BTreeMap::new();
    let mut skip_reasons: BTreeMap<String, usize> = BTreeMap::new();
    for path in &paths {
        let walked = gravon_files::for_each_record(path, &mut |name, xml| {
            let record = match gravon::parse_xml(xml) {
                Ok(r) => r,
                Err(e) => {
                    failed += 1;
                    println!("{name}: unreadable: {e}");
                    return;
                }
            };
            let year = gravon::year_from_file_name(name);
            match gravon::replay(&record, year) {
                Ok(_) => {
                    ok += 1;
                    if count_limits {
                        let era = if year.is_some_and(|y| y < 2013) { "before 2013" } else { "2013 on" };
                        *limits.entry((gravon::two_square_limit_for(&record, year), era)).or_default() += 1;
                    }
                }
                Err(e @ (ReplayError::Unsupported(_) | ReplayError::NoField)) => {
                    skipped += 1;
                    *skip_reasons.entry(e.to_string()).or_default() += 1;
                }
                Err(e) => {
                    failed += 1;
                    println!("{name}: {e}");
                }
            }
        });
        if let Err(e) = walked {
            eprintln!("{}: {e}", path.display());
            std::process::exit(2);
        }
    }
    for (reason, n) in &skip_reasons {
        eprintln!("skipped {n}: {reason}");
    }
    for ((limit, era), n) in &limits {
        eprintln!("two-squares limit {limit} ({era}): {n} games");
    }
    println!("replayed: {ok} ok, {failed} failed, {skipped} skipped");
    if failed > 0 {
        std::process::exit(1);
    }
}
