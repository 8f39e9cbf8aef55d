//! Playing a match: paired games on worker threads, each a pure function of its index.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use super::{AgentFactory, Summary};
use crate::macros::setters;
use crate::rules::rng::SplitMix64;
use crate::{Game, Outcome, Player, Record, Rules, Setup};

/// The ply cap the arena puts on rules that have none (or a larger one), so that every game
/// ends, and ends inside its record: the cap is a rule, so a replayed record reaches the same
/// draw.
pub const DEFAULT_MAX_PLIES: u32 = 2_000;

/// Salts that keep the streams drawn from one arena seed apart.
const SETUP_STREAM: u64 = 0x5E7_0F5E7;
const AGENT_STREAM: [u64; 2] = [0xA6EA, 0xA6EB];

/// A match between two agents: rules, number of games, seed, workers.
///
/// Game `i` belongs to pair `i / 2`; both games of a pair start from the same two setups
/// (drawn from the seed and the pair), and agent A plays Red in the pair's first game and
/// Blue in its second. An agent that chooses its own setup ([`crate::agents::Agent::setup`])
/// plays it instead of the drawn one. Each agent of each game is made fresh by its factory with a seed drawn
/// from the arena seed, the game and the side, so a game depends on nothing but its index:
/// the same seed gives the same games whatever the number of workers.
///
/// ```
/// use stratego_core::agents::AgentKind;
/// use stratego_core::arena::Arena;
/// use stratego_core::{Edition, Player, Rules};
/// let arena = Arena::new(Rules::edition(Edition::Barrage)).games(2).seed(7);
/// let result = arena.play(&AgentKind::Random, &AgentKind::Random);
/// let (first, second) = (&result.games[0], &result.games[1]);
/// assert_eq!((first.a_player, second.a_player), (Player::Red, Player::Blue));
/// assert_eq!(first.record.start, second.record.start); // paired setups
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Arena {
    rules: Rules,
    games: u32,
    seed: u64,
    workers: Option<usize>,
}

/// How far a match has got: reported after each finished game, from the worker that
/// finished it (so in completion order, not game order).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Games finished.
    pub done: u32,
    /// Games in the match.
    pub total: u32,
}

/// One game of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// The game's index in the match.
    pub index: u32,
    /// The colour agent A played.
    pub a_player: Player,
    /// How the game ended.
    pub outcome: Outcome,
    /// Plies played.
    pub plies: u32,
    /// The player whose agent gave no legal move while it had one (and so resigned), if any.
    pub forfeit: Option<Player>,
    /// The game, to replay with [`Game::from_record`].
    pub record: Record,
}

impl GameResult {
    /// A's result: 1 for a win, ½ for a draw, 0 for a loss.
    pub fn a_score(&self) -> f64 {
        match self.outcome.winner {
            Some(w) if w == self.a_player => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }
}

/// Every game of a match, in index order, and their summary from A's side.
#[derive(Clone, Debug, PartialEq)]
pub struct ArenaResult {
    /// The games, game `i` at index `i`.
    pub games: Vec<GameResult>,
    /// Wins, draws, losses, score and Elo for A, terminations, lengths.
    pub summary: Summary,
}

impl ArenaResult {
    /// The result of these games (in any order; they are sorted by index).
    pub fn from_games(mut games: Vec<GameResult>) -> ArenaResult {
        games.sort_by_key(|g| g.index);
        let summary = Summary::of(games.iter().map(|g| (g.a_score(), g.outcome.termination, g.plies)));
        ArenaResult { games, summary }
    }
}

/// A seed for stream `salt`, item `n`, of the arena seed `seed`.
fn derive(seed: u64, salt: u64, n: u64) -> u64 {
    let mut rng = SplitMix64::new(seed ^ salt.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    rng.next_u64() ^ SplitMix64::new(n).next_u64()
}

impl Arena {
    /// A match under `rules`: 100 games, seed 0, as many workers as the machine runs threads.
    /// Rules without a ply cap of at most [`DEFAULT_MAX_PLIES`] get that cap.
    pub fn new(rules: Rules) -> Arena {
        Arena { rules, games: 100, seed: 0, workers: None }.max_plies(DEFAULT_MAX_PLIES)
    }

    setters! {
        /// Play `n` games (an even number gives whole pairs).
        games(n: u32) => games;
        /// Draw setups and agent seeds from `seed`.
        seed(seed: u64) => seed;
    }

    /// Play on `n` threads (at least 1); the games do not depend on it.
    pub fn workers(mut self, n: usize) -> Arena {
        self.workers = Some(n.max(1));
        self
    }

    /// Cap every game at `plies` (a draw by [`crate::Termination::PlyCap`]), unless the rules
    /// already have a smaller cap.
    pub fn max_plies(mut self, plies: u32) -> Arena {
        if self.rules.max_plies().is_none_or(|cap| cap > plies) {
            if let Ok(capped) = self.rules.to_builder().max_plies(Some(plies)).build() {
                self.rules = capped;
            }
        }
        self
    }

    /// The rules the games are played under (with the arena's ply cap).
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The number of games.
    pub fn game_count(&self) -> u32 {
        self.games
    }

    /// The number of worker threads a match uses.
    pub fn worker_count(&self) -> usize {
        let n = self.workers.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
        n.clamp(1, self.games.max(1) as usize)
    }

    /// Play the match.
    pub fn play(&self, a: &dyn AgentFactory, b: &dyn AgentFactory) -> ArenaResult {
        self.play_with_progress(a, b, &|_| {})
    }

    /// Play the match, calling `progress` after each finished game. Calls never overlap and
    /// `done` counts 1, 2, ... in call order, whatever the number of workers.
    pub fn play_with_progress(
        &self,
        a: &dyn AgentFactory,
        b: &dyn AgentFactory,
        progress: &(dyn Fn(Progress) + Sync),
    ) -> ArenaResult {
        self.play_until(a, b, progress, &|| false)
    }

    /// Play the match like [`Arena::play_with_progress`], but let `stop` cut it short: each
    /// worker asks it before starting a game and starts none once it returns `true`, so the
    /// result then holds only the games finished so far (for front ends that cancel a long
    /// match, such as Ctrl-C in Python). Games that were played are the match's own.
    ///
    /// ```
    /// use std::sync::atomic::{AtomicU32, Ordering};
    /// use stratego_core::agents::AgentKind;
    /// use stratego_core::arena::Arena;
    /// use stratego_core::{Edition, Rules};
    /// let arena = Arena::new(Rules::edition(Edition::Barrage)).games(50).seed(4).workers(1);
    /// let done = AtomicU32::new(0);
    /// let progress = |p: stratego_core::arena::Progress| done.store(p.done, Ordering::Relaxed);
    /// let cut = arena.play_until(&AgentKind::Random, &AgentKind::Random, &progress, &|| done.load(Ordering::Relaxed) >= 3);
    /// assert_eq!(cut.games.len(), 3);
    /// assert_eq!(cut.games[2], arena.game(2, &AgentKind::Random, &AgentKind::Random));
    /// ```
    pub fn play_until(
        &self,
        a: &dyn AgentFactory,
        b: &dyn AgentFactory,
        progress: &(dyn Fn(Progress) + Sync),
        stop: &(dyn Fn() -> bool + Sync),
    ) -> ArenaResult {
        let next = AtomicUsize::new(0);
        let results = Mutex::new(Vec::with_capacity(self.games as usize));
        std::thread::scope(|scope| {
            for _ in 0..self.worker_count() {
                scope.spawn(|| loop {
                    if stop() {
                        break;
                    }
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= self.games as usize {
                        break;
                    }
                    let game = self.game(index as u32, a, b);
                    // Reported under the lock, so reports come one at a time with `done`
                    // rising by one each: a progress bar's last report is its final one.
                    let mut finished = results.lock().unwrap_or_else(|e| e.into_inner());
                    finished.push(game);
                    progress(Progress { done: finished.len() as u32, total: self.games });
                });
            }
        });
        ArenaResult::from_games(results.into_inner().unwrap_or_else(|e| e.into_inner()))
    }

    /// Play game `index` of the match alone (it does not depend on the others): for spreading
    /// one match over several processes or machines, and for replaying one game of a match.
    ///
    /// ```
    /// use stratego_core::agents::AgentKind;
    /// use stratego_core::arena::Arena;
    /// use stratego_core::{Edition, Rules};
    /// let arena = Arena::new(Rules::edition(Edition::Barrage)).games(4).seed(3);
    /// let all = arena.play(&AgentKind::Heuristic, &AgentKind::Random);
    /// assert_eq!(arena.game(3, &AgentKind::Heuristic, &AgentKind::Random), all.games[3]);
    /// ```
    pub fn game(&self, index: u32, a: &dyn AgentFactory, b: &dyn AgentFactory) -> GameResult {
        let pair = (index / 2) as u64;
        let a_player = if index % 2 == 0 { Player::Red } else { Player::Blue };
        let mut agent_a = a.make(derive(self.seed, AGENT_STREAM[0], index as u64));
        let mut agent_b = b.make(derive(self.seed, AGENT_STREAM[1], index as u64));
        // The pair's setups, unless an agent chooses its own (and the two fit together).
        let (mut red, mut blue) = Setup::random_pair(&self.rules, derive(self.seed, SETUP_STREAM, pair));
        let (red_agent, blue_agent) =
            if a_player == Player::Red { (&mut agent_a, &mut agent_b) } else { (&mut agent_b, &mut agent_a) };
        let (drawn_red, drawn_blue) = (red.clone(), blue.clone());
        if let Some(s) = red_agent.setup(&self.rules, Player::Red) {
            red = s;
        }
        if let Some(s) = blue_agent.setup(&self.rules, Player::Blue) {
            blue = s;
        }
        let mut game = Game::new(self.rules.clone(), red, blue)
            .or_else(|_| Game::new(self.rules.clone(), drawn_red, drawn_blue))
            .unwrap_or_else(|_| Game::random(self.rules.clone(), derive(self.seed, SETUP_STREAM, pair)));
        let mut forfeit = None;
        while !game.is_over() {
            let mover = game.to_move();
            let view = game.view(mover);
            let agent = if mover == a_player { &mut agent_a } else { &mut agent_b };
            match agent.choose(&view) {
                Some(mv) if game.play(mv).is_ok() => {}
                _ => {
                    forfeit = Some(mover);
                    game.resign(mover);
                }
            }
        }
        let outcome = game.outcome().unwrap_or(Outcome { winner: None, termination: crate::Termination::PlyCap });
        GameResult { index, a_player, outcome, plies: game.ply(), forfeit, record: game.record() }
    }
}
