//! Engine checks for issue 3: closed forms (M/M/1, ideal FCT by hand, calibrated load),
//! routing (ECMP spread, explicit paths), conservation at checkpoints.

use sched_sim::{run_json, validate, Run, RunOptions, RunOutput};

fn scenario(topology: &str, traffic: &str, duration: &str) -> String {
    format!(
        r#"{{"format": "scheduler-playground/scenario", "version": 1, "name": "t", "seed": 7, "duration": "{duration}",
            "topology": {topology}, "traffic": {traffic}}}"#
    )
}

const NO_TRACE: RunOptions = RunOptions { seed: None, max_trace_events: Some(0) };

/// M/M/1: Poisson packets with exponential sizes (mean 1500 B) straight into a 1 Gbps link.
/// Sizes are whole bytes, ceil(X) with X ~ Exp(1500): E[S] = 1 / (1 - e^(-1/1500)) = 1500.5 B,
/// so E[B] = 8 * 1500.5 = 12 004 ns. Gaps use the mean size 1500 B: lambda = 0.7 / 12 000 per ns,
/// rho = lambda E[B] = 0.7 * 1500.5 / 1500 = 0.700233. Mean time in system
/// T = E[B] / (1 - rho) = 12 004 / 0.299767 = 40 044 ns. Two million packets; within 3%.
#[test]
fn mm1_mean_delay() {
    let packets = 2_000_000u64;
    let duration_ns = packets * 12_000 * 10 / 7;
    let s = scenario(
        r#"{"nodes": [{"id": "a", "kind": "host"}, {"id": "b", "kind": "host"}],
            "links": [{"from": "a", "to": "b", "bandwidth": "1Gbps", "delay": "0"}]}"#,
        r#"[{"kind": "poisson", "id": "p", "src": "a", "dst": "b", "rate": "700Mbps", "packet_size": "1500B",
             "packet_sizes": {"dist": "exponential", "mean": "1500B"}}]"#,
        &format!("{duration_ns}ns"),
    );
    let out = run_json(&s, &NO_TRACE).unwrap();
    let f = &out.summary.flows[0];
    let t = f.delay_ns.as_ref().unwrap().mean;
    let expected = 40_044.0;
    println!(
        "M/M/1 rho=0.7: measured T = {t:.0} ns over {} packets, formula {expected} ns, error {:.2}%",
        f.delivered,
        (t - expected).abs() / expected * 100.0
    );
    assert!(f.delivered > 1_900_000);
    assert!((t - expected).abs() / expected < 0.03, "T = {t}");
}

/// One flow alone on h1 -(1 Gbps, 2 us)- r1 -(100 Mbps, 5 us)- r2 -(1 Gbps, 3 us)- h2.
/// 4000 B = packets of 1500, 1500, 1000 B, paced at the 1 Gbps access rate: created at 0, 12, 24 us.
///   hop 1 (12 us / 8 us): p0 0-12 -> r1 at 14; p1 12-24 -> 26; p2 24-32 -> 34
///   hop 2 (120 us / 80 us): p0 14-134 -> r2 at 139; p1 134-254 -> 259; p2 254-334 -> 339
///   hop 3 (12 us / 8 us): p0 139-151 -> 154; p1 259-271 -> 274; p2 339-347 -> h2 at 350 us
/// FCT = 350 000 ns, which is also the ideal FCT (the flow is alone): slowdown 1.
#[test]
fn ideal_fct_of_a_lone_flow_on_three_hops() {
    let s = scenario(
        r#"{"nodes": [{"id": "h1", "kind": "host"}, {"id": "r1", "kind": "router"}, {"id": "r2", "kind": "router"}, {"id": "h2", "kind": "host"}],
            "links": [{"from": "h1", "to": "r1", "bandwidth": "1Gbps", "delay": "2us"},
                      {"from": "r1", "to": "r2", "bandwidth": "100Mbps", "delay": "5us"},
                      {"from": "r2", "to": "h2", "bandwidth": "1Gbps", "delay": "3us"}]}"#,
        r#"[{"kind": "flow", "id": "f", "src": "h1", "dst": "h2", "size": "4000B"}]"#,
        "1ms",
    );
    let out = run_json(&s, &RunOptions::default()).unwrap();
    let f = &out.summary.flows[0];
    assert_eq!((f.fct_ns, f.ideal_fct_ns, f.slowdown, f.hops), (Some(350_000), Some(350_000), Some(1.0), 3));
    assert_eq!(out.summary.fct.all.completed, 1);
}

/// 2 s of a Poisson workload at 70% load, exponential sizes of mean 20 KB, incast into `dst`
/// of a single bottleneck whose links all run at 10 Gbps (1 us, unlimited buffers); `more`
/// adds fields to the workload.
fn incast_workload(more: &str) -> RunOutput {
    let s = scenario(
        r#"{"preset": "single_bottleneck", "params": {"senders": 8, "access_bandwidth": "10Gbps", "bottleneck_bandwidth": "10Gbps",
            "access_delay": "1us", "bottleneck_delay": "1us", "buffer": "unlimited"}}"#,
        &format!(
            r#"[{{"kind": "workload", "id": "w", "load": 0.7, "sizes": {{"dist": "exponential", "mean": "20KB"}},
                 "endpoints": {{"pattern": "incast", "dst": "dst"}}{more}}}]"#
        ),
        "2s",
    );
    run_json(&s, &NO_TRACE).unwrap()
}

/// A long Poisson workload calibrated to 70% of the bottleneck: incast into `dst`, so every
/// flow crosses r -> dst (crossing probability 1). Exponential sizes, mean 20 KB: ~87 500
/// flows in 2 s; the relative standard error of the offered bytes is about sqrt(2 / 87 500)
/// = 0.5%, so 2% is a 4-sigma bound.
#[test]
fn calibrated_load_is_measured_on_the_link() {
    let out = incast_workload("");
    let w = &out.summary.workloads[0];
    let port = &out.summary.ports[w.port as usize];
    assert_eq!(out.summary.nodes[port.node as usize].id, "r");
    assert_eq!(out.summary.nodes[port.to as usize].id, "dst");
    assert_eq!(w.crossing, 1.0);
    println!("calibrated load: target {} measured {:.4} over {} flows", w.target_load, w.measured_load, w.flows);
    assert!((w.measured_load - 0.7).abs() / 0.7 < 0.02, "measured {}", w.measured_load);
}

/// The same workload sending for the first half of a 2 s run: over its active period (1 s,
/// ~43 750 flows, relative standard error sqrt(2 / 43 750) = 0.7%, so 3% is a 4-sigma bound)
/// the link carries the load; over the run it is diluted to about half, the drain after the
/// sources stop adding only the backlog at 1 s (under 2 ms at 10 Gbps: 2.5 MB queued at 70%
/// load is far in the tail).
#[test]
fn the_load_over_the_active_period_is_not_diluted_by_the_drain() {
    let out = incast_workload(r#", "stop": "1s""#);
    let w = &out.summary.workloads[0];
    assert_eq!((w.active_start_ns, w.active_end_ns), (0, 1_000_000_000));
    println!("active load {:.4}, over the run {:.4}", w.active_load, w.measured_load);
    assert!((w.active_load - 0.7).abs() / 0.7 < 0.03, "active {}", w.active_load);
    let drain = 2.0 * w.measured_load - w.active_load;
    assert!((0.0..0.002).contains(&drain), "busy after the sources stopped: {drain} s");
    // Incast: only r -> dst carries every flow (the senders' links 1/8 each).
    assert_eq!(w.links.len(), 1);
    assert_eq!((w.links[0].port, w.links[0].active_load), (w.port, w.active_load));
}

/// Loaded links are every link whose expected load reaches the target. Uniform pairs over the
/// 9 hosts of a single bottleneck whose links all run at 10 Gbps: each host's link to r and
/// r's link to it carry the flows from (to) that host, 8/72 = 1/9 each, so all 18 directed
/// links tie at 70%.
#[test]
fn ties_are_all_loaded_links() {
    let s = scenario(
        r#"{"preset": "single_bottleneck", "params": {"senders": 8, "access_bandwidth": "10Gbps", "bottleneck_bandwidth": "10Gbps",
            "access_delay": "1us", "bottleneck_delay": "1us", "buffer": "unlimited"}}"#,
        r#"[{"kind": "workload", "id": "w", "load": 0.7, "sizes": {"dist": "fixed", "size": "1500B"}}]"#,
        "1ms",
    );
    let out = run_json(&s, &NO_TRACE).unwrap();
    let w = &out.summary.workloads[0];
    assert!((w.crossing - 1.0 / 9.0).abs() < 1e-12, "crossing {}", w.crossing);
    assert_eq!(w.links.len(), 18);
    assert_eq!(w.links[0].port, w.port);
    assert!(w.links.iter().all(|l| (l.expected_load - 0.7).abs() < 1e-9));
}

/// ECMP spreads flows between pods over several core switches, and an explicit path is kept.
#[test]
fn ecmp_spreads_and_explicit_paths_are_followed() {
    let mut flows = Vec::new();
    for i in 0..16 {
        flows.push(format!(
            r#"{{"kind": "bulk", "id": "b{i}", "src": "h0_{}_{}", "dst": "h3_{}_{}", "rate": "10Mbps"}}"#,
            i / 2 % 2,
            i % 2,
            i / 2 % 2,
            i % 2
        ));
    }
    flows.push(
        r#"{"kind": "cbr", "id": "pinned", "src": "h1_0_0", "dst": "h1_1_0", "rate": "10Mbps", "packet_size": "1000B",
                 "path": ["h1_0_0", "edge1_0", "agg1_1", "edge1_1", "h1_1_0"]}"#
            .to_string(),
    );
    let s = scenario(r#"{"preset": "fat_tree", "params": {"k": 4}}"#, &format!("[{}]", flows.join(",")), "2ms");
    let out = run_json(&s, &NO_TRACE).unwrap();
    let r = &out.summary;
    let name = |i: u32| r.nodes[i as usize].id.as_str();
    let core_ports_used = r.ports.iter().filter(|p| name(p.node).starts_with("core") && p.stats.dequeued > 0).count();
    assert!(core_ports_used >= 2, "flows between pods 0 and 3 used {core_ports_used} core ports");
    let pinned = r.flows.iter().find(|f| f.id == "pinned").unwrap();
    assert_eq!(pinned.hops, 4);
    let via = r.ports.iter().find(|p| name(p.node) == "agg1_1" && name(p.to) == "edge1_1").unwrap();
    assert!(via.stats.dequeued >= pinned.delivered && pinned.delivered > 0);
    // Every flow's packets are conserved and nothing is dropped on this idle fabric.
    assert_eq!(r.totals.dropped, 0);
}

/// sent = delivered + dropped + queued + in flight at every checkpoint of a run, and the
/// stored trace's time never decreases.
#[test]
fn conservation_at_checkpoints() {
    let text = include_str!("../../../scenarios/default.json");
    let s = validate(text).unwrap();
    let mut run = Run::start(&s, &RunOptions::default()).unwrap();
    let mut checkpoints = 0;
    while run.advance(97) < 1.0 {
        let c = run.conservation();
        assert_eq!(c.created, c.delivered + c.dropped + c.in_network, "{c:?}");
        checkpoints += 1;
    }
    assert!(checkpoints > 5);
    let out = run.finish();
    assert!(out.trace.time.windows(2).all(|w| w[0] <= w[1]));
}

/// Delay per traffic class, and a check's `flows.class`. On a -(1 Gbps, 2 us)- b, two CBR
/// flows far below the link rate never queue: class 0 sends 1000 B packets (8 us + 2 us =
/// 10 us each), class 1 sends 500 B packets (4 + 2 = 6 us), one every 100 us each, the second
/// flow offset by 50 us so they never meet. Every percentile of class 0 is 10 000 ns, of
/// class 1 6 000 ns; over all packets the p99 is class 0's.
#[test]
fn delays_per_class() {
    let s = scenario(
        r#"{"nodes": [{"id": "a", "kind": "host"}, {"id": "b", "kind": "host"}],
            "links": [{"from": "a", "to": "b", "bandwidth": "1Gbps", "delay": "2us"}]}"#,
        r#"[{"kind": "cbr", "id": "x", "src": "a", "dst": "b", "rate": "80Mbps", "packet_size": "1000B"},
            {"kind": "cbr", "id": "y", "src": "a", "dst": "b", "rate": "40Mbps", "packet_size": "500B", "class": 1, "start": "50us"}]"#,
        "10ms",
    );
    let out = run_json(&s, &NO_TRACE).unwrap();
    let by: Vec<(u8, u64, u64)> =
        out.summary.delay_by_class.iter().map(|c| (c.class, c.delay.p50, c.delay.p99)).collect();
    assert_eq!(by, vec![(0, 10_000, 10_000), (1, 6_000, 6_000)]);
    let p99 = |class: Option<u8>| {
        let flows = sched_sim::scenario::checks::FlowFilter { class, ..Default::default() };
        let sel = sched_sim::checks::Selector {
            metric: sched_sim::scenario::checks::Metric::DelayP99Ns,
            flows: &flows,
            link: None,
            replay: None,
            during: None,
        };
        sched_sim::checks::measure(sel, &out.summary).unwrap()
    };
    assert_eq!(
        (p99(None), p99(Some(0)), p99(Some(1)), p99(Some(2))),
        (Some(10_000.0), Some(10_000.0), Some(6_000.0), None)
    );
}

/// A replay asked for on its own (the page's "Record & replay") runs in chunks, original then
/// replay, with progress that never goes back and ends at 1; it gives the same report as the
/// same replay listed in the scenario (the same schedule replayed the same way), and its
/// output is the replay's run.
#[test]
fn a_replay_in_chunks_is_the_listed_replay() {
    let text = include_str!("../../../scenarios/ups/priorities-vs-lstf.json");
    let s = validate(text).unwrap();
    let listed = Run::start(&s, &NO_TRACE).unwrap().finish();
    let lstf = listed.summary.replays.iter().find(|r| r.name == "lstf").unwrap();
    let r = sched_sim::find_replay(&s, "lstf").unwrap();
    let mut run = sched_sim::start_replay(&s, &RunOptions { seed: None, max_trace_events: Some(1000) }, &r).unwrap();
    let (mut last, mut steps, mut halfway) = (0.0, 0, false);
    loop {
        let p = run.advance(20_000);
        assert!(p >= last, "progress went back: {p} after {last}");
        halfway |= p > 0.4 && p < 0.9;
        (last, steps) = (p, steps + 1);
        if p == 1.0 {
            break;
        }
    }
    assert!(steps > 10 && halfway, "{steps} chunks");
    let out = run.finish();
    assert_eq!(out.summary.replays.len(), 1);
    let got = &out.summary.replays[0];
    assert_eq!((got.packets, got.overdue, got.overdue_by_t), (lstf.packets, lstf.overdue, lstf.overdue_by_t));
    assert_eq!(got.trace_hash, lstf.trace_hash);
    assert_eq!(out.summary.trace_hash, lstf.trace_hash, "the output is the replay's run");
    assert_eq!(out.trace.len(), 1000);
}
