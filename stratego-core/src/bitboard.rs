//! Sets of squares as 128-bit words: bit `i` is the square of index `i`.

pub(crate) type Bitboard = u128;

/// `SINGLE[i]`: the set of square `i` alone. A load, where shifting a 128-bit word by an
/// amount known only at run time takes about eight instructions.
static SINGLE: [Bitboard; 128] = {
    let mut t = [0; 128];
    let mut i = 0;
    while i < 128 {
        t[i] = 1 << i;
        i += 1;
    }
    t
};

/// The set of square `index` alone (`index` below 128).
#[inline(always)]
pub(crate) fn bit(index: usize) -> Bitboard {
    SINGLE[index & 127]
}

/// Whether square `index` (below 128) is in `bb`.
#[inline(always)]
pub(crate) fn has(bb: Bitboard, index: usize) -> bool {
    bb & SINGLE[index & 127] != 0
}

/// Iterates the set bits, lowest first. The two 64-bit halves are walked separately: 128-bit
/// arithmetic costs about twice as many instructions per bit.
#[derive(Clone, Copy)]
pub(crate) struct Bits {
    lo: u64,
    hi: u64,
}

#[inline(always)]
pub(crate) const fn bits(bb: Bitboard) -> Bits {
    Bits { lo: bb as u64, hi: (bb >> 64) as u64 }
}

impl Iterator for Bits {
    type Item = usize;
    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        if self.lo != 0 {
            let i = self.lo.trailing_zeros() as usize;
            self.lo &= self.lo - 1;
            Some(i)
        } else if self.hi != 0 {
            let i = self.hi.trailing_zeros() as usize + 64;
            self.hi &= self.hi - 1;
            Some(i)
        } else {
            None
        }
    }

    #[inline(always)]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = (self.lo.count_ones() + self.hi.count_ones()) as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bits {}

/// Highest first: `bits(bb).rev()`.
impl DoubleEndedIterator for Bits {
    #[inline(always)]
    fn next_back(&mut self) -> Option<usize> {
        if self.hi != 0 {
            let i = 63 - self.hi.leading_zeros() as usize;
            self.hi ^= 1 << i;
            Some(i + 64)
        } else if self.lo != 0 {
            let i = 63 - self.lo.leading_zeros() as usize;
            self.lo ^= 1 << i;
            Some(i)
        } else {
            None
        }
    }
}

/// Calls `f` with each set bit of `bb`, lowest first (highest first when `DOWN`): each 64-bit
/// half in a loop of its own, one test per bit where [`Bits`] makes two. For the hottest loops.
#[inline(always)]
pub(crate) fn for_each_bit<const DOWN: bool>(bb: Bitboard, mut f: impl FnMut(usize)) {
    let halves =
        if DOWN { [(64, (bb >> 64) as u64), (0, bb as u64)] } else { [(0, bb as u64), (64, (bb >> 64) as u64)] };
    for (half, mut word) in halves {
        while word != 0 {
            let i = if DOWN { 63 - word.leading_zeros() } else { word.trailing_zeros() } as usize;
            // Clearing the lowest bit is one instruction (`blsr`); the highest takes two.
            word = if DOWN { word ^ 1 << i } else { word & (word - 1) };
            f(half + i);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every walk gives every set bit once, up or down, across the halves' boundary.
    #[test]
    fn the_bit_walks_give_every_set_bit_once_in_order() {
        for bb in [0, 1, 1 << 63, 1 << 64, 1 << 127, (1 << 64) | (1 << 63) | 5, u128::MAX, 0x8000_0001 << 50] {
            let up: Vec<usize> = bits(bb).collect();
            assert_eq!(up.len(), bb.count_ones() as usize);
            assert!(up.iter().all(|&i| has(bb, i)));
            assert!(up.windows(2).all(|w| w[0] < w[1]));
            let mut down: Vec<usize> = bits(bb).rev().collect();
            down.reverse();
            assert_eq!(up, down);
            for (down, expected) in [(false, up.clone()), (true, up.iter().rev().copied().collect())] {
                let mut walked = Vec::new();
                if down {
                    for_each_bit::<true>(bb, |i| walked.push(i));
                } else {
                    for_each_bit::<false>(bb, |i| walked.push(i));
                }
                assert_eq!(walked, expected);
            }
        }
    }
}
