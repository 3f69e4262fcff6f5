//! CoDel step by step on scripted sojourn times. Every expected time below is worked by hand
//! from RFC 8289 Sec. 5.5 (interval 100 ms, target 5 ms): the control law adds
//! 100 ms / sqrt(count) after each drop, floored to whole ns:
//!   100/sqrt(2) = 70.710678 ms, 100/sqrt(3) = 57.735026 ms, 100/sqrt(4) = 50 ms,
//!   100/sqrt(5) = 44.721359 ms, 100/sqrt(6) = 40.824829 ms.

use super::*;

/// A queue that always has packets: each packet popped was enqueued `sojourn` before the
/// dequeue call (the script sets it per call; calls start once `now` >= sojourn), 1000 B each, with `backlog` bytes behind it.
struct Script {
    now: Time,
    sojourn: Time,
    backlog: u64,
    ect: bool,
    next_id: u64,
}

impl Script {
    fn new(backlog: u64, ect: bool) -> Script {
        Script { now: Time::ZERO, sojourn: Time::ZERO, backlog, ect, next_id: 0 }
    }
}

impl CodelQueue for Script {
    fn pop(&mut self) -> Option<Packet> {
        let mut p = Packet::new(self.next_id, 0, self.next_id, 1000, Time::ZERO);
        p.enqueued_at = self.now.saturating_sub(self.sojourn);
        if self.ect {
            p.flags |= flags::ECT;
        }
        self.next_id += 1;
        Some(p)
    }
    fn bytes(&self) -> u64 {
        self.backlog
    }
}

const MS: u64 = 1_000_000;

fn codel(ecn: bool) -> Codel {
    Codel::new(CodelParams { target: Time::ms(5), interval: Time::ms(100), ecn })
}

/// Calls dequeue once per ms over `from..=to` ms with the sojourn `sojourn(t_ms)`; returns the
/// ms at which drops (or marks) happened, one entry per drop.
fn run(c: &mut Codel, q: &mut Script, from: u64, to: u64, sojourn: impl Fn(u64) -> u64, marks: bool) -> Vec<u64> {
    let mut at = Vec::new();
    for t in from..=to {
        q.now = Time(t * MS);
        q.sojourn = Time(sojourn(t) * MS);
        let mut v = Verdicts::default();
        let sent = c.dequeue(q.now, q, &mut v);
        assert!(sent.is_some(), "a packet is always sent at {t} ms");
        let n = if marks { v.marks.len() } else { v.drops.len() };
        at.extend(std::iter::repeat_n(t, n));
        if !marks {
            assert!(v.drops.iter().all(|d| d.reason == DropReason::Aqm));
        }
    }
    at
}

/// The first test's schedule: a sojourn of 10 ms from 10 ms to 440 ms, with ECN on and ECT
/// packets when `ecn`. CoDel and the queue after it, and the ms of each drop (each mark).
fn above_target(ecn: bool) -> (Codel, Script, Vec<u64>) {
    let mut c = codel(ecn);
    let mut q = Script::new(100_000, ecn);
    let at = run(&mut c, &mut q, 10, 440, |_| 10, ecn);
    (c, q, at)
}

#[test]
fn enters_after_an_interval_above_target_and_spaces_drops_by_the_control_law() {
    // Sojourn 10 ms from t = 10 ms: first_above_time = 10 + 100 = 110 ms; the first drop is
    // at 110 ms (now >= first_above_time), entering with count 1, drop_next = 110 + 100 = 210.
    // Then 210; 210 + 70.710678 = 280.710678 -> the call at 281; + 57.735026 = 338.445704 ->
    // 339; + 50 = 388.445704 -> 389; + 44.721359 = 433.167063 -> 434.
    let (c, _, drops) = above_target(false);
    assert_eq!(drops, vec![110, 210, 281, 339, 389, 434]);
    assert!(c.vars.dropping);
    assert_eq!((c.vars.count, c.vars.lastcount), (6, 1));
    // drop_next = 433.167063 + 40.824829 = 473.991892 ms.
    assert_eq!(c.vars.drop_next, Time(473_991_892));
    assert_eq!(c.stats.entries, 1);
}

#[test]
fn leaves_when_the_sojourn_falls_below_target_and_re_enters_by_the_linux_rule() {
    let (mut c, mut q, _) = above_target(false);
    // At 441 ms the examined packet waited 2 ms < target: leave, no drop; first_above_time
    // cleared. Dropping lasted 110..441 ms = 331 ms.
    assert!(run(&mut c, &mut q, 441, 441, |_| 2, false).is_empty());
    assert!(!c.vars.dropping && c.vars.first_above_time.is_none());
    assert_eq!(c.stats.dropping_until(Time(441 * MS)), Time(331 * MS));
    // Above target again from 442: OK to drop at 542. Re-entry: delta = count - lastcount
    // = 6 - 1 = 5 > 1 and now - drop_next = 542 - 473.991892 = 68 ms < 16 x 100 ms, so
    // count = 5, lastcount = 5, drop_next = 542 + 44.721359 = 586.721359 -> next drop at 587
    // with count 6: + 40.824829 = 627.546188 -> 628.
    let drops = run(&mut c, &mut q, 442, 630, |_| 10, false);
    assert_eq!(drops, vec![542, 587, 628]);
    assert_eq!((c.vars.count, c.vars.lastcount), (7, 5));
    assert_eq!(c.stats.entries, 2);
}

#[test]
fn a_long_pause_resets_count_to_one() {
    let (mut c, mut q, _) = above_target(false);
    run(&mut c, &mut q, 441, 441, |_| 2, false);
    // Below target until 2500 ms; above from 2501: OK at 2601. now - drop_next = 2601 -
    // 473.99 ms > 1600 ms: count = 1, drop_next = 2601 + 100 = 2701.
    run(&mut c, &mut q, 442, 2500, |_| 2, false);
    let drops = run(&mut c, &mut q, 2501, 2701, |_| 10, false);
    assert_eq!(drops, vec![2601, 2701]);
    assert_eq!((c.vars.count, c.vars.lastcount), (2, 1));
}

#[test]
fn a_dip_below_target_restarts_the_interval() {
    let mut c = codel(false);
    let mut q = Script::new(100_000, false);
    // Above from 10 ms (OK at 110) but one packet at 60 ms waited 1 ms: the interval restarts
    // at 61 ms, so the first drop is at 161 ms.
    let drops = run(&mut c, &mut q, 10, 170, |t| if t == 60 { 1 } else { 10 }, false);
    assert_eq!(drops, vec![161]);
}

#[test]
fn never_drops_when_at_most_one_packet_waits_behind() {
    // RFC 8289 Sec. 4.1: with no more than maxpacket bytes queued behind the examined packet
    // (1000 B here), CoDel does not drop however long the sojourn.
    let mut c = codel(false);
    let mut q = Script::new(1000, false);
    assert!(run(&mut c, &mut q, 50, 1000, |_| 50, false).is_empty());
    assert!(!c.vars.dropping);
}

#[test]
fn ecn_capable_packets_are_marked_and_sent_instead() {
    // The same schedule as the first test, with ECN on and ECT packets: marks at the same
    // instants, no drops, and each marked packet is the one sent.
    let (mut c, mut q, marks) = above_target(true);
    assert_eq!(marks, vec![110, 210, 281, 339, 389, 434]);
    let mut v = Verdicts::default();
    q.now = Time(473_991_892);
    let sent = c.dequeue(q.now, &mut q, &mut v).unwrap();
    assert!(v.drops.is_empty() && sent.flags & flags::CE != 0);
    assert_eq!((v.marks.len(), v.marks[0].packet, v.marks[0].reason), (1, sent.id, MarkReason::Aqm));
}

#[test]
fn a_backlog_makes_several_drops_due_at_once() {
    // A link that was idle for a while (no dequeue between 110 and 400 ms): at 400 ms the
    // drops due at 210, 280.71, 338.45 and 388.45 are all made in one call (the while
    // loop), then drop_next = 433.167063 ms.
    let mut c = codel(false);
    let mut q = Script::new(100_000, false);
    assert_eq!(run(&mut c, &mut q, 10, 110, |_| 10, false), vec![110]);
    assert_eq!(run(&mut c, &mut q, 400, 400, |_| 10, false), vec![400, 400, 400, 400]);
    assert_eq!(c.vars.drop_next, Time(433_167_063));
}

/// A queue whose victim is another packet (LSTFCoDel's rule): it keeps the examined one.
struct KeepsHead {
    packets: std::collections::VecDeque<Packet>,
}

impl CodelQueue for KeepsHead {
    fn pop(&mut self) -> Option<Packet> {
        self.packets.pop_front()
    }
    fn bytes(&self) -> u64 {
        self.packets.iter().map(|p| p.size as u64).sum()
    }
    fn victim(&mut self, examined: Packet) -> (Packet, Option<Packet>) {
        match self.packets.pop_back() {
            Some(last) => (last, Some(examined)),
            None => (examined, None),
        }
    }
}

#[test]
fn a_queue_may_drop_another_packet_and_keep_the_examined_one() {
    // Five packets queued at 0. At 10 ms the head waited 10 ms: first_above_time = 110 ms.
    // At 110 ms CoDel drops once (entering); the victim is the last packet (id 4) and the
    // examined packet (id 1) is sent.
    let mut c = codel(false);
    let mut q = KeepsHead { packets: (0..5).map(|i| Packet::new(i, 0, i, 1000, Time::ZERO)).collect() };
    let mut v = Verdicts::default();
    assert_eq!(c.dequeue(Time(10 * MS), &mut q, &mut v).unwrap().id, 0);
    let sent = c.dequeue(Time(110 * MS), &mut q, &mut v).unwrap();
    assert_eq!((sent.id, v.drops.len(), v.drops[0].pkt.id), (1, 1, 4));
    assert!(c.vars.dropping);
}
