#!/usr/bin/env bash
# npm test: the same set-up as npm start plus Debian's chromium, then every check the project
# has, in order, printing how long each stage took. Stops at the first failing stage.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
manifest=(--manifest-path wasm-core/Cargo.toml)
timings=()
t0=$(date +%s)

report() {
  local rc=$?
  echo
  echo "== stage times"
  for line in "${timings[@]}"; do echo "  $line"; done
  echo "  total: $(( $(date +%s) - t0 ))s"
  [ "$rc" = 0 ] || echo "npm test FAILED (exit $rc)"
}
trap report EXIT

stage() {
  local name=$1; shift
  echo
  echo "== $name: $*"
  local s; s=$(date +%s)
  "$@"
  timings+=("$name: $(( $(date +%s) - s ))s")
}

stage "set-up" bash scripts/bootstrap.sh --browser
stage "rust format" cargo fmt "${manifest[@]}" --all --check
stage "rust clippy" cargo clippy "${manifest[@]}" --all-targets --quiet -- -D warnings
# Simulation-heavy tests run optimised with debug assertions on (profile ci).
stage "rust unit + scenario tests" cargo test "${manifest[@]}" --profile ci --quiet
# The reference identity: every scenario's full-trace SHA-256 against its NAME.sha256 file.
stage "reference trace hashes (SHA-256)" cargo test "${manifest[@]}" --profile ci --quiet -p sched-cli --features sha256-trace --test scenarios
# README's "Adding a scheduler", applied to a scratch copy of the core (one file, one line).
stage "adding a scheduler (README)" bash scripts/check-adding-scheduler.sh
stage "cli build" cargo build "${manifest[@]}" --profile ci --quiet -p sched-cli
# The Python binding: its environment and build, then pytest on a 2-worker Dask cluster
# against the CLI (every job's trace hash, a slice of AIFO Fig. 7).
stage "python binding (venv, maturin, clippy)" bash scripts/python-env.sh
stage "python + dask (pytest)" env SCHED_CLI=wasm-core/target/ci/sched-cli wasm-core/target/pyenv/bin/python -m pytest -q -p no:cacheprovider wasm-core/python/tests
stage "wasm build" npm run --silent build:wasm
stage "wasm = golden trace hashes (every scenario)" node scripts/wasm-determinism.mjs
stage "generated types are current" node scripts/gen-types.mjs --check
stage "typescript types" npm run --silent typecheck
stage "typescript lint" npm run --silent lint
stage "web unit tests" npm run --silent test:web
stage "web production build" npm run --silent build:web -- --logLevel warn
stage "end-to-end (playwright, chromium)" npm run --silent test:e2e
