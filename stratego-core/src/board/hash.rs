//! A position hash for transposition tables: Zobrist-style, one pseudo-random key per fact the
//! rules depend on, combined with XOR.

use crate::rules::bitboard::bits;
use crate::rules::square::MAX_SQUARES;
use crate::state::{State, BLUE, RANK_BITS};
use crate::{Board, Player, Rank, Rules};

/// The key of one fact: `kind` says which, `value` packs its parts (the SplitMix64 finaliser,
/// standing in for a table of random numbers for the rarer facts).
#[inline]
const fn key(kind: u64, value: u64) -> u64 {
    let mut z = (kind << 56 ^ value).wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The kinds of fact that enter the hash.
const PIECE: u64 = 1;
const START: u64 = 2;
const BLUE_TO_MOVE: u64 = 3;
const RUN: u64 = 4;
const RUN_BORDER: u64 = 5;
const CHASE: u64 = 6;
const CHASE_KEY: u64 = 7;
const OUTCOME: u64 = 8;

/// Owner-and-rank kinds of piece: 12 ranks times 2 owners.
const PIECE_KINDS: usize = 2 * Rank::COUNT;

/// The classic Zobrist table for the commonest fact, a piece on a square: one load per piece.
static PIECE_KEYS: [[u64; PIECE_KINDS]; MAX_SQUARES] = {
    let mut t = [[0; PIECE_KINDS]; MAX_SQUARES];
    let mut sq = 0;
    while sq < MAX_SQUARES {
        let mut k = 0;
        while k < PIECE_KINDS {
            t[sq][k] = key(PIECE, (sq as u64) << 8 | k as u64);
            k += 1;
        }
        sq += 1;
    }
    t
};

pub(crate) fn position_hash(rules: &Rules, s: &State) -> u64 {
    let data = rules.data();
    let pieces = s.occ[0] | s.occ[1];
    let mut h = 0;
    for i in bits(pieces) {
        let c = s.cells[i];
        let kind = ((c & RANK_BITS) as usize - 1) * 2 + (c & BLUE != 0) as usize;
        h ^= PIECE_KEYS[i][kind];
    }
    if data.chase || data.no_return {
        // Both rules tell pieces apart by their start squares; a piece still on its own is
        // told by the piece term above.
        for i in bits(pieces) {
            if s.start[i] as usize != i {
                h ^= key(START, (i as u64) << 8 | s.start[i] as u64);
            }
        }
    }
    if s.to_move == Player::Blue {
        h ^= key(BLUE_TO_MOVE, 0);
    }
    if data.two_square.is_some() {
        for (p, run) in s.runs.iter().enumerate() {
            if let Some((square, axis, borders)) = run.parts() {
                h ^= key(RUN, (p as u64) << 16 | (square as u64) << 8 | axis as u64);
                for (b, n) in borders {
                    h ^= key(RUN_BORDER, (p as u64) << 16 | (b as u64) << 8 | n as u64);
                }
            }
        }
    }
    if data.chase {
        for p in Player::ALL {
            let (length, from, to) = s.chase.last(p);
            h ^= key(CHASE, (p.index() as u64) << 40 | (length as u64) << 16 | (from as u64) << 8 | to as u64);
        }
        for (delta, k) in s.chase.window_keys(s.ply).enumerate() {
            h ^= key(CHASE_KEY, k ^ (delta as u64) << 58);
        }
    }
    if let Some(o) = s.outcome {
        let winner = o.winner.map_or(0, |w| w.index() as u64 + 1);
        h ^= key(OUTCOME, winner << 8 | o.termination as u64);
    }
    h
}

impl Board {
    /// A 64-bit hash of the position for transposition tables: Zobrist keys of every fact the
    /// rules decide by (each piece's owner and rank on its square, the side to move, start
    /// squares where the no-return or chase rule reads them, the two-squares run, the chase
    /// state and the positions it compares with, the outcome), combined with XOR.
    ///
    /// Equal boards hash equal. Deliberately left out, so that transpositions meet: the ply and
    /// quiet-ply counters (add [`Board::ply`] yourself when a ply cap matters), captured lists,
    /// and the moved / revealed / slid flags, which only views read. The hash is computed on
    /// call, in time proportional to the pieces; its values are stable within a version of
    /// this crate and may change between versions, so do not store them.
    ///
    /// ```
    /// use stratego_core::{Edition, Game, Rules};
    /// let rules = Rules::edition(Edition::Classic);
    /// // Sergeants on a2 b2 (Red) and a9 b9 (Blue), Flags on j1 and j10.
    /// let rows = ["AAAAAAAAAM", "FFAAAAAAAA", "AAAAAAAAAA", "AAAAAAAAAA", "AA__AA__AA", "AA__AA__AA", "AAAAAAAAAA", "AAAAAAAAAA", "RRAAAAAAAA", "AAAAAAAAAY"];
    /// let start = Game::from_position(rules, &format!("{} r 0", rows.concat()))?;
    /// let (mut a, mut b) = (start.clone(), start.clone());
    /// // The same position by two move orders: a transposition.
    /// for mv in ["a2-a3", "a9-a8", "b2-b3", "b9-b8"] { a.play(mv.parse()?)?; }
    /// for mv in ["b2-b3", "b9-b8", "a2-a3", "a9-a8"] { b.play(mv.parse()?)?; }
    /// assert_eq!(a.board(), b.board());
    /// assert_eq!(a.board().hash(), b.board().hash());
    /// assert_ne!(a.board().hash(), start.board().hash());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn hash(&self) -> u64 {
        position_hash(&self.rules, &self.state)
    }
}
