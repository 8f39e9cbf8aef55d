//! Plays every shipped agent against every other (ISF and Barrage) and prints a markdown table:
//! score, Elo difference with its 95 % interval, and each side's seconds a move.
//!
//! ```text
//! cargo run --release --example ladder -- [--games N] [--seed S] [--workers W] [--rules TEXT]...
//!                                         [--agents NAME,NAME,...]
//! ```
//!
//! Defaults: 20 games a pairing, seed 1, one worker, rules `isf` and `barrage`, agents
//! `random,heuristic,sampling,search`. Seconds a move are wall-clock figures of this machine
//! (upper bounds on a loaded one); budgets are in playouts, so the games themselves depend only
//! on the seed.

#[path = "support/signed.rs"]
mod signed;

use std::process::exit;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use stratego_core::agents::{Agent, AgentKind};
use stratego_core::arena::{AgentFactory, Arena};
use stratego_core::{Move, Player, PlayerView, Rules, Setup};

use signed::signed;

/// An agent that adds its thinking time and decisions to shared counters.
struct Timed<'a> {
    agent: Box<dyn Agent>,
    clock: &'a Clock,
}

/// Nanoseconds spent choosing and the number of choices, shared by one side's agents.
#[derive(Default)]
struct Clock {
    nanos: AtomicU64,
    moves: AtomicU64,
}

impl Clock {
    fn seconds_a_move(&self) -> f64 {
        self.nanos.load(Ordering::Relaxed) as f64 / 1e9 / self.moves.load(Ordering::Relaxed).max(1) as f64
    }
}

impl Agent for Timed<'_> {
    fn choose(&mut self, view: &PlayerView) -> Option<Move> {
        let start = Instant::now();
        let mv = self.agent.choose(view);
        self.clock.nanos.fetch_add(start.elapsed().as_nanos() as u64, Ordering::Relaxed);
        self.clock.moves.fetch_add(1, Ordering::Relaxed);
        mv
    }
    fn setup(&mut self, rules: &Rules, player: Player) -> Option<Setup> {
        self.agent.setup(rules, player)
    }
}

/// Makes timed agents of one kind.
struct TimedKind {
    kind: AgentKind,
    clock: &'static Clock,
}

impl AgentFactory for TimedKind {
    fn make(&self, seed: u64) -> Box<dyn Agent> {
        Box::new(Timed { agent: self.kind.make(seed), clock: self.clock })
    }
}

fn fail(message: &str) -> ! {
    eprintln!("{message}\nusage: ladder [--games N] [--seed S] [--workers W] [--rules TEXT]... [--agents A,B,...]");
    exit(2)
}

fn main() {
    let mut games = 20u32;
    let mut seed = 1u64;
    let mut workers = 1usize;
    let mut rules: Vec<String> = Vec::new();
    let mut agents: Vec<AgentKind> =
        ["random", "heuristic", "sampling", "search"].iter().map(|n| n.parse().expect("shipped names")).collect();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = || it.next().cloned().unwrap_or_else(|| fail(&format!("{arg} needs a value")));
        match arg.as_str() {
            "--games" => games = value().parse().unwrap_or_else(|_| fail("--games: not a number")),
            "--seed" => seed = value().parse().unwrap_or_else(|_| fail("--seed: not a number")),
            "--workers" => workers = value().parse().unwrap_or_else(|_| fail("--workers: not a number")),
            "--rules" => rules.push(value()),
            "--agents" => {
                agents = value().split(',').map(|n| n.parse().unwrap_or_else(|e| fail(&format!("{e}")))).collect()
            }
            other => fail(&format!("unknown argument {other}")),
        }
    }
    if rules.is_empty() {
        rules = vec!["isf".into(), "barrage".into()];
    }
    println!("| rules | A | B | games | A score (95 % CI) | Elo A − B (95 % CI) | s/move A | s/move B |");
    println!("|---|---|---|---|---|---|---|---|");
    for text in &rules {
        let parsed: Rules = text.parse().unwrap_or_else(|e| fail(&format!("--rules {text}: {e}")));
        let arena = Arena::new(parsed).games(games).seed(seed).workers(workers);
        for (i, &a) in agents.iter().enumerate() {
            for &b in &agents[i + 1..] {
                // Leaked once per pairing: the factories need 'static clocks for the arena's threads.
                let (ca, cb): (&'static Clock, &'static Clock) = (Box::leak(Box::default()), Box::leak(Box::default()));
                let (fa, fb) = (TimedKind { kind: a, clock: ca }, TimedKind { kind: b, clock: cb });
                eprint!("{text}: {a} vs {b} ... ");
                let s = arena.play(&fa, &fb).summary.score;
                eprintln!("{:.3}", s.score);
                println!(
                    "| {text} | {a} | {b} | {} | {:.3} ({:.3} .. {:.3}) | {} ({} .. {}) | {:.2e} | {:.2e} |",
                    s.games,
                    s.score,
                    s.ci.0,
                    s.ci.1,
                    signed(s.elo),
                    signed(s.elo_ci.0),
                    signed(s.elo_ci.1),
                    ca.seconds_a_move(),
                    cb.seconds_a_move()
                );
            }
        }
    }
    println!();
    println!("Command: ladder --games {games} --seed {seed} --workers {workers} (rules: {})", rules.join(", "));
}
