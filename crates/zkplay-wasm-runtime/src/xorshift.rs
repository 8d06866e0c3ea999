//! A seeded xorshift64 for the tests that fuzz: the same sequence from the same seed, so a
//! failure repeats, without a generator crate in every test build.

/// Marsaglia's xorshift64 (shifts 13, 7, 17); the seed must not be 0.
pub struct XorShift(pub u64);

impl XorShift {
    /// The next number of the sequence.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}
