//! RED against hand calculations from Floyd and Jacobson (1993) Sec. 4 and Fig. 2.

use super::*;

/// w_q 1/2, thresholds 5 and 15 packets, max_p 0.1, drops (no ECN), packet mode, not gentle.
pub fn params() -> RedParams {
    RedParams {
        w_q: 0.5,
        min_th: 5.0,
        max_th: 15.0,
        max_p: 0.1,
        gentle: false,
        ecn: false,
        bytes: false,
        small_packet_time: Time::ms(1),
        max_packet: 1500,
    }
}

fn pkt(id: u64) -> Packet {
    Packet::new(id, 0, id, 1000, Time::ZERO)
}

#[test]
fn the_average_follows_the_queue_and_decays_over_an_idle_period() {
    // w_q = 1/2 so each step is a halving: arrivals see 4, 8, 12, 16 packets queued:
    // avg = 0/2 + 4/2 = 2, then 2/2 + 8/2 = 5, 5/2 + 12/2 = 8.5, 8.5/2 + 16/2 = 12.25.
    // (The first arrival, to the empty queue at t = 0, leaves avg at 0.) min_th is raised out
    // of the way so no packet is marked here.
    let mut red = Red::new(RedParams { min_th: 100.0, max_th: 200.0, ..params() }, Stream::new(1, 0));
    let mut v = Verdicts::default();
    red.on_arrival(Time::ZERO, 0, 0, pkt(0), &mut v);
    assert_eq!(red.average(), 0.0);
    for (i, q) in [4usize, 8, 12, 16].into_iter().enumerate() {
        red.on_arrival(Time::ms(1 + i as u64), q, 0, pkt(1), &mut v);
    }
    assert_eq!(red.average(), 12.25);
    // The queue empties at 10 ms; the next arrival comes at 13 ms to the empty queue: idle
    // 3 ms = 3 small-packet times, avg = 12.25 x (1/2)^3 = 1.53125.
    red.on_empty(Time::ms(10));
    red.on_arrival(Time::ms(13), 0, 0, pkt(2), &mut v);
    assert_eq!(red.average(), 1.53125);
    // A fractional idle time: 2.5 small-packet times, avg = 1.53125 x 2^-2.5 = 0.27068...
    red.on_empty(Time::ms(20));
    red.on_arrival(Time::us(22_500), 0, 0, pkt(3), &mut v);
    assert!((red.average() - 1.53125 * 0.5f64.powf(2.5)).abs() < 1e-12);
    assert!(v.is_empty());
}

#[test]
fn mark_probabilities_at_given_averages() {
    let red = Red::new(params(), Stream::new(1, 0));
    // Below min_th: 0. Midway (avg 10): p_b = 0.1 x (10 - 5)/(15 - 5) = 0.05. At max_th: 1.
    assert_eq!(red.p_b(4.9, 1000), 0.0);
    assert!((red.p_b(10.0, 1000) - 0.05).abs() < 1e-15);
    assert_eq!(red.p_b(15.0, 1000), 1.0);
    // Count spacing: p_a = 0.05 / (1 - count x 0.05): count 0 -> 0.05, 10 -> 0.1, 19 -> 1.0
    // (0.05 / 0.05), and 20 or more -> 1.
    assert!((Red::p_a(0.05, 0) - 0.05).abs() < 1e-15);
    assert!((Red::p_a(0.05, 10) - 0.1).abs() < 1e-15);
    assert!((Red::p_a(0.05, 19) - 1.0).abs() < 1e-12);
    assert_eq!(Red::p_a(0.05, 20), 1.0);
    // Gentle: between max_th and 2 max_th p_b = max_p + (1 - max_p)(avg - max_th)/max_th:
    // at avg 20, 0.1 + 0.9 x 5/15 = 0.4; at 30 (= 2 max_th) and above, 1.
    let gentle = Red::new(RedParams { gentle: true, ..params() }, Stream::new(1, 0));
    assert!((gentle.p_b(20.0, 1000) - 0.4).abs() < 1e-15);
    assert_eq!(gentle.p_b(30.0, 1000), 1.0);
    // Byte mode: p_b scaled by size / max_packet: avg 10 KB between 5 KB and 15 KB gives
    // 0.05 for a 1500 B packet and 0.05 x 500/1500 for a 500 B one.
    let bytes = Red::new(RedParams { bytes: true, min_th: 5000.0, max_th: 15000.0, ..params() }, Stream::new(1, 0));
    assert!((bytes.p_b(10_000.0, 1500) - 0.05).abs() < 1e-15);
    assert!((bytes.p_b(10_000.0, 500) - 0.05 / 3.0).abs() < 1e-15);
}

#[test]
fn count_spacing_makes_the_gap_between_marks_uniform() {
    // Held at q = avg = 10 packets (w_q = 1), p_b = 0.05. Fig. 2 counts the n-th arrival after
    // a mark as count = n, so it survives arrivals 1..n-1 with probability
    // prod_{k<n} (1 - p_b/(1 - k p_b)) = (1 - n p_b)/(1 - p_b) and is marked with p_b/(1 - n p_b):
    // P(gap = n) = p_b/(1 - p_b) for n = 1..19 (Sec. 7's uniform spacing; a geometric gap would
    // average 20). Mean 10, sd sqrt((19^2 - 1)/12) = 5.48; over 1,000,000 arrivals (~100,000
    // gaps) the sample mean is within 0.1 of 10 at more than 5 standard errors.
    let mut red = Red::new(RedParams { w_q: 1.0, ..params() }, Stream::new(7, 3));
    let mut v = Verdicts::default();
    let (mut gaps, mut last) = (Vec::new(), 0u64);
    for i in 1..=1_000_000u64 {
        if red.on_arrival(Time(i), 10, 0, pkt(i), &mut v).is_none() {
            gaps.push(i - last);
            last = i;
        }
    }
    // The first gap starts from count = -1 and may reach 20; every later one is at most 19.
    let later = &gaps[1..];
    let mean = later.iter().sum::<u64>() as f64 / later.len() as f64;
    assert!((mean - 10.0).abs() < 0.1, "mean gap {mean}");
    assert_eq!(later.iter().max(), Some(&19));
    assert!(v.drops.iter().all(|d| d.reason == DropReason::Aqm));
}

#[test]
fn ecn_capable_packets_are_marked_not_dropped_and_above_max_th_all_are() {
    // w_q = 1: avg = q. At q = 15 = max_th every arrival is marked: ECT ones CE, others dropped.
    let mut red = Red::new(RedParams { w_q: 1.0, ecn: true, ..params() }, Stream::new(1, 0));
    let mut v = Verdicts::default();
    let ect = pkt(1).with_flags(flags::ECT);
    let kept = red.on_arrival(Time(1), 15, 0, ect, &mut v).expect("an ECT packet is kept");
    assert!(kept.flags & flags::CE != 0);
    assert!(red.on_arrival(Time(2), 15, 0, pkt(2), &mut v).is_none());
    assert_eq!((v.marks.len(), v.drops.len()), (1, 1));
    assert_eq!((v.marks[0].reason, v.drops[0].reason), (MarkReason::Aqm, DropReason::Aqm));
}
