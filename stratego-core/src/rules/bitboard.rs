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

/// `bb << S`, for `S` in `1..128`, without `shld` for 1 and 10. LLVM joins a 128-bit word's halves with
/// `shld`/`shrd` unless tuned for a processor where those are slow, and they are on AMD's Zen
/// (the benchmark machine's Zen 4 issues one every two cycles, where it issues four plain
/// shifts or `or`s a cycle); the build targets a baseline processor, so on x86-64 the shift is
/// written out: plain shifts and an `or`, or for one square an add with carry. Random playouts
/// ran 7% faster for 6% more instructions.
#[inline(always)]
pub(crate) fn shl<const S: u32>(bb: Bitboard) -> Bitboard {
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    {
        let (mut lo, mut hi) = (bb as u64, (bb >> 64) as u64);
        // SAFETY: register arithmetic only.
        unsafe {
            if S == 1 {
                core::arch::asm!("add {lo}, {lo}", "adc {hi}, {hi}", lo = inout(reg) lo, hi = inout(reg) hi,
                    options(pure, nomem, nostack));
            } else if S == 10 {
                // (The standard board's row; a literal, since the crate's oldest supported
                // compiler takes no generic `const` operand.)
                core::arch::asm!("mov {t}, {lo}", "shr {t}, 54", "shl {hi}, 10", "or {hi}, {t}", "shl {lo}, 10",
                    lo = inout(reg) lo, hi = inout(reg) hi, t = out(reg) _, options(pure, nomem, nostack));
            } else {
                return bb << S;
            }
        }
        (hi as u128) << 64 | lo as u128
    }
    #[cfg(not(all(target_arch = "x86_64", not(miri))))]
    {
        bb << S
    }
}

/// `bb >> S`, for `S` in `1..128`, as [`shl`] does it (a shift by one rotates through the carry).
#[inline(always)]
pub(crate) fn shr<const S: u32>(bb: Bitboard) -> Bitboard {
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    {
        let (mut lo, mut hi) = (bb as u64, (bb >> 64) as u64);
        // SAFETY: register arithmetic only.
        unsafe {
            if S == 1 {
                core::arch::asm!("shr {hi}, 1", "rcr {lo}, 1", lo = inout(reg) lo, hi = inout(reg) hi,
                    options(pure, nomem, nostack));
            } else if S == 10 {
                core::arch::asm!("mov {t}, {hi}", "shl {t}, 54", "shr {lo}, 10", "or {lo}, {t}", "shr {hi}, 10",
                    lo = inout(reg) lo, hi = inout(reg) hi, t = out(reg) _, options(pure, nomem, nostack));
            } else {
                return bb >> S;
            }
        }
        (hi as u128) << 64 | lo as u128
    }
    #[cfg(not(all(target_arch = "x86_64", not(miri))))]
    {
        bb >> S
    }
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

/// `SELECT_IN_BYTE[x * 8 + k]`: the position of the `k`-th lowest set bit of the byte `x` (0
/// where `x` has fewer).
static SELECT_IN_BYTE: [u8; 256 * 8] = {
    let mut t = [0u8; 256 * 8];
    let mut x = 0;
    while x < 256 {
        let (mut k, mut b) = (0, 0);
        while b < 8 {
            if x >> b & 1 != 0 {
                t[x * 8 + k] = b as u8;
                k += 1;
            }
            b += 1;
        }
        x += 1;
    }
    t
};

/// The index of the `k`-th lowest set bit of `bb` (`k` below `bb.count_ones()`), with no
/// branch: a loop that stops at the `k`-th bit ends where no predictor guesses, once per
/// random move. Each half's byte counts are summed by a multiply, the byte that holds the bit
/// is the number of those sums not above `k`, and a table finds the bit inside it.
#[inline(always)]
pub(crate) fn nth_bit(bb: Bitboard, k: usize) -> usize {
    debug_assert!(k < bb.count_ones() as usize, "bit {k} of a set of {}", bb.count_ones());
    const ONES: u64 = 0x0101_0101_0101_0101;
    let lo = bb as u64;
    let in_lo = lo.count_ones() as u64;
    // Which half holds the bit, as a mask: a branch on it would be a coin flip.
    let high = (k as u64 >= in_lo) as u64;
    let in_high = high.wrapping_neg();
    let word = ((bb >> 64) as u64 & in_high) | (lo & !in_high);
    let k = k as u64 - (in_lo & in_high);
    // Bits per byte, then the running totals up to and including each byte.
    let mut c = word - ((word >> 1) & 0x5555_5555_5555_5555);
    c = (c & 0x3333_3333_3333_3333) + ((c >> 2) & 0x3333_3333_3333_3333);
    c = (c + (c >> 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    let totals = c.wrapping_mul(ONES);
    // A byte's high bit survives where its total is at most `k` (totals are at most 64).
    let not_above = ((k * ONES) | (0x80 * ONES)).wrapping_sub(totals) & (0x80 * ONES);
    let shift = not_above.count_ones() * 8;
    // The bits below that byte: the total of the byte below it (none for the lowest). The byte
    // holds the bit, so it is not the word's last: `shift` is at most 56.
    let before = ((totals << 8) >> shift) & 0xFF;
    let byte = (word >> shift) & 0xFF;
    (high * 64) as usize + shift as usize + SELECT_IN_BYTE[(byte * 8 + (k - before)) as usize & 2047] as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The written-out shifts are the plain ones, for the amounts the move generator uses and
    /// one it does not, across the halves' boundary.
    #[test]
    fn the_written_out_shifts_are_the_plain_shifts() {
        let mut x = 0x9E37_79B9_7F4A_7C15_u128 << 64 | 0xBF58_476D_1CE4_E5B9;
        let mut words = vec![0, 1, u128::MAX, 1 << 63, 1 << 64, 1 << 127, (1 << 64) - 1, u128::MAX << 64];
        for _ in 0..200 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            words.push(x);
        }
        for b in words {
            assert_eq!(shl::<1>(b), b << 1, "{b:#x} << 1");
            assert_eq!(shl::<10>(b), b << 10, "{b:#x} << 10");
            assert_eq!(shl::<3>(b), b << 3, "{b:#x} << 3");
            assert_eq!(shr::<1>(b), b >> 1, "{b:#x} >> 1");
            assert_eq!(shr::<10>(b), b >> 10, "{b:#x} >> 10");
            assert_eq!(shr::<3>(b), b >> 3, "{b:#x} >> 3");
        }
    }

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

    /// The select gives the same bit as walking to it, for every rank in every set tried.
    #[test]
    fn nth_bit_finds_the_same_bit_as_a_walk() {
        let mut x: u128 = 0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C834;
        let mut sets = vec![1, 1 << 63, 1 << 64, 1 << 127, u128::MAX, (1 << 64) | (1 << 63), 0xFF << 60];
        for _ in 0..2_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            sets.push(x & (x >> 3) & (x >> 5));
            sets.push(x);
        }
        for bb in sets.into_iter().filter(|&bb| bb != 0) {
            for (k, expected) in bits(bb).enumerate() {
                assert_eq!(nth_bit(bb, k), expected, "bit {k} of {bb:#x}");
            }
        }
    }
}
