//! RED, Random Early Detection (Floyd and Jacobson, "Random Early Detection Gateways for
//! Congestion Avoidance", IEEE/ACM ToN 1993, Sec. 4 and Fig. 2; the gentle variant: Floyd,
//! "Recommendation on using the gentle variant of RED", 2000), as a component a queue
//! consults on every arrival.
//!
//! Principles:
//! - The average queue: on each arrival, avg = (1 - w_q) avg + w_q q while the queue is
//!   non-empty; an arrival to an empty queue first ages the average as if m small packets had
//!   gone by during the idle time, avg = (1 - w_q)^m avg with m = idle time / s, s the
//!   transmission time of a typical small packet (`small_packet` on the port's link). The
//!   idle time runs from when the queue became empty (the paper's q_time).
//! - Below min_th nothing happens (count = -1). Between the thresholds the arrival is marked
//!   with p_a = p_b / (1 - count p_b), p_b = max_p (avg - min_th) / (max_th - min_th): the
//!   count-based spacing makes the gap between marks uniform in 1..1/p_b (Sec. 7). At or above
//!   max_th every arrival is marked; with `gentle`, p_b instead rises from max_p to 1 between
//!   max_th and 2 max_th.
//! - "Marked" means dropped (reason `aqm`), or, with `ecn` on and an ECN-capable packet,
//!   marked CE (reason `aqm`) and admitted.
//! - Thresholds in packets or in bytes (both the same); in bytes, q and avg are bytes and p_b
//!   is scaled by the packet's size over `max_packet` (Sec. 4, byte mode), so large packets
//!   are more likely to be marked.
//! - Random numbers come from the port's own seeded stream.
//!
//! Invariants: 0 <= avg; count = -1 exactly when the last arrival saw avg below min_th.

use crate::packet::{flags, Packet};
use crate::rng::Stream;
use crate::time::{Bandwidth, Time};
use crate::verdicts::{DropReason, MarkReason, Verdicts};
use crate::view::{Shape, StateSpec, StateView, Unit};

/// RED's parameters; thresholds in packets, or in bytes when `bytes`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RedParams {
    pub w_q: f64,
    pub min_th: f64,
    pub max_th: f64,
    pub max_p: f64,
    pub gentle: bool,
    pub ecn: bool,
    /// Thresholds, q and avg in bytes (else packets).
    pub bytes: bool,
    /// Transmission time of a typical small packet, for the idle-time correction.
    pub small_packet_time: Time,
    /// Byte mode: p_b is scaled by size / max_packet.
    pub max_packet: u32,
}

impl RedParams {
    /// `small_packet` bytes sent on `bandwidth` (an unlimited link: 1 ns).
    pub fn small_packet_time(small_packet: u64, bandwidth: Bandwidth) -> Time {
        Time(bandwidth.tx_time(small_packet).as_ns().max(1))
    }
}

pub struct Red {
    pub params: RedParams,
    /// The average queue (packets or bytes).
    avg: f64,
    /// Arrivals since the last mark while avg was above min_th; -1 below it.
    count: i64,
    /// When the queue last became empty (the paper's q_time); start of the run at first.
    empty_since: Option<Time>,
    /// p_a of the last arrival (0 below min_th).
    last_p: f64,
    rng: Stream,
}

impl std::fmt::Debug for Red {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Red").field("avg", &self.avg).field("count", &self.count).finish_non_exhaustive()
    }
}

impl Red {
    pub fn new(params: RedParams, rng: Stream) -> Red {
        Red { params, avg: 0.0, count: -1, empty_since: Some(Time::ZERO), last_p: 0.0, rng }
    }

    /// The average after an arrival that sees `q` queued (packets or bytes) at `now`.
    fn update_average(&mut self, now: Time, q: f64) {
        let w = self.params.w_q;
        match (q > 0.0, self.empty_since) {
            (false, Some(since)) => {
                let m = now.saturating_sub(since).as_ns() as f64 / self.params.small_packet_time.as_ns() as f64;
                self.avg *= libm::pow(1.0 - w, m);
            }
            _ => self.avg = (1.0 - w) * self.avg + w * q,
        }
    }

    /// p_b at average `avg` for a packet of `size` bytes (1 at and above the hard limit:
    /// max_th, or 2 max_th when gentle; 0 below min_th).
    pub fn p_b(&self, avg: f64, size: u32) -> f64 {
        let p = &self.params;
        let base = if avg < p.min_th {
            return 0.0;
        } else if avg < p.max_th {
            p.max_p * (avg - p.min_th) / (p.max_th - p.min_th)
        } else if p.gentle && avg < 2.0 * p.max_th {
            p.max_p + (1.0 - p.max_p) * (avg - p.max_th) / p.max_th
        } else {
            return 1.0;
        };
        if p.bytes {
            (base * size as f64 / p.max_packet as f64).min(1.0)
        } else {
            base
        }
    }

    /// p_a = p_b / (1 - count p_b), 1 once count p_b reaches 1 (Sec. 4, Fig. 2).
    pub fn p_a(p_b: f64, count: i64) -> f64 {
        let c = count as f64 * p_b;
        if c >= 1.0 {
            1.0
        } else {
            p_b / (1.0 - c)
        }
    }

    /// `pkt` arrives at a queue holding `packets` packets and `bytes` bytes (not counting it).
    /// Returns it if it may be queued (perhaps marked CE); otherwise it is dropped into `v`.
    pub fn on_arrival(
        &mut self,
        now: Time,
        packets: usize,
        bytes: u64,
        mut pkt: Packet,
        v: &mut Verdicts,
    ) -> Option<Packet> {
        let q = if self.params.bytes { bytes as f64 } else { packets as f64 };
        self.update_average(now, q);
        if q > 0.0 {
            self.empty_since = None;
        }
        let p_b = self.p_b(self.avg, pkt.size);
        let mark = if self.avg < self.params.min_th {
            self.count = -1;
            self.last_p = 0.0;
            false
        } else if p_b >= 1.0 {
            self.count = 0;
            self.last_p = 1.0;
            true
        } else {
            self.count += 1;
            self.last_p = Self::p_a(p_b, self.count);
            let hit = self.rng.uniform_open0() <= self.last_p;
            if hit {
                self.count = 0;
            }
            hit
        };
        if !mark {
            return Some(pkt);
        }
        if self.params.ecn && pkt.flags & flags::ECT != 0 {
            v.mark(&mut pkt, MarkReason::Aqm);
            return Some(pkt);
        }
        v.drop(pkt, DropReason::Aqm);
        None
    }

    /// The queue became empty at `now` (q_time).
    pub fn on_empty(&mut self, now: Time) {
        self.empty_since = Some(now);
    }

    /// The average queue.
    pub fn average(&self) -> f64 {
        self.avg
    }

    /// Exported state in the order of [`STATE`].
    pub fn state(&self, out: &mut StateView) {
        let p = &self.params;
        let (packets, bytes) = if p.bytes { (None, Some(())) } else { (Some(()), None) };
        for on in [packets, bytes] {
            let v = |x: f64| on.map(|_| x);
            out.push(v(self.avg).as_slice());
            out.push(v(p.min_th).as_slice());
            out.push(v(p.max_th).as_slice());
        }
        out.push(&[self.last_p]);
        out.push(&[self.count.max(0) as f64]);
    }
}

const fn field(name: &'static str, description: &'static str, unit: Unit) -> StateSpec {
    StateSpec { name, description, unit, shape: Shape::Scalar }
}

/// The state fields [`Red::state`] exports.
pub const STATE: &[StateSpec] = &[
    field("average queue", "RED's moving average of the queue, packets (thresholds in packets)", Unit::Packets),
    field("min threshold", "Below this average nothing is marked", Unit::Packets),
    field(
        "max threshold",
        "At this average every arrival is marked (gentle: from max_p up to 1 at twice it)",
        Unit::Packets,
    ),
    field("average queue (bytes)", "RED's moving average of the queue, bytes (thresholds in bytes)", Unit::Bytes),
    field("min threshold (bytes)", "Below this average nothing is marked", Unit::Bytes),
    field("max threshold (bytes)", "At this average every arrival is marked (gentle: up to twice it)", Unit::Bytes),
    field("mark probability", "p_a of the last arrival: p_b / (1 - count p_b)", Unit::Fraction),
    field("count", "Arrivals since the last mark while the average was above min_th", Unit::Packets),
];

#[cfg(test)]
#[path = "red_tests.rs"]
pub mod tests;
