//! The Flag's gates: where an enemy piece near the Flag would take it from, and which own
//! piece should hold that square.
//!
//! A Flag boxed in by Bombs is not safe from a Miner: it digs through them, and a move-by-move
//! score that measures distances in king steps sees neither the Bombs that block the
//! defenders nor the ones the Miner walks through. Path distances see both.

use super::geometry::{neighbours, step_distance};
use super::piece_value;
use crate::{Battle, EnemyPiece, PlayerView, Rank, Square, MAX_SQUARES};

/// Enemy pieces at most this many moves from the own Flag are guarded against.
const GATE_ZONE: u8 = 5;
/// The most gates held at once: the nearest intruders'.
const MAX_GATES: usize = 2;
/// The most intruders looked at, nearest first.
const MAX_THREATS: usize = 8;

/// Moves along shortest paths over a board's squares, [`u8::MAX`] where unreachable or
/// beyond where the search stopped.
type Distances = [u8; MAX_SQUARES];

/// For each of the nearest intruders, the own piece that should hold its gate (the Flag's
/// neighbour it would attack from) and the squares' distances to that gate, known as far as
/// the defender (enough to tell its moves towards the gate from those away).
pub(crate) struct Gates {
    held: [(Square, Distances); MAX_GATES],
    count: usize,
}

impl Gates {
    /// The gates of the Flag on `flag`, for the enemy pieces within [`GATE_ZONE`] moves of it.
    /// `miners_left`: whether an unknown enemy piece may be a Miner (and dig through Bombs).
    pub(crate) fn new(view: &PlayerView, flag: Square, miners_left: bool) -> Gates {
        let mut gates = Gates { held: [(Square::new(0, 0), [u8::MAX; MAX_SQUARES]); MAX_GATES], count: 0 };
        let rules = view.rules();
        let w = rules.width();
        let near = |(sq, e): &(Square, EnemyPiece)| {
            step_distance(*sq, flag) <= GATE_ZONE && e.rank.is_none_or(|r| rules.movement(r).is_mobile())
        };
        if !view.enemy_pieces().any(|p| near(&p)) {
            return gates;
        }
        // Paths from the Flag outwards, once for walkers and once for diggers: an intruder
        // walks over empty squares and attacks own pieces in its way, but only a Miner passes
        // a Bomb. Each square also learns the first of the Flag's neighbours on its shortest
        // paths (in neighbour order): the gate it would attack from.
        let path = |digs: bool| move |n: Square| view.piece_at(n).is_none_or(|p| p.rank != Rank::Bomb || digs);
        let mut walker = ([u8::MAX; MAX_SQUARES], [flag; MAX_SQUARES]);
        let mut digger = ([u8::MAX; MAX_SQUARES], [flag; MAX_SQUARES]);
        distances(view, flag, path(false), GATE_ZONE, &mut walker.0, Some(&mut walker.1), |_| false);
        distances(view, flag, path(true), GATE_ZONE, &mut digger.0, Some(&mut digger.1), |_| false);
        let mut threats = [(u8::MAX, Square::new(0, 0), Square::new(0, 0), None); MAX_THREATS];
        let mut n_threats = 0;
        for (sq, e) in view.enemy_pieces().filter(near) {
            let digs = e.rank == Some(Rank::Miner) || (e.rank.is_none() && miners_left);
            let (dist, gate) = if digs { &digger } else { &walker };
            let d = dist[sq.index(w)];
            if d <= GATE_ZONE && n_threats < MAX_THREATS {
                threats[n_threats] = (d, sq, gate[sq.index(w)], e.rank);
                n_threats += 1;
            }
        }
        threats[..n_threats].sort_by_key(|t| (t.0, t.1));
        for &(_, sq, gate, rank) in &threats[..n_threats] {
            if gates.count == MAX_GATES {
                break;
            }
            // A defender beats the intruder or trades with it; an unknown one is met by any
            // piece but a Scout or the Spy.
            let stops = |r: Rank| match rank {
                Some(theirs) => rules.battle(r, theirs) != Battle::DefenderWins,
                None => !matches!(r, Rank::Scout | Rank::Spy),
            };
            let taken = &gates.held[..gates.count];
            let defends = |s: Square| {
                taken.iter().all(|held| held.0 != s)
                    && view.piece_at(s).is_some_and(|p| rules.movement(p.rank).is_mobile() && stops(p.rank))
            };
            // Defenders walk over empty squares and their own movers' (which make way), to
            // the gate or, when a Bomb holds it, next to it; the search stops beyond the
            // nearest defender.
            let mut to_gate = [u8::MAX; MAX_SQUARES];
            let defender_path = |n: Square| {
                n == sq
                    || (view.enemy_at(n).is_none()
                        && view.piece_at(n).is_none_or(|p| rules.movement(p.rank).is_mobile()))
            };
            distances(view, gate, defender_path, u8::MAX, &mut to_gate, None, defends);
            let defender = view
                .pieces()
                .filter(|(s, _)| to_gate[s.index(w)] != u8::MAX && defends(*s))
                .min_by_key(|(s, p)| (to_gate[s.index(w)], piece_value(p.rank)));
            if let Some((defender, _)) = defender {
                gates.held[gates.count] = (defender, to_gate);
                gates.count += 1;
            }
        }
        gates
    }

    /// +1 if the move `from`-`to` brings a gate's defender closer to its gate, -1 if further,
    /// 0 for any other piece.
    pub(crate) fn step(&self, view: &PlayerView, from: Square, to: Square) -> i32 {
        let w = view.rules().width();
        self.held[..self.count]
            .iter()
            .filter(|(defender, _)| *defender == from)
            .map(|(_, d)| (d[from.index(w)] as i32 - d[to.index(w)] as i32).clamp(-1, 1))
            .sum()
    }
}

/// Breadth-first distances from `start` over the squares that `pass` allows (lakes never),
/// up to `limit` moves, and no further than the first layer holding a square that `goal`
/// accepts. `first_steps`, if given, receives for each square the first of `start`'s
/// neighbours on its shortest paths, in neighbour order.
fn distances(
    view: &PlayerView,
    start: Square,
    pass: impl Fn(Square) -> bool,
    limit: u8,
    out: &mut Distances,
    mut first_steps: Option<&mut [Square; MAX_SQUARES]>,
    goal: impl Fn(Square) -> bool,
) {
    let rules = view.rules();
    let w = rules.width();
    out.fill(u8::MAX);
    let mut queue = [start; MAX_SQUARES];
    let (mut head, mut tail) = (0, 1);
    out[start.index(w)] = 0;
    let mut last_layer = if goal(start) { 0 } else { limit };
    while head < tail {
        let sq = queue[head];
        head += 1;
        let d = out[sq.index(w)];
        if d >= last_layer {
            break;
        }
        for n in neighbours(view, sq) {
            if out[n.index(w)] == u8::MAX && !rules.is_lake(n) && pass(n) {
                out[n.index(w)] = d + 1;
                if let Some(first) = first_steps.as_deref_mut() {
                    first[n.index(w)] = if d == 0 { n } else { first[sq.index(w)] };
                }
                if goal(n) {
                    last_layer = last_layer.min(d + 1);
                }
                queue[tail] = n;
                tail += 1;
            }
        }
    }
}
