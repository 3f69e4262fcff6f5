//! The replay report's fields (UPS Sec. 2.3, Table 1); `replay::report` computes them.

use serde::Serialize;

use crate::packet::PortId;
use crate::scenario::Mode;

#[derive(Serialize, Debug, Clone)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ReplayReport {
    /// The replay's name (`replay.modes`): what checks and golden files call it.
    pub name: String,
    /// How headers were initialised, and whether routers served preemptively.
    pub mode: Mode,
    pub preemptive: bool,
    /// The replay run's own trace hash (EDF and LSTF replays must be identical).
    pub trace_hash: String,
    /// Trace events of the replay run.
    pub events_total: u64,
    /// Packets replayed, and those of the original left out (dropped, unfinished, or never
    /// crossing a router).
    pub packets: u64,
    pub excluded_dropped: u64,
    pub excluded_unfinished: u64,
    pub excluded_direct: u64,
    /// Packets the replay had not delivered when it ended: overdue, except when the replay
    /// ends with the original (`replay.end: original`), where they count as neither.
    pub replay_unfinished: u64,
    /// T, ns.
    pub t_ns: u64,
    pub overdue: u64,
    pub overdue_fraction: f64,
    pub overdue_by_t: u64,
    pub overdue_by_t_fraction: f64,
    /// 101 quantiles of replay / original queueing delay over packets that queued in the
    /// original; `zero_delay_packets` did not.
    pub qdelay_ratio_cdf: Vec<f64>,
    pub zero_delay_packets: u64,
    pub by_congestion_points: Vec<CongestionBucket>,
    /// The first overdue packets (at most `LISTED`), by the time they went wrong; every one
    /// of them is in `all_overdue`, which the binding hands over as columns (paged out of
    /// the JSON, which would be too long for a bad replay).
    pub overdue_packets: Vec<OverduePacket>,
    #[serde(skip)]
    pub all_overdue: Vec<OverduePacket>,
    /// The original packet id of every replay packet id.
    pub original_ids: Vec<u64>,
    /// Every packet's times at every router in the replay, by original packet (the paper's
    /// tables; the original's are in the run's `schedule`), for schedules of at most
    /// `replay::TABLE_PACKETS` packets.
    pub schedule: Option<ScheduleTable>,
}

/// A schedule as the UPS paper's Figs. 8-10 tabulate it: per packet, per router it crosses,
/// its arrival and scheduling time.
#[derive(Serialize, Debug, Clone)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ScheduleTable {
    /// One unit of the paper's tables, ns (the scenario's `schedule.unit`; 1us by default).
    pub unit_ns: u64,
    /// By packet id of the original run.
    pub packets: Vec<TablePacket>,
}

#[derive(Serialize, Debug, Clone)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct TablePacket {
    /// Packet id in the original run.
    pub id: u64,
    /// Its name in the scenario's `schedule`, else its id.
    pub name: String,
    pub flow: u32,
    /// When its last bit left its last router: o(p) (the replay's o'(p) in a replay's table;
    /// None if the replay never finished it).
    pub exit_ns: Option<u64>,
    /// In a replay's table: the packet is overdue, o'(p) > o(p) or never out (as the report
    /// counts it, `replay::report::is_overdue`). Always false in the original's table.
    pub late: bool,
    /// In a replay's table: o'(p) - o(p) for an overdue packet that left, ns (None otherwise).
    pub late_by_ns: Option<u64>,
    /// Congestion points on its path (see `congestion_point`).
    pub congestion_points: u32,
    /// Routers on its path, in order (None: the replay had not got it there).
    pub hops: Vec<TableHop>,
}

#[derive(Serialize, Debug, Clone)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct TableHop {
    pub node: u32,
    /// The port it leaves the router by.
    pub port: PortId,
    /// A congestion point of the packet in the original (UPS App. A: a node where it waits
    /// or could be made to wait): it waited here, or the port has a nonzero transmission
    /// time and another packet of the schedule crosses it (the grey nodes of Figs. 8-10).
    pub congestion_point: bool,
    pub arrive_ns: Option<u64>,
    /// Scheduling time: its first bit starts out (the first start, when a preemptive replay
    /// interrupted it).
    pub start_ns: Option<u64>,
    /// When it resumed after its last preemption here (None: never interrupted here).
    pub resumed_ns: Option<u64>,
    pub depart_ns: Option<u64>,
}

#[derive(Serialize, Debug, Clone)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct CongestionBucket {
    /// Congestion points in the original; the last bucket is "this many or more".
    pub points: u32,
    pub packets: u64,
    pub overdue: u64,
    pub overdue_fraction: Option<f64>,
}

#[derive(Serialize, Debug, Clone)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct OverduePacket {
    pub original_id: u64,
    pub replay_id: u64,
    pub flow: u32,
    /// o(p) and o'(p) (None: never left the egress in the replay).
    pub exit_ns: u64,
    pub replay_exit_ns: Option<u64>,
    pub late_by_ns: Option<u64>,
    /// Where and when its slack went negative: the first hop after which even an empty path
    /// to the egress would exit after o(p), and the moment its last bit left that hop...
    pub port: PortId,
    pub at_ns: u64,
    /// ...and by how much it was behind there: that empty-path exit minus o(p), ns (its slack
    /// at that moment, negated).
    pub behind_ns: u64,
    pub congestion_points: u32,
}
