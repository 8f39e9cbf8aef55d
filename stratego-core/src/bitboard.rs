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
