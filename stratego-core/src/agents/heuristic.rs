//! The rule-of-thumb agent: scores every legal move and plays the best.

use super::{piece_value, Agent};
use crate::rules::rng::SplitMix64;
use crate::{Battle, EnemyPiece, Move, Player, PlayerView, Rank, Square};

/// How much each consideration weighs in a move's score (material units of
/// [`piece_value`]). One table, so the agent's character reads in one place.
struct Weights {
    /// Added to a known-winning battle beyond the captured piece's value.
    sure_win: i32,
    /// Taken off a known-losing battle beyond the lost piece's value.
    sure_loss: i32,
    /// An attack on an unknown piece with a piece worth at most `probe_value`.
    probe: i32,
    probe_value: i32,
    /// Share (in percent) of an attacker's value risked on an unknown piece.
    unknown_risk_pct: i32,
    /// A Miner attacking an unknown piece that never moved (a Bomb, perhaps).
    miner_on_unmoved: i32,
    /// Share (in percent) of a piece's value at stake next to a known stronger enemy.
    threat_pct: i32,
    /// Attacking an enemy piece that stands near the own Flag.
    defend_flag: i32,
    /// Per square closer to the nearest intruder near the own Flag.
    close_in: i32,
    /// Leaving a square next to the own Flag while no enemy is near.
    leave_flag_guard: i32,
    /// Per row gained towards the enemy's side, for pieces worth at most `probe_value`.
    advance: i32,
    /// Per square closer to the nearest prey: a known enemy piece this piece beats, or (for
    /// pieces worth at most `probe_value`, and Miners) an unknown one that never moved.
    hunt: i32,
    /// Random tie-break range (exclusive).
    jitter: u64,
}

const WEIGHTS: Weights = Weights {
    sure_win: 20,
    sure_loss: 60,
    probe: 25,
    probe_value: 30,
    unknown_risk_pct: 60,
    miner_on_unmoved: 20,
    threat_pct: 80,
    defend_flag: 80,
    close_in: 10,
    leave_flag_guard: 15,
    advance: 3,
    hunt: 4,
    jitter: 4,
};

/// An enemy piece within this many king steps of the own Flag is an intruder.
const FLAG_ZONE: u8 = 2;

/// Scores every legal move from what the view shows and plays the best (random tie-breaks
/// from its seed): it takes battles it knows it wins, avoids battles it knows it loses,
/// moves pieces out of reach of known stronger enemies, guards its Flag's neighbourhood
/// against intruders, and probes unknown pieces with its cheapest ones (Miners for pieces
/// that never moved, which may be Bombs).
///
/// ```
/// use stratego_core::agents::{Agent, HeuristicAgent};
/// use stratego_core::{Edition, Game, Player, Rules};
/// let rules = Rules::edition(Edition::Isf);
/// // A Red General (K) on e4 next to a Blue Scout (P) on e5 that a battle revealed (lowercase).
/// let rows = ["MAAAAAAAAA", &"A".repeat(20), "AAAAKAAAAA", "AA__pA__AA", "AA__AA__AA", &"A".repeat(30), "AAAAAAAAAY"];
/// let game = Game::from_position(rules, &format!("{} r 0", rows.concat()))?;
/// let mv = HeuristicAgent::new(0).choose(&game.view(Player::Red)).unwrap();
/// assert_eq!(mv.to_string(), "e4-e5"); // the known-winning battle
/// # Ok::<(), stratego_core::ParseError>(())
/// ```
#[derive(Clone, Debug)]
pub struct HeuristicAgent {
    rng: SplitMix64,
    moves: Vec<Move>,
}

impl HeuristicAgent {
    /// A heuristic agent breaking ties with `seed`.
    pub fn new(seed: u64) -> HeuristicAgent {
        HeuristicAgent { rng: SplitMix64::new(seed), moves: Vec::new() }
    }

    /// The legal moves of `view`, best first by this agent's score (ties in move order),
    /// without the random tie-break: the candidate order of [`super::SamplingAgent`].
    pub fn ranked_moves(view: &PlayerView) -> Vec<(Move, i32)> {
        let context = Context::new(view);
        let mut scored: Vec<(Move, i32)> = view.legal_moves().into_iter().map(|m| (m, context.score(m))).collect();
        scored.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        scored
    }
}

impl Agent for HeuristicAgent {
    fn choose(&mut self, view: &PlayerView) -> Option<Move> {
        view.legal_moves_into(&mut self.moves);
        let context = Context::new(view);
        let mut best: Option<(i32, Move)> = None;
        for &mv in &self.moves {
            let score = context.score(mv) + self.rng.below(WEIGHTS.jitter as usize) as i32;
            if best.is_none_or(|(s, _)| score > s) {
                best = Some((score, mv));
            }
        }
        best.map(|(_, mv)| mv)
    }
}

/// What the score of every move of one position needs, gathered once.
struct Context<'a> {
    view: &'a PlayerView,
    me: Player,
    flag: Option<Square>,
    intruders: Vec<Square>,
}

/// King-step distance between two squares.
fn king_distance(a: Square, b: Square) -> u8 {
    a.col().abs_diff(b.col()).max(a.row().abs_diff(b.row()))
}

/// The four orthogonal neighbours of `sq` that lie on the board.
fn neighbours(view: &PlayerView, sq: Square) -> impl Iterator<Item = Square> + '_ {
    const STEPS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
    STEPS.iter().filter_map(move |&(dc, dr)| {
        let col = sq.col().checked_add_signed(dc)?;
        let row = sq.row().checked_add_signed(dr)?;
        let n = Square::try_new(col, row)?;
        view.rules().contains(n).then_some(n)
    })
}

impl<'a> Context<'a> {
    fn new(view: &'a PlayerView) -> Context<'a> {
        let flag = view.pieces().find(|(_, p)| p.rank == Rank::Flag).map(|(sq, _)| sq);
        let intruders = match flag {
            Some(f) => view.enemy_pieces().map(|(sq, _)| sq).filter(|&sq| king_distance(sq, f) <= FLAG_ZONE).collect(),
            None => Vec::new(),
        };
        Context { view, me: view.player(), flag, intruders }
    }

    fn score(&self, mv: Move) -> i32 {
        let Some(piece) = self.view.piece_at(mv.from) else { return i32::MIN };
        let rank = piece.rank;
        let w = &WEIGHTS;
        let mut score = 0;
        let mut lands = true;
        if let Some(enemy) = self.view.enemy_at(mv.to) {
            let (battle, lives) = self.attack(rank, enemy);
            score += battle;
            lands = lives;
            if self.intruders.contains(&mv.to) {
                score += w.defend_flag;
            }
        }
        if lands {
            score += self.threat(mv.from, rank, None) - self.threat(mv.to, rank, Some(mv.from));
        }
        score += self.flag_duty(mv);
        if piece_value(rank) <= w.probe_value {
            score += w.advance * self.rows_forward(mv);
        }
        if lands {
            score += self.hunt(mv, rank);
        }
        score
    }

    /// Closing in on prey, so that games move on once nothing is in reach.
    fn hunt(&self, mv: Move, rank: Rank) -> i32 {
        let rules = self.view.rules();
        let explores = piece_value(rank) <= WEIGHTS.probe_value || rank == Rank::Miner;
        let prey = self.view.enemy_pieces().filter(|(_, e)| match e.rank {
            Some(r) => rules.battle(rank, r) == Battle::AttackerWins,
            None => explores && !e.moved,
        });
        let distance = |a: Square, b: Square| (a.col().abs_diff(b.col()) + a.row().abs_diff(b.row())) as i32;
        let nearest = prey.map(|(sq, _)| (distance(mv.from, sq), distance(mv.to, sq))).min();
        match nearest {
            Some((before, after)) => WEIGHTS.hunt * (before - after).clamp(-1, 1),
            None => 0,
        }
    }

    /// The score of attacking `enemy` with `rank`, and whether the attacker is expected to
    /// stand on the target afterwards.
    fn attack(&self, rank: Rank, enemy: EnemyPiece) -> (i32, bool) {
        let w = &WEIGHTS;
        let mine = piece_value(rank);
        match enemy.rank {
            Some(theirs) => match self.view.rules().battle(rank, theirs) {
                Battle::AttackerWins => (piece_value(theirs) + w.sure_win, true),
                Battle::DefenderWins => (-mine - w.sure_loss, false),
                Battle::BothDie => (piece_value(theirs) - mine, false),
            },
            None => {
                let mut s = -mine * w.unknown_risk_pct / 100;
                if mine <= w.probe_value {
                    s += w.probe;
                }
                if rank == Rank::Miner && !enemy.moved {
                    s += w.miner_on_unmoved;
                }
                (s, false)
            }
        }
    }

    /// What a piece of `rank` on `sq` stands to lose to known stronger enemies next to it
    /// (`vacated`: the square the piece leaves, which no longer shields anything).
    fn threat(&self, sq: Square, rank: Rank, vacated: Option<Square>) -> i32 {
        let stronger = neighbours(self.view, sq).filter(|&n| Some(n) != vacated).any(|n| {
            self.view.enemy_at(n).and_then(|e| e.rank).is_some_and(|r| {
                self.view.rules().movement(r).is_mobile() && self.view.rules().battle(r, rank) == Battle::AttackerWins
            })
        });
        if stronger {
            piece_value(rank) * WEIGHTS.threat_pct / 100
        } else {
            0
        }
    }

    /// Guarding the Flag: close in on intruders, keep its neighbours home while it is safe.
    fn flag_duty(&self, mv: Move) -> i32 {
        let Some(flag) = self.flag else { return 0 };
        if self.intruders.is_empty() {
            let guard = |sq: Square| king_distance(sq, flag) <= 1;
            return if guard(mv.from) && !guard(mv.to) { -WEIGHTS.leave_flag_guard } else { 0 };
        }
        let nearest = |sq: Square| self.intruders.iter().map(|&i| king_distance(sq, i) as i32).min().unwrap_or(0);
        WEIGHTS.close_in * (nearest(mv.from) - nearest(mv.to))
    }

    /// Rows gained towards the enemy's side (negative when retreating).
    fn rows_forward(&self, mv: Move) -> i32 {
        let gained = mv.to.row() as i32 - mv.from.row() as i32;
        match self.me {
            Player::Red => gained,
            Player::Blue => -gained,
        }
    }
}
