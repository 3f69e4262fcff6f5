//! `run --csv DIR`: the results' tables as CSV files, one row per record, a header first;
//! `overdue_NAME.csv` lists every overdue packet of replay NAME.

use std::fmt::Write as _;
use std::path::Path;

use sched_sim::results::RunSummary;
use sched_sim::verdicts::{DropCounts, MarkCounts};

fn opt<T: std::fmt::Display>(v: &Option<T>) -> String {
    v.as_ref().map_or(String::new(), |x| x.to_string())
}

/// Quotes a text field when it needs it.
fn text(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

pub fn write_all(s: &RunSummary, dir: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let node = |i: u32| text(&s.nodes[i as usize].id);
    let mut t = String::from("flow,kind,src,dst,size_bytes,start_ns,sent,delivered,dropped,in_flight,bytes_delivered,fct_ns,ideal_fct_ns,slowdown,hops,delay_mean_ns,delay_p99_ns\n");
    for f in &s.flows {
        let _ = writeln!(
            t,
            "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}",
            text(&f.id),
            f.kind,
            node(f.src),
            node(f.dst),
            opt(&f.size),
            f.start_ns,
            f.sent,
            f.delivered,
            f.dropped,
            f.in_flight,
            f.bytes_delivered,
            opt(&f.fct_ns),
            opt(&f.ideal_fct_ns),
            opt(&f.slowdown),
            f.hops,
            opt(&f.delay_ns.as_ref().map(|d| d.mean)),
            opt(&f.delay_ns.as_ref().map(|d| d.p99))
        );
    }
    std::fs::write(dir.join("flows.csv"), t)?;
    // Drop and mark columns follow the reason tables (sched_sim::verdicts).
    let mut t = String::from("port,node,to,scheduler,bandwidth_bps,arrived,enqueued,dequeued");
    for (r, _) in DropCounts::default().entries() {
        let _ = write!(t, ",drop_{}", r.name());
    }
    for (r, _) in MarkCounts::default().entries() {
        let _ = write!(t, ",mark_{}", r.name());
    }
    t.push_str(",max_packets,max_bytes,mean_wait_ns,std_wait_ns,p50_wait_ns,mean_queue_bytes,std_queue_bytes,utilization,codel_dropping_ns\n");
    for (i, p) in s.ports.iter().enumerate() {
        let st = &p.stats;
        let _ = write!(
            t,
            "{i},{},{},{},{},{},{},{}",
            node(p.node),
            node(p.to),
            p.scheduler,
            opt(&p.bandwidth_bps),
            st.arrived,
            st.enqueued,
            st.dequeued
        );
        for (_, n) in st.dropped.entries() {
            let _ = write!(t, ",{n}");
        }
        for (_, n) in st.marked.entries() {
            let _ = write!(t, ",{n}");
        }
        let w = st.wait.as_ref();
        let _ = writeln!(
            t,
            ",{},{},{},{},{},{},{},{},{}",
            st.max_packets,
            st.max_bytes,
            opt(&w.map(|w| w.mean_ns)),
            opt(&w.map(|w| w.std_ns)),
            opt(&w.and_then(|w| w.p50_ns)),
            st.queue.mean_bytes,
            st.queue.std_bytes,
            st.utilization,
            opt(&st.aqm.as_ref().map(|a| a.dropping_ns))
        );
    }
    std::fs::write(dir.join("ports.csv"), t)?;
    let mut t = String::from("port,t_ns,packets,bytes\n");
    for q in &s.queue_series {
        for i in 0..q.t_ns.len() {
            let _ = writeln!(t, "{},{},{},{}", q.port, q.t_ns[i], q.packets[i], q.bytes[i]);
        }
    }
    std::fs::write(dir.join("queue_series.csv"), t)?;
    let mut t = String::from("min_bytes,max_bytes,flows,completed,mean_fct_ns,p99_fct_ns,mean_slowdown,p99_slowdown\n");
    for b in &s.fct.by_size {
        let st = &b.stats;
        let _ = writeln!(
            t,
            "{},{},{},{},{},{},{},{}",
            b.min_bytes,
            opt(&b.max_bytes),
            st.flows,
            st.completed,
            opt(&st.mean_ns),
            opt(&st.p99_ns),
            opt(&st.mean_slowdown),
            opt(&st.p99_slowdown)
        );
    }
    std::fs::write(dir.join("fct_by_size.csv"), t)?;
    let mut t = String::from("percentile,fct_ns,slowdown,delay_ns\n");
    for p in 0..=100 {
        let _ = writeln!(
            t,
            "{p},{},{},{}",
            opt(&s.fct.cdf_ns.get(p)),
            opt(&s.fct.slowdown_cdf.get(p)),
            opt(&s.fct.delay_cdf_ns.get(p))
        );
    }
    std::fs::write(dir.join("cdf.csv"), t)?;
    let mut t = String::from("window_start_ns,flows,jain_index\n");
    for i in 0..s.fairness.t_ns.len() {
        let _ = writeln!(t, "{},{},{}", s.fairness.t_ns[i], s.fairness.flows[i], opt(&s.fairness.index[i]));
    }
    std::fs::write(dir.join("fairness.csv"), t)?;
    let mut t = String::from("flow,window_start_ns,bps\n");
    for f in &s.throughput.flows {
        for (b, bps) in f.bps.iter().enumerate() {
            let _ = writeln!(t, "{},{},{bps}", text(&s.flows[f.flow as usize].id), b as u64 * s.throughput.window_ns);
        }
    }
    std::fs::write(dir.join("throughput.csv"), t)?;
    // Every overdue packet of each replay (the results list the first ones only): what a
    // per-packet comparison with another simulator's replay reads.
    for r in &s.replays {
        let mut t = String::from(
            "flow,original_id,exit_ns,replay_exit_ns,late_by_ns,congestion_points,went_negative_port,went_negative_at_ns\n",
        );
        for p in &r.all_overdue {
            let _ = writeln!(
                t,
                "{},{},{},{},{},{},{},{}",
                text(&s.flows[p.flow as usize].id),
                p.original_id,
                p.exit_ns,
                opt(&p.replay_exit_ns),
                opt(&p.late_by_ns),
                p.congestion_points,
                p.port,
                p.at_ns
            );
        }
        std::fs::write(dir.join(format!("overdue_{}.csv", r.name)), t)?;
    }
    Ok(())
}
