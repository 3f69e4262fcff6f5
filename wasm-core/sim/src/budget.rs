//! The work budget of a run (issue 42), estimated from the checked scenario before anything is
//! built: what the run will do (packets x hops, each source's packets at its real rate,
//! ON-OFF's one packet per ON period at least, scheduler cost per packet) and what it will hold
//! (scheduler state per port x ports, packets its buffers can hold, trace and metric bins).
//! Validation refuses a scenario whose budget passes its `Limits` (the page's: what a browser
//! tab can do; the CLI's: a machine's), naming the part that costs most; the page shows the
//! estimate before Run, the CLI prints it and asks for `--yes` past an hour.
//!
//! The figures are upper bounds by construction where that is cheap (a packet is charged the
//! most expensive scheduler of the run at every hop; a buffer is charged full of the smallest
//! packets) and calibrated against measured runs for the per-event cost (`NS_PER_HOP`, see
//! `sched-cli bench` and the figures in sim/tests/budget.rs).

use std::collections::BTreeMap;

use crate::params::Context;
use crate::scenario::{Scenario, Traffic};
use crate::sched::registry::Cost;
use crate::units::Buffer;

/// Native CPU per packet per hop (depart, arrive, enqueue, dequeue and their trace events) with
/// a FIFO: the engine's measured cost is 60-120 ns per event on the bench machine, about four
/// events a hop; 600 ns leaves room for slower machines. The page's wasm is about 1.5x slower
/// (`bench` prints the ratio), which `Limits::cpu_ns` allows for.
pub const NS_PER_HOP: u64 = 600;
/// Per packet created and delivered (source timer, metrics, delivery).
pub const NS_PER_PACKET: u64 = 800;
/// A packet queued or in flight (the packet, its queue slot and event; `Packet` is 56 B).
pub const PACKET_BYTES: u64 = 160;
/// A port and its FIFO (counters, views, queue head).
pub const PORT_BYTES: u64 = 1_024;
/// A kept trace event, as the page holds it (measured by scripts/bench-budget.mjs: 140 B per
/// kept event on the ON-OFF case, wasm memory and the columns copied out): the core's
/// `TraceEvent` (40 B) in a vector at up to twice its length, and while it grows the old
/// buffer beside it (120 B); the columns the binding builds from it in wasm (about 30 B: time
/// and value 8 B, packet, flow and location 4 B, kind and role 1 B) and the page's copies of
/// them (30 B); and their share of the playback index (about 10 B).
pub const TRACE_EVENT_BYTES: u64 = 192;
/// Trace events the page keeps whatever the scenario asks (web/src/sim/client.ts,
/// DEFAULT_MAX_TRACE_EVENTS): a run keeps at most the larger of it and the scenario's.
pub const PAGE_TRACE_EVENTS: u64 = 2_000_000;
/// The smallest packet a buffer is charged as holding.
const SMALLEST_PACKET: u64 = 64;

/// The estimate, and the part of the scenario that costs most.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Budget {
    /// Packets the sources create (ACKs included).
    pub packets: u64,
    /// Packets x links crossed.
    pub packet_hops: u64,
    /// Native CPU time, ns.
    pub cpu_ns: u64,
    /// Peak memory, bytes.
    pub memory_bytes: u64,
    /// The field that costs most CPU ("traffic[3]") and most memory.
    pub cpu_by: String,
    pub memory_by: String,
}

impl Budget {
    /// The estimate as JSON, with its sentence (`describe`) for the page.
    pub fn to_json(&self) -> String {
        // Written into the object's text, not through a `serde_json::Value` (whose map and
        // printer would be in the page's first module only for this).
        let mut json = serde_json::to_string(self).expect("plain data");
        json.pop();
        let describe = serde_json::to_string(&self.describe()).expect("a string");
        json + ",\"describe\":" + &describe + "}"
    }

    /// "about 40 s, 1.2 GB".
    pub fn describe(&self) -> String {
        let about = |x: String| if x.starts_with("under") { x } else { format!("about {x}") };
        format!("{} of CPU, {}", about(seconds(self.cpu_ns)), about(bytes(self.memory_bytes)))
    }
}

/// A CPU time for people: "40 s", "12 min", "3.5 h".
pub fn seconds(ns: u64) -> String {
    const S: u64 = 1_000_000_000;
    match ns {
        ns if ns < S => "under 1 s".into(),
        ns if ns < 120 * S => format!("{} s", rounded(ns, S)),
        ns if ns < 7200 * S => format!("{} min", rounded(ns, 60 * S)),
        ns => tenths(ns, 3600 * S, "h"),
    }
}

/// A size for people: "350 MB", "1.2 GB".
pub fn bytes(b: u64) -> String {
    const MB: u64 = 1_000_000;
    match b {
        b if b < MB => "under 1 MB".into(),
        b if b < 1000 * MB => format!("{} MB", rounded(b, MB)),
        b => tenths(b, 1000 * MB, "GB"),
    }
}

/// `x / unit` to the nearest whole number, halves to even (as `{:.0}` rounds a float). In
/// integers: the page's first wasm module then holds no fixed-precision float formatting.
fn rounded(x: u64, unit: u64) -> u64 {
    let (q, r) = (x / unit, x % unit);
    let up = match (r * 2).cmp(&unit) {
        std::cmp::Ordering::Less => false,
        std::cmp::Ordering::Equal => q % 2 == 1,
        std::cmp::Ordering::Greater => true,
    };
    q + up as u64
}

/// `x / unit` with one decimal ("3.5 h"), rounded as [`rounded`].
fn tenths(x: u64, unit: u64, suffix: &str) -> String {
    let t = rounded(x, unit / 10);
    format!("{}.{} {suffix}", t / 10, t % 10)
}

/// Hop counts between nodes: breadth-first search from a source, cached; past `MAX_SEARCHES`
/// sources, twice the eccentricity of the first node (d(a, b) <= d(a, x) + d(x, b)).
struct Hops<'a> {
    index: BTreeMap<&'a str, usize>,
    adjacent: Vec<Vec<usize>>,
    from: BTreeMap<usize, Vec<u32>>,
    bound: Option<u64>,
}

const MAX_SEARCHES: usize = 64;

impl<'a> Hops<'a> {
    fn new(s: &'a Scenario) -> Hops<'a> {
        let mut index = BTreeMap::new();
        for (i, n) in s.topology.nodes.iter().enumerate() {
            index.insert(n.id.as_str(), i);
        }
        let mut adjacent = vec![Vec::new(); s.topology.nodes.len()];
        for l in &s.topology.links {
            if let (Some(&a), Some(&b)) = (index.get(l.from.as_str()), index.get(l.to.as_str())) {
                adjacent[a].push(b);
                adjacent[b].push(a);
            }
        }
        Hops { index, adjacent, from: BTreeMap::new(), bound: None }
    }

    fn search(&self, a: usize) -> Vec<u32> {
        let mut d = vec![u32::MAX; self.adjacent.len()];
        let mut queue = std::collections::VecDeque::from([a]);
        d[a] = 0;
        while let Some(v) = queue.pop_front() {
            for &w in &self.adjacent[v] {
                if d[w] == u32::MAX {
                    d[w] = d[v] + 1;
                    queue.push_back(w);
                }
            }
        }
        d
    }

    fn diameter_bound(&mut self) -> u64 {
        if self.bound.is_none() {
            // A network without nodes (`"topology": {}`: found by the fuzzer) has no path at all.
            let ecc = match self.adjacent.is_empty() {
                true => 0,
                false => self.search(0).into_iter().filter(|&d| d != u32::MAX).max().unwrap_or(0),
            };
            self.bound = Some((2 * ecc as u64).max(1));
        }
        self.bound.expect("set")
    }

    /// Links from `a` to `b` on a shortest path (an upper bound past the cache).
    fn between(&mut self, a: &str, b: &str) -> u64 {
        let (Some(&a), Some(&b)) = (self.index.get(a), self.index.get(b)) else { return 1 };
        if !self.from.contains_key(&a) {
            if self.from.len() >= MAX_SEARCHES {
                return self.diameter_bound();
            }
            let d = self.search(a);
            self.from.insert(a, d);
        }
        match self.from[&a][b] {
            u32::MAX => 1,
            h => h as u64,
        }
    }
}

/// The budget of checked scenario `s`, whose sources create `packets[i]` packets each (ACKs
/// included; validation counts them).
pub fn estimate(s: &Scenario, packets: &[u128]) -> Budget {
    let mut hops = Hops::new(s);
    let flows: Vec<String> = s.traffic.iter().map(|t| t.id().to_string()).collect();
    // Scheduler costs, once per field that chooses a spec.
    let mut costs: BTreeMap<String, Cost> = BTreeMap::new();
    let (mut worst, mut state, mut buffered) = (1u64, 0u64, 0u64);
    let (mut state_by, mut most_state) = (String::new(), 0u64);
    for (li, l) in s.topology.links.iter().enumerate() {
        for from in [&l.from, &l.to] {
            let (spec, chosen_by) = s.port_choice_refs_at(li, hops.index.get(from.as_str()).copied()).swap_remove(0);
            // One spec per field that chooses it (not its text per port: a 1 MB spec on 500
            // ports was 500 MB of JSON written before a refusal).
            let cost = match costs.get(&chosen_by) {
                Some(&c) => c,
                None => *costs.entry(chosen_by.clone()).or_insert(spec_cost(&spec, Context { flows: &flows })),
            };
            worst = worst.max(cost.per_packet);
            state = state.saturating_add(PORT_BYTES + cost.state_bytes);
            if cost.state_bytes > most_state {
                (most_state, state_by) = (cost.state_bytes, chosen_by);
            }
            let held = match l.buffer.map(|b| b.0) {
                Some(Buffer::Packets(n)) => n,
                Some(Buffer::Bytes(b)) => b / SMALLEST_PACKET,
                Some(Buffer::Unlimited) | None => u64::MAX,
            };
            buffered = buffered.saturating_add(held);
        }
    }
    let (mut total, mut packet_hops, mut cpu) = (0u64, 0u64, 0u64);
    let (mut cpu_by, mut most_cpu) = (String::new(), 0u64);
    let bound = hops.diameter_bound();
    for (i, tr) in s.traffic.iter().enumerate() {
        let n = u64::try_from(packets.get(i).copied().unwrap_or(0)).unwrap_or(u64::MAX);
        let h = match (tr, tr.endpoints()) {
            (_, Some((_, _, Some(path)))) => path.len() as u64 - 1,
            (_, Some((src, dst, None))) => hops.between(src, dst),
            (Traffic::FlowList(l), _) if !l.paths.is_empty() => {
                l.paths.iter().map(|p| p.len() as u64 - 1).max().unwrap_or(1).max(bound)
            }
            _ => bound,
        };
        let ph = n.saturating_mul(h);
        let c = ph.saturating_mul(NS_PER_HOP.saturating_mul(worst)).saturating_add(n.saturating_mul(NS_PER_PACKET));
        if c > most_cpu {
            (most_cpu, cpu_by) = (c, format!("traffic[{i}]"));
        }
        (total, packet_hops, cpu) = (total.saturating_add(n), packet_hops.saturating_add(ph), cpu.saturating_add(c));
    }
    let queued = buffered.min(total).saturating_mul(PACKET_BYTES);
    let asked = s.trace.max_events.unwrap_or(crate::run::DEFAULT_TRACE_EVENTS).max(PAGE_TRACE_EVENTS);
    let kept = asked.min(packet_hops.saturating_mul(4));
    let trace = kept.saturating_mul(TRACE_EVENT_BYTES);
    let flow_state = (flows.len() as u64).saturating_mul(2_048);
    let metric_bins = middlebox_bins(s);
    let memory = [state, queued, trace, flow_state, metric_bins].into_iter().fold(0u64, u64::saturating_add);
    let memory_by = [
        (state, state_by),
        (queued, "topology.links".into()),
        (trace, "trace.max_events".into()),
        (flow_state, "traffic".into()),
        (metric_bins, "metrics.window".into()),
    ]
    .into_iter()
    .max_by_key(|(b, _)| *b)
    .map(|(_, by)| by)
    .unwrap_or_default();
    Budget { packets: total, packet_hops, cpu_ns: cpu, memory_bytes: memory, cpu_by, memory_by }
}

/// What a port's scheduler (and its children) cost; a spec that does not check costs FIFO's
/// (validation reports its error).
fn spec_cost(spec: &crate::scenario::SchedulerSpec, ctx: Context<'_>) -> Cost {
    let own = crate::sched::registry::lookup(&spec.name)
        .and_then(|info| {
            crate::params::check(info.name, info.params, &spec.params, ctx).ok().map(|p| (info.traits.cost)(&p))
        })
        .unwrap_or(Cost::BASE);
    spec.children.iter().fold(own, |acc, c| {
        let c = spec_cost(c, ctx);
        Cost {
            per_packet: acc.per_packet.saturating_add(c.per_packet),
            state_bytes: acc.state_bytes.saturating_add(c.state_bytes),
        }
    })
}

/// A middlebox keeps three series of bins and two per flow (CPU and link time).
fn middlebox_bins(s: &Scenario) -> u64 {
    let boxes = s.topology.nodes.iter().filter(|n| n.middlebox.is_some()).count() as u64;
    if boxes == 0 {
        return 0;
    }
    let bins = match s.metrics.window {
        Some(w) => s.duration.0.as_ns().div_ceil(w.0.as_ns().max(1)),
        None => crate::run::THROUGHPUT_BINS as u64,
    };
    boxes.saturating_mul(3 + 2 * s.traffic.len() as u64).saturating_mul(bins).saturating_mul(8)
}

#[cfg(test)]
mod tests {
    use super::{bytes, seconds};

    /// Whole units and tenths, halves to even as `{:.0}`/`{:.1}` round (hand-computed).
    #[test]
    fn rounding_for_people() {
        assert_eq!(seconds(999_999_999), "under 1 s");
        assert_eq!(seconds(2_500_000_000), "2 s"); // 2.5 s: to even
        assert_eq!(seconds(3_500_000_000), "4 s");
        assert_eq!(seconds(119_600_000_000), "120 s");
        assert_eq!(seconds(150_000_000_000), "2 min"); // 2.5 min: to even
        assert_eq!(seconds(5_400_000_000_000), "90 min");
        assert_eq!(seconds(8_100_000_000_000), "2.2 h"); // 2.25 h: to even
        assert_eq!(seconds(9_000_000_000_000), "2.5 h");
        assert_eq!(bytes(999_999), "under 1 MB");
        assert_eq!(bytes(350_400_000), "350 MB");
        assert_eq!(bytes(1_250_000_000), "1.2 GB"); // 1.25 GB: to even
        assert_eq!(bytes(1_260_000_000), "1.3 GB");
    }
}
