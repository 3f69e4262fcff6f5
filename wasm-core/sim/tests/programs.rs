//! The shipped example programs that restate a built-in rank program or slack policy give the
//! built-in's run exactly: the same trace hash on the scenarios that use it (and, for the rank
//! programs no scenario uses, on the leaf-spine compare and the AIFO Fig. 2 scenarios with the
//! rank set to them). A run's hash covers every enqueue's key (the rank), so equal hashes mean
//! equal ranks for every packet as well as the same schedule.

use std::path::Path;

use sched_sim::program::examples::example;
use sched_sim::{run_json, RunOptions};
use serde_json::{json, Value};

const PROGRAMMABLE: &[&str] = &["pifo", "sp_pifo", "aifo", "threshold_fifo"];

fn load(file: &str) -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios").join(file);
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn hash(s: &Value) -> String {
    let opts = RunOptions { seed: None, max_trace_events: Some(0) };
    run_json(&s.to_string(), &opts).unwrap_or_else(|e| panic!("{e}")).summary.trace_hash
}

/// Every programmable scheduler in `v` given these params over its own.
fn set_rank(v: &mut Value, params: &Value) {
    match v {
        Value::Object(o) => {
            if o.get("name").and_then(Value::as_str).is_some_and(|n| PROGRAMMABLE.contains(&n)) {
                let p = o.entry("params").or_insert(json!({}));
                for (k, x) in params.as_object().unwrap() {
                    p[k] = x.clone();
                }
            }
            o.values_mut().for_each(|x| set_rank(x, params));
        }
        Value::Array(a) => a.iter_mut().for_each(|x| set_rank(x, params)),
        _ => {}
    }
}

/// The scenarios a rank program is checked on: the AIFO Fig. 2 examples and the leaf-spine
/// compare with PIFO and AIFO at every port.
fn rank_scenarios() -> Vec<(String, Value)> {
    let mut out: Vec<(String, Value)> = ["fig2-pifo", "fig2-sp-pifo", "fig2-threshold-fifo", "gap-aifo-pifo"]
        .iter()
        .map(|f| (f.to_string(), load(&format!("programmable/{f}.json"))))
        .collect();
    for sched in ["pifo", "aifo"] {
        let mut s = load("compare/leaf-spine-aifo.json");
        s["default_scheduler"] = json!({"name": sched});
        out.push((format!("leaf-spine-aifo with {sched}"), s));
    }
    out
}

fn same_rank(name: &str) {
    let text = example(name).unwrap().text;
    let mut differ = Vec::new();
    for (what, s) in rank_scenarios() {
        let (mut builtin, mut custom) = (s.clone(), s);
        set_rank(&mut builtin, &json!({"rank": name}));
        set_rank(&mut custom, &json!({"rank": "custom", "program": text}));
        let (b, c) = (hash(&builtin), hash(&custom));
        if b != c {
            differ.push(what);
        }
    }
    assert!(differ.is_empty(), "{name} as a program differs from the built-in on {differ:?}");
}

#[test]
fn rank_srpt() {
    same_rank("srpt");
}
#[test]
fn rank_srpt_segment() {
    same_rank("srpt_segment");
}
#[test]
fn rank_stfq() {
    same_rank("stfq");
}
#[test]
fn rank_fifo() {
    same_rank("fifo");
}
#[test]
fn rank_lstf() {
    same_rank("lstf");
}
#[test]
fn rank_class() {
    same_rank("class");
}
#[test]
fn rank_flow_size() {
    same_rank("flow_size");
}

#[test]
fn another_program_gives_another_run() {
    // The check can fail: least attained service is not SRPT on the leaf-spine compare.
    let mut s = load("compare/leaf-spine-aifo.json");
    s["default_scheduler"] = json!({"name": "pifo"});
    let (mut srpt, mut las) = (s.clone(), s);
    set_rank(&mut srpt, &json!({"rank": "srpt"}));
    set_rank(&mut las, &json!({"rank": "custom", "program": example("las").unwrap().text}));
    assert_ne!(hash(&srpt), hash(&las));
}

#[test]
fn rank_stfq_with_weights() {
    // Weights 1 and 2 (exact in thousandths): the program's floor division gives the
    // built-in's rounded cost. The leaf-spine workload is one traffic id ("web"), so weights
    // are set on a Fig. 2 scenario's sources.
    let mut s = load("programmable/gap-aifo-pifo.json");
    let ids: Vec<String> =
        s["traffic"].as_array().unwrap().iter().filter_map(|t| t["id"].as_str().map(String::from)).collect();
    let weights: serde_json::Map<String, Value> =
        ids.iter().enumerate().map(|(i, id)| (id.clone(), json!(1 + i % 2))).collect();
    let (mut builtin, mut custom) = (s.clone(), s.clone());
    set_rank(&mut builtin, &json!({"rank": "stfq", "weights": weights}));
    set_rank(&mut custom, &json!({"rank": "custom", "program": example("stfq").unwrap().text, "weights": weights}));
    assert_eq!(hash(&builtin), hash(&custom));
    // And the weights matter: without them the run differs.
    set_rank(&mut s, &json!({"rank": "stfq"}));
    assert!(ids.len() < 2 || hash(&s) != hash(&builtin), "weights change the STFQ run");
}

/// `file`'s slack rules replaced by `rules` (program policies) give the same hash.
fn same_slack(file: &str, rules: Value) {
    let s = load(file);
    let mut custom = s.clone();
    custom["slack"] = rules;
    assert_eq!(hash(&s), hash(&custom), "{file}");
}

fn program(name: &str, replace: &[(&str, &str)]) -> Value {
    let mut text = example(name).unwrap().text.to_string();
    for (from, to) in replace {
        assert!(text.contains(from), "{name} has {from}");
        text = text.replace(from, to);
    }
    json!({"policy": "program", "program": text})
}

#[test]
fn slack_tail() {
    same_slack("ups/objective-tail-fifo-plus.json", json!({"default": program("tail", &[])}));
}

#[test]
fn slack_mean_fct() {
    same_slack("ups/objective-mean-fct.json", json!({"default": program("mean_fct", &[])}));
}

#[test]
fn slack_fair() {
    for (file, r_est) in [("objective-fairness-rest-fair-share", "50Mbps"), ("objective-fairness-tcp", "5Mbps")] {
        let p = program("fair", &[("50Mbps", r_est)]);
        same_slack(&format!("ups/{file}.json"), json!({"default": p}));
    }
}

#[test]
fn slack_tenants() {
    same_slack("ups/objective-tenants-priority.json", json!({"default": program("tenants", &[])}));
    // The round-robin scenario has no offset: class 1 a constant 1 s.
    let p = program("tenants", &[("1s + 1000000000s", "1s")]);
    same_slack("ups/objective-tenants-round-robin.json", json!({"default": p}));
}

#[test]
fn queued_keys_are_the_program_ranks_in_their_unit() {
    // A port's key names the program's unit: FIFO's rank is a time (an instant, shown as a
    // deadline), LAS's a size, STFQ's a number; the built-in keeps the registry's "rank".
    use sched_sim::view::Unit;
    let unit = |params: Value| {
        let mut s = load("programmable/fig2-pifo.json");
        set_rank(&mut s, &params);
        let out = run_json(&s.to_string(), &RunOptions { seed: None, max_trace_events: Some(0) }).unwrap();
        let port = out.summary.ports.iter().find(|p| p.scheduler == "pifo").expect("a PIFO port");
        (port.key.label, port.key.unit)
    };
    let custom = |name: &str| unit(json!({"rank": "custom", "program": example(name).unwrap().text}));
    assert_eq!(custom("fifo"), ("program rank", Unit::Deadline));
    assert_eq!(custom("las"), ("program rank", Unit::Bytes));
    assert_eq!(custom("stfq"), ("program rank", Unit::Rank));
    assert_eq!(unit(json!({"rank": "fifo"})), ("rank", Unit::Rank));
}

#[test]
fn a_malformed_program_is_refused_with_its_line_and_column() {
    let mut s = load("programmable/fig2-pifo.json");
    set_rank(&mut s, &json!({"rank": "custom", "program": "flow f = 0B\nf = f + size\nrank f +"}));
    let e = run_json(&s.to_string(), &RunOptions::default()).err().expect("refused").to_string();
    assert!(e.ends_with(".params.program: line 3, column 9: expected an expression"), "{e}");
    let mut s = load("ups/objective-tail-fifo-plus.json");
    s["slack"] = json!({"default": {"policy": "program", "program": "slack size"}});
    let e = run_json(&s.to_string(), &RunOptions::default()).err().expect("refused").to_string();
    assert_eq!(e, "slack.default.program: line 1, column 7: the slack must be a time, not a size");
}
