//! Perft: the number of move sequences of a given length, the standard check of a move
//! generator (and its standard speed test).

use crate::rules::bitboard::for_each_bit;
use crate::state::{decision_move, Count, Sink, State, RESCUE_FROM};
use crate::{Game, Rules};

/// Lists moves as square-index pairs, for walks that never leave the engine.
struct Pairs<'a>(&'a mut Vec<(u8, u8)>);

impl Sink for Pairs<'_> {
    #[inline(always)]
    fn shifted(&mut self, targets: u128, delta: i32) {
        for_each_bit::<false>(targets, |t| self.0.push(((t as i32 - delta) as u8, t as u8)));
    }
    #[inline(always)]
    fn one_piece(&mut self, from: usize, targets: u128) {
        for_each_bit::<false>(targets, |t| self.0.push((from as u8, t as u8)));
    }
}

/// How many legal move sequences of `depth` plies start from `game` (a finished game has
/// none; `depth` 0 counts the game itself). Leaves are counted in bulk: the last ply is a move
/// count, not a walk. Positions are copied, not replayed, so this is also the engine's raw
/// speed test.
///
/// ```
/// use stratego_core::{perft, Edition, Game, Player, Rules, Setup};
/// let rules = Rules::edition(Edition::Classic);
/// let game = Game::new(rules.clone(), Setup::random(&rules, Player::Red, 1), Setup::random(&rules, Player::Blue, 2))?;
/// assert_eq!(perft(&game, 1), game.legal_moves().len() as u64);
/// assert_eq!(perft(&game, 0), 1);
///
/// // A finished game has no move sequences, whatever the depth, and says so at once.
/// let mut over = game.clone();
/// over.resign(stratego_core::Player::Red);
/// assert_eq!(perft(&over, 4_000_000_000), 0);
/// # Ok::<(), stratego_core::SetupError>(())
/// ```
pub fn perft(game: &Game, depth: u32) -> u64 {
    // One move list per interior ply, made when the walk first reaches that ply: a huge
    // `depth` costs nothing up front, and a finished game answers at once.
    let mut lists = Vec::new();
    walk(game.rules(), game.state(), depth, &mut lists, 0)
}

fn walk(rules: &Rules, state: &State, depth: u32, lists: &mut Vec<Vec<(u8, u8)>>, ply: usize) -> u64 {
    if depth == 0 {
        return 1;
    }
    if state.outcome.is_some() {
        return 0;
    }
    if depth == 1 {
        return leaves_below(rules, state);
    }
    if lists.len() == ply {
        lists.push(Vec::with_capacity(256));
    }
    let mut list = core::mem::take(&mut lists[ply]);
    list.clear();
    state.generate(rules, state.to_move, &mut Pairs(&mut list));
    let mut total = 0;
    for &(from, to) in list.iter() {
        let mut child = *state;
        if from as usize >= RESCUE_FROM {
            child.apply_decision(rules, decision_move(&rules.derived().coords, from as usize, to as usize));
        } else {
            child.apply(rules, from as usize, to as usize);
        }
        total += if depth == 2 {
            // The leaves' count here, not through a call that asks the depth again.
            leaves_below(rules, &child)
        } else {
            walk(rules, &child, depth - 1, lists, ply + 1)
        };
    }
    lists[ply] = list;
    total
}

/// The moves of a position that goes on (bulk counting: one move, one leaf), or none once it
/// is over.
#[inline(always)]
fn leaves_below(rules: &Rules, state: &State) -> u64 {
    if state.outcome.is_some() {
        return 0;
    }
    let mut count = Count(0);
    state.generate(rules, state.to_move, &mut count);
    count.0 as u64
}
