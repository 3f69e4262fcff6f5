//! MR-tradeoff Theorem 1 (Sec. 3.1) as a property of the middlebox: with m resource types, a
//! work-conserving schedule's makespan is at most m times the optimum. Its proof is that at
//! every instant before the end some resource is busy, so the makespan T is at most the sum of
//! the resources' total work, and each resource's work is a lower bound on any schedule's
//! makespan: max_r W_r <= OPT <= T <= sum_r W_r <= m max_r W_r <= m OPT. Here m = 2 (the CPU
//! stage, then the link) and the packets reach the middlebox at 1000 Gbps (at most 12 ns
//! apart, less than any packet's 100 ns or more of CPU: the CPU never waits for one), so the
//! test checks
//! max(W_cpu, W_link) <= T <= W_cpu + W_link on random inputs for the work-conserving CPU
//! schedulers (DRFQ, MR3). The CPU may wait while the port holds `link_queue` packets, but the
//! link is then busy, so the bound still holds. (`mr_tradeoff` starts packets when the fluid
//! does, which may leave the CPU idle: Theorem 4 bounds it instead, in mr_theorems.rs.)

use serde_json::{json, Value};

mod mr_exact;
use mr_exact::Rng;

/// Link stage: 1 Gbps, so a 1000 B packet takes 8,000 ns.
const LINK_NS_PER_BYTE: u64 = 8;

/// A random middlebox input: its scenario and the CPU and link work it holds, ns.
fn input(seed: u64, scheduler: &str) -> (Value, u64, u64) {
    let mut r = Rng(seed);
    let flows = r.range(2, 6);
    let (mut cpu, mut link) = (0u64, 0u64);
    let (mut modules, mut assign, mut traffic) = (Vec::new(), json!({}), Vec::new());
    for f in 0..flows {
        // Alternate CPU-bound and link-bound flows, as the paper's examples do.
        let a = if f % 2 == 0 { r.range(0, 3) } else { r.range(6, 20) };
        let b = r.range(100, 5000);
        let size = r.range(64, 1500);
        let packets = r.range(3, 40);
        cpu += packets * (a * size + b);
        link += packets * size * LINK_NS_PER_BYTE;
        let id = format!("f{f}");
        modules.push(json!({"name": format!("m{f}"), "a": a, "b": format!("{b}ns")}));
        assign[&id] = json!(format!("m{f}"));
        traffic
            .push(json!({"kind": "flow", "id": id, "src": "src", "dst": "dst", "size": format!("{}B", packets * size),
            "packet_size": format!("{size}B"), "rate": "1000Gbps"}));
    }
    let scenario = json!({
        "format": "scheduler-playground/scenario", "version": 1, "name": "MR Theorem 1", "seed": 1, "duration": "1s",
        "topology": {
            "nodes": [
                {"id": "src", "kind": "host", "pos": [0, 0]},
                {"id": "mb", "kind": "router", "pos": [1, 0],
                 "middlebox": {"scheduler": {"name": scheduler}, "modules": modules, "assign": assign}},
                {"id": "dst", "kind": "host", "pos": [2, 0]}
            ],
            "links": [
                {"from": "src", "to": "mb", "bandwidth": "1000Gbps", "delay": "0", "buffer": "unlimited"},
                {"from": "mb", "to": "dst", "bandwidth": "1Gbps", "delay": "0", "buffer": "unlimited"}
            ]
        },
        "traffic": traffic,
        "trace": {"max_events": 0}
    });
    (scenario, cpu, link)
}

// paper item: mr/theorem-1: a work-conserving schedule's makespan lies between the busiest resource's work and the sum of both (so within m = 2 times the optimum), DRFQ and MR3 on random inputs
#[test]
fn a_work_conserving_makespan_is_at_most_m_times_the_optimum() {
    let mut checked = 0;
    for scheduler in ["drfq", "mr3"] {
        for seed in 0..40 {
            let (scenario, cpu, link) = input(seed, scheduler);
            let text = scenario.to_string();
            let s = sched_sim::validate(&text).unwrap_or_else(|e| panic!("{scheduler} seed {seed}: {e}"));
            let out = sched_sim::run(&s, &sched_sim::RunOptions { seed: None, max_trace_events: Some(0) }).unwrap();
            let t = out.summary.totals;
            assert_eq!(t.delivered, t.sent, "{scheduler} seed {seed}: every packet is delivered");
            let makespan = out.summary.stages[0].makespan_ns.expect("packets went through");
            let (lower, upper) = (cpu.max(link), cpu + link);
            assert!(
                (lower..=upper).contains(&makespan),
                "{scheduler} seed {seed}: makespan {makespan} ns outside [max(W_cpu, W_link), W_cpu + W_link] = \
                 [{lower}, {upper}] (W_cpu {cpu}, W_link {link})"
            );
            assert!(makespan <= 2 * lower, "{scheduler} seed {seed}: beyond m = 2 times the lower bound");
            checked += 1;
        }
    }
    assert_eq!(checked, 80);
}
