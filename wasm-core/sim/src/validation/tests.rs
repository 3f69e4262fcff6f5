//! Validation's unit tests.
use super::*;

const GOOD: &str = r#"{
  "format": "scheduler-playground/scenario", "version": 1, "name": "t", "seed": 1, "duration": "10ms",
  "topology": {
    "nodes": [{"id": "a", "kind": "host"}, {"id": "r", "kind": "router"}, {"id": "b", "kind": "host"}],
    "links": [{"from": "a", "to": "r", "bandwidth": "1Gbps", "delay": "1us"},
              {"from": "r", "to": "b", "bandwidth": "1Gbps", "delay": "1us", "buffer": "10KB"}]
  },
  "traffic": [{"kind": "cbr", "id": "f", "src": "a", "dst": "b", "rate": "100Mbps", "packet_size": "1500B"}]
}"#;

fn with(from: &str, to: &str) -> Result<Scenario, ScenarioError> {
    parse(&GOOD.replacen(from, to, 1))
}

#[test]
fn accepts_a_good_scenario() {
    let s = parse(GOOD).unwrap();
    assert_eq!(s.duration.0, Time::ms(10));
    assert_eq!(s.traffic.len(), 1);
}

#[test]
fn errors_name_the_field() {
    let cases = [
        (
            r#""bandwidth": "1Gbps", "delay": "1us"}"#,
            r#""bandwidth": "fast", "delay": "1us"}"#,
            "topology.links[0].bandwidth",
            "fast",
        ),
        (r#""version": 1"#, r#""version": 2"#, "version", "version 1"),
        (r#""duration": "10ms""#, r#""duration": "0ms""#, "duration", "greater than zero"),
        (r#"{"id": "b", "kind": "host"}"#, r#"{"id": "a", "kind": "host"}"#, "topology.nodes[2].id", "duplicate"),
        (r#""from": "r", "to": "b""#, r#""from": "r", "to": "r""#, "topology.links[1].to", "itself"),
        (r#""from": "r", "to": "b""#, r#""from": "r", "to": "zz""#, "topology.links[1].to", "unknown node"),
        (r#""dst": "b""#, r#""dst": "r""#, "traffic[0].dst", "router"),
        (r#""rate": "100Mbps""#, r#""rate": "inf""#, "traffic[0].rate", "finite"),
        (r#""kind": "router"}"#, r#""kind": "switch"}"#, "topology.nodes[1].kind", "switch"),
        (r#""seed": 1"#, r#""seed": -1"#, "seed", ""),
        (r#""name": "t""#, r#""name": "t", "colour": "red""#, "colour", "unknown field"),
        (r#""format": "scheduler-playground/scenario""#, r#""format": "other""#, "format", "other"),
    ];
    for (from, to, path, needle) in cases {
        let e = with(from, to).expect_err(to);
        assert_eq!(e.path, path, "{to} -> {e}");
        assert!(e.message.contains(needle), "{to} -> {e}");
    }
}

/// An ON-OFF source's `burst_packets` (FSC Fig. 14's video frames): each refusal names its
/// field. At 100 Mbps a 1500 B packet takes 120 us, so 60 packets need 7.2 ms of `on`.
#[test]
fn burst_packets_errors_name_the_field() {
    let onoff = |extra: &str| {
        format!(
            r#""kind": "onoff", "id": "f", "src": "a", "dst": "b", "rate": "100Mbps", "packet_size": "1500B", "on": "5ms", "off": "5ms"{extra}"#
        )
    };
    let from = r#""kind": "cbr", "id": "f", "src": "a", "dst": "b", "rate": "100Mbps", "packet_size": "1500B""#;
    assert!(with(from, &onoff(r#", "burst_packets": [41, 1]"#)).is_ok(), "41 x 120 us = 4.92 ms fits in 5 ms");
    let cases = [
        (r#", "burst_packets": [3, 0]"#, "traffic[0].burst_packets", "not 0"),
        (r#", "burst_packets": []"#, "traffic[0].burst_packets", "1 to 1000"),
        (r#", "burst_packets": [60]"#, "traffic[0].on", "7200000 ns"),
        (r#", "burst_packets": [3], "periods": "exponential""#, "traffic[0].periods", "periodic"),
    ];
    for (extra, path, needle) in cases {
        let e = with(from, &onoff(extra)).expect_err(extra);
        assert_eq!(e.path, path, "{extra} -> {e}");
        assert!(e.message.contains(needle), "{extra} -> {e}");
    }
}

#[test]
fn syntax_errors_keep_their_position() {
    let e = parse("{\"format\": ").unwrap_err();
    assert!(e.message.contains("line 1"), "{e}");
}

#[test]
fn refuses_runaway_sources() {
    let e = with(r#""rate": "100Mbps""#, r#""rate": "100Tbps""#).unwrap_err();
    assert_eq!(e.path, "traffic[0].rate");
    let e = with(r#""duration": "10ms""#, r#""duration": "2h""#).unwrap_err();
    assert_eq!(e.path, "duration");
}

#[test]
fn port_schedulers_follow_the_precedence_and_editing_folds_node_schedulers() {
    let text = r#"{
      "format": "scheduler-playground/scenario", "version": 1, "name": "t", "seed": 1, "duration": "1ms",
      "topology": {
        "nodes": [{"id": "a", "kind": "host"}, {"id": "r", "kind": "router", "scheduler": {"name": "sjf"}},
                  {"id": "s", "kind": "router"}, {"id": "b", "kind": "host"}],
        "links": [{"from": "a", "to": "r", "bandwidth": "1Gbps", "delay": "1us", "schedulers": {"r": {"name": "lstf"}}},
                  {"from": "r", "to": "s", "bandwidth": "1Gbps", "delay": "1us"},
                  {"from": "s", "to": "b", "bandwidth": "1Gbps", "delay": "1us"}]
      },
      "default_scheduler": {"name": "fq"},
      "node_schedulers": {"s": {"name": "fifo_plus"}},
      "traffic": []
    }"#;
    let v: serde_json::Value = serde_json::from_str(&port_schedulers_text(text).unwrap()).unwrap();
    let by = |node: &str, to: &str| {
        let p = v.as_array().unwrap().iter().find(|p| p["node"] == node && p["to"] == to).unwrap();
        let c = &p["choices"][0];
        (c["scheduler"]["name"].as_str().unwrap().to_string(), c["from"].as_str().unwrap().to_string())
    };
    // The link's choice beats the node's; node_schedulers beat the default; a host never
    // takes the routers' default.
    assert_eq!(by("r", "a"), ("lstf".into(), "topology.links[0].schedulers.r".into()));
    assert_eq!(by("r", "s"), ("sjf".into(), "topology.nodes[1].scheduler".into()));
    assert_eq!(by("s", "b"), ("fifo_plus".into(), "node_schedulers.s".into()));
    assert_eq!(by("a", "r"), ("fifo".into(), String::new()));
    // What r's port towards a would run without the link's choice: the node's, then the
    // default, then FIFO.
    let r_a = v.as_array().unwrap().iter().find(|p| p["node"] == "r" && p["to"] == "a").unwrap();
    let names: Vec<&str> =
        r_a["choices"].as_array().unwrap().iter().map(|c| c["scheduler"]["name"].as_str().unwrap()).collect();
    assert_eq!(names, vec!["lstf", "sjf", "fq", "fifo"]);
    // Editing: node_schedulers move into the nodes, and every port keeps its scheduler.
    let edited = editable_text(text).unwrap();
    let e: serde_json::Value = serde_json::from_str(&edited).unwrap();
    assert!(e.get("node_schedulers").is_none());
    assert_eq!(e["topology"]["nodes"][2]["scheduler"]["name"], "fifo_plus");
    assert_eq!(
        port_schedulers_text(&edited).unwrap(),
        port_schedulers_text(text).unwrap().replace("node_schedulers.s", "topology.nodes[2].scheduler")
    );
}

// `compare`/`middlebox` are not read without `full` (`first::refuse_unread`).
#[cfg(feature = "full")]
#[test]
fn editing_keeps_every_middlebox_field() {
    // The page edits the editable text: a field it leaves out would silently change the run
    // (Fig. 6's 200-packet flow queues were lost that way).
    let text = include_str!("../../../../scenarios/middlebox/fig6-isolation-alpha-100.json");
    let e: serde_json::Value = serde_json::from_str(&editable_text(text).unwrap()).unwrap();
    let mb = &e["topology"]["nodes"][1]["middlebox"];
    assert_eq!((mb["flow_queue"].as_str(), mb["link_queue"].as_u64()), (Some("200pkt"), Some(8)));
    assert_eq!(mb["scheduler"]["params"]["alpha"], 1.0);
    assert_eq!(mb["assign"]["m3"], "ipsec");
}
