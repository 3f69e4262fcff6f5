//! The scenario as the page's editor edits it (`editable_text`).

use super::{strip_position, topology::expand_preset};
use crate::scenario::{NodeKind, ScenarioError, SchedulerSpec, Topology};

/// A part of a JSON document read as `T`, errors naming the field under `at`. It is read from
/// its text (not the `Value`), as `parse_format` reads a whole scenario: the wasm module then
/// holds one copy of the serde code of the scenario's types, not one per deserializer.
#[inline]
fn part<T: serde::de::DeserializeOwned>(v: &serde_json::Value, at: &str) -> Result<T, ScenarioError> {
    let text = v.to_string();
    let de = &mut serde_json::Deserializer::from_str(&text);
    serde_path_to_error::deserialize(de)
        .map_err(|e| ScenarioError::new(format!("{at}.{}", e.path()), strip_position(&e.into_inner().to_string())))
}

/// The scenario as the page's editor edits it: a preset topology replaced by explicit nodes
/// (with positions) and links ("load a preset, then edit it"), and `node_schedulers` folded
/// into the nodes (the same ports run the same schedulers); everything else as it was.
#[inline]
pub fn editable_text(text: &str) -> Result<String, ScenarioError> {
    use crate::units::format;
    let mut doc: serde_json::Value =
        serde_json::from_str(text).map_err(|e| ScenarioError::new("", format!("not JSON: {e}")))?;
    let Some(topology) = doc.get("topology") else {
        return Err(ScenarioError::new("topology", "missing field `topology`"));
    };
    let mut t: Topology = part(topology, "topology")?;
    expand_preset(&mut t)?;
    // node_schedulers override the nodes' own (`Scenario::port_scheduler`): fold them in.
    if let Some(by_node) = doc.get("node_schedulers") {
        let by_node: std::collections::BTreeMap<String, SchedulerSpec> = part(by_node, "node_schedulers")?;
        for n in &mut t.nodes {
            if let Some(spec) = by_node.get(&n.id) {
                n.scheduler = Some(Box::new(spec.clone()));
            }
        }
        doc.as_object_mut().expect("a JSON object has fields").remove("node_schedulers");
    }
    let spec = |s: &SchedulerSpec| serde_json::to_value(s).expect("plain data");
    let nodes: Vec<serde_json::Value> = t
        .nodes
        .iter()
        .map(|n| {
            let mut v = serde_json::json!({"id": n.id, "kind": match n.kind { NodeKind::Host => "host", NodeKind::Router => "router" }});
            if let Some(p) = n.pos {
                v["pos"] = serde_json::json!(p);
            }
            if let Some(s) = &n.scheduler {
                v["scheduler"] = spec(s);
            }
            if let Some(m) = &n.middlebox {
                let modules: Vec<serde_json::Value> = m
                    .modules
                    .iter()
                    .map(|m| serde_json::json!({"name": m.name, "a": m.a, "b": format::time(m.b.0)}))
                    .collect();
                v["middlebox"] = serde_json::json!({"modules": modules, "assign": m.assign});
                if let Some(s) = &m.scheduler {
                    v["middlebox"]["scheduler"] = spec(s);
                }
                if let Some(k) = m.link_queue {
                    v["middlebox"]["link_queue"] = k.into();
                }
                if let Some(b) = m.flow_queue {
                    v["middlebox"]["flow_queue"] = format::buffer(b.0).into();
                }
            }
            v
        })
        .collect();
    let links: Vec<serde_json::Value> = t
        .links
        .iter()
        .map(|l| {
            let mut v = serde_json::json!({
                "from": l.from, "to": l.to,
                "bandwidth": format::bandwidth(l.bandwidth.0), "delay": format::time(l.delay.0),
            });
            if let Some(b) = l.buffer {
                v["buffer"] = format::buffer(b.0).into();
            }
            if !l.schedulers.is_empty() {
                let mut by_owner = serde_json::Map::new();
                for (k, s) in &l.schedulers {
                    by_owner.insert(k.clone(), spec(s));
                }
                v["schedulers"] = by_owner.into();
            }
            v
        })
        .collect();
    doc["topology"] = serde_json::json!({"nodes": nodes, "links": links});
    Ok(serde_json::to_string_pretty(&doc).expect("plain data"))
}
