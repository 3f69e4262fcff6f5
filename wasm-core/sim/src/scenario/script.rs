//! A scripted original schedule (`"schedule"`), as a scenario file writes it. `crate::script`
//! checks that a schedule is viable and times every hop; the engine then plays it exactly.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::{BytesQ, TimeQ};

/// The original schedule given explicitly instead of running schedulers, as the tables of the
/// UPS paper's Figs. 8-10 list it: per packet its flow (which fixes its path) and, per node,
/// its arrival and scheduling time (when its first bit starts out of the node). A node a
/// packet crosses without an entry holds it back for no time. Every port serves one packet at
/// a time, non-preemptively; transmission times are the links' (size / bandwidth, zero on
/// `"inf"` links), so they are not written.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Schedule {
    /// What one unit of the paper's tables is (e.g. "1us": 1000B at 8Gbps); the page shows
    /// times in it. Default 1us.
    #[serde(default)]
    pub unit: Option<TimeQ>,
    /// Size of every packet that gives none (default 1000B).
    #[serde(default)]
    pub packet_size: Option<BytesQ>,
    pub flows: Vec<ScriptFlow>,
    pub packets: Vec<ScriptPacket>,
}

/// A flow: its packets go from the first node of `path` (a host, the paper's ingress S_P) to
/// the last (a host, the egress D_P) through routers.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct ScriptFlow {
    pub id: String,
    /// Node ids, host to host.
    pub path: Vec<String>,
}

#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct ScriptPacket {
    /// Its name in the paper's table ("a", "b1").
    pub id: String,
    pub flow: String,
    /// Bytes on the wire (default: the schedule's `packet_size`).
    #[serde(default)]
    pub size: Option<BytesQ>,
    /// Router id -> [arrival, scheduling time], e.g. {"a1": ["2us", "4us"]}. At least one
    /// router; the packet leaves its source host so as to reach the first router listed at
    /// the time given.
    pub at: BTreeMap<String, [TimeQ; 2]>,
}
