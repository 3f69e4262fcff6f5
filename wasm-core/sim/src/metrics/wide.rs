//! Exact 128-bit sums and 64 x 64 -> 128 products for the metrics' integrals (a queue's bytes x ns,
//! bytes^2 x ns and packets x ns, squared waits, round-trip sums), laid out and computed so that
//! neither costs what a plain u128 does: 16-byte alignment in every record, a library call in
//! WebAssembly.

/// A u128 kept as two u64 halves: aligned to 8 bytes where a u128 is aligned to 16, which
/// would pad every port's and flow's record and every histogram. The same values and sums.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wide {
    lo: u64,
    hi: u64,
}

impl Wide {
    pub const ZERO: Wide = Wide { lo: 0, hi: 0 };

    #[inline(always)]
    pub fn get(self) -> u128 {
        (self.hi as u128) << 64 | self.lo as u128
    }

    #[inline(always)]
    pub fn add(&mut self, x: u128) {
        let v = self.get() + x;
        (self.lo, self.hi) = (v as u64, (v >> 64) as u64);
    }
}

/// The exact product `a * b`. What `a as u128 * b as u128` gives, without the 128-bit multiply
/// call (`__multi3`) WebAssembly makes of it (it has no 64 x 64 -> 128 instruction): the queue
/// integrals and squared waits take two to four such products per queue change.
#[inline(always)]
pub(super) fn mul_wide(a: u64, b: u64) -> u128 {
    if cfg!(target_arch = "wasm32") {
        mul_wide_halves(a, b)
    } else {
        a as u128 * b as u128
    }
}

/// `mul_wide` from 32-bit halves: one 64-bit multiply when the product fits in 64 bits (the
/// factors' significant bits add up to at most 64), else four.
#[inline(always)]
fn mul_wide_halves(a: u64, b: u64) -> u128 {
    if a.leading_zeros() + b.leading_zeros() >= 64 {
        return a.wrapping_mul(b) as u128;
    }
    let (a1, a0, b1, b0) = (a >> 32, a & 0xffff_ffff, b >> 32, b & 0xffff_ffff);
    let (hh, hl, lh, ll) = (a1 * b1, a1 * b0, a0 * b1, a0 * b0);
    // a * b = hh 2^64 + (hl + lh) 2^32 + ll; the middle sum can carry past 64 bits.
    let mid = (hl as u128) + (lh as u128);
    ((hh as u128) << 64) + (mid << 32) + ll as u128
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_products_are_exact() {
        // Against the 128-bit product: the edges of each half and of the one-multiply path
        // (2^32 x 2^32 = 2^64 does not fit; 2^32 x (2^32 - 1) does), and a pseudo-random spread.
        let edges = [0, 1, 2, 0xffff_ffff, 1 << 32, (1 << 32) + 1, u64::MAX >> 1, u64::MAX - 1, u64::MAX];
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut spread = Vec::new();
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            spread.push(x >> (x % 64));
        }
        for &a in edges.iter().chain(&spread) {
            for &b in edges.iter().chain(spread.iter().take(50)) {
                assert_eq!(mul_wide_halves(a, b), a as u128 * b as u128, "{a} x {b}");
                assert_eq!(mul_wide(a, b), a as u128 * b as u128);
            }
        }
    }
}
