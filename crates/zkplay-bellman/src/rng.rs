//! The randomness of a setup made in this process (the page's "keys made in this browser"): a
//! counter-mode generator over BLAKE2s keyed with 32 bytes from the system (getrandom, which is
//! crypto.getRandomValues in wasm). groth16's generator wants an infallible `Rng`; the only
//! fallible step, reading the system's randomness, happens once, in [`SeededRng::from_system`].
use std::convert::Infallible;

use rand_core::TryRng;

pub struct SeededRng {
    key: [u8; 32],
    counter: u64,
    buf: [u8; 32],
    used: usize,
}

impl SeededRng {
    pub fn from_system() -> Result<Self, getrandom::Error> {
        let mut key = [0u8; 32];
        getrandom::fill(&mut key)?;
        Ok(SeededRng { key, counter: 0, buf: [0; 32], used: 32 })
    }

    fn refill(&mut self) {
        let block = blake2s_simd::Params::new().hash_length(32).key(&self.key).hash(&self.counter.to_le_bytes());
        self.buf.copy_from_slice(block.as_bytes());
        self.counter += 1;
        self.used = 0;
    }
}

impl TryRng for SeededRng {
    type Error = Infallible;

    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        let mut b = [0u8; 4];
        self.try_fill_bytes(&mut b)?;
        Ok(u32::from_le_bytes(b))
    }

    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        let mut b = [0u8; 8];
        self.try_fill_bytes(&mut b)?;
        Ok(u64::from_le_bytes(b))
    }

    fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), Infallible> {
        for byte in dest {
            if self.used == self.buf.len() {
                self.refill();
            }
            *byte = self.buf[self.used];
            self.used += 1;
        }
        Ok(())
    }
}

/// A TryCryptoRng: the keyed BLAKE2s stream is a PRF of the system's 32 bytes.
impl rand_core::TryCryptoRng for SeededRng {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_generators_differ_and_a_stream_does_not_repeat_its_blocks() {
        let (mut a, mut b) = (SeededRng::from_system().unwrap(), SeededRng::from_system().unwrap());
        let (mut x, mut y) = ([0u8; 96], [0u8; 96]);
        a.try_fill_bytes(&mut x).unwrap();
        b.try_fill_bytes(&mut y).unwrap();
        assert_ne!(x, y);
        assert!(x[..32] != x[32..64] && x[32..64] != x[64..]);
    }
}
