//! Leaf-spine, the AIFO paper's evaluation network (Sec. 6): 9 leaf switches, 4 spine
//! switches and 144 servers (16 per leaf), every leaf connected to every spine; access and
//! fabric links 10 Gbps / 40 Gbps, or 1 Gbps / 4 Gbps for the paper's slower variant.
//! Delay (1 us) and buffer (256 KB per port) are chosen here; the paper does not state them.

use super::{spread, Graph, PresetInfo, BUFFER, TIME};
use crate::params::{Default, Kind, Params, Spec};
use crate::time::Bandwidth;

pub static PRESET: PresetInfo = PresetInfo {
    name: "leaf_spine",
    summary: "Leaf-spine: every leaf switch connects to every spine; servers hang off the leaves (AIFO's setting).",
    reference: "Yu et al., AIFO (SIGCOMM'21), Sec. 6: 9 leaves, 4 spines, 144 servers, 10G/40G or 1G/4G",
    params: &[
        Spec {
            name: "leaves",
            description: "Leaf switches",
            kind: Kind::Int { min: 1, max: 64 },
            default: Default::Int(9),
        },
        Spec {
            name: "spines",
            description: "Spine switches",
            kind: Kind::Int { min: 1, max: 32 },
            default: Default::Int(4),
        },
        Spec {
            name: "servers",
            description: "Servers in all (spread evenly over the leaves)",
            kind: Kind::Int { min: 1, max: 4096 },
            default: Default::Int(144),
        },
        Spec {
            name: "speeds",
            description: "Access / fabric link speeds",
            kind: Kind::Choice { options: &["10G/40G", "1G/4G"] },
            default: Default::Text("10G/40G"),
        },
        Spec { name: "delay", description: "Every link", kind: TIME, default: Default::Text("1us") },
        Spec { name: "buffer", description: "Every port's buffer", kind: BUFFER, default: Default::Text("256KB") },
    ],
    expand,
};

fn expand(a: &Params) -> Result<Graph, (&'static str, String)> {
    let (leaves, spines, servers) = (a.int("leaves") as usize, a.int("spines") as usize, a.int("servers") as usize);
    if servers % leaves != 0 {
        return Err(("servers", format!("{servers} servers must divide evenly over the {leaves} leaves")));
    }
    let per_leaf = servers / leaves;
    let g_bps = 1_000_000_000;
    let (access, fabric) = match a.choice("speeds") {
        "1G/4G" => (Bandwidth::BitsPerSec(g_bps), Bandwidth::BitsPerSec(4 * g_bps)),
        _ => (Bandwidth::BitsPerSec(10 * g_bps), Bandwidth::BitsPerSec(40 * g_bps)),
    };
    let (d, buf) = (a.time("delay"), a.buffer("buffer"));
    let width = servers as f64;
    let mut g = Graph::default();
    let spine: Vec<String> = spread(spines, width / 2.0, width * 0.5)
        .enumerate()
        .map(|(i, x)| g.router(format!("spine{i}"), x, 0.0))
        .collect();
    for (l, x) in spread(leaves, width / 2.0, width * 0.9).enumerate() {
        let leaf = g.router(format!("leaf{l}"), x, 3.0);
        for s in &spine {
            g.link(s, &leaf, fabric, d, buf);
        }
        for (i, hx) in spread(per_leaf, x, width * 0.9 / leaves as f64 * 0.8).enumerate() {
            let h = g.host(format!("h{l}_{i}"), hx, 6.0);
            g.link(&leaf, &h, access, d, buf);
        }
    }
    Ok(g)
}
