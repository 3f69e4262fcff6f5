//! k-ary fat-tree (Al-Fares et al., SIGCOMM'08), the datacenter topology of the UPS paper's
//! Table 1 (with 10 Gbps links): k pods of k/2 edge and k/2 aggregation switches,
//! (k/2)^2 core switches, k^3/4 hosts; every link has the same speed. Edge switch e of pod p
//! holds hosts `h{p}_{e}_{i}`; aggregation switch a of pod p connects to core switches
//! a*(k/2) .. a*(k/2)+k/2-1. Routing uses ECMP over the equal-cost paths.

use super::{buffer, spread, Graph, PresetInfo, RATE, TIME};
use crate::params::{Params, Spec};

pub static PRESET: PresetInfo = PresetInfo {
    name: "fat_tree",
    summary: "A k-ary fat-tree: k pods, (k/2)^2 core switches, k^3/4 hosts, full bisection bandwidth.",
    reference: "Al-Fares et al. (SIGCOMM'08); the datacenter topology of UPS (NSDI'16) Table 1",
    params: &[
        Spec::int("k", "Ports per switch (even)", 2, 16, 4),
        Spec::text("bandwidth", "Every link", RATE, "10Gbps"),
        Spec::text("delay", "Every link", TIME, "1us"),
        buffer("256KB"),
    ],
    expand,
};

fn expand(a: &Params) -> Result<Graph, (&'static str, String)> {
    let k = a.int("k") as usize;
    if !k.is_multiple_of(2) {
        return Err(("k", format!("must be even, got {k}")));
    }
    let h = k / 2;
    let (bw, d, buf) = (a.rate("bandwidth"), a.time("delay"), a.buffer("buffer"));
    let mut g = Graph::default();
    // Drawing: layers (core, aggregation, edge), each edge switch's hosts in a small grid
    // under it (one unit apart), pods side by side; about twice as wide as tall.
    let cols = (1..).find(|c| c * c >= h).unwrap_or(1);
    let edge_w = cols as f64 + 1.0;
    let pod_w = h as f64 * edge_w + 1.5;
    let width = k as f64 * pod_w;
    let (agg_y, edge_y, hosts_y) = (width * 0.2, width * 0.3, width * 0.37);
    let core: Vec<String> = spread(h * h, width / 2.0, width * 0.6)
        .enumerate()
        .map(|(i, x)| g.router(format!("core{i}"), x, 0.0))
        .collect();
    for p in 0..k {
        let pod_centre = (p as f64 + 0.5) * pod_w;
        let pod_span = (h as f64 - 1.0) * edge_w;
        let aggs: Vec<String> = spread(h, pod_centre, pod_span)
            .enumerate()
            .map(|(i, x)| g.router(format!("agg{p}_{i}"), x, agg_y))
            .collect();
        let edges: Vec<(String, f64)> = spread(h, pod_centre, pod_span)
            .enumerate()
            .map(|(i, x)| (g.router(format!("edge{p}_{i}"), x, edge_y), x))
            .collect();
        for (ai, agg) in aggs.iter().enumerate() {
            for c in 0..h {
                g.link(&core[ai * h + c], agg, bw, d, buf);
            }
            for (e, _) in &edges {
                g.link(agg, e, bw, d, buf);
            }
        }
        for (ei, (e, x)) in edges.iter().enumerate() {
            let left = x - (cols as f64 - 1.0) / 2.0;
            for i in 0..h {
                let host =
                    g.host(format!("h{p}_{ei}_{i}"), left + (i % cols) as f64, hosts_y + 1.5 * (i / cols) as f64);
                g.link(e, &host, bw, d, buf);
            }
        }
    }
    Ok(g)
}

#[cfg(test)]
mod tests {
    #[test]
    fn k4_has_the_textbook_counts() {
        // k = 4: 4 core + 8 agg + 8 edge switches, 16 hosts = 36 nodes;
        // links: core-agg 4*2*2 = 16, agg-edge 4*2*2 = 16, edge-host 16: 48.
        let g = super::super::expand_with("fat_tree", "{}");
        assert_eq!((g.nodes.len(), g.links.len()), (36, 48));
    }
}
