//! Congestion points (UPS Sec. 2.2, App. A) and schedules as the paper's Figs. 8-10
//! tabulate them.
//!
//! A packet's congestion points: the routers on its path where it waits, or could be made to
//! wait. The paper defines them as nodes where a packet is "forced to wait during a given
//! schedule" and shades them grey in its figures: nodes with a nonzero transmission time that
//! several packets cross. Fig. 9 shows why the theorems need the shading: packet a does not
//! wait at a1 in the original, yet a1 is one of its two congestion points, and the priority
//! replay makes it wait there. So a hop is a congestion point when the packet waited there in
//! the original, or its port has a nonzero transmission time for it and another packet of the
//! schedule crosses that port. Elsewhere a packet can wait in no schedule and no replay (the
//! port sends it in no time, or nobody else is there), which is what the proofs of App. A.6
//! and A.7 use. (The replay report's `by_congestion_points` counts the hops where a packet
//! waited, the paper's words applied to the original alone.)

use std::collections::BTreeMap;

use crate::network::Network;
use crate::packet::PortId;
use crate::record::Recorded;
use crate::replay::report::{is_overdue, late_by};
use crate::results::replay::{ScheduleTable, TableHop, TablePacket};

/// Tables are made for schedules of at most this many packets.
pub const TABLE_PACKETS: usize = 200;

/// Per packet, per hop of its record: a congestion point? (The host hop, 0, never is.)
pub fn congestion_points(packets: &[&Recorded], net: &Network) -> Vec<Vec<bool>> {
    let mut crossing: BTreeMap<PortId, u32> = BTreeMap::new();
    for p in packets {
        for h in &p.hops[1..] {
            *crossing.entry(h.port).or_default() += 1;
        }
    }
    packets
        .iter()
        .map(|p| {
            p.hops
                .iter()
                .enumerate()
                .map(|(k, h)| {
                    let contended = || {
                        net.ports[h.port as usize].bandwidth.tx_time(p.size as u64).as_ns() > 0
                            && crossing[&h.port] >= 2
                    };
                    k > 0 && (h.start > h.arrive || contended())
                })
                .collect()
        })
        .collect()
}

/// App. A.6's congestion point a_p of a packet, as a hop index: its only one; with several,
/// the one where it waited longest (the first of equals); with none (it can wait nowhere, so
/// its priority is never compared), its last router.
pub fn a6_hop(p: &Recorded, points: &[bool]) -> usize {
    let mut best: Option<(u64, usize)> = None;
    for (k, h) in p.hops.iter().enumerate().skip(1) {
        if points[k] {
            let wait = h.start - h.arrive;
            if best.is_none_or(|(w, _)| wait > w) {
                best = Some((wait, k));
            }
        }
    }
    best.map_or(p.hops.len() - 1, |(_, k)| k)
}

/// The table of `packets` (by original id, in order), with the times of `times` (the same
/// packets' records: the original's, or a replay's; None where a replay did not finish one).
pub fn table(
    unit_ns: u64,
    net: &Network,
    packets: &[&Recorded],
    points: &[Vec<bool>],
    times: &[Option<&Recorded>],
    name: &dyn Fn(u64) -> String,
) -> ScheduleTable {
    let packets = packets
        .iter()
        .zip(points)
        .zip(times)
        .map(|((p, cp), r)| TablePacket {
            id: p.id,
            name: name(p.id),
            flow: p.flow,
            exit_ns: r.map(|r| r.exit_time()),
            late: is_overdue(p.exit_time(), r.map(|r| r.exit_time())),
            late_by_ns: late_by(p.exit_time(), r.map(|r| r.exit_time())),
            congestion_points: cp.iter().filter(|&&c| c).count() as u32,
            hops: p.hops[1..]
                .iter()
                .enumerate()
                .map(|(k, h)| {
                    let at = r.and_then(|r| r.hops.get(k + 1));
                    TableHop {
                        node: net.ports[h.port as usize].node,
                        port: h.port,
                        congestion_point: cp[k + 1],
                        arrive_ns: at.map(|x| x.arrive),
                        start_ns: at.map(|x| x.first_start),
                        resumed_ns: at.filter(|x| x.start != x.first_start).map(|x| x.start),
                        depart_ns: at.map(|x| x.depart),
                    }
                })
                .collect(),
        })
        .collect();
    ScheduleTable { unit_ns, packets }
}
