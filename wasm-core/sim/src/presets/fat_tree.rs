//! k-ary fat-tree (Al-Fares et al., SIGCOMM'08), the datacenter topology of the UPS paper's
//! Table 1 (with 10 Gbps links): k pods of k/2 edge and k/2 aggregation switches,
//! (k/2)^2 core switches, k^3/4 hosts; every link has the same speed. Edge switch e of pod p
//! holds hosts `h{p}_{e}_{i}`; aggregation switch a of pod p connects to core switches
//! a*(k/2) .. a*(k/2)+k/2-1. Routing uses ECMP over the equal-cost paths.

use super::{spread, Graph, PresetInfo, BUFFER, RATE, TIME};
use crate::params::{Default, Kind, Params, Spec};

pub static PRESET: PresetInfo = PresetInfo {
    name: "fat_tree",
    summary: "A k-ary fat-tree: k pods, (k/2)^2 core switches, k^3/4 hosts, full bisection bandwidth.",
    reference: "Al-Fares et al. (SIGCOMM'08); the datacenter topology of UPS (NSDI'16) Table 1",
    params: &[
        Spec {
            name: "k",
            description: "Ports per switch (even)",
            kind: Kind::Int { min: 2, max: 16 },
            default: Default::Int(4),
        },
        Spec { name: "bandwidth", description: "Every link", kind: RATE, default: Default::Text("10Gbps") },
        Spec { name: "delay", description: "Every link", kind: TIME, default: Default::Text("1us") },
        Spec { name: "buffer", description: "Every port's buffer", kind: BUFFER, default: Default::Text("256KB") },
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
    let width = (k * h * h) as f64; // hosts across the bottom row
    let core: Vec<String> = spread(h * h, width / 2.0, width * 0.6)
        .enumerate()
        .map(|(i, x)| g.router(format!("core{i}"), x, 0.0))
        .collect();
    for p in 0..k {
        let pod_centre = (p as f64 + 0.5) * width / k as f64;
        let pod_span = width / k as f64 * 0.7;
        let aggs: Vec<String> =
            spread(h, pod_centre, pod_span).enumerate().map(|(i, x)| g.router(format!("agg{p}_{i}"), x, 2.0)).collect();
        let edges: Vec<String> = spread(h, pod_centre, pod_span)
            .enumerate()
            .map(|(i, x)| g.router(format!("edge{p}_{i}"), x, 4.0))
            .collect();
        for (ai, agg) in aggs.iter().enumerate() {
            for c in 0..h {
                g.link(&core[ai * h + c], agg, bw, d, buf);
            }
            for e in &edges {
                g.link(agg, e, bw, d, buf);
            }
        }
        for (ei, e) in edges.iter().enumerate() {
            let x0 = pod_centre - pod_span / 2.0 + ei as f64 * pod_span / (h as f64 - 1.0).max(1.0);
            for (i, x) in spread(h, x0, 0.8).enumerate() {
                let host = g.host(format!("h{p}_{ei}_{i}"), x, 6.0);
                g.link(e, &host, bw, d, buf);
            }
        }
    }
    Ok(g)
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    #[test]
    fn k4_has_the_textbook_counts() {
        // k = 4: 4 core + 8 agg + 8 edge switches, 16 hosts = 36 nodes;
        // links: core-agg 4*2*2 = 16, agg-edge 4*2*2 = 16, edge-host 16: 48.
        let g = super::super::expand("fat_tree", &BTreeMap::new()).unwrap();
        assert_eq!((g.nodes.len(), g.links.len()), (36, 48));
    }
}
