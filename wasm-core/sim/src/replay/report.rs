//! The replay report (UPS Sec. 2.3, Table 1 and Fig. 1): the fraction of packets overdue
//! (o'(p) > o(p)), overdue by more than T (one transmission time of a full packet on the
//! slowest link the packets cross), the CDF of queueing-delay ratio replay / original, the
//! number of congestion points each packet met in the original (router hops where it waited)
//! and the overdue fraction by that number; and, per overdue packet, the hop where its slack
//! went negative: the first hop after which o(p) - (departure there) - (empty-network time to
//! the egress exit) < 0, i.e. where it could no longer make its target.

use crate::metrics::cdf_f64;
use crate::network::Network;
use crate::packet::PortId;
use crate::record::{Recorded, Schedule};
use crate::results::replay::{CongestionBucket, OverduePacket, ReplayReport};
use crate::scenario::Replay;

/// Overdue packets listed in full (all are counted).
pub const LISTED: usize = 2000;

fn queueing(p: &Recorded) -> u64 {
    p.hops[1..].iter().map(|h| h.start - h.arrive).sum()
}

fn congestion_points(p: &Recorded) -> u32 {
    p.hops[1..].iter().filter(|h| h.start > h.arrive).count() as u32
}

/// Whether a packet is overdue in a replay (UPS Sec. 2.3): its replay exit o'(p) is after its
/// target o(p) `exit`, or it never left (`replay_exit` None). The report counts these, and the
/// replay's schedule table flags them (`TablePacket::late`).
pub fn is_overdue(exit: u64, replay_exit: Option<u64>) -> bool {
    replay_exit.is_none_or(|e| e > exit)
}

/// By how much an overdue packet that left was late, o'(p) - o(p), ns; None when it was on
/// time or never left.
pub fn late_by(exit: u64, replay_exit: Option<u64>) -> Option<u64> {
    replay_exit.filter(|&e| e > exit).map(|e| e - exit)
}

/// `original`: the recorded schedule, in replay order (replay id = index). `replay`: what the
/// replay recorded, by replay id (missing: the packet did not finish; overdue when
/// `unfinished_late`, else counted as neither, `replay.end`).
pub fn report(
    replay_of: &Replay,
    (trace_hash, events_total): (String, u64),
    net: &Network,
    (sched, unfinished_late): (&Schedule, bool),
    original: &[&Recorded],
    replay: &[Option<&Recorded>],
) -> ReplayReport {
    let min_bw = original
        .iter()
        .flat_map(|p| p.hops[1..].iter().filter_map(|h| net.ports[h.port as usize].bandwidth.bps()))
        .min();
    let max_size = original.iter().map(|p| p.size as u64).max().unwrap_or(0);
    let t_ns = min_bw.map_or(0, |bps| (max_size as u128 * 8 * 1_000_000_000).div_ceil(bps as u128) as u64);
    let (mut overdue, mut by_t, mut zero, mut unfinished) = (0u64, 0u64, 0u64, 0u64);
    let mut ratios = Vec::new();
    let mut buckets = [(0u64, 0u64); 5];
    let mut listed = Vec::new();
    for (rid, (o, r)) in original.iter().zip(replay).enumerate() {
        let cp = congestion_points(o);
        let exit = o.exit_time();
        let replay_exit = r.map(|r| r.exit_time());
        unfinished += u64::from(r.is_none());
        // A packet the replay did not finish is overdue unless the replay ended with the
        // original (`replay.end`: then it is counted as neither).
        let late = if replay_exit.is_some() { is_overdue(exit, replay_exit) } else { unfinished_late };
        let b = &mut buckets[(cp as usize).min(4)];
        b.0 += 1;
        if late {
            b.1 += 1;
            overdue += 1;
            if replay_exit.is_none_or(|e| e > exit + t_ns) {
                by_t += 1;
            }
            let path: Vec<PortId> = o.hops.iter().map(|h| h.port).collect();
            // The empty-network exit after each hop's departure; the first past o(p) is where
            // its slack went negative.
            let (port, at, behind) = match r {
                Some(r) => {
                    let last = r.hops.len() - 1;
                    let exit_after = |k: usize| {
                        let h = &r.hops[k];
                        let rest = if k < last {
                            net.ports[h.port as usize].delay.as_ns()
                                + net.tmin_rest(&path, k + 1, o.size as u64).as_ns()
                        } else {
                            0
                        };
                        h.depart + rest
                    };
                    let k = (1..=last).find(|&k| exit_after(k) > exit).unwrap_or(last);
                    (r.hops[k].port, r.hops[k].depart, exit_after(k).saturating_sub(exit))
                }
                None => (path[path.len() - 1], exit, 0),
            };
            listed.push(OverduePacket {
                original_id: o.id,
                replay_id: rid as u64,
                flow: o.flow,
                exit_ns: exit,
                replay_exit_ns: replay_exit,
                late_by_ns: late_by(exit, replay_exit),
                port,
                at_ns: at,
                behind_ns: behind,
                congestion_points: cp,
            });
        }
        let q = queueing(o);
        match r {
            Some(r) if q > 0 => ratios.push(queueing(r) as f64 / q as f64),
            _ if q == 0 => zero += 1,
            _ => {}
        }
    }
    let by_time = crate::order::stable_order(listed.iter().map(|p| [p.at_ns, p.replay_id, 0]));
    let mut listed = crate::order::permute(listed, &by_time);
    let all_overdue = listed.clone();
    listed.truncate(LISTED);
    ratios.sort_by(f64::total_cmp);
    let n = original.len() as u64;
    let frac = |k: u64| if n == 0 { 0.0 } else { k as f64 / n as f64 };
    ReplayReport {
        name: replay_of.name.clone(),
        mode: replay_of.mode,
        preemptive: replay_of.preemptive,
        trace_hash,
        events_total,
        packets: n,
        excluded_dropped: sched.dropped,
        excluded_unfinished: sched.unfinished,
        excluded_direct: sched.direct,
        replay_unfinished: unfinished,
        t_ns,
        overdue,
        overdue_fraction: frac(overdue),
        overdue_by_t: by_t,
        overdue_by_t_fraction: frac(by_t),
        qdelay_ratio_cdf: cdf_f64(&ratios),
        zero_delay_packets: zero,
        by_congestion_points: buckets
            .iter()
            .enumerate()
            .map(|(cp, &(packets, late))| CongestionBucket {
                points: cp as u32,
                packets,
                overdue: late,
                overdue_fraction: (packets > 0).then(|| late as f64 / packets as f64),
            })
            .collect(),
        overdue_packets: listed,
        all_overdue,
        original_ids: original.iter().map(|p| p.id).collect(),
        schedule: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overdue_means_out_after_the_target_or_never() {
        // o(p) = 5 us. Out at o(p) exactly: on time (the paper's o'(p) > o(p) is strict); a
        // unit later: overdue by 1 us; never out: overdue, by no finite amount.
        assert_eq!((is_overdue(5_000, Some(5_000)), late_by(5_000, Some(5_000))), (false, None));
        assert_eq!((is_overdue(5_000, Some(4_000)), late_by(5_000, Some(4_000))), (false, None));
        assert_eq!((is_overdue(5_000, Some(6_000)), late_by(5_000, Some(6_000))), (true, Some(1_000)));
        assert_eq!((is_overdue(5_000, None), late_by(5_000, None)), (true, None));
    }
}
