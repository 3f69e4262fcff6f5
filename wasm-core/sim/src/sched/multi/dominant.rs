//! The queues MR3 (`mr3`) and the MR-tradeoff scheduler (`mr_tradeoff`) share: one drop-tail
//! FIFO per flow, each packet keyed by its dominant processing time, the larger of its CPU and
//! link times in ns (the key the page shows).

use std::collections::BTreeMap;

use crate::packet::Packet;
use crate::sched::parts::buffer::Limits;
use crate::sched::parts::lanes::{Entry, Lanes, QueueKind};
use crate::sched::{Admission, Verdicts};
use crate::time::Time;
use crate::units::Buffer;

/// One drop-tail FIFO per flow, within `buffer`.
pub fn flow_lanes(buffer: Buffer) -> Lanes<()> {
    Lanes::new(QueueKind::Flow, Vec::new(), Limits::tail(buffer)).expect("drop-tail flow lanes")
}

/// Queues `pkt` in its flow's FIFO, keyed by its dominant time among `costs` (<CPU, link>).
pub fn push(lanes: &mut Lanes<()>, now: Time, pkt: Packet, costs: [Time; 2], v: &mut Verdicts) -> Admission {
    let dominant = costs[0].max(costs[1]).as_ns() as i64;
    let l = lanes.lane_of(&pkt);
    lanes.push(now, l, pkt, dominant, (), v)
}

/// The first `limit` packets of each backlogged flow, by flow: what a snapshot replays the
/// service order over.
pub fn views(lanes: &Lanes<()>, limit: usize) -> BTreeMap<u32, Vec<Entry<()>>> {
    lanes.backlogged().map(|l| (lanes.lane(l).id as u32, lanes.view(l, limit))).collect()
}
