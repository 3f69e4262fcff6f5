#!/usr/bin/env bash
# npm start: set up what is missing, build the core to wasm and the page, and serve it.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
bash scripts/bootstrap.sh
echo "[start] building the simulation core (Rust -> WebAssembly)"
npm run --silent build:wasm
echo "[start] building the page"
npm run --silent build:web -- --logLevel warn
echo "[start] serving Scheduler Playground; open the Local address below (Ctrl-C stops it)"
exec npx vite preview --config web/vite.config.ts --host 127.0.0.1 --port "${PORT:-4173}"
