//! The UPS authors' replay setting (issue 35): flow lists as their workload files, flows
//! released whole into the host's NIC, ns-2's static routing, replays that end with the
//! original. Expected values are worked by hand in each test's comment.

use sched_sim::{run_json, RunOptions};

const NO_TRACE: RunOptions = RunOptions { seed: None, max_trace_events: Some(0) };

fn scenario(extra: &str, topology: &str, traffic: &str, duration: &str) -> String {
    format!(
        r#"{{"format": "scheduler-playground/scenario", "version": 1, "name": "t", "seed": 7, "duration": "{duration}",
            "topology": {topology}, "traffic": {traffic} {extra}}}"#
    )
}

const CHAIN: &str = r#"{"nodes": [{"id": "h1", "kind": "host"}, {"id": "r", "kind": "router"}, {"id": "h2", "kind": "host"}],
    "links": [{"from": "h1", "to": "r", "bandwidth": "1Gbps", "delay": "0"},
              {"from": "r", "to": "h2", "bandwidth": "1Gbps", "delay": "0"}]}"#;

/// Two listed flows from h1 to h2 over h1 -(1 Gbps)- r -(1 Gbps)- h2, 1500 B packets (12 us
/// each per link): A, 3 packets at 0; B, 1 packet at 1 us.
/// - whole (the authors' `send nbytes`): the NIC holds A0 A1 A2 at 0 and B0 at 1 us and sends
///   them back to back: 0-12, 12-24, 24-36, 36-48; r forwards each 12 us later: A's last
///   packet arrives at 48 us (FCT 48 us), B's at 60 us (FCT 60 - 1 = 59 us).
/// - paced at the access rate: A1 and A2 are made at 12 and 24 us, so B0 (made at 1 us) goes
///   second: NIC A0 0-12, B0 12-24, A1 24-36, A2 36-48; at h2 B0 at 36 us (FCT 35 us), A2 at
///   60 us (FCT 60 us).
#[test]
fn whole_release_queues_a_flow_behind_the_hosts_earlier_flow() {
    let fcts = |release: &str| {
        let list = format!(
            r#"[{{"kind": "flow_list", "id": "w", "flows": "0 4500 h1 h2\n0.000001 1500 h1 h2", "packet_size": "1500B", "release": "{release}"}}]"#
        );
        let out = run_json(&scenario("", CHAIN, &list, "1ms"), &NO_TRACE).unwrap();
        let f = &out.summary.flows;
        assert_eq!((f[0].id.as_str(), f[1].id.as_str()), ("w#0", "w#1"));
        (f[0].fct_ns.unwrap(), f[1].fct_ns.unwrap())
    };
    assert_eq!(fcts("whole"), (48_000, 59_000));
    assert_eq!(fcts("paced"), (60_000, 35_000));
}

/// A list's load is what its bytes offer over the active period: five flows of 12 500 B that
/// start within [0, 1 ms) bring 5 x 12 500 x 8 = 500 000 bits, half of what a 1 Gbps link
/// carries in 1 ms. A sixth flow at 1 ms (the duration) is left out, as the authors' scripts
/// leave out flows at or after the simulation's end. Numbered ends go through `nodes`.
#[test]
fn a_flow_lists_load_and_numbering() {
    let flows = r"0 12500 0 2\n0.0001 12500 0 2\n0.0002 12500 0 2\n0.0003 12500 0 2\n0.0004 12500 0 2\n0.001 12500 0 2";
    let list = format!(
        r#"[{{"kind": "flow_list", "id": "w", "flows": "{flows}", "nodes": ["h1", "r", "h2"], "packet_size": "1250B"}}]"#
    );
    let out = run_json(&scenario("", CHAIN, &list, "1ms"), &NO_TRACE).unwrap();
    let w = &out.summary.workloads[0];
    assert_eq!(w.flows, 5);
    assert!((w.target_load - 0.5).abs() < 1e-12, "{}", w.target_load);
    // The calibrated link is h1 -> r (port 0): the first of the two equally loaded ports.
    assert_eq!(w.port, 0);
}

/// Errors name the list, the line and the field.
#[test]
fn bad_lines_are_named() {
    let err = |flows: &str| {
        let list = format!(r#"[{{"kind": "flow_list", "id": "w", "flows": "{flows}"}}]"#);
        sched_sim::validate(&scenario("", CHAIN, &list, "1ms")).unwrap_err().to_string()
    };
    assert_eq!(err(r"0 1500 h1 h2\n0 x h1 h2"), "traffic[0].flows: line 2: size \"x\" is not a whole number of bytes");
    assert_eq!(err("0 1500 h1 r"), "traffic[0].flows: flow 1: \"r\" is a router; traffic starts and ends at hosts");
    assert_eq!(
        err("0.002 1500 h1 h2"),
        "traffic[0].flows: lists no flow that starts within the sources' [start, stop)"
    );
}

/// ns-2's static routing on the UPS Internet2 core (`routing: lowest_id`). From c8 the core
/// routers c6, c7 and c9 are one hop away; c3 is two hops away through c6 or c7, and the tree
/// reaches it from the lower-numbered c6 first. From c0 (neighbours c1, c2, c3), c4 is two
/// hops away through c2 or c3: c2. ECMP would split both.
#[test]
fn lowest_id_routing_takes_the_lower_numbered_branch() {
    let list = r#"[{"kind": "flow_list", "id": "w", "flows": "0 14600 h8_0_0 h3_0_0\n0 14600 h0_0_0 h4_0_0"}]"#;
    let topo = r#"{"preset": "internet2", "params": {"edges_per_core": 1}}"#;
    let out = run_json(&scenario(r#", "routing": "lowest_id""#, topo, list, "50ms"), &NO_TRACE).unwrap();
    let s = &out.summary;
    let id = |name: &str| s.nodes.iter().position(|n| n.id == name).unwrap() as u32;
    let sent = |a: &str, b: &str| s.ports.iter().find(|p| p.node == id(a) && p.to == id(b)).unwrap().stats.dequeued;
    assert_eq!((sent("c8", "c6"), sent("c6", "c3"), sent("c8", "c7")), (10, 10, 0));
    assert_eq!((sent("c0", "c2"), sent("c2", "c4"), sent("c0", "c3")), (10, 10, 0));
}

/// `replay.end: original` ends the replay with the original's duration and leaves a packet it
/// has not delivered out of the overdue count; `double` counts it overdue. On the same record
/// (sources sending to the end, so packets are still on their way when the replay stops), the
/// two differ exactly by the packets the longer replay delivered after the duration or never:
/// those it lists overdue with a delivery (exit from the egress router plus the host link's
/// delay) after the duration, or none. (Every such packet is overdue: the original delivered it
/// by the duration.)
#[test]
fn a_replay_that_ends_with_the_original_does_not_count_unfinished_packets() {
    let run = |end: &str| {
        let s = format!(
            r#"{{"format": "scheduler-playground/scenario", "version": 1, "name": "t", "seed": 3, "duration": "60ms",
                "topology": {{"preset": "internet2", "params": {{"edges_per_core": 2}}}},
                "default_scheduler": {{"name": "random"}},
                "traffic": [{{"kind": "workload", "id": "w", "load": 0.9, "sizes": {{"dist": "pareto", "mean": "20KB", "shape": 2.5}},
                              "packet_size": "1460B", "release": "whole"}}],
                "replay": {{"modes": ["priority"], "end": "{end}"}}}}"#
        );
        run_json(&s, &NO_TRACE).unwrap().summary.replays.remove(0)
    };
    let (double, original) = (run("double"), run("original"));
    // Delivered = the egress exit plus the host link's 1 ms; the original run delivered each
    // packet by the duration.
    let late_at_host = |e: u64| e + 1_000_000 > 60_000_000;
    let after_end = double.all_overdue.iter().filter(|p| p.replay_exit_ns.is_none_or(late_at_host)).count() as u64;
    assert!(after_end > 0, "the record has packets still on their way at the end");
    assert_eq!(double.packets, original.packets);
    assert_eq!(original.replay_unfinished, after_end);
    assert_eq!(original.overdue, double.overdue - after_end);
}
