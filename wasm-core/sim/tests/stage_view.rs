//! What a middlebox's CPU queue exports for the page: the stage declares its key and unit
//! (its scheduler's, as a port does), and its queue's order records (view id ports + stage
//! id) carry each packet's value in that unit.
//!
//! scenarios/middlebox/fig1-drfq.json (MR-tradeoff Fig. 1): flow P's packets need <2, 3> us
//! (CPU, link), Q's <9, 1> us, both always backlogged at the CPU from their first packet at
//! time 0. DRFQ's finish tag is F = S + dominant time with S = max(V, the flow's previous
//! F) (Ghodsi et al. Sec. 4), and with V = 0 at each flow's first packet and the flow never
//! idle, S is the previous F: P's tags are 3000, 6000, 9000, ... ns and Q's 9000, 18000, ...:
//! every value shown is a positive multiple of the flow's dominant time.

use std::collections::BTreeMap;

use sched_sim::trace::OrderOp;
use sched_sim::view::{KeySpec, Unit};

#[test]
fn the_cpu_queue_shows_each_packets_finish_tag_in_ns() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scenarios/middlebox/fig1-drfq.json");
    let text = std::fs::read_to_string(path).expect("the scenario file");
    let scenario = sched_sim::validate(&text).expect("a valid scenario");
    let out = sched_sim::run(&scenario, &sched_sim::RunOptions { seed: None, max_trace_events: None }).expect("a run");
    let stage = &out.summary.stages[0];
    assert_eq!(stage.key, KeySpec { label: "finish tag", unit: Unit::Ns });

    let flow_of: BTreeMap<u32, u32> = out.trace.packet.iter().zip(&out.trace.flow).map(|(&p, &f)| (p, f)).collect();
    let view = out.summary.ports.len() as u32 + stage.id;
    let o = &out.trace.order;
    let dominant = [3000.0, 9000.0];
    let mut shown = [0usize; 2];
    for i in 0..o.at.len() {
        if o.port[i] != view || o.op[i] != OrderOp::INSERT {
            continue;
        }
        let f = flow_of[&o.packet[i]] as usize;
        let k = o.key[i];
        assert!(k > 0.0 && k % dominant[f] == 0.0, "flow {f}'s packet {} shows {k}", o.packet[i]);
        shown[f] += 1;
    }
    assert!(shown[0] > 100 && shown[1] > 30, "both flows' packets are shown: {shown:?}");
}
