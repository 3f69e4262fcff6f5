use std::collections::BTreeMap;

use serde_json::json;

use super::*;

const SPECS: &[Spec] = &[
    Spec { name: "n", description: "", kind: Kind::Int { min: 1, max: 16 }, default: Default::Int(8) },
    Spec {
        name: "k",
        description: "",
        kind: Kind::Real { min: Bound::Closed(0.0), max: Bound::Open(1.0) },
        default: Default::Real(0.1),
    },
    Spec {
        name: "target",
        description: "",
        kind: Kind::Time { min: Time(1), max: Time(1_000_000_000) },
        default: Default::Text("5ms"),
    },
    Spec {
        name: "rate",
        description: "",
        kind: Kind::Rate { min: 1, infinite: false },
        default: Default::Text("1Mbps"),
    },
    Spec {
        name: "quantum",
        description: "",
        kind: Kind::Size { min: 1, max: 65_535 },
        default: Default::Text("1514B"),
    },
    Spec { name: "mark", description: "", kind: Kind::Buffer { off: true }, default: Default::Text("off") },
    Spec {
        name: "drop",
        description: "",
        kind: Kind::Choice { options: &["tail", "head"] },
        default: Default::Text("tail"),
    },
    Spec { name: "preemption", description: "", kind: Kind::Toggle, default: Default::Text("off") },
    Spec {
        name: "curve",
        description: "",
        kind: Kind::Curve,
        default: Default::Json(r#"{"m1": "4Mbps", "beta": "6000B", "m2": "1Mbps"}"#),
    },
    Spec {
        name: "weights",
        description: "",
        kind: Kind::List { per: Per::Class, item: &Kind::Real { min: Bound::Open(0.0), max: Bound::None } },
        default: Default::Real(1.0),
    },
    Spec {
        name: "quanta",
        description: "",
        kind: Kind::List { per: Per::Flow, item: &Kind::Size { min: 1, max: 65_535 } },
        default: Default::Text("1500B"),
    },
];

const FLOWS: &[String] = &[];

fn flows() -> Vec<String> {
    vec!["long".into(), "short".into()]
}

fn given(v: serde_json::Value) -> BTreeMap<String, serde_json::Value> {
    serde_json::from_value(v).unwrap()
}

fn check_with(v: serde_json::Value) -> Result<Params, (String, String)> {
    let f = flows();
    check("toy", SPECS, &given(v), Context { flows: &f })
}

#[test]
fn defaults_fill_every_parameter() {
    let p = check("toy", SPECS, &BTreeMap::new(), Context { flows: FLOWS }).unwrap();
    assert_eq!(p.int("n"), 8);
    assert_eq!(p.real("k"), 0.1);
    assert_eq!(p.time("target"), Time(5_000_000));
    assert_eq!(p.rate("rate"), Bandwidth::BitsPerSec(1_000_000));
    assert_eq!(p.size("quantum"), 1514);
    assert_eq!(p.buffer_or_off("mark"), None);
    assert_eq!((p.choice("drop"), p.toggle("preemption")), ("tail", false));
    assert_eq!(p.curve("curve"), Curve { m1: 4_000_000, knee: Knee::Burst(6000), m2: 1_000_000 });
    assert_eq!(p.list("weights").for_class(7), &Value::Real(1.0));
    assert_eq!(p.list("quanta").for_flow("anything"), &Value::Size(1500));
}

#[test]
fn values_are_read_in_their_units() {
    let p = check_with(json!({
        "n": 16, "k": 0.0, "target": "1.5ms", "rate": "2.5Gbps", "quantum": "1KiB", "mark": "20pkt",
        "drop": "head", "preemption": "on", "curve": {"m1": "0", "d": "10ms", "m2": "64Kbps"},
    }))
    .unwrap();
    assert_eq!((p.int("n"), p.real("k"), p.time("target")), (16, 0.0, Time(1_500_000)));
    assert_eq!((p.rate("rate"), p.size("quantum")), (Bandwidth::BitsPerSec(2_500_000_000), 1024));
    assert_eq!(p.buffer_or_off("mark"), Some(Buffer::Packets(20)));
    assert_eq!((p.choice("drop"), p.toggle("preemption")), ("head", true));
    assert_eq!(p.curve("curve"), Curve { m1: 0, knee: Knee::Delay(Time(10_000_000)), m2: 64_000 });
}

#[test]
fn lists_by_class_and_by_flow() {
    // An array: entry i for class i; classes beyond it get the spec's default (1).
    let p = check_with(json!({"weights": [1, 3]})).unwrap();
    let w = p.list("weights");
    assert_eq!(
        (w.for_class(0), w.for_class(1), w.for_class(2)),
        (&Value::Real(1.0), &Value::Real(3.0), &Value::Real(1.0))
    );
    // An object with "*" for every other class; a single value for all.
    let p = check_with(json!({"weights": {"2": 5, "*": 0.5}})).unwrap();
    assert_eq!(
        (p.list("weights").for_class(2), p.list("weights").for_class(0)),
        (&Value::Real(5.0), &Value::Real(0.5))
    );
    let p = check_with(json!({"weights": 2})).unwrap();
    assert_eq!(p.list("weights").for_class(200), &Value::Real(2.0));
    // Per flow, by traffic id.
    let p = check_with(json!({"quanta": {"short": "3000B"}})).unwrap();
    assert_eq!(
        (p.list("quanta").for_flow("short"), p.list("quanta").for_flow("long")),
        (&Value::Size(3000), &Value::Size(1500))
    );
}

#[test]
fn errors_name_the_field_and_the_problem() {
    let cases = [
        (json!({"nn": 1}), "params.nn", "toy has no parameter \"nn\""),
        (json!({"n": 0}), "params.n", "must be between 1 and 16, got 0"),
        (json!({"n": 2.5}), "params.n", "whole number"),
        (json!({"k": 1.0}), "params.k", "must be less than 1"),
        (json!({"k": -0.5}), "params.k", "must be at least 0"),
        (json!({"target": "0"}), "params.target", "must be at least 1ns"),
        (json!({"target": "2s"}), "params.target", "must be at most 1s"),
        (json!({"target": 5}), "params.target", "must be a string such as \"5ms\""),
        (json!({"rate": "inf"}), "params.rate", "finite"),
        (json!({"quantum": "0B"}), "params.quantum", "must be at least 1B"),
        (json!({"quantum": "64KiB"}), "params.quantum", "must be at most 65535B"),
        (json!({"mark": "unlimited"}), "params.mark", "use \"off\""),
        (json!({"drop": "middle"}), "params.drop", "must be one of tail, head"),
        (json!({"preemption": true}), "params.preemption", "\"on\" or \"off\""),
        (json!({"curve": {"m1": "1Mbps", "m2": "1Mbps"}}), "params.curve", "exactly one of d"),
        (json!({"curve": {"m1": "1Mbps", "d": "1ms", "m2": "0"}}), "params.curve.m2", "greater than zero"),
        (json!({"curve": {"m1": "1Mbps", "d": "1ms", "m2": "1Mbps", "x": 1}}), "params.curve.x", "only m1"),
        (json!({"weights": [1, 0]}), "params.weights[1]", "must be greater than 0"),
        (json!({"weights": {"a": 1}}), "params.weights.a", "a class is a number"),
        (json!({"quanta": {"nobody": "1B"}}), "params.quanta.nobody", "no flow \"nobody\""),
        (json!({"quanta": ["1B"]}), "params.quanta", "keyed by flow id"),
    ];
    for (v, path, needle) in cases {
        let e = check_with(v.clone()).expect_err(&v.to_string());
        assert_eq!(e.0, path, "{v} -> {e:?}");
        assert!(e.1.contains(needle), "{v} -> {e:?}");
    }
}

#[test]
fn registry_json_has_kinds_ranges_defaults_and_schemas() {
    let j = specs_json(SPECS);
    let by = |n: &str| j.as_array().unwrap().iter().find(|p| p["name"] == n).unwrap().clone();
    assert_eq!(by("quantum")["type"], "size");
    assert_eq!((by("quantum")["min"].as_str(), by("quantum")["max"].as_str()), (Some("1B"), Some("65535B")));
    assert_eq!((by("k")["max"].as_f64(), by("k")["max_open"].as_bool()), (Some(1.0), Some(true)));
    assert_eq!(by("weights")["per"], "class");
    assert_eq!(by("weights")["item"]["type"], "real");
    assert_eq!(by("curve")["default"]["beta"], "6000B");
    assert_eq!(by("mark")["schema"]["anyOf"][0]["const"], "off");
    let s = params_schema(SPECS);
    assert_eq!(s["additionalProperties"], false);
    assert_eq!(s["properties"]["n"]["maximum"], 16);
    assert_eq!(s["properties"]["k"]["exclusiveMaximum"], 1.0);
}
