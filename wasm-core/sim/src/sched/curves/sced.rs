//! Service Curve Earliest Deadline first (`sced`): Sariowan, Cruz, Polyzos (SCED), as the FSC
//! seed describes it in Sec. 2.2. Each queue i has a service curve S_i (two pieces: m1 for d
//! or beta, then m2, `curves`) and a deadline curve D_i over real time: when queue i becomes
//! backlogged at time t, D_i = min(D_i, S_i(. - t) + w_i) (the first time, S_i(. - t)), w_i
//! being the bytes it was served so far. Its head packet of L bytes has the deadline
//! D_i^{-1}(w_i + L), and the least deadline is sent (work-conserving: the link never idles
//! while a packet waits, so a lone flow uses the whole link).
//!
//! The penalty (Fig. 3): a flow that used idle bandwidth has served bytes far above its
//! curve, so its deadlines lie in the future, and a newly backlogged flow's deadlines (from
//! the current time) win until they catch up; with m1 = m2 SCED is Virtual Clock. With
//! sum_i S_i(t) <= C t every curve is met up to one packet's transmission (the audio example
//! of Sec. 2.2: m1 = 256 kbps, d = 5 ms, m2 = 64 kbps gives a periodic 64 kbps flow a 5 ms
//! bound). Eligibility curves (H-FSC's real-time criterion) are not part of this scheduler.
//!
//! Invariant: service in ascending deadline, ties to the earlier arrival. Parameters:
//! `queues`, `buckets`, `curves` (per flow; default m1 = 4 Mbps, beta = 6000 B, m2 = 1 Mbps),
//! `class_curves`, `drop`, `queue_limit`. Shown on a packet: its deadline. State: per
//! backlogged queue its head deadline, w_i, its deadline curve (anchor, knee, m2), its flow
//! and its service curve as anchored at its last backlog (the page's curve view).

use crate::sched::curves::curve::{curves, lanes, Service, CLASS_CURVES, CURVES, with_curve_state};
use crate::sched::curves::queues::{CurveQueues, Memory};
use crate::sched::parts::buffer::{DROP_TAGGED, QUEUE_LIMIT};
use crate::sched::parts::lanes::{Entry, Lanes, PerQueue, BUCKETS, QUEUES};
use crate::sched::registry::{SchedulerInfo, Traits};
use crate::sched::{Admission, AnyScheduler, Packet, QueueView, Scheduler, StateView, Verdicts};
use crate::time::Time;
use crate::view::{KeySpec, Shape, StateSpec, Unit};

const SCED_STATE: [StateSpec; 12] = with_curve_state([
    StateSpec {
        name: "head deadlines",
        description: "D_i^-1(w_i + L): the deadline of each backlogged queue's head packet, in queue order",
        unit: Unit::Deadline,
        shape: Shape::Vector,
    },
]);

pub const SCED: SchedulerInfo = SchedulerInfo {
    name: "sced",
    display: "SCED (service curves)",
    summary: "Service curve earliest deadline first: each queue's deadline curve is min(itself, its service curve \
              from now + bytes served) when it becomes backlogged; the least deadline is sent, so a flow that \
              used idle bandwidth waits.",
    reference: "Sariowan, Cruz, Polyzos, SCED (ICCCN'95); Ng, Stephens, Stoica, Zhang, Fair Service Curve, Sec. 2.2",
    key: KeySpec { label: "deadline", unit: Unit::Deadline },
    state: &SCED_STATE,
    params: &[QUEUES, BUCKETS, CURVES, CLASS_CURVES, DROP_TAGGED, QUEUE_LIMIT],
    traits: Traits::OWN_ORDER,
    source: file!(),
    build: |a| Ok(AnyScheduler::from(Sced::new(lanes(&a)?, curves(&a)?))),
};

#[derive(Debug)]
pub struct Sced {
    q: CurveQueues,
}

impl Sced {
    pub fn new(lanes: Lanes<()>, curves: PerQueue<Service>) -> Sced {
        Sced { q: CurveQueues::new(lanes, curves) }
    }

    pub fn memory(&self, l: usize) -> Memory {
        self.q.memory(l)
    }
}

/// The deadline of a packet of `size` bytes after `ahead` more bytes of queue `m`.
fn deadline_after(m: &Memory, ahead: f64, size: f64) -> f64 {
    m.curve.map_or(0.0, |c| c.y2x(m.w + ahead + size))
}

/// The key a queue's head is served by: its deadline D_i^{-1}(w_i + L).
fn deadline(m: &Memory, head: &Entry<()>) -> f64 {
    deadline_after(m, 0.0, head.size as f64)
}

impl Scheduler for Sced {
    fn enqueue(&mut self, now: Time, pkt: Packet, v: &mut Verdicts) -> Admission {
        let l = self.q.lanes.lane_of(&pkt);
        let mut m = self.q.memory(l);
        if self.q.lanes.lane_len(l) == 0 {
            self.q.start_backlog(l, &mut m, now.as_ns() as f64);
        }
        let key = deadline_after(&m, m.queued, pkt.size as f64).round() as i64;
        self.q.push(now, l, pkt, key, m, v)
    }

    fn dequeue(&mut self, now: Time, v: &mut Verdicts) -> Option<Packet> {
        self.q.serve(now, v, deadline, |_| {})
    }

    forward!(q.lanes => len, bytes);

    fn snapshot(&self, limit: usize, out: &mut QueueView) {
        self.q.snapshot(limit, out, deadline, |_| {});
    }

    fn state(&self, out: &mut StateView) {
        let (ls, ms) = self.q.listed();
        let deadlines: Vec<f64> =
            ls.iter().zip(&ms).map(|(&l, m)| self.q.lanes.head(l).map_or(0.0, |e| deadline(m, &e))).collect();
        out.push(&deadlines);
        self.q.push_drawn(out, &ls, &ms);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::{Curve, Knee};
    use crate::sched::curves::queues::fixtures::{self, pkt};

    fn sced(curves: Vec<Service>) -> Sced {
        Sced { q: fixtures::per_flow(curves) }
    }

    fn deadline(a: Admission) -> i64 {
        match a {
            Admission::Queued { key } => key,
            other => panic!("refused: {other:?}"),
        }
    }

    // paper item: fsc/eq-3: the audio curve gives each periodic packet a 5 ms deadline
    #[test]
    fn the_audio_curve_gives_each_periodic_packet_a_5_ms_deadline() {
        // Sec. 2.2: m1 = 256 kbps (32 B/ms), d = 5 ms (beta = 160 B), m2 = 64 kbps (8 B/ms); 160 B
        // every 20 ms, each sent at once. Packet k arrives at 20k ms with w = 160k: the old
        // curve from (0, 0) is at 160 + 8 (20k - 5) = 160k + 120 > 160k there, and the new one
        // from (20k ms, 160k) reaches 160k + 160 at 20k + 5 ms (the old one reaches it at
        // 20k + 5 ms too): every deadline is arrival + 5 ms, while the curve's long-term rate
        // is 64 kbps (PFQ needs 160 B / 5 ms = 256 kbps for it, Eq. 3).
        let audio = Service::from_param(Curve { m1: 256_000, knee: Knee::Delay(Time(5_000_000)), m2: 64_000 }).unwrap();
        let mut s = sced(vec![audio]);
        let mut v = Verdicts::default();
        for k in 0..50u64 {
            let at = k * 20_000_000;
            assert_eq!(deadline(s.enqueue(Time(at), pkt(k, 0, 160, at), &mut v)), (at + 5_000_000) as i64);
            assert_eq!(s.dequeue(Time(at), &mut v).unwrap().id, k);
        }
    }

    // paper item: fsc/fig-3: SCED makes a flow that used idle bandwidth wait
    #[test]
    fn a_flow_that_used_idle_bandwidth_waits() {
        // Fig. 3's mechanism. Both curves: m1 = 4/1024 B/ns, beta = 2000 B, m2 = 1/1024 B/ns
        // (dx = 512 us). Flow 0 alone is served 20 x 1000 B by t = 2 ms (8 Mbps... far above
        // its curve): its next deadline D^{-1}(21000) = 512 us + 19000 x 1.024 us = 19968 us.
        // Flow 1 arrives at 2 ms with 20 packets: deadlines 2000 + 256, 512 (m1), then
        // + 1024 us each: 2256, 2512, 3536, ..., the 18th is 2512 + 16 x 1024 = 18896 < 19968,
        // the 19th 19920 < 19968 too, the 20th 20944: 19 of flow 1 go before flow 0's next.
        let c = Service::best_effort(4.0, 2000, 8e9 / 1024.0);
        let mut s = sced(vec![c, c]);
        let mut v = Verdicts::default();
        for id in 0..21 {
            s.enqueue(Time::ZERO, pkt(id, 0, 1000, 0), &mut v);
        }
        for _ in 0..20 {
            s.dequeue(Time(2_000_000), &mut v);
        }
        let t = 2_000_000;
        for id in 21..41 {
            s.enqueue(Time(t), pkt(id, 1, 1000, t), &mut v);
        }
        let mut state = StateView::default();
        s.state(&mut state);
        assert_eq!(state.field(0), &[19_968_000.0, 2_256_000.0]);
        // The curves: anchored at (0, 0) and (2 ms, 0), knees 512 us and 2000 B later, m2 =
        // 1/1024 B/ns = 7.8125 Mbps.
        assert_eq!(state.field(2), &[0.0, 2_000_000.0]);
        assert_eq!(state.field(4), &[512_000.0, 2_512_000.0]);
        assert_eq!(state.field(5), &[2000.0, 2000.0]);
        assert_eq!(state.field(6), &[7_812_500.0, 7_812_500.0]);
        // Whose queues (flows 0 and 1), and their service curves as anchored when each became
        // backlogged: flow 0 at (0, 0), flow 1 at (2 ms, 0); knees 2000 B / (4/1024 B/ns) =
        // 512 us later. Here the deadline curves are those same curves (neither had idled).
        assert_eq!(state.field(7), &[0.0, 1.0]);
        assert_eq!(state.field(8), &[0.0, 2_000_000.0]);
        assert_eq!(state.field(9), &[0.0, 0.0]);
        assert_eq!(state.field(10), &[512_000.0, 2_512_000.0]);
        assert_eq!(state.field(11), &[2000.0, 2000.0]);
        let order: Vec<u32> = (0..21).map(|_| s.dequeue(Time(t), &mut v).unwrap().flow).collect();
        let mut want = vec![1; 19];
        want.extend([0, 1]);
        assert_eq!(order, want);
    }
}
