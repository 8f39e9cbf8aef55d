//! The rule-of-thumb agent: scores every legal move and plays the best.

use super::flag_guard::Gates;
use super::geometry::{king_distance, neighbours, step_distance};
use super::{piece_value, Agent, Belief};
use crate::rules::rng::SplitMix64;
use crate::{Battle, EnemyPiece, Move, Player, PlayerView, Rank, Rules, Setup, Square, MAX_SQUARES};

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
    /// What taking an unknown piece that may be the Flag is worth per unit of that chance
    /// (less than the Flag's value: the odds are a guess, and the guess is cheap to make).
    flag_chance: i32,
    /// A Miner attacking an unknown piece that never moved (a Bomb, perhaps).
    miner_on_unmoved: i32,
    /// Share (in percent) of a piece's value at stake next to a known stronger enemy.
    threat_pct: i32,
    /// Attacking an enemy piece that stands near the own Flag.
    defend_flag: i32,
    /// Attacking an enemy piece next to the own Flag: one step from losing the game.
    flag_in_danger: i32,
    /// With at most `few_movers` mobile pieces left, losing one is worth this much more,
    /// divided by their number: a side without movers loses the game.
    last_movers: i32,
    few_movers: i32,
    /// Per square closer to the nearest intruder near the own Flag.
    close_in: i32,
    /// Per move a defender makes towards the square an enemy piece would take the own Flag
    /// from ([`Gates`]), in the search's own moves.
    hold_gate: i32,
    /// A quiet move of a piece that never moved, in the search's own moves: to the enemy an
    /// unmoved piece may be a Bomb or the Flag, so each one kept still keeps the Flag hidden
    /// among more.
    first_move: i32,
    /// Leaving a square next to the own Flag while no enemy is near.
    leave_flag_guard: i32,
    /// Leaving a square next to the own Flag (orthogonally) while the enemy may have a Scout.
    keep_shield: i32,
    /// Per row gained towards the enemy's side, for pieces worth at most `probe_value`.
    advance: i32,
    /// Per square closer to the nearest prey: a known enemy piece this piece beats, or (for
    /// pieces worth at most `probe_value`, and Miners) an unknown one that never moved.
    hunt: i32,
    /// Random tie-break range (exclusive).
    jitter: u64,
    /// Random tie-break range (exclusive) of the enemy in the search's playouts: wide, so
    /// that the search does not count on which of its moves that score about the same the
    /// enemy prefers (a real enemy weighs them otherwise).
    enemy_jitter: u64,
}

const WEIGHTS: Weights = Weights {
    sure_win: 20,
    sure_loss: 60,
    probe: 25,
    probe_value: 30,
    flag_chance: 300,
    miner_on_unmoved: 20,
    threat_pct: 80,
    defend_flag: 80,
    flag_in_danger: 2_000,
    last_movers: 1_500,
    few_movers: 1,
    close_in: 10,
    hold_gate: 40,
    first_move: 5,
    leave_flag_guard: 60,
    keep_shield: 300,
    advance: 3,
    hunt: 6,
    jitter: 4,
    enemy_jitter: 40,
};

/// An enemy piece within this many king steps of the own Flag is an intruder.
const FLAG_ZONE: u8 = 2;
/// The most intruders there can be: the squares of the Flag's zone but its own.
const MAX_INTRUDERS: usize = (2 * FLAG_ZONE as usize + 1) * (2 * FLAG_ZONE as usize + 1) - 1;

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
    role: Role,
}

/// Whose moves the heuristic scores: its own, or the search agent's (its candidates and its
/// side of the playouts). The search's additions were measured inside the search (see the
/// book's agents page); the heuristic agent, and the sampling agent that ranks by it, keep
/// the scores as shipped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Role {
    /// Weighs unknown pieces by [`Belief::odds`].
    Alone,
    /// The enemy in the search's playouts: scores as [`Role::Alone`], and breaks ties over
    /// a wider range ([`Weights::enemy_jitter`]).
    Enemy,
    /// Weighs unknown pieces by [`Belief::placed_odds`], holds the Flag's gates
    /// ([`Gates`]), and moves pieces that already moved before those that never did.
    Searcher,
}

impl HeuristicAgent {
    /// A heuristic agent breaking ties with `seed`.
    pub fn new(seed: u64) -> HeuristicAgent {
        HeuristicAgent { rng: SplitMix64::new(seed), moves: Vec::new(), role: Role::Alone }
    }

    /// Score moves for `role` from now on.
    pub(crate) fn set_role(&mut self, role: Role) {
        self.role = role;
    }

    /// Draw the tie-breaks from `seed` from now on (the search agent's playouts reuse one
    /// agent, and its move buffer, for every playout).
    pub(crate) fn reseed(&mut self, seed: u64) {
        self.rng = SplitMix64::new(seed);
    }

    /// The legal moves of `view`, best first by this agent's score (ties in move order),
    /// without the random tie-break: the candidate order of [`super::SamplingAgent`].
    pub fn ranked_moves(view: &PlayerView) -> Vec<(Move, i32)> {
        Self::ranked_moves_by(view, Role::Alone)
    }

    /// [`HeuristicAgent::ranked_moves`], scored for `role`.
    pub(crate) fn ranked_moves_by(view: &PlayerView, role: Role) -> Vec<(Move, i32)> {
        let context = Context::new(view, role);
        let mut scored: Vec<(Move, i32)> = view.legal_moves().into_iter().map(|m| (m, context.score(m))).collect();
        scored.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        scored
    }
}

impl Agent for HeuristicAgent {
    fn choose(&mut self, view: &PlayerView) -> Option<Move> {
        view.legal_moves_into(&mut self.moves);
        let context = Context::new(view, self.role);
        let jitter = if self.role == Role::Enemy { WEIGHTS.enemy_jitter } else { WEIGHTS.jitter } as usize;
        let mut best: Option<(i32, Move)> = None;
        for &mv in &self.moves {
            let score = context.score(mv) + self.rng.below(jitter) as i32;
            if best.is_none_or(|(s, _)| score > s) {
                best = Some((score, mv));
            }
        }
        best.map(|(_, mv)| mv)
    }

    /// A human-like setup that keeps the Flag back and boxed in (`setups::guarded_setup`).
    fn setup(&mut self, rules: &Rules, player: Player) -> Option<Setup> {
        Some(super::setups::guarded_setup(rules, player, &mut self.rng))
    }
}

/// What the score of every move of one position needs, gathered once. The search agent
/// scores every position of its playouts, so what is per rank or per kind of unknown piece
/// is tabled here instead of being worked out for every move: nothing is allocated.
struct Context<'a> {
    view: &'a PlayerView,
    belief: Belief,
    me: Player,
    /// What losing one more mobile piece costs beyond its value (see `last_movers`).
    mover_loss: i32,
    flag: Option<Square>,
    /// The Flag's gates and their defenders, for the searcher.
    gates: Option<Gates>,
    /// What a quiet first move of a piece costs ([`Weights::first_move`] for the searcher).
    first_move: i32,
    /// The intruders, first `intruder_count` entries.
    intruders: [Square; MAX_INTRUDERS],
    intruder_count: usize,
    /// `unknown_attack` on an unknown piece of each [`unknown_kind`] by each own rank (by
    /// index).
    unknown: [[i32; Rank::COUNT]; UNKNOWN_KINDS],
    /// The enemy pieces' squares, in square order.
    enemies: [Square; MAX_SQUARES],
    /// For each own rank (by index), which of `enemies` it hunts (bit `i` for `enemies[i]`).
    prey: [u128; Rank::COUNT],
}

/// What tells unknown enemy pieces apart for the belief: whether each moved, and slid.
const UNKNOWN_KINDS: usize = 4;

fn unknown_kind(piece: EnemyPiece) -> usize {
    piece.moved as usize | (piece.slid as usize) << 1
}

impl<'a> Context<'a> {
    fn new(view: &'a PlayerView, role: Role) -> Context<'a> {
        let rules = view.rules();
        // One pass over the own pieces: the Flag, the movers, and the ranks that can move
        // (only those score moves, so the tables below are filled for those alone).
        let (mut flag, mut movers, mut movable) = (None, 0, [false; Rank::COUNT]);
        for (sq, p) in view.pieces() {
            let mobile = rules.movement(p.rank).is_mobile();
            movable[p.rank.index()] = mobile;
            movers += mobile as i32;
            if p.rank == Rank::Flag && flag.is_none() {
                flag = Some(sq);
            }
        }
        let mover_loss = if movers <= WEIGHTS.few_movers { WEIGHTS.last_movers / movers.max(1) } else { 0 };
        let belief = Belief::new(view);
        let ranks = || Rank::ALL.into_iter().filter(|r| movable[r.index()]);
        let mut unknown = [[0; Rank::COUNT]; UNKNOWN_KINDS];
        for (kind, by_rank) in unknown.iter_mut().enumerate() {
            let piece = EnemyPiece { rank: None, revealed: false, moved: kind & 1 != 0, slid: kind & 2 != 0 };
            let odds = match role {
                Role::Alone | Role::Enemy => belief.odds(rules, piece).map(u32::from),
                Role::Searcher => belief.placed_odds(rules, piece),
            };
            for rank in ranks() {
                by_rank[rank.index()] = unknown_attack(rules, &odds, rank, mover_loss);
            }
        }
        // Which own ranks hunt each kind of enemy piece (bit = rank index): an unknown piece
        // that never moved hides the Flag, worth a visit for explorers or when the odds
        // favour the attacker; a known piece, for the ranks that beat it.
        let mut hunt_unknown = [0u16; UNKNOWN_KINDS];
        let mut hunt_known = [0u16; Rank::COUNT];
        for rank in ranks() {
            let explores = piece_value(rank) <= WEIGHTS.probe_value || rank == Rank::Miner;
            for (kind, hunters) in hunt_unknown.iter_mut().enumerate().filter(|(kind, _)| kind & 1 == 0) {
                *hunters |= ((explores || unknown[kind][rank.index()] > 0) as u16) << rank.index();
            }
            for r in Rank::ALL {
                hunt_known[r.index()] |= ((rules.battle(rank, r) == Battle::AttackerWins) as u16) << rank.index();
            }
        }
        let mut enemies = [Square::new(0, 0); MAX_SQUARES];
        let mut prey = [0u128; Rank::COUNT];
        let mut intruders = [Square::new(0, 0); MAX_INTRUDERS];
        let mut intruder_count = 0;
        for (i, (sq, e)) in view.enemy_pieces().enumerate() {
            if flag.is_some_and(|f| king_distance(sq, f) <= FLAG_ZONE) {
                intruders[intruder_count] = sq;
                intruder_count += 1;
            }
            let mut hunters = match e.rank {
                Some(r) => hunt_known[r.index()],
                None => hunt_unknown[unknown_kind(e)],
            };
            while hunters != 0 {
                prey[hunters.trailing_zeros() as usize] |= 1 << i;
                hunters &= hunters - 1;
            }
            enemies[i] = sq;
        }
        let gates =
            flag.filter(|_| role == Role::Searcher).map(|f| Gates::new(view, f, belief.unaccounted(Rank::Miner) > 0));
        Context {
            view,
            belief,
            me: view.player(),
            mover_loss,
            flag,
            gates,
            first_move: if role == Role::Searcher { WEIGHTS.first_move } else { 0 },
            intruders,
            intruder_count,
            unknown,
            enemies,
            prey,
        }
    }

    fn intruders(&self) -> &[Square] {
        &self.intruders[..self.intruder_count]
    }

    fn score(&self, mv: Move) -> i32 {
        let Some(piece) = self.view.piece_at(mv.from) else { return i32::MIN };
        let rank = piece.rank;
        let w = &WEIGHTS;
        let mut score = 0;
        let mut lands = true;
        let target = self.view.enemy_at(mv.to);
        if let Some(enemy) = target {
            let (battle, lives) = self.attack(rank, enemy);
            score += battle;
            lands = lives;
            // A battle known to be lost defends nothing: the intruder stays where it was,
            // and the square the defender held is open.
            let defends = self.intruders().contains(&mv.to)
                && enemy.rank.is_none_or(|r| self.view.rules().battle(rank, r) != Battle::DefenderWins);
            if defends {
                score += w.defend_flag;
                if self.flag.is_some_and(|f| king_distance(f, mv.to) <= 1) {
                    score += w.flag_in_danger;
                }
            }
        }
        if lands {
            score += self.threat(mv.from, rank, None) - self.threat(mv.to, rank, Some(mv.from));
        }
        score += self.flag_duty(mv);
        // Quiet moves only: an attack is priced by its battle.
        if let Some(gates) = self.gates.as_ref().filter(|_| target.is_none()) {
            score += w.hold_gate * gates.step(self.view, mv.from, mv.to);
        }
        if target.is_none() && !piece.moved {
            score -= self.first_move;
        }
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
        let distance = |a: Square, b: Square| step_distance(a, b) as i32;
        let mut prey = self.prey[rank.index()];
        let mut nearest: Option<(i32, i32)> = None;
        while prey != 0 {
            let sq = self.enemies[prey.trailing_zeros() as usize];
            prey &= prey - 1;
            let d = (distance(mv.from, sq), distance(mv.to, sq));
            if nearest.is_none_or(|n| d < n) {
                nearest = Some(d);
            }
        }
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
                Battle::DefenderWins => (-mine - w.sure_loss - self.mover_loss, false),
                Battle::BothDie => (piece_value(theirs) - mine - self.mover_loss, false),
            },
            None => {
                let mut s = self.unknown_attack(rank, enemy);
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

    /// The expected material of attacking the unknown `enemy` with `rank` (see
    /// [`unknown_attack`]).
    fn unknown_attack(&self, rank: Rank, enemy: EnemyPiece) -> i32 {
        self.unknown[unknown_kind(enemy)][rank.index()]
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
        if self.intruders().is_empty() {
            // An orthogonal neighbour shields the Flag from a Scout's run: it stays while a
            // Scout may be left.
            let shield = |sq: Square| step_distance(sq, flag) == 1;
            let scouts = self.belief.unaccounted(Rank::Scout) > 0;
            let guard = |sq: Square| king_distance(sq, flag) <= 1;
            if shield(mv.from) && !shield(mv.to) && scouts {
                return -WEIGHTS.keep_shield;
            }
            return if guard(mv.from) && !guard(mv.to) { -WEIGHTS.leave_flag_guard } else { 0 };
        }
        let nearest = |sq: Square| self.intruders().iter().map(|&i| king_distance(sq, i) as i32).min().unwrap_or(0);
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

/// The expected material of attacking an unknown piece with `rank`, over the ranks `odds`
/// leaves it (by [`Rank::index`]; the Flag counted at [`Weights::flag_chance`]), losing the
/// attacker costing `mover_loss` more.
fn unknown_attack(rules: &Rules, odds: &[u32; Rank::COUNT], rank: Rank, mover_loss: i32) -> i32 {
    // In i64: placed odds are products of counts, and their sum times a value may pass i32.
    let total: i64 = odds.iter().map(|&n| n as i64).sum();
    if total == 0 {
        return 0;
    }
    let mine = piece_value(rank);
    let sum: i64 = Rank::ALL
        .iter()
        .map(|&r| {
            let theirs = if r == Rank::Flag { WEIGHTS.flag_chance } else { piece_value(r) };
            let outcome = match rules.battle(rank, r) {
                Battle::AttackerWins => theirs,
                Battle::DefenderWins => -mine - mover_loss,
                Battle::BothDie => theirs - mine - mover_loss,
            };
            odds[r.index()] as i64 * outcome as i64
        })
        .sum();
    (sum / total) as i32
}
