//! The papers' scoreboard (`docs/papers/scoreboard.json` and the page's
//! `web/src/generated/papers.ts`) is what `sched-cli reproduce --summary` generates from
//! `docs/papers/items.json`, the claims tagged in `scenarios/` and the Rust tests, and
//! `docs/papers/measured.json` (`sched-cli reproduce --summary --write` rewrites both).

#[test]
fn the_papers_scoreboard_is_current() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_sched-cli"))
        .args(["reproduce", "--summary", "--check"])
        .output()
        .expect("sched-cli runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}
