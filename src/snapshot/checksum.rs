//! A stable 64-bit hasher for checksums: SipHash-1-3 with fixed zero keys, whose output is fixed
//! by its specification (std's `DefaultHasher` may change between Rust releases).

use std::hash::Hasher;

use siphasher::sip::SipHasher13;

/// The hasher behind [`Sim::checksum`](crate::kernel::Sim::checksum).
#[derive(Clone, Debug)]
pub struct StableHasher(SipHasher13);

impl StableHasher {
    /// A fresh hasher.
    pub fn new() -> Self {
        StableHasher(SipHasher13::new_with_keys(0, 0))
    }
}

impl Default for StableHasher {
    fn default() -> Self {
        Self::new()
    }
}

impl Hasher for StableHasher {
    fn finish(&self) -> u64 {
        self.0.finish()
    }

    fn write(&mut self, bytes: &[u8]) {
        self.0.write(bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::Hash;

    #[test]
    fn output_is_fixed() {
        let mut h = StableHasher::new();
        (1u32, "pig").hash(&mut h);
        // Changes only if the algorithm or the input encoding changes: update on purpose.
        assert_eq!(h.finish(), 0x3d77_dbbe_707d_faa5);
    }
}
