use serde_json::json;

use super::*;
use crate::scenario::{LIMITS, TRUSTED_LIMITS};

const BASE: &str = r#"{
  "format": "scheduler-playground/scenario", "version": 1, "name": "t", "seed": 7, "duration": "20ms",
  "topology": {
    "nodes": [{"id": "a", "kind": "host", "pos": [0, 0]}, {"id": "r", "kind": "router", "scheduler": {"name": "sjf"}},
              {"id": "b", "kind": "host"}],
    "links": [{"from": "a", "to": "r", "bandwidth": "100Mbps", "delay": "1ms"},
              {"from": "r", "to": "b", "bandwidth": "10Mbps", "delay": "1ms", "buffer": "15KB",
               "schedulers": {"r": {"name": "lifo"}}}]
  },
  "node_schedulers": {"r": {"name": "random"}},
  "traffic": [{"kind": "poisson", "id": "p", "src": "a", "dst": "b", "rate": "5Mbps", "packet_size": "1000B"}]
}"#;

fn sweep(axes: serde_json::Value, extra: serde_json::Value) -> String {
    let mut s =
        json!({"format": FORMAT, "version": 1, "name": "s", "base": "base.json", "axes": axes, "seeds": [1, 2]});
    for (k, v) in extra.as_object().unwrap() {
        s[k] = v.clone();
    }
    s.to_string()
}

fn load(p: &str) -> Result<String, String> {
    match p {
        "base.json" => Ok(BASE.to_string()),
        _ => Err(format!("{p}: no such file")),
    }
}

fn plan(axes: serde_json::Value, extra: serde_json::Value) -> Result<Plan, String> {
    Plan::parse(&sweep(axes, extra), &load, &TRUSTED_LIMITS).map_err(|e| e.to_string())
}

#[test]
fn grid_is_the_product_of_the_axes_with_the_seed_fastest() {
    let p = plan(
        json!([{"name": "rate", "path": "traffic[0].rate", "values": ["5Mbps", "12Mbps"]},
               {"path": "scheduler", "values": [{"name": "fifo"}, {"name": "sjf"}, {"name": "lifo"}]}]),
        json!({}),
    )
    .unwrap();
    assert_eq!(p.axes, ["rate", "scheduler"]);
    assert_eq!((p.points.len(), p.jobs()), (6, 12));
    assert_eq!(p.describe(4), "rate=12Mbps, scheduler=sjf");
    assert_eq!(p.job(9), (4, 2));
    let s: serde_json::Value = serde_json::from_str(&p.scenario_text(9)).unwrap();
    assert_eq!(s["seed"], 2);
    assert_eq!(s["traffic"][0]["rate"], "12Mbps");
    assert_eq!(p.columns().len(), 2 + 2 + table::default_metrics().len());
}

#[test]
fn ranges_and_cases() {
    let p = plan(
        json!([{"name": "k", "path": "traffic[0].packet_size", "values": ["500B", "1000B"]},
               {"name": "x", "range": {"from": 0.1, "to": 0.3, "step": 0.1}, "path": "description"}]),
        json!({}),
    );
    // description must be text: the error names the axis value that set it.
    assert_eq!(p.unwrap_err(), "axes[1].values[0]: description: invalid type: floating point `0.1`, expected a string");
    let p = plan(
        json!([{"name": "line", "cases": [
            {"value": "slow", "set": {"traffic[0].rate": "1Mbps", "scheduler": {"name": "fifo"}}},
            {"value": "fast", "set": {"traffic[0].rate": "9Mbps", "scheduler": {"name": "sjf"}}}]},
               {"name": "d", "path": "duration", "range": {"from": 10, "to": 30, "step": 10, "unit": "ms"}}]),
        json!({"set": {"traffic[0].packet_size": "500B"}, "seeds": [3]}),
    )
    .unwrap();
    assert_eq!(p.describe(5), "line=fast, d=30ms");
    let p = plan(
        json!([{"name": "x", "path": "topology.nodes[0].pos[0]", "range": {"from": 0.1, "to": 0.3, "step": 0.1}}]),
        json!({}),
    );
    // The range's third value is 0.3, not 0.30000000000000004.
    assert_eq!(p.unwrap().points[2].labels, [json!(0.3)]);
    let p = plan(json!([{"path": "seed", "values": [1, 2]}]), json!({}));
    assert_eq!(p.unwrap_err(), "axes[0].path: the seeds are the sweep's own list (seeds)");
}

#[test]
fn errors_name_the_sweep_field() {
    let e = |axes, extra| plan(axes, extra).unwrap_err();
    let rate = json!([{"path": "traffic[0].rate", "values": ["1Mbps"]}]);
    assert_eq!(
        e(json!([{"path": "traffic[3].rate", "values": [1]}]), json!({})),
        "axes[0].path: traffic[3].rate: traffic has 1 entries, so no [3]"
    );
    assert_eq!(
        e(json!([{"path": "traffic[0].rate", "values": ["fast"]}]), json!({})).split(':').next(),
        Some("axes[0].values[0]")
    );
    assert_eq!(e(json!([{"path": "traffic[0].rate", "values": []}]), json!({})), "axes[0]: give at least one value");
    assert_eq!(
        e(json!([{"path": "traffic[0].rate", "values": [1, 1.0]}]), json!({})),
        "axes[0].values[1]: repeats the value 1"
    );
    assert_eq!(
        e(json!([{"path": "x", "values": [1], "range": {"from": 1, "to": 2, "step": 1}}]), json!({})),
        "axes[0]: give exactly one of values, range or cases"
    );
    assert_eq!(e(json!([{"cases": [{"value": 1, "set": {"seed": 1}}]}]), json!({})), "axes[0].name: name a cases axis");
    assert_eq!(e(rate.clone(), json!({"seeds": []})), "seeds: give at least one seed");
    assert_eq!(e(rate.clone(), json!({"base": "nope.json"})), "base: nope.json: no such file");
    assert_eq!(e(rate.clone(), json!({"format": "x"})), "format: expected \"scheduler-playground/sweep\", found \"x\"");
    assert!(e(rate.clone(), json!({"metrics": [{"metric": "fct_avg"}]}))
        .starts_with("metrics[0].metric: unknown variant `fct_avg`"));
    assert_eq!(
        e(rate.clone(), json!({"metrics": [{"metric": "drop_fraction"}, {"metric": "drop_fraction"}]})),
        "metrics[1]: \"drop_fraction\" names another column: give it a name"
    );
    let check = |c: serde_json::Value| e(rate.clone(), json!({"checks": [c]}));
    assert_eq!(
        check(json!({"name": "c", "metric": "nope", "op": "<", "value": 1})),
        "checks[0].metric: no metric \"nope\" in this sweep's metrics"
    );
    assert_eq!(
        check(json!({"name": "c", "metric": "drop_fraction", "op": "<", "value": 1, "at": {"load": 1}})),
        "checks[0].at.load: no axis \"load\""
    );
    assert_eq!(
        check(json!({"name": "c", "metric": "drop_fraction", "op": "<", "versus": {"traffic[0].rate": "2Mbps"}})),
        "checks[0].versus.traffic[0].rate: the axis has no value 2Mbps"
    );
    assert_eq!(
        check(json!({"name": "c", "metric": "drop_fraction", "op": "<"})),
        "checks[0]: give exactly one of value or versus"
    );
    assert_eq!(e(rate, json!({"set": {"traffic[0].bogus": 1}})), "set.traffic[0].bogus: traffic[0]: unknown field `bogus`, expected one of `id`, `src`, `dst`, `rate`, `packet_size`, `packet_sizes`, `start`, `stop`, `class`, `path`");
    let t = sweep(json!([{"path": "duration", "values": ["1ms"]}]), json!({"set": {"traffic": []}, "axes": []}));
    // Nothing on the way names the field at fault: the point says where.
    assert!(Plan::parse(&t, &load, &TRUSTED_LIMITS).is_ok());
}

#[test]
fn untrusted_limits_apply_to_every_point() {
    let t = sweep(json!([{"path": "duration", "values": ["1ms", "2h"]}]), json!({}));
    let e = Plan::parse(&t, &load, &LIMITS).unwrap_err();
    assert_eq!(e.path, "axes[0].values[1]");
}

#[test]
fn rows_round_trip_through_csv_and_summarise_by_hand() {
    let p = plan(
        json!([{"name": "rate", "path": "traffic[0].rate", "values": ["5Mbps", "12Mbps"]}]),
        json!({"seeds": [1, 2, 3], "metrics": [{"metric": "drop_fraction"}, {"name": "d", "metric": "delay_mean_ns"}],
               "checks": [{"name": "more load, more drops", "metric": "drop_fraction", "at": {"rate": "12Mbps"}, "op": ">",
                           "versus": {"rate": "5Mbps"}},
                          {"name": "few drops", "metric": "drop_fraction", "op": "<", "value": 0.5}]}),
    )
    .unwrap();
    let rows: Vec<Row> = [(0, Some(0.0)), (1, Some(0.0)), (2, None), (3, Some(0.1)), (4, Some(0.2)), (5, Some(0.6))]
        .into_iter()
        .map(|(job, v)| Row { job, trace_hash: format!("h{job}"), values: vec![v, Some(1.5e6)] })
        .collect();
    let csv = p.csv(&rows);
    assert!(csv.starts_with("rate,seed,trace_hash,drop_fraction,d\n5Mbps,1,h0,0,1500000\n"));
    assert_eq!(p.parse_csv(&csv).unwrap(), rows);
    let s = p.summarize(&rows);
    // Point 0's drops: 0 and 0 (seed 3 undefined): n 2, mean 0, s 0.
    assert_eq!((s[0].n, s[0].mean, s[0].ci95), (2, Some(0.0), Some(0.0)));
    // Point 1's: 0.1, 0.2, 0.6 -> mean 0.3, s^2 = (0.04 + 0.01 + 0.09) / 2 = 0.07,
    // half width 4.303 x sqrt(0.07 / 3) = 0.65730...
    let d = &s[2];
    assert!((d.mean.unwrap() - 0.3).abs() < 1e-12 && (d.ci95.unwrap() - 4.303 * (0.07f64 / 3.0).sqrt()).abs() < 1e-12);
    let o = p.evaluate(&s);
    assert_eq!(o.len(), 3);
    assert!(o[0].passed && o[0].name == "more load, more drops [rate=12Mbps]", "{o:?}");
    assert!(o[1].passed && o[2].passed);
    assert!(p
        .summary_csv(&s)
        .starts_with("rate,metric,n,mean,std,ci95,ci95_low,ci95_high\n5Mbps,drop_fraction,2,0,0,0,0,0\n"));
    let other = plan(json!([{"name": "rate", "path": "traffic[0].rate", "values": ["5Mbps"]}]), json!({})).unwrap();
    assert!(other.parse_csv(&csv).unwrap_err().starts_with("its columns"));
}

#[test]
fn an_inlined_sweep_plans_the_same_jobs() {
    let p =
        plan(json!([{"path": "traffic[0].rate", "values": ["8Mbps", "12Mbps"]}]), json!({"set": {"duration": "5ms"}}))
            .unwrap();
    let q = Plan::parse(p.inlined(), &|_| Err("no files".into()), &TRUSTED_LIMITS).unwrap();
    assert_eq!(
        (0..p.jobs()).map(|j| p.scenario_text(j)).collect::<Vec<_>>(),
        (0..q.jobs()).map(|j| q.scenario_text(j)).collect::<Vec<_>>()
    );
}
