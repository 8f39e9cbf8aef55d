//! Legal-action masks: one entry per action id (`u8` or `bool`), or packed as bits.

use super::sight::Sight;
use super::{check_len, orient, EncodingError, Sealed};
use crate::rules::bitboard::{bits, Bitboard};
use crate::state::Sink;
use crate::Player;

/// Element types a legal-action mask can be written in: `u8` (0 / 1) and `bool`.
/// Sealed: no other type implements it.
///
/// ```
/// use stratego_core::MaskValue;
/// assert_eq!(<u8 as MaskValue>::LEGAL, 1);
/// assert!(<bool as MaskValue>::LEGAL);
/// ```
pub trait MaskValue: Copy + Sealed {
    /// The value of an illegal action.
    const ILLEGAL: Self;
    /// The value of a legal action.
    const LEGAL: Self;
}

impl MaskValue for u8 {
    const ILLEGAL: u8 = 0;
    const LEGAL: u8 = 1;
}

impl MaskValue for bool {
    const ILLEGAL: bool = false;
    const LEGAL: bool = true;
}

/// Sets the bit of each legal move's action id in a packed mask, counting them. `FLIP`: the
/// mover is Blue. One piece's moves are a run of bits (its row of the `S x S` id table), set
/// with a few word ORs instead of one bit at a time.
struct BitSink<'a, const FLIP: bool> {
    words: &'a mut [u64],
    s: usize,
    count: usize,
}

impl<const FLIP: bool> BitSink<'_, FLIP> {
    #[inline(always)]
    fn set(&mut self, id: usize) {
        if let Some(word) = self.words.get_mut(id >> 6) {
            *word |= 1 << (id & 63);
        }
    }

    /// OR `row` (bit `t` = target square `t`, `t < S`) into the ids from `base` on.
    #[inline(always)]
    fn or_row(&mut self, base: usize, row: Bitboard) {
        let (w, sh) = (base / 64, (base % 64) as u32);
        let (lo, hi) = (row as u64, (row >> 64) as u64);
        let parts = if sh == 0 { [lo, hi, 0] } else { [lo << sh, (lo >> (64 - sh)) | (hi << sh), hi >> (64 - sh)] };
        for (k, part) in parts.into_iter().enumerate() {
            if part != 0 {
                if let Some(word) = self.words.get_mut(w + k) {
                    *word |= part;
                }
            }
        }
    }
}

impl<const FLIP: bool> Sink for BitSink<'_, FLIP> {
    #[inline(always)]
    fn shifted(&mut self, targets: Bitboard, delta: i32) {
        self.count += targets.count_ones() as usize;
        // The move to `t` comes from `t - delta`: its id is `t * (S + 1) - delta * S`, or for
        // Blue `S * S - 1` minus that. One multiply-add per move, the halves walked apart.
        let s = self.s as isize;
        let (mul, add) = if FLIP { (-(s + 1), s * s - 1 + delta as isize * s) } else { (s + 1, -(delta as isize) * s) };
        for (half, mut word) in [(0isize, targets as u64), (64, (targets >> 64) as u64)] {
            while word != 0 {
                let t = word.trailing_zeros() as isize + half;
                word &= word - 1;
                self.set((t * mul + add) as usize);
            }
        }
    }
    #[inline(always)]
    fn one_piece(&mut self, from: usize, targets: Bitboard) {
        self.count += targets.count_ones() as usize;
        let s = self.s;
        if FLIP {
            self.or_row((s - 1 - from) * s, orient(Player::Blue, s, targets));
        } else {
            self.or_row(from * s, targets);
        }
    }
    fn decisions(&mut self, code: usize, targets: Bitboard) {
        self.count += targets.count_ones() as usize;
        for t in bits(targets) {
            let frame = if FLIP { self.s - 1 - t } else { t };
            self.set(super::actions::decision_action(self.s, code, frame));
        }
    }
}

impl Sight<'_> {
    /// The legal-action mask, one entry per id, every entry overwritten; the number legal.
    pub(crate) fn legal_action_mask_into<T: MaskValue>(&self, out: &mut [T]) -> Result<usize, EncodingError> {
        check_len("legal-action mask", self.rules.num_actions(), out.len())?;
        out.fill(T::ILLEGAL);
        if !self.may_move() {
            return Ok(0);
        }
        Ok(self.for_each_action(|id| {
            if let Some(x) = out.get_mut(id) {
                *x = T::LEGAL;
            }
        }))
    }

    /// The legal-action mask packed as bits, every word overwritten; the number legal.
    pub(crate) fn legal_action_bits_into(&self, out: &mut [u64]) -> Result<usize, EncodingError> {
        let s = self.rules.num_squares();
        check_len("legal-action bit mask", self.rules.num_actions().div_ceil(64), out.len())?;
        out.fill(0);
        if !self.may_move() {
            return Ok(0);
        }
        let (rules, state, viewer) = (self.rules, self.state, self.viewer);
        Ok(if viewer == Player::Blue {
            let mut sink = BitSink::<true> { words: out, s, count: 0 };
            state.generate(rules, viewer, &mut sink);
            sink.count
        } else {
            let mut sink = BitSink::<false> { words: out, s, count: 0 };
            state.generate(rules, viewer, &mut sink);
            sink.count
        })
    }
}
