//! Dumbbell: N hosts on the left, N on the right, two routers joined by the bottleneck.
//! Left host i usually talks to right host i.

use super::{bottleneck_params, spread, Graph, PresetInfo};
use crate::params::{Params, Spec};

pub static PRESET: PresetInfo = PresetInfo {
    name: "dumbbell",
    summary: "N host pairs across one shared bottleneck between two routers.",
    reference: "The classic congestion-control topology (e.g. the dumbbell-10g benchmark)",
    params: &bottleneck_params(
        Spec::int("pairs", "Hosts on each side", 1, 2048, 4),
        "Host to router",
        "Router to router",
    ),
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
