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
//! The published files draw no map. Positions (for drawing only) put the core on a grid
//! where its 16 links cross nowhere and pass near no other router (found once by search, a
//! map-like west-to-east layout, `CORE_POS`), and fan each core router's edge routers and
//! hosts outwards into the widest gap between its core links, spaced so they do not touch.

use super::{spread, Graph, PresetInfo, BUFFER};
use crate::params::{Kind, Params, Spec};
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

/// Drawing positions of the core routers (x east, y south): no two core links cross.
const CORE_POS: [(f64, f64); 10] = [
    (4.0, 4.0),
    (2.0, 1.0),
    (4.0, 2.0),
    (8.0, 2.0),
    (6.0, 2.0),
    (6.0, 0.0),
    (8.0, 0.0),
    (8.0, 4.0),
    (10.0, 2.0),
    (10.0, 4.0),
];
/// Grid unit, and the radii of the edge routers' and hosts' fans around their core router: the
/// hosts half the shortest core link (12) away, so a fan reads beside the long core links;
/// less where another core link passes closer (`fan_scale`), down to MIN_SCALE.
const UNIT: f64 = 6.0;
const EDGE_R: f64 = 4.0;
const HOST_R: f64 = 6.0;
const MIN_SCALE: f64 = 0.47;
/// Room kept between a fan and the core links it is not part of.
const CLEAR: f64 = 1.5;
/// Wanted distance between neighbours on a fan (in drawing units).
const FAN_STEP: f64 = 0.6;

/// The direction (radians) of the middle of core router c's widest gap between its core
/// links, and that gap's width.
fn widest_gap(c: usize) -> (f64, f64) {
    let (x, y) = CORE_POS[c];
    let mut angles: Vec<f64> = CORE_LINKS
        .iter()
        .filter_map(|&(a, b, _)| {
            if a == c {
                Some(b)
            } else if b == c {
                Some(a)
            } else {
                None
            }
        })
        .map(|o| libm::atan2(CORE_POS[o].1 - y, CORE_POS[o].0 - x))
        .collect();
    angles.sort_by(f64::total_cmp);
    let tau = std::f64::consts::TAU;
    let mut best = (0.0, -1.0);
    for (i, &a) in angles.iter().enumerate() {
        let next = angles.get(i + 1).copied().unwrap_or(angles[0] + tau);
        if next - a > best.1 {
            best = (a + (next - a) / 2.0, next - a);
        }
    }
    best
}

/// Distance from p to the segment ab.
fn distance_to_segment(p: (f64, f64), a: (f64, f64), b: (f64, f64)) -> f64 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = dx * dx + dy * dy;
    let t = if len2 == 0.0 { 0.0 } else { (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2).clamp(0.0, 1.0) };
    ((p.0 - a.0 - t * dx).powi(2) + (p.1 - a.1 - t * dy).powi(2)).sqrt()
}

/// How much of the full fan (EDGE_R, HOST_R) core router c has room for: its hosts stay CLEAR
/// from the nearest core link that does not end at c.
fn fan_scale(c: usize) -> f64 {
    let grid = |i: usize| (CORE_POS[i].0 * UNIT, CORE_POS[i].1 * UNIT);
    let room = CORE_LINKS
        .iter()
        .filter(|&&(a, b, _)| a != c && b != c)
        .map(|&(a, b, _)| distance_to_segment(grid(c), grid(a), grid(b)))
        .fold(f64::INFINITY, f64::min);
    ((room - CLEAR) / HOST_R).clamp(MIN_SCALE, 1.0)
}

pub static PRESET: PresetInfo = PresetInfo {
    name: "internet2",
    summary: "The UPS paper's simplified Internet2: 10 core routers, 16 core links, edges and hosts.",
    reference: "Mittal et al., Universal Packet Scheduling (NSDI'16), Sec. 2.3 and its published topology files",
    params: &[
        Spec::text(
            "variant",
            "Link speeds: edge-host, as named in the paper",
            Kind::Choice { options: &["I2:1Gbps-10Gbps", "I2:1Gbps-1Gbps", "I2:10Gbps-10Gbps", "I2/10"] },
            "I2:1Gbps-10Gbps",
        ),
        Spec::int("edges_per_core", "Edge routers per core router (hosts per core in I2:10Gbps-10Gbps)", 1, 10, 10),
        Spec::int("hosts_per_edge", "Hosts per edge router", 1, 10, 1),
        Spec::text("buffer", "Every port's buffer (the paper's replays assume no drops)", BUFFER, "unlimited"),
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
    let core: Vec<String> =
        (0..10).map(|c| g.router(format!("c{c}"), CORE_POS[c].0 * UNIT, CORE_POS[c].1 * UNIT)).collect();
    for (a_, b_, m) in CORE_LINKS {
        let bw = Bandwidth::BitsPerSec(m * 1_000_000 / scale);
        g.link(&core[a_], &core[b_], bw, Time::ms(10), buf);
    }
    let at = |c: usize, r: f64, th: f64| {
        (CORE_POS[c].0 * UNIT + r * libm::cos(th), CORE_POS[c].1 * UNIT + r * libm::sin(th))
    };
    for (c, core_id) in core.iter().enumerate() {
        // The fan fills at most 85% of the widest gap, neighbours FAN_STEP apart: edge routers
        // on their arc, and each one's hosts side by side on the outer arc (an edge router
        // takes `hosts` steps there, one of them the space to the next router's hosts). A
        // narrow gap pushes the fan further out.
        let (mid, gap) = widest_gap(c);
        let width = gap * 0.85;
        let k = fan_scale(c);
        let (n, depth) = (edges as f64 - 1.0, (HOST_R - EDGE_R) * k);
        let per_edge = FAN_STEP * hosts as f64;
        let edge_r = (EDGE_R * k).max(FAN_STEP * n / width).max(per_edge * n / width - depth);
        let host_r = edge_r + depth;
        let span = ((FAN_STEP / edge_r).max(per_edge / host_r) * n).min(width);
        for (j, th) in spread(edges, mid, span).enumerate() {
            if variant == "I2:10Gbps-10Gbps" {
                let (x, y) = at(c, edge_r, th);
                let h = g.host(format!("h{c}_{j}"), x, y);
                g.link(core_id, &h, edge_bw, Time::ms(1), buf);
                continue;
            }
            let (x, y) = at(c, edge_r, th);
            let e = g.router(format!("e{c}_{j}"), x, y);
            g.link(core_id, &e, edge_bw, Time::ms(1), buf);
            // An edge router's hosts: beyond it, along the same ray, side by side FAN_STEP apart.
            for (k, th2) in spread(hosts, th, FAN_STEP * (hosts as f64 - 1.0) / host_r).enumerate() {
                let (x, y) = at(c, host_r, th2);
                let h = g.host(format!("h{c}_{j}_{k}"), x, y);
                g.link(&e, &h, host_bw, Time::ms(1), buf);
            }
        }
    }
    Ok(g)
}

#[cfg(test)]
mod tests {
    use super::super::expand_with;

    #[test]
    fn default_variant_has_the_published_size() {
        // 10 core + 100 edge routers + 100 hosts = 210 nodes; 16 + 100 + 100 = 216 links.
        let g = expand_with("internet2", "{}");
        assert_eq!((g.nodes.len(), g.links.len()), (210, 216));
        let g = expand_with("internet2", r#"{"variant": "I2:10Gbps-10Gbps"}"#);
        assert_eq!((g.nodes.len(), g.links.len()), (110, 116));
    }

    /// Segments ab and cd cross (strictly, away from their ends).
    fn cross(a: (f64, f64), b: (f64, f64), c: (f64, f64), d: (f64, f64)) -> bool {
        let o = |p: (f64, f64), q: (f64, f64), r: (f64, f64)| (q.0 - p.0) * (r.1 - p.1) - (q.1 - p.1) * (r.0 - p.0);
        o(a, b, c) * o(a, b, d) < 0.0 && o(c, d, a) * o(c, d, b) < 0.0
    }

    #[test]
    fn the_drawing_has_no_crossing_core_links_and_no_two_nodes_touch() {
        use super::{CORE_LINKS, CORE_POS};
        for (i, &(a, b, _)) in CORE_LINKS.iter().enumerate() {
            for &(c, d, _) in &CORE_LINKS[i + 1..] {
                if [a, b].contains(&c) || [a, b].contains(&d) {
                    continue;
                }
                assert!(!cross(CORE_POS[a], CORE_POS[b], CORE_POS[c], CORE_POS[d]), "c{a}-c{b} crosses c{c}-c{d}");
            }
        }
        for params in [r#"{}"#, r#"{"edges_per_core": 2}"#, r#"{"edges_per_core": 4, "hosts_per_edge": 3}"#] {
            let g = expand_with("internet2", params);
            let pos: Vec<(f64, f64)> = g.nodes.iter().map(|n| n.pos.map(|[x, y]| (x, y)).unwrap()).collect();
            let index = |id: &str| g.nodes.iter().position(|n| n.id == id).unwrap();
            let links: Vec<(usize, usize)> = g.links.iter().map(|l| (index(&l.from), index(&l.to))).collect();
            // Every pair of nodes at least 0.5 drawing units apart (the core routers are 12 apart).
            for (i, p) in pos.iter().enumerate() {
                for q in &pos[i + 1..] {
                    let d = ((p.0 - q.0).powi(2) + (p.1 - q.1).powi(2)).sqrt();
                    assert!(d >= 0.5, "{params}: nodes {p:?} and {q:?} are {d} apart");
                }
            }
            // No two links cross (a fan stays in its core router's gap, clear of the core links).
            for (i, &(a, b)) in links.iter().enumerate() {
                for &(c, d) in &links[i + 1..] {
                    if [a, b].contains(&c) || [a, b].contains(&d) {
                        continue;
                    }
                    let name = |n: usize| &g.nodes[n].id;
                    assert!(
                        !cross(pos[a], pos[b], pos[c], pos[d]),
                        "{params}: {}-{} crosses {}-{}",
                        name(a),
                        name(b),
                        name(c),
                        name(d)
                    );
                }
            }
            // A fan reads beside the long core links: each edge router as far from its core
            // router as its room allows, at least 4 * MIN_SCALE (1.88; the shortest core link is 12).
            for (i, &(a, b)) in links.iter().enumerate().skip(16) {
                if g.nodes[a].id.starts_with('c') {
                    let d = ((pos[a].0 - pos[b].0).powi(2) + (pos[a].1 - pos[b].1).powi(2)).sqrt();
                    assert!(
                        d >= 1.88 - 1e-9,
                        "{params}: link {i} ({} -> {}) is {d} long",
                        g.nodes[a].id,
                        g.nodes[b].id
                    );
                }
            }
            // And stays clear of the core links of other core routers: every edge router and
            // host at least 1.5 from each (a node drawn on a link would read as on its path).
            for (n, &p) in pos.iter().enumerate().filter(|(n, _)| !g.nodes[*n].id.starts_with('c')) {
                let own = index(&format!("c{}", g.nodes[n].id[1..].split('_').next().unwrap()));
                for &(a, b) in links[..16].iter().filter(|&&(a, b)| a != own && b != own) {
                    let d = super::distance_to_segment(p, pos[a], pos[b]);
                    let name = |n: usize| &g.nodes[n].id;
                    assert!(d >= 1.5, "{params}: {} is {d} from the link {}-{}", name(n), name(a), name(b));
                }
            }
        }
    }
}
