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

/// Iterates the set bits, lowest first.
#[derive(Clone, Copy)]
pub(crate) struct Bits(pub Bitboard);

impl Iterator for Bits {
    type Item = usize;
    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            None
        } else {
            let i = self.0.trailing_zeros() as usize;
            self.0 &= self.0 - 1;
            Some(i)
        }
    }
}
