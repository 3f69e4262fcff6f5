//! The scheduler contract, and the enum that holds every scheduler.
//!
//! A scheduler only orders packets (and decides which to drop when it must); the port around
//! it counts, traces and checks identities (ns-3's QueueDisc split). Adding a scheduler means
//! one new file here, one arm in [`AnyScheduler`] and one entry in [`registry::REGISTRY`].

pub mod aifo;
pub mod blocks;
pub mod buffer;
pub mod class_fq;
pub mod codel;
pub mod curve;
pub mod drfq;
pub mod edf;
pub mod fifo;
pub mod fluid;
pub mod fluid_direct;
pub mod fluid_vt;
pub mod fq;
pub mod fq_codel;
pub mod fsc;
pub mod gps;
pub mod keyed;
pub mod lanes;
pub mod lifo;
pub mod lstf;
pub mod lstf_codel;
pub mod mr3;
pub mod mr_tradeoff;
pub mod per_lane;
pub mod pifo;
pub mod priority;
pub mod random;
pub mod rank;
pub mod red;
pub mod registry;
pub mod round_robin;
pub mod sced;
pub mod scfq;
pub mod scripted;
pub mod sjf;
pub mod sp_pifo;
pub mod srpt;
pub mod stfq;
pub mod strict_priority;
pub mod tagged;
pub mod threshold_fifo;
pub mod virtual_clock;
pub mod wf2q_plus;
pub mod wfq;

use crate::packet::Packet;
use crate::time::Time;
pub use crate::verdicts::{DropReason, Dropped, MarkReason, Verdicts};
pub use crate::view::{QueueView, StateView};

/// What became of the packet handed to [`Scheduler::enqueue`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Admission {
    /// It is queued; `key` is what the scheduler orders it by (rank, slack, deadline, virtual
    /// time...), for the trace. Lower keys are served first unless the scheduler's order is
    /// not a key order (round robin), in which case `snapshot` is the truth.
    Queued { key: i64 },
    /// It was refused; the scheduler put it into `drops` with its reason.
    Refused,
}

/// The contract every scheduler implements. Time is passed in; schedulers own no clock.
pub trait Scheduler {
    /// Admit `pkt` or refuse it; may instead push out other queued packets (push-out buffers,
    /// AIFO admission, PIFO overflow drops the highest rank). Every drop and every ECN mark
    /// goes into `v` with its reason. The port has set `pkt.enqueued_at = now`.
    fn enqueue(&mut self, now: Time, pkt: Packet, v: &mut Verdicts) -> Admission;

    /// `enqueue` at a service stage (`crate::stage`), which also says the packet's
    /// processing times on the two resources it will use, <CPU, link> (MR-tradeoff Sec. 2).
    /// Multi-resource schedulers (`drfq`, `mr3`) order by them; the others ignore them.
    fn enqueue_costed(&mut self, now: Time, pkt: Packet, _costs: [Time; 2], v: &mut Verdicts) -> Admission {
        self.enqueue(now, pkt, v)
    }

    /// The next packet to transmit, if one is eligible now. May drop or mark at the head
    /// (CoDel family); such verdicts go into `v`.
    fn dequeue(&mut self, now: Time, v: &mut Verdicts) -> Option<Packet>;

    /// Non-work-conserving schedulers (shapers, SCED with eligibility): when `dequeue`
    /// returned `None` with packets queued, the time the next packet becomes eligible.
    fn next_eligible(&self, _now: Time) -> Option<Time> {
        None
    }

    /// Preemptive-resume service: should `arriving` interrupt `in_service`? If so the port
    /// puts the remainder of `in_service` back through `enqueue`.
    fn preempts(&self, _arriving: &Packet, _in_service: &Packet) -> bool {
        false
    }

    /// Schedulers that track a fluid with a fairness floor (`mr_tradeoff`): the least
    /// dominant share its fluid gives any backlogged flow now, alpha x d_bar.
    fn fair_floor(&self) -> Option<f64> {
        None
    }

    /// Packets queued.
    fn len(&self) -> usize;

    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Bytes queued.
    fn bytes(&self) -> u64;

    /// The first `limit` queued packets in the order `dequeue` would serve them if nothing
    /// else arrived, each with the value the page shows on it (its meaning and unit: the
    /// registry's `key`). Random schedulers list arrival order.
    fn snapshot(&self, limit: usize, out: &mut QueueView);

    /// The scheduler's exported state: one list of values per field its registry entry
    /// declares (`state`), in that order.
    fn state(&self, _out: &mut StateView) {}

    /// What the queue management it embeds did over the run up to `now`, for the results
    /// (`None`: it embeds no CoDel).
    fn aqm_report(&self, _now: Time) -> Option<AqmReport> {
        None
    }
}

/// Time spent in CoDel's dropping state, summed over the CoDel instances a scheduler embeds
/// (`fq_codel`: one per flow queue).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AqmReport {
    pub dropping_ns: u64,
    /// Times a dropping state was entered.
    pub dropping_entries: u64,
}

/// Every scheduler, dispatched statically (smoltcp's congestion-controller pattern).
/// Class-level schedulers hold `Vec<AnyScheduler>` children, so schedulers nest. Variants
/// larger than a FIFO are boxed, so the enum (held by every port) is a FIFO's size: most ports
/// of a large network are FIFOs (`sched-cli bench --set memory` prints the port's size).
#[derive(Debug)]
pub enum AnyScheduler {
    Fifo(fifo::Fifo),
    Lifo(lifo::Lifo),
    Random(Box<random::Random>),
    Lstf(Box<lstf::Lstf>),
    Edf(Box<edf::Edf>),
    Priority(priority::Priority),
    Sjf(sjf::Sjf),
    Srpt(srpt::Srpt),
    Fq(Box<fq::Fq>),
    ClassFq(Box<class_fq::ClassFq>),
    Codel(Box<codel::CodelFifo>),
    Red(Box<red::RedFifo>),
    LstfCodel(Box<lstf_codel::LstfCodel>),
    FqCodel(Box<fq_codel::FqCodel>),
    StrictPriority(Box<strict_priority::StrictPriority>),
    RoundRobin(Box<round_robin::RoundRobin>),
    Wfq(Box<wfq::Wfq>),
    Scfq(Box<scfq::Scfq>),
    Stfq(Box<stfq::Stfq>),
    Wf2qPlus(Box<wf2q_plus::Wf2qPlus>),
    VirtualClock(Box<virtual_clock::VirtualClock>),
    /// A scripted original's port (not in the registry: a scenario's `schedule` sets it).
    Scripted(scripted::Scripted),
    Sced(Box<sced::Sced>),
    Fsc(Box<fsc::Fsc>),
    Pifo(Box<pifo::Pifo>),
    SpPifo(Box<sp_pifo::SpPifo>),
    Aifo(Box<aifo::Aifo>),
    ThresholdFifo(Box<threshold_fifo::ThresholdFifo>),
    Drfq(Box<drfq::Drfq>),
    Mr3(Box<mr3::Mr3>),
    MrTradeoff(Box<mr_tradeoff::MrTradeoff>),
}

macro_rules! dispatch {
    ($self:ident, $s:ident => $e:expr) => {
        match $self {
            AnyScheduler::Fifo($s) => $e,
            AnyScheduler::Lifo($s) => $e,
            AnyScheduler::Random($s) => $e,
            AnyScheduler::Lstf($s) => $e,
            AnyScheduler::Edf($s) => $e,
            AnyScheduler::Priority($s) => $e,
            AnyScheduler::Sjf($s) => $e,
            AnyScheduler::Srpt($s) => $e,
            AnyScheduler::Fq($s) => $e,
            AnyScheduler::ClassFq($s) => $e,
            AnyScheduler::Codel($s) => $e,
            AnyScheduler::Red($s) => $e,
            AnyScheduler::LstfCodel($s) => $e,
            AnyScheduler::FqCodel($s) => $e,
            AnyScheduler::StrictPriority($s) => $e,
            AnyScheduler::RoundRobin($s) => $e,
            AnyScheduler::Wfq($s) => $e,
            AnyScheduler::Scfq($s) => $e,
            AnyScheduler::Stfq($s) => $e,
            AnyScheduler::Wf2qPlus($s) => $e,
            AnyScheduler::VirtualClock($s) => $e,
            AnyScheduler::Scripted($s) => $e,
            AnyScheduler::Sced($s) => $e,
            AnyScheduler::Fsc($s) => $e,
            AnyScheduler::Pifo($s) => $e,
            AnyScheduler::SpPifo($s) => $e,
            AnyScheduler::Aifo($s) => $e,
            AnyScheduler::ThresholdFifo($s) => $e,
            AnyScheduler::Drfq($s) => $e,
            AnyScheduler::Mr3($s) => $e,
            AnyScheduler::MrTradeoff($s) => $e,
        }
    };
}

impl Scheduler for AnyScheduler {
    fn enqueue(&mut self, now: Time, pkt: Packet, v: &mut Verdicts) -> Admission {
        dispatch!(self, s => s.enqueue(now, pkt, v))
    }
    fn enqueue_costed(&mut self, now: Time, pkt: Packet, costs: [Time; 2], v: &mut Verdicts) -> Admission {
        dispatch!(self, s => s.enqueue_costed(now, pkt, costs, v))
    }
    fn dequeue(&mut self, now: Time, v: &mut Verdicts) -> Option<Packet> {
        dispatch!(self, s => s.dequeue(now, v))
    }
    fn next_eligible(&self, now: Time) -> Option<Time> {
        dispatch!(self, s => s.next_eligible(now))
    }
    fn preempts(&self, arriving: &Packet, in_service: &Packet) -> bool {
        dispatch!(self, s => s.preempts(arriving, in_service))
    }
    fn fair_floor(&self) -> Option<f64> {
        dispatch!(self, s => s.fair_floor())
    }
    fn len(&self) -> usize {
        dispatch!(self, s => s.len())
    }
    fn bytes(&self) -> u64 {
        dispatch!(self, s => s.bytes())
    }
    fn snapshot(&self, limit: usize, out: &mut QueueView) {
        dispatch!(self, s => s.snapshot(limit, out))
    }
    fn state(&self, out: &mut StateView) {
        dispatch!(self, s => s.state(out))
    }
    fn aqm_report(&self, now: Time) -> Option<AqmReport> {
        dispatch!(self, s => s.aqm_report(now))
    }
}
