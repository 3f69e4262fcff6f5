//! Leaf-spine, the AIFO paper's evaluation network (Sec. 6): 9 leaf switches, 4 spine
//! switches and 144 servers (16 per leaf), every leaf connected to every spine; access and
//! fabric links 10 Gbps / 40 Gbps, or 1 Gbps / 4 Gbps for the paper's slower variant.
//! Delay (1 us) and buffer (256 KB per port) are chosen here; the paper does not state them.

use super::{buffer, spread, Graph, PresetInfo, TIME};
use crate::params::{Kind, Params, Spec};
use crate::time::Bandwidth;

pub static PRESET: PresetInfo = PresetInfo {
    name: "leaf_spine",
    summary: "Leaf-spine: every leaf switch connects to every spine; servers hang off the leaves (AIFO's setting).",
    reference: "Yu et al., AIFO (SIGCOMM'21), Sec. 6: 9 leaves, 4 spines, 144 servers, 10G/40G or 1G/4G",
    params: &[
        Spec::int("leaves", "Leaf switches", 1, 64, 9),
        Spec::int("spines", "Spine switches", 1, 32, 4),
        Spec::int("servers", "Servers in all (spread evenly over the leaves)", 1, 4096, 144),
        Spec::text("speeds", "Access / fabric link speeds", Kind::Choice { options: &["10G/40G", "1G/4G"] }, "10G/40G"),
        Spec::text("delay", "Every link", TIME, "1us"),
        buffer("256KB"),
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
    // Drawing: each leaf's servers in a block of rows under it (a square-ish grid, one unit
    // apart), the leaves in a row above, the spines above them; about twice as wide as tall.
    let cols = (1..).find(|c| c * c >= per_leaf).unwrap_or(1);
    let block = cols as f64 + 1.5;
    let width = leaves as f64 * block;
    let (leaf_y, rows_y) = (width * 0.28, width * 0.36);
    let mut g = Graph::default();
    let spine: Vec<String> = spread(spines, width / 2.0, width * 0.6)
        .enumerate()
        .map(|(i, x)| g.router(format!("spine{i}"), x, 0.0))
        .collect();
    for l in 0..leaves {
        let x = (l as f64 + 0.5) * block;
        let leaf = g.router(format!("leaf{l}"), x, leaf_y);
        for s in &spine {
            g.link(s, &leaf, fabric, d, buf);
        }
        let left = x - (cols as f64 - 1.0) / 2.0;
        for i in 0..per_leaf {
            let h = g.host(format!("h{l}_{i}"), left + (i % cols) as f64, rows_y + 1.5 * (i / cols) as f64);
            g.link(&leaf, &h, access, d, buf);
        }
    }
    Ok(g)
}
