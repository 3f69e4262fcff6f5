//! Parking lot (FSC paper Sec. 3.5, Fig. 15): a chain of routers r0 .. rH whose H links are
//! each congested by their own cross traffic. The foreground host `src` (at r0) reaches
//! `dst` (at rH) across every congested link; cross hosts `x{i}_{j}` at r_i send to
//! `y{i}_{j}` at r_{i+1}, so each crosses exactly one congested link.
//!
//! As in the paper, the end-to-end propagation delay is fixed (10 ms by default) and split
//! evenly over the chain's links (to the nanosecond: the first `e2e mod hops` links get one
//! nanosecond more). Access links are fast (100 Mbps) with 0 delay; chosen here,
//! the paper does not give them.

use super::{buffer, spread, Graph, PresetInfo, RATE, TIME};
use crate::params::{Params, Spec};
use crate::time::Time;

pub static PRESET: PresetInfo = PresetInfo {
    name: "parking_lot",
    summary: "A chain of congested links, each with its own cross traffic (FSC Fig. 15).",
    reference: "Ng, Stephens, Stoica, Zhang, Fair Service Curve, Sec. 3.5, Fig. 15",
    params: &[
        Spec::int("hops", "Congested links in the chain", 1, 16, 3),
        Spec::int("cross_hosts", "Cross-traffic host pairs per congested link", 1, 20, 1),
        Spec::text("bandwidth", "Each congested link", RATE, "10Mbps"),
        Spec::text("end_to_end_delay", "Propagation along the whole chain, split evenly", TIME, "10ms"),
        Spec::text("access_bandwidth", "Every host's link", RATE, "100Mbps"),
        buffer("128KB"),
    ],
    expand,
};

fn expand(a: &Params) -> Result<Graph, (&'static str, String)> {
    let hops = a.int("hops") as u64;
    let cross = a.int("cross_hosts") as usize;
    let e2e = a.time("end_to_end_delay").as_ns();
    let per_link = |i: u64| Time(e2e / hops + u64::from(i < e2e % hops));
    let (bw, access, buf) = (a.rate("bandwidth"), a.rate("access_bandwidth"), a.buffer("buffer"));
    let mut g = Graph::default();
    let routers: Vec<String> = (0..=hops).map(|i| g.router(format!("r{i}"), 1.0 + 2.0 * i as f64, 0.0)).collect();
    let src = g.host("src", 0.0, 0.0);
    let dst = g.host("dst", 2.0 + 2.0 * hops as f64, 0.0);
    g.link(&src, &routers[0], access, Time::ZERO, buf);
    g.link(&routers[hops as usize], &dst, access, Time::ZERO, buf);
    for i in 0..hops as usize {
        g.link(&routers[i], &routers[i + 1], bw, per_link(i as u64), buf);
        for (j, dy) in spread(cross, 0.0, (cross as f64 - 1.0) * 0.4).enumerate() {
            let x = g.host(format!("x{i}_{j}"), 0.6 + 2.0 * i as f64, -1.2 + dy);
            let y = g.host(format!("y{i}_{j}"), 3.4 + 2.0 * i as f64, 1.2 + dy);
            g.link(&x, &routers[i], access, Time::ZERO, buf);
            g.link(&routers[i + 1], &y, access, Time::ZERO, buf);
        }
    }
    Ok(g)
}
