//! Queue management as components that schedulers embed (Linux's `codel.h` pattern: the
//! state and its rules in one place, owned by whichever queue uses it). A component decides
//! drops and ECN marks and reports them through [`crate::verdicts::Verdicts`]; it never
//! orders packets, which stays the scheduler's job.
//!
//! - [`threshold::EcnThreshold`]: mark ECN-capable arrivals above a queue threshold (DCTCP's
//!   K), embedded by `fifo`.
//! - [`codel::Codel`]: CoDel (RFC 8289), embedded by `codel`, `fq_codel` (one per flow
//!   queue) and `lstf_codel`; the queue says which packet is next and which one a drop takes.
//! - [`red::Red`]: RED (Floyd and Jacobson 1993), embedded by `red`.
//! - [`edge_codel::EdgeCodel`]: Edge-CoDel (UPS Sec. 4), per-flow CoDel at the egress ports
//!   on the network queueing delay the slack header carries; a port holds it.

pub mod codel;
pub mod edge_codel;
pub mod red;
pub mod threshold;
