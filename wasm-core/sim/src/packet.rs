//! The packet header: what the schedulers of the seed papers read and write.
//!
//! Kept small and `Copy`-free on purpose: it moves by value through queues and links. Bulky
//! optional state (per-hop timing records, the omniscient per-hop vector of UPS App. A.2)
//! lives out of line, keyed by `id`, and only when a scenario asks for it.

use crate::time::Time;

/// Bits of `Packet::flags`: the TCP family's header bits and ECN (RFC 3168).
pub mod flags {
    /// An acknowledgement (carries no payload).
    pub const ACK: u8 = 1;
    /// ECN-capable transport (RFC 3168 ECT(0)).
    pub const ECT: u8 = 2;
    /// Congestion experienced: set by a marking queue on an ECT packet.
    pub const CE: u8 = 4;
    /// ECN-Echo, on ACKs.
    pub const ECE: u8 = 8;
    /// Congestion window reduced, on data.
    pub const CWR: u8 = 16;
    /// On data: a retransmission. On ACKs: the echoed segment was one (Karn's rule).
    pub const RETX: u8 = 32;
}

/// Index of a node in the built network.
pub type NodeId = u32;
/// Index of an output port in the built network.
pub type PortId = u32;
/// Index of a flow (traffic source) in the scenario.
pub type FlowId = u32;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Packet {
    /// Unique in the run; assigned in creation order from 0.
    pub id: u64,
    pub flow: FlowId,
    /// UDP: the packet's number within the flow, from 0. TCP family: the byte offset of the
    /// payload on data; on ACKs the cumulative acknowledgement (next byte expected), which an
    /// ACK's header carries in place of a payload offset (no field of its own: a packet is
    /// 128 bytes, which a copy moves in registers, where 136 took a `memcpy` call).
    pub seq: u64,
    /// Size on the wire, bytes.
    pub size: u32,
    pub src: NodeId,
    pub dst: NodeId,
    /// Traffic class, for class-level schedulers.
    pub class: u8,
    /// Index of the traffic source (the scenario's `traffic` entry) that made the packet: the
    /// key of per-flow scheduler parameters (a workload's flows share their workload's).
    pub source: u32,
    /// Rank for rank-based schedulers (PIFO family); lower is served first.
    pub rank: i64,
    /// Remaining slack (LSTF, UPS Sec. 2), ns; rewritten at every hop.
    pub slack: i64,
    /// Slack given at the ingress, ns.
    pub initial_slack: i64,
    /// Absolute deadline (EDF), ns.
    pub deadline: Time,
    /// When the source created the packet; TCP family: also the sender's timestamp (RFC 7323
    /// TSval), as a transport sends a segment or an ACK the instant it makes it.
    pub created: Time,
    /// When the packet entered the queue it is in (set by the port).
    pub enqueued_at: Time,
    /// Service already received at the current port (preemptive-resume), ns.
    pub served: Time,
    /// Hops completed so far.
    pub hops: u16,
    /// Size of the packet's flow in bytes (SJF); u64::MAX for open-ended sources.
    pub flow_size: u64,
    /// Bytes of the flow not yet sent when this packet was created, itself included (SRPT,
    /// pFabric); u64::MAX for open-ended sources.
    pub remaining: u64,
    /// Router state for EDF: the empty-network time from this hop until the packet's last bit
    /// leaves its egress router, t_min(p, a, egress) (UPS App. A.5); set on forwarding.
    pub tmin_rest: Time,
    /// TCP family: `transport::flags` (ACK, ECT, CE, ECE, CWR, RETX). Queues may set CE.
    pub flags: u8,
    /// TCP family: the TSval echoed (ACKs) (RFC 7323 TSecr).
    pub tsecr: Time,
}

impl Packet {
    pub fn new(id: u64, flow: FlowId, seq: u64, size: u32, src: NodeId, dst: NodeId, now: Time) -> Packet {
        Packet {
            id,
            flow,
            seq,
            size,
            src,
            dst,
            class: 0,
            source: 0,
            rank: 0,
            slack: 0,
            initial_slack: 0,
            deadline: Time::MAX,
            created: now,
            enqueued_at: now,
            served: Time::ZERO,
            hops: 0,
            flow_size: u64::MAX,
            remaining: u64::MAX,
            tmin_rest: Time::ZERO,
            flags: 0,
            tsecr: Time::ZERO,
        }
    }

    /// A TCP-family acknowledgement.
    pub fn is_ack(&self) -> bool {
        self.flags & flags::ACK != 0
    }
}
