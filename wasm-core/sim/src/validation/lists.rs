//! A flow list's checks: its lines parse, every flow runs between two hosts, and each explicit
//! path joins two hosts over links through routers, one path per pair of ends.

use std::collections::BTreeSet;

use super::topology::{check_path, host};
use crate::scenario::{FlowListSpec, NodeKind};
use crate::time::Time;
use crate::traffic::flow_list::FLOW_LIST_PACKET;

/// Checks `l`, whose sources send in [start, stop); the packets its flows make there. Errors
/// are (field, message).
pub(super) fn check(
    l: &FlowListSpec,
    (start, stop): (Time, Time),
    kind_of: &impl Fn(&str) -> Option<NodeKind>,
    links: &BTreeSet<(&str, &str)>,
) -> Result<u128, (&'static str, String)> {
    let lines = crate::traffic::flow_list::parse(&l.flows, l.nodes.as_deref()).map_err(|m| ("flows", m))?;
    if let Some(nodes) = &l.nodes {
        if let Some(bad) = nodes.iter().find(|n| kind_of(n).is_none()) {
            return Err(("nodes", format!("unknown node \"{bad}\"")));
        }
    }
    let size = l.packet_size.map_or(FLOW_LIST_PACKET as u64, |q| q.0);
    let mut packets = 0u128;
    let mut listed = 0;
    for (k, f) in lines.iter().enumerate() {
        for end in [&f.src, &f.dst] {
            // Numbered ends were resolved through `nodes`, whose names are known; a router is not.
            host(kind_of, end).map_err(|m| ("flows", format!("flow {}: {m}", k + 1)))?;
        }
        if f.start >= start && f.start < stop {
            packets += f.size.div_ceil(size) as u128;
            listed += 1;
        }
    }
    if listed == 0 {
        return Err(("flows", "lists no flow that starts within the sources' [start, stop)".into()));
    }
    let mut ends = BTreeSet::new();
    for (j, p) in l.paths.iter().enumerate() {
        let (Some(a), Some(b)) = (p.first().filter(|_| p.len() >= 2), p.last()) else {
            return Err(("paths", format!("path {j} needs at least its two ends")));
        };
        host(kind_of, a).and_then(|_| host(kind_of, b)).map_err(|m| ("paths", format!("path {j}: {m}")))?;
        check_path(p, a, b, kind_of, links).map_err(|m| ("paths", format!("path {j}: {m}")))?;
        if !ends.insert((a, b)) {
            return Err(("paths", format!("path {j}: a second path from \"{a}\" to \"{b}\"")));
        }
    }
    Ok(packets)
}
