//! Traffic: flows and the emitters that create their packets.
//!
//! - CBR: packet k is created at start + floor(k * size_bits * 1e9 / rate) ns, so the long-run
//!   rate is exact and rounding never accumulates. Bulk UDP and finite flows are paced this
//!   way too (a finite flow's last packet carries the remainder).
//! - Poisson: gaps are exponential with mean size_bits * 1e9 / rate ns, from the emitter's own
//!   stream, rounded to the nearest nanosecond.
//! - ON-OFF (FSC paper Sec. 3): CBR during ON periods, silent during OFF periods; periods are
//!   fixed or exponential.
//! - Workloads create finite flows (see `workload`); so do flow lists (`flow_list`).

pub mod flow_list;
pub mod sizes;
pub mod workload;

use crate::packet::{FlowId, NodeId};
use crate::rng::Stream;
use crate::time::Time;
use sizes::Sizes;

/// A flow: what the results report per flow.
#[derive(Clone, Debug)]
pub struct FlowInfo {
    pub name: String,
    pub kind: &'static str,
    pub src: NodeId,
    pub dst: NodeId,
    /// Bytes of a finite flow; None for open-ended sources.
    pub size: Option<u64>,
    pub start: Time,
    /// When an open-ended source stops (finite flows: None).
    pub stop: Option<Time>,
    pub class: u8,
    /// Index of the scenario's traffic entry that made the flow (`Packet::source`).
    pub source: u32,
    pub weight: u32,
    /// Index of the explicit path, if the scenario gave one.
    pub path: Option<u32>,
    /// Index of the workload that created it.
    pub workload: Option<u32>,
    /// Pacing rate (bits/s) of paced sources, for the ideal FCT (TCP-family flows: the
    /// access link's rate, at which a window leaves the host).
    pub rate_bps: u64,
    /// Size on the wire of a full packet (TCP family: mss + header).
    pub packet_size: u32,
    pub transport: crate::transport::Transport,
    /// TCP family: header bytes per packet (`size` counts payload only); UDP: 0.
    pub header: u32,
    /// TCP family with an explicit `path`: the ACKs' path (the reverse ports), as an index
    /// like `path`.
    pub ack_path: Option<u32>,
}

impl FlowInfo {
    /// Bytes on the wire of the whole flow (finite flows): payload plus one header per
    /// segment for the TCP family.
    pub fn wire_size(&self) -> Option<u64> {
        let mss = self.packet_size - self.header;
        self.size.map(|s| if self.header == 0 { s } else { crate::transport::wire_bytes(s, mss, self.header) })
    }
}

/// When packets come.
#[derive(Debug, Clone, Copy)]
pub enum Timing {
    /// Packet k at start + floor(k * bits / rate).
    Paced,
    /// Exponential gaps.
    Poisson,
    /// Paced during ON, silent during OFF.
    OnOff { on: Time, off: Time, exponential: bool },
}

/// Creates the packets of one flow.
pub struct Emitter {
    pub flow: FlowId,
    pub timing: Timing,
    pub rate_bps: u64,
    pub packet_size: u32,
    /// Bytes left to send (finite flows).
    pub remaining: Option<u64>,
    pub stop: Time,
    /// Packets created so far.
    pub sent: u64,
    /// Start of the current paced stretch (the flow's start, or the ON period's).
    stretch_start: Time,
    /// Packets created in the current stretch.
    stretch_sent: u64,
    /// End of the current ON period.
    on_until: Time,
    rng: Stream,
    /// Random packet sizes, and the size drawn for the next packet; `packet_size` then holds
    /// the mean size, which sets the pacing and the Poisson gaps.
    random: Option<(Sizes, u32)>,
    /// ON-OFF with bursts of given packet counts (cycling) instead of ON periods of a length,
    /// and the index of the current burst.
    bursts: Option<(Vec<u32>, usize)>,
}

/// Largest packet a random size may give (bytes); larger draws are cut to it.
pub const MAX_PACKET: u64 = 65_535;

impl Emitter {
    /// Every argument is a plain field of the emitter; a builder would add nothing.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        flow: FlowId,
        timing: Timing,
        rate_bps: u64,
        packet_size: u32,
        remaining: Option<u64>,
        start: Time,
        stop: Time,
        rng: Stream,
    ) -> Emitter {
        let mut e = Emitter {
            flow,
            timing,
            rate_bps,
            packet_size,
            remaining,
            stop,
            sent: 0,
            stretch_start: start,
            stretch_sent: 0,
            on_until: Time::MAX,
            rng,
            random: None,
            bursts: None,
        };
        if let Timing::OnOff { on, exponential, .. } = timing {
            e.on_until = start + e.period(on, exponential);
        }
        e
    }

    /// Draws each packet's size from `sizes` (open-ended sources); pacing uses the mean.
    pub fn with_random_sizes(mut self, sizes: Sizes) -> Emitter {
        self.packet_size = libm::round(sizes.mean()).clamp(1.0, MAX_PACKET as f64) as u32;
        let first = sizes.sample(&mut self.rng).min(MAX_PACKET) as u32;
        self.random = Some((sizes, first));
        self
    }

    /// ON-OFF with bursts of `packets[k % len]` packets in period k (periodic; each period lasts
    /// on + off): the ON period ends just after the burst's last packet (validated non-empty,
    /// every count at least 1).
    pub fn with_bursts(mut self, packets: Vec<u32>) -> Emitter {
        self.on_until = self.paced(packets[0] as u64);
        self.bursts = Some((packets, 0));
        self
    }

    fn period(&mut self, mean: Time, exponential: bool) -> Time {
        if exponential {
            Time(libm::round(self.rng.exponential(mean.as_ns() as f64)) as u64)
        } else {
            mean
        }
    }

    /// When packet `k` of the stretch leaves: k x size x 8e9 / rate ns after its start (exact,
    /// rounded down). In 64 bits while the product fits (the first 1.5 M packets at 1500 B: a
    /// 128-bit multiply and division are library calls, in WebAssembly above all), else in 128.
    fn paced(&self, k: u64) -> Time {
        let size = self.packet_size as u64;
        if size <= u64::MAX / 8_000_000_000 {
            let bits_ns = size * 8_000_000_000;
            if k.leading_zeros() + bits_ns.leading_zeros() >= 64 {
                return self.stretch_start + Time(k * bits_ns / self.rate_bps);
            }
        }
        let bits_ns = size as u128 * 8 * 1_000_000_000;
        self.stretch_start + Time((k as u128 * bits_ns / self.rate_bps as u128) as u64)
    }

    /// Size of the next packet, or None when a finite flow has sent everything.
    pub fn next_size(&self) -> Option<u32> {
        match self.remaining {
            Some(0) => None,
            Some(r) => Some(r.min(self.packet_size as u64) as u32),
            None => Some(self.random.as_ref().map_or(self.packet_size, |r| r.1)),
        }
    }

    /// Records that a packet of `size` bytes was created.
    pub fn sent_one(&mut self, size: u32) {
        self.sent += 1;
        self.stretch_sent += 1;
        if let Some(r) = &mut self.remaining {
            *r -= size as u64;
        }
        if let Some((sizes, next)) = &mut self.random {
            *next = sizes.sample(&mut self.rng).min(MAX_PACKET) as u32;
        }
    }

    /// Time of the first packet (`first`) or of the next one after a packet at `now`; None once
    /// the emitter is done.
    pub fn next_time(&mut self, now: Time, first: bool) -> Option<Time> {
        self.next_size()?;
        let t = match self.timing {
            _ if first => self.stretch_start,
            Timing::Paced => self.paced(self.stretch_sent),
            Timing::Poisson => {
                let mean = self.packet_size as f64 * 8e9 / self.rate_bps as f64;
                now + Time(libm::round(self.rng.exponential(mean)) as u64)
            }
            Timing::OnOff { on, off, exponential } => {
                let mut t = self.paced(self.stretch_sent);
                while t >= self.on_until {
                    self.stretch_sent = 0;
                    if let Some((packets, k)) = &mut self.bursts {
                        // The next period, its burst's packets paced from its start.
                        *k += 1;
                        let n = packets[*k % packets.len()] as u64;
                        self.stretch_start = self.stretch_start + on + off;
                        self.on_until = self.paced(n);
                    } else {
                        let gap = self.period(off, exponential);
                        self.stretch_start = self.on_until + gap;
                        self.on_until = self.stretch_start + self.period(on, exponential).max(Time(1));
                    }
                    t = self.stretch_start;
                }
                t
            }
        };
        (t < self.stop).then_some(t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn drain(mut e: Emitter) -> Vec<(Time, u32)> {
        let mut out = vec![];
        let mut now = Time::ZERO;
        let mut first = true;
        while let Some(t) = e.next_time(now, first) {
            let size = e.next_size().unwrap();
            out.push((t, size));
            e.sent_one(size);
            now = t;
            first = false;
        }
        out
    }

    #[test]
    fn cbr_times_are_exact() {
        // 1500 B at 4 Mbps: one packet every 12000 bit / 4e6 bit/s = 3 ms, from 1 ms until 8 ms.
        let e = Emitter::new(0, Timing::Paced, 4_000_000, 1500, None, Time::ms(1), Time::ms(8), Stream::new(1, 0));
        assert_eq!(drain(e), vec![(Time::ms(1), 1500), (Time::ms(4), 1500), (Time::ms(7), 1500)]);
    }

    #[test]
    fn bursts_of_given_sizes_cycle_in_fixed_periods() {
        // 1000 B at 8 Mbps: a packet every 1 ms. Periods of on + off = 10 ms from 2 ms, with
        // bursts of 3, 1, 2 packets, then 3 again: packets at 2, 3, 4 | 12 | 22, 23 | 32, 33, 34 ms.
        let timing = Timing::OnOff { on: Time::ms(5), off: Time::ms(5), exponential: false };
        let e = Emitter::new(0, timing, 8_000_000, 1000, None, Time::ms(2), Time::ms(35), Stream::new(1, 0))
            .with_bursts(vec![3, 1, 2]);
        let times: Vec<u64> = drain(e).iter().map(|p| p.0.as_ns() / 1_000_000).collect();
        assert_eq!(times, vec![2, 3, 4, 12, 22, 23, 32, 33, 34]);
    }

    #[test]
    fn cbr_without_drift_at_awkward_rates() {
        // 1000 B at 3 Mbps: gap 8000/3e6 s = 2 666 666.67 ns; packet 3 at exactly 8 ms.
        let e = Emitter::new(0, Timing::Paced, 3_000_000, 1000, None, Time::ZERO, Time::ms(100), Stream::new(1, 0));
        assert_eq!(drain(e)[3].0, Time::ms(8));
    }

    #[test]
    fn paced_times_are_exact_past_64_bits() {
        // 1500 B = 1.2e13 bit x ns: k x 1.2e13 leaves 64 bits at k = 1 537 228 (2^64 / 1.2e13 =
        // 1 537 228.67); either side, k x 12 000 bit / 3 Mbps = 4 ms per packet exactly.
        let e = Emitter::new(0, Timing::Paced, 3_000_000, 1500, None, Time::ZERO, Time::MAX, Stream::new(1, 0));
        for k in [1, 1_048_575, 1_048_576, 1_537_228, 1_537_229, 1 << 40] {
            assert_eq!(e.paced(k), Time(k * 4_000_000), "packet {k}");
        }
        // The largest size at an awkward rate, past 64 bits: 2^20 x 65 535 x 8e9 = 549 747 425 280
        // x 1e9 bit x ns; / 1 000 000 007 bps = 549 747 425 280 x (1 - 7e-9 + ..) = 549 747 421 431.8 ns.
        let e = Emitter::new(0, Timing::Paced, 1_000_000_007, 65_535, None, Time(5), Time::MAX, Stream::new(1, 0));
        assert_eq!(e.paced(1 << 20), Time(5 + 549_747_421_431));
    }

    #[test]
    fn a_finite_flow_sends_its_size_with_a_short_last_packet() {
        // 4000 B in 1500 B packets at 1 Gbps: 1500, 1500, 1000 at 0, 12, 24 us.
        let e =
            Emitter::new(0, Timing::Paced, 1_000_000_000, 1500, Some(4000), Time::ZERO, Time::MAX, Stream::new(1, 0));
        assert_eq!(drain(e), vec![(Time(0), 1500), (Time(12_000), 1500), (Time(24_000), 1000)]);
    }

    #[test]
    fn periodic_on_off() {
        // 1000 B at 8 Mbps = one packet per ms while ON; ON 3 ms, OFF 2 ms:
        // packets at 0, 1, 2 ms, then OFF until 5 ms: 5, 6, 7, then 10 ...
        let timing = Timing::OnOff { on: Time::ms(3), off: Time::ms(2), exponential: false };
        let e = Emitter::new(0, timing, 8_000_000, 1000, None, Time::ZERO, Time::ms(11), Stream::new(1, 0));
        let times: Vec<u64> = drain(e).iter().map(|p| p.0.as_ns() / 1_000_000).collect();
        assert_eq!(times, vec![0, 1, 2, 5, 6, 7, 10]);
    }

    #[test]
    fn random_packet_sizes_pace_at_the_mean() {
        // Fixed "random" sizes of 1000 B at 8 Mbps: one packet per ms, sizes as drawn.
        let e = Emitter::new(0, Timing::Paced, 8_000_000, 1, None, Time::ZERO, Time::ms(3), Stream::new(1, 0))
            .with_random_sizes(Sizes::Fixed(1000));
        assert_eq!(drain(e), vec![(Time::ms(0), 1000), (Time::ms(1), 1000), (Time::ms(2), 1000)]);
    }
}
