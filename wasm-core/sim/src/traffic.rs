//! Traffic sources (UDP in this slice): constant bit rate and Poisson packet arrivals.
//!
//! - CBR: packet k is created at start + floor(k * size_bits * 1e9 / rate) ns, so the long-run
//!   rate is exact and rounding never accumulates.
//! - Poisson: gaps are exponential with mean size_bits * 1e9 / rate ns, drawn from the
//!   source's own stream and rounded to the nearest nanosecond.

use crate::packet::{FlowId, NodeId};
use crate::rng::Stream;
use crate::time::Time;

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Pattern {
    Cbr,
    Poisson,
}

pub struct Source {
    pub flow: FlowId,
    pub src: NodeId,
    pub dst: NodeId,
    pub size: u32,
    pub class: u8,
    pattern: Pattern,
    rate_bps: u64,
    start: Time,
    stop: Time,
    /// Packets created so far (the next one's sequence number).
    pub sent: u64,
    rng: Stream,
}

impl Source {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        flow: FlowId,
        src: NodeId,
        dst: NodeId,
        size: u32,
        class: u8,
        pattern: Pattern,
        rate_bps: u64,
        start: Time,
        stop: Time,
        rng: Stream,
    ) -> Source {
        Source {
            flow,
            src,
            dst,
            size,
            class,
            pattern,
            rate_bps,
            start,
            stop,
            sent: 0,
            rng,
        }
    }

    /// Time of the next packet after one was created at `now` (or the first, if none was),
    /// or None once the source has stopped.
    pub fn next_time(&mut self, now: Time) -> Option<Time> {
        let bits_ns = self.size as u128 * 8 * 1_000_000_000;
        let t = match (self.pattern, self.sent) {
            (_, 0) => self.start,
            (Pattern::Cbr, k) => {
                Time(self.start.as_ns() + (k as u128 * bits_ns / self.rate_bps as u128) as u64)
            }
            (Pattern::Poisson, _) => {
                let mean = bits_ns as f64 / self.rate_bps as f64;
                now + Time(libm::round(self.rng.exponential(mean)) as u64)
            }
        };
        (t < self.stop).then_some(t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cbr_times_are_exact() {
        // 1500 B at 4 Mbps: one packet every 12000 bit / 4e6 bit/s = 3 ms, from start 1 ms.
        let mut s = Source::new(
            0,
            0,
            1,
            1500,
            0,
            Pattern::Cbr,
            4_000_000,
            Time::ms(1),
            Time::ms(8),
            Stream::new(1, 0),
        );
        let mut times = vec![];
        let mut now = Time::ZERO;
        while let Some(t) = s.next_time(now) {
            times.push(t);
            s.sent += 1;
            now = t;
        }
        assert_eq!(times, vec![Time::ms(1), Time::ms(4), Time::ms(7)]);
    }

    #[test]
    fn cbr_without_drift_at_awkward_rates() {
        // 1000 B at 3 Mbps: gap 8000/3e6 s = 2666666.66.. ns; packet 3 at exactly 8 ms.
        let mut s = Source::new(
            0,
            0,
            1,
            1000,
            0,
            Pattern::Cbr,
            3_000_000,
            Time::ZERO,
            Time::ms(100),
            Stream::new(1, 0),
        );
        let mut now = Time::ZERO;
        for _ in 0..3 {
            now = s.next_time(now).unwrap();
            s.sent += 1;
        }
        assert_eq!(s.next_time(now), Some(Time::ms(8)));
    }
}
