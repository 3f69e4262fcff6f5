//! Single bottleneck: N senders, each on its own access link into one router, which sends to
//! one receiver over the bottleneck link. The classroom topology.

use super::{bottleneck_params, spread, Graph, PresetInfo};
use crate::params::{Params, Spec};

pub static PRESET: PresetInfo = PresetInfo {
    name: "single_bottleneck",
    summary: "N senders, one router, one bottleneck link to one receiver.",
    reference: "The usual single-bottleneck setting (e.g. the LSTFCoDel and FSC experiments)",
    params: &bottleneck_params(
        Spec::int("senders", "Number of sending hosts", 1, 1000, 4),
        "Sender to router",
        "Router to receiver",
    ),
    expand,
};

fn expand(a: &Params) -> Result<Graph, (&'static str, String)> {
    let n = a.int("senders") as usize;
    let mut g = Graph::default();
    let router = g.router("r", 1.0, 0.0);
    let dst = g.host("dst", 2.0, 0.0);
    for (i, y) in spread(n, 0.0, (n as f64 - 1.0).max(0.0) * 0.5).enumerate() {
        let h = g.host(format!("h{i}"), 0.0, y);
        g.link(&h, &router, a.rate("access_bandwidth"), a.time("access_delay"), a.buffer("buffer"));
    }
    g.link(&router, &dst, a.rate("bottleneck_bandwidth"), a.time("bottleneck_delay"), a.buffer("buffer"));
    Ok(g)
}
