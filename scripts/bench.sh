#!/usr/bin/env bash
# npm run bench [-- --set NAME[,NAME...]] [--repeat N] [--native] [--json]
# The benchmark set's figures (wasm-core/cli/bench/README.md): natively first (sched-cli bench:
# events and data packets per CPU-second, CPU ns per engine event, peak memory, then bytes per
# TCP flow and per queued packet), then the same set in wasm under Node beside native's, with
# the wasm/native ratios and the trace-hash check (scripts/bench-wasm.mjs, after
# npm run build:wasm; it runs the native side again, minutes apart from the wasm runs at most).
# --native: the native figures only. --json: sched-cli's JSON lines (native side) as well.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
export PATH="$HOME/.cargo/bin:$PATH"
native_only=false
native_args=()
wasm_args=()
while (($#)); do
  case $1 in
    --native) native_only=true ;;
    --set | --repeat)
      [[ $# -ge 2 ]] || { echo "bench: $1 needs a value" >&2; exit 2; }
      native_args+=("$1" "$2")
      wasm_args+=("$1" "$2")
      shift
      ;;
    *) native_args+=("$1") ;;
  esac
  shift
done
cargo run --release --quiet --manifest-path wasm-core/Cargo.toml -p sched-cli -- bench "${native_args[@]}"
if $native_only; then exit 0; fi
echo
npm run --silent build:wasm
node scripts/bench-wasm.mjs "${wasm_args[@]}"
