//! Schedule record and replay (UPS, Mittal et al., NSDI'16, Sec. 2.1 and 2.3).
//!
//! A run's schedule is recorded from its trace (`record`); the replay injects exactly those
//! packets open-loop at i(p) at the same first router, along the same path, with every router
//! running the scheduler under test and the header initialised at the ingress from the
//! record (`scenario::Mode`):
//! - `lstf`: slack(p) = o(p) - i(p) - t_min(p, ingress, egress) (Sec. 2.2), in whole
//!   nanoseconds or rounded down to a `slack_unit` (Sec. 5's granularity check);
//! - `edf`: deadline o(p), per-router priority o(p) - t_min(p, a, egress) + T(p, a) (App. A.5);
//! - `priority`: simple priorities with priority = o(p), the paper's "most intuitive" choice
//!   (Sec. 2.3), or the order a replay entry gives (Fig. 9 enumerates them);
//! - `priority_a6`: simple priorities o(p) - t_min(p, a_p, egress) + T(p, a_p), a_p the
//!   packet's congestion point in the original (App. A.6; `table::a6_hop`);
//! - `omniscient`: the per-hop vector of original scheduling times o(p, a), used as the
//!   priority at each hop (App. A.2: no packet is overdue).
//!
//! Every mode runs preemptive-resume or not (the theorems of App. A are about preemptive
//! replays of non-preemptive originals; Table 1 replays non-preemptively): LSTF, EDF and the
//! priorities with their `preemption` toggle.
//!
//! Packets the original dropped are left out and counted; so are packets still in the network
//! when it ended. The replay runs for twice the scenario's duration, so late packets can
//! finish; one that does not is overdue. With `replay.end: original` it ends with the
//! original's duration instead and a packet it has not delivered is not counted overdue (the
//! UPS authors' scripts).

pub mod report;
pub mod table;

use std::collections::BTreeMap;

use crate::engine::Engine;
use crate::metrics::Metrics;
use crate::network::Network;
use crate::packet::Packet;
use crate::record::{Recorded, Schedule};
use crate::results::replay::ReplayReport;
use crate::results::replay::ScheduleTable;
use crate::run::{conclude, RunOutput, THROUGHPUT_BINS};
use crate::scenario::{Mode, NodeKind, Replay, ReplayEnd, Scenario, ScenarioError, SchedulerSpec};
use crate::time::Time;
use crate::trace::TraceRecorder;

/// The scheduler every router runs in a replay.
fn scheduler(r: &Replay) -> SchedulerSpec {
    let name = match r.mode {
        Mode::Lstf => "lstf",
        Mode::Edf => "edf",
        Mode::Priority | Mode::PriorityA6 | Mode::Omniscient => "priority",
    };
    let mut params = BTreeMap::new();
    if r.preemptive {
        params.insert("preemption".to_string(), serde_json::Value::from("on"));
    }
    SchedulerSpec { name: name.into(), params, children: Vec::new() }
}

/// A slack written in whole `unit`s (ns), rounded down (towards an earlier deadline); as is
/// without a unit (UPS Sec. 5: "slack values assigned at a granularity of microseconds").
pub fn coarse(slack: i64, unit: Option<u64>) -> i64 {
    match unit {
        Some(u) if u > 1 => slack.div_euclid(u as i64) * u as i64,
        _ => slack,
    }
}

/// A packet's name in the paper's tables: its id in a scripted schedule, else its number.
fn namer(s: &Scenario) -> impl Fn(u64) -> String {
    let names: Vec<String> = match crate::script::resolve(s) {
        Ok(Some(timed)) => timed.into_iter().map(|p| p.name).collect(),
        _ => Vec::new(),
    };
    move |id| names.get(id as usize).cloned().unwrap_or_else(|| id.to_string())
}

fn unit_ns(s: &Scenario) -> u64 {
    s.schedule.as_ref().and_then(|sc| sc.unit).map_or(crate::script::DEFAULT_UNIT, |u| u.0).as_ns()
}

/// The schedule an original recorded (`Engine::record_schedule`).
fn recorded(original: &RunOutput) -> &Schedule {
    original.schedule.as_ref().expect("the original recorded its schedule")
}

/// The schedule of a finished original as the paper tabulates it.
pub fn original_table(s: &Scenario, original: &RunOutput, net: &Network) -> ScheduleTable {
    let schedule = recorded(original);
    let packets: Vec<&Recorded> = schedule.packets.iter().collect();
    let points = table::congestion_points(&packets, net);
    let times: Vec<Option<&Recorded>> = packets.iter().map(|&p| Some(p)).collect();
    table::table(unit_ns(s), net, &packets, &points, &times, &namer(s))
}

/// A replay under way: built by [`start`], advanced in chunks (progress for the page), ended
/// by [`Pending::finish`].
pub struct Pending {
    r: Replay,
    alt: Scenario,
    seed: u32,
    engine: Engine,
    /// Replay id -> index of the packet in the original's schedule.
    order: Vec<usize>,
    /// Per replayed packet, its congestion points (kept only for a schedule small enough to
    /// tabulate).
    points: Option<Vec<Vec<bool>>>,
}

/// The original's packets in replay order: by i(p), then id.
fn replay_order(schedule: &Schedule) -> Vec<usize> {
    crate::order::stable_order(schedule.packets.iter().map(|p| [p.ingress_time(), p.id, 0]))
}

/// Builds the replay of the schedule `original` recorded with `r`: every packet injected at
/// i(p) at its first router, its header set by the mode. The replay's trace keeps its first
/// `views` events (with their view records: queue order, state), for the page.
pub fn start(s: &Scenario, original: &RunOutput, r: &Replay, views: u64) -> Result<Pending, ScenarioError> {
    let seed = original.summary.seed;
    let schedule = recorded(original);
    let idx = replay_order(schedule);
    let order: Vec<&Recorded> = idx.iter().map(|&i| &schedule.packets[i]).collect();

    let mut alt = s.clone();
    alt.traffic.clear();
    alt.checks.clear();
    alt.replay = None;
    alt.schedule = None;
    alt.default_scheduler = Some(scheduler(r));
    alt.node_schedulers.clear();
    for n in &mut alt.topology.nodes {
        if n.kind == NodeKind::Router {
            n.scheduler = None;
        }
    }
    for l in &mut alt.topology.links {
        l.schedulers.clear();
    }
    let mut net = Network::build(&alt, seed)?;
    net.flows = original.flows.clone();
    for f in &mut net.flows {
        f.path = None;
    }
    let mut paths: BTreeMap<u32, Vec<u32>> = BTreeMap::new();
    for p in &order {
        let ports: Vec<u32> = p.hops.iter().map(|h| h.port).collect();
        match paths.get(&p.flow) {
            Some(known) => debug_assert_eq!(known, &ports, "a flow keeps one path"),
            None => {
                let idx = net.add_path(ports.clone());
                net.flows[p.flow as usize].path = Some(idx);
                paths.insert(p.flow, ports);
            }
        }
    }
    if r.mode == Mode::Omniscient {
        net.hop_ranks = Some(order.iter().map(|p| p.hops.iter().map(|h| h.start as i64).collect()).collect());
    }
    let a6 = r.mode == Mode::PriorityA6;
    let tabulated = order.len() <= table::TABLE_PACKETS;
    let points = (a6 || tabulated).then(|| table::congestion_points(&order, &net));
    let name = namer(s);
    let end = match s.replay.as_ref().map(|r| r.end).unwrap_or_default() {
        ReplayEnd::Double => s.duration.0 + s.duration.0,
        ReplayEnd::Original => s.duration.0,
    };
    let flows = net.flows.len();
    let metrics = Metrics::new(net.ports.len(), flows, end.as_ns(), THROUGHPUT_BINS, 0);
    let mut engine = Engine::new(net, end, TraceRecorder::new(views, views), metrics);
    engine.record_schedule(false);
    let mut injections = Vec::with_capacity(order.len());
    for (rid, p) in order.iter().enumerate() {
        let info = &engine.net.flows[p.flow as usize];
        let (i, o) = (Time(p.ingress_time()), Time(p.exit_time()));
        let mut pkt = Packet::new(rid as u64, p.flow, 0, p.size, i);
        pkt.hops = 1;
        (pkt.class, pkt.source) = (info.class, info.source);
        let path = &paths[&p.flow];
        match r.mode {
            Mode::Lstf => {
                let tmin = engine.net.tmin_rest(path, 1, p.size as u64);
                let slack = o.as_ns() as i64 - i.as_ns() as i64 - tmin.as_ns() as i64;
                pkt.set_slack(coarse(slack, r.slack_unit_ns));
                pkt.set_initial_slack(pkt.slack());
            }
            Mode::Edf => pkt.set_deadline(o),
            Mode::Priority => {
                pkt.set_rank(match &r.order {
                    // Validated: the order lists every scripted packet once.
                    Some(list) => list.iter().position(|n| *n == name(p.id)).expect("validated") as i64,
                    None => o.as_ns() as i64,
                })
            }
            Mode::PriorityA6 => {
                let k = table::a6_hop(p, &points.as_ref().expect("made for A.6")[rid]);
                let size = p.size as u64;
                let t = engine.net.ports[path[k] as usize].bandwidth.tx_time(size);
                pkt.set_rank(o.as_ns() as i64 - engine.net.tmin_rest(path, k, size).as_ns() as i64 + t.as_ns() as i64);
            }
            Mode::Omniscient => {}
        }
        let first_router = engine.net.ports[p.hops[0].port as usize].to;
        injections.push((i, first_router, pkt));
    }
    engine.inject_all(injections);
    let points = if tabulated { points } else { None };
    Ok(Pending { r: r.clone(), alt, seed, engine, order: idx, points })
}

impl Pending {
    /// Processes up to `max_events` events; true once the replay has reached its end.
    pub fn advance(&mut self, max_events: u64) -> bool {
        self.engine.advance(max_events)
    }

    /// Engine (heap) events processed so far.
    pub fn processed(&self) -> u64 {
        self.engine.processed()
    }

    /// The fraction of the schedule's packets the replay has delivered (every one is, unless
    /// the replay runs out of time).
    pub fn progress(&self) -> f64 {
        self.engine.metrics().delivered() as f64 / self.order.len().max(1) as f64
    }

    /// Ends the replay: its run (trace as `start` was told) and its report.
    pub fn finish(self, s: &Scenario, original: &RunOutput) -> (RunOutput, ReplayReport) {
        let Pending { r, alt, seed, mut engine, order, points } = self;
        engine.run();
        let schedule = recorded(original);
        let order: Vec<&Recorded> = order.iter().map(|&i| &schedule.packets[i]).collect();
        let (mut out, net) = conclude(&crate::results::About::of(&alt), seed, engine);
        // The replay starts at the first router: give each replayed packet its original host
        // hop back, so hop k means the same port in both records.
        let mut replayed = out.schedule.take().expect("recorded").packets;
        for p in &mut replayed {
            p.hops.insert(0, order[p.id as usize].hops[0].clone());
        }
        let mut by_id: Vec<Option<&Recorded>> = vec![None; order.len()];
        for p in &replayed {
            by_id[p.id as usize] = Some(p);
        }
        let facts = (out.summary.trace_hash.clone(), out.summary.events_total);
        let unfinished_late = s.replay.as_ref().is_none_or(|x| x.end == ReplayEnd::Double);
        let mut report = report::report(&r, facts, &net, (schedule, unfinished_late), &order, &by_id);
        if let Some(points) = points {
            // By original id, as the original's table.
            let rows = crate::order::stable_order(order.iter().map(|p| [p.id, 0, 0]));
            let packets: Vec<&Recorded> = rows.iter().map(|&i| order[i]).collect();
            let cps: Vec<Vec<bool>> = rows.iter().map(|&i| points[i].clone()).collect();
            let times: Vec<Option<&Recorded>> = rows.iter().map(|&i| by_id[i]).collect();
            report.schedule = Some(table::table(unit_ns(s), &net, &packets, &cps, &times, &namer(s)));
        }
        (out, report)
    }
}

/// Replays the schedule `original` recorded with `r`, to its end (see [`start`]).
pub fn replay(
    s: &Scenario,
    original: &RunOutput,
    r: &Replay,
    views: u64,
) -> Result<(RunOutput, ReplayReport), ScenarioError> {
    Ok(start(s, original, r, views)?.finish(s, original))
}

#[cfg(test)]
mod tests {
    use super::coarse;

    #[test]
    fn a_slack_unit_rounds_the_slack_down_to_whole_units() {
        // By hand: 1 999 ns in whole us is 1 us; 2 000 ns stays; -1 ns (overdue already) is
        // -1 us, towards the earlier deadline; without a unit, or a unit of 1 ns, nothing moves.
        assert_eq!(coarse(1_999, Some(1_000)), 1_000);
        assert_eq!(coarse(2_000, Some(1_000)), 2_000);
        assert_eq!(coarse(-1, Some(1_000)), -1_000);
        assert_eq!(coarse(1_234_567, None), 1_234_567);
        assert_eq!(coarse(1_234_567, Some(1)), 1_234_567);
    }
}
