//! The gap between two runs' dequeued packet sets at a port (AIFO, Yu et al., SIGCOMM'21,
//! Sec. 3, Eq. 1): with P(t) and A(t) the packets each run dequeued up to time t,
//!
//!   Delta(t) = (|P(t) \ A(t)| + |A(t) \ P(t)|) / (|P(t)| + |A(t)|)
//!
//! in [0, 1]: 0 when both dequeued the same packets, 1 when they share none; undefined (None)
//! before either dequeued anything. Theorem 2: for AIFO against PIFO at their stationary
//! states, lim Delta(T) = 0.
//!
//! A packet is its id, given in creation order: the same packet in both runs when the traffic
//! is open loop (UDP sources send the same packets at the same times whatever the schedulers
//! do). With closed-loop transports (TCP, DCTCP, pFabric) the senders react to each run's
//! drops and delays, so the sets differ for that reason too and Delta mixes both effects.
//! A packet dequeued twice (preempted, then resumed) counts once, at its first dequeue.

use std::collections::BTreeMap;

use serde::Serialize;

results_type! {
/// The packets dequeued at one port (scenario `metrics.dequeues`): each dequeue's time and
/// packet id, in time order.
#[derive(serde::Deserialize)]
pub struct DequeuesOut {
    pub port: u32,
    pub t_ns: Vec<u64>,
    pub packet: Vec<u64>,
}
}

results_type! {
/// Delta(t) between two runs at a port, at the end of each of equal windows up to `end_ns`.
pub struct GapOut {
    pub port: u32,
    pub t_ns: Vec<u64>,
    /// Delta at each time (None: neither run had dequeued a packet yet).
    pub delta: Vec<Option<f64>>,
    /// At `end_ns`: packets only the first run dequeued, only the second, and in both.
    pub only_first: u64,
    pub only_second: u64,
    pub both: u64,
}
}

/// Delta(t) at `t_ns` (ascending) between the dequeues `a` and `b`.
pub fn delta_at(a: &DequeuesOut, b: &DequeuesOut, t_ns: &[u64]) -> Vec<Option<f64>> {
    sweep(a, b, t_ns).0
}

/// Delta(t) at the end of `windows` equal windows of [0, end_ns], with the final counts.
pub fn gap(a: &DequeuesOut, b: &DequeuesOut, end_ns: u64, windows: u64) -> GapOut {
    let n = windows.max(1);
    let t_ns: Vec<u64> = (1..=n).map(|k| (end_ns as u128 * k as u128 / n as u128) as u64).collect();
    let (delta, (only_first, only_second, both)) = sweep(a, b, &t_ns);
    GapOut { port: a.port, t_ns, delta, only_first, only_second, both }
}

/// [`gap`] on two runs' `dequeues` as JSON text (the page's Compare view, through the wasm
/// binding): the result as JSON, or what is wrong with the input.
#[inline]
pub fn gap_json(a: &str, b: &str, end_ns: u64, windows: u64) -> Result<String, String> {
    let parse = |text: &str, which: &str| {
        serde_json::from_str::<DequeuesOut>(text).map_err(|e| format!("{which}: not a dequeues record: {e}"))
    };
    let (a, b) = (parse(a, "a")?, parse(b, "b")?);
    if a.t_ns.len() != a.packet.len() || b.t_ns.len() != b.packet.len() {
        return Err("a dequeues record needs as many times as packets".into());
    }
    if a.port != b.port {
        return Err(format!("the runs kept different ports ({} and {})", a.port, b.port));
    }
    Ok(serde_json::to_string(&gap(&a, &b, end_ns, windows.min(10_000))).expect("plain data"))
}

/// Merges both logs in time order; at each `t` (ascending) reads Delta over the dequeues at or
/// before t. Returns the values and the final (only a, only b, both) counts.
fn sweep(a: &DequeuesOut, b: &DequeuesOut, t_ns: &[u64]) -> (Vec<Option<f64>>, (u64, u64, u64)) {
    let mut sets = Sets::default();
    let (mut i, mut j) = (0, 0);
    let mut out = Vec::with_capacity(t_ns.len());
    for &t in t_ns {
        while i < a.t_ns.len() && a.t_ns[i] <= t {
            sets.add(a.packet[i], 1);
            i += 1;
        }
        while j < b.t_ns.len() && b.t_ns[j] <= t {
            sets.add(b.packet[j], 2);
            j += 1;
        }
        out.push(sets.delta());
    }
    (out, (sets.only_a, sets.only_b, sets.both))
}

/// Both runs' dequeued sets so far: per packet, bit 1 when the first run dequeued it, bit 2
/// when the second did.
#[derive(Default)]
struct Sets {
    seen: BTreeMap<u64, u8>,
    only_a: u64,
    only_b: u64,
    both: u64,
}

impl Sets {
    fn add(&mut self, id: u64, bit: u8) {
        let s = self.seen.entry(id).or_insert(0);
        if *s & bit != 0 {
            return;
        }
        match (*s, bit) {
            (0, 1) => self.only_a += 1,
            (0, _) => self.only_b += 1,
            (1, _) => {
                self.only_a -= 1;
                self.both += 1;
            }
            _ => {
                self.only_b -= 1;
                self.both += 1;
            }
        }
        *s |= bit;
    }

    /// Eq. 1: the symmetric difference over the sum of the sizes.
    fn delta(&self) -> Option<f64> {
        let sizes = self.only_a + self.only_b + 2 * self.both;
        (sizes > 0).then(|| (self.only_a + self.only_b) as f64 / sizes as f64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn log(v: &[(u64, u64)]) -> DequeuesOut {
        DequeuesOut { port: 3, t_ns: v.iter().map(|x| x.0).collect(), packet: v.iter().map(|x| x.1).collect() }
    }

    #[test]
    fn eq1_by_hand() {
        // P dequeues packets 1, 2, 3, 4 at t = 10, 20, 30, 40; A dequeues 1, 3, 5 at t = 10,
        // 20, 30 and 2 at 50 (a packet dequeued twice counts once: 3 again at 45).
        //  t = 5: nothing yet: undefined.
        //  t = 10: P = {1}, A = {1}: 0 / 2 = 0.
        //  t = 20: P = {1,2}, A = {1,3}: (|{2}| + |{3}|) / 4 = 0.5.
        //  t = 30: P = {1,2,3}, A = {1,3,5}: (1 + 1) / 6 = 1/3.
        //  t = 40: P = {1,2,3,4}, A = {1,3,5}: (2 + 1) / 7 = 3/7.
        //  t = 50: A gains 2: P \ A = {4}, A \ P = {5}: 2 / 8 = 0.25.
        let p = log(&[(10, 1), (20, 2), (30, 3), (40, 4)]);
        let a = log(&[(10, 1), (20, 3), (30, 5), (45, 3), (50, 2)]);
        let d = delta_at(&p, &a, &[5, 10, 20, 30, 40, 50]);
        assert_eq!(d, vec![None, Some(0.0), Some(0.5), Some(1.0 / 3.0), Some(3.0 / 7.0), Some(0.25)]);
        // Symmetric in its two runs.
        assert_eq!(delta_at(&a, &p, &[50]), vec![Some(0.25)]);
        // Over [0, 50] in 5 windows: t = 10, 20, 30, 40, 50; final counts 1 / 1 / 3.
        let g = gap(&p, &a, 50, 5);
        assert_eq!(g.t_ns, vec![10, 20, 30, 40, 50]);
        assert_eq!(g.delta[4], Some(0.25));
        assert_eq!((g.only_first, g.only_second, g.both, g.port), (1, 1, 3, 3));
    }

    #[test]
    fn disjoint_sets_give_one_and_equal_sets_zero() {
        let p = log(&[(1, 1), (2, 2)]);
        let a = log(&[(1, 7), (2, 8)]);
        assert_eq!(delta_at(&p, &a, &[2]), vec![Some(1.0)]);
        assert_eq!(delta_at(&p, &p, &[2]), vec![Some(0.0)]);
    }
}
