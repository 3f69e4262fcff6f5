//! Class-level fair queueing: weighted fair queueing (the GPS clock of `gps`) between
//! traffic classes, each class scheduled by its own child scheduler. UPS Sec. 2.3's mixture
//! "fair queueing between two classes, one scheduled with SJF and the other with FIFO" is
//! `{"name": "class_fq", "children": [{"name": "sjf"}, {"name": "fifo"}]}`.
//!
//! Principles: a packet of class c (`Packet::class`, classes beyond the last child go to the
//! last child) gets a GPS finish tag for class c with class c's weight (`weights`, default
//! 1 each), kept in class c's FIFO of tags; the class
//! with the least front tag sends next, and its child chooses which of its packets. The
//! buffer is the parent's (drop-tail); children have unlimited buffers.
//! Invariant: classes are served in ascending tag order; within a class, the child's order.

use std::collections::VecDeque;

use crate::packet::Packet;
use crate::params::{Default, Kind, Per, Spec};
use crate::sched::fair::gps::{key, Gps};
use crate::sched::parts::lanes::WEIGHT;
use crate::sched::registry::{SchedulerInfo, Traits};
use crate::sched::{Admission, AnyScheduler, DropReason, QueueView, Scheduler, Verdicts};
use crate::time::{Bandwidth, Time};
use crate::units::Buffer;
use crate::view::{KeySpec, Unit};

pub const CLASS_FQ: SchedulerInfo = SchedulerInfo {
    name: "class_fq",
    display: "Class fair queueing",
    summary: "Weighted fair queueing between traffic classes; child i schedules class i.",
    reference: "UPS (Mittal et al., NSDI'16) Sec. 2.3: FQ between two classes, one SJF and one FIFO",
    key: KeySpec { label: "class finish tag", unit: Unit::Millibits },
    state: &[],
    params: &[Spec {
        name: "weights",
        description: "Each class's weight: its share of the link while backlogged is its weight over the \
                      backlogged classes' total (e.g. [1, 3]; classes not listed get 1).",
        kind: Kind::List { per: Per::Class, item: &WEIGHT },
        default: Default::Real(1.0),
    }],
    traits: Traits::CLASSES,
    source: file!(),
    build: |a| {
        let weights = (0..a.children.len()).map(|c| a.params.list("weights").for_class(c as u8).real()).collect();
        Ok(AnyScheduler::from(ClassFq::new(a.port.buffer, a.port.bandwidth, a.children, weights)))
    },
};

#[derive(Debug)]
pub struct ClassFq {
    children: Vec<AnyScheduler>,
    tags: Vec<VecDeque<f64>>,
    weights: Vec<f64>,
    gps: Gps,
    buffer: Buffer,
}

impl ClassFq {
    /// `weights[c]`: class c's weight (one per child).
    pub fn new(buffer: Buffer, bandwidth: Bandwidth, children: Vec<AnyScheduler>, weights: Vec<f64>) -> ClassFq {
        let n = children.len();
        assert_eq!(weights.len(), n, "one weight per class");
        ClassFq { children, tags: vec![VecDeque::new(); n], weights, gps: Gps::new(bandwidth), buffer }
    }

    fn class_of(&self, p: &Packet) -> usize {
        (p.class as usize).min(self.children.len() - 1)
    }
}

impl Scheduler for ClassFq {
    fn enqueue(&mut self, now: Time, pkt: Packet, v: &mut Verdicts) -> Admission {
        if !self.buffer.fits(self.len(), self.bytes(), pkt.size as u64) {
            v.drop(pkt, DropReason::BufferFull);
            return Admission::Refused;
        }
        let c = self.class_of(&pkt);
        let tag = self.gps.tag(now, c as u64, self.weights[c], pkt.size as u64);
        let admitted = self.children[c].enqueue(now, pkt, v);
        if let Admission::Queued { .. } = admitted {
            self.tags[c].push_back(tag);
            return Admission::Queued { key: key(tag) };
        }
        admitted
    }

    fn dequeue(&mut self, now: Time, v: &mut Verdicts) -> Option<Packet> {
        loop {
            let c = (0..self.children.len())
                .filter(|&c| !self.tags[c].is_empty())
                .min_by(|&a, &b| self.tags[a][0].total_cmp(&self.tags[b][0]).then(a.cmp(&b)))?;
            let before = v.drops.len();
            let pkt = self.children[c].dequeue(now, v);
            // Head drops by the child consume tags too.
            for _ in before..v.drops.len() {
                self.tags[c].pop_front();
            }
            if let Some(p) = pkt {
                self.tags[c].pop_front();
                return Some(p);
            }
            if self.children[c].is_empty() {
                self.tags[c].clear();
            }
            if self.tags.iter().all(VecDeque::is_empty) {
                return None;
            }
        }
    }

    fn len(&self) -> usize {
        self.children.iter().map(|c| c.len()).sum()
    }

    fn bytes(&self) -> u64 {
        self.children.iter().map(|c| c.bytes()).sum()
    }

    /// The service order: repeatedly the class with the least next tag (ties: the lower
    /// class), and from it the child's next packet; each shown with its class slot's tag.
    fn snapshot(&self, limit: usize, out: &mut QueueView) {
        out.entries.clear();
        let views: Vec<QueueView> = self
            .children
            .iter()
            .map(|c| {
                let mut v = QueueView::default();
                c.snapshot(limit, &mut v);
                v
            })
            .collect();
        let mut next = vec![0usize; views.len()];
        while out.entries.len() < limit {
            let pick = (0..views.len())
                .filter(|&c| next[c] < views[c].entries.len() && next[c] < self.tags[c].len())
                .min_by(|&a, &b| self.tags[a][next[a]].total_cmp(&self.tags[b][next[b]]).then(a.cmp(&b)));
            let Some(c) = pick else { break };
            out.entries.push((views[c].entries[next[c]].0, key(self.tags[c][next[c]])));
            next[c] += 1;
        }
    }
}
