//! The scheduler pages in `docs/schedulers/` are what `sched-cli docs` generates from the
//! registry today (`npm run docs` rewrites them).

#[test]
fn scheduler_docs_are_current() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_sched-cli"))
        .args(["docs", "--check"])
        .output()
        .expect("sched-cli runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}
