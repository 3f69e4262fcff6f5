//! The TCP NewReno sender as a pure state machine: sequence numbers, ACKs and times in,
//! segments and a retransmission deadline out. No engine types; the RFC tests below drive it
//! directly.
//!
//! Principles (byte sequence numbers from 0; `snd_una` oldest unacknowledged byte, `snd_nxt`
//! next byte to send, `snd_max` one past the highest byte ever sent):
//! - RFC 5681 Sec. 3.1: initial window IW segments (RFC 6928's 10 by default), ssthresh
//!   unbounded. Slow start while cwnd < ssthresh: cwnd += min(acked, SMSS) per ACK;
//!   congestion avoidance: cwnd += SMSS once per cwnd bytes acknowledged (byte counting,
//!   RFC 3465 Sec. 2.1), so delayed ACKs do not slow it down.
//! - RFC 5681 Sec. 3.2 with RFC 6582 Sec. 3.2 (NewReno): the third duplicate ACK, if the ACK
//!   covers `recover` (none recorded yet, or ack >= recover), sets ssthresh = max(FlightSize/2,
//!   2 SMSS), recover = snd_max, retransmits snd_una and sets cwnd = ssthresh + 3 SMSS; every
//!   further duplicate ACK inflates cwnd by SMSS. A partial ACK (ack < recover) retransmits the
//!   first unacknowledged segment, deflates cwnd by the bytes acknowledged and adds back SMSS
//!   if at least SMSS was acknowledged; the first partial ACK restarts the timer ("impatient"
//!   variant). A full ACK (ack >= recover) ends recovery with
//!   cwnd = min(ssthresh, max(FlightSize, SMSS) + SMSS) (RFC 6582 step 3, option 1).
//! - RFC 6298 Sec. 5: the timer runs while data is outstanding, restarts on every ACK of new
//!   data, stops when everything is acknowledged. On expiry: ssthresh = max(FlightSize/2,
//!   2 SMSS) (RFC 5681 eq. 4; held when the segment already timed out once), cwnd = 1 SMSS,
//!   recover = snd_max (RFC 6582 Sec. 4), go-back-N from snd_una, RTO doubled (Sec. 5.5).
//! - Karn (RFC 6298 Sec. 3) with timestamps (RFC 7323): every segment carries its send time;
//!   the ACK echoes it and says whether the echoed segment was a retransmission. Only ACKs of
//!   new data echoing an original transmission give an RTT sample, so every sample is one
//!   packet's round trip.
//! - ECN (RFC 3168 Sec. 6.1.2): data is ECN-capable; an ACK with ECE halves cwnd (ssthresh =
//!   cwnd = max(cwnd/2, 2 SMSS)) at most once per window of data (no new reduction until an
//!   ACK covers what was outstanding at the last reduction, loss included), the next new
//!   segment carries CWR, and an ACK with ECE never grows cwnd. With DCTCP the cut is
//!   cwnd (1 - alpha/2) instead (see `dctcp`). No reaction during fast recovery.
//! - Not modelled: the receive window (the receiver buffers everything), SACK, limited
//!   transmit, the handshake (a flow starts sending at its start time).
//!
//! Invariants: snd_una <= snd_nxt <= snd_max <= size; cwnd >= SMSS; ssthresh >= 2 SMSS once
//! set; the retransmission deadline exists exactly when data is outstanding.

use super::dctcp::Dctcp;
use super::rtt::RttEstimator;
use super::Opt;
use crate::time::Time;

/// How the sender responds to ECN-Echo.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EcnResponse {
    /// Not ECN-capable: segments are not ECT and ECE is ignored.
    Off,
    /// RFC 3168: halve once per window.
    Rfc3168,
    /// DCTCP: cut by alpha/2 once per window.
    Dctcp,
}

/// The sender's parameters; defaults are stated where the scenario format reads them.
#[derive(Clone, Debug)]
pub struct Config {
    /// Payload bytes per segment (SMSS).
    pub mss: u32,
    /// Initial window, segments.
    pub initial_window: u32,
    pub initial_rto: Time,
    pub min_rto: Time,
    pub max_rto: Time,
    pub ecn: EcnResponse,
    /// Three duplicate ACKs start fast retransmit and recovery (pFabric turns it off).
    pub fast_retransmit: bool,
    /// RTO doubling on each expiry (pFabric keeps a fixed RTO).
    pub backoff: bool,
    /// cwnd never grows past this many bytes (pFabric: its initial window), and no more is
    /// in flight even while fast recovery inflates cwnd: a receive window (ns-2's `window_`).
    pub max_window: u64,
}

impl Config {
    /// NewReno with the given segment size, initial window and timer bounds.
    pub fn newreno(mss: u32, initial_window: u32, initial_rto: Time, min_rto: Time) -> Config {
        Config {
            mss,
            initial_window,
            initial_rto,
            min_rto,
            max_rto: super::rtt::MAX_RTO,
            ecn: EcnResponse::Off,
            fast_retransmit: true,
            backoff: true,
            max_window: u64::MAX,
        }
    }
}

/// A segment to send.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Segment {
    pub seq: u64,
    pub len: u32,
    /// Sent before (below snd_max): a retransmission.
    pub retx: bool,
    /// Carries CWR (RFC 3168: the first new segment after a window reduction).
    pub cwr: bool,
}

/// What an ACK was, for tests and traces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AckKind {
    /// Below snd_una, or nothing outstanding: ignored.
    Old,
    /// A duplicate ACK that started nothing.
    Duplicate,
    /// The third duplicate ACK: fast retransmit, fast recovery begins.
    FastRetransmit,
    /// New data acknowledged outside recovery.
    New,
    /// New data acknowledged below `recover`: the next hole is retransmitted.
    PartialAck,
    /// Everything up to `recover` acknowledged: recovery ends.
    FullAck,
}

/// What a sender reads of its [`Config`] once it has started (16 B where the `Config` takes 48:
/// the initial window sets the first cwnd, the timers' bounds are its RTT estimator's).
#[derive(Clone, Debug)]
struct Rules {
    mss: u32,
    ecn: EcnResponse,
    fast_retransmit: bool,
    backoff: bool,
    max_window: u64,
}

#[derive(Clone, Debug)]
pub struct Sender {
    cfg: Rules,
    /// One past the last byte (u64::MAX: open-ended).
    end: u64,
    /// No new data from this time on (open-ended sources stop).
    stop: Time,
    snd_una: u64,
    snd_nxt: u64,
    snd_max: u64,
    cwnd: u64,
    ssthresh: u64,
    dupacks: u32,
    in_recovery: bool,
    recover: Opt<u64>,
    /// A partial ACK or fast retransmit asked for snd_una to be resent.
    retx_pending: bool,
    first_partial: bool,
    /// Bytes acknowledged in congestion avoidance since cwnd last grew.
    ca_acked: u64,
    rtt: RttEstimator,
    deadline: Opt<Time>,
    /// The segment at snd_una was retransmitted by the timer (RFC 5681: hold ssthresh).
    timed_out: bool,
    /// No new window reduction until an ACK passes this (RFC 3168: once per window).
    reduced_until: Opt<u64>,
    cwr_pending: bool,
    /// DCTCP's estimator, boxed: most senders have none.
    dctcp: Option<Box<Dctcp>>,
    timeouts: u64,
}

impl Sender {
    /// A sender of `size` bytes (None: open-ended, stopping new data at `stop`).
    pub fn new(cfg: Config, size: Option<u64>, stop: Time) -> Sender {
        let rtt = RttEstimator::new(cfg.initial_rto, cfg.min_rto, cfg.max_rto);
        let cwnd = (cfg.initial_window.max(1) as u64 * cfg.mss as u64).min(cfg.max_window.max(cfg.mss as u64));
        Sender {
            end: size.unwrap_or(u64::MAX),
            stop,
            snd_una: 0,
            snd_nxt: 0,
            snd_max: 0,
            cwnd,
            ssthresh: u64::MAX,
            dupacks: 0,
            in_recovery: false,
            recover: Opt::NONE,
            retx_pending: false,
            first_partial: false,
            ca_acked: 0,
            rtt,
            deadline: Opt::NONE,
            timed_out: false,
            reduced_until: Opt::NONE,
            cwr_pending: false,
            dctcp: (cfg.ecn == EcnResponse::Dctcp).then(Box::default),
            timeouts: 0,
            cfg: Rules {
                mss: cfg.mss,
                ecn: cfg.ecn,
                fast_retransmit: cfg.fast_retransmit,
                backoff: cfg.backoff,
                max_window: cfg.max_window,
            },
        }
    }

    fn mss(&self) -> u64 {
        self.cfg.mss as u64
    }

    fn flight(&self) -> u64 {
        self.snd_nxt - self.snd_una
    }

    pub fn cwnd(&self) -> u64 {
        self.cwnd
    }
    pub fn ssthresh(&self) -> u64 {
        self.ssthresh
    }
    /// One past the flow's last byte (u64::MAX: open-ended).
    pub fn end(&self) -> u64 {
        self.end
    }
    pub fn snd_una(&self) -> u64 {
        self.snd_una
    }
    pub fn snd_nxt(&self) -> u64 {
        self.snd_nxt
    }
    /// One past the highest byte sent.
    pub fn snd_max(&self) -> u64 {
        self.snd_max
    }
    pub fn in_recovery(&self) -> bool {
        self.in_recovery
    }
    pub fn rtt(&self) -> &RttEstimator {
        &self.rtt
    }
    pub fn timeouts(&self) -> u64 {
        self.timeouts
    }
    pub fn dctcp(&self) -> Option<&Dctcp> {
        self.dctcp.as_deref()
    }
    /// Whether segments are ECN-capable (ECT).
    pub fn ect(&self) -> bool {
        self.cfg.ecn != EcnResponse::Off
    }
    /// When the retransmission timer expires, if it runs.
    pub fn deadline(&self) -> Option<Time> {
        self.deadline.get()
    }
    /// Every byte of a finite flow is acknowledged.
    pub fn done(&self) -> bool {
        self.snd_una >= self.end
    }

    /// RFC 5681 eq. 4: max(FlightSize / 2, 2 SMSS).
    fn half_flight(&self) -> u64 {
        (self.flight() / 2).max(2 * self.mss())
    }

    fn restart_timer(&mut self, now: Time) {
        self.deadline = (self.snd_una < self.snd_max).then(|| now + self.rtt.rto()).into();
    }

    /// Processes an ACK: cumulative `ack`, ECN-Echo `ece`, and the echoed timestamp (None when
    /// the echoed segment was a retransmission, so Karn's rule gives no sample).
    pub fn on_ack(&mut self, now: Time, ack: u64, ece: bool, ts_echo: Option<Time>) -> AckKind {
        let ack = ack.min(self.snd_max);
        if ack < self.snd_una || (ack == self.snd_una && self.snd_una == self.snd_max) {
            return AckKind::Old;
        }
        if ack == self.snd_una {
            self.ecn_signal(ece);
            self.dupacks += 1;
            if !self.cfg.fast_retransmit {
                return AckKind::Duplicate;
            }
            if self.in_recovery {
                self.cwnd += self.mss();
                return AckKind::Duplicate;
            }
            if self.dupacks == 3 && self.recover.get().is_none_or(|r| ack >= r) {
                self.ssthresh = self.half_flight();
                self.recover = Some(self.snd_max).into();
                self.reduced_until = Some(self.snd_max).into();
                self.cwnd = self.ssthresh + 3 * self.mss();
                self.in_recovery = true;
                self.first_partial = true;
                self.retx_pending = true;
                return AckKind::FastRetransmit;
            }
            return AckKind::Duplicate;
        }
        let acked = ack - self.snd_una;
        self.snd_una = ack;
        self.snd_nxt = self.snd_nxt.max(ack);
        self.dupacks = 0;
        self.timed_out = false;
        if let Some(ts) = ts_echo {
            self.rtt.sample(now - ts);
        }
        let (snd_una, snd_nxt) = (self.snd_una, self.snd_nxt);
        if let Some(d) = &mut self.dctcp {
            d.on_ack(acked, ece, snd_una, snd_nxt);
        }
        let mss = self.mss();
        let kind = if self.in_recovery {
            if ack >= self.recover.get().expect("set when recovery began") {
                self.in_recovery = false;
                self.retx_pending = false;
                self.cwnd = self.ssthresh.min(self.flight().max(mss) + mss);
                self.restart_timer(now);
                AckKind::FullAck
            } else {
                self.retx_pending = true;
                self.cwnd = (self.cwnd.saturating_sub(acked) + if acked >= mss { mss } else { 0 }).max(mss);
                if self.first_partial {
                    self.first_partial = false;
                    self.restart_timer(now);
                }
                AckKind::PartialAck
            }
        } else {
            if !(ece && self.ect()) {
                if self.cwnd < self.ssthresh {
                    self.cwnd += acked.min(mss);
                } else {
                    self.ca_acked += acked;
                    if self.ca_acked >= self.cwnd {
                        self.ca_acked -= self.cwnd;
                        self.cwnd += mss;
                    }
                }
                self.cwnd = self.cwnd.min(self.cfg.max_window.max(mss));
            }
            self.restart_timer(now);
            AckKind::New
        };
        self.ecn_signal(ece);
        kind
    }

    /// RFC 3168 Sec. 6.1.2 (or DCTCP): reduce once per window on ECE, outside recovery.
    fn ecn_signal(&mut self, ece: bool) {
        if !ece || !self.ect() || self.in_recovery || self.reduced_until.get().is_some_and(|r| self.snd_una <= r) {
            return;
        }
        let floor = 2 * self.mss();
        self.cwnd = match &self.dctcp {
            Some(d) => d.cut(self.cwnd, floor),
            None => (self.cwnd / 2).max(floor),
        };
        self.ssthresh = self.cwnd;
        self.ca_acked = 0;
        self.reduced_until = Some(self.snd_max).into();
        self.cwr_pending = true;
    }

    /// Moves the next byte to send up to `seq` (RC3: past what the receiver SACKed).
    pub fn skip_to(&mut self, seq: u64) {
        self.snd_nxt = self.snd_nxt.max(seq.min(self.end));
        self.snd_max = self.snd_max.max(self.snd_nxt);
    }

    /// The retransmission timer fired at `now`. Returns false if nothing was outstanding
    /// (the engine only calls this at the deadline).
    pub fn on_timeout(&mut self, now: Time) -> bool {
        if self.snd_una >= self.snd_max {
            self.deadline = Opt::NONE;
            return false;
        }
        self.timeouts += 1;
        if !self.timed_out {
            self.ssthresh = self.half_flight();
        }
        self.timed_out = true;
        self.cwnd = self.mss();
        self.ca_acked = 0;
        self.in_recovery = false;
        self.retx_pending = false;
        self.dupacks = 0;
        self.recover = Some(self.snd_max).into();
        self.reduced_until = Some(self.snd_max).into();
        self.snd_nxt = self.snd_una;
        if self.cfg.backoff {
            self.rtt.backoff();
        }
        self.deadline = Some(now + self.rtt.rto()).into();
        true
    }

    /// The next segment the window allows now, if any; call until None after every ACK or
    /// timeout. Retransmissions asked for by recovery go first and ignore the window.
    pub fn next_segment(&mut self, now: Time) -> Option<Segment> {
        self.next_segment_sacked(now, 0)
    }

    /// `next_segment` when the receiver is known to hold `sacked` bytes of [snd_una, snd_nxt)
    /// (RC3's SACK scoreboard): they are not in flight (RFC 6675's pipe).
    pub fn next_segment_sacked(&mut self, now: Time, sacked: u64) -> Option<Segment> {
        let mss = self.mss();
        if self.retx_pending {
            self.retx_pending = false;
            let len = (self.end - self.snd_una).min(mss) as u32;
            if len > 0 {
                if self.deadline.is_none() {
                    self.deadline = Some(now + self.rtt.rto()).into();
                }
                return Some(Segment { seq: self.snd_una, len, retx: true, cwr: false });
            }
        }
        if self.snd_nxt >= self.end || (self.snd_nxt >= self.snd_max && now >= self.stop) {
            return None;
        }
        let len = (self.end - self.snd_nxt).min(mss);
        if self.flight() - sacked + len > self.cwnd.min(self.cfg.max_window.max(mss)) {
            return None;
        }
        let retx = self.snd_nxt < self.snd_max;
        let cwr = !retx && std::mem::take(&mut self.cwr_pending);
        let seg = Segment { seq: self.snd_nxt, len: len as u32, retx, cwr };
        self.snd_nxt += len;
        self.snd_max = self.snd_max.max(self.snd_nxt);
        if self.deadline.is_none() {
            self.deadline = Some(now + self.rtt.rto()).into();
        }
        Some(seg)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MSS: u64 = 1000;

    /// NewReno with 1000 B segments, IW 10, initial RTO 1 s, min RTO 200 ms.
    fn sender(size: u64) -> Sender {
        Sender::new(Config::newreno(1000, 10, Time::ms(1000), Time::ms(200)), Some(size), Time::MAX)
    }

    fn drain(s: &mut Sender, now: Time) -> Vec<(u64, bool)> {
        std::iter::from_fn(|| s.next_segment(now)).map(|g| (g.seq, g.retx)).collect()
    }

    fn seqs(from: u64, to: u64) -> Vec<(u64, bool)> {
        (from..to).step_by(MSS as usize).map(|q| (q, false)).collect()
    }

    #[test]
    fn slow_start_then_congestion_avoidance() {
        let mut s = sender(1_000_000);
        // IW = 10 segments (RFC 6928).
        assert_eq!(drain(&mut s, Time(0)), seqs(0, 10_000));
        // Slow start: each ACK of one segment adds SMSS and frees it: two segments go out.
        assert_eq!(s.on_ack(Time(10), 1000, false, Some(Time(0))), AckKind::New);
        assert_eq!(s.cwnd(), 11_000);
        assert_eq!(drain(&mut s, Time(10)), seqs(10_000, 12_000));
        // RFC 5681 Sec. 3.1: cwnd += min(N, SMSS): an ACK of 3 segments still adds 1000.
        s.on_ack(Time(11), 4000, false, Some(Time(0)));
        assert_eq!(s.cwnd(), 12_000);
    }

    #[test]
    fn one_loss_fast_retransmit_and_recovery() {
        let mut s = sender(1_000_000);
        assert_eq!(drain(&mut s, Time(0)), seqs(0, 10_000));
        // Segment 0 is lost; segments 1..9 each bring a duplicate ACK of 0.
        assert_eq!(s.on_ack(Time(100), 0, false, Some(Time(0))), AckKind::Duplicate);
        assert_eq!(s.on_ack(Time(101), 0, false, Some(Time(0))), AckKind::Duplicate);
        // Third duplicate: FlightSize = 10 000, ssthresh = max(10 000/2, 2 SMSS) = 5000,
        // cwnd = ssthresh + 3 SMSS = 8000; segment 0 is retransmitted (RFC 5681 Sec. 3.2).
        assert_eq!(s.on_ack(Time(102), 0, false, Some(Time(0))), AckKind::FastRetransmit);
        assert_eq!((s.ssthresh(), s.cwnd()), (5000, 8000));
        assert_eq!(drain(&mut s, Time(102)), vec![(0, true)]);
        // Duplicates 4..9 inflate cwnd by SMSS each: 9000 .. 14 000. FlightSize stays 10 000,
        // so new segments leave once cwnd >= 11 000: at duplicates 6, 7, 8 and 9.
        let mut sent = Vec::new();
        for (i, t) in (103..109).enumerate() {
            s.on_ack(Time(t), 0, false, Some(Time(0)));
            assert_eq!(s.cwnd(), 9000 + 1000 * i as u64);
            sent.extend(drain(&mut s, Time(t)));
        }
        assert_eq!(sent, seqs(10_000, 14_000));
        // The retransmission is acknowledged with everything up to 10 000 = recover: a full
        // ACK. FlightSize = 14 000 - 10 000 = 4000; cwnd = min(ssthresh, max(4000, SMSS) + SMSS)
        // = min(5000, 5000) = 5000 (RFC 6582 step 3, option 1). ssthresh stays 5000.
        assert_eq!(s.on_ack(Time(200), 10_000, false, None), AckKind::FullAck);
        assert_eq!((s.cwnd(), s.ssthresh(), s.in_recovery()), (5000, 5000, false));
        // FlightSize 4000 < cwnd: 14 000 goes out.
        assert_eq!(drain(&mut s, Time(200)), seqs(14_000, 15_000));
        // cwnd = ssthresh: congestion avoidance, +SMSS per 5000 B acknowledged (byte counting).
        s.on_ack(Time(300), 12_000, false, Some(Time(150)));
        assert_eq!(s.cwnd(), 5000);
        assert_eq!(drain(&mut s, Time(300)), seqs(15_000, 17_000));
        s.on_ack(Time(301), 15_000, false, Some(Time(150)));
        assert_eq!(s.cwnd(), 6000);
        assert_eq!(s.timeouts(), 0);
    }

    #[test]
    fn two_losses_in_one_window_one_recovery_no_timeout() {
        let mut s = sender(1_000_000);
        assert_eq!(drain(&mut s, Time(0)), seqs(0, 10_000));
        // Segments 0 and 5 are lost: 1..4 and 6..9 bring 8 duplicate ACKs of 0.
        let kinds: Vec<AckKind> = (0..8).map(|i| s.on_ack(Time(100 + i), 0, false, Some(Time(0)))).collect();
        assert_eq!(kinds.iter().filter(|&&k| k == AckKind::FastRetransmit).count(), 1);
        // At the third: ssthresh 5000, cwnd 8000, recover = 10 000; duplicates 4..8 take cwnd
        // to 13 000 and release 10 000, 11 000, 12 000 (FlightSize 10 000 + 1000 <= cwnd).
        assert_eq!((s.ssthresh(), s.cwnd()), (5000, 13_000));
        let sent = drain(&mut s, Time(108));
        assert_eq!(sent, [vec![(0, true)], seqs(10_000, 13_000)].concat());
        // The retransmitted 0 fills the first hole: ACK 5000 < recover is partial. RFC 6582:
        // retransmit 5000, cwnd = 13 000 - 5000 acked + SMSS = 9000; FlightSize = 13 000 -
        // 5000 = 8000, so one new segment (13 000) fits too.
        assert_eq!(s.on_ack(Time(200), 5000, false, None), AckKind::PartialAck);
        assert_eq!(s.cwnd(), 9000);
        assert_eq!(drain(&mut s, Time(200)), vec![(5000, true), (13_000, false)]);
        // The first partial ACK restarted the timer: 200 ns + RTO (1 s, no sample yet).
        assert_eq!(s.deadline(), Some(Time(200) + Time::ms(1000)));
        // The second retransmission arrives after 10 000..13 999: ACK 14 000 >= recover ends
        // recovery: FlightSize 0, cwnd = min(5000, max(0, SMSS) + SMSS) = 2000. One fast
        // recovery, no timeout.
        assert_eq!(s.on_ack(Time(300), 14_000, false, None), AckKind::FullAck);
        assert_eq!((s.cwnd(), s.ssthresh(), s.timeouts()), (2000, 5000, 0));
        assert_eq!(s.deadline(), None, "nothing outstanding: the timer stops");
    }

    #[test]
    fn karn_no_sample_from_a_retransmitted_segment() {
        let mut s = sender(2000);
        assert_eq!(drain(&mut s, Time(0)), seqs(0, 2000));
        // Both segments are lost; the timer fires at the initial RTO, 1 s (RFC 6298 Sec. 2.1).
        assert_eq!(s.deadline(), Some(Time::ms(1000)));
        assert!(s.on_timeout(Time::ms(1000)));
        assert_eq!(drain(&mut s, Time::ms(1000)), vec![(0, true)]);
        // Backed off to 2 s. The ACK echoes the retransmission: no sample, the backed-off RTO
        // stays (Karn), and the timer restarts with it.
        s.on_ack(Time::ms(1100), 1000, false, None);
        assert_eq!((s.rtt().srtt(), s.rtt().rto()), (None, Time::ms(2000)));
        assert_eq!(s.deadline(), Some(Time::ms(3100)));
        // An ACK echoing an original transmission (sent at 1.1 s, acked at 1.15 s) does give one:
        // R = 50 ms, RTO = max(200 ms, 50 + 4 * 25) = 200 ms.
        let mut t = sender(5000);
        drain(&mut t, Time::ms(1100));
        t.on_ack(Time::ms(1150), 1000, false, Some(Time::ms(1100)));
        assert_eq!((t.rtt().srtt(), t.rtt().rto()), (Some(Time::ms(50)), Time::ms(200)));
    }

    #[test]
    fn rto_doubles_on_repeated_timeouts_and_ssthresh_is_held() {
        let mut s = sender(100_000);
        assert_eq!(drain(&mut s, Time(0)).len(), 10);
        // First expiry at 1 s: ssthresh = max(10 000 / 2, 2000) = 5000, cwnd = 1 SMSS, RTO 2 s;
        // go-back-N resends 0.
        assert!(s.on_timeout(Time::ms(1000)));
        assert_eq!((s.ssthresh(), s.cwnd(), s.rtt().rto()), (5000, 1000, Time::ms(2000)));
        assert_eq!(drain(&mut s, Time::ms(1000)), vec![(0, true)]);
        assert_eq!(s.deadline(), Some(Time::ms(3000)));
        // The retransmission is lost too: expiry at 3 s doubles again (4 s, next at 7 s);
        // ssthresh is held (RFC 5681 Sec. 3.1: the segment was already retransmitted by the timer).
        assert!(s.on_timeout(Time::ms(3000)));
        assert_eq!((s.ssthresh(), s.cwnd(), s.rtt().rto()), (5000, 1000, Time::ms(4000)));
        assert_eq!(drain(&mut s, Time::ms(3000)), vec![(0, true)]);
        assert_eq!(s.deadline(), Some(Time::ms(7000)));
        assert!(s.on_timeout(Time::ms(7000)));
        assert_eq!((s.rtt().rto(), s.deadline(), s.timeouts()), (Time::ms(8000), Some(Time::ms(15_000)), 3));
        // After go-back-N the receiver had 1000..9999: ACK 10 000 covers it all; slow start from
        // cwnd 1000 (+1000) and the resent window is skipped.
        s.on_ack(Time::ms(7100), 10_000, false, None);
        assert_eq!((s.snd_una(), s.snd_nxt(), s.cwnd()), (10_000, 10_000, 2000));
        assert_eq!(drain(&mut s, Time::ms(7100)), seqs(10_000, 12_000));
    }

    #[test]
    fn dupacks_after_a_timeout_do_not_start_fast_retransmit() {
        // RFC 6582 Sec. 4.1: duplicate ACKs of data sent before the timeout (ack < recover)
        // must not trigger a second reduction.
        let mut s = sender(100_000);
        drain(&mut s, Time(0));
        s.on_timeout(Time::ms(1000));
        drain(&mut s, Time::ms(1000));
        for i in 0..3 {
            assert_eq!(s.on_ack(Time::ms(1001 + i), 0, false, None), AckKind::Duplicate);
        }
        assert_eq!((s.ssthresh(), s.cwnd()), (5000, 1000));
    }

    #[test]
    fn max_window_caps_what_is_in_flight_even_in_recovery() {
        // max_window 3 segments: the initial window of 10 is cut to 3; after three duplicate
        // ACKs cwnd = ssthresh + 3 SMSS = 2000 + 3000 = 5000 (RFC 6582), yet with 3 segments
        // in flight (the retransmission counts none: snd_una is resent) nothing new may leave.
        let mut cfg = Config::newreno(1000, 10, Time::ms(1000), Time::ms(200));
        cfg.max_window = 3000;
        let mut s = Sender::new(cfg, Some(1_000_000), Time::MAX);
        assert_eq!(drain(&mut s, Time(0)).len(), 3);
        for k in 1..=3 {
            s.on_ack(Time(k), 0, false, None);
        }
        assert_eq!(s.cwnd(), 5000);
        assert_eq!(drain(&mut s, Time(4)), vec![(0, true)]);
    }

    #[test]
    fn ece_halves_once_per_window() {
        let mut cfg = Config::newreno(1000, 10, Time::ms(1000), Time::ms(200));
        cfg.ecn = EcnResponse::Rfc3168;
        let mut s = Sender::new(cfg, Some(1_000_000), Time::MAX);
        assert!(s.ect());
        assert_eq!(drain(&mut s, Time(0)).len(), 10);
        // ACK 1000 with ECE: no growth, cwnd = ssthresh = 10 000 / 2 = 5000 (RFC 3168 6.1.2);
        // FlightSize 9000 > 5000: nothing may be sent.
        s.on_ack(Time(10), 1000, true, Some(Time(0)));
        assert_eq!((s.cwnd(), s.ssthresh()), (5000, 5000));
        assert!(s.next_segment(Time(10)).is_none());
        // ACKs 2000..10 000 all carry ECE but cover only data sent before the cut (< 10 000):
        // no second halving, no growth. From ACK 6000 on, one segment leaves per ACK, the
        // first with CWR.
        let mut sent = Vec::new();
        for k in 2..=10u64 {
            s.on_ack(Time(10 + k), k * 1000, true, Some(Time(0)));
            assert_eq!(s.cwnd(), 5000);
            sent.extend(std::iter::from_fn(|| s.next_segment(Time(10 + k))).map(|g| (g.seq, g.cwr)));
        }
        assert_eq!(sent, vec![(10_000, true), (11_000, false), (12_000, false), (13_000, false), (14_000, false)]);
        // ACK 11 000 covers data sent after the cut: an ECE halves again, 5000 -> 2500.
        s.on_ack(Time(30), 11_000, true, Some(Time(0)));
        assert_eq!((s.cwnd(), s.ssthresh()), (2500, 2500));
    }

    #[test]
    fn dctcp_cuts_by_alpha_over_two() {
        let mut cfg = Config::newreno(1000, 10, Time::ms(1000), Time::ms(200));
        cfg.ecn = EcnResponse::Dctcp;
        let mut s = Sender::new(cfg, Some(1_000_000), Time::MAX);
        drain(&mut s, Time(0));
        // ACK 1000 without ECE ends DCTCP's first window (SND.UNA 1000 > 0) with F = 0:
        // alpha = 15/16; slow start: cwnd 11 000.
        s.on_ack(Time(1), 1000, false, Some(Time(0)));
        assert_eq!((s.dctcp().unwrap().alpha(), s.cwnd()), (0.9375, 11_000));
        drain(&mut s, Time(1));
        // ACK 2000 with ECE (window still open, alpha unchanged): cwnd = 11 000 (1 - 0.9375/2)
        // = 5843.75 -> 5843 B.
        s.on_ack(Time(2), 2000, true, Some(Time(0)));
        assert_eq!((s.cwnd(), s.ssthresh()), (5843, 5843));
    }

    #[test]
    fn a_finite_flow_ends_with_a_short_segment_and_stops_its_timer() {
        let mut s = sender(2500);
        let segs: Vec<Segment> = std::iter::from_fn(|| s.next_segment(Time(0))).collect();
        assert_eq!(segs.iter().map(|g| (g.seq, g.len)).collect::<Vec<_>>(), vec![(0, 1000), (1000, 1000), (2000, 500)]);
        s.on_ack(Time(5), 2500, false, Some(Time(0)));
        assert!(s.done());
        assert_eq!(s.deadline(), None);
    }
}
