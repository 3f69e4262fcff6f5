//! The MR-tradeoff paper's fluid schedule in O(log n) per event (Sec. 5.3), n the number of
//! flows backlogged in the fluid. By Theorem 3 every flow gets alpha d_bar except at most two,
//! the first and the last in order (23), which may get a bonus (`fluid::split`). Those two
//! ("favoured", Sec. 5.3.2) are tracked directly as in Sec. 5.2: their dominant share d_i and
//! the remaining dominant time R_i of their head. The others ("regular", Sec. 5.3.3) share one
//! virtual clock V with V' = alpha d_bar (Eq. 27); a regular flow's head finishes when V
//! reaches its finish tag F_i = V + tau*(head) (Eq. 28), and the tags sit in an ordered set,
//! so the next regular finish is its least tag. A flow that changes side converts
//! F_i = V + R_i (Eq. 30) or R_i = F_i - V (Eq. 31) (Sec. 5.3.4).
//!
//! Per event (a head finishing or a flow arriving) the work is O(log n): the per-resource sums
//! of the normalised head times are kept incrementally (d_bar = 1 / max of them, Eq. 16), the
//! heads sit in an ordered set by order (23) (the paper's min-max heap: the first and last
//! are its ends), Theorem 3 needs only the sums and those two ends, and only the flows whose
//! head changed, and the at most two that change side, touch the ordered sets. A
//! `BTreeSet` stands in for the paper's heaps (same bounds, deletion by key needs no index).
//!
//! It computes the same fluid as the direct O(n) version (`fluid_direct`; `mr_tradeoff`'s
//! tests compare the two and benchmark both): the same start order, times within rounding.
//! Not bit for bit: the incremental sums and V round differently from summing the heads
//! afresh and decrementing each R_i (when a regular head sets the step, V takes its tag
//! exactly). `mr_tradeoff` runs on this one; tests/mr_fluid_accuracy.rs measures how far
//! both stray from the exact rational fluid. `advance` also runs the events within
//! `fluid::SNAP_NS` after its end, which may be that whole ns computed a hair late.
//!
//! Ties: flows finishing at one event start their next heads in flow-id order, and ties in
//! order (23) go to the lower flow id, as in `fluid::allocate`.

use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet, VecDeque};

use crate::sched::multi::fluid::{FluidSystem, normalise, split, SNAP_NS};

/// An f64 ordered by `total_cmp` (keys of the ordered sets).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Key(f64);

impl Eq for Key {}

impl PartialOrd for Key {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

impl Ord for Key {
    fn cmp(&self, o: &Self) -> Ordering {
        self.0.total_cmp(&o.0)
    }
}

/// Position in order (23) ascending (most link-heavy first), exact: a normalised time has one
/// component exactly 1, so comparing tau_0 / tau_1 as cross products (as `fluid::allocate`
/// does) is comparing tau_0 among link-dominant heads (<x, 1>), minus tau_1 among CPU-dominant
/// ones (<1, y>, y < 1), and every link-dominant head before every CPU-dominant one.
fn order_key(t: [f64; 2]) -> (bool, Key) {
    if t[1] >= 1.0 {
        (false, Key(t[0]))
    } else {
        (true, Key(-t[1]))
    }
}

#[derive(Clone, Copy, Debug)]
enum Track {
    /// Tracked directly: remaining dominant time of the head and dominant share.
    Direct { r: f64, d: f64 },
    /// On the virtual clock: the head finishes when V reaches `f`.
    Virtual { f: f64 },
}

#[derive(Clone, Debug)]
struct Flow {
    /// Processing times of its packets not finished in the fluid (front: the head).
    q: VecDeque<[f64; 2]>,
    /// The head's normalised times.
    norm: [f64; 2],
    track: Track,
}

/// The fluid reference system, O(log n) per event.
#[derive(Clone, Debug, Default)]
pub struct VtFluid {
    alpha: f64,
    /// Fluid time, ns.
    pub t: f64,
    /// Virtual time (dominant ns served to each regular flow), Eq. 27.
    v: f64,
    flows: BTreeMap<u32, Flow>,
    /// Heads in order (23) ascending.
    order: BTreeSet<((bool, Key), u32)>,
    /// Finish tags of the regular flows.
    tags: BTreeSet<(Key, u32)>,
    /// Sums of the heads' normalised times per resource.
    sum: [f64; 2],
    /// alpha d_bar: every regular flow's dominant share.
    base: f64,
    /// The flows tracked directly (the first and last in order (23)).
    favoured: Vec<u32>,
    /// Flows whose packets started in the fluid, in start order (one entry per packet).
    pub started: VecDeque<u32>,
}

/// A head counts as finished when what remains is within rounding of zero.
fn tolerance(head: [f64; 2]) -> f64 {
    1e-9 * head[0].max(head[1]).max(1.0)
}

impl VtFluid {
    pub fn new(alpha: f64) -> VtFluid {
        VtFluid { alpha, ..VtFluid::default() }
    }

    /// Dominant share of each backlogged flow, in flow-id order (for display; O(n)).
    pub fn shares(&self) -> Vec<f64> {
        self.flows
            .values()
            .map(|f| match f.track {
                Track::Direct { d, .. } => d,
                Track::Virtual { .. } => self.base,
            })
            .collect()
    }

    /// A copy holding at most `limit` packets per flow (for replaying ahead).
    pub fn truncated(&self, limit: usize) -> VtFluid {
        let mut c = self.clone();
        for f in c.flows.values_mut() {
            f.q.truncate(limit.max(1));
        }
        c
    }

    /// Time until the next head finishes in the fluid, and whether a regular flow sets it.
    fn next(&self) -> Option<(f64, bool)> {
        let mut best: Option<(f64, bool)> = None;
        for f in &self.favoured {
            if let Track::Direct { r, d } = self.flows[f].track {
                if d > 0.0 && best.is_none_or(|(b, _)| r / d < b) {
                    best = Some((r / d, false));
                }
            }
        }
        if self.base > 0.0 {
            if let Some((Key(f), _)) = self.tags.first() {
                let s = (f - self.v) / self.base;
                if best.is_none_or(|(b, _)| s <= b) {
                    best = Some((s, true));
                }
            }
        }
        best
    }

    /// Serves `dt` with no event in between.
    fn serve(&mut self, dt: f64) {
        self.v += self.base * dt;
        for f in &self.favoured {
            if let Some(Flow { track: Track::Direct { r, d }, .. }) = self.flows.get_mut(f) {
                *r = (*r - *d * dt).max(0.0);
            }
        }
    }

    /// An empty fluid restarts its sums and clock (no rounding carried over).
    fn clear_clock(&mut self) {
        self.sum = [0.0, 0.0];
        self.v = 0.0;
        self.base = 0.0;
        self.favoured.clear();
    }

    fn add_head(&mut self, flow: u32, norm: [f64; 2]) {
        self.sum[0] += norm[0];
        self.sum[1] += norm[1];
        self.order.insert((order_key(norm), flow));
    }

    fn remove_head(&mut self, flow: u32, norm: [f64; 2]) {
        self.sum[0] -= norm[0];
        self.sum[1] -= norm[1];
        self.order.remove(&(order_key(norm), flow));
    }

    /// The head of `flow` (tracked directly, off the tag set) finished: the next packet
    /// becomes its head with its whole dominant time left, or the flow leaves.
    fn pop_head(&mut self, flow: u32) {
        let f = self.flows.get_mut(&flow).expect("a backlogged flow");
        let old = f.norm;
        f.q.pop_front();
        let next = f.q.front().copied();
        self.remove_head(flow, old);
        match next {
            Some(tau) => {
                let norm = normalise(tau);
                let f = self.flows.get_mut(&flow).expect("a backlogged flow");
                f.norm = norm;
                f.track = Track::Direct { r: tau[0].max(tau[1]), d: 0.0 };
                self.add_head(flow, norm);
            }
            None => {
                self.flows.remove(&flow);
                self.favoured.retain(|&g| g != flow);
            }
        }
    }

    /// After heads changed (`changed`: flows with a new head, tracked directly): Theorem 3
    /// from the sums and the ends of order (23), then the side changes (Eqs. 30, 31).
    fn reclassify(&mut self, changed: &[u32]) {
        if self.flows.is_empty() {
            self.clear_clock();
            return;
        }
        let lo = self.order.first().expect("a backlogged flow").1;
        let hi_key = self.order.last().expect("a backlogged flow").0;
        // The first flow in order (23): the heaviest key, ties to the lower id.
        let hi = self.order.range((hi_key, 0)..).next().expect("the last key is present").1;
        let (base, bonus_hi, bonus_lo) = split(self.sum, self.flows[&hi].norm, self.flows[&lo].norm, self.alpha);
        // Flows leaving the direct side go onto the virtual clock at the old V.
        let now: Vec<u32> = if hi == lo { vec![hi] } else { vec![hi, lo] };
        let old = std::mem::replace(&mut self.favoured, now.clone());
        for &f in old.iter().chain(changed) {
            if now.contains(&f) {
                continue;
            }
            if let Some(flow) = self.flows.get_mut(&f) {
                if let Track::Direct { r, .. } = flow.track {
                    let tag = self.v + r;
                    flow.track = Track::Virtual { f: tag };
                    self.tags.insert((Key(tag), f));
                }
            }
        }
        for &f in &now {
            let flow = self.flows.get_mut(&f).expect("a favoured flow is backlogged");
            let r = match flow.track {
                Track::Direct { r, .. } => r,
                Track::Virtual { f: tag } => {
                    self.tags.remove(&(Key(tag), f));
                    (tag - self.v).max(0.0)
                }
            };
            let d = if f == hi { base + bonus_hi } else { base + bonus_lo };
            flow.track = Track::Direct { r, d };
        }
        self.base = base;
    }
}

impl FluidSystem for VtFluid {
    /// The fair share d_bar of the flows backlogged in the fluid (Eq. 16).
    fn fair(&self) -> f64 {
        let m = self.sum[0].max(self.sum[1]);
        if self.flows.is_empty() || m <= 0.0 {
            0.0
        } else {
            1.0 / m
        }
    }

    /// Whether `flow` has a packet not finished in the fluid.
    fn is_backlogged(&self, flow: u32) -> bool {
        self.flows.contains_key(&flow)
    }

    /// Time until the next head finishes in the fluid.
    fn step(&self) -> Option<f64> {
        self.next().map(|(s, _)| s)
    }

    /// Runs the fluid to time `to`, and through the events within `SNAP_NS` after it (they
    /// may be a whole ns `to` computed a hair late; the clock then stays at the last one).
    fn advance(&mut self, to: f64) {
        while !self.flows.is_empty() {
            let Some((step, regular)) = self.next().filter(|&(s, _)| self.t + s <= to + SNAP_NS) else {
                if to > self.t {
                    self.serve(to - self.t);
                    self.t = to;
                }
                return;
            };
            self.t += step;
            let mut done = Vec::new();
            // Favoured flows: the one that set the step, and any within rounding of it.
            for &f in &self.favoured {
                let flow = self.flows.get_mut(&f).expect("a favoured flow is backlogged");
                if let Track::Direct { r, d } = &mut flow.track {
                    let left = *r - *d * step;
                    if *d > 0.0 && left <= tolerance(flow.q[0]) {
                        done.push(f);
                    } else {
                        *r = left.max(0.0);
                    }
                }
            }
            // Regular flows: V moves on; when a tag set the step, V is that tag exactly.
            self.v = match (regular, self.tags.first()) {
                (true, Some(&(Key(f), _))) => f,
                _ => self.v + self.base * step,
            };
            while let Some(&(Key(f), id)) = self.tags.first() {
                if f - self.v > tolerance(self.flows[&id].q[0]) {
                    break;
                }
                self.tags.pop_first();
                // Tracked directly from here until reclassified.
                self.flows.get_mut(&id).expect("a tagged flow").track = Track::Direct { r: 0.0, d: 0.0 };
                done.push(id);
            }
            done.sort_unstable();
            let mut changed = Vec::with_capacity(done.len());
            for f in done {
                self.pop_head(f);
                if self.flows.contains_key(&f) {
                    self.started.push_back(f);
                    changed.push(f);
                }
            }
            self.reclassify(&changed);
        }
        if self.flows.is_empty() {
            self.clear_clock();
        }
        self.t = self.t.max(to);
    }

    /// A packet needing `tau` arrives for `flow` now (after `advance`).
    fn arrive(&mut self, flow: u32, tau: [f64; 2]) {
        if let Some(f) = self.flows.get_mut(&flow) {
            f.q.push_back(tau);
            return;
        }
        let norm = normalise(tau);
        let r = tau[0].max(tau[1]);
        self.flows.insert(flow, Flow { q: VecDeque::from([tau]), norm, track: Track::Direct { r, d: 0.0 } });
        self.add_head(flow, norm);
        self.started.push_back(flow);
        self.reclassify(&[flow]);
    }

    fn now(&self) -> f64 {
        self.t
    }

    fn pop_start(&mut self) -> Option<u32> {
        self.started.pop_front()
    }
}
