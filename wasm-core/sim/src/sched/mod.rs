//! The scheduler contract, and the one list of every scheduler.
//!
//! A scheduler only orders packets (and decides which to drop when it must); the port around
//! it counts, traces and checks identities (ns-3's QueueDisc split). Each scheduler is one
//! file in its family's folder (`single/`, `fair/`, `curves/`, `queue_management/`, `classes/`,
//! `programmable/`, `multi/`), opening with its paper, section and invariant and declaring its
//! registry entry (`registry::SchedulerInfo`: name, parameters, key, state, order, builder)
//! beside the code; `parts/` holds the building blocks several families share (buffers, keyed
//! queues, lanes, tags). The list at the end of this file names each scheduler once and
//! generates the family modules, [`AnyScheduler`] with its dispatch, and the registry: adding
//! a scheduler is one new file and one line there (README, "Adding a scheduler").

#[macro_use]
mod macros;
pub mod parts;
pub mod registry;

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
    /// LSTFCoDel: its average slack gamma, in ns, sampled at each packet it sends.
    pub slack: Option<crate::metrics::moments::Moments>,
}

// The page's first wasm module (sched-sim without `full`) holds FIFO and the scripted
// schedule's server; `#[cfg(feature = "full")]` marks the others (`crate::first`).
schedulers! {
    /// One queue: FIFO and the priority family (each a `KeyedQueue` or a FIFO).
    single {
        fifo: Fifo(inline Fifo) [FIFO];
        #[cfg(feature = "full")] lifo: Lifo(inline Lifo) [LIFO];
        #[cfg(feature = "full")] random: Random(boxed Random) [RANDOM];
        #[cfg(feature = "full")] lstf: Lstf(boxed Lstf) [LSTF, FIFO_PLUS];
        #[cfg(feature = "full")] edf: Edf(boxed Edf) [EDF];
        #[cfg(feature = "full")] priority: Priority(inline Priority) [PRIORITY];
        #[cfg(feature = "full")] sjf: Sjf(inline Sjf) [SJF];
        #[cfg(feature = "full")] srpt: Srpt(inline Srpt) [SRPT];
        scripted: Scripted(inline Scripted) [];
    }
    /// Fair queueing: packets (or class slots) tagged with virtual times.
    fair(gps) {
        #[cfg(feature = "full")] fq: Fq(boxed Fq) [FQ];
        #[cfg(feature = "full")] class_fq: ClassFq(boxed ClassFq) [CLASS_FQ];
        #[cfg(feature = "full")] wfq: Wfq(boxed Wfq) [WFQ];
        #[cfg(feature = "full")] scfq: Scfq(boxed Scfq) [SCFQ];
        #[cfg(feature = "full")] stfq: Stfq(boxed Stfq) [STFQ];
        #[cfg(feature = "full")] wf2q_plus: Wf2qPlus(boxed Wf2qPlus) [WF2Q_PLUS];
        #[cfg(feature = "full")] virtual_clock: VirtualClock(boxed VirtualClock) [VIRTUAL_CLOCK];
    }
    /// Service curves: SCED, fair service curves and their hierarchy (H-FSC).
    curves(curve, queues) {
        #[cfg(feature = "full")] sced: Sced(boxed Sced) [SCED];
        #[cfg(feature = "full")] fsc: Fsc(boxed Fsc) [FSC];
        #[cfg(feature = "full")] hfsc: Hfsc(boxed Hfsc) [HFSC];
    }
    /// Active queue management (built on the components in `crate::aqm`).
    queue_management {
        #[cfg(feature = "full")] codel: Codel(boxed CodelFifo) [CODEL];
        #[cfg(feature = "full")] fq_codel: FqCodel(boxed FqCodel) [FQ_CODEL];
        #[cfg(feature = "full")] red: Red(boxed RedFifo) [RED];
        #[cfg(feature = "full")] lstf_codel: LstfCodel(boxed LstfCodel) [LSTF_CODEL];
    }
    /// Classes and round robin: strict priority, RR, WRR, DRR.
    classes {
        #[cfg(feature = "full")] strict_priority: StrictPriority(boxed StrictPriority) [STRICT_PRIORITY];
        #[cfg(feature = "full")] round_robin: RoundRobin(boxed RoundRobin) [RR, WRR, DRR];
    }
    /// Programmable scheduling: rank programs feeding PIFO, SP-PIFO, AIFO, PIEO; AFQ's calendar queues.
    programmable(rank) {
        #[cfg(feature = "full")] pifo: Pifo(boxed Pifo) [PIFO];
        #[cfg(feature = "full")] sp_pifo: SpPifo(boxed SpPifo) [SP_PIFO];
        #[cfg(feature = "full")] aifo: Aifo(boxed Aifo) [AIFO];
        #[cfg(feature = "full")] afq: Afq(boxed Afq) [AFQ];
        #[cfg(feature = "full")] pieo: Pieo(boxed Pieo) [PIEO];
        #[cfg(feature = "full")] threshold_fifo: ThresholdFifo(boxed ThresholdFifo) [THRESHOLD_FIFO];
    }
    /// Multi-resource schedulers at middlebox stages: DRFQ, MR3, the fairness-efficiency trade-off.
    multi(dominant, fluid, fluid_direct, fluid_vt) {
        #[cfg(feature = "full")] drfq: Drfq(boxed Drfq) [DRFQ];
        #[cfg(feature = "full")] mr3: Mr3(boxed Mr3) [MR3];
        #[cfg(feature = "full")] mr_tradeoff: MrTradeoff(boxed MrTradeoff) [MR_TRADEOFF];
    }
}
