//! A comparison's runs (`start_variant`): the scenario with every router, or the routers
//! named, on one scheduler, on the same seed. Each run must be exactly the run of the scenario
//! written out by hand with that scheduler, and every run must see the same traffic.

use sched_sim::scenario::LIMITS;
use sched_sim::{run_json, start_variant, RunOptions, RunOutput};

const DEFAULT: &str = include_str!("../../../scenarios/default.json");

/// Two routers in a row, with web-search flows through both (open loop: UDP).
const TWO_ROUTERS: &str = r#"{
  "format": "scheduler-playground/scenario", "version": 1, "name": "two", "seed": 3, "duration": "10ms",
  "topology": {"preset": "parking_lot", "params": {"hops": 1, "bandwidth": "40Gbps", "access_bandwidth": "40Gbps",
                                                   "end_to_end_delay": "10us", "buffer": "unlimited"}},
  "node_schedulers": {"r0": {"name": "lifo"}},
  "traffic": [{"kind": "workload", "id": "w", "load": 0.6, "sizes": {"dist": "web_search"}, "stop": "8ms"}]
}"#;

fn variant(text: &str, v: &str) -> RunOutput {
    start_variant(text, v, &LIMITS, &RunOptions { seed: None, max_trace_events: Some(0) }).unwrap().finish()
}

fn plain(text: &str) -> RunOutput {
    run_json(text, &RunOptions { seed: None, max_trace_events: Some(0) }).unwrap()
}

#[test]
fn every_router_is_the_scenario_written_with_that_scheduler() {
    // default.json names fifo on its one router, r1: writing sjf there by hand is the variant.
    let by_hand = DEFAULT.replace(r#""scheduler": { "name": "fifo" }"#, r#""scheduler": { "name": "sjf" }"#);
    assert_ne!(by_hand, DEFAULT);
    let v = variant(DEFAULT, r#"{"scheduler": {"name": "sjf"}}"#);
    assert_eq!(v.summary.trace_hash, plain(&by_hand).summary.trace_hash);
    assert!(v
        .summary
        .ports
        .iter()
        .filter(|p| v.summary.nodes[p.node as usize].kind == "router")
        .all(|p| p.scheduler == "sjf"));
    // A FIFO variant of a FIFO scenario is the scenario itself.
    assert_eq!(
        variant(DEFAULT, r#"{"scheduler": {"name": "fifo"}}"#).summary.trace_hash,
        plain(DEFAULT).summary.trace_hash
    );
}

#[test]
fn chosen_routers_change_and_the_others_keep_theirs() {
    let v = variant(TWO_ROUTERS, r#"{"scheduler": {"name": "sjf"}, "routers": ["r1"]}"#);
    let by_hand = TWO_ROUTERS.replace(r#""r0": {"name": "lifo"}"#, r#""r0": {"name": "lifo"}, "r1": {"name": "sjf"}"#);
    assert_eq!(v.summary.trace_hash, plain(&by_hand).summary.trace_hash);
    let on = |node: &str| {
        let s = &v.summary;
        let mut names: Vec<&str> =
            s.ports.iter().filter(|p| s.nodes[p.node as usize].id == node).map(|p| p.scheduler.as_str()).collect();
        names.dedup();
        names
    };
    assert_eq!((on("r0"), on("r1")), (vec!["lifo"], vec!["sjf"]));
}

#[test]
fn every_run_of_a_comparison_sees_the_same_flows() {
    let runs: Vec<RunOutput> = ["fifo", "sjf", "lstf", "lifo"]
        .iter()
        .map(|name| variant(TWO_ROUTERS, &format!(r#"{{"scheduler": {{"name": "{name}"}}}}"#)))
        .collect();
    let flows = |r: &RunOutput| -> Vec<(String, Option<u64>, u64, u32, u32)> {
        r.summary.flows.iter().map(|f| (f.id.clone(), f.size, f.start_ns, f.src, f.dst)).collect()
    };
    let first = flows(&runs[0]);
    assert!(first.len() > 10, "the workload started {} flows", first.len());
    for r in &runs[1..] {
        assert_eq!(flows(r), first);
    }
    // ...scheduled differently: four schedulers, four runs.
    let mut hashes: Vec<&str> = runs.iter().map(|r| r.summary.trace_hash.as_str()).collect();
    hashes.sort_unstable();
    hashes.dedup();
    assert_eq!(hashes.len(), 4);
}

#[test]
fn a_variant_with_a_slack_rule_and_edge_codel_is_the_scenario_written_with_them() {
    // UPS's objectives in a comparison: LSTF everywhere, the mean-FCT slack rule, Edge-CoDel.
    let v = variant(
        TWO_ROUTERS,
        r#"{"scheduler": {"name": "lstf"}, "slack": {"default": {"policy": "flow_size"}}, "edge_codel": {"target": "1ms"}}"#,
    );
    let by_hand = TWO_ROUTERS.replace(
        r#""node_schedulers": {"r0": {"name": "lifo"}},"#,
        r#""default_scheduler": {"name": "lstf"}, "slack": {"default": {"policy": "flow_size"}}, "edge_codel": {"target": "1ms"},"#,
    );
    assert_ne!(by_hand, TWO_ROUTERS);
    assert_eq!(v.summary.trace_hash, plain(&by_hand).summary.trace_hash);
    // null takes them away again: the plain LSTF run.
    let off = variant(&by_hand, r#"{"scheduler": {"name": "lstf"}, "slack": null, "edge_codel": null}"#);
    let plain_lstf = TWO_ROUTERS
        .replace(r#""node_schedulers": {"r0": {"name": "lifo"}},"#, r#""default_scheduler": {"name": "lstf"},"#);
    assert_eq!(off.summary.trace_hash, plain(&plain_lstf).summary.trace_hash);
}

#[test]
fn errors_name_the_variants_field() {
    let err = |v: &str| start_variant(TWO_ROUTERS, v, &LIMITS, &RunOptions::default()).err().unwrap().to_string();
    assert!(err(r#"{"scheduler": {"name": "nope"}}"#).starts_with("scheduler.name: unknown scheduler \"nope\""));
    assert!(err(r#"{"scheduler": {"name": "fifo", "params": {"drop": "middle"}}, "routers": ["r1"]}"#)
        .starts_with("scheduler.params.drop: "));
    assert_eq!(
        err(r#"{"scheduler": {"name": "fifo"}, "routers": ["src"]}"#),
        "routers[0]: \"src\" is a host; only routers schedule"
    );
    assert!(err(r#"{"scheduler": {"name": "fifo"}, "extra": 1}"#).starts_with("extra: unknown field"));
    assert_eq!(
        err(r#"{"scheduler": {"name": "lstf"}, "slack": {"default": {"policy": "fair", "r_est": "0bps"}}}"#),
        "slack.default: invalid bandwidth \"0bps\": a rate must be greater than zero"
    );
    assert_eq!(
        err(r#"{"scheduler": {"name": "lstf"}, "edge_codel": {"target": "0ms"}}"#),
        "edge_codel.target: must be greater than zero"
    );
    let e = err(r#"{"scheduler": {"name": "lstf"}, "slack": {"default": {"policy": "soon"}}}"#);
    assert!(e.starts_with("slack.default.policy: unknown variant `soon`"), "{e}");
    // The scenario itself is checked first, and its errors keep their own paths.
    let bad = TWO_ROUTERS.replace(r#""r0": {"name": "lifo"}"#, r#""r0": {"name": "lifo", "params": {"x": 1}}"#);
    let e =
        start_variant(&bad, r#"{"scheduler": {"name": "fifo"}, "routers": ["r1"]}"#, &LIMITS, &RunOptions::default());
    assert!(e.err().unwrap().to_string().starts_with("node_schedulers.r0.params"));
}
