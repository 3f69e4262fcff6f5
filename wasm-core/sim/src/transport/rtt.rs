//! The retransmission timer's estimator (RFC 6298, "Computing TCP's Retransmission Timer").
//!
//! Principles:
//! - Sec. 2.1: before any sample, RTO = the initial RTO (1 s by default).
//! - Sec. 2.2: the first sample R gives SRTT = R, RTTVAR = R/2.
//! - Sec. 2.3: later samples R': RTTVAR = 3/4 RTTVAR + 1/4 |SRTT - R'| (with the old SRTT),
//!   then SRTT = 7/8 SRTT + 1/8 R'. Integer nanoseconds, each division rounded down.
//! - RTO = SRTT + max(G, 4 RTTVAR) with G = 1 ns (the simulator's clock granularity), then
//!   clamped to [min RTO, max RTO] (Sec. 2.4: at least the minimum; Sec. 2.5: a maximum of at
//!   least 60 s).
//! - Sec. 5.5: each expiry doubles the RTO (`backoff`), up to the maximum; the backed-off
//!   value is kept until a new sample arrives (Karn's algorithm, Sec. 3: samples come only from
//!   segments that were not retransmitted; the caller enforces that with timestamps).
//!
//! Invariant: min_rto <= rto <= max_rto.

use super::Opt;
use crate::time::Time;

/// Largest RTO: RFC 6298 Sec. 2.5 allows a cap of at least 60 s.
pub const MAX_RTO: Time = Time(60_000_000_000);

#[derive(Clone, Debug)]
pub struct RttEstimator {
    srtt: Opt<Time>,
    rttvar: Time,
    rto: Time,
    min_rto: Time,
    max_rto: Time,
    /// Samples taken so far, and the last one (what a flow's mean RTT is made of).
    samples: u64,
    last: Time,
}

impl RttEstimator {
    pub fn new(initial_rto: Time, min_rto: Time, max_rto: Time) -> RttEstimator {
        RttEstimator {
            srtt: Opt::NONE,
            rttvar: Time::ZERO,
            rto: initial_rto.max(min_rto).min(max_rto),
            min_rto,
            max_rto,
            samples: 0,
            last: Time::ZERO,
        }
    }

    /// Takes one round-trip sample (RFC 6298 Sec. 2.2-2.4) and recomputes the RTO, which ends
    /// any backoff.
    pub fn sample(&mut self, r: Time) {
        self.samples += 1;
        self.last = r;
        let r = r.as_ns();
        match self.srtt.get() {
            None => {
                self.srtt = Some(Time(r)).into();
                self.rttvar = Time(r / 2);
            }
            Some(s) => {
                let s = s.as_ns();
                self.rttvar = Time((3 * self.rttvar.as_ns() + s.abs_diff(r)) / 4);
                self.srtt = Some(Time((7 * s + r) / 8)).into();
            }
        }
        let srtt = self.srtt.get().expect("set above").as_ns();
        let rto = srtt + (4 * self.rttvar.as_ns()).max(1);
        self.rto = Time(rto).max(self.min_rto).min(self.max_rto);
    }

    /// Sec. 5.5: the timer expired; double the RTO (up to the maximum).
    pub fn backoff(&mut self) {
        self.rto = Time(self.rto.as_ns().saturating_mul(2)).min(self.max_rto);
    }

    pub fn rto(&self) -> Time {
        self.rto
    }

    pub fn srtt(&self) -> Option<Time> {
        self.srtt.get()
    }

    pub fn rttvar(&self) -> Time {
        self.rttvar
    }

    /// How many samples were taken, and the last one.
    pub fn samples(&self) -> (u64, Time) {
        (self.samples, self.last)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_and_later_samples_follow_rfc6298() {
        let mut e = RttEstimator::new(Time::ms(1000), Time::ms(1), MAX_RTO);
        // Sec. 2.1: 1 s before any sample.
        assert_eq!(e.rto(), Time::ms(1000));
        // Sec. 2.2: R = 100 ms -> SRTT 100 ms, RTTVAR 50 ms, RTO = 100 + 4 * 50 = 300 ms.
        e.sample(Time::ms(100));
        assert_eq!((e.srtt(), e.rttvar(), e.rto()), (Some(Time::ms(100)), Time::ms(50), Time::ms(300)));
        // Sec. 2.3: R' = 200 ms -> RTTVAR = 3/4 * 50 + 1/4 * |100 - 200| = 62.5 ms,
        // SRTT = 7/8 * 100 + 1/8 * 200 = 112.5 ms, RTO = 112.5 + 4 * 62.5 = 362.5 ms.
        e.sample(Time::ms(200));
        assert_eq!((e.srtt(), e.rttvar(), e.rto()), (Some(Time(112_500_000)), Time(62_500_000), Time(362_500_000)));
    }

    #[test]
    fn min_rto_and_backoff() {
        // R = 1 ms: SRTT + 4 RTTVAR = 3 ms, below the 200 ms minimum (Sec. 2.4).
        let mut e = RttEstimator::new(Time::ms(1000), Time::ms(200), MAX_RTO);
        e.sample(Time::ms(1));
        assert_eq!(e.rto(), Time::ms(200));
        // Sec. 5.5: 200 -> 400 -> 800 ms; a new sample ends the backoff.
        e.backoff();
        assert_eq!(e.rto(), Time::ms(400));
        e.backoff();
        assert_eq!(e.rto(), Time::ms(800));
        e.sample(Time::ms(1));
        assert_eq!(e.rto(), Time::ms(200));
        // The cap: 60 s.
        for _ in 0..20 {
            e.backoff();
        }
        assert_eq!(e.rto(), MAX_RTO);
    }
}
