//! The fair-queueing family against the bounds the literature states, on one link driven by
//! random bursty arrivals (`link`). Each test computes its bound in closed form, measures the
//! worst case over every interval of the run and prints both (`cargo test --test fq_bounds --
//! --nocapture`).

mod link;

use link::{fairness_gap, run_watching, scheduler, Bursts, Count};
use sched_sim::sched::{Scheduler, StateView};

const LINK_BPS: u64 = 100_000_000;
const L_MAX: u32 = 1500;

/// Four flows of bursts (40 packets of 64..1500 B at 1 Gbps, silences up to 24 ms, about 80% load) into a
/// 100 Mbps link: each flow is backlogged and drains again hundreds of times.
fn bursts() -> Bursts {
    Bursts {
        flows: 4,
        packets: 5_000,
        burst: 40,
        min_size: 64,
        max_size: L_MAX,
        access_bps: 1_000_000_000,
        idle_ns: 24_000_000,
    }
}

/// DRR (Shreedhar and Varghese, Sec. 3): with equal quanta Q, a queue's deficit counter is
/// 0 <= DC < L_max after each of its turns, so with X_f(t) = sent_f(t) - Q x turns_f(t) in
/// (-L_max, Q) and the turns of two backlogged queues never more than one apart, the bytes
/// two queues send over any interval in which both stay backlogged differ by less than
/// Q + 2 L_max. As in the paper, a packet counts as sent when it is dequeued and a queue is
/// backlogged while it holds a packet (a queue that empties leaves the list and loses its
/// counter).
#[test]
fn drr_bytes_differ_by_less_than_q_plus_two_l_max() {
    let arrivals = bursts().arrivals(7);
    for q in [500u64, 1500, 4000] {
        let json = format!(r#"{{"name": "drr", "params": {{"quantum": "{q}B"}}}}"#);
        let mut worst_deficit = 0.0f64;
        let sent = run_watching(scheduler(&json, &[], LINK_BPS), LINK_BPS, &arrivals, |s| {
            let mut state = StateView::default();
            s.state(&mut state);
            // Every listed queue but the one in its turn has finished a turn: DC < L_max.
            for &d in state.field(1).iter().skip(1) {
                worst_deficit = worst_deficit.max(d);
            }
        });
        let bound = (q + 2 * L_MAX as u64) as f64;
        let mut worst: f64 = 0.0;
        let mut periods = 0;
        for i in 0..4 {
            for j in i + 1..4 {
                let (gap, n) = fairness_gap(&sent, (i, 1.0), (j, 1.0), Count::Dequeued);
                worst = worst.max(gap);
                periods += n;
            }
        }
        println!(
            "DRR Q = {q} B: bound Q + 2 L_max = {bound} B, worst measured {worst:.0} B over {periods} \
             co-backlogged periods; deficit after a turn: bound < {L_MAX} B, worst {worst_deficit} B"
        );
        assert!(periods > 100, "only {periods} co-backlogged periods");
        assert!(worst < bound, "Q = {q}: {worst} >= {bound}");
        assert!(worst_deficit < L_MAX as f64, "deficit {worst_deficit}");
    }
}

/// WRR with weights w_i (packets per turn) is DRR counting packets: X_f in [0, w_f], so over
/// any interval in which two flows stay backlogged, |n_i / w_i - n_j / w_j| <= 1: their
/// shares match the weights within one turn's packets.
#[test]
fn wrr_shares_match_the_weights_within_one_turn() {
    let arrivals = bursts().arrivals(11);
    let weights = [1.0, 2.0, 3.0, 5.0];
    let json = r#"{"name": "wrr", "params": {"weights": {"a": 1, "b": 2, "c": 3, "d": 5}}}"#;
    let sent = run_watching(scheduler(json, &["a", "b", "c", "d"], LINK_BPS), LINK_BPS, &arrivals, |_| {});
    let (mut worst, mut periods) = (0.0f64, 0);
    for i in 0..4 {
        for j in i + 1..4 {
            let (gap, n) =
                fairness_gap(&sent, (i, weights[i as usize]), (j, weights[j as usize]), Count::DequeuedPackets);
            worst = worst.max(gap);
            periods += n;
        }
    }
    println!(
        "WRR weights 1, 2, 3, 5: bound |n_i/w_i - n_j/w_j| <= 1 turn, worst measured {worst:.3} over {periods} \
         co-backlogged periods"
    );
    assert!(periods > 100, "only {periods} co-backlogged periods");
    assert!(worst <= 1.0 + 1e-9, "{worst}");
}
