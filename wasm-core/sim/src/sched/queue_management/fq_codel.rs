//! `fq_codel`: FQ-CoDel (RFC 8290, Hoeiland-Joergensen et al.): flows hashed into queues,
//! served by deficit round robin with a list of new flows ahead of the old ones, and one CoDel
//! (the `aqm::codel` component) per queue.
//!
//! Principles:
//! - Enqueue (RFC 8290 Sec. 4.1): the packet joins the queue its flow hashes to (`flows`
//!   queues, a seeded perturbation: two flows may share one). A queue that was on no list
//!   joins the tail of the new list with a deficit of one `quantum`. When more than `limit`
//!   packets or `memory_limit` bytes (or the port's buffer) would be queued, packets are
//!   dropped from the head of the queue holding the most bytes until the arrival fits (reason
//!   push_out; Linux drops a batch of up to 64, not modelled).
//! - Dequeue (Sec. 4.2): take the first queue of the new list, else of the old list. A
//!   queue whose deficit is used up gets another quantum and goes to the tail of the old list.
//!   Otherwise its CoDel dequeues (and may drop or mark); a queue found empty goes to the old
//!   list if it came from the new list and the old list is not empty (so a flow cannot stay
//!   "new" by emptying its queue), else off the lists. The packet sent is charged to the
//!   deficit.
//! - So a sparse flow, whose queue empties between its packets, keeps re-joining the new
//!   list and is served ahead of the bulk flows; bulk flows share by DRR: over any interval
//!   in which two stay backlogged their bytes differ by at most quantum + 2 x max packet
//!   (Shreedhar and Varghese).
//! - Shown on a queued packet: when its wait reaches `target` (as `codel`), in the order the
//!   round robin would serve them if nothing arrived or was dropped. State: the queue numbers
//!   on the new and old lists, their deficits, and how many queues are dropping.
//! - Parameters (Linux's defaults): `flows` 1024, `quantum` 1514 B, `limit` 10240 packets,
//!   `memory_limit` 32 MB, `ecn` on, CoDel's `target` 5 ms and `interval` 100 ms.

use std::collections::VecDeque;

use crate::aqm::codel::{Codel, CodelParams};
use crate::packet::Packet;
use crate::params::{Default, Kind, Spec};
use crate::rng::splitmix64;
use crate::sched::queue_management::codel::{ECN, Fifo, INTERVAL, TARGET, codel_params};
use crate::sched::registry::{Cost, SchedulerInfo, Traits};
use crate::sched::{Admission, AnyScheduler, AqmReport, DropReason, QueueView, Scheduler, StateView, Verdicts};
use crate::time::Time;
use crate::units::Buffer;
use crate::view::{KeySpec, Shape, StateSpec, Unit};

const FQ_STATE: &[StateSpec] = &[
    StateSpec {
        name: "new flows",
        description: "Queues on the new list (served first): flows that just became active",
        unit: Unit::Rank,
        shape: Shape::Vector,
    },
    StateSpec {
        name: "old flows",
        description: "Queues on the old list, served round robin after the new ones",
        unit: Unit::Rank,
        shape: Shape::Vector,
    },
    StateSpec {
        name: "deficits",
        description: "Each listed queue's deficit (new list first): bytes it may still send this turn",
        unit: Unit::Bytes,
        shape: Shape::Vector,
    },
    StateSpec {
        name: "dropping queues",
        description: "Queues whose CoDel is in the dropping state",
        unit: Unit::Rank,
        shape: Shape::Scalar,
    },
];

pub const FQ_CODEL: SchedulerInfo = SchedulerInfo {
    name: "fq_codel",
    display: "FQ-CoDel",
    summary: "FQ-CoDel: flows hashed into queues served by deficit round robin, new flows ahead of old ones, \
              one CoDel per queue; sparse flows pass the bulk ones.",
    reference: "RFC 8290 (Hoeiland-Joergensen, McKenney, Taht, Gettys, Dumazet), Sec. 4; CoDel: RFC 8289",
    key: KeySpec { label: "time until its wait reaches target", unit: Unit::Deadline },
    state: FQ_STATE,
    params: &[
        Spec {
            name: "flows",
            description: "Queues flows are hashed into (two flows may share one).",
            kind: Kind::Int { min: 1, max: 65_536 },
            default: Default::Int(1024),
        },
        Spec {
            name: "quantum",
            description: "Bytes a queue may send per round (Linux: the MTU plus the 14 B Ethernet header).",
            kind: Kind::Size { min: 1, max: 1_048_576 },
            default: Default::Text("1514B"),
        },
        Spec {
            name: "limit",
            description: "Packets held in all queues; above it the queue with the most bytes loses its head.",
            kind: Kind::Int { min: 1, max: 10_000_000 },
            default: Default::Int(10_240),
        },
        Spec {
            name: "memory_limit",
            description: "Bytes held in all queues; above it the queue with the most bytes loses its head.",
            kind: Kind::Size { min: 1, max: 1 << 40 },
            default: Default::Text("32MB"),
        },
        Spec { default: Default::Text("on"), ..ECN },
        TARGET,
        INTERVAL,
    ],
    // Every queue is built with the scheduler.
    traits: Traits::OWN_ORDER.costing(|p| Cost {
        state_bytes: p.int("flows") as u64 * std::mem::size_of::<FlowQueue>() as u64,
        ..Cost::BASE
    }),
    source: file!(),
    build: |a| {
        let p = FqCodelParams {
            flows: a.params.int("flows") as usize,
            quantum: a.params.size("quantum") as u32,
            limit: a.params.int("limit") as usize,
            memory_limit: a.params.size("memory_limit"),
            perturbation: splitmix64(((a.port.seed as u64) << 32) ^ a.port.stream),
        };
        Ok(AnyScheduler::from(FqCodel::new(a.port.buffer, p, codel_params(a.params))))
    },
};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum OnList {
    None,
    New,
    Old,
}

#[derive(Debug)]
struct FlowQueue {
    q: Fifo,
    codel: Codel,
    deficit: i64,
    list: OnList,
}

/// FQ-CoDel's parameters besides CoDel's.
#[derive(Clone, Copy, Debug)]
pub struct FqCodelParams {
    pub flows: usize,
    pub quantum: u32,
    pub limit: usize,
    pub memory_limit: u64,
    /// The seeded hash perturbation.
    pub perturbation: u64,
}

#[derive(Debug)]
pub struct FqCodel {
    queues: Vec<FlowQueue>,
    new_flows: VecDeque<usize>,
    old_flows: VecDeque<usize>,
    p: FqCodelParams,
    buffer: Buffer,
    packets: usize,
    bytes: u64,
}

impl FqCodel {
    pub fn new(buffer: Buffer, p: FqCodelParams, codel: CodelParams) -> FqCodel {
        let queues = (0..p.flows)
            .map(|_| FlowQueue { q: Fifo::default(), codel: Codel::new(codel), deficit: 0, list: OnList::None })
            .collect();
        FqCodel { queues, new_flows: VecDeque::new(), old_flows: VecDeque::new(), p, buffer, packets: 0, bytes: 0 }
    }

    /// The queue a flow hashes to.
    pub fn bucket(&self, flow: u32) -> usize {
        (splitmix64(flow as u64 ^ self.p.perturbation) % self.p.flows as u64) as usize
    }

    fn fits(&self, size: u64) -> bool {
        self.packets < self.p.limit
            && self.bytes + size <= self.p.memory_limit
            && self.buffer.fits(self.packets, self.bytes, size)
    }

    /// Drops the head of the queue holding the most bytes (RFC 8290 Sec. 4.1).
    fn drop_from_fattest(&mut self, v: &mut Verdicts) {
        let (i, _) = self
            .queues
            .iter()
            .enumerate()
            .max_by_key(|(i, f)| (f.q.bytes, std::cmp::Reverse(*i)))
            .expect("fq_codel has at least one queue");
        let pkt = self.queues[i].q.packets.pop_front().expect("the fattest queue holds a packet");
        self.queues[i].q.bytes -= pkt.size as u64;
        self.packets -= 1;
        self.bytes -= pkt.size as u64;
        v.drop(pkt, DropReason::PushOut);
    }

    /// The first queue to serve and the list it is on, after the deficit rotations.
    fn head(&mut self) -> Option<(usize, OnList)> {
        loop {
            let (i, from) = match (self.new_flows.front(), self.old_flows.front()) {
                (Some(&i), _) => (i, OnList::New),
                (None, Some(&i)) => (i, OnList::Old),
                (None, None) => return None,
            };
            if self.queues[i].deficit > 0 {
                return Some((i, from));
            }
            self.queues[i].deficit += self.p.quantum as i64;
            self.pop_list(from);
            self.queues[i].list = OnList::Old;
            self.old_flows.push_back(i);
        }
    }

    fn pop_list(&mut self, from: OnList) {
        match from {
            OnList::New => self.new_flows.pop_front(),
            _ => self.old_flows.pop_front(),
        };
    }
}

impl Scheduler for FqCodel {
    fn enqueue(&mut self, now: Time, pkt: Packet, v: &mut Verdicts) -> Admission {
        let size = pkt.size as u64;
        let whole = Buffer::Bytes(self.p.memory_limit);
        if !self.buffer.fits(0, 0, size) || !whole.fits(0, 0, size) {
            v.drop(pkt, DropReason::BufferFull);
            return Admission::Refused;
        }
        while !self.fits(size) {
            self.drop_from_fattest(v);
        }
        let i = self.bucket(pkt.flow);
        let f = &mut self.queues[i];
        f.q.push(pkt);
        if f.list == OnList::None {
            f.list = OnList::New;
            f.deficit = self.p.quantum as i64;
            self.new_flows.push_back(i);
        }
        self.packets += 1;
        self.bytes += size;
        Admission::Queued { key: now.as_ns() as i64 }
    }

    fn dequeue(&mut self, now: Time, v: &mut Verdicts) -> Option<Packet> {
        while let Some((i, from)) = self.head() {
            let before = v.drops.len();
            let f = &mut self.queues[i];
            let sent = f.codel.dequeue(now, &mut f.q, v);
            for d in &v.drops[before..] {
                self.packets -= 1;
                self.bytes -= d.pkt.size as u64;
            }
            match sent {
                Some(pkt) => {
                    self.queues[i].deficit -= pkt.size as i64;
                    self.packets -= 1;
                    self.bytes -= pkt.size as u64;
                    return Some(pkt);
                }
                None => {
                    self.pop_list(from);
                    if from == OnList::New && !self.old_flows.is_empty() {
                        self.queues[i].list = OnList::Old;
                        self.old_flows.push_back(i);
                    } else {
                        self.queues[i].list = OnList::None;
                    }
                }
            }
        }
        None
    }

    fn len(&self) -> usize {
        self.packets
    }

    fn bytes(&self) -> u64 {
        self.bytes
    }

    /// The round robin played forward on copies of the lists and deficits, no drops.
    fn snapshot(&self, limit: usize, out: &mut QueueView) {
        out.entries.clear();
        let target = self.queues.first().map_or(0, |f| f.codel.params.target.as_ns() as i64);
        // (queue, deficit, packets taken) per listed queue, new list first.
        let mut new: VecDeque<(usize, i64, usize)> =
            self.new_flows.iter().map(|&i| (i, self.queues[i].deficit, 0)).collect();
        let mut old: VecDeque<(usize, i64, usize)> =
            self.old_flows.iter().map(|&i| (i, self.queues[i].deficit, 0)).collect();
        while out.entries.len() < limit {
            let from_new = !new.is_empty();
            let Some(mut e) = (if from_new { new.pop_front() } else { old.pop_front() }) else { break };
            if e.1 <= 0 {
                e.1 += self.p.quantum as i64;
                old.push_back(e);
                continue;
            }
            let packets = &self.queues[e.0].q.packets;
            match packets.get(e.2) {
                Some(p) => {
                    out.entries.push((p.id, p.enqueued_at.as_ns() as i64 + target));
                    e.1 -= p.size as i64;
                    e.2 += 1;
                    if from_new {
                        new.push_front(e)
                    } else {
                        old.push_front(e)
                    }
                }
                None if from_new && !old.is_empty() => old.push_back(e),
                None => {}
            }
        }
    }

    fn state(&self, out: &mut StateView) {
        let ids = |l: &VecDeque<usize>| l.iter().map(|&i| i as f64).collect::<Vec<_>>();
        out.push(&ids(&self.new_flows));
        out.push(&ids(&self.old_flows));
        let deficits: Vec<f64> =
            self.new_flows.iter().chain(&self.old_flows).map(|&i| self.queues[i].deficit as f64).collect();
        out.push(&deficits);
        out.push(&[self.queues.iter().filter(|f| f.codel.vars.dropping).count() as f64]);
    }

    fn aqm_report(&self, now: Time) -> Option<AqmReport> {
        let mut r = AqmReport::default();
        for f in &self.queues {
            r.dropping_ns += f.codel.stats.dropping_until(now).as_ns();
            r.dropping_entries += f.codel.stats.entries;
        }
        Some(r)
    }
}

#[cfg(test)]
#[path = "fq_codel_tests.rs"]
mod tests;
