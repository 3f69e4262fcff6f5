//! Single bottleneck: N senders, each on its own access link into one router, which sends to
//! one receiver over the bottleneck link. The classroom topology.

use super::{buffer, spread, Graph, PresetInfo, RATE, TIME};
use crate::params::{Params, Spec};

pub static PRESET: PresetInfo = PresetInfo {
    name: "single_bottleneck",
    summary: "N senders, one router, one bottleneck link to one receiver.",
    reference: "The usual single-bottleneck setting (e.g. the LSTFCoDel and FSC experiments)",
    params: &[
        Spec::int("senders", "Number of sending hosts", 1, 1000, 4),
        Spec::text("access_bandwidth", "Sender to router", RATE, "100Mbps"),
        Spec::text("access_delay", "Sender to router", TIME, "1ms"),
        Spec::text("bottleneck_bandwidth", "Router to receiver", RATE, "10Mbps"),
        Spec::text("bottleneck_delay", "Router to receiver", TIME, "5ms"),
        buffer("64KB"),
    ],
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
