//! Sets of squares as 128-bit words: bit `i` is the square of index `i`.

pub(crate) type Bitboard = u128;

#[inline(always)]
pub(crate) const fn bit(index: usize) -> Bitboard {
    1u128 << index
}

#[inline(always)]
pub(crate) const fn has(bb: Bitboard, index: usize) -> bool {
    bb >> index & 1 != 0
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
