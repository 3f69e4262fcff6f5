//! `red`: a FIFO whose arrivals RED (the `aqm::red` component; Floyd and Jacobson, IEEE/ACM
//! ToN 1993) drops or ECN-marks early, before the buffer is full.
//!
//! Principles:
//! - Enqueue: RED decides on the arrival from its average queue; a packet RED lets through
//!   is still refused when the port's buffer is full (drop-tail, reason `buffer_full`).
//! - Dequeue: the oldest packet; when the queue becomes empty RED starts its idle clock.
//! - Invariant: packets leave in arrival order; the key is the enqueue time.
//! - Shown on a queued packet: its enqueue time. State: RED's average queue, thresholds, the
//!   last mark probability and count (`aqm::red::STATE`).
//! - Parameters (Floyd and Jacobson's recommendations as defaults): `min_th` 5 packets,
//!   `max_th` 15 packets (3 x min_th), `max_p` 0.1, `w_q` 0.002, `gentle` off, `ecn` off,
//!   `small_packet` 500 B (ns-2's mean_pktsize, for the idle-time correction), `max_packet`
//!   1500 B (byte mode).

use crate::aqm::red::{self, Red, RedParams};
use crate::packet::Packet;
use crate::params::{Bound, Default, Kind, Params, Spec};
use crate::aqm::codel::CodelQueue;
use crate::sched::queue_management::codel::{Fifo, ECN};
use crate::sched::registry::{BuildArgs, BuildError, SchedulerInfo, Traits};
use crate::sched::{Admission, AnyScheduler, QueueView, Scheduler, StateView, Verdicts};
use crate::time::Time;
use crate::units::{Buffer, format};
use crate::view::{KeySpec, Unit};

/// A RED threshold in packets (or bytes) as a number (`path`: the parameter's field).
fn threshold(p: &Params, name: &str, path: &'static str) -> Result<(f64, bool), BuildError> {
    match p.buffer(name) {
        Buffer::Packets(n) => Ok((n as f64, false)),
        Buffer::Bytes(b) => Ok((b as f64, true)),
        Buffer::Unlimited => Err((path, "must be a number of packets or bytes, not unlimited".into())),
    }
}

fn build_red(a: BuildArgs<'_>) -> Result<AnyScheduler, BuildError> {
    let p = a.params;
    let (min_th, min_bytes) = threshold(p, "min_th", "params.min_th")?;
    let (max_th, max_bytes) = threshold(p, "max_th", "params.max_th")?;
    if min_bytes != max_bytes {
        return Err(("params.max_th", "must be in the same unit as min_th (both packets or both bytes)".into()));
    }
    if max_th <= min_th {
        return Err((
            "params.max_th",
            format!(
                "must be above min_th ({} is not above {})",
                format::buffer(p.buffer("max_th")),
                format::buffer(p.buffer("min_th"))
            ),
        ));
    }
    let params = RedParams {
        w_q: p.real("w_q"),
        min_th,
        max_th,
        max_p: p.real("max_p"),
        gentle: p.toggle("gentle"),
        ecn: p.toggle("ecn"),
        bytes: min_bytes,
        small_packet_time: RedParams::small_packet_time(p.size("small_packet"), a.port.bandwidth),
        max_packet: p.size("max_packet") as u32,
    };
    Ok(AnyScheduler::Red(Box::new(RedFifo::new(a.port.buffer, Red::new(params, a.port.rng())))))
}

const PROBABILITY: Kind = Kind::Real { min: Bound::Open(0.0), max: Bound::Closed(1.0) };

const PACKET: Kind = Kind::Size { min: 1, max: 65_535 };

pub const RED: SchedulerInfo = SchedulerInfo {
    name: "red",
    display: "RED",
    summary: "RED: drops (or ECN-marks) arrivals at random once the average queue passes min_th, with a \
              probability rising to max_p at max_th, spaced by a count so marks come evenly.",
    reference: "Floyd and Jacobson, \"Random Early Detection Gateways for Congestion Avoidance\", IEEE/ACM ToN \
                1993, Sec. 4 and Fig. 2; gentle: Floyd 2000",
    key: KeySpec { label: "enqueue time", unit: Unit::Ns },
    state: red::STATE,
    params: &[
        Spec {
            name: "min_th",
            description: "Average queue below which nothing is marked, in packets or bytes (\"5pkt\", \"15KB\").",
            kind: Kind::Buffer { off: false },
            default: Default::Text("5pkt"),
        },
        Spec {
            name: "max_th",
            description: "Average queue at which every arrival is marked (gentle: from max_p up to 1 at twice it); \
                          the same unit as min_th.",
            kind: Kind::Buffer { off: false },
            default: Default::Text("15pkt"),
        },
        Spec {
            name: "max_p",
            description: "Mark probability just below max_th.",
            kind: PROBABILITY,
            default: Default::Real(0.1),
        },
        Spec {
            name: "w_q",
            description: "Weight of the newest queue sample in the average (0.002: the average follows over about \
                          500 arrivals).",
            kind: PROBABILITY,
            default: Default::Real(0.002),
        },
        Spec {
            name: "gentle",
            description: "Between max_th and twice it, raise the probability from max_p to 1 instead of marking all.",
            kind: Kind::Toggle,
            default: Default::Text("off"),
        },
        ECN,
        Spec {
            name: "small_packet",
            description: "A typical small packet: while the queue is empty the average decays as if one such packet \
                          went by per its transmission time.",
            kind: PACKET,
            default: Default::Text("500B"),
        },
        Spec {
            name: "max_packet",
            description: "With thresholds in bytes, the mark probability is scaled by packet size / max_packet.",
            kind: PACKET,
            default: Default::Text("1500B"),
        },
    ],
    traits: Traits::KEY_ORDER,
    source: file!(),
    build: build_red,
};

#[derive(Debug)]
pub struct RedFifo {
    q: Fifo,
    buffer: Buffer,
    red: Red,
}

impl RedFifo {
    pub fn new(buffer: Buffer, red: Red) -> RedFifo {
        RedFifo { q: Fifo::default(), buffer, red }
    }
}

impl Scheduler for RedFifo {
    fn enqueue(&mut self, now: Time, pkt: Packet, v: &mut Verdicts) -> Admission {
        let Some(pkt) = self.red.on_arrival(now, self.q.len(), self.q.bytes, pkt, v) else {
            return Admission::Refused;
        };
        self.q.admit(self.buffer, now, pkt, v)
    }

    fn dequeue(&mut self, now: Time, _v: &mut Verdicts) -> Option<Packet> {
        let pkt = self.q.pop()?;
        if self.q.packets.is_empty() {
            self.red.on_empty(now);
        }
        Some(pkt)
    }

    forward!(q => len, bytes);

    fn snapshot(&self, limit: usize, out: &mut QueueView) {
        self.q.snapshot(limit, out, 0);
    }

    fn state(&self, out: &mut StateView) {
        self.red.state(out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sched::DropReason;
    use crate::aqm::red::RedParams;
    use crate::rng::Stream;

    #[test]
    fn early_drops_come_before_the_buffer_is_full_and_are_told_apart() {
        // w_q = 1 (avg = q), min_th 2, max_th 4 packets, buffer 6 packets. Arrivals that see
        // 0 or 1 queued pass (avg < min_th); at 2, p_b = 0; at 3, p_b = 0.05, dropped at random
        // until one passes. From 4 queued (avg >= max_th) every arrival is dropped by RED
        // (reason aqm), never by the buffer (6 is never reached): 40 arrivals, 4 queued.
        let params = RedParams { w_q: 1.0, min_th: 2.0, max_th: 4.0, ..crate::aqm::red::tests::params() };
        let mut s = RedFifo::new(Buffer::Packets(6), Red::new(params, Stream::new(3, 0)));
        let mut v = Verdicts::default();
        for id in 0..40 {
            s.enqueue(Time(id), Packet::new(id, 0, id, 1000, Time::ZERO), &mut v);
        }
        assert_eq!(s.len(), 4);
        assert!(v.drops.iter().all(|d| d.reason == DropReason::Aqm));
        assert_eq!(v.drops.len(), 36);
    }
}
