//! LSTFCoDel against Eqs. 2-3 worked by hand (alpha = 0.5, gamma in seconds) and its drop
//! rule (Sec. V).

use crate::verdicts::DropReason;
use super::*;

fn pkt(id: u64) -> Packet {
    Packet::new(id, 0, id, 1000, Time::ZERO)
}

fn params() -> CodelParams {
    CodelParams { target: Time::ms(5), interval: Time::ms(100), ecn: false }
}

fn enqueue(s: &mut LstfCodel, t: Time, id: u64, v: &mut Verdicts) -> i64 {
    let mut p = pkt(id);
    p.enqueued_at = t;
    match s.enqueue(t, p, v) {
        Admission::Queued { key } => key,
        Admission::Refused => panic!("refused"),
    }
}

#[test]
fn gamma_is_an_ewma_of_the_last_sojourn_and_epsilon_orders_arrivals() {
    let mut s = LstfCodel::new(Buffer::Unlimited, params(), 0.5, true);
    let mut v = Verdicts::default();
    // Before any dequeue beta = 0, so gamma = 0 and epsilon = 0 (Eq. 3's first case).
    assert_eq!(enqueue(&mut s, Time::ZERO, 0, &mut v), 0);
    // p0 leaves at 10 ms after a 10 ms sojourn: beta = 0.01 s.
    assert_eq!(s.dequeue(Time::ms(10), &mut v).unwrap().id, 0);
    // p1: gamma = 0.5 x 0 + 0.5 x 0.01 = 0.005, epsilon = 1/1.005 = 0.995024876 (billionths,
    // rounded). p2: gamma = 0.5 x 0.005 + 0.5 x 0.01 = 0.0075, epsilon = 1/1.0075 = 0.992555831.
    assert_eq!(enqueue(&mut s, Time::ms(10), 1, &mut v), 995_024_876);
    assert_eq!(enqueue(&mut s, Time::ms(10), 2, &mut v), 992_555_831);
    assert!((s.gamma - 0.0075).abs() < 1e-15);
    // The later arrival, which saw more delay, has the least epsilon and is served first.
    let mut view = QueueView::default();
    s.snapshot(9, &mut view);
    assert_eq!(view.entries, vec![(2, 992_555_831), (1, 995_024_876)]);
    assert_eq!(s.dequeue(Time::ms(11), &mut v).unwrap().id, 2);
    // Table VI's slack is gamma at each packet sent: 0 when p0 left, 7.5 ms when p2 did. Mean
    // 3.75 ms, variance (3.75 ms)^2 = 1.40625e13 ns^2.
    let m = s.aqm_report(Time::ms(11)).unwrap().slack.unwrap();
    assert_eq!((m.n, m.mean_variance()), (2, Some((3_750_000.0, 1.406_25e13))));
}

#[test]
fn the_other_reading_serves_the_greatest_epsilon() {
    let mut s = LstfCodel::new(Buffer::Unlimited, params(), 0.5, false);
    let mut v = Verdicts::default();
    enqueue(&mut s, Time::ZERO, 0, &mut v);
    s.dequeue(Time::ms(10), &mut v);
    // Keys 10^9 - epsilon: p1 4,975,124, p2 7,444,169; p1 (greater epsilon) first, and the
    // page still sees each packet's epsilon.
    assert_eq!(enqueue(&mut s, Time::ms(10), 1, &mut v), 4_975_124);
    assert_eq!(enqueue(&mut s, Time::ms(10), 2, &mut v), 7_444_169);
    let mut view = QueueView::default();
    s.snapshot(9, &mut view);
    assert_eq!(view.entries, vec![(1, 995_024_876), (2, 992_555_831)]);
}

#[test]
fn a_codel_drop_takes_the_highest_slack_packet_and_serves_the_least() {
    // p0..p9 queued at 0 (gamma = 0: epsilon 0, arrival order). At 10 ms p0 leaves after
    // 10 ms (first_above_time = 110 ms) and p10 arrives with epsilon 0.995024876, the greatest.
    // At 110 ms CoDel decides to drop while examining p1 (sojourn 110 ms, 8 packets behind):
    // p10, the highest epsilon, is dropped instead, and p1 is sent.
    let mut s = LstfCodel::new(Buffer::Unlimited, params(), 0.5, true);
    let mut v = Verdicts::default();
    for id in 0..10 {
        enqueue(&mut s, Time::ZERO, id, &mut v);
    }
    assert_eq!(s.dequeue(Time::ms(10), &mut v).unwrap().id, 0);
    assert_eq!(enqueue(&mut s, Time::ms(10), 10, &mut v), 995_024_876);
    assert_eq!(s.dequeue(Time::ms(110), &mut v).unwrap().id, 1);
    assert_eq!(v.drops.iter().map(|d| (d.pkt.id, d.reason)).collect::<Vec<_>>(), vec![(10, DropReason::Aqm)]);
    assert!(s.codel.vars.dropping);
}
