//! The UPS paper's simplified Internet2 backbone (Sec. 2.3): 10 core routers and 16 core
//! links of 10 ms, from the topology files published with the paper (see
//! `shared/data/internet2-ups.md`; capacities in Mbps below).
//!
//! Variants (edge link / host link):
//! - `I2:1Gbps-10Gbps` (default): each core router c has `edges_per_core` edge routers
//!   `e{c}_{j}` on 1 Gbps, 1 ms links; each edge router has `hosts_per_edge` hosts
//!   `h{c}_{j}_{k}` on 10 Gbps, 1 ms links.
//! - `I2:1Gbps-1Gbps`: the same with 1 Gbps host links.
//! - `I2:10Gbps-10Gbps`: no edge routers; each core router has `edges_per_core` hosts
//!   `h{c}_{j}` on 10 Gbps, 1 ms links (the published files' 110-node variant).
//! - `I2/10`: `I2:1Gbps-1Gbps` with every capacity, core included, divided by 10.
//!
//! The published files draw no map; positions here put the core on a circle in node order
//! with edges and hosts fanned outwards (a choice, for drawing only).

use super::{spread, Graph, PresetInfo, BUFFER};
use crate::params::{Default, Kind, Params, Spec};
use crate::time::{Bandwidth, Time};

/// (a, b, Mbps) for the 16 core links.
pub const CORE_LINKS: [(usize, usize, u64); 16] = [
    (0, 1, 5556),
    (0, 2, 7778),
    (0, 3, 14445),
    (1, 2, 3334),
    (2, 4, 3334),
    (1, 5, 5556),
    (4, 5, 1112),
    (3, 5, 3334),
    (3, 4, 5556),
    (5, 6, 4445),
    (3, 6, 10000),
    (3, 7, 14445),
    (7, 8, 1112),
    (6, 8, 8889),
    (8, 9, 2223),
    (7, 9, 7778),
];

pub static PRESET: PresetInfo = PresetInfo {
    name: "internet2",
    summary: "The UPS paper's simplified Internet2: 10 core routers, 16 core links, edges and hosts.",
    reference: "Mittal et al., Universal Packet Scheduling (NSDI'16), Sec. 2.3 and its published topology files",
    params: &[
        Spec {
            name: "variant",
            description: "Link speeds: edge-host, as named in the paper",
            kind: Kind::Choice { options: &["I2:1Gbps-10Gbps", "I2:1Gbps-1Gbps", "I2:10Gbps-10Gbps", "I2/10"] },
            default: Default::Text("I2:1Gbps-10Gbps"),
        },
        Spec {
            name: "edges_per_core",
            description: "Edge routers per core router (hosts per core in I2:10Gbps-10Gbps)",
            kind: Kind::Int { min: 1, max: 10 },
            default: Default::Int(10),
        },
        Spec {
            name: "hosts_per_edge",
            description: "Hosts per edge router",
            kind: Kind::Int { min: 1, max: 10 },
            default: Default::Int(1),
        },
        Spec {
            name: "buffer",
            description: "Every port's buffer (the paper's replays assume no drops)",
            kind: BUFFER,
            default: Default::Text("unlimited"),
        },
    ],
    expand,
};

fn mbps(m: u64) -> Bandwidth {
    Bandwidth::BitsPerSec(m * 1_000_000)
}

fn expand(a: &Params) -> Result<Graph, (&'static str, String)> {
    let variant = a.choice("variant");
    let (edges, hosts, buf) = (a.int("edges_per_core") as usize, a.int("hosts_per_edge") as usize, a.buffer("buffer"));
    let scale = if variant == "I2/10" { 10 } else { 1 };
    let (edge_bw, host_bw) = match variant {
        "I2:1Gbps-10Gbps" => (mbps(1000), mbps(10_000)),
        "I2:1Gbps-1Gbps" => (mbps(1000), mbps(1000)),
        "I2:10Gbps-10Gbps" => (mbps(10_000), mbps(10_000)),
        _ => (mbps(100), mbps(100)),
    };
    let mut g = Graph::default();
    let angle = |c: usize| std::f64::consts::TAU * c as f64 / 10.0;
    let core: Vec<String> =
        (0..10).map(|c| g.router(format!("c{c}"), 10.0 * angle(c).cos(), 10.0 * angle(c).sin())).collect();
    for (a_, b_, m) in CORE_LINKS {
        let bw = Bandwidth::BitsPerSec(m * 1_000_000 / scale);
        g.link(&core[a_], &core[b_], bw, Time::ms(10), buf);
    }
    for (c, core_id) in core.iter().enumerate() {
        let fan: Vec<f64> = spread(edges, angle(c), 0.5).collect();
        for (j, &th) in fan.iter().enumerate() {
            if variant == "I2:10Gbps-10Gbps" {
                let h = g.host(format!("h{c}_{j}"), 14.0 * th.cos(), 14.0 * th.sin());
                g.link(core_id, &h, edge_bw, Time::ms(1), buf);
                continue;
            }
            let e = g.router(format!("e{c}_{j}"), 14.0 * th.cos(), 14.0 * th.sin());
            g.link(core_id, &e, edge_bw, Time::ms(1), buf);
            for (k, th2) in spread(hosts, th, 0.04).enumerate() {
                let h = g.host(format!("h{c}_{j}_{k}"), 17.0 * th2.cos(), 17.0 * th2.sin());
                g.link(&e, &h, host_bw, Time::ms(1), buf);
            }
        }
    }
    Ok(g)
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    #[test]
    fn default_variant_has_the_published_size() {
        // 10 core + 100 edge routers + 100 hosts = 210 nodes; 16 + 100 + 100 = 216 links.
        let g = super::super::expand("internet2", &BTreeMap::new()).unwrap();
        assert_eq!((g.nodes.len(), g.links.len()), (210, 216));
        let p: BTreeMap<String, serde_json::Value> =
            serde_json::from_str(r#"{"variant": "I2:10Gbps-10Gbps"}"#).unwrap();
        let g = super::super::expand("internet2", &p).unwrap();
        assert_eq!((g.nodes.len(), g.links.len()), (110, 116));
    }
}
