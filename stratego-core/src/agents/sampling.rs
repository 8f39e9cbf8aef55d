//! The sampling search agent: averages short searches over worlds drawn from the view.

use super::eval::{best_capture, playout_value};
use super::{Agent, HeuristicAgent};
use crate::rules::rng::SplitMix64;
use crate::{Board, Move, Player, PlayerView, Rules, Setup};

/// Default number of playouts per decision.
pub(crate) const DEFAULT_BUDGET: u32 = 256;
/// Default number of quiet candidate moves searched (the heuristic's best ones).
const DEFAULT_CANDIDATES: usize = 8;
/// Default plies of greedy continuation after a candidate move (the opponent's reply first).
const DEFAULT_HORIZON: u32 = 3;

/// Draws worlds consistent with its view ([`PlayerView::sample_board`]), plays each candidate
/// move in every world followed by a short greedy continuation (each side takes its best
/// capture, else moves at random), and plays the candidate with the best average outcome: the
/// material balance after the playout (a won or lost game outweighs all material), plus the
/// heuristic's own score of the move ([`HeuristicAgent::ranked_moves`]) for what a short
/// playout cannot see (guarding the Flag, closing in, advancing). Equal values go to the
/// heuristic's order.
///
/// Candidates are every attack (the worlds tell what it meets) and the heuristic's best
/// quiet moves (8 unless [`SamplingAgent::with_candidates`] says otherwise). The budget is the
/// number of playouts per decision: with `c` candidates each is tried in `budget / c` worlds
/// (at least one), every candidate in the same worlds with the same random continuation
/// seeds, so the comparison is paired. Everything is a pure function of the seed
/// and the views shown. Search runs on cloned [`Board`]s of the sampled worlds.
///
/// ```
/// use stratego_core::agents::{Agent, SamplingAgent};
/// use stratego_core::{Edition, Game, Player, Rules};
/// let game = Game::random(Rules::edition(Edition::Barrage), 2);
/// let view = game.view(Player::Red);
/// let mut agent = SamplingAgent::new(4, 32).with_horizon(2).with_candidates(4);
/// let mv = agent.choose(&view).unwrap();
/// assert!(view.is_legal(mv));
/// assert_eq!(SamplingAgent::new(4, 32).with_horizon(2).with_candidates(4).choose(&view), Some(mv));
/// ```
#[derive(Clone, Debug)]
pub struct SamplingAgent {
    rng: SplitMix64,
    budget: u32,
    candidates: usize,
    horizon: u32,
    moves: Vec<Move>,
}

impl SamplingAgent {
    /// A sampling agent with `budget` playouts per decision, drawing from `seed`.
    pub fn new(seed: u64, budget: u32) -> SamplingAgent {
        SamplingAgent {
            rng: SplitMix64::new(seed),
            budget: budget.max(1),
            candidates: DEFAULT_CANDIDATES,
            horizon: DEFAULT_HORIZON,
            moves: Vec::new(),
        }
    }

    /// Search the heuristic's `k` best quiet moves (at least 1) besides every attack.
    pub fn with_candidates(mut self, k: usize) -> SamplingAgent {
        self.candidates = k.max(1);
        self
    }

    /// Continue each playout for `plies` greedy plies after the candidate move.
    pub fn with_horizon(mut self, plies: u32) -> SamplingAgent {
        self.horizon = plies;
        self
    }

    /// Playouts per decision.
    pub fn budget(&self) -> u32 {
        self.budget
    }

    /// Play `plies` greedy plies on `board`: each side takes its most valuable winning (or
    /// even) capture, else plays a random move. Full information is fair here: the board is a
    /// sampled world, not the real game.
    fn continue_greedily(&mut self, board: &mut Board, plies: u32, seed: u64) {
        let mut rng = SplitMix64::new(seed);
        for _ in 0..plies {
            if board.is_over() {
                return;
            }
            board.legal_moves_into(&mut self.moves);
            let mv = match best_capture(board, &self.moves) {
                Some(mv) => mv,
                None if self.moves.is_empty() => return,
                None => self.moves[rng.below(self.moves.len())],
            };
            board.play_unchecked(mv);
        }
    }
}

impl Agent for SamplingAgent {
    fn choose(&mut self, view: &PlayerView) -> Option<Move> {
        let ranked = HeuristicAgent::ranked_moves(view);
        // Every attack is a candidate (the worlds tell what it meets), and the heuristic's
        // best quiet moves.
        let attacks = |m: &Move| view.enemy_at(m.to).is_some();
        let quiet = ranked.iter().filter(|(m, _)| !attacks(m)).take(self.candidates);
        let mut ranked: Vec<(Move, i32)> = ranked.iter().filter(|(m, _)| attacks(m)).chain(quiet).copied().collect();
        ranked.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let candidates: Vec<Move> = ranked.iter().map(|&(m, _)| m).collect();
        if candidates.len() <= 1 {
            return candidates.first().copied();
        }
        let me = view.player();
        let worlds = (self.budget as usize / candidates.len()).max(1);
        let mut totals = vec![0i64; candidates.len()];
        for _ in 0..worlds {
            let world_seed = self.rng.next_u64();
            let playout_seed = self.rng.next_u64();
            let world = view.sample_board(world_seed);
            for (total, &mv) in totals.iter_mut().zip(&candidates) {
                let mut board = world.clone();
                board.play_unchecked(mv);
                self.continue_greedily(&mut board, self.horizon, playout_seed);
                *total += i64::from(playout_value(&board, me));
            }
        }
        // The searched material change, plus the heuristic's positional terms; the first best
        // keeps the heuristic's order among equals.
        let value = |i: usize| totals[i] / worlds as i64 + ranked[i].1 as i64;
        let mut best = 0;
        for i in 1..candidates.len() {
            if value(i) > value(best) {
                best = i;
            }
        }
        Some(candidates[best])
    }

    /// The heuristic's setup: human-like, the Flag kept back and boxed in.
    fn setup(&mut self, rules: &Rules, player: Player) -> Option<Setup> {
        Some(super::setups::guarded_setup(rules, player, &mut self.rng))
    }
}
