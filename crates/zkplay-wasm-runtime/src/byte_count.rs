//! The size of a serialization without the memory for it: the backends report their keys' and
//! parameters' sizes (a proving key, or groth16's parameters at a large capacity, can be
//! gigabytes), and their writers take any `io::Write`.

/// An `io::Write` that only counts the bytes it is given.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ByteCount(pub u64);

impl ByteCount {
    /// The bytes `write` writes into a counter. Counting never fails, so only the writer's own
    /// error could stop it early (then: the bytes written until then).
    pub fn of<T, E>(write: impl FnOnce(&mut ByteCount) -> Result<T, E>) -> u64 {
        let mut count = ByteCount(0);
        let _ = write(&mut count);
        count.0
    }
}

impl std::io::Write for ByteCount {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0 += buf.len() as u64;
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::ByteCount;
    use std::io::Write;

    #[test]
    fn counts_what_is_written() {
        let n = ByteCount::of(|c| {
            c.write_all(&[1, 2, 3])?;
            c.write_all(&[0; 1000])
        });
        assert_eq!(n, 1003);
        let stopped = ByteCount::of(|c| {
            c.write_all(&[1, 2])?;
            Err::<(), _>(std::io::Error::other("the writer's own error"))
        });
        assert_eq!(stopped, 2);
    }
}
