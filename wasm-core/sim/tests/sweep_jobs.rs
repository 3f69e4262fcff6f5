//! A sweep's job is a scenario file of its own: running it gives the trace hash of the same
//! scenario written by hand, and the path `scheduler` is the Compare tab's every-router rule
//! (`Scenario::with_every_router`). The sweep format's own tests are in `src/sweep/tests.rs`.

use sched_sim::scenario::{SchedulerSpec, TRUSTED_LIMITS};
use sched_sim::sweep::Plan;
use sched_sim::{RunOptions, RunOutput};

/// A router with its own, a per-port and a node_schedulers choice, all of which a scheduler
/// axis replaces.
const BASE: &str = r#"{
  "format": "scheduler-playground/scenario", "version": 1, "name": "t", "seed": 7, "duration": "20ms",
  "topology": {
    "nodes": [{"id": "a", "kind": "host"}, {"id": "r", "kind": "router", "scheduler": {"name": "sjf"}}, {"id": "b", "kind": "host"}],
    "links": [{"from": "a", "to": "r", "bandwidth": "100Mbps", "delay": "1ms"},
              {"from": "r", "to": "b", "bandwidth": "10Mbps", "delay": "1ms", "buffer": "15KB", "schedulers": {"r": {"name": "lifo"}}}]
  },
  "node_schedulers": {"r": {"name": "random"}},
  "traffic": [{"kind": "poisson", "id": "p", "src": "a", "dst": "b", "rate": "5Mbps", "packet_size": "1000B"}]
}"#;

fn plan(axes: &str) -> Plan {
    let text = format!(
        r#"{{"format": "scheduler-playground/sweep", "version": 1, "name": "s", "base": "b.json", "axes": {axes},
            "seeds": [1, 2], "metrics": [{{"metric": "drop_fraction"}}]}}"#
    );
    Plan::parse(&text, &|_| Ok(BASE.to_string()), &TRUSTED_LIMITS).unwrap()
}

fn run(text: &str) -> RunOutput {
    sched_sim::start(text, &TRUSTED_LIMITS, &RunOptions::default()).unwrap().finish()
}

#[test]
fn the_scheduler_path_is_the_every_router_rule() {
    let p = plan(r#"[{"path": "scheduler", "values": [{"name": "fq"}]}]"#);
    let s = sched_sim::validate_with(BASE, &TRUSTED_LIMITS).unwrap();
    let spec = SchedulerSpec { name: "fq".into(), params: Default::default(), children: vec![] };
    let opts = RunOptions { seed: Some(1), max_trace_events: Some(0) };
    let alone = sched_sim::Run::start(&s.with_every_router(&spec), &opts).unwrap().finish();
    let swept = run(&p.scenario_text(0));
    assert_eq!(alone.summary.trace_hash, swept.summary.trace_hash);
    assert!(swept.summary.ports.iter().filter(|q| q.node == 1).all(|q| q.scheduler == "fq"));
}

#[test]
fn a_job_is_its_scenario_file() {
    let p = plan(r#"[{"path": "traffic[0].rate", "values": ["8Mbps", "12Mbps"]}]"#);
    for i in 0..p.jobs() {
        let row = p.row(i, &run(&p.scenario_text(i)).summary).unwrap();
        // The same file written out by hand: the base with this rate and seed.
        let (point, seed) = p.job(i);
        let rate = ["8Mbps", "12Mbps"][point];
        let by_hand = BASE
            .replace("\"seed\": 7", &format!("\"seed\": {seed}"))
            .replace("\"rate\": \"5Mbps\"", &format!("\"rate\": \"{rate}\""));
        assert_eq!(row.trace_hash, run(&by_hand).summary.trace_hash);
    }
}
