//! Edge-CoDel (UPS, Mittal et al., NSDI'16, Sec. 4): CoDel's drop decisions moved from the
//! routers' queues to the egress, per flow, on each packet's queueing delay across the whole
//! network, which the slack header carries: initial slack minus current slack (every port
//! takes its wait off the slack, whatever it schedules by).
//!
//! Principles:
//! - One CoDel state per flow and direction (data and ACKs apart), with FQ-CoDel's control
//!   law, target and interval (the `aqm::codel` component, fed one packet at a time).
//! - The egress cannot see a flow's queue empty, so the interval is refreshed instead when
//!   two consecutive packets of the flow were sent by the source more than `refresh` apart
//!   (the paper finds 2-4 x target, 10-20 ms, works; it uses 20 ms).
//! - Drops (reason `edge_aqm`; with `ecn`, CE marks) happen at the egress port, after the
//!   packet has waited there too.
//!
//! Invariant: a flow's state only changes when one of its packets leaves the egress.

use std::collections::BTreeMap;

use super::codel::{Codel, CodelParams};
use crate::packet::Packet;
use crate::time::Time;
use crate::verdicts::{DropReason, Verdicts};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EdgeCodelParams {
    pub codel: CodelParams,
    /// Refresh the interval when consecutive send times differ by more than this.
    pub refresh: Time,
}

#[derive(Debug)]
struct FlowCodel {
    codel: Codel,
    /// The latest send time seen from the flow.
    last_sent: Time,
}

#[derive(Debug)]
pub struct EdgeCodel {
    params: EdgeCodelParams,
    flows: BTreeMap<(u32, bool), FlowCodel>,
}

impl EdgeCodel {
    pub fn new(params: EdgeCodelParams) -> EdgeCodel {
        EdgeCodel { params, flows: BTreeMap::new() }
    }

    /// `pkt` leaves the egress at `now` (its slack already net of the wait here): the packet
    /// to send, or None if Edge-CoDel dropped it into `v`.
    pub fn filter(&mut self, now: Time, pkt: Packet, v: &mut Verdicts) -> Option<Packet> {
        let codel = self.params.codel;
        let f = self
            .flows
            .entry((pkt.flow, pkt.is_ack()))
            .or_insert_with(|| FlowCodel { codel: Codel::new(codel), last_sent: pkt.created });
        if pkt.created.saturating_sub(f.last_sent) > self.params.refresh {
            f.codel.refresh(now);
        }
        f.last_sent = f.last_sent.max(pkt.created);
        let queued = Time(pkt.initial_slack().saturating_sub(pkt.slack()).max(0) as u64);
        f.codel.on_packet(now, queued, pkt, v, DropReason::EdgeAqm)
    }

    /// Time in the dropping state summed over the flows up to `now`, and entries.
    pub fn dropping(&self, now: Time) -> (Time, u64) {
        self.flows
            .values()
            .fold((Time::ZERO, 0), |(t, n), f| (t + f.codel.stats.dropping_until(now), n + f.codel.stats.entries))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const P: EdgeCodelParams = EdgeCodelParams {
        codel: CodelParams { target: Time::ms(5), interval: Time::ms(100), ecn: false },
        refresh: Time::ms(20),
    };

    /// A packet of `flow` sent at `sent` ms that has lost `queued` ms of slack in the network.
    fn pkt(id: u64, flow: u32, sent: u64, queued: u64) -> Packet {
        let mut p = Packet::new(id, flow, id, 1000, Time::ms(sent));
        p.set_initial_slack(1_000_000_000);
        p.set_slack(p.initial_slack() - (queued * 1_000_000) as i64);
        p
    }

    /// Flow 1's packets leave one per ms over `1..=to` ms, the one leaving at t ms sent at
    /// `sent(t)` ms, each having queued 10 ms across the network: the ms at which one was dropped.
    fn flow_1_drops(e: &mut EdgeCodel, v: &mut Verdicts, to: u64, sent: impl Fn(u64) -> u64) -> Vec<u64> {
        (1..=to).filter(|&t| e.filter(Time::ms(t), pkt(t, 1, sent(t), 10), v).is_none()).collect()
    }

    #[test]
    fn drops_by_the_control_law_on_the_network_queueing_delay() {
        // Flow 1's packets leave every ms, sent every ms (no refresh), each having queued
        // 10 ms across the network: above target from the first, at 1 ms; OK to drop from
        // 101 ms (dropping entered with a drop, count 1, next drop at 201 ms), then at 201
        // and 201 + 70.710678 = 271.71 -> the packet leaving at 272 ms.
        let mut e = EdgeCodel::new(P);
        let mut v = Verdicts::default();
        assert_eq!(flow_1_drops(&mut e, &mut v, 300, |t| t), vec![101, 201, 272]);
        assert!(v.drops.iter().all(|d| d.reason == DropReason::EdgeAqm));
        // Another flow with no queueing is untouched.
        assert!(e.filter(Time::ms(301), pkt(999, 2, 300, 0), &mut v).is_some());
    }

    #[test]
    fn a_gap_in_send_times_refreshes_the_interval() {
        // Above target from 1 ms, but the source paused: the packet leaving at 60 ms was sent
        // 30 ms after the previous one (> 20 ms): the interval restarts at 60 ms, so the first
        // drop comes at 160 ms instead of 101 ms.
        let mut e = EdgeCodel::new(P);
        let mut v = Verdicts::default();
        assert_eq!(flow_1_drops(&mut e, &mut v, 170, |t| if t < 60 { t } else { t + 30 }), vec![160]);
    }
}
