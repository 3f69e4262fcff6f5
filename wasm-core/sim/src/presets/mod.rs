//! Topology presets: named generators of nodes (with drawing positions) and links, with
//! parameters. A scenario's `{"preset": NAME, "params": {...}}` is expanded here before
//! anything else reads the topology, so every later stage sees explicit nodes and links.
//! Where a paper leaves a detail out, the preset's file says what was chosen.

mod dumbbell;
mod fat_tree;
mod internet2;
mod leaf_spine;
mod parking_lot;
mod single_bottleneck;

use std::collections::BTreeMap;

use serde::Serialize;

use crate::scenario::{BandwidthQ, BufferQ, LinkSpec, NodeKind, NodeSpec, TimeQ};
use crate::time::{Bandwidth, Time};
use crate::units::{self, Buffer};

/// The type and range of a preset parameter.
#[derive(Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ParamKind {
    Int { min: i64, max: i64 },
    Choice { options: &'static [&'static str] },
    Quantity { unit: Unit },
}

#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Unit {
    Bandwidth,
    Time,
    Buffer,
}

#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum Default {
    Int(i64),
    Text(&'static str),
}

#[derive(Debug, Serialize)]
pub struct Param {
    pub name: &'static str,
    pub description: &'static str,
    #[serde(flatten)]
    pub kind: ParamKind,
    pub default: Default,
}

pub type Expand = fn(&Args) -> Result<Graph, String>;

#[derive(Serialize)]
pub struct PresetInfo {
    pub name: &'static str,
    pub summary: &'static str,
    pub reference: &'static str,
    pub params: &'static [Param],
    #[serde(skip)]
    pub expand: Expand,
}

pub static PRESETS: &[&PresetInfo] = &[
    &single_bottleneck::PRESET,
    &dumbbell::PRESET,
    &parking_lot::PRESET,
    &internet2::PRESET,
    &fat_tree::PRESET,
    &leaf_spine::PRESET,
];

pub fn catalog_json() -> String {
    serde_json::to_string(PRESETS).expect("plain data")
}

/// Checked parameter values, defaults filled in.
pub struct Args {
    ints: BTreeMap<&'static str, i64>,
    texts: BTreeMap<&'static str, String>,
}

impl Args {
    pub fn int(&self, name: &str) -> i64 {
        self.ints[name]
    }
    pub fn text(&self, name: &str) -> &str {
        &self.texts[name]
    }
    pub fn bandwidth(&self, name: &str) -> Bandwidth {
        units::parse_bandwidth(self.text(name)).expect("checked in expand")
    }
    pub fn time(&self, name: &str) -> Time {
        units::parse_time(self.text(name)).expect("checked in expand")
    }
    pub fn buffer(&self, name: &str) -> Buffer {
        units::parse_buffer(self.text(name)).expect("checked in expand")
    }
}

/// Expands a preset. Errors are `(path under topology, message)`.
pub fn expand(name: &str, params: &BTreeMap<String, serde_json::Value>) -> Result<Graph, (String, String)> {
    let info = PRESETS.iter().find(|p| p.name == name).ok_or_else(|| {
        let names: Vec<&str> = PRESETS.iter().map(|p| p.name).collect();
        ("preset".to_string(), format!("unknown preset \"{name}\" (known: {})", names.join(", ")))
    })?;
    for key in params.keys() {
        if !info.params.iter().any(|p| p.name == key) {
            let names: Vec<&str> = info.params.iter().map(|p| p.name).collect();
            return Err((
                format!("params.{key}"),
                format!("{name} has no parameter \"{key}\" (it has: {})", names.join(", ")),
            ));
        }
    }
    let mut args = Args { ints: BTreeMap::new(), texts: BTreeMap::new() };
    for p in info.params {
        let path = format!("params.{}", p.name);
        let given = params.get(p.name);
        match (&p.kind, &p.default) {
            (ParamKind::Int { min, max }, Default::Int(d)) => {
                let v = match given {
                    None => *d,
                    Some(v) => v.as_i64().ok_or_else(|| (path.clone(), format!("must be a whole number, got {v}")))?,
                };
                if v < *min || v > *max {
                    return Err((path, format!("must be between {min} and {max}, got {v}")));
                }
                args.ints.insert(p.name, v);
            }
            (kind, Default::Text(d)) => {
                let v = match given {
                    None => d.to_string(),
                    Some(v) => {
                        v.as_str().ok_or_else(|| (path.clone(), format!("must be a string, got {v}")))?.to_string()
                    }
                };
                let ok = match kind {
                    ParamKind::Choice { options } => {
                        if options.contains(&v.as_str()) {
                            Ok(())
                        } else {
                            Err(format!("must be one of {}, got \"{v}\"", options.join(", ")))
                        }
                    }
                    ParamKind::Quantity { unit: Unit::Bandwidth } => units::parse_bandwidth(&v).map(|_| ()),
                    ParamKind::Quantity { unit: Unit::Time } => units::parse_time(&v).map(|_| ()),
                    ParamKind::Quantity { unit: Unit::Buffer } => units::parse_buffer(&v).map(|_| ()),
                    ParamKind::Int { .. } => unreachable!("ints have int defaults"),
                };
                ok.map_err(|m| (path, m))?;
                args.texts.insert(p.name, v);
            }
            (_, Default::Int(_)) => unreachable!("only int parameters have int defaults"),
        }
    }
    (info.expand)(&args).map_err(|m| ("params".to_string(), m))
}

/// Nodes and links under construction.
#[derive(Default)]
pub struct Graph {
    pub nodes: Vec<NodeSpec>,
    pub links: Vec<LinkSpec>,
}

impl Graph {
    pub fn node(&mut self, id: impl Into<String>, kind: NodeKind, x: f64, y: f64) -> String {
        let id = id.into();
        self.nodes.push(NodeSpec { id: id.clone(), kind, pos: Some([x, y]), scheduler: None });
        id
    }
    pub fn host(&mut self, id: impl Into<String>, x: f64, y: f64) -> String {
        self.node(id, NodeKind::Host, x, y)
    }
    pub fn router(&mut self, id: impl Into<String>, x: f64, y: f64) -> String {
        self.node(id, NodeKind::Router, x, y)
    }
    pub fn link(&mut self, from: &str, to: &str, bandwidth: Bandwidth, delay: Time, buffer: Buffer) {
        self.links.push(LinkSpec {
            from: from.to_string(),
            to: to.to_string(),
            bandwidth: BandwidthQ(bandwidth),
            delay: TimeQ(delay),
            buffer: Some(BufferQ(buffer)),
            schedulers: BTreeMap::new(),
        });
    }
}

/// `n` evenly spaced positions centred on `centre` over `span`.
pub fn spread(n: usize, centre: f64, span: f64) -> impl Iterator<Item = f64> {
    let step = if n > 1 { span / (n - 1) as f64 } else { 0.0 };
    let first = centre - step * (n as f64 - 1.0) / 2.0;
    (0..n).map(move |i| first + step * i as f64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn params(v: serde_json::Value) -> BTreeMap<String, serde_json::Value> {
        serde_json::from_value(v).unwrap()
    }

    #[test]
    fn every_preset_expands_with_its_defaults() {
        for p in PRESETS {
            let g = expand(p.name, &BTreeMap::new()).unwrap_or_else(|e| panic!("{}: {e:?}", p.name));
            assert!(g.nodes.len() >= 3 && !g.links.is_empty(), "{}", p.name);
            assert!(g.nodes.iter().all(|n| n.pos.is_some()), "{}: positions", p.name);
        }
    }

    #[test]
    fn parameter_errors_name_the_parameter() {
        assert_eq!(expand("fat_tree", &params(json!({"k": 3}))).err().unwrap().0, "params");
        assert_eq!(expand("fat_tree", &params(json!({"k": 40}))).err().unwrap().0, "params.k");
        assert_eq!(expand("fat_tree", &params(json!({"kk": 4}))).err().unwrap().0, "params.kk");
        assert_eq!(
            expand("dumbbell", &params(json!({"bottleneck_bandwidth": "fast"}))).err().unwrap().0,
            "params.bottleneck_bandwidth"
        );
        assert_eq!(expand("nope", &BTreeMap::new()).err().unwrap().0, "preset");
    }

    #[test]
    fn catalog_is_json_with_params() {
        let v: serde_json::Value = serde_json::from_str(&catalog_json()).unwrap();
        let ft = v.as_array().unwrap().iter().find(|p| p["name"] == "fat_tree").unwrap();
        let k = ft["params"].as_array().unwrap().iter().find(|p| p["name"] == "k").unwrap();
        assert_eq!((k["type"].as_str(), k["default"].as_i64()), (Some("int"), Some(4)));
    }
}
