#!/usr/bin/env bash
# Builds the core to WebAssembly for the page: the full module, wasm-core/wasm/pkg/sched_wasm.{js,d.ts}
# + _bg.wasm, and the first module the page loads before it (issue 41),
# wasm-core/wasm/pkg-first/sched_wasm_first.*: sched-wasm without its `full` feature (FIFO, the
# traffic sources, the engine and the results; wasm-core/sim/src/first.rs), built with the
# `first` profile (opt-level z) and wasm-opt -Os (below), for size: it runs one small scenario.
# --mode no-install: use the wasm-bindgen on PATH (the bootstrap installs the pinned version),
# never let wasm-pack download or install its own. wasm-pack's own wasm-opt step is off
# (wasm/Cargo.toml); wasm-opt runs after it, from the npm `binaryen` devDependency
# (node_modules/.bin/wasm-opt), never a download. Its features (bulk memory, non-trapping
# float-to-int, sign extension, mutable globals, multivalue, reference types, and 128-bit SIMD,
# which wasm-core/.cargo/config.toml turns on) come from the module's target_features section,
# which rustc writes. -O3, not -Oz: the page runs the
# simulation, so speed first; no fast-math, so every float operation stays as Rust wrote it
# and the trace hashes stay those of the native build (scripts/wasm-determinism.mjs).
# --converge repeats the passes while the module shrinks: 2.5 KB smaller gzipped at the same
# simulation speed (about 20 s more CPU here). -Os/-Oz/-O2/-O4 change the size by under 1%
# either way and -Os/-Oz slow the TCP benchmark by about 2% (issue 20, closing note 29).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root/wasm-core/wasm"
export PATH="$HOME/.cargo/bin:$PATH"
wasm-pack --log-level warn build --release --target web --mode no-install --no-pack --out-dir pkg
wasm_opt="$root/node_modules/.bin/wasm-opt"
if [[ ! -x "$wasm_opt" ]]; then
  echo "build-wasm: $wasm_opt is missing (the binaryen devDependency): run npm ci" >&2
  exit 1
fi
"$wasm_opt" -O3 --converge pkg/sched_wasm_bg.wasm -o pkg/sched_wasm_bg.wasm

# The first module: its own cargo profile and features, so both builds stay cached side by side.
cd "$root/wasm-core/wasm"
wasm-pack --log-level warn build --profile first --target web --mode no-install --no-pack --out-dir pkg-first \
  --out-name sched_wasm_first -- --no-default-features
# -Os --converge --low-memory-unused: 4.5 KB smaller gzipped than -Oz alone (bench:size);
# --low-memory-unused lets wasm-opt fold constant addresses into loads and stores, valid since
# rustc's layout keeps the first 1 KB of memory unused (the stack sits below the data, from
# 1 MB down; reaching address 0 would be a stack overflow).
"$wasm_opt" -Os --converge --low-memory-unused pkg-first/sched_wasm_first_bg.wasm -o pkg-first/sched_wasm_first_bg.wasm
