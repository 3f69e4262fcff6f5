//! The engine's side of RC3 (`transport::rc3`): the low-priority loop's paced sends and the
//! SACK scoreboard's share of the ACKs. The flow's primary loop is the TCP pump's.

use super::{Engine, Ev};
use crate::packet::{flags, Packet};
use crate::transport::TimerKind;

impl Engine {
    /// An ACK reached an RC3 flow's source: the scoreboard takes its SACK block. Whether the
    /// primary loop should see it (always, for other transports).
    pub(super) fn rc3_ack(&mut self, pkt: &Packet) -> bool {
        let flow = pkt.flow;
        let (Some(r), Some(c)) = (self.net.rc3.get_mut(&flow), self.net.conns[flow as usize].as_deref()) else {
            return true;
        };
        let sack = pkt.sack();
        sack == u64::MAX || r.on_ack(pkt.seq, sack, c.sender.snd_una())
    }

    /// Starts an RC3 flow's low-priority loop once, with the flow's first window.
    pub(super) fn rlp_start(&mut self, flow: crate::packet::FlowId) {
        if self.net.rc3.get_mut(&flow).is_some_and(|r| r.start()) {
            self.rlp_send(flow);
        }
    }

    /// The low-priority loop at line rate: when nothing waits at the source's access port
    /// (the NIC serves what the host's other traffic leaves), it sends its next segment, if
    /// the loops have not met; it looks again when a full segment would have left.
    pub(super) fn rlp_send(&mut self, flow: crate::packet::FlowId) {
        let (Some(r), Some(c)) = (self.net.rc3.get_mut(&flow), self.net.conns[flow as usize].as_deref()) else {
            return;
        };
        let nic = &self.net.ports[r.port as usize];
        let gap = nic.bandwidth.tx_time(r.mss() + c.header as u64);
        if nic.packets_held() <= nic.is_busy() as u64 {
            let Some(seg) = r.next_low(c.sender.snd_max()) else { return };
            let (size, remaining) = (seg.len + c.header, c.remaining());
            let mut pkt = self.segment(flow, seg.seq, size, flags::TCP, remaining);
            pkt.class = pkt.class.saturating_add(seg.level);
            self.launch(pkt);
        } else if !r.sending() {
            return;
        }
        self.schedule(self.now + gap, Ev::Timer { flow, kind: TimerKind::Rlp, generation: 0 });
    }
}
