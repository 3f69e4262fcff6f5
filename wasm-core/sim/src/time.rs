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
}

impl Add for Time {
    type Output = Time;
    fn add(self, rhs: Time) -> Time {
        Time(self.0 + rhs.0)
    }
}

impl AddAssign for Time {
    fn add_assign(&mut self, rhs: Time) {
        self.0 += rhs.0;
    }
}

impl Sub for Time {
    type Output = Time;
    fn sub(self, rhs: Time) -> Time {
        Time(self.0 - rhs.0)
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
            Bandwidth::BitsPerSec(bps) => match bytes.checked_mul(8 * 1_000_000_000) {
                // Any packet (under 2.3 GB) fits u64: a 64-bit division, the same quotient.
                Some(bits) => Time(bits.div_ceil(bps)),
                None => Time((bytes as u128 * 8 * 1_000_000_000).div_ceil(bps as u128) as u64),
            },
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
    }
}
