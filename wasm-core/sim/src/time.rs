//! Simulated time and link rates, as integers.
//!
//! Invariant: time is an integer count of nanoseconds and never a float, so the event order
//! and every hand calculation in the tests are exact. Transmission times are rounded up
//! (`ceil`), so a 1500 B packet on a 1 Gbps link takes exactly 12 000 ns.

use std::fmt;
use std::ops::{Add, AddAssign, Sub};

/// An instant or a duration, in integer nanoseconds since the start of the run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Time(pub u64);

impl Time {
    pub const ZERO: Time = Time(0);
    pub const MAX: Time = Time(u64::MAX);

    pub const fn ns(ns: u64) -> Time {
        Time(ns)
    }
    pub const fn us(us: u64) -> Time {
        Time(us * 1_000)
    }
    pub const fn ms(ms: u64) -> Time {
        Time(ms * 1_000_000)
    }
    pub const fn as_ns(self) -> u64 {
        self.0
    }
    pub fn saturating_sub(self, other: Time) -> Time {
        Time(self.0.saturating_sub(other.0))
    }
    /// `k` times this duration, `Time::MAX` past it.
    pub const fn saturating_mul(self, k: u64) -> Time {
        Time(self.0.saturating_mul(k))
    }
}

// Arithmetic cannot wrap silently (issue 42): a sum saturates at `Time::MAX` (later than any
// run: validation bounds every time a user sets to `units::MAX_TIME`, 10^18 ns, so a sum of a
// few of them stays exact and a long chain of them is "never"); a difference is checked in
// debug builds and the `ci` profile (time never goes back) and saturates at zero elsewhere.

impl Add for Time {
    type Output = Time;
    #[inline(always)]
    fn add(self, rhs: Time) -> Time {
        Time(self.0.saturating_add(rhs.0))
    }
}

impl AddAssign for Time {
    #[inline(always)]
    fn add_assign(&mut self, rhs: Time) {
        *self = *self + rhs;
    }
}

impl Sub for Time {
    type Output = Time;
    #[inline(always)]
    fn sub(self, rhs: Time) -> Time {
        debug_assert!(self >= rhs, "time went back: {} - {}", self.0, rhs.0);
        Time(self.0.saturating_sub(rhs.0))
    }
}

impl fmt::Display for Time {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ns", self.0)
    }
}

/// A link or source rate in bits per second; `Infinite` means zero transmission time (the
/// papers' worked examples use such links and nodes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bandwidth {
    BitsPerSec(u64),
    Infinite,
}

impl Bandwidth {
    /// Time to put `bytes` on the wire: ceil(bytes * 8 * 1e9 / bps) nanoseconds.
    pub fn tx_time(self, bytes: u64) -> Time {
        match self {
            Bandwidth::Infinite => Time::ZERO,
            // In 64 bits below 2.3 GB (every packet): a 128-bit division is a library call
            // (natively and in WebAssembly), a 64-bit one an instruction; the same quotient.
            Bandwidth::BitsPerSec(bps) if bytes <= u64::MAX / 8_000_000_000 => {
                Time((bytes * 8_000_000_000).div_ceil(bps))
            }
            Bandwidth::BitsPerSec(bps) => {
                let bits = bytes as u128 * 8 * 1_000_000_000;
                Time(u64::try_from(bits.div_ceil(bps as u128)).unwrap_or(u64::MAX))
            }
        }
    }

    pub fn bps(self) -> Option<u64> {
        match self {
            Bandwidth::BitsPerSec(b) => Some(b),
            Bandwidth::Infinite => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transmission_time_is_exact_and_rounded_up() {
        // 1500 B = 12 000 bit; at 1 Gbps that is 12 us exactly.
        assert_eq!(Bandwidth::BitsPerSec(1_000_000_000).tx_time(1500), Time(12_000));
        // 1 B = 8 bit at 3 bps = 2.666.. s, rounded up to 2 666 666 667 ns.
        assert_eq!(Bandwidth::BitsPerSec(3).tx_time(1), Time(2_666_666_667));
        assert_eq!(Bandwidth::Infinite.tx_time(1500), Time::ZERO);
        // 10 Gbps, 1500 B: 1200 ns.
        assert_eq!(Bandwidth::BitsPerSec(10_000_000_000).tx_time(1500), Time(1_200));
        // Either side of the 64-bit path's bound (2 305 843 009 B): the definition in 128 bits.
        let edge = u64::MAX / 8_000_000_000;
        for bytes in [edge - 1, edge, edge + 1, 10 * edge] {
            for bps in [1, 3, 999_999_937, 10_000_000_000, u64::MAX] {
                // Saturating past u64::MAX ns (584 years), never its low 64 bits (issue 42).
                let want = (bytes as u128 * 8_000_000_000).div_ceil(bps as u128).min(u64::MAX as u128) as u64;
                assert_eq!(Bandwidth::BitsPerSec(bps).tx_time(bytes), Time(want), "{bytes} B at {bps} bps");
            }
        }
    }
}
