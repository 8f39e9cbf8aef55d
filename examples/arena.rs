//! Plays two agents against each other, or computes statistics over recorded games.
//!
//! ```text
//! cargo run --release --example arena -- [play] A B [--rules TEXT] [--games N] [--seed S]
//!                                        [--workers W] [--max-plies P] [--records FILE.jsonl]
//!                                        [--gravon DIR] [--expect-better]
//! cargo run --release --example arena -- stats PATH...   # .jsonl records, Gravon .xml/.zip/folders
//! ```
//!
//! Agents: `random`, `heuristic`, `sampling`, `sampling:BUDGET`, `search` or `search:BUDGET`. Rules: an edition name or a
//! rules text (`isf`, `barrage`, `isf(two_square=5)`, ...). Games are played in pairs with the
//! colours swapped; `--records` writes every game as one JSON line (a `Record`, which
//! `Game::from_record` replays); `--gravon DIR` also writes each game as a Gravon StraDoS2 XML
//! file where Gravon has the rule set (`classic`, `classicfree`, `barrage`, `duell`). `--expect-better` exits with status 1 unless A's score beats
//! ½ by the whole 95 % interval (the test script uses it). A progress line goes to stderr;
//! the summary table to stdout.

#[path = "support/gravon_files.rs"]
mod gravon_files;
#[path = "support/signed.rs"]
mod signed;

use std::io::{BufRead, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::exit;
use std::time::Instant;

use stratego_core::agents::AgentKind;
use stratego_core::arena::{Arena, ArenaResult, CollectionStats, Progress};
use stratego_core::{gravon, Record, Rules};

use signed::signed;

const USAGE: &str = "usage: arena [play] A B [--rules TEXT] [--games N] [--seed S] [--workers W] \
[--max-plies P] [--records FILE] [--gravon DIR] [--expect-better]\n       arena stats PATH...   (.jsonl records, Gravon .xml, .zip or folders)\n\
agents: random, heuristic, sampling, sampling:BUDGET, search, search:BUDGET";

fn fail(message: &str) -> ! {
    eprintln!("{message}\n{USAGE}");
    exit(2)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "-h" || a == "--help") {
        println!("{USAGE}");
        return;
    }
    match args.first().map(String::as_str) {
        Some("stats") => stats(&args[1..]),
        Some("play") => play(&args[1..]),
        Some(_) => play(&args),
        None => fail("missing agents"),
    }
}

/// Options of a match.
struct Options {
    a: AgentKind,
    b: AgentKind,
    rules: Rules,
    games: u32,
    seed: u64,
    workers: Option<usize>,
    max_plies: Option<u32>,
    records: Option<PathBuf>,
    gravon: Option<PathBuf>,
    expect_better: bool,
}

fn parse_options(args: &[String]) -> Options {
    let mut agents = Vec::new();
    let mut o = Options {
        a: AgentKind::Random,
        b: AgentKind::Random,
        rules: "isf".parse().expect("isf is a rules text"),
        games: 100,
        seed: 0,
        workers: None,
        max_plies: None,
        records: None,
        gravon: None,
        expect_better: false,
    };
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = |name: &str| it.next().cloned().unwrap_or_else(|| fail(&format!("{name} needs a value")));
        fn number<T: std::str::FromStr>(name: &str, text: String) -> T {
            text.parse().unwrap_or_else(|_| fail(&format!("{name}: not a number: {text}")))
        }
        match arg.as_str() {
            "--rules" => {
                let text = value("--rules");
                o.rules = text.parse().unwrap_or_else(|e| fail(&format!("--rules {text}: {e}")));
            }
            "--games" => o.games = number("--games", value("--games")),
            "--seed" => o.seed = number("--seed", value("--seed")),
            "--workers" => o.workers = Some(number("--workers", value("--workers"))),
            "--max-plies" => o.max_plies = Some(number("--max-plies", value("--max-plies"))),
            "--records" => o.records = Some(PathBuf::from(value("--records"))),
            "--gravon" => o.gravon = Some(PathBuf::from(value("--gravon"))),
            "--expect-better" => o.expect_better = true,
            flag if flag.starts_with("--") => fail(&format!("unknown option {flag}")),
            name => agents.push(name.parse::<AgentKind>().unwrap_or_else(|e| fail(&e.to_string()))),
        }
    }
    match agents[..] {
        [a, b] => (o.a, o.b) = (a, b),
        _ => fail("name exactly two agents"),
    }
    o
}

fn play(args: &[String]) {
    let o = parse_options(args);
    let mut arena = Arena::new(o.rules).games(o.games).seed(o.seed);
    if let Some(w) = o.workers {
        arena = arena.workers(w);
    }
    if let Some(p) = o.max_plies {
        arena = arena.max_plies(p);
    }
    eprintln!(
        "{} vs {}: {} games of {} on {} workers, seed {}",
        o.a,
        o.b,
        o.games,
        arena.rules(),
        arena.worker_count(),
        o.seed
    );
    let started = Instant::now();
    let progress = |p: Progress| {
        let width = 30;
        let filled = (p.done as usize * width) / p.total.max(1) as usize;
        let elapsed = started.elapsed().as_secs_f64();
        let eta = elapsed / p.done as f64 * (p.total - p.done) as f64;
        eprint!(
            "\r[{}{}] {}/{} games, {elapsed:.0}s, ~{eta:.0}s left ",
            "#".repeat(filled),
            " ".repeat(width - filled),
            p.done,
            p.total
        );
        if p.done == p.total {
            eprintln!();
        }
    };
    let result = arena.play_with_progress(&o.a, &o.b, &progress);
    let seconds = started.elapsed().as_secs_f64();
    print_summary(&o.a.to_string(), &o.b.to_string(), &result, seconds);
    if let Some(path) = &o.records {
        write_records(path, &result).unwrap_or_else(|e| {
            eprintln!("{}: {e}", path.display());
            exit(2)
        });
        println!("records: {} games written to {}", result.games.len(), path.display());
    }
    if let Some(dir) = &o.gravon {
        let names = [o.a.to_string(), o.b.to_string()];
        match write_gravon(dir, &result, &names) {
            Ok(n) => println!("gravon: {n} games written to {}", dir.display()),
            Err(e) => {
                eprintln!("{}: {e}", dir.display());
                exit(2)
            }
        }
    }
    if o.expect_better && !result.summary.score.significantly_better() {
        println!("FAILED: {} is not better than {} at 95 %", o.a, o.b);
        exit(1);
    }
}

fn print_summary(a: &str, b: &str, result: &ArenaResult, seconds: f64) {
    let s = &result.summary;
    let sc = &s.score;
    println!("{:<22} {a} (A) vs {b} (B)", "match");
    println!("{:<22} {}", "games", sc.games);
    println!("{:<22} {} / {} / {}", "A wins / draws / losses", sc.wins, sc.draws, sc.losses);
    println!("{:<22} {:.3}  (95 % CI {:.3} .. {:.3})", "A score", sc.score, sc.ci.0, sc.ci.1);
    println!("{:<22} {}  (95 % CI {} .. {})", "Elo A - B", signed(sc.elo), signed(sc.elo_ci.0), signed(sc.elo_ci.1));
    let kinds: Vec<String> =
        s.terminations.iter().map(|(t, n)| format!("{} {n}", stratego_core::arena::termination_label(*t))).collect();
    println!("{:<22} {}", "terminations", kinds.join(", "));
    let l = &s.lengths;
    println!("{:<22} mean {:.1}, median {:.1}, min {}, max {}", "plies", l.mean, l.median, l.min, l.max);
    let forfeits = result.games.iter().filter(|g| g.forfeit.is_some()).count();
    println!("{:<22} {forfeits}", "forfeits");
    println!("{:<22} {seconds:.1}", "seconds");
}

fn write_records(path: &Path, result: &ArenaResult) -> std::io::Result<()> {
    let mut out = BufWriter::new(std::fs::File::create(path)?);
    for game in &result.games {
        serde_json::to_writer(&mut out, &game.record)?;
        out.write_all(b"\n")?;
    }
    out.flush()
}

/// Write each game Gravon has a type for as `DIR/game-NNNNN.xml`; the count written.
fn write_gravon(dir: &Path, result: &ArenaResult, names: &[String; 2]) -> std::io::Result<usize> {
    std::fs::create_dir_all(dir)?;
    let mut written = 0;
    for g in &result.games {
        let game = stratego_core::Game::from_record(&g.record).map_err(std::io::Error::other)?;
        // Player names by colour: A played `a_player`.
        let (a, b) = (names[0].as_str(), names[1].as_str());
        let players = if g.a_player == stratego_core::Player::Red { [a, b] } else { [b, a] };
        if let Some(record) = gravon::from_game(&game, players) {
            std::fs::write(dir.join(format!("game-{:05}.xml", g.index)), gravon::to_xml(&record))?;
            written += 1;
        }
    }
    Ok(written)
}

fn stats(paths: &[String]) {
    if paths.is_empty() {
        fail("stats needs a path");
    }
    let mut stats = CollectionStats::new();
    let mut unreadable = 0usize;
    for path in paths.iter().map(Path::new) {
        let is_jsonl = matches!(path.extension().and_then(|e| e.to_str()), Some("jsonl" | "json"));
        let walked = if is_jsonl {
            std::fs::File::open(path).and_then(|file| {
                for (n, line) in std::io::BufReader::new(file).lines().enumerate() {
                    let line = line?;
                    if line.trim().is_empty() {
                        continue;
                    }
                    let counted = serde_json::from_str::<Record>(&line)
                        .map_err(|e| e.to_string())
                        .and_then(|r| stats.add_record(&r).map_err(|e| e.to_string()));
                    if let Err(e) = counted {
                        unreadable += 1;
                        eprintln!("{}:{}: {e}", path.display(), n + 1);
                    }
                }
                Ok(())
            })
        } else {
            gravon_files::for_each_record(path, &mut |name, xml| match gravon::parse_xml(xml) {
                Ok(record) => stats.add_gravon(&record),
                Err(e) => {
                    unreadable += 1;
                    eprintln!("{name}: {e}");
                }
            })
        };
        if let Err(e) = walked {
            eprintln!("{}: {e}", path.display());
            exit(2);
        }
    }
    println!(
        "{:<34} {:>6} {:>6} {:>6} {:>6} {:>6} {:>7} {:>7} {:>6}",
        "group", "games", "red", "blue", "draw", "open", "red %", "median", "max"
    );
    let mut rows: Vec<(String, stratego_core::arena::GroupStats)> = stats.groups.clone().into_iter().collect();
    rows.push(("all".to_string(), stats.total()));
    for (name, g) in &rows {
        let l = g.lengths();
        let red = g.red_score().map_or("-".to_string(), |s| format!("{:.1}", 100.0 * s));
        println!(
            "{:<34} {:>6} {:>6} {:>6} {:>6} {:>6} {:>7} {:>7.0} {:>6}",
            name, g.games, g.red_wins, g.blue_wins, g.draws, g.unfinished, red, l.median, l.max
        );
    }
    println!("terminations:");
    for (name, g) in &rows {
        let kinds: Vec<String> = g.terminations.iter().map(|(t, n)| format!("{t} {n}")).collect();
        println!("  {name:<32} {}", kinds.join(", "));
    }
    if unreadable > 0 {
        println!("unreadable: {unreadable}");
    }
}
