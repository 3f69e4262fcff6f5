//! Queue management as components that schedulers embed (Linux's `codel.h` pattern: the
//! state and its rules in one place, owned by whichever queue uses it). A component decides
//! drops and ECN marks and reports them through [`crate::verdicts::Verdicts`]; it never
//! orders packets, which stays the scheduler's job.
//!
//! - [`threshold::EcnThreshold`]: mark ECN-capable arrivals above a queue threshold (DCTCP's
//!   K), embedded by `fifo`.

pub mod threshold;
