//! A problem in a scenario, and the size limits a scenario must stay within.

use std::fmt;

use crate::time::Time;

/// A problem in a scenario: `path` is the field (`topology.links[0].bandwidth`), `message`
/// what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScenarioError {
    pub path: String,
    pub message: String,
}

impl ScenarioError {
    pub fn new(path: impl Into<String>, message: impl Into<String>) -> ScenarioError {
        ScenarioError { path: path.into(), message: message.into() }
    }
}

impl fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_empty() {
            write!(f, "{}", self.message)
        } else {
            write!(f, "{}: {}", self.path, self.message)
        }
    }
}

impl std::error::Error for ScenarioError {}

/// Size limits for untrusted scenarios (links from strangers), so a run stays tractable.
pub struct Limits {
    pub text_bytes: usize,
    pub nodes: usize,
    pub links: usize,
    pub traffic: usize,
    pub duration: Time,
    /// Packets the sources would create over the run, estimated from rates and sizes.
    pub packets: u64,
    pub trace_events: u64,
    /// The run's estimated native CPU time (`crate::budget`), ns.
    pub cpu_ns: u64,
    /// The run's estimated peak memory, bytes.
    pub memory_bytes: u64,
}

/// For untrusted input (the page, share links).
pub const LIMITS: Limits = Limits {
    text_bytes: 4 * 1024 * 1024,
    nodes: 5_000,
    links: 20_000,
    traffic: 20_000,
    duration: Time(3_600_000_000_000),
    packets: 50_000_000,
    trace_events: 20_000_000,
    // Ten minutes native (the page's WebAssembly takes about 1.5x that), and 3 GiB of a
    // wasm32 tab's 4 GiB (the estimate charges every unlimited buffer with every packet, so
    // UPS Table 1's default row, 2.8 GB by it, still opens from the gallery).
    cpu_ns: 600_000_000_000,
    memory_bytes: 3 << 30,
};

/// For scenario files a user runs locally (the CLI, benchmarks): the same checks, with room
/// for long runs (a week: the LSTFCoDel paper's runs are three days).
pub const TRUSTED_LIMITS: Limits = Limits {
    text_bytes: 64 * 1024 * 1024,
    // A packet counts its hops in 16 bits; a path visits a node once (validation).
    nodes: 65_535,
    links: 400_000,
    traffic: 1_000_000,
    duration: Time(604_800_000_000_000),
    packets: 1_000_000_000_000,
    trace_events: 1_000_000_000,
    // The CLI asks for --yes past an hour (its `run`); memory: a large machine's.
    cpu_ns: u64::MAX,
    memory_bytes: 256 << 30,
};
