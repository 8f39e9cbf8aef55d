//! The search agent: determinized playouts over worlds drawn from a belief, budgeted in playouts.

use std::sync::Arc;

use super::belief::bold_pieces;
use super::eval::search_value;
use super::heuristic::Role;
use super::{Agent, HeuristicAgent, SetupModel};
use crate::rules::rng::SplitMix64;
use crate::{Battle, Board, EnemyPiece, Move, Player, PlayerView, Rank, Rules, Setup, Square};

/// Playouts per decision of `search` without a budget: about 30 ms a move in an ISF mid-game
/// on one core (`cargo bench -p stratego-core --bench search`), within the 0.1 s an
/// interactive opponent may take.
pub const DEFAULT_SEARCH_BUDGET: u32 = 600;
/// The largest budget a name may ask for: beyond it a decision would take hours.
pub const MAX_SEARCH_BUDGET: u32 = 1_000_000_000;
/// Quiet candidate moves searched besides every attack (the heuristic's best ones).
const QUIET_CANDIDATES: usize = 10;
/// Plies of playout after a candidate move (the opponent's reply first). Longer playouts see
/// more of the fights over the Flags that decide games; beyond 12 plies, strength at the same
/// time a move did not rise (see the book's agents page).
const HORIZON: u32 = 12;
/// How much likelier than its count says a bold enemy piece (one that moved and stands next
/// to a piece of the searcher's that the enemy has seen) is of each rank that beats that
/// piece.
const BOLD_ODDS: u32 = 8;

/// A caller's clock: returns `true` once the agent must stop thinking. The core keeps no
/// clock of its own (so that it runs where there is none); a front end passes one built on
/// its own time source.
pub type Deadline = Arc<dyn Fn() -> bool + Send + Sync>;

/// Decides from the player's view alone by searching worlds drawn from its belief.
///
/// - **Belief.** Each world gives every hidden enemy piece a rank consistent with the view
///   ([`PlayerView::sample_board_with`]): revealed ranks kept, the counts still unaccounted
///   for respected, a moved piece never a Bomb or the Flag, a piece that slid a Scout; pieces
///   still on their start square are weighed by the human setup model ([`SetupModel`]), the
///   same model the agent sets up from; a piece that moved and stands next to one of the
///   searcher's that the enemy has seen is 8 times likelier to be of a rank that beats it
///   (the enemy knows both ranks, so a weaker piece would keep away). Where the heuristic
///   scores the searcher's moves (the candidates' order and bonus, its own playout moves)
///   it weighs unknown pieces by [`Belief::placed_odds`](super::Belief::placed_odds), which
///   keeps the Bombs and the Flag on pieces that never moved, it sends a defender to the
///   square next to the Flag that an enemy piece within five moves would take it from
///   (through the Bombs, for a piece that may be a Miner), and it moves a piece that never
///   moved only when that is worth a little more; the modelled enemy plays the heuristic as
///   shipped, with its ties broken over a wider range, so that the search does not count on
///   the enemy picking exactly the heuristic's choice among moves that score about the same.
/// - **Search.** The candidates are every attack and the heuristic's best quiet moves. They
///   are compared by sequential halving: in each round every candidate left is played in the
///   same fresh worlds, each followed by a short playout, and the worse half is dropped; the
///   budget is split evenly over the rounds. A playout's value is the material balance after
///   it (a won game is worth 1,500, about three fifths of a 40-piece army), with a bonus for
///   the own pieces the enemy has neither seen move nor fight (less the same for the enemy's:
///   such a piece may still be a Bomb or the Flag), small for each while there are many and
///   large for the last few (once the Flag is the last, the enemy knows where it stands),
///   plus the heuristic's score of the candidate.
/// - **Playouts.** Both sides play the heuristic ([`HeuristicAgent`]) on their own view of
///   the sampled world, so neither acts on a rank the other has not shown: the searcher never
///   attacks exactly the pieces that are weak in that world, and the modelled enemy never
///   peeks at the searcher's hidden ranks. Battles are then decided by the world's ranks. The
///   search is thus a rollout improvement of the heuristic: it plays the candidate whose
///   continuation by the heuristic goes best across the worlds its belief allows.
/// - **Budget.** The budget counts playouts, so a decision is a pure function of the seed and
///   the views shown, whatever the machine. An optional deadline ([`SearchAgent::with_deadline`])
///   stops a decision early for interactive use: its moves then depend on the machine's speed
///   and load, so **a deadline breaks determinism**.
/// - **Memory.** The search keeps a few small vectors reused across decisions (candidates,
///   their totals, the bold pieces, the playout heuristic's move buffer) and, per playout,
///   one board on the stack and one view per ply, which shares the rules by reference count;
///   nothing is allocated per playout.
///
/// ```
/// use stratego_core::agents::{Agent, SearchAgent};
/// use stratego_core::{Edition, Game, Player, Rules};
/// let game = Game::random(Rules::edition(Edition::Barrage), 2);
/// let view = game.view(Player::Red);
/// let mv = SearchAgent::new(4, 200).choose(&view).unwrap();
/// assert!(view.is_legal(mv));
/// assert_eq!(SearchAgent::new(4, 200).choose(&view), Some(mv));
/// ```
#[derive(Clone)]
pub struct SearchAgent {
    rng: SplitMix64,
    budget: u32,
    deadline: Option<Deadline>,
    model: Option<(Rules, SetupModel)>,
    candidates: Vec<(Move, i32)>,
    totals: Vec<(i64, usize)>,
    /// The bold enemy pieces of the current decision, with the rank each stands next to.
    bold: Vec<(Square, Rank)>,
    /// Both sides' policy in the playouts, reseeded for each one (its odds set each ply).
    playout_policy: HeuristicAgent,
}

impl core::fmt::Debug for SearchAgent {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("SearchAgent").field("budget", &self.budget).field("deadline", &self.deadline.is_some()).finish()
    }
}

impl SearchAgent {
    /// A search agent with `budget` playouts per decision (at least 1), drawing from `seed`.
    pub fn new(seed: u64, budget: u32) -> SearchAgent {
        SearchAgent {
            rng: SplitMix64::new(seed),
            budget: budget.max(1),
            deadline: None,
            model: None,
            candidates: Vec::new(),
            totals: Vec::new(),
            bold: Vec::new(),
            playout_policy: HeuristicAgent::new(0),
        }
    }

    /// Stop each decision once `deadline` returns `true` (checked between rounds and
    /// worlds), playing the best candidate so far. Breaks determinism: see the type's docs.
    pub fn with_deadline(mut self, deadline: Deadline) -> SearchAgent {
        self.deadline = Some(deadline);
        self
    }

    /// Playouts per decision.
    pub fn budget(&self) -> u32 {
        self.budget
    }

    /// The setup model for `rules`, made once per rule set.
    fn model(&mut self, rules: &Rules) -> &SetupModel {
        if self.model.as_ref().is_none_or(|(r, _)| r != rules) {
            self.model = Some((rules.clone(), SetupModel::new(rules)));
        }
        &self.model.as_ref().expect("just set").1
    }

    fn out_of_time(&self) -> bool {
        self.deadline.as_ref().is_some_and(|d| d())
    }

    /// Play up to `plies` plies on `board`, each side playing the heuristic on its own view
    /// of the world (see the type's docs): `me` with the searcher's scores, the enemy with the
    /// shipped scores and wider tie-breaks.
    fn playout(&mut self, board: &mut Board, plies: u32, seed: u64, me: Player) {
        self.playout_policy.reseed(seed);
        for _ in 0..plies {
            if board.is_over() {
                return;
            }
            self.playout_policy.set_role(if board.to_move() == me { Role::Searcher } else { Role::Enemy });
            match self.playout_policy.choose(&board.view(board.to_move())) {
                Some(mv) => board.play_unchecked(mv),
                None => return,
            };
        }
    }
}

/// The weight of each rank for the hidden enemy `piece` on `sq` in the worlds the search
/// draws ([`PlayerView::sample_board_with`]): for a bold piece (see `bold`, from
/// [`bold_pieces`]), [`BOLD_ODDS`] for each rank that beats the piece it stands by; for
/// another piece that moved, 1; for a piece that never moved, the setup model's weights for
/// its square.
fn world_weights(
    view: &PlayerView,
    model: &SetupModel,
    bold: &[(Square, Rank)],
    sq: Square,
    piece: EnemyPiece,
) -> [u32; Rank::COUNT] {
    match bold.iter().find(|b| b.0 == sq) {
        Some(&(_, seen)) => {
            let beats = |r: Rank| view.rules().battle(r, seen) == Battle::AttackerWins;
            Rank::ALL.map(|r| if beats(r) { BOLD_ODDS } else { 1 })
        }
        None if piece.moved => [1; Rank::COUNT],
        None => model.weights(view.player().opponent(), sq),
    }
}

impl Agent for SearchAgent {
    fn choose(&mut self, view: &PlayerView) -> Option<Move> {
        if view.is_over() || view.to_move() != view.player() {
            return None;
        }
        let ranked = HeuristicAgent::ranked_moves_by(view, Role::Searcher);
        let attacks = |m: &Move| view.enemy_at(m.to).is_some();
        self.candidates.clear();
        self.candidates.extend(ranked.iter().filter(|(m, _)| attacks(m)).copied());
        self.candidates.extend(ranked.iter().filter(|(m, _)| !attacks(m)).take(QUIET_CANDIDATES).copied());
        self.candidates.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        if self.candidates.len() <= 1 {
            return self.candidates.first().map(|c| c.0);
        }
        let me = view.player();
        let model = self.model(view.rules()).clone();
        let mut bold = core::mem::take(&mut self.bold);
        bold_pieces(view, &mut bold);
        let prior = |sq: Square, piece: EnemyPiece| world_weights(view, &model, &bold, sq, piece);
        // Sequential halving: ceil(log2 n) rounds, the budget split evenly over them.
        let n = self.candidates.len();
        let rounds = usize::BITS - (n - 1).leading_zeros();
        let per_round = (self.budget as usize / rounds as usize).max(1);
        self.totals.clear();
        self.totals.extend((0..n).map(|i| (0i64, i)));
        let mut alive = n;
        let mut spent = 0usize;
        'rounds: while alive > 1 && spent < self.budget as usize {
            let worlds = (per_round / alive).max(1);
            for _ in 0..worlds {
                if self.out_of_time() {
                    break 'rounds;
                }
                let world = view.sample_board_with(self.rng.next_u64(), &prior);
                let playout_seed = self.rng.next_u64();
                for k in 0..alive {
                    let (mv, _) = self.candidates[self.totals[k].1];
                    let mut board = world.clone();
                    board.play_unchecked(mv);
                    self.playout(&mut board, HORIZON, playout_seed, me);
                    self.totals[k].0 += i64::from(search_value(&board, me));
                }
                spent += alive;
            }
            // Rank the survivors by their totals plus the heuristic's score (per world), the
            // heuristic's order breaking ties, and keep the better half.
            let bonus = |i: usize, c: &[(Move, i32)]| c[i].1 as i64 * worlds as i64;
            let c = &self.candidates;
            self.totals[..alive].sort_by(|a, b| (b.0 + bonus(b.1, c)).cmp(&(a.0 + bonus(a.1, c))).then(a.1.cmp(&b.1)));
            alive = alive.div_ceil(2);
            for t in &mut self.totals[..alive] {
                t.0 = 0;
            }
        }
        self.bold = bold;
        Some(self.candidates[self.totals[0].1].0)
    }

    /// A human-like setup with the Flag kept back and boxed in, as the heuristic's (a
    /// front-row Flag is lost to any piece that wanders in), the Flag in a back corner beside
    /// a Bomb, and the Spy off the files open to an enemy Scout's first run. The belief's
    /// prior is the human setup model ([`Setup::human_like`]) this setup is drawn from.
    fn setup(&mut self, rules: &Rules, player: Player) -> Option<Setup> {
        Some(super::setups::search_setup(rules, player, &mut self.rng))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Edition, Game, RankPrior};

    /// Red's Colonel on e4 has been seen. Blue's hidden pieces that moved are six Lieutenants
    /// and a General; the one that walked up to the Colonel (e7-e6-e5) is drawn as the
    /// General far more often than its count says (1 in 7), the others less often.
    #[test]
    fn a_piece_that_walks_up_to_a_seen_one_is_drawn_as_one_that_beats_it() {
        let rules = Rules::edition(Edition::Isf);
        let mut letters: Vec<u8> = rules.squares().map(|s| if rules.is_lake(s) { b'_' } else { b'A' }).collect();
        let pieces = [
            (Player::Red, Rank::Flag, "a1"),
            (Player::Red, Rank::Colonel, "e4"),
            (Player::Red, Rank::Sergeant, "a2"),
            (Player::Red, Rank::Sergeant, "j2"),
            (Player::Blue, Rank::General, "e7"),
            (Player::Blue, Rank::Flag, "j10"),
        ];
        let lieutenants = ["a8", "b8", "c8", "h8", "i8", "j8"].map(|s| (Player::Blue, Rank::Lieutenant, s));
        for (player, rank, sq) in pieces.into_iter().chain(lieutenants) {
            let letter = crate::state::text::letter(player, rank) as u8;
            // Lower case: revealed.
            let letter = if rank == Rank::Colonel { letter.to_ascii_lowercase() } else { letter };
            letters[sq.parse::<Square>().unwrap().index(rules.width())] = letter;
        }
        let text = format!("{} r 0", String::from_utf8(letters).unwrap());
        let mut game = Game::from_position(rules.clone(), &text).unwrap();
        for m in [
            "a2-a3", "a8-a7", "a3-a4", "b8-b7", "j2-j3", "c8-c7", "j3-j4", "h8-h7", "a4-a5", "i8-i7", "a5-a6", "j8-j7",
            "j4-j5", "e7-e6", "a6-b6", "e6-e5",
        ] {
            game.play(m.parse().unwrap()).unwrap();
        }
        let view = game.view(Player::Red);
        let mut bold = Vec::new();
        bold_pieces(&view, &mut bold);
        assert_eq!(bold, vec![("e5".parse().unwrap(), Rank::Colonel)]);
        let model = SetupModel::new(&rules);
        let general_on = |sq: &str, prior: &RankPrior<'_>| {
            let sq: Square = sq.parse().unwrap();
            (0..2_000)
                .filter(|&seed| view.sample_board_with(seed, prior).piece_at(sq).unwrap().rank == Rank::General)
                .count() as f64
                / 2_000.0
        };
        let weighed = |sq: Square, piece: EnemyPiece| world_weights(&view, &model, &bold, sq, piece);
        let by_count = |_: Square, _: EnemyPiece| [1; Rank::COUNT];
        // 8 / (8 + 6) with the bold odds, 1 / 7 by the counts alone.
        assert!(general_on("e5", &weighed) > 0.45, "{}", general_on("e5", &weighed));
        assert!(general_on("e5", &by_count) < 0.25, "{}", general_on("e5", &by_count));
        assert!(general_on("a7", &weighed) < general_on("a7", &by_count));
    }
}
