#!/usr/bin/env bash
# Builds the core to WebAssembly for the page: wasm-core/wasm/pkg/sched_wasm.{js,d.ts} + _bg.wasm.
# --mode no-install: use the wasm-bindgen on PATH (the bootstrap installs the pinned version),
# never let wasm-pack download or install its own. wasm-opt is off in wasm/Cargo.toml.
set -euo pipefail
cd "$(dirname "$0")/../wasm-core/wasm"
export PATH="$HOME/.cargo/bin:$PATH"
wasm-pack --log-level warn build --release --target web --mode no-install --no-pack --out-dir pkg
