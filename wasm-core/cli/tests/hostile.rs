//! The CLI on hostile files (issue 42): a file that is not a JSON object, with `--duration`,
//! panicked in release (`serde_json::Value`'s index assignment); an uncapped `--trace-budget`
//! asked for as many trace events as a u64 holds. Both are errors now (exit status 1, not 101).

use std::process::Command;

fn cli(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_sched-cli")).args(args).output().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stderr).into_owned())
}

fn file(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("sched-cli-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.to_string_lossy().into_owned()
}

#[test]
fn duration_on_a_file_that_is_not_an_object_is_an_error() {
    for (name, text) in [("array.json", "[1, 2]"), ("number.json", "7"), ("string.json", "\"x\"")] {
        let f = file(name, text);
        let (code, err) = cli(&["run", &f, "--duration", "10ms"]);
        assert_eq!(code, 1, "{name}: {err}");
        assert!(err.contains("a scenario is a JSON object"), "{name}: {err}");
    }
}

#[test]
fn trace_budget_is_capped() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scenarios/default.json");
    let (code, err) = cli(&["run", root, "--trace-budget", "18446744073709551615"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("--trace-budget: at most"), "{err}");
}

/// Past an hour of estimated CPU `run` stops before building anything and asks for `--yes`: a
/// 12 Gbps CBR source of 1500 B packets for 2000 s is 2 x 10^9 packets over 2 links, 2 x 10^9 x
/// (2 x 600 + 800) ns = 4 x 10^12 ns, about 67 min by the budget's per-hop and per-packet costs.
#[test]
fn run_asks_for_yes_past_an_hour() {
    let text = r#"{"format": "scheduler-playground/scenario", "version": 1, "name": "long", "seed": 1, "duration": "2000s",
        "topology": {"nodes": [{"id": "a", "kind": "host"}, {"id": "r", "kind": "router"}, {"id": "b", "kind": "host"}],
                     "links": [{"from": "a", "to": "r", "bandwidth": "100Gbps", "delay": "1us", "buffer": "100pkt"}, {"from": "r", "to": "b", "bandwidth": "100Gbps", "delay": "1us", "buffer": "100pkt"}]},
        "traffic": [{"kind": "cbr", "id": "f", "src": "a", "dst": "b", "rate": "12Gbps", "packet_size": "1500B"}]}"#;
    let f = file("long.json", text);
    let (code, err) = cli(&["run", &f]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("budget: about 67 min of CPU"), "{err}");
    assert!(err.contains("pass --yes to run it"), "{err}");
}
