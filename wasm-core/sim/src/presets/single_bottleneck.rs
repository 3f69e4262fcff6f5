//! Single bottleneck: N senders, each on its own access link into one router, which sends to
//! one receiver over the bottleneck link. The classroom topology.

use super::{spread, Args, Default, Graph, Param, ParamKind, PresetInfo, Unit};

pub static PRESET: PresetInfo = PresetInfo {
    name: "single_bottleneck",
    summary: "N senders, one router, one bottleneck link to one receiver.",
    reference: "The usual single-bottleneck setting (e.g. the LSTFCoDel and FSC experiments)",
    params: &[
        Param {
            name: "senders",
            description: "Number of sending hosts",
            kind: ParamKind::Int { min: 1, max: 1000 },
            default: Default::Int(4),
        },
        Param {
            name: "access_bandwidth",
            description: "Sender to router",
            kind: ParamKind::Quantity { unit: Unit::Bandwidth },
            default: Default::Text("100Mbps"),
        },
        Param {
            name: "access_delay",
            description: "Sender to router",
            kind: ParamKind::Quantity { unit: Unit::Time },
            default: Default::Text("1ms"),
        },
        Param {
            name: "bottleneck_bandwidth",
            description: "Router to receiver",
            kind: ParamKind::Quantity { unit: Unit::Bandwidth },
            default: Default::Text("10Mbps"),
        },
        Param {
            name: "bottleneck_delay",
            description: "Router to receiver",
            kind: ParamKind::Quantity { unit: Unit::Time },
            default: Default::Text("5ms"),
        },
        Param {
            name: "buffer",
            description: "Every port's buffer",
            kind: ParamKind::Quantity { unit: Unit::Buffer },
            default: Default::Text("64KB"),
        },
    ],
    expand,
};

fn expand(a: &Args) -> Result<Graph, String> {
    let n = a.int("senders") as usize;
    let mut g = Graph::default();
    let router = g.router("r", 1.0, 0.0);
    let dst = g.host("dst", 2.0, 0.0);
    for (i, y) in spread(n, 0.0, (n as f64 - 1.0).max(0.0) * 0.5).enumerate() {
        let h = g.host(format!("h{i}"), 0.0, y);
        g.link(&h, &router, a.bandwidth("access_bandwidth"), a.time("access_delay"), a.buffer("buffer"));
    }
    g.link(&router, &dst, a.bandwidth("bottleneck_bandwidth"), a.time("bottleneck_delay"), a.buffer("buffer"));
    Ok(g)
}
