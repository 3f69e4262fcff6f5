//! The receiver order of the first flows (AIFO Figs. 12-13; see `metrics::reorder`).

use serde::Serialize;

use crate::metrics::reorder::{Arrival, Reorder};

results_type! {
/// A flow's first data arrivals at its receiver, in arrival order (up to 300, Fig. 13's
/// count; kept for the first 16 flows).
pub struct ReceiverOrderOut {
    /// The flow's index in `flows`.
    pub flow: u32,
    /// Each arrival's sequence number: the packet's number in the flow (UDP) or the payload's
    /// byte offset (TCP family).
    pub seq: Vec<u64>,
    /// Positions (in `seq`) of the arrivals that were retransmissions.
    pub retransmissions: Vec<u32>,
    /// Positions (in `seq`) of the arrivals that were out of order: below the highest sequence
    /// number received before them, not retransmissions.
    pub late: Vec<u32>,
    /// Data packets of the flow that arrived with a sequence number below the highest already
    /// received (retransmissions not counted), over the whole run.
    pub out_of_order: u64,
}
}

/// The receiver order of every flow that kept one, in flow order.
pub fn receiver_order(r: &Reorder) -> Vec<ReceiverOrderOut> {
    r.orders
        .iter()
        .enumerate()
        .filter(|(_, order)| !order.is_empty())
        .map(|(i, order)| ReceiverOrderOut {
            flow: i as u32,
            seq: order.iter().map(|o| o.0).collect(),
            retransmissions: positions(order, Arrival::Retransmission),
            late: positions(order, Arrival::OutOfOrder),
            out_of_order: r.out_of_order(i),
        })
        .collect()
}

fn positions(order: &[(u64, Arrival)], kind: Arrival) -> Vec<u32> {
    order.iter().enumerate().filter(|(_, o)| o.1 == kind).map(|(j, _)| j as u32).collect()
}
