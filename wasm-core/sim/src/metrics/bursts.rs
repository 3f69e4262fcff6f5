//! Burst delay of a periodic ON-OFF source, as the FSC paper measures it (Sec. 3): "the
//! difference between the time when the last packet of the burst arrives at the destination
//! and the time when the first packet of the burst is sent by the source".
//!
//! A source that starts at s with ON and OFF periods of fixed length (period P = on + off)
//! sends burst k from s + kP, its first packet at that instant; a packet created at c belongs
//! to burst floor((c - s) / P). A burst's delay is its latest delivery minus s + kP; a burst
//! none of whose packets arrived has none (the paper reports drops apart).
//!
//! Memory stays bounded: a burst is closed once a packet of a burst `OPEN` periods later has
//! arrived, and only the closed bursts' count and sum are kept. A packet that arrives later
//! than that (more than `OPEN` periods after its burst began) is not counted.

use std::collections::BTreeMap;

/// Bursts kept open, by period.
pub const OPEN: u64 = 16;

#[derive(Clone, Debug)]
pub struct Bursts {
    start_ns: u64,
    period_ns: u64,
    /// Open bursts: number -> latest delivery, ns.
    open: BTreeMap<u64, u64>,
    /// Bursts below this number are closed.
    closed_below: u64,
    closed: u64,
    closed_sum_ns: u128,
}

impl Bursts {
    pub fn new(start_ns: u64, period_ns: u64) -> Bursts {
        Bursts {
            start_ns,
            period_ns: period_ns.max(1),
            open: BTreeMap::new(),
            closed_below: 0,
            closed: 0,
            closed_sum_ns: 0,
        }
    }

    /// A packet created at `created_ns` arrived at `at_ns`.
    pub fn deliver(&mut self, created_ns: u64, at_ns: u64) {
        let k = created_ns.saturating_sub(self.start_ns) / self.period_ns;
        if k < self.closed_below {
            return;
        }
        let last = self.open.entry(k).or_insert(at_ns);
        *last = (*last).max(at_ns);
        while let Some((&first, &done)) = self.open.first_key_value() {
            if first + OPEN > k {
                break;
            }
            self.close(first, done);
        }
    }

    fn close(&mut self, k: u64, last_ns: u64) {
        self.open.remove(&k);
        self.closed += 1;
        self.closed_sum_ns += (last_ns - (self.start_ns + k * self.period_ns)) as u128;
        self.closed_below = k + 1;
    }

    /// Bursts with a delay, and their mean delay in ns (None before the first).
    pub fn mean(&self) -> (u64, Option<f64>) {
        let open = self.open.iter().map(|(&k, &last)| (last - (self.start_ns + k * self.period_ns)) as u128);
        let (n, sum) = open.fold((self.closed, self.closed_sum_ns), |(n, s), d| (n + 1, s + d));
        (n, (n > 0).then(|| sum as f64 / n as f64))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bursts_delay_runs_from_its_period_start_to_its_last_arrival() {
        // By hand: start 5 ms, period 100 ms. Burst 0 (sent from 5 ms): packets created at 5
        // and 7 ms arrive at 20 and 31 ms: delay 31 - 5 = 26 ms. Burst 1 (from 105 ms): one
        // packet created at 105 ms arrives at 112 ms: 7 ms. Burst 2 loses every packet: none.
        // Mean over the two bursts with a delay: 16.5 ms.
        let ms = 1_000_000;
        let mut b = Bursts::new(5 * ms, 100 * ms);
        b.deliver(5 * ms, 20 * ms);
        b.deliver(105 * ms, 112 * ms);
        b.deliver(7 * ms, 31 * ms);
        assert_eq!(b.mean(), (2, Some(16.5 * ms as f64)));
    }

    #[test]
    fn closed_bursts_keep_their_delay_and_free_their_memory() {
        // A burst every 10 ns, each delivered 3 ns after it starts, 1000 bursts: mean 3 ns,
        // and at most OPEN + 1 bursts open at any time.
        let mut b = Bursts::new(0, 10);
        for k in 0..1000 {
            b.deliver(10 * k, 10 * k + 3);
            assert!(b.open.len() as u64 <= OPEN + 1);
        }
        assert_eq!(b.mean(), (1000, Some(3.0)));
        // A packet of a closed burst arriving very late is not counted.
        b.deliver(0, 50_000);
        assert_eq!(b.mean(), (1000, Some(3.0)));
    }
}
