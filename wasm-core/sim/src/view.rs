//! What the page draws of a port, as the core says it: the queue in service order with the
//! value shown on each packet, and the scheduler's own state; every value with its unit. The
//! page renders these and holds no scheduling rule of its own.
//!
//! A scheduler declares, in the registry, what its shown value means ([`KeySpec`]) and which
//! state it exports ([`StateSpec`]); it fills [`QueueView`] and [`StateView`] on request. The
//! port emits both into the stored trace whenever they change (`trace::OrderColumns`,
//! `trace::StateColumns`).

use serde::Serialize;

/// Queued packets shown per port, from the head: as many as the page draws.
pub const QUEUE_VIEW_DEPTH: usize = 72;

/// The unit of a shown value or a state field; the page formats by it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Unit {
    /// ns
    ///
    /// A duration or an instant of simulated time, in nanoseconds ("1.4 ms").
    Ns,
    /// deadline
    ///
    /// An instant by which something must happen, in ns; shown relative to the playhead as
    /// a signed time ("slack −2.3 µs" once it has passed).
    Deadline,
    /// bytes
    ///
    /// A size in bytes ("12.3 KB").
    Bytes,
    /// millibits
    ///
    /// Fair queueing's virtual time: thousandths of a bit per unit weight, shown as a size
    /// ("finish tag 12.3 KB").
    Millibits,
    /// bps
    ///
    /// A rate in bits per second ("10 Mbps").
    Bps,
    /// packets
    ///
    /// A number of packets.
    Packets,
    /// rank
    ///
    /// A dimensionless rank or priority ("rank 37").
    Rank,
    /// fraction
    ///
    /// A number between 0 and 1 ("0.25").
    Fraction,
    /// flag
    ///
    /// On (1) or off (0), e.g. CoDel's dropping state ("yes", "no").
    Flag,
    /// billionths
    ///
    /// A dimensionless number in billionths (10^-9), shown as a decimal ("0.962"): LSTFCoDel's
    /// priority epsilon.
    Billionths,
    /// flow
    ///
    /// A flow, as its index in the run's flow list; the page shows the flow's id.
    Flow,
}

/// What the value shown on a queued packet means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct KeySpec {
    /// A few words, e.g. "slack", "finish tag", "remaining flow size".
    pub label: &'static str,
    pub unit: Unit,
}

/// The shape of a state field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Shape {
    /// One value (or none, shown as "–").
    Scalar,
    /// A short list, e.g. one value per queue or per class.
    Vector,
    /// Counts per bin of equal width.
    Histogram,
}

/// One field of a scheduler's exported state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct StateSpec {
    pub name: &'static str,
    pub description: &'static str,
    pub unit: Unit,
    pub shape: Shape,
}

/// Queue contents in service order, for the page and the contract test.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct QueueView {
    /// (packet id, value shown), the packet served first first.
    pub entries: Vec<(u64, i64)>,
}

/// A scheduler's state: one list of values per declared field, in declaration order. A value
/// that does not apply (an H-FSC leaf's eligible time when it has no real-time curve) is NaN:
/// the page shows it as "none".
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StateView {
    values: Vec<f64>,
    ends: Vec<usize>,
}

impl StateView {
    pub fn clear(&mut self) {
        self.values.clear();
        self.ends.clear();
    }
    /// Appends the next field's values (empty: nothing to show).
    pub fn push(&mut self, field: &[f64]) {
        self.values.extend_from_slice(field);
        self.ends.push(self.values.len());
    }
    pub fn fields(&self) -> usize {
        self.ends.len()
    }
    pub fn field(&self, i: usize) -> &[f64] {
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        &self.values[start..self.ends[i]]
    }
    /// Field `i` holds `values` (NaN, "none", equal to NaN: see [`StateView`]).
    pub fn field_is(&self, i: usize, values: &[f64]) -> bool {
        let held = self.field(i);
        held.len() == values.len() && held.iter().zip(values).all(|(a, b)| a == b || (a.is_nan() && b.is_nan()))
    }
}
