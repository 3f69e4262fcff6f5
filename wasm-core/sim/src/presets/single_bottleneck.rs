//! Single bottleneck: N senders, each on its own access link into one router, which sends to
//! one receiver over the bottleneck link. The classroom topology.

use super::{spread, Graph, PresetInfo, BUFFER, RATE, TIME};
use crate::params::{Default, Kind, Params, Spec};

pub static PRESET: PresetInfo = PresetInfo {
    name: "single_bottleneck",
    summary: "N senders, one router, one bottleneck link to one receiver.",
    reference: "The usual single-bottleneck setting (e.g. the LSTFCoDel and FSC experiments)",
    params: &[
        Spec {
            name: "senders",
            description: "Number of sending hosts",
            kind: Kind::Int { min: 1, max: 1000 },
            default: Default::Int(4),
        },
        Spec {
            name: "access_bandwidth",
            description: "Sender to router",
            kind: RATE,
            default: Default::Text("100Mbps"),
        },
        Spec { name: "access_delay", description: "Sender to router", kind: TIME, default: Default::Text("1ms") },
        Spec {
            name: "bottleneck_bandwidth",
            description: "Router to receiver",
            kind: RATE,
            default: Default::Text("10Mbps"),
        },
        Spec { name: "bottleneck_delay", description: "Router to receiver", kind: TIME, default: Default::Text("5ms") },
        Spec { name: "buffer", description: "Every port's buffer", kind: BUFFER, default: Default::Text("64KB") },
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
