//! Schedule record and replay (UPS, Mittal et al., NSDI'16, Sec. 2.1 and 2.3).
//!
//! A run's schedule is recorded from its trace (`record`); the replay injects exactly those
//! packets open-loop at i(p) at the same first router, along the same path, with every router
//! running the scheduler under test and the header initialised at the ingress from the
//! record:
//! - `lstf`: slack(p) = o(p) - i(p) - t_min(p, ingress, egress) (non-preemptive, as in the
//!   paper's Table 1; `lstf_preemptive` for its Sec. 2.3 (5) variant);
//! - `edf`: deadline o(p), per-router priority o(p) - t_min(p, a, egress) + T(p, a) (App. A.5);
//! - `priority`: simple priorities with priority = o(p), the paper's "most intuitive" choice;
//! - `omniscient`: the per-hop vector of original scheduling times o(p, a), used as the
//!   priority at each hop, with preemptive-resume service (App. A.2: no packet is overdue).
//!
//! Packets the original dropped are left out and counted; so are packets still in the network
//! when it ended. The replay runs for twice the scenario's duration, so late packets can
//! finish; one that does not is overdue.

pub mod record;
pub mod report;

use std::collections::BTreeMap;

use crate::engine::Engine;
use crate::metrics::Metrics;
use crate::network::Network;
use crate::packet::Packet;
use crate::results::replay::ReplayReport;
use crate::run::{conclude, RunOutput, THROUGHPUT_BINS};
use crate::scenario::{Mode, NodeKind, Scenario, ScenarioError, SchedulerSpec};
use crate::time::Time;
use crate::trace::TraceRecorder;
use record::Recorded;

/// The scheduler every router runs in a replay of `mode`.
fn scheduler(mode: Mode) -> SchedulerSpec {
    let (name, preempt) = match mode {
        Mode::Lstf => ("lstf", false),
        Mode::LstfPreemptive => ("lstf", true),
        Mode::Edf => ("edf", false),
        Mode::Priority => ("priority", false),
        Mode::Omniscient => ("priority", true),
    };
    let mut params = BTreeMap::new();
    if preempt {
        params.insert("preemption".to_string(), serde_json::Value::from("on"));
    }
    SchedulerSpec { name: name.into(), params, children: Vec::new() }
}

/// Replays the schedule of `original` (which must hold its complete trace) with `mode`.
/// The replay's own trace is returned in full.
/// `views`: the trace events whose view records (queue order, state) the page will get.
pub fn replay(
    s: &Scenario,
    original: &RunOutput,
    mode: Mode,
    views: u64,
) -> Result<(RunOutput, ReplayReport), ScenarioError> {
    let seed = original.summary.seed;
    let schedule = record::record(&original.trace, true);
    let mut order: Vec<&Recorded> = schedule.packets.iter().collect();
    order.sort_by_key(|p| (p.ingress_time(), p.id));

    let mut alt = s.clone();
    alt.traffic.clear();
    alt.checks.clear();
    alt.replay = None;
    alt.default_scheduler = Some(scheduler(mode));
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
    if mode == Mode::Omniscient {
        net.hop_ranks = Some(order.iter().map(|p| p.hops.iter().map(|h| h.start as i64).collect()).collect());
    }
    let end = s.duration.0 + s.duration.0;
    let flows = net.flows.len();
    let metrics = Metrics::new(net.ports.len(), flows, true, end.as_ns(), THROUGHPUT_BINS, 0);
    let mut engine = Engine::new(net, end, TraceRecorder::new(u64::MAX, views), metrics);
    for (rid, p) in order.iter().enumerate() {
        let info = &engine.net.flows[p.flow as usize];
        let (i, o) = (Time(p.ingress_time()), Time(p.exit_time()));
        let mut pkt = Packet::new(rid as u64, p.flow, 0, p.size, info.src, info.dst, i);
        pkt.hops = 1;
        (pkt.class, pkt.source) = (info.class, info.source);
        let path = &paths[&p.flow];
        match mode {
            Mode::Lstf | Mode::LstfPreemptive => {
                let tmin = engine.net.tmin_rest(path, 1, p.size as u64);
                pkt.slack = o.as_ns() as i64 - i.as_ns() as i64 - tmin.as_ns() as i64;
                pkt.initial_slack = pkt.slack;
            }
            Mode::Edf => pkt.deadline = o,
            Mode::Priority => pkt.rank = o.as_ns() as i64,
            Mode::Omniscient => {}
        }
        let first_router = engine.net.ports[p.hops[0].port as usize].to;
        engine.inject(i, first_router, pkt);
    }
    engine.run();
    let (out, net) = conclude(&alt, seed, engine);
    // The replay starts at the first router: give each replayed packet its original host hop
    // back, so hop k means the same port in both records.
    let mut replayed = record::record(&out.trace, false).packets;
    for r in &mut replayed {
        r.hops.insert(0, order[r.id as usize].hops[0].clone());
    }
    let mut by_id: Vec<Option<&Recorded>> = vec![None; order.len()];
    for r in &replayed {
        by_id[r.id as usize] = Some(r);
    }
    let report = report::report(
        mode,
        (out.summary.trace_hash.clone(), out.summary.events_total),
        &net,
        &schedule,
        &order,
        &by_id,
    );
    Ok((out, report))
}
