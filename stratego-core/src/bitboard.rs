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

/// Iterates the set bits, highest first (the halves walked apart, as [`Bits`] does).
#[derive(Clone, Copy)]
pub(crate) struct BitsDown {
    lo: u64,
    hi: u64,
}

#[inline(always)]
pub(crate) const fn bits_down(bb: Bitboard) -> BitsDown {
    BitsDown { lo: bb as u64, hi: (bb >> 64) as u64 }
}

impl Iterator for BitsDown {
    type Item = usize;
    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        if self.hi != 0 {
            let i = 127 - self.hi.leading_zeros() as usize;
            self.hi ^= 1 << (i - 64);
            Some(i)
        } else if self.lo != 0 {
            let i = 63 - self.lo.leading_zeros() as usize;
            self.lo ^= 1 << i;
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

impl ExactSizeIterator for BitsDown {}

#[cfg(test)]
mod tests {
    use super::*;

    /// Both walks give every set bit once, in opposite orders, across the halves' boundary.
    #[test]
    fn bits_and_bits_down_walk_the_same_set_in_opposite_orders() {
        for bb in [0, 1, 1 << 63, 1 << 64, 1 << 127, (1 << 64) | (1 << 63) | 5, u128::MAX, 0x8000_0001 << 50] {
            let up: Vec<usize> = bits(bb).collect();
            let mut down: Vec<usize> = bits_down(bb).collect();
            assert_eq!(up.len(), bb.count_ones() as usize);
            assert!(up.iter().all(|&i| has(bb, i)));
            assert!(up.windows(2).all(|w| w[0] < w[1]));
            down.reverse();
            assert_eq!(up, down);
        }
    }
}
