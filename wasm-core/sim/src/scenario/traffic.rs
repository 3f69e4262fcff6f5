//! Traffic sources as a scenario writes them (`"traffic"`): constant-rate, Poisson, on-off,
//! bulk, single flows and workload generators, their transports and TCP options.

use super::*;

/// A traffic source. Sizes are bytes on the wire.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Traffic {
    /// UDP at a constant bit rate: packet k leaves at start + floor(k * size / rate).
    Cbr(UdpSource),
    /// UDP with Poisson packet arrivals of mean rate `rate` (exponential gaps).
    Poisson(UdpSource),
    /// UDP ON-OFF: CBR at `rate` during ON periods, silent during OFF periods (FSC paper).
    Onoff(OnOffSource),
    /// Long-lived UDP paced at `rate` (default: the source's access link rate).
    Bulk(BulkSource),
    /// One finite flow of `size` bytes, paced at `rate` (default: the access link rate).
    Flow(FlowSpec),
    /// Flows with Poisson arrivals calibrated to a load on a link, sizes from a distribution.
    #[cfg_attr(not(feature = "full"), serde(skip_deserializing))]
    Workload(Box<WorkloadSpec>),
    /// UDP flows listed one per line, as the UPS authors' workload files: start, size, source,
    /// destination.
    #[cfg_attr(not(feature = "full"), serde(skip_deserializing))]
    FlowList(Box<FlowListSpec>),
}

#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct UdpSource {
    /// Unique name of the flow.
    pub id: String,
    pub src: String,
    pub dst: String,
    /// Mean sending rate (packet sizes on the wire).
    pub rate: BandwidthQ,
    pub packet_size: BytesQ,
    /// Draw each packet's size from this distribution instead (cut at 65535B); the mean
    /// size then sets the pacing and the gaps. E.g. exponential sizes for an M/M/1 queue.
    #[serde(default)]
    #[cfg_attr(not(feature = "full"), serde(skip))]
    pub packet_sizes: Option<SizeDist>,
    /// When the source starts (default 0).
    #[serde(default)]
    pub start: Option<TimeQ>,
    /// When it stops (default: the scenario's duration).
    #[serde(default)]
    pub stop: Option<TimeQ>,
    /// Traffic class, for class-level schedulers.
    #[serde(default)]
    pub class: u8,
    /// An explicit path: node ids from `src` to `dst` (default: shortest path, ECMP).
    #[serde(default)]
    pub path: Option<Vec<String>>,
}

/// How ON and OFF periods are drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Periods {
    /// Exactly `on`, then exactly `off`.
    #[default]
    Periodic,
    /// Exponential with means `on` and `off`.
    Exponential,
}

#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct OnOffSource {
    pub id: String,
    pub src: String,
    pub dst: String,
    /// Sending rate while ON.
    pub rate: BandwidthQ,
    pub packet_size: BytesQ,
    /// ON period (mean, for exponential periods).
    pub on: TimeQ,
    /// OFF period (mean, for exponential periods).
    pub off: TimeQ,
    #[serde(default)]
    pub periods: Periods,
    /// Packets per ON period instead of `on`'s length, one entry per period in turn, cycling:
    /// bursts of different sizes, as a video's frames (the FSC paper's MPEG-1 sources, Fig. 14).
    /// Periodic only; each period still lasts `on + off`, and `on` must fit the largest burst
    /// at `rate`.
    #[serde(default)]
    pub burst_packets: Option<Vec<u32>>,
    #[serde(default)]
    pub start: Option<TimeQ>,
    #[serde(default)]
    pub stop: Option<TimeQ>,
    #[serde(default)]
    pub class: u8,
    #[serde(default)]
    pub path: Option<Vec<String>>,
}

#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct BulkSource {
    pub id: String,
    pub src: String,
    pub dst: String,
    /// Default 1500B (UDP only: a TCP-family packet is tcp.mss + tcp.header).
    #[serde(default)]
    pub packet_size: Option<BytesQ>,
    /// Default: the bandwidth of the source's access link (UDP only: TCP-family flows are
    /// clocked by their window).
    #[serde(default)]
    pub rate: Option<BandwidthQ>,
    #[serde(default)]
    pub start: Option<TimeQ>,
    #[serde(default)]
    pub stop: Option<TimeQ>,
    /// Default udp. A TCP-family bulk source sends new data until `stop`.
    #[serde(default)]
    pub transport: Transport,
    /// Options of a TCP-family transport.
    #[serde(default)]
    #[cfg_attr(not(feature = "full"), serde(skip))]
    pub tcp: Option<Box<TcpSpec>>,
    #[serde(default)]
    pub class: u8,
    #[serde(default)]
    pub path: Option<Vec<String>>,
}

/// Transport of a flow (see `sim/src/transport`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Transport {
    /// Packets paced at the source's rate; no feedback.
    #[default]
    Udp,
    /// TCP NewReno (RFC 5681, RFC 6582), RFC 6298 timers, optional ECN (RFC 3168) and delayed ACKs.
    #[cfg_attr(not(feature = "full"), serde(skip_deserializing))]
    Tcp,
    /// DCTCP (Alizadeh et al., SIGCOMM'10): NewReno with ECN, the window cut by alpha/2.
    #[cfg_attr(not(feature = "full"), serde(skip_deserializing))]
    Dctcp,
    /// pFabric's transport (Alizadeh et al., SIGCOMM'13): line-rate start, small fixed timeout,
    /// remaining flow size in every packet for `srpt`.
    #[cfg_attr(not(feature = "full"), serde(skip_deserializing))]
    Pfabric,
    /// RC3 (Mittal et al., NSDI'14): NewReno at priority 0 and, from the start, the flow's tail
    /// backwards at line rate at lower priorities (the packet's class), with SACK.
    #[cfg_attr(not(feature = "full"), serde(skip_deserializing))]
    Rc3,
}

impl Transport {
    pub fn name(self) -> &'static str {
        match self {
            Transport::Udp => "udp",
            Transport::Tcp => "tcp",
            Transport::Dctcp => "dctcp",
            Transport::Pfabric => "pfabric",
            Transport::Rc3 => "rc3",
        }
    }
}

/// Off or on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Toggle {
    #[default]
    Off,
    On,
}

/// Options of the TCP-family transports; every field has a default. Flow sizes of TCP-family
/// sources are payload bytes; each segment adds `header` bytes on the wire.
#[derive(Clone, Debug, Default, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct TcpSpec {
    /// Payload bytes per segment (default 1460B).
    #[serde(default)]
    pub mss: Option<BytesQ>,
    /// Header bytes per packet: a full data packet is mss + header on the wire, an ACK is
    /// header (default 40B).
    #[serde(default)]
    pub header: Option<BytesQ>,
    /// Initial window in segments (default 10, RFC 6928; pfabric: the path's bandwidth-delay
    /// product, and the window never exceeds it).
    #[serde(default)]
    pub initial_window: Option<u32>,
    /// The largest window in segments, tcp and dctcp: cwnd never grows past it, as if the
    /// receiver advertised no more (ns-2's `window_`; default unlimited).
    #[serde(default)]
    pub max_window: Option<u32>,
    /// Lower bound of the retransmission timeout, tcp and dctcp (default 200ms, as Linux).
    #[serde(default)]
    pub min_rto: Option<TimeQ>,
    /// Retransmission timeout before the first RTT sample, tcp and dctcp (default 1s,
    /// RFC 6298 Sec. 2.1).
    #[serde(default)]
    pub initial_rto: Option<TimeQ>,
    /// pfabric's fixed retransmission timeout (default 3 x the path's unloaded RTT).
    #[serde(default)]
    pub rto: Option<TimeQ>,
    /// Delayed ACKs, tcp only: every second segment or after `delayed_ack_timeout`
    /// (RFC 5681 Sec. 4.2; default off: every segment is acknowledged).
    #[serde(default)]
    pub delayed_ack: Toggle,
    /// The delayed-ACK timer (default 200ms; RFC 5681 requires under 500ms).
    #[serde(default)]
    pub delayed_ack_timeout: Option<TimeQ>,
    /// ECN with RFC 3168's response, tcp only (default off; dctcp always uses ECN, pfabric
    /// never). Marking is a queue's job: see the `fifo` parameter `ecn_threshold`.
    #[serde(default)]
    pub ecn: Toggle,
    /// rc3's priority levels (see `Rc3Spec`; rc3 only).
    #[serde(default)]
    pub rc3: Option<Rc3Spec>,
}

/// RC3's low-priority levels (Mittal et al., NSDI'14, Sec. 3): counted back from the flow's
/// last segment, the first `first` segments go at priority 1, the next `first` x `factor` at
/// priority 2, and so on, each level `factor` times the one before, down to priority `levels`,
/// which takes the rest. Priority 0 is the ordinary TCP loop's. Every field has a default.
#[derive(Clone, Copy, Debug, Default, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Rc3Spec {
    /// Low-priority levels, 1 to 7 (default 3: priorities 0-3, four in all).
    #[serde(default)]
    pub levels: Option<u8>,
    /// Segments at priority 1, 1 to 1000000 (default 40: ten initial windows of 4).
    #[serde(default)]
    pub first: Option<u32>,
    /// Growth from one level to the next, 1 to 1000 (default 10).
    #[serde(default)]
    pub factor: Option<u32>,
}

#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct FlowSpec {
    pub id: String,
    pub src: String,
    pub dst: String,
    /// Bytes to send.
    pub size: BytesQ,
    #[serde(default)]
    pub start: Option<TimeQ>,
    /// Default 1500B; the last packet carries the remainder (UDP only).
    #[serde(default)]
    pub packet_size: Option<BytesQ>,
    /// Default: the bandwidth of the source's access link (UDP only).
    #[serde(default)]
    pub rate: Option<BandwidthQ>,
    /// Default udp. With a TCP-family transport `size` is payload bytes and the flow
    /// completes when the receiver has them all.
    #[serde(default)]
    pub transport: Transport,
    /// Options of a TCP-family transport.
    #[serde(default)]
    #[cfg_attr(not(feature = "full"), serde(skip))]
    pub tcp: Option<Box<TcpSpec>>,
    #[serde(default)]
    pub class: u8,
    /// Weight for weighted schedulers (default 1).
    #[serde(default)]
    pub weight: Option<u32>,
    #[serde(default)]
    pub path: Option<Vec<String>>,
}

/// A flow-size distribution.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "dist", rename_all = "snake_case", deny_unknown_fields)]
pub enum SizeDist {
    /// Web search (DCTCP, Alizadeh et al. 2010; used by pFabric and AIFO): empirical CDF.
    WebSearch,
    /// Data mining (VL2, Greenberg et al. 2009; used by pFabric): empirical CDF.
    DataMining,
    /// Web search as the AIFO and SP-PIFO authors' Netbench samples it
    /// (`pfabric_web_search_lower_bound`): each CDF point's lower size with the step's
    /// probability, 15% of flows 1 byte (mean 987 600.15 B).
    WebSearchLowerBound,
    /// The FSC paper's AT&T flow-length groups (Table 2): one of ten group means, uniformly.
    Att,
    Fixed {
        size: BytesQ,
    },
    Exponential {
        mean: BytesQ,
    },
    /// Pareto with the given mean and shape (> 1).
    Pareto {
        mean: BytesQ,
        shape: f64,
    },
}

/// Who sends to whom.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Pattern {
    /// Source and destination drawn uniformly (distinct) per flow.
    #[default]
    Uniform,
    /// A random derangement fixed at the start: host i always sends to perm(i).
    Permutation,
    /// Every source sends to one destination (`dst`).
    Incast,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Endpoints {
    #[serde(default)]
    pub pattern: Pattern,
    /// Hosts taking part (default: every host).
    #[serde(default)]
    pub hosts: Option<Vec<String>>,
    /// The incast destination.
    #[serde(default)]
    pub dst: Option<String>,
}

/// Flow arrivals.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Arrival {
    #[default]
    Poisson,
}

/// A directed link, by its end nodes.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct LinkRef {
    pub from: String,
    pub to: String,
}

#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct WorkloadSpec {
    pub id: String,
    /// Target load on `link`: offered bytes per second over its capacity, in (0, 1).
    pub load: f64,
    /// The directed link the load is calibrated on (default: the one the workload loads most).
    #[serde(default)]
    pub link: Option<LinkRef>,
    pub sizes: SizeDist,
    #[serde(default)]
    pub endpoints: Endpoints,
    #[serde(default)]
    pub arrival: Arrival,
    /// Default 1500B (UDP only).
    #[serde(default)]
    pub packet_size: Option<BytesQ>,
    #[serde(default)]
    pub start: Option<TimeQ>,
    #[serde(default)]
    pub stop: Option<TimeQ>,
    /// Stop after this many flows.
    #[serde(default)]
    pub max_flows: Option<u64>,
    /// Default udp. With a TCP-family transport the sizes drawn are payload bytes.
    #[serde(default)]
    pub transport: Transport,
    /// Options of a TCP-family transport.
    #[serde(default)]
    #[cfg_attr(not(feature = "full"), serde(skip))]
    pub tcp: Option<Box<TcpSpec>>,
    #[serde(default)]
    pub class: u8,
    /// How a UDP flow's packets reach its host's NIC (default: paced at the access link's rate).
    #[serde(default)]
    pub release: Release,
}

/// How a UDP flow's packets reach its source host's NIC, a FIFO.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Release {
    /// Paced at the access link's rate: packet k at start + k x size / rate.
    #[default]
    Paced,
    /// All at the flow's start, as the UPS authors' scripts hand a flow to its UDP agent
    /// (`send nbytes`): the NIC sends them back to back, and a flow that starts while another
    /// of the host's is being sent waits behind it whole.
    Whole,
}

/// Flows listed as the UPS authors' workload files give them (`workload-70.txt`: `0.0015
/// 29200 110 111`): one per line, start in seconds, size in bytes, source, destination,
/// separated by spaces. Blank lines and lines starting with `#` are skipped. Each flow is
/// UDP, `packet_size` packets with the remainder last, released as `release` says (default:
/// whole, as their scripts). Flows starting at or after `stop` (default: the duration) are
/// left out, as their scripts leave out those at or after the simulation's end. Results
/// report the list as a workload: its calibrated link is the one the listed bytes load most,
/// its target load the listed bytes there over the active period [start, stop).
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct FlowListSpec {
    pub id: String,
    /// The lines, e.g. a workload file's text.
    pub flows: String,
    /// Names of the nodes the list's numbers stand for: source or destination n is
    /// `nodes[n]` (the authors' files number their topology's nodes from 0). Without it the
    /// fields are node ids.
    #[serde(default)]
    pub nodes: Option<Vec<String>>,
    /// Explicit paths (node ids from source to destination): a flow whose source and
    /// destination are a path's ends follows it (default: shortest paths with ECMP), e.g. the
    /// routes ns-2's static routing gave the authors' runs.
    #[serde(default)]
    pub paths: Vec<Vec<String>>,
    /// Default 1460B, the authors' `-pktsize`.
    #[serde(default)]
    pub packet_size: Option<BytesQ>,
    /// Default `whole`.
    #[serde(default)]
    pub release: Option<Release>,
    #[serde(default)]
    pub start: Option<TimeQ>,
    #[serde(default)]
    pub stop: Option<TimeQ>,
    #[serde(default)]
    pub class: u8,
}

impl Traffic {
    pub fn id(&self) -> &str {
        match self {
            Traffic::Cbr(s) | Traffic::Poisson(s) => &s.id,
            Traffic::Onoff(s) => &s.id,
            Traffic::Bulk(s) => &s.id,
            Traffic::Flow(s) => &s.id,
            Traffic::Workload(s) => &s.id,
            Traffic::FlowList(s) => &s.id,
        }
    }
    pub fn kind_name(&self) -> &'static str {
        match self {
            Traffic::Cbr(_) => "cbr",
            Traffic::Poisson(_) => "poisson",
            Traffic::Onoff(_) => "onoff",
            Traffic::Bulk(_) => "bulk",
            Traffic::Flow(_) => "flow",
            Traffic::Workload(_) => "workload",
            Traffic::FlowList(_) => "flow_list",
        }
    }
    /// (src, dst, path) of a single-flow source; None for a workload.
    pub fn endpoints(&self) -> Option<(&str, &str, Option<&Vec<String>>)> {
        match self {
            Traffic::Cbr(s) | Traffic::Poisson(s) => Some((&s.src, &s.dst, s.path.as_ref())),
            Traffic::Onoff(s) => Some((&s.src, &s.dst, s.path.as_ref())),
            Traffic::Bulk(s) => Some((&s.src, &s.dst, s.path.as_ref())),
            Traffic::Flow(s) => Some((&s.src, &s.dst, s.path.as_ref())),
            Traffic::Workload(_) | Traffic::FlowList(_) => None,
        }
    }
    /// The transport and its options (UDP for the UDP-only kinds).
    pub fn transport(&self) -> (Transport, Option<&TcpSpec>) {
        if !cfg!(feature = "full") {
            return (Transport::Udp, None);
        }
        match self {
            Traffic::Bulk(s) => (s.transport, s.tcp.as_deref()),
            Traffic::Flow(s) => (s.transport, s.tcp.as_deref()),
            Traffic::Workload(s) => (s.transport, s.tcp.as_deref()),
            Traffic::Cbr(_) | Traffic::Poisson(_) | Traffic::Onoff(_) | Traffic::FlowList(_) => (Transport::Udp, None),
        }
    }
    /// (start, stop) as written.
    pub fn window(&self) -> (Option<TimeQ>, Option<TimeQ>) {
        match self {
            Traffic::Cbr(s) | Traffic::Poisson(s) => (s.start, s.stop),
            Traffic::Onoff(s) => (s.start, s.stop),
            Traffic::Bulk(s) => (s.start, s.stop),
            Traffic::Flow(s) => (s.start, None),
            Traffic::Workload(s) => (s.start, s.stop),
            Traffic::FlowList(s) => (s.start, s.stop),
        }
    }
}
