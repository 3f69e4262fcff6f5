//! What a queue decides about a packet besides queueing it: drops and ECN marks, each with a
//! reason from one table.
//!
//! Each table below is the only list of its reasons. From it follow the trace codes (a
//! reason's code is its position), the per-port counters in `metrics`, the results fields
//! (`DropCounts`, `MarkCounts`: one field per reason) and so the results JSON Schema, the
//! page's TypeScript names and its legend (generated from that schema), and the CSV columns.
//! A new reason is one line in its table.
//!
//! Schedulers and queue-management components (`aqm`) report through [`Verdicts`]; the port
//! turns every entry into a trace event (`Drop`, `Mark`) and the identities it checks.

use serde::Serialize;

use crate::packet::{flags, FlowId, Packet};

/// One reason table: the enum (docs: a short label, a blank line, what it means), its codes,
/// names and labels, and a counts struct with one `u64` field per reason.
macro_rules! reason_table {
    (
        $(#[$meta:meta])*
        pub enum $Reason:ident, counts $Counts:ident {
            $( $Variant:ident = $code:literal => $field:ident, $label:literal, $doc:literal; )*
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
        #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
        #[serde(rename_all = "snake_case")]
        pub enum $Reason {
            $( #[doc = $label] #[doc = ""] #[doc = $doc] $Variant = $code, )*
        }

        impl $Reason {
            pub const ALL: &'static [$Reason] = &[$($Reason::$Variant),*];
            pub const COUNT: usize = Self::ALL.len();

            /// The trace code.
            pub fn code(self) -> u8 {
                self as u8
            }
            pub fn from_code(code: u8) -> Option<$Reason> {
                Self::ALL.get(code as usize).copied()
            }
            /// The name in results, scenario files and the page (`buffer_full`).
            pub fn name(self) -> &'static str {
                match self { $($Reason::$Variant => stringify!($field),)* }
            }
            /// A few words for people (`buffer full`).
            pub fn label(self) -> &'static str {
                match self { $($Reason::$Variant => $label,)* }
            }
        }

        /// Per-reason counts, one field per reason of the table.
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
        #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
        pub struct $Counts {
            $( #[doc = $doc] pub $field: u64, )*
        }

        impl $Counts {
            /// From counters indexed by code.
            pub fn from_codes(by_code: &[u64; $Reason::COUNT]) -> $Counts {
                $Counts { $( $field: by_code[$code], )* }
            }
            /// (reason, count) in code order.
            pub fn entries(&self) -> [($Reason, u64); $Reason::COUNT] {
                [$( ($Reason::$Variant, self.$field), )*]
            }
        }
    };
}

reason_table! {
    /// Why a packet was dropped. The code is the trace encoding (the `Drop` event's value is
    /// the code + 256 if the packet had been queued).
    pub enum DropReason, counts DropCounts {
        BufferFull = 0 => buffer_full, "buffer full",
            "The buffer had no room for the arriving packet (drop-tail).";
        PushOut = 1 => push_out, "pushed out",
            "A queued packet was pushed out to make room for another (drop-head, push-out).";
        Aqm = 2 => aqm, "AQM drop",
            "An active queue manager (CoDel, RED) dropped it.";
        AifoAdmission = 3 => aifo_admission, "AIFO admission",
            "AIFO's admission control refused it (AIFO Algorithm 1).";
        PifoOverflow = 4 => pifo_overflow, "PIFO overflow",
            "A full PIFO dropped its highest-rank packet.";
        EdgeAqm = 5 => edge_aqm, "Edge-CoDel drop",
            "Edge-CoDel dropped it at the egress: its queueing delay across the network stayed above target (UPS Sec. 4).";
        FlowQueueFull = 6 => flow_queue_full, "flow queue full",
            "A middlebox's CPU stage already held its flow's limit (the middlebox's flow_queue) when it arrived.";
        RankThreshold = 7 => rank_threshold, "rank over threshold",
            "A FIFO with a fixed admission threshold refused a rank above it (AIFO Sec. 2.2's oracle admission).";
        AfqHorizon = 8 => afq_horizon, "AFQ round beyond horizon",
            "AFQ gave it a round N or more rounds after the one being served: its N queues cannot hold it (AFQ, NSDI'18).";
    }
}

reason_table! {
    /// Why a packet was marked Congestion Experienced (RFC 3168) instead of being dropped or
    /// let through unsignalled. The code is the `Mark` event's value.
    pub enum MarkReason, counts MarkCounts {
        EcnThreshold = 0 => ecn_threshold, "ECN mark: queue above threshold",
            "The queue held more than the threshold when it arrived (DCTCP's K).";
        Aqm = 1 => aqm, "ECN mark by AQM",
            "An active queue manager (CoDel, RED) marked it instead of dropping it.";
    }
}

/// A packet a scheduler dropped, with the reason.
#[derive(Debug)]
pub struct Dropped {
    pub pkt: Packet,
    pub reason: DropReason,
}

/// A packet a queue marked CE, with its header flags (CE set) and the reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Marked {
    pub packet: u64,
    pub flow: FlowId,
    pub flags: u8,
    pub reason: MarkReason,
}

/// Drops and marks made during one scheduler call, for the port to trace and count.
#[derive(Debug, Default)]
pub struct Verdicts {
    pub drops: Vec<Dropped>,
    pub marks: Vec<Marked>,
}

impl Verdicts {
    pub fn drop(&mut self, pkt: Packet, reason: DropReason) {
        self.drops.push(Dropped { pkt, reason });
    }

    /// Marks `pkt` CE and records it. Only ECN-capable (ECT) packets may be marked.
    pub fn mark(&mut self, pkt: &mut Packet, reason: MarkReason) {
        debug_assert!(pkt.flags & flags::ECT != 0, "marking a packet that is not ECN-capable");
        pkt.flags |= flags::CE;
        self.marks.push(Marked { packet: pkt.id, flow: pkt.flow, flags: pkt.flags, reason });
    }

    pub fn is_empty(&self) -> bool {
        self.drops.is_empty() && self.marks.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_positions_and_names_are_the_count_fields() {
        for (i, r) in DropReason::ALL.iter().enumerate() {
            assert_eq!((r.code() as usize, DropReason::from_code(i as u8)), (i, Some(*r)));
        }
        let mut by_code = [0; DropReason::COUNT];
        by_code[DropReason::AifoAdmission as usize] = 7;
        let c = DropCounts::from_codes(&by_code);
        assert_eq!(c.aifo_admission, 7);
        let json = serde_json::to_value(c).unwrap();
        for (r, n) in c.entries() {
            assert_eq!(json[r.name()], n, "{}", r.name());
        }
        assert_eq!(serde_json::to_value(MarkReason::EcnThreshold).unwrap(), "ecn_threshold");
        assert_eq!(MarkReason::from_code(MarkReason::COUNT as u8), None);
    }
}
