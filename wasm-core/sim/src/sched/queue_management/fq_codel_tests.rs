//! FQ-CoDel's round robin against hand-worked sequences (RFC 8290 Sec. 4.2, quantum 1514 B).

use super::*;

const CODEL: CodelParams = CodelParams { target: Time::ms(5), interval: Time::ms(100), ecn: false };

fn fq(limit: usize) -> FqCodel {
    let p = FqCodelParams { flows: 1024, quantum: 1514, limit, memory_limit: 32 << 20, perturbation: 0 };
    FqCodel::new(Buffer::Unlimited, p, CODEL)
}

fn pkt(id: u64, flow: u32, size: u32) -> Packet {
    Packet::new(id, flow, id, size, Time::ZERO)
}

/// Queues packets `ids` of `flow`, `size` bytes each, at time 0.
fn fill(s: &mut FqCodel, ids: std::ops::Range<u64>, flow: u32, size: u32, v: &mut Verdicts) {
    for id in ids {
        s.enqueue(Time::ZERO, pkt(id, flow, size), v);
    }
}

fn serve(s: &mut FqCodel, n: usize) -> Vec<u64> {
    let mut v = Verdicts::default();
    (0..n).map_while(|_| s.dequeue(Time::ZERO, &mut v)).map(|p| p.id).collect()
}

#[test]
fn a_sparse_flow_joins_the_new_list_and_goes_ahead_of_a_bulk_flow() {
    let mut s = fq(10_240);
    assert_ne!(s.bucket(1), s.bucket(2), "the two flows hash to different queues");
    let mut v = Verdicts::default();
    // Bulk flow 1: ten 1500 B packets (ids 0..9). Its queue starts on the new list with a
    // deficit of 1514: it sends 0 (deficit 14) and 1 (-1486), then gets +1514 = 28 and moves
    // to the old list, where it sends 2 (-1472).
    fill(&mut s, 0..10, 1, 1500, &mut v);
    assert_eq!(serve(&mut s, 3), vec![0, 1, 2]);
    // Sparse flow 2 sends one packet (id 100): its queue joins the new list and is served
    // next, ahead of the seven bulk packets still queued.
    s.enqueue(Time::ZERO, pkt(100, 2, 200), &mut v);
    let mut view = QueueView::default();
    s.snapshot(3, &mut view);
    assert_eq!(view.entries.iter().map(|e| e.0).collect::<Vec<_>>(), vec![100, 3, 4]);
    assert_eq!(serve(&mut s, 1), vec![100]);
    // Its queue is now empty: found empty on the new list with the old list not empty, it
    // moves to the old list (RFC 8290 Sec. 4.2) and then off the lists.
    assert_eq!(serve(&mut s, 7), vec![3, 4, 5, 6, 7, 8, 9]);
    assert!(v.drops.is_empty());
}

#[test]
fn drr_shares_between_bulk_flows_within_a_quantum_and_two_packets() {
    // Flow 1 sends 1000 B packets, flow 2 600 B ones, both always backlogged. Shreedhar and
    // Varghese: over any interval the bytes served differ by at most quantum + 2 x max packet
    // = 1514 + 2000; and per round each gets one quantum, so over many rounds the shares are
    // equal in bytes (here within that same bound at the end).
    let mut s = fq(10_240);
    assert_ne!(s.bucket(1), s.bucket(2));
    let mut v = Verdicts::default();
    for k in 0..600 {
        s.enqueue(Time::ZERO, pkt(2 * k, 1, 1000), &mut v);
        s.enqueue(Time::ZERO, pkt(2 * k + 1, 2, 600), &mut v);
    }
    let (mut a, mut b, mut worst) = (0i64, 0i64, 0i64);
    let mut v = Verdicts::default();
    // 500 sends: flow 2 (600 x 600 B = 360 KB) stays backlogged throughout.
    for _ in 0..500 {
        let p = s.dequeue(Time::ZERO, &mut v).unwrap();
        if p.flow == 1 {
            a += p.size as i64
        } else {
            b += p.size as i64
        }
        worst = worst.max((a - b).abs());
    }
    assert!(worst <= 1514 + 2 * 1000, "bytes apart: {worst}");
    // The first turns, by hand: flow 1 (new, deficit 1514) sends 1000, 1000 (-486); flow 2
    // (new) sends 600, 600, 600 (-286); flow 1 (+1514 = 1028) 1000, 1000 (-972); flow 2
    // (1228) 600, 600, 600 (-572).
    let mut s2 = fq(10_240);
    for k in 0..10 {
        s2.enqueue(Time::ZERO, pkt(2 * k, 1, 1000), &mut v);
        s2.enqueue(Time::ZERO, pkt(2 * k + 1, 2, 600), &mut v);
    }
    let flows: Vec<u32> = (0..10).map(|_| s2.dequeue(Time::ZERO, &mut v).unwrap().flow).collect();
    assert_eq!(flows, vec![1, 1, 2, 2, 2, 1, 1, 2, 2, 2]);
}

#[test]
fn over_the_limit_the_fattest_queue_loses_its_head() {
    // limit 4 packets: flow 1 holds three 1000 B packets, flow 2 one; a fifth packet (flow 2)
    // pushes out the head of flow 1's queue, the one holding the most bytes.
    let mut s = fq(4);
    let mut v = Verdicts::default();
    fill(&mut s, 0..3, 1, 1000, &mut v);
    s.enqueue(Time::ZERO, pkt(3, 2, 1000), &mut v);
    assert!(matches!(s.enqueue(Time::ZERO, pkt(4, 2, 1000), &mut v), Admission::Queued { .. }));
    assert_eq!(v.drops.iter().map(|d| (d.pkt.id, d.reason)).collect::<Vec<_>>(), vec![(0, DropReason::PushOut)]);
    assert_eq!((s.len(), s.bytes()), (4, 4000));
}

#[test]
fn each_queue_has_its_own_codel() {
    // Flow 1's packets were queued at 0. At 10 ms it sends 0 (its CoDel sees a 10 ms sojourn:
    // first_above_time = 110 ms) and 1 (deficit 1514 - 2000 = -486). Flow 2's packet arrives
    // fresh at 200 ms and joins the new list.
    let mut s = fq(10_240);
    let mut v = Verdicts::default();
    fill(&mut s, 0..20, 1, 1000, &mut v);
    assert_eq!(serve_at(&mut s, Time::ms(10), 2, &mut v), vec![0, 1]);
    let mut late = pkt(100, 2, 1000);
    late.enqueued_at = Time::ms(200);
    s.enqueue(Time::ms(200), late, &mut v);
    // At 200 ms flow 1's deficit is spent (+1514 = 1028, to the old list) so flow 2 goes
    // first, and its CoDel, whose packet has not waited, drops nothing. Then flow 1's CoDel,
    // above target since 10 ms, drops its head (2) and enters the dropping state; 3 is sent.
    assert_eq!(serve_at(&mut s, Time::ms(200), 1, &mut v), vec![100]);
    assert!(v.drops.is_empty());
    assert_eq!(serve_at(&mut s, Time::ms(200), 1, &mut v), vec![3]);
    assert_eq!(v.drops.iter().map(|d| (d.pkt.id, d.reason)).collect::<Vec<_>>(), vec![(2, DropReason::Aqm)]);
    assert_eq!(s.aqm_report(Time::ms(300)).unwrap().dropping_ns, 100_000_000);
}

fn serve_at(s: &mut FqCodel, now: Time, n: usize, v: &mut Verdicts) -> Vec<u64> {
    (0..n).map_while(|_| s.dequeue(now, v)).map(|p| p.id).collect()
}
