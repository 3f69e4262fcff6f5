//! Transports: UDP (the traffic sources' own pacing, no state here) and the TCP family, whose
//! endpoints live here, out of the packets.
//!
//! - `tcp`: NewReno (RFC 5681, RFC 6582) with RFC 6298 timers, timestamps and optional ECN
//!   (RFC 3168) and delayed ACKs — `newreno`, `receiver`, `rtt`.
//! - `dctcp`: the same sender with DCTCP's alpha-proportional cut and a per-packet CE echo
//!   (`dctcp`).
//! - `pfabric`: the same sender started at line rate with a fixed small timeout, carrying
//!   the remaining flow size for rank-based schedulers (`pfabric`).
//! - `rc3`: the NewReno sender at priority 0 plus a low-priority loop sending the flow's tail
//!   first, with SACK (`rc3`; its state is apart from the connection, in `Network::rc3`).
//!
//! One [`Connection`] per TCP-family flow holds both endpoints (the sender at the source, the
//! receiver at the destination) and the bookkeeping of their timers. The three are one state
//! machine with different parameters (DCTCP "on the same code", pFabric as "minimal rate
//! control"), so a single type serves them; the scenario's [`Transport`] names the variant.
//!
//! Wire format: a data packet is `mss + header` bytes (the last segment may be shorter) and
//! an ACK `header` bytes; `Packet::seq` is the byte offset of the payload on data and the
//! cumulative ACK on ACKs, `Packet::flags` the bits of [`crate::packet::flags`], `Packet::created`
//! (TSval) and `Packet::tsecr` the timestamps.

pub mod dctcp;
pub mod newreno;
pub mod pfabric;
pub mod rc3;
pub mod receiver;
pub mod rtt;

pub use crate::scenario::Transport;
use crate::scenario::{TcpSpec, Toggle};
use crate::time::Time;
use newreno::{Config, EcnResponse, Sender};
use pfabric::PathFacts;
use receiver::{EcnEcho, Receiver};

/// Defaults of the `tcp` options of a scenario source.
pub const DEFAULT_MSS: u32 = 1460;
pub const DEFAULT_HEADER: u32 = 40;
/// RFC 6928.
pub const DEFAULT_INITIAL_WINDOW: u32 = 10;
/// As Linux (RFC 6298 Sec. 2.4 suggests 1 s; data-centre studies use far less).
pub const DEFAULT_MIN_RTO: Time = Time(200_000_000);
/// RFC 6298 Sec. 2.1.
pub const DEFAULT_INITIAL_RTO: Time = Time(1_000_000_000);
/// RFC 5681 Sec. 4.2 requires under 500 ms; 200 ms is the classic BSD value.
pub const DEFAULT_DELAYED_ACK: Time = Time(200_000_000);

/// A source's TCP options with the defaults filled in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TcpOptions {
    pub mss: u32,
    pub header: u32,
    pub initial_window: Option<u32>,
    /// tcp and dctcp: cwnd's cap, segments.
    pub max_window: Option<u32>,
    pub min_rto: Time,
    pub initial_rto: Time,
    /// pFabric's fixed RTO, if given.
    pub rto: Option<Time>,
    pub delayed_ack: Option<Time>,
    pub ecn: bool,
    /// rc3's levels.
    pub rc3: rc3::Rc3Params,
}

impl TcpOptions {
    pub fn from_spec(spec: Option<&TcpSpec>) -> TcpOptions {
        let d = TcpSpec::default();
        let s = spec.unwrap_or(&d);
        TcpOptions {
            mss: s.mss.map_or(DEFAULT_MSS, |q| q.0 as u32),
            header: s.header.map_or(DEFAULT_HEADER, |q| q.0 as u32),
            initial_window: s.initial_window,
            max_window: s.max_window,
            min_rto: s.min_rto.map_or(DEFAULT_MIN_RTO, |q| q.0),
            initial_rto: s.initial_rto.map_or(DEFAULT_INITIAL_RTO, |q| q.0),
            rto: s.rto.map(|q| q.0),
            delayed_ack: (s.delayed_ack == Toggle::On)
                .then(|| s.delayed_ack_timeout.map_or(DEFAULT_DELAYED_ACK, |q| q.0)),
            ecn: s.ecn == Toggle::On,
            rc3: rc3::Rc3Params::from_spec(s.rc3.as_ref()),
        }
    }

    /// Size on the wire of a full data packet.
    pub fn wire_segment(&self) -> u32 {
        self.mss + self.header
    }
}

/// Bytes on the wire of a TCP-family flow of `size` payload bytes: one header per segment.
pub fn wire_bytes(size: u64, mss: u32, header: u32) -> u64 {
    size + size.div_ceil(mss as u64) * header as u64
}

/// A value that takes its type's `NONE` only to stand for "none" (see [`Opt`]).
pub trait Sentinel: Copy + Eq {
    const NONE: Self;
}

impl Sentinel for Time {
    /// 584 years: no run, deadline or round-trip time reaches it.
    const NONE: Time = Time::MAX;
}

impl Sentinel for u64 {
    /// No sequence number reaches it (a flow's bytes stay below it: `Sender::end`).
    const NONE: u64 = u64::MAX;
}

/// An `Option` in 8 B: the TCP endpoints' optional times and sequence numbers (an
/// `Option<Time>` takes 16), `NONE` standing for none. Setting `Some(NONE)` panics.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Opt<T: Sentinel>(T);

impl<T: Sentinel> Opt<T> {
    pub const NONE: Opt<T> = Opt(T::NONE);

    #[inline]
    pub fn get(self) -> Option<T> {
        (self.0 != T::NONE).then_some(self.0)
    }

    #[inline]
    pub fn is_none(self) -> bool {
        self.0 == T::NONE
    }

    /// `x`, which the caller knows is not `NONE` (checked in debug builds and the CI profile).
    #[inline(always)]
    pub fn some(x: T) -> Opt<T> {
        debug_assert!(x != T::NONE, "a value taken for none");
        Opt(x)
    }

    #[inline]
    pub fn take(&mut self) -> Option<T> {
        std::mem::replace(self, Opt::NONE).get()
    }
}

impl<T: Sentinel> From<Option<T>> for Opt<T> {
    #[inline]
    fn from(v: Option<T>) -> Opt<T> {
        match v {
            Some(x) => {
                assert!(x != T::NONE, "a value taken for none");
                Opt(x)
            }
            None => Opt::NONE,
        }
    }
}

impl<T: Sentinel> Default for Opt<T> {
    fn default() -> Opt<T> {
        Opt::NONE
    }
}

/// An engine timer's bookkeeping: at most one event is pending per timer; a state machine's
/// deadline that moves later is caught when the pending event fires (it re-arms), one that
/// moves earlier gets a new event and a new generation, so the old event is ignored (as
/// `TxDone` generations in `port`).
#[derive(Clone, Copy, Debug, Default)]
pub struct TimerSlot {
    pending: Opt<Time>,
    generation: u32,
}

impl TimerSlot {
    /// The event to schedule, (time, generation), for the state machine's `deadline`.
    pub fn sync(&mut self, deadline: Option<Time>) -> Option<(Time, u32)> {
        match (deadline, self.pending.get()) {
            (None, _) => None,
            (Some(d), Some(p)) if p <= d => None,
            (Some(d), _) => {
                self.generation = self.generation.wrapping_add(1);
                self.pending = Some(d).into();
                Some((d, self.generation))
            }
        }
    }

    /// The event of `generation` fired: whether it is the current one (then nothing is
    /// pending any more).
    pub fn fire(&mut self, generation: u32) -> bool {
        let current = !self.pending.is_none() && generation == self.generation;
        if current {
            self.pending = Opt::NONE;
        }
        current
    }
}

/// Which timer an engine event is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimerKind {
    Rto,
    DelayedAck,
    /// RC3's low-priority loop sends its next segment.
    Rlp,
}

/// Both endpoints of one TCP-family flow.
#[derive(Clone, Debug)]
pub struct Connection {
    pub sender: Sender,
    pub receiver: Receiver,
    pub header: u32,
    pub rto: TimerSlot,
    pub delack: TimerSlot,
}

impl Connection {
    /// `stop`: when an open-ended sender stops sending new data. `path`: for pFabric's
    /// defaults.
    pub fn new(kind: Transport, o: &TcpOptions, size: Option<u64>, stop: Time, path: PathFacts) -> Connection {
        let newreno = |ecn| Config {
            ecn,
            max_window: o.max_window.map_or(u64::MAX, |w| w as u64 * o.mss as u64),
            ..Config::newreno(o.mss, o.initial_window.unwrap_or(DEFAULT_INITIAL_WINDOW), o.initial_rto, o.min_rto)
        };
        let (cfg, echo, delay) = match kind {
            Transport::Tcp if o.ecn => (newreno(EcnResponse::Rfc3168), EcnEcho::Rfc3168, o.delayed_ack),
            Transport::Tcp | Transport::Rc3 => (newreno(EcnResponse::Off), EcnEcho::Off, o.delayed_ack),
            Transport::Dctcp => (newreno(EcnResponse::Dctcp), EcnEcho::PerPacket, None),
            Transport::Pfabric => (pfabric::config(o.mss, o.header, o.initial_window, o.rto, path), EcnEcho::Off, None),
            Transport::Udp => unreachable!("UDP flows have no connection"),
        };
        Connection {
            sender: Sender::new(cfg, size, stop),
            receiver: Receiver::new(size, delay, echo),
            header: o.header,
            rto: TimerSlot::default(),
            delack: TimerSlot::default(),
        }
    }

    /// pFabric's priority field: payload bytes not yet acknowledged (u64::MAX: open-ended).
    pub fn remaining(&self) -> u64 {
        match self.sender.end() {
            u64::MAX => u64::MAX,
            end => end.saturating_sub(self.sender.snd_una()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timer_slots_keep_one_event_and_ignore_stale_ones() {
        let mut t = TimerSlot::default();
        assert_eq!(t.sync(Some(Time(100))), Some((Time(100), 1)));
        // Later deadlines wait for the pending event, which re-arms when it fires.
        assert_eq!(t.sync(Some(Time(150))), None);
        // An earlier deadline needs a new event; the old generation goes stale.
        assert_eq!(t.sync(Some(Time(50))), Some((Time(50), 2)));
        assert!(!t.fire(1));
        assert!(t.fire(2));
        assert!(!t.fire(2), "fired once");
        assert_eq!(t.sync(None), None);
    }

    #[test]
    fn opt_is_an_option_in_eight_bytes() {
        assert_eq!((std::mem::size_of::<Opt<Time>>(), std::mem::size_of::<Option<Time>>()), (8, 16));
        let mut t: Opt<Time> = Some(Time(5)).into();
        assert_eq!((t.get(), t.is_none()), (Some(Time(5)), false));
        assert_eq!((t.take(), t.get(), t.is_none()), (Some(Time(5)), None, true));
        assert_eq!(Opt::<u64>::from(Some(0)).get(), Some(0));
        assert_eq!(Opt::<u64>::default(), Opt::NONE);
        assert!(std::panic::catch_unwind(|| Opt::<u64>::from(Some(u64::MAX))).is_err(), "none is not a value");
    }

    #[test]
    fn wire_bytes_count_one_header_per_segment() {
        // 3000 B in 1460 B segments: 1460 + 1460 + 80, three headers of 40 B.
        assert_eq!(wire_bytes(3000, 1460, 40), 3120);
        assert_eq!(wire_bytes(1460, 1460, 40), 1500);
    }
}
