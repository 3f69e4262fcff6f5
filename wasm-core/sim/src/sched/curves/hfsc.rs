//! H-FSC, the hierarchical fair service curve scheduler (Stoica, Zhang, Ng, "A Hierarchical Fair
//! Service Curve Algorithm for Link-Sharing, Real-Time and Priority Services", SIGCOMM'97 /
//! ToN 2000, the H-FSC algorithm; the FSC paper's reference [21]; Linux's `sch_hfsc`). A class
//! hierarchy: the root, interior classes (here one level of `groups`) and leaf classes (one per
//! traffic class), each with a link-sharing curve; leaves may also have a real-time curve.
//! - Real-time criterion (leaves with a real-time curve): a leaf keeps c_i, the bytes it was
//!   served by this criterion, a deadline curve D_i and an eligible curve E_i. When it becomes
//!   backlogged at t: D_i = min(D_i, S_i(. - t) + c_i) (the update of Eq. 5, `curve`), and E_i
//!   = D_i for a concave curve, else the line of slope m2 from the same anchor. Its eligible
//!   time is e_i = E_i^{-1}(c_i) and its deadline d_i = D_i^{-1}(c_i + L) for its head of L
//!   bytes. If any leaf is eligible (e_i <= now), the one with the least deadline sends.
//! - Link-sharing criterion (otherwise): from the root, repeatedly the active child with the
//!   least virtual time v_i, down to a leaf. Every class keeps w_i, its bytes served by either
//!   criterion, and v_i = V_i^{-1}(w_i) on its virtual curve; when a class becomes active its
//!   v_i starts at the mean of the least and greatest virtual times its parent has seen in this
//!   backlog period (the parent's cvtmin and the greatest active sibling's v), or at the
//!   greatest v a child of the parent had when the parent's last period ended (cvtoff), and its
//!   virtual curve becomes min(V_i, S_i(. - v_i) + w_i).
//! - After a packet of L bytes leaves leaf i: w += L at the leaf and every ancestor, v updated
//!   from the virtual curves; c_i += L when the real-time criterion chose it (then e_i and d_i
//!   of its next head; after a link-sharing choice only d_i).
//!
//! Readings (Linux `sch_hfsc.c`'s `init_ed`, `update_ed`, `update_d`, `init_vf`, `update_vf`,
//! `vttree_get_minvt`, which the paper's pseudo-code leaves to the implementation):
//! ties in v go to the class whose v was set earlier (Linux's virtual-time tree re-inserts a
//! class on each update, after its equals); ties in d to the earlier e. Upper-limit curves
//! (Linux's `ul`) are not implemented: every class may use idle bandwidth, so H-FSC is
//! work-conserving here. Per-class `queue_limit` and the port's buffer drop the arrival.
//!
//! Invariant (the paper's leaf guarantee, as `npm test` checks it): a leaf with real-time curve
//! S_i is served at least S_i from the start of its backlog, each packet leaving by its deadline
//! plus one largest packet's transmission (service is not preempted); the active children of a class share what it gets in proportion to their
//! link-sharing curves. Parameters: `groups` (each traffic class's interior class, 0..15),
//! `group_curves` (link-sharing curve of interior class g, by its number), `ls_curves` and
//! `rt_curves` (per leaf class), `realtime` (per class: whether the leaf has its real-time
//! curve), `queue_limit`. Shown on a packet: its class's virtual time once it is sent (at arrival:
//! its class's v then).
//! State: per active leaf its class, v, w, c, e and d (as waits from the port's last call), the
//! interior classes' v, and which criterion chose the last packet.

use std::collections::VecDeque;

use crate::packet::Packet;
use crate::params::{Default, Kind, Per, Spec, Value};
use crate::sched::curves::curve::{Runtime, Service, CURVE, CURVE_DEFAULT};
use crate::sched::parts::buffer::QUEUE_LIMIT;
use crate::sched::registry::{SchedulerInfo, Traits};
use crate::sched::{Admission, AnyScheduler, DropReason, QueueView, Scheduler, StateView, Verdicts};
use crate::time::{Bandwidth, Time};
use crate::units::Buffer;
use crate::view::{KeySpec, Shape, StateSpec, Unit};

const GROUP: Kind = Kind::Int { min: 0, max: 15 };
const TOGGLE: Kind = Kind::Toggle;

const fn vector(name: &'static str, description: &'static str, unit: Unit) -> StateSpec {
    StateSpec { name, description, unit, shape: Shape::Vector }
}

pub const HFSC: SchedulerInfo = SchedulerInfo {
    name: "hfsc",
    display: "H-FSC (hierarchical FSC)",
    summary: "Hierarchical fair service curve: leaves with a real-time curve are served by least deadline once \
              eligible; otherwise the hierarchy shares by least virtual time on link-sharing curves, level by level.",
    reference: "Stoica, Zhang, Ng, \"A Hierarchical Fair Service Curve Algorithm for Link-Sharing, Real-Time and \
                Priority Services\", SIGCOMM'97 / ToN 2000; Linux sch_hfsc",
    key: KeySpec { label: "virtual time", unit: Unit::Ns },
    state: &[
        vector("classes", "The traffic class of each active leaf, in class order (the other fields follow it)", Unit::Rank),
        vector("virtual times", "v_i of each active leaf: the link-sharing criterion sends the least", Unit::Ns),
        vector("served", "w_i: bytes each active leaf was served by either criterion", Unit::Bytes),
        vector("served real-time", "c_i: bytes each active leaf was served by the real-time criterion", Unit::Bytes),
        vector(
            "eligible in",
            "How long until each active leaf with a real-time curve is eligible (0: now; none: no real-time curve)",
            Unit::Ns,
        ),
        vector(
            "deadline in",
            "How long until each active leaf's deadline d_i (none: no real-time curve); past deadlines show 0",
            Unit::Ns,
        ),
        vector("group virtual times", "v of each active interior class (group), in group order", Unit::Ns),
        StateSpec {
            name: "last real-time",
            description: "Whether the real-time criterion (an eligible leaf's least deadline) chose the last packet",
            unit: Unit::Flag,
            shape: Shape::Scalar,
        },
    ],
    params: &[
        Spec {
            name: "groups",
            description: "Each traffic class's interior class (its parent under the root), e.g. [0, 0, 1]; classes \
                          not listed go to group 0.",
            kind: Kind::List { per: Per::Class, item: &GROUP },
            default: Default::Int(0),
        },
        Spec {
            name: "group_curves",
            description: "Each interior class's link-sharing curve, by group number (entry g for group g).",
            kind: Kind::List { per: Per::Class, item: &CURVE },
            default: Default::Json(LINE_DEFAULT),
        },
        Spec {
            name: "ls_curves",
            description: "Each leaf class's link-sharing curve: its share of its group's service.",
            kind: Kind::List { per: Per::Class, item: &CURVE },
            default: Default::Json(LINE_DEFAULT),
        },
        Spec {
            name: "rt_curves",
            description: "Each leaf class's real-time curve (used when `realtime` is on for it).",
            kind: Kind::List { per: Per::Class, item: &CURVE },
            default: Default::Json(CURVE_DEFAULT),
        },
        Spec {
            name: "realtime",
            description: "Per class: whether the leaf has its real-time curve (guaranteed service, least deadline \
                          first), e.g. [\"off\", \"on\"].",
            kind: Kind::List { per: Per::Class, item: &TOGGLE },
            default: Default::Text("off"),
        },
        QUEUE_LIMIT,
    ],
    traits: Traits::OWN_ORDER,
    source: file!(),
    build: |a| {
        let check = |name: &'static str| -> Result<(), (&'static str, String)> {
            let l = a.params.list(name);
            l.entries
                .values()
                .chain(std::iter::once(l.default.as_ref()))
                .try_for_each(|v| Service::from_param(v.curve()).map(|_| ()))
                .map_err(|e| (name, e))
        };
        check("group_curves")?;
        check("ls_curves")?;
        check("rt_curves")?;
        let read = |v: &Value| Service::from_param(v.curve()).expect("checked above");
        let classes: Vec<ClassConfig> = (0..=u8::MAX)
            .map(|c| ClassConfig {
                group: a.params.list("groups").for_class(c).int() as usize,
                ls: read(a.params.list("ls_curves").for_class(c)),
                rt: a.params.list("realtime").for_class(c).toggle().then(|| read(a.params.list("rt_curves").for_class(c))),
            })
            .collect();
        let groups = (0..16u8).map(|g| read(a.params.list("group_curves").for_class(g))).collect();
        let limits = (a.port.buffer, a.params.buffer_or_off("queue_limit"));
        Ok(AnyScheduler::from(Hfsc::new(Config { classes, groups }, limits, a.port.bandwidth)))
    },
};

const LINE_DEFAULT: &str = r#"{"m1": "1Mbps", "beta": "0B", "m2": "1Mbps"}"#;

/// Every class's place and curves (by traffic class), and the groups' link-sharing curves.
#[derive(Clone, Debug)]
pub struct Config {
    pub classes: Vec<ClassConfig>,
    pub groups: Vec<Service>,
}

#[derive(Clone, Copy, Debug)]
pub struct ClassConfig {
    pub group: usize,
    pub ls: Service,
    pub rt: Option<Service>,
}

/// A class of the hierarchy: the root (0), a group or a leaf.
#[derive(Clone, Debug)]
struct Node {
    parent: Option<usize>,
    ls: Service,
    /// Leaves: the real-time curve, and the traffic class (a group: its number).
    leaf: bool,
    rt: Option<Service>,
    class: u8,
    queue: VecDeque<Packet>,
    /// w: bytes served by either criterion; c: by the real-time one.
    total: f64,
    cumul: f64,
    /// Link-sharing: v, its adjustment, the virtual curve, active children (a leaf: itself).
    vt: f64,
    vtadj: f64,
    virtual_curve: Option<Runtime>,
    nactive: usize,
    /// When v was last set (ties in v go to the earlier).
    stamp: u64,
    /// As a parent: cvtmin (greatest v chosen in this period), cvtoff (greatest v at the end of
    /// the last), its period count; as a child, its parent's period when it joined.
    cvtmin: f64,
    cvtoff: f64,
    vtperiod: u64,
    parentperiod: u64,
    /// Real-time: the deadline and eligible curves, e and d.
    deadline: Option<Runtime>,
    eligible: Option<Runtime>,
    e: f64,
    d: f64,
}

impl Node {
    fn new(parent: Option<usize>, ls: Service, rt: Option<Service>, class: u8, leaf: bool) -> Node {
        Node {
            parent,
            ls,
            leaf,
            rt,
            class,
            queue: VecDeque::new(),
            total: 0.0,
            cumul: 0.0,
            vt: 0.0,
            vtadj: 0.0,
            virtual_curve: None,
            nactive: 0,
            stamp: 0,
            cvtmin: 0.0,
            cvtoff: 0.0,
            vtperiod: 0,
            parentperiod: 0,
            deadline: None,
            eligible: None,
            e: 0.0,
            d: 0.0,
        }
    }
}

/// `curve` = min(curve, s anchored at (x, y)) (the first time, s anchored there).
fn min_curve(curve: &mut Option<Runtime>, s: Service, x: f64, y: f64) {
    match curve.as_mut() {
        Some(c) => c.min_with(s, x, y),
        None => *curve = Some(Runtime::anchored(s, x, y)),
    }
}

#[derive(Clone, Debug)]
pub struct Hfsc {
    cfg: Config,
    nodes: Vec<Node>,
    /// Node of each traffic class's leaf and of each group, once it exists.
    leaf_of: Vec<Option<usize>>,
    group_of: Vec<Option<usize>>,
    buffer: Buffer,
    queue_limit: Option<Buffer>,
    bandwidth: Bandwidth,
    len: usize,
    bytes: u64,
    stamps: u64,
    /// The port's latest call (the exported waits count from it) and the last criterion.
    asked: Time,
    last_realtime: Option<bool>,
}

impl Hfsc {
    pub fn new(cfg: Config, (buffer, queue_limit): (Buffer, Option<Buffer>), bandwidth: Bandwidth) -> Hfsc {
        let root = Node::new(None, cfg.groups[0], None, 0, false);
        Hfsc {
            leaf_of: vec![None; 256],
            group_of: vec![None; cfg.groups.len()],
            cfg,
            nodes: vec![root],
            buffer,
            queue_limit,
            bandwidth,
            len: 0,
            bytes: 0,
            stamps: 0,
            asked: Time::ZERO,
            last_realtime: None,
        }
    }

    /// The leaf of traffic class `c`, created with its group on first use.
    fn leaf(&mut self, c: u8) -> usize {
        if let Some(l) = self.leaf_of[c as usize] {
            return l;
        }
        let cc = self.cfg.classes[c as usize];
        let g = cc.group.min(self.cfg.groups.len() - 1);
        let parent = match self.group_of[g] {
            Some(n) => n,
            None => {
                self.nodes.push(Node::new(Some(0), self.cfg.groups[g], None, g as u8, false));
                self.group_of[g] = Some(self.nodes.len() - 1);
                self.nodes.len() - 1
            }
        };
        self.nodes.push(Node::new(Some(parent), cc.ls, cc.rt, c, true));
        self.leaf_of[c as usize] = Some(self.nodes.len() - 1);
        self.nodes.len() - 1
    }

    fn stamp(&mut self, n: usize) {
        self.stamps += 1;
        self.nodes[n].stamp = self.stamps;
    }

    /// The active children of `p`.
    fn active_children(&self, p: usize) -> impl Iterator<Item = usize> + '_ {
        (0..self.nodes.len()).filter(move |&n| self.nodes[n].parent == Some(p) && self.nodes[n].nactive > 0)
    }

    /// Real-time: leaf `l` becomes backlogged at `now` with a head of `len` bytes.
    fn init_ed(&mut self, l: usize, now: f64, len: f64) {
        let n = &mut self.nodes[l];
        let Some(s) = n.rt else { return };
        min_curve(&mut n.deadline, s, now, n.cumul);
        let mut e = n.deadline.expect("just set");
        if s.m1 <= s.m2 {
            e.dx = 0.0;
            e.dy = 0.0;
        }
        n.eligible = Some(e);
        n.e = e.y2x(n.cumul);
        n.d = n.deadline.expect("just set").y2x(n.cumul + len);
    }

    /// Link-sharing: leaf `l` becomes active; so do its ancestors that were not.
    fn init_vf(&mut self, l: usize) {
        let mut go_active = true;
        let mut n = l;
        while let Some(p) = self.nodes[n].parent {
            go_active = go_active && {
                self.nodes[n].nactive += 1;
                self.nodes[n].nactive == 1
            };
            if go_active {
                let max = self.active_children(p).filter(|&s| s != n).map(|s| self.nodes[s].vt).reduce(f64::max);
                match max {
                    Some(mut vt) => {
                        if self.nodes[p].cvtmin != 0.0 {
                            vt = (self.nodes[p].cvtmin + vt) / 2.0;
                        }
                        if self.nodes[p].vtperiod != self.nodes[n].parentperiod || vt > self.nodes[n].vt {
                            self.nodes[n].vt = vt;
                        }
                    }
                    None => {
                        self.nodes[n].vt = self.nodes[p].cvtoff;
                        self.nodes[p].cvtmin = 0.0;
                    }
                }
                let node = &mut self.nodes[n];
                min_curve(&mut node.virtual_curve, node.ls, node.vt, node.total);
                node.vtadj = 0.0;
                node.vtperiod += 1;
                let parent_active = self.nodes[p].nactive > 0;
                let period = self.nodes[p].vtperiod;
                self.nodes[n].parentperiod = if parent_active { period } else { period + 1 };
                self.stamp(n);
            }
            n = p;
        }
    }

    /// After `len` bytes left leaf `l`: w and v of it and its ancestors; those left without an
    /// active child go passive.
    fn update_vf(&mut self, l: usize, len: f64) {
        let mut go_passive = self.nodes[l].queue.is_empty();
        let mut n = l;
        while let Some(p) = self.nodes[n].parent {
            self.nodes[n].total += len;
            if self.nodes[n].nactive > 0 {
                go_passive = go_passive && {
                    self.nodes[n].nactive -= 1;
                    self.nodes[n].nactive == 0
                };
                let node = &self.nodes[n];
                let mut vt = node.virtual_curve.map_or(0.0, |c| c.y2x(node.total)) + node.vtadj;
                let cvtmin = self.nodes[p].cvtmin;
                if vt < cvtmin {
                    self.nodes[n].vtadj += cvtmin - vt;
                    vt = cvtmin;
                }
                self.nodes[n].vt = vt;
                if go_passive {
                    if vt > self.nodes[p].cvtoff {
                        self.nodes[p].cvtoff = vt;
                    }
                } else {
                    self.stamp(n);
                }
            }
            n = p;
        }
    }

    /// The eligible leaf with the least deadline at `now`.
    fn realtime_choice(&self, now: f64) -> Option<usize> {
        (0..self.nodes.len())
            .filter(|&n| {
                let x = &self.nodes[n];
                x.rt.is_some() && !x.queue.is_empty() && x.e <= now
            })
            .min_by(|&a, &b| {
                let (x, y) = (&self.nodes[a], &self.nodes[b]);
                x.d.total_cmp(&y.d).then(x.e.total_cmp(&y.e)).then(a.cmp(&b))
            })
    }

    /// From the root down, the active child with the least v (ties: set earlier); each parent's
    /// cvtmin becomes at least the v chosen.
    fn linksharing_choice(&mut self) -> Option<usize> {
        let mut n = 0;
        while !self.nodes[n].leaf {
            let child = self.active_children(n).min_by(|&a, &b| {
                let (x, y) = (&self.nodes[a], &self.nodes[b]);
                x.vt.total_cmp(&y.vt).then(x.stamp.cmp(&y.stamp))
            })?;
            if self.nodes[n].cvtmin < self.nodes[child].vt {
                self.nodes[n].cvtmin = self.nodes[child].vt;
            }
            n = child;
        }
        Some(n)
    }

    /// The active leaves, by traffic class.
    fn served(&self) -> impl Iterator<Item = usize> + '_ {
        self.leaf_of.iter().flatten().copied().filter(|&n| !self.nodes[n].queue.is_empty())
    }
}

impl Scheduler for Hfsc {
    fn enqueue(&mut self, now: Time, pkt: Packet, v: &mut Verdicts) -> Admission {
        self.asked = self.asked.max(now);
        let l = self.leaf(pkt.class);
        let size = pkt.size as u64;
        let queued: u64 = self.nodes[l].queue.iter().map(|p| p.size as u64).sum();
        let per_queue = self.queue_limit.is_none_or(|b| b.fits(self.nodes[l].queue.len(), queued, size));
        if !per_queue || !self.buffer.fits(self.len, self.bytes, size) {
            v.drop(pkt, DropReason::BufferFull);
            return Admission::Refused;
        }
        let first = self.nodes[l].queue.is_empty();
        self.nodes[l].queue.push_back(pkt);
        self.len += 1;
        self.bytes += size;
        if first {
            self.init_ed(l, now.as_ns() as f64, size as f64);
            self.init_vf(l);
        }
        Admission::Queued { key: self.nodes[l].vt.round() as i64 }
    }

    fn dequeue(&mut self, now: Time, _v: &mut Verdicts) -> Option<Packet> {
        self.asked = self.asked.max(now);
        let t = now.as_ns() as f64;
        let (l, realtime) = match self.realtime_choice(t) {
            Some(l) => (l, true),
            None => (self.linksharing_choice()?, false),
        };
        let pkt = self.nodes[l].queue.pop_front()?;
        let len = pkt.size as f64;
        self.len -= 1;
        self.bytes -= pkt.size as u64;
        self.last_realtime = Some(realtime);
        self.update_vf(l, len);
        let node = &mut self.nodes[l];
        if realtime {
            node.cumul += len;
        }
        if let (Some(next), Some(dl)) = (node.queue.front(), node.deadline) {
            if realtime {
                node.e = node.eligible.map_or(t, |c| c.y2x(node.cumul));
            }
            node.d = dl.y2x(node.cumul + next.size as f64);
        }
        Some(pkt)
    }

    fn len(&self) -> usize {
        self.len
    }

    fn bytes(&self) -> u64 {
        self.bytes
    }

    /// The order `dequeue` would serve if nothing else arrived, the clock moving on by each
    /// packet's transmission at the port's rate: a copy of the scheduler, run to empty.
    fn snapshot(&self, limit: usize, out: &mut QueueView) {
        out.entries.clear();
        let mut copy = self.clone();
        let mut at = self.asked;
        let mut v = Verdicts::default();
        while out.entries.len() < limit {
            let Some(p) = copy.dequeue(at, &mut v) else { break };
            let l = copy.leaf_of[p.class as usize].expect("a served class has its leaf");
            out.entries.push((p.id, copy.nodes[l].vt.round() as i64));
            at += self.bandwidth.tx_time(p.size as u64);
        }
    }

    fn state(&self, out: &mut StateView) {
        out.clear();
        let t = self.asked.as_ns() as f64;
        let leaves: Vec<&Node> = self.served().map(|n| &self.nodes[n]).collect();
        let col = |f: &dyn Fn(&Node) -> f64| leaves.iter().map(|&n| f(n)).collect::<Vec<f64>>();
        out.push(&col(&|n| n.class as f64));
        out.push(&col(&|n| n.vt));
        out.push(&col(&|n| n.total));
        out.push(&col(&|n| n.cumul));
        out.push(&col(&|n| if n.rt.is_some() { (n.e - t).max(0.0) } else { f64::NAN }));
        out.push(&col(&|n| if n.rt.is_some() { (n.d - t).max(0.0) } else { f64::NAN }));
        let groups: Vec<f64> =
            self.group_of.iter().flatten().filter(|&&g| self.nodes[g].nactive > 0).map(|&g| self.nodes[g].vt).collect();
        out.push(&groups);
        out.push(&self.last_realtime.map(|r| vec![if r { 1.0 } else { 0.0 }]).unwrap_or_default());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A line of slope `k` bytes per ns.
    fn line(k: f64) -> Service {
        Service { m1: k, dx: 0.0, dy: 0.0, m2: k }
    }

    /// Leaf classes with (group, link-sharing, real-time) curves; groups' link-sharing curves.
    fn hfsc(classes: &[(usize, Service, Option<Service>)], groups: &[Service]) -> Hfsc {
        let mut all = vec![ClassConfig { group: 0, ls: line(1.0), rt: None }; 256];
        for (c, &(group, ls, rt)) in classes.iter().enumerate() {
            all[c] = ClassConfig { group, ls, rt };
        }
        let cfg = Config { classes: all, groups: groups.to_vec() };
        // 1 B/ns: a 1000 B packet takes 1000 ns.
        Hfsc::new(cfg, (Buffer::Unlimited, None), Bandwidth::BitsPerSec(8_000_000_000))
    }

    fn fill(s: &mut Hfsc, per_class: &[(u8, u64)]) {
        let mut v = Verdicts::default();
        let mut id = 0;
        for &(class, n) in per_class {
            for _ in 0..n {
                s.enqueue(Time::ZERO, Packet::new(id, class as u32, 0, 1000, Time::ZERO).with_class(class), &mut v);
                id += 1;
            }
        }
    }

    // paper item: fsc/h-fsc: a two-level hierarchy shares by its link-sharing curves (3 : 1, then 1 : 1)
    #[test]
    fn link_sharing_splits_level_by_level() {
        // Root -> group 0 (line 3 B/ns) with leaves 0 and 1 (1 B/ns each), group 1 (1 B/ns) with
        // leaf 2. Four 1000 B packets each at t = 0, no real-time curve. v = w / slope: each
        // packet moves its leaf's v by 1000, group 0's by 333.3, group 1's by 1000; all start
        // at 0 (the first active child of a period starts at its parent's cvtoff, 0; the next
        // ones at the greatest active sibling's v, 0). Ties go to the v set earlier.
        //   1: g0 (0, set before g1) -> leaf 0 (0, first)     g0 333, leaf0 1000
        //   2: g1 (0) < g0 (333) -> leaf 2                     g1 1000, leaf2 1000
        //   3: g0 333 -> leaf 1 (0)                             g0 667, leaf1 1000
        //   4: g0 667 -> leaf 0 (1000, set before leaf 1's)    g0 1000, leaf0 2000
        //   5: g1 1000 (set at 2) ties g0 1000 (set at 4) -> leaf 2   g1 2000
        //   6: g0 1000 -> leaf 1 (1000)   7: g0 1333 -> leaf 0   8: g0 1667 -> leaf 1
        //   9: g0 2000 (set at 8) ties g1 2000 (set at 5) -> leaf 2
        // In the first 8, group 0 got 6 (3/4, its 3 : 1), split 3 : 3 between its leaves.
        let mut s = hfsc(&[(0, line(1.0), None), (0, line(1.0), None), (1, line(1.0), None)], &[line(3.0), line(1.0)]);
        fill(&mut s, &[(0, 4), (1, 4), (2, 4)]);
        let mut v = Verdicts::default();
        let mut snap = QueueView::default();
        s.snapshot(9, &mut snap);
        let order: Vec<u8> = (0..9).map(|_| s.dequeue(Time::ZERO, &mut v).unwrap().class).collect();
        assert_eq!(order, vec![0, 2, 1, 0, 2, 1, 0, 1, 2]);
        assert_eq!(s.last_realtime, Some(false));
        // The snapshot (time moving on 1000 ns a packet; no real-time curve, so time does not
        // matter) lists the same order: ids 0-3 leaf 0, 4-7 leaf 1, 8-11 leaf 2.
        let classes: Vec<u64> = snap.entries.iter().map(|e| e.0 / 4).collect();
        assert_eq!(classes, vec![0, 2, 1, 0, 2, 1, 0, 1, 2]);
        // Leaf 0's shown key: its v after each of its packets, 1000, 2000, 3000.
        let keys: Vec<i64> = snap.entries.iter().filter(|e| e.0 < 4).map(|e| e.1).collect();
        assert_eq!(keys, vec![1000, 2000, 3000]);
    }

    // paper item: fsc/h-fsc: a leaf's real-time curve is guaranteed whatever the link-sharing curves say
    #[test]
    fn the_real_time_curve_is_guaranteed() {
        // Leaf 0 (group 0, link-sharing 0.01 B/ns) has a real-time line of 0.25 B/ns; leaf 1
        // (group 1, link-sharing 1 B/ns) none. Ten 1000 B packets each at t = 0; the port asks
        // every 1000 ns. Link-sharing alone would give leaf 0 1% of the link; its real-time
        // curve (linear, so E = D = 0.25 t from (0, 0)) makes it eligible at e = c / 0.25 with
        // deadline d = (c + 1000) / 0.25: e = 0, 4000, 8000 ns for c = 0, 1000, 2000 B.
        //   t = 0: leaf 0 eligible (e = 0): real-time, c = 1000, e = 4000, d = 8000
        //   t = 1000, 2000, 3000: not eligible; link-sharing: g1 (v 0, 1000, 2000) < g0 (v =
        //   1000 / 0.01 = 100 000: its real-time bytes count for link-sharing too) -> leaf 1
        //   t = 4000: leaf 0 (e = 4000) ... and so every 4000 ns.
        // Leaf 0's service by t = 4000 k is (k + 1) x 1000 B >= its curve's 0.25 x 4000 k.
        let rt = line(0.25);
        let mut s = hfsc(&[(0, line(0.01), Some(rt)), (1, line(1.0), None)], &[line(0.01), line(1.0)]);
        fill(&mut s, &[(0, 10), (1, 10)]);
        let mut v = Verdicts::default();
        let mut criteria = Vec::new();
        let order: Vec<u8> = (0..13u64)
            .map(|k| {
                let p = s.dequeue(Time(k * 1000), &mut v).unwrap().class;
                criteria.push(s.last_realtime == Some(true));
                p
            })
            .collect();
        assert_eq!(order, vec![0, 1, 1, 1, 0, 1, 1, 1, 0, 1, 1, 1, 0]);
        assert_eq!(criteria, order.iter().map(|&c| c == 0).collect::<Vec<bool>>());
    }

    #[test]
    fn a_concave_curve_serves_its_burst_then_its_rate() {
        // Leaf 0's real-time curve: 1 B/ns for its first 2000 B (2000 ns), then 0.1 B/ns; concave,
        // so E = D. Anchored at (0, 0): e = D^-1(c), d = D^-1(c + 1000):
        //   t = 0: e 0, d 1000 -> sent; c = 1000: e = 1000, d = 2000 (the state, asked at 0)
        //   t = 1000: e 1000 -> sent; c = 2000: e = 2000, d = 2000 + 1000 / 0.1 = 12 000
        //   t = 2000: e 2000 -> sent; c = 3000: e = 12 000, d = 22 000
        //   t = 3000 ... 11 000: leaf 1 by link-sharing; t = 12 000: leaf 0 again.
        let rt = Service { m1: 1.0, dx: 2000.0, dy: 2000.0, m2: 0.1 };
        let mut s = hfsc(&[(0, line(0.01), Some(rt)), (1, line(1.0), None)], &[line(0.01), line(1.0)]);
        fill(&mut s, &[(0, 10), (1, 10)]);
        let mut v = Verdicts::default();
        assert_eq!(s.dequeue(Time::ZERO, &mut v).unwrap().class, 0);
        let mut st = StateView::default();
        s.state(&mut st);
        assert_eq!(st.field(0), &[0.0, 1.0]);
        assert_eq!(st.field(3), &[1000.0, 0.0]);
        // Leaf 1 has no real-time curve: its eligible time and deadline are none (NaN).
        assert_eq!(st.field(4)[0], 1000.0);
        assert_eq!(st.field(5)[0], 2000.0);
        assert!(st.field(4)[1].is_nan() && st.field(5)[1].is_nan());
        assert!(st.field_is(4, &[1000.0, f64::NAN]) && !st.field_is(4, &[1000.0, -1.0]));
        assert_eq!(st.field(7), &[1.0]);
        let order: Vec<u8> = (1..13u64).map(|k| s.dequeue(Time(k * 1000), &mut v).unwrap().class).collect();
        assert_eq!(order, vec![0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0]);
    }

    #[test]
    fn a_class_back_from_idle_starts_between_its_parents_least_and_greatest() {
        // Group 0 with leaves 0 and 1 (1 B/ns each). Leaf 0 alone sends 3 packets (v 3000),
        // leaving one queued; leaf 1 arrives: its parent has cvtmin 2000 (the greatest v
        // chosen this period, leaf 0's before its third packet) and the greatest active v is
        // 3000: leaf 1 starts at (2000 + 3000) / 2 = 2500, not 0: no credit for its idle time.
        let mut s = hfsc(&[(0, line(1.0), None), (0, line(1.0), None)], &[line(1.0)]);
        fill(&mut s, &[(0, 4)]);
        let mut v = Verdicts::default();
        for _ in 0..3 {
            s.dequeue(Time::ZERO, &mut v);
        }
        s.enqueue(Time::ZERO, Packet::new(9, 1, 0, 1000, Time::ZERO).with_class(1), &mut v);
        let mut st = StateView::default();
        s.state(&mut st);
        assert_eq!(st.field(1), &[3000.0, 2500.0]);
    }
}
