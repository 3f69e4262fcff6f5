//! What SCED and FSC share around their curves (FSC seed, Sec. 2.2-2.3): queues (`lanes`) with a
//! service curve each, and a memory per queue that outlives its backlogs: the bytes served w_i,
//! the bytes queued, the curve Eq. 5 keeps (SCED's deadline curve, FSC's virtual curve), the
//! service curve as anchored at the last backlog, and FSC's virtual time v_i. Each scheduler
//! says where a backlog starts (SCED: now; FSC: v^s) and what key a queue's head has (SCED: its
//! deadline; FSC: v_i); the least key is served, ties to the earlier arrival, and the queue
//! view is the lanes merged in that order.

use crate::packet::Packet;
use crate::sched::curves::curve::{push_drawn, queue_flow, Drawn, Runtime, Service};
use crate::sched::parts::lanes::{Entry, Lanes, PerQueue};
use crate::sched::parts::per_lane::PerLane;
use crate::sched::{Admission, QueueView, Verdicts};
use crate::time::Time;
use crate::view::StateView;

/// At most this many queues in the exported state.
pub const STATE_QUEUES: usize = 16;

/// What a queue remembers across idle periods.
#[derive(Clone, Copy, Debug, Default)]
pub struct Memory {
    /// Bytes served.
    pub w: f64,
    /// FSC's virtual time v_i (SCED keeps none).
    pub v: f64,
    /// Bytes queued (each arrival's key counts the bytes ahead of it).
    pub queued: f64,
    /// The curve of Eq. 5: SCED's deadline curve (real ns -> bytes), FSC's virtual curve (None
    /// before the queue's first backlog).
    pub curve: Option<Runtime>,
    /// The service curve S_i(. - x) + w_i as of the last time the queue became backlogged at x
    /// (what the page draws beside the curve).
    pub service: Option<Runtime>,
}

#[derive(Debug)]
pub struct CurveQueues {
    pub lanes: Lanes<()>,
    curves: PerQueue<Service>,
    mem: PerLane<Memory>,
}

impl CurveQueues {
    pub fn new(lanes: Lanes<()>, curves: PerQueue<Service>) -> CurveQueues {
        CurveQueues { lanes, curves, mem: PerLane::default() }
    }

    pub fn memory(&self, l: usize) -> Memory {
        self.mem.get(l)
    }

    /// Queue `l` becomes backlogged at `x` (real or virtual ns): its service curve is anchored
    /// at (x, w_i) and its curve becomes min(curve, that) (Eq. 5; the first time, that).
    pub fn start_backlog(&self, l: usize, m: &mut Memory, x: f64) {
        let s = self.curves.get(&self.lanes, l);
        m.service = Some(Runtime::anchored(s, x, m.w));
        match m.curve.as_mut() {
            Some(c) => c.min_with(s, x, m.w),
            None => m.curve = Some(Runtime::anchored(s, x, m.w)),
        }
        m.queued = 0.0;
    }

    /// Queues `pkt` in lane `l` with `key`, `m` being the lane's memory as of its arrival.
    pub fn push(&mut self, now: Time, l: usize, pkt: Packet, key: i64, mut m: Memory, v: &mut Verdicts) -> Admission {
        let size = pkt.size as f64;
        let before = v.drops.len();
        let admitted = self.lanes.push(now, l, pkt, key, (), v);
        if matches!(admitted, Admission::Queued { .. }) {
            m.queued += size;
        }
        self.mem.insert(l, m);
        self.forget_dropped(v, before);
        admitted
    }

    /// Sends the head of the backlogged lane with the least `key(memory, head)`; its w_i grows
    /// by the packet's length, then `served` updates the rest of its memory.
    pub fn serve(
        &mut self,
        now: Time,
        v: &mut Verdicts,
        key: impl Fn(&Memory, &Entry<()>) -> f64,
        served: impl Fn(&mut Memory),
    ) -> Option<Packet> {
        let heads = self.lanes.backlogged().filter_map(|l| {
            let e = self.lanes.head(l)?;
            Some((l, e, key(&self.memory(l), &e)))
        });
        let l = least(heads)?;
        let before = v.drops.len();
        let (_, p) = self.lanes.pop(now, l, v)?;
        let m = self.mem.entry(l);
        m.w += p.size as f64;
        m.queued = (m.queued - p.size as f64).max(0.0);
        served(m);
        self.forget_dropped(v, before);
        Some(p)
    }

    /// The first `limit` packets in the order `serve` would send them, each shown with its key.
    pub fn snapshot(
        &self,
        limit: usize,
        out: &mut QueueView,
        key: impl Fn(&Memory, &Entry<()>) -> f64,
        served: impl Fn(&mut Memory),
    ) {
        out.entries.clear();
        let mut views: PerLane<(Vec<Entry<()>>, usize, Memory)> = PerLane::default();
        for l in self.lanes.backlogged() {
            views.insert(l, (self.lanes.view(l, limit), 0, self.memory(l)));
        }
        while out.entries.len() < limit {
            let heads = views.iter().filter_map(|(l, (v, at, m))| v.get(*at).map(|e| (l, *e, key(m, e))));
            let Some(l) = least(heads) else { break };
            let (v, at, m) = views.get_mut(l).expect("a listed lane");
            let e = v[*at];
            *at += 1;
            out.entries.push((e.id, key(m, &e).round() as i64));
            m.w += e.size as f64;
            served(m);
        }
    }

    /// The first backlogged lanes the state lists, with their memories.
    pub fn listed(&self) -> (Vec<usize>, Vec<Memory>) {
        let ls: Vec<usize> = self.lanes.backlogged().take(STATE_QUEUES).collect();
        let ms = ls.iter().map(|&l| self.memory(l)).collect();
        (ls, ms)
    }

    /// The curve fields of the listed lanes (`curve::push_drawn`).
    pub fn push_drawn(&self, out: &mut StateView, ls: &[usize], ms: &[Memory]) {
        let drawn: Vec<Drawn> = ls
            .iter()
            .zip(ms)
            .map(|(&l, m)| Drawn { w: m.w, curve: m.curve, service: m.service, flow: queue_flow(&self.lanes, l) })
            .collect();
        push_drawn(out, &drawn);
    }

    /// Forgets the bytes of packets the buffer pushed out (drops from index `from` on).
    fn forget_dropped(&mut self, v: &Verdicts, from: usize) {
        for d in &v.drops[from..] {
            let l = self.lanes.lane_of(&d.pkt);
            if let Some(m) = self.mem.get_mut(l) {
                m.queued = (m.queued - d.pkt.size as f64).max(0.0);
            }
        }
    }
}

/// The lane with the least key (ties: the earlier arrival).
fn least(heads: impl Iterator<Item = (usize, Entry<()>, f64)>) -> Option<usize> {
    heads
        .reduce(|a, b| if b.2.total_cmp(&a.2).then(b.1.slot.seq.cmp(&a.1.slot.seq)).is_lt() { b } else { a })
        .map(|(l, _, _)| l)
}

#[cfg(test)]
pub mod fixtures {
    use super::*;
    use crate::sched::parts::buffer::Limits;
    use crate::sched::parts::lanes::QueueKind;
    use crate::units::Buffer;

    /// Per-flow queues with these curves (flow i gets curve i; later flows the last one).
    pub fn per_flow(curves: Vec<Service>) -> CurveQueues {
        let lanes = Lanes::new(QueueKind::Flow, vec![], Limits::tail(Buffer::Unlimited)).unwrap();
        let rest = *curves.last().unwrap();
        CurveQueues::new(lanes, PerQueue::of_sources(curves, rest))
    }

    /// A packet of `flow` (its source too) arriving at `at` ns.
    pub fn pkt(id: u64, flow: u32, size: u32, at: u64) -> Packet {
        Packet::new(id, flow, 0, size, Time(at)).with_source(flow)
    }
}
