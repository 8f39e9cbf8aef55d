//! A small seeded generator (SplitMix64), so that every random function of the core is a pure
//! function of its seed on every platform.

#[derive(Clone, Debug)]
pub(crate) struct SplitMix64(u64);

impl SplitMix64 {
    pub(crate) fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The `n`th output (from 0) of the generator seeded with `seed`, without the ones before:
    /// so a stream can be shared out among threads and stay the same.
    // Only the threaded `VecEnv` shares a stream out; the wasm build has no threads.
    #[cfg_attr(not(feature = "threads"), allow(dead_code))]
    pub(crate) fn nth(seed: u64, n: usize) -> u64 {
        SplitMix64(seed.wrapping_add((n as u64).wrapping_mul(SplitMix64::GAMMA))).next_u64()
    }

    const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(SplitMix64::GAMMA);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`), without modulo bias (Lemire's method).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        debug_assert!(n > 0);
        let n = n as u64;
        loop {
            let m = (self.next_u64() as u128) * (n as u128);
            let low = m as u64;
            if low >= n || low >= n.wrapping_neg() % n {
                return (m >> 64) as usize;
            }
        }
    }

    pub(crate) fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::SplitMix64;

    #[test]
    fn nth_is_the_stream_s_nth_output() {
        let mut rng = SplitMix64::new(42);
        for n in 0..100 {
            assert_eq!(SplitMix64::nth(42, n), rng.next_u64(), "output {n}");
        }
    }
}
