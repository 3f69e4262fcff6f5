//! Packet reordering at receivers (AIFO, Yu et al., SIGCOMM'21, Sec. 5.1 "Packet reordering",
//! Figs. 12-13): PIFO serving the lowest rank first can deliver a flow's packets out of order
//! (with SRPT's remaining-size rank a later packet of a flow outranks an earlier one), AIFO's
//! single FIFO cannot.
//!
//! Definition: a data packet arrives out of order when its sequence number is below the
//! highest one its flow's receiver has already had. Retransmissions are not counted (a
//! retransmitted segment is late because of a loss, not because of the order the network
//! served it) but do not lower the highest either. Sequence numbers are the packet's number
//! in the flow (UDP) or the payload's byte offset (TCP family); ACKs are not data.
//!
//! The receiver order (Fig. 13: "the first 300 packets of the small flow logged at the
//! receiver") is kept for the first [`ORDER_FLOWS`] flows: the sequence numbers of their first
//! [`ORDER_PACKETS`] data arrivals, retransmissions included, in arrival order.

use crate::transport::Opt;

/// Flows (by index, from 0) whose receiver order is kept.
pub const ORDER_FLOWS: usize = 16;
/// Arrivals kept per flow (Fig. 13's 300).
pub const ORDER_PACKETS: usize = 300;

/// One flow's receiver.
#[derive(Clone, Debug, Default)]
pub struct FlowOrder {
    /// The highest sequence number received (16 B a flow with the count, where an `Option`
    /// would take 24).
    pub highest: Opt<u64>,
    /// First transmissions that arrived below `highest`.
    pub out_of_order: u64,
}

/// What an arrival was to its receiver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arrival {
    InOrder,
    OutOfOrder,
    Retransmission,
}

#[derive(Clone, Debug, Default)]
pub struct Reorder {
    pub flows: Vec<FlowOrder>,
    /// The first arrivals of the flows under [`ORDER_FLOWS`] (by flow index): sequence number
    /// and what it was. Apart from `flows`, which every flow has.
    pub orders: Vec<Vec<(u64, Arrival)>>,
}

impl Reorder {
    /// The receivers of `flows` flows (more are added as they arrive).
    pub fn new(flows: usize) -> Reorder {
        Reorder { flows: vec![FlowOrder::default(); flows], orders: Vec::new() }
    }

    /// A data packet of `flow` with sequence number `seq` reached its receiver.
    pub fn received(&mut self, flow: u32, seq: u64, retransmission: bool) {
        let i = flow as usize;
        if self.flows.len() <= i {
            self.flows.resize(i + 1, FlowOrder::default());
        }
        let f = &mut self.flows[i];
        let arrival = if retransmission {
            Arrival::Retransmission
        } else if f.highest.get().is_some_and(|h| seq < h) {
            Arrival::OutOfOrder
        } else {
            Arrival::InOrder
        };
        f.out_of_order += (arrival == Arrival::OutOfOrder) as u64;
        // A flow's sequence numbers (packets or bytes sent) stay below u64::MAX.
        f.highest = Opt::some(f.highest.get().map_or(seq, |h| h.max(seq)));
        if i < ORDER_FLOWS {
            if self.orders.len() <= i {
                self.orders.resize(i + 1, Vec::new());
            }
            let order = &mut self.orders[i];
            if order.len() < ORDER_PACKETS {
                order.push((seq, arrival));
            }
        }
    }

    /// Out-of-order arrivals of `flow` (0 if none arrived).
    pub fn out_of_order(&self, flow: usize) -> u64 {
        self.flows.get(flow).map_or(0, |f| f.out_of_order)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_arrivals_below_the_highest_received() {
        // Flow 0 arrives 0, 1, 4, 2, 3, 5, 3: the highest is 4 when 2 and 3 arrive (2 out of
        // order), then 5 when the second 3 arrives (a third). A retransmitted 1 after that is
        // not counted. Flow 1 arrives 7, 7, 8: an equal number is not below: none.
        let mut r = Reorder::default();
        for s in [0, 1, 4, 2, 3, 5, 3] {
            r.received(0, s, false);
        }
        r.received(0, 1, true);
        for s in [7, 7, 8] {
            r.received(1, s, false);
        }
        assert_eq!((r.out_of_order(0), r.out_of_order(1), r.out_of_order(2)), (3, 0, 0));
        assert_eq!(r.flows[0].highest.get(), Some(5));
        let seqs: Vec<u64> = r.orders[0].iter().map(|o| o.0).collect();
        assert_eq!(seqs, vec![0, 1, 4, 2, 3, 5, 3, 1]);
        let kinds: Vec<Arrival> = r.orders[0].iter().map(|o| o.1).collect();
        use Arrival::*;
        assert_eq!(kinds, vec![InOrder, InOrder, InOrder, OutOfOrder, OutOfOrder, InOrder, OutOfOrder, Retransmission]);
    }

    #[test]
    fn keeps_the_first_arrivals_of_the_first_flows_only() {
        let mut r = Reorder::default();
        for s in 0..(ORDER_PACKETS as u64 + 5) {
            r.received(0, s, false);
            r.received(ORDER_FLOWS as u32, s, false);
        }
        assert_eq!(r.orders[0].len(), ORDER_PACKETS);
        assert_eq!(r.orders.len(), 1, "flow 16 keeps no order");
        assert_eq!(r.out_of_order(ORDER_FLOWS), 0);
    }
}
