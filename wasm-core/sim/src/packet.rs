//! The packet header: what the schedulers of the seed papers read and write.
//!
//! A [`Packet`] is a handle: the address of its [`Header`] in this thread's pool of header
//! cells (`pool`), taken when the packet is made and given back when it ends (delivered or
//! dropped). Sources, ports, schedulers, stages, the event queue and links pass the 8-byte
//! handle; the header does not move from the cell it was made in. Schedulers take and return
//! `Packet`s and read and write the header through it (`pkt.size`, `pkt.set_rank(r)`).
//! Three places hold what a packet carries:
//!
//! - The header (56 B): what every packet has and what the engine, the ports and most schedulers
//!   read on every hop: `id`, `seq`, `created`, `enqueued_at` (8 B each), `flow`, `size`,
//!   `source` (4 B), `hops` (2 B), `class`, `flags` (1 B), and the extension's pointer (8 B,
//!   null when it holds only defaults). No field is narrowed: every value a scenario can give
//!   today still fits, so no scenario meets a new bound.
//! - The flow's record (`traffic::FlowInfo`, reached by `flow`): the end hosts `src` and `dst`,
//!   constant for a flow, swapped on ACKs (`Network::src_of`, `Network::dst_of`); only the
//!   engine and routing read them, and both hold the flow table.
//! - The extension (`Ext`, boxed, 80 B): fields only some schedulers, transports or
//!   scenarios read: `rank`, `slack`, `initial_slack`, `deadline`, `served`, `tmin_rest`
//!   (rank-based, LSTF and FIFO+, EDF, preemptive schedulers, replays), `remaining`,
//!   `flow_size` (SRPT, SJF, the rank programs `srpt`, `srpt_segment` and `flow_size`, the slack policy
//!   `flow_size`), `tsecr` (TCP ACKs) and `sack` (RC3's ACKs). Read through accessors (`rank()`) that give the
//!   default when there is no extension; a setter (`set_rank`) allocates it only for a value
//!   other than the default. The engine writes `remaining`/`flow_size` (`Network::needs_sizes`),
//!   and ports age `slack` (`Port::ages_slack`), only in runs that read them: a scheduler says
//!   so when it is built (`sched::registry::Reads`, children included), or the scenario sets a
//!   slack rule or Edge-CoDel. So a FIFO run's packets carry none, a TCP run's ACKs carry one
//!   (their `tsecr`), an LSTF run with slack every packet.
//!
//! Why not narrower: 48 B would need two of `id` as u32 (the trusted limit allows 10^12
//! packets), `source` out of line (schedulers with per-flow parameters read it, and a
//! workload's flows are made during the run, so no table built with the scheduler has them),
//! or the extension as a 4-byte index into a slab every reader would have to reach.
//!
//! Bulky optional state (per-hop timing records, the omniscient per-hop vector of UPS App. A.2)
//! lives out of line, keyed by `id`, and only when a scenario asks for it.

use crate::time::Time;
use std::ptr::NonNull;

mod pool;

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
    /// Made by a TCP-family transport (a segment or an ACK; a datagram without it): with ACK
    /// and RETX, the packet's role ([`super::Role::of`]).
    pub const TCP: u8 = 64;
}

/// What a packet is to its flow's transport: the metrics count a flow's data packets and its
/// ACKs apart by it, and the stored trace carries it per event (`TraceColumns::role`, the
/// code: the discriminant) so that the page counts them as the results do. Each doc: a name
/// for people, a blank line, what it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema), schemars(rename = "PacketRole"))]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// datagram
    ///
    /// A UDP datagram (every packet not made by a TCP-family transport).
    Datagram = 0,
    /// data segment
    ///
    /// A TCP-family data segment, first transmission.
    Data = 1,
    /// retransmission
    ///
    /// A TCP-family data segment sent again.
    Retransmission = 2,
    /// ACK
    ///
    /// A TCP-family acknowledgement: created at the flow's destination, delivered at its source.
    Ack = 3,
}

impl Role {
    pub const ALL: [Role; 4] = [Role::Datagram, Role::Data, Role::Retransmission, Role::Ack];

    /// The role of a packet with header `flags` (`packet::flags`).
    pub fn of(bits: u8) -> Role {
        if bits & flags::TCP == 0 {
            Role::Datagram
        } else if bits & flags::ACK != 0 {
            Role::Ack
        } else if bits & flags::RETX != 0 {
            Role::Retransmission
        } else {
            Role::Data
        }
    }
}

/// Index of a node in the built network.
pub type NodeId = u32;
/// Index of an output port in the built network.
pub type PortId = u32;
/// Index of a flow (traffic source) in the scenario.
pub type FlowId = u32;

/// A packet: a handle (the address of its [`Header`]'s cell in this thread's [`pool`]), so
/// the header stays where it was made while the packet crosses sources, ports, schedulers,
/// stages and links. Schedulers take and return `Packet`s as before and read the header
/// through it (`pkt.size`, `pkt.rank()`); what moves is 8 bytes, not the header's 56, and an
/// `Option<Packet>` is the pointer. Dropping the packet drops its header and gives the cell
/// back; cloning copies the header into a new cell.
pub struct Packet(NonNull<Header>);

impl std::ops::Deref for Packet {
    type Target = Header;

    #[inline(always)]
    fn deref(&self) -> &Header {
        // SAFETY: the cell is live while its one `Packet` is (`pool`'s invariant).
        unsafe { self.0.as_ref() }
    }
}

impl std::ops::DerefMut for Packet {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut Header {
        // SAFETY: as `deref`; `&mut self` is the only way to the cell.
        unsafe { self.0.as_mut() }
    }
}

impl Drop for Packet {
    #[inline]
    fn drop(&mut self) {
        // SAFETY: the header is initialised and owned by this handle alone; after it is
        // dropped, the cell goes back and the handle is gone.
        unsafe {
            std::ptr::drop_in_place(self.0.as_ptr());
            pool::give_back(self.0);
        }
    }
}

impl Clone for Packet {
    fn clone(&self) -> Packet {
        Packet::from((**self).clone())
    }
}

impl PartialEq for Packet {
    fn eq(&self, other: &Packet) -> bool {
        **self == **other
    }
}

impl Eq for Packet {}

impl std::fmt::Debug for Packet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        (**self).fmt(f)
    }
}

impl From<Header> for Packet {
    #[inline]
    fn from(h: Header) -> Packet {
        Packet(pool::take(h))
    }
}

/// What a packet carries (see the module's notes): read and written through its [`Packet`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// Unique in the run; assigned in creation order from 0.
    pub id: u64,
    /// UDP: the packet's number within the flow, from 0. TCP family: the byte offset of the
    /// payload on data; on ACKs the cumulative acknowledgement (next byte expected), which an
    /// ACK's header carries in place of a payload offset.
    pub seq: u64,
    /// When the source created the packet; TCP family: also the sender's timestamp (RFC 7323
    /// TSval), as a transport sends a segment or an ACK the instant it makes it.
    pub created: Time,
    /// When the packet entered the queue it is in (set by the port).
    pub enqueued_at: Time,
    pub flow: FlowId,
    /// Size on the wire, bytes.
    pub size: u32,
    /// Index of the traffic source (the scenario's `traffic` entry) that made the packet: the
    /// key of per-flow scheduler parameters (a workload's flows share their workload's).
    pub source: u32,
    /// Hops completed so far.
    pub hops: u16,
    /// Traffic class, for class-level schedulers.
    pub class: u8,
    /// TCP family: `flags` (TCP, ACK, ECT, CE, ECE, CWR, RETX). Queues may set CE.
    pub flags: u8,
    /// The fields only some runs read; `None` while they all hold their defaults.
    pub(crate) ext: Option<Box<Ext>>,
}

/// The out-of-line fields (see the module's notes), each with its default.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Ext {
    rank: i64,
    slack: i64,
    initial_slack: i64,
    deadline: Time,
    served: Time,
    tmin_rest: Time,
    remaining: u64,
    flow_size: u64,
    tsecr: Time,
    sack: u64,
}

const EXT: Ext = Ext {
    rank: 0,
    slack: 0,
    initial_slack: 0,
    deadline: Time::MAX,
    served: Time::ZERO,
    tmin_rest: Time::ZERO,
    remaining: u64::MAX,
    flow_size: u64::MAX,
    tsecr: Time::ZERO,
    sack: u64::MAX,
};

/// The getter and setter of an out-of-line field.
macro_rules! ext_field {
    ($(#[$doc:meta])* $name:ident, $set:ident: $ty:ty) => {
        $(#[$doc])*
        pub fn $name(&self) -> $ty {
            self.ext.as_ref().map_or(EXT.$name, |e| e.$name)
        }

        /// Sets the field (allocating the extension only for a value other than the default).
        pub fn $set(&mut self, v: $ty) {
            match &mut self.ext {
                Some(e) => e.$name = v,
                None if v == EXT.$name => {}
                None => self.ext = Some(Box::new(Ext { $name: v, ..EXT })),
            }
        }

    };
}

/// The setter and builder of an out-of-line field on the packet (the setter as the header's,
/// here so that `pkt.set_slack(pkt.slack() - wait)` borrows as it would on a value).
macro_rules! ext_builder {
    ($($set:ident, $with:ident: $ty:ty;)*) => {
        $(
            /// Sets the field (allocating the extension only for a value other than the default).
            #[inline(always)]
            pub fn $set(&mut self, v: $ty) {
                (**self).$set(v);
            }

            /// The packet with the field set.
            pub fn $with(mut self, v: $ty) -> Packet {
                self.$set(v);
                self
            }
        )*
    };
}

impl Packet {
    /// A packet of `flow` made at `now`; its end hosts are the flow's (swapped on ACKs).
    #[inline]
    pub fn new(id: u64, flow: FlowId, seq: u64, size: u32, now: Time) -> Packet {
        Packet::from(Header::new(id, flow, seq, size, now))
    }

    /// The packet with its traffic class set.
    pub fn with_class(mut self, class: u8) -> Packet {
        self.class = class;
        self
    }

    /// The packet with its traffic source set.
    pub fn with_source(mut self, source: u32) -> Packet {
        self.source = source;
        self
    }

    /// The packet with its header flags set (`flags`).
    pub fn with_flags(mut self, bits: u8) -> Packet {
        self.flags = bits;
        self
    }

    /// The packet as if it entered its queue at `at`.
    pub fn with_enqueued_at(mut self, at: Time) -> Packet {
        self.enqueued_at = at;
        self
    }

    ext_builder! {
        set_rank, with_rank: i64;
        set_slack, with_slack: i64;
        set_initial_slack, with_initial_slack: i64;
        set_deadline, with_deadline: Time;
        set_served, with_served: Time;
        set_tmin_rest, with_tmin_rest: Time;
        set_remaining, with_remaining: u64;
        set_flow_size, with_flow_size: u64;
        set_tsecr, with_tsecr: Time;
        set_sack, with_sack: u64;
    }
}

impl Header {
    /// The header of a packet of `flow` made at `now`.
    #[inline]
    pub fn new(id: u64, flow: FlowId, seq: u64, size: u32, now: Time) -> Header {
        Header {
            id,
            seq,
            created: now,
            enqueued_at: now,
            flow,
            size,
            source: 0,
            hops: 0,
            class: 0,
            flags: 0,
            ext: None,
        }
    }

    /// A TCP-family acknowledgement.
    pub fn is_ack(&self) -> bool {
        self.flags & flags::ACK != 0
    }

    ext_field!(
        /// Rank for rank-based schedulers (PIFO family); lower is served first. Default 0.
        rank, set_rank: i64
    );
    ext_field!(
        /// Remaining slack (LSTF, UPS Sec. 2), ns; rewritten at every hop. Default 0.
        slack, set_slack: i64
    );
    ext_field!(
        /// Slack given at the ingress, ns. Default 0.
        initial_slack, set_initial_slack: i64
    );
    ext_field!(
        /// Absolute deadline (EDF), ns. Default `Time::MAX`.
        deadline, set_deadline: Time
    );
    ext_field!(
        /// Service already received at the current port (preemptive-resume), ns. Default 0.
        served, set_served: Time
    );
    ext_field!(
        /// Router state for EDF: the empty-network time from this hop until the packet's last
        /// bit leaves its egress router, t_min(p, a, egress) (UPS App. A.5); set on forwarding
        /// at EDF ports. Default 0.
        tmin_rest, set_tmin_rest: Time
    );
    ext_field!(
        /// Bytes of the flow not yet sent (TCP: not yet acknowledged) when this packet was
        /// created, itself included (SRPT, pFabric); ACKs carry 0. Written only in runs with a
        /// reader (`Network::needs_sizes`). Default `u64::MAX` (open-ended, or not written).
        remaining, set_remaining: u64
    );
    ext_field!(
        /// Size of the packet's flow in bytes (SJF). Written only in runs with a reader
        /// (`Network::needs_sizes`). Default `u64::MAX` (open-ended, or not written).
        flow_size, set_flow_size: u64
    );
    ext_field!(
        /// TCP family: the TSval echoed (ACKs) (RFC 7323 TSecr). Default 0.
        tsecr, set_tsecr: Time
    );
    ext_field!(
        /// RC3's ACKs: the first byte of the segment that triggered the ACK, its SACK block
        /// (RFC 2018's first block; the block is that one segment). Default `u64::MAX` (none).
        sack, set_sack: u64
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_is_56_bytes_behind_an_8_byte_handle_and_defaults_allocate_nothing() {
        assert_eq!(std::mem::size_of::<Header>(), 56);
        assert_eq!(std::mem::size_of::<Packet>(), 8);
        assert_eq!(std::mem::size_of::<Option<Packet>>(), 8);
        let mut p = Packet::new(1, 2, 3, 1500, Time(7));
        p.set_rank(0);
        p.set_deadline(Time::MAX);
        p.set_remaining(u64::MAX);
        assert!(p.ext.is_none());
        p.set_slack(-5);
        assert_eq!((p.slack(), p.rank(), p.deadline(), p.remaining()), (-5, 0, Time::MAX, u64::MAX));
        p.set_slack(0);
        assert_eq!(p.slack(), 0);
        assert_eq!(Packet::new(1, 2, 3, 1500, Time(7)).with_tsecr(Time(4)).tsecr(), Time(4));
    }

    #[test]
    fn the_pool_reuses_cells_and_keeps_one_chunk_when_no_packet_is_alive() {
        // Each test runs on its own thread, so this one's pool starts empty. 200 packets
        // take ceil(200 / 64) = 4 chunks; a clone is a new cell with an equal header.
        assert_eq!(pool::counts(), (0, 0));
        let mut held: Vec<Packet> = (0..200).map(|i| Packet::new(i, 0, i, 1500, Time(i)).with_rank(i as i64)).collect();
        assert_eq!(pool::counts(), (200, 4));
        let copy = held[7].clone();
        assert_eq!((copy.id, copy.rank(), copy == held[7]), (7, 7, true));
        drop(copy);
        // Given back LIFO: the next packet takes the cell the last one left.
        let cell = &*held[199] as *const Header;
        held.pop();
        assert_eq!(&*Packet::new(9, 0, 0, 40, Time::ZERO) as *const Header, cell);
        assert_eq!(held.iter().map(|p| p.seq).sum::<u64>(), (0..199u64).sum::<u64>());
        drop(held);
        assert_eq!(pool::counts(), (0, 1));
        let again: Vec<Packet> = (0..64).map(|i| Packet::new(i, 0, 0, 40, Time::ZERO)).collect();
        assert_eq!(pool::counts(), (64, 1));
        drop(again);
    }

    #[test]
    fn role_codes_are_positions_in_the_vocabulary() {
        // The stored trace's `role` column holds `Role as u8`; results list `Role::ALL` as the
        // vocabulary's `packet_roles`, where a code is the position.
        for (i, r) in Role::ALL.iter().enumerate() {
            assert_eq!(*r as usize, i);
        }
        let names: Vec<String> = Role::ALL.iter().map(|r| serde_json::to_string(r).unwrap()).collect();
        assert_eq!(names, ["\"datagram\"", "\"data\"", "\"retransmission\"", "\"ack\""]);
    }
}
