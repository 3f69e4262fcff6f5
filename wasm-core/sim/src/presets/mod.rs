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

use crate::params::{self, Kind, Params, Spec};
use crate::scenario::{BandwidthQ, BufferQ, LinkSpec, NodeKind, NodeSpec, TimeQ};
use crate::time::{Bandwidth, Time};
use crate::units::Buffer;

/// The kinds of the presets' quantities: any rate (links may be infinite), any time up to a
/// day, any buffer.
pub const RATE: Kind = Kind::Rate { min: 1, infinite: true };
pub const TIME: Kind = Kind::Time { min: Time::ZERO, max: Time(86_400_000_000_000) };
pub const BUFFER: Kind = Kind::Buffer { off: false };

/// Every preset's `buffer` parameter: the buffer of every port, `default` unless given.
pub const fn buffer(default: &'static str) -> Spec {
    Spec::text("buffer", "Every port's buffer", BUFFER, default)
}

/// The parameters of the presets with one bottleneck link (single_bottleneck, dumbbell):
/// `hosts`, how many hosts; the access links, described by `access`, at 100Mbps and 1ms; the
/// bottleneck, described by `bottleneck`, at 10Mbps and 5ms; 64KB buffers.
pub const fn bottleneck_params(hosts: Spec, access: &'static str, bottleneck: &'static str) -> [Spec; 6] {
    [
        hosts,
        Spec::text("access_bandwidth", access, RATE, "100Mbps"),
        Spec::text("access_delay", access, TIME, "1ms"),
        Spec::text("bottleneck_bandwidth", bottleneck, RATE, "10Mbps"),
        Spec::text("bottleneck_delay", bottleneck, TIME, "5ms"),
        buffer("64KB"),
    ]
}

/// Builds the graph; an error names the parameter at fault and the problem.
pub type Expand = fn(&Params) -> Result<Graph, (&'static str, String)>;

pub struct PresetInfo {
    pub name: &'static str,
    pub summary: &'static str,
    pub reference: &'static str,
    pub params: &'static [Spec],
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

/// The presets and their parameters (as the scheduler registry lists its parameters), for
/// the page's preset dialog and `cli presets`.
#[inline]
pub fn catalog_json() -> String {
    let all: Vec<serde_json::Value> = PRESETS
        .iter()
        .map(|p| {
            serde_json::json!({
                "name": p.name,
                "summary": p.summary,
                "reference": p.reference,
                "params": params::specs_json(p.params),
                "params_schema": params::params_schema(p.params),
            })
        })
        .collect();
    serde_json::to_string(&all).expect("plain data")
}

/// Expands a preset. Errors are `(path under topology, message)`.
pub fn expand(name: &str, given: &BTreeMap<String, serde_json::Value>) -> Result<Graph, (String, String)> {
    let info = PRESETS.iter().find(|p| p.name == name).ok_or_else(|| {
        let names: Vec<&str> = PRESETS.iter().map(|p| p.name).collect();
        ("preset".to_string(), format!("unknown preset \"{name}\" (known: {})", names.join(", ")))
    })?;
    let args = params::check(name, info.params, given, params::Context::NONE)?;
    let mut g = (info.expand)(&args).map_err(|(p, m)| (format!("params.{p}"), m))?;
    // The run keeps the scenario: no spare room from the vectors' doublings.
    g.nodes.shrink_to_fit();
    g.links.shrink_to_fit();
    Ok(g)
}

/// Expands a preset with its parameters written as JSON, for tests.
#[cfg(test)]
pub(crate) fn expand_with(name: &str, params: &str) -> Graph {
    let given: BTreeMap<String, serde_json::Value> = serde_json::from_str(params).unwrap();
    expand(name, &given).unwrap_or_else(|e| panic!("{name} {params}: {e:?}"))
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
        self.nodes.push(NodeSpec { id: id.clone(), kind, pos: Some([x, y]), scheduler: None, middlebox: None });
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
        assert_eq!(expand("fat_tree", &params(json!({"k": 3}))).err().unwrap().0, "params.k");
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
        assert_eq!((k["type"].as_str(), k["default"].as_i64(), k["min"].as_i64()), (Some("int"), Some(4), Some(2)));
    }
}
