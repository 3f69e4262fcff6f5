//! The UPS paper's counterexamples (App. A.3, A.6, A.7.3; Figs. 8-10) as scripted scenarios
//! (`scenarios/ups-theory/`): the engine plays each script exactly, the tables are the ones
//! the appendix's prose gives, and the replays do what the paper says. The scenarios' own
//! checks cover the overdue counts; these tests cover what checks cannot say (which packet,
//! the tables, the same headers in both cases of Fig. 8, a preempted packet's entry).

use std::collections::BTreeMap;
use std::path::PathBuf;

use sched_sim::results::replay::ScheduleTable;
use sched_sim::results::RunSummary;
use sched_sim::{run, validate, RunOptions};

fn summary(file: &str) -> RunSummary {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../scenarios/ups-theory").join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    let s = validate(&text).unwrap_or_else(|e| panic!("{file}: {e}"));
    run(&s, &RunOptions { seed: None, max_trace_events: Some(0) }).unwrap().summary
}

/// Node -> "name(arrival, scheduling)" in units, ordered by scheduling time, for the routers
/// that are congestion points of some packet: the paper's table.
fn paper_table(s: &RunSummary, t: &ScheduleTable) -> BTreeMap<String, Vec<String>> {
    let unit = t.unit_ns as f64;
    let mut rows: BTreeMap<String, Vec<(u64, String)>> = BTreeMap::new();
    for p in &t.packets {
        for h in p.hops.iter().filter(|h| h.congestion_point) {
            let (a, st) = (h.arrive_ns.unwrap(), h.start_ns.unwrap());
            let cell = format!("{}({}, {})", p.name, a as f64 / unit, st as f64 / unit);
            rows.entry(s.nodes[h.node as usize].id.clone()).or_default().push((st, cell));
        }
    }
    rows.into_iter()
        .map(|(n, mut v)| {
            v.sort();
            (n, v.into_iter().map(|(_, c)| c).collect())
        })
        .collect()
}

fn table(rows: &[(&str, &[&str])]) -> BTreeMap<String, Vec<String>> {
    rows.iter().map(|(n, v)| (n.to_string(), v.iter().map(|c| c.to_string()).collect())).collect()
}

/// (i(p), o(p), routers) of a named packet in a table.
fn header(s: &RunSummary, t: &ScheduleTable, name: &str) -> (u64, u64, Vec<String>) {
    let p = t.packets.iter().find(|p| p.name == name).unwrap();
    let route = p.hops.iter().map(|h| s.nodes[h.node as usize].id.clone()).collect();
    (p.hops[0].arrive_ns.unwrap(), p.exit_ns.unwrap(), route)
}

// paper item: ups/fig-8: the two cases are the appendix's tables, and a and x look the same in both
#[test]
fn fig8_the_two_cases_are_the_appendix_tables_and_a_and_x_look_the_same_in_both() {
    // App. A.3's prose, case by case (the figure's table in the text copy doubles digits:
    // "a(2,44)" is a(2, 4), "x(3,33)" is x(3, 3); the prose fixes each entry).
    // Case 1: a leaves a1 at 1 + 1 (sent at 1); b1..b3 enter a1 at 2, 3, 4 and leave at
    // 2+1, 3+1, 4+1; c1, c2 enter a2 at 2, 3 and leave at 3, 4; a exits at 4 + 1; y1, y2
    // enter a3 at 2, 3 and leave at 3+1, 4+1; x leaves a3 at 2+1; z enters a4 at 2 and
    // exits at 2+1; x exits at 3+1.
    let case1 = table(&[
        ("a0", &["a(0, 0)", "x(0, 1)"]),
        ("a1", &["a(1, 1)", "b1(2, 2)", "b2(3, 3)", "b3(4, 4)"]),
        ("a2", &["c1(2, 2)", "c2(3, 3)", "a(2, 4)"]),
        ("a3", &["x(2, 2)", "y1(2, 3)", "y2(3, 4)"]),
        ("a4", &["z(2, 2)", "x(3, 3)"]),
    ]);
    // Case 2: b1..b3 leave a1 at 3+1, 4+1, 5+1; a leaves a1 at 2 + 1; y1, y2 exit at 2+1,
    // 3+1; x leaves a3 at 1 + 1; a still exits at 4 + 1 and x at 3 + 1.
    let case2 = table(&[
        ("a0", &["x(0, 0)", "a(0, 1)"]),
        ("a1", &["a(2, 2)", "b1(2, 3)", "b2(3, 4)", "b3(4, 5)"]),
        ("a2", &["c1(2, 2)", "c2(3, 3)", "a(3, 4)"]),
        ("a3", &["x(1, 1)", "y1(2, 2)", "y2(3, 3)"]),
        ("a4", &["z(2, 2)", "x(2, 3)"]),
    ]);
    let (s1, s2) = (summary("fig8-case1.json"), summary("fig8-case2.json"));
    let (t1, t2) = (s1.schedule.clone().unwrap(), s2.schedule.clone().unwrap());
    assert_eq!(paper_table(&s1, &t1), case1);
    assert_eq!(paper_table(&s2, &t2), case2);
    // The black-box header of a and x: i(p), o(p), path. a: 0, 5, a0 a1 a2; x: 0, 4, a0 a3 a4.
    for name in ["a", "x"] {
        assert_eq!(header(&s1, &t1, name), header(&s2, &t2, name), "{name}");
    }
    let routers = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    let a = header(&s1, &t1, "a");
    assert_eq!((a.0, a.1), (0, 5_000));
    assert_eq!(a.2, routers(&["a0", "w0", "a1", "w1", "a2", "w2"]));
    let x = header(&s1, &t1, "x");
    assert_eq!((x.0, x.1), (0, 4_000));
    // Every packet enters at the same time on the same path in both cases, so a replay that
    // does not read o(p) (an explicit priority order) is the same run in both: only the
    // targets differ. Whichever order it puts a and x in, one case fails.
    let hash = |s: &RunSummary, name: &str| s.replays.iter().find(|r| r.name == name).unwrap().trace_hash.clone();
    for order in ["a-before-x", "x-before-a"] {
        assert_eq!(hash(&s1, order), hash(&s2, order), "{order}");
    }
    let late = |s: &RunSummary, name: &str| s.replays.iter().find(|r| r.name == name).unwrap().overdue;
    assert_eq!((late(&s1, "a-before-x"), late(&s2, "a-before-x")), (0, 2));
    assert_eq!((late(&s1, "x-before-a"), late(&s2, "x-before-a")), (3, 0));
}

// paper item: ups/fig-9: the scripted schedule is the figure's table
#[test]
fn fig9_is_the_table_of_the_figure() {
    let s = summary("fig9-priorities-two-congestion-points.json");
    let t = s.schedule.clone().unwrap();
    let fig9 =
        table(&[("a1", &["a(0, 0)", "b(0, 1)"]), ("a2", &["b(2, 2)", "c(2, 2.5)"]), ("a3", &["c(3, 3)", "a(3, 3.2)"])]);
    assert_eq!(paper_table(&s, &t), fig9);
    // Two congestion points per packet: a at a1 and a3, b at a1 and a2, c at a2 and a3,
    // though a does not wait at a1, nor b at a2, nor c at a3.
    assert!(t.packets.iter().all(|p| p.congestion_points == 2));
}

// paper item: ups/fig-10: LSTF leaves c2 one unit late
#[test]
fn fig10_lstf_leaves_c2_one_unit_late() {
    let s = summary("fig10-lstf-three-congestion-points.json");
    let t = s.schedule.clone().unwrap();
    // The reconstruction from App. A.7.3's prose (the scenario's description).
    let fig10 = table(&[
        ("a0", &["a(0, 0)", "b(0, 1)"]),
        ("a1", &["a(1, 1)", "c1(2, 2)", "c2(3, 3)"]),
        ("a2", &["d1(2, 2)", "d2(3, 3)", "a(2, 4)"]),
    ]);
    assert_eq!(paper_table(&s, &t), fig10);
    let cps: Vec<(String, u32)> = t.packets.iter().map(|p| (p.name.clone(), p.congestion_points)).collect();
    assert!(cps.contains(&("a".into(), 3)), "{cps:?}");
    for mode in ["lstf_preemptive", "edf_preemptive"] {
        let r = s.replays.iter().find(|r| r.name == mode).unwrap();
        let late: Vec<(String, Option<u64>)> = r
            .overdue_packets
            .iter()
            .map(|o| (t.packets.iter().find(|p| p.id == o.original_id).unwrap().name.clone(), o.late_by_ns))
            .collect();
        assert_eq!(late, vec![("c2".to_string(), Some(1_000))], "{mode}");
        // The replay's table flags the same packet, one unit (1 us) late; the original's
        // table flags none (a packet is never late against itself).
        let flagged: Vec<(&str, Option<u64>)> = r
            .schedule
            .as_ref()
            .unwrap()
            .packets
            .iter()
            .filter(|p| p.late)
            .map(|p| (p.name.as_str(), p.late_by_ns))
            .collect();
        assert_eq!(flagged, vec![("c2", Some(1_000))], "{mode}");
        assert!(t.packets.iter().all(|p| !p.late && p.late_by_ns.is_none()));
        // In the replay, a reaches a1 at 2, after o(a, a1) = 1 (the paper's last sentence).
        let a = r.schedule.as_ref().unwrap().packets.iter().find(|p| p.name == "a").unwrap();
        let at_a1 = a.hops.iter().find(|h| s.nodes[h.node as usize].id == "a1").unwrap();
        assert_eq!((at_a1.arrive_ns, at_a1.start_ns), (Some(2_000), Some(3_000)));
    }
}

#[test]
fn a_preempted_packet_keeps_its_scheduling_time_and_shows_when_it_resumed() {
    // The generated schedule (its description, by hand): in the LSTF replay p4 starts at r4 at
    // 3 and is never interrupted there; at r2 it starts at 5, p2 preempts it at 5.25 and it
    // resumes at 5.75; p2 starts at r4 at 2.75 and resumes at 4.5.
    let s = summary("generated-lstf-three-congestion-points.json");
    let r = s.replays.iter().find(|r| r.name == "lstf_preemptive").unwrap();
    let hop = |p: &str, node: &str| {
        let t = r.schedule.as_ref().unwrap();
        let h =
            t.packets.iter().find(|x| x.name == p).unwrap().hops.iter().find(|h| s.nodes[h.node as usize].id == node);
        let h = h.unwrap();
        (h.arrive_ns.unwrap(), h.start_ns.unwrap(), h.resumed_ns, h.depart_ns.unwrap())
    };
    assert_eq!(hop("p4", "r4"), (3_000, 3_000, None, 4_500));
    assert_eq!(hop("p4", "r2"), (5_000, 5_000, Some(5_750), 7_000));
    assert_eq!(hop("p2", "r4"), (2_750, 2_750, Some(4_500), 4_750));
}
