//! Dumbbell: N hosts on the left, N on the right, two routers joined by the bottleneck.
//! Left host i usually talks to right host i.

use super::{spread, Graph, PresetInfo, BUFFER, RATE, TIME};
use crate::params::{Default, Kind, Params, Spec};

pub static PRESET: PresetInfo = PresetInfo {
    name: "dumbbell",
    summary: "N host pairs across one shared bottleneck between two routers.",
    reference: "The classic congestion-control topology (e.g. the dumbbell-10g benchmark)",
    params: &[
        Spec {
            name: "pairs",
            description: "Hosts on each side",
            kind: Kind::Int { min: 1, max: 2048 },
            default: Default::Int(4),
        },
        Spec { name: "access_bandwidth", description: "Host to router", kind: RATE, default: Default::Text("100Mbps") },
        Spec { name: "access_delay", description: "Host to router", kind: TIME, default: Default::Text("1ms") },
        Spec {
            name: "bottleneck_bandwidth",
            description: "Router to router",
            kind: RATE,
            default: Default::Text("10Mbps"),
        },
        Spec { name: "bottleneck_delay", description: "Router to router", kind: TIME, default: Default::Text("5ms") },
        Spec { name: "buffer", description: "Every port's buffer", kind: BUFFER, default: Default::Text("64KB") },
    ],
    expand,
};

fn expand(a: &Params) -> Result<Graph, (&'static str, String)> {
    let n = a.int("pairs") as usize;
    let mut g = Graph::default();
    let left = g.router("rl", 1.0, 0.0);
    let right = g.router("rr", 2.0, 0.0);
    let span = (n as f64 - 1.0).max(0.0) * 0.5;
    for (i, y) in spread(n, 0.0, span).enumerate() {
        let l = g.host(format!("l{i}"), 0.0, y);
        let r = g.host(format!("r{i}"), 3.0, y);
        g.link(&l, &left, a.rate("access_bandwidth"), a.time("access_delay"), a.buffer("buffer"));
        g.link(&right, &r, a.rate("access_bandwidth"), a.time("access_delay"), a.buffer("buffer"));
    }
    g.link(&left, &right, a.rate("bottleneck_bandwidth"), a.time("bottleneck_delay"), a.buffer("buffer"));
    Ok(g)
}
