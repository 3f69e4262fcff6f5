#!/usr/bin/env bash
# Installs whatever the two README commands need and is missing; quiet when all is present.
#   bash scripts/bootstrap.sh            toolchain for building and serving (npm start)
#   bash scripts/bootstrap.sh --browser  the same plus Debian's chromium (npm test)
# Idempotent: each step checks first and says what it installs, why, and how long it takes.
set -euo pipefail
cd "$(dirname "$0")/.."

want_browser=0
[ "${1:-}" = "--browser" ] && want_browser=1

say() { printf '[bootstrap] %s\n' "$*"; }
export PATH="$HOME/.cargo/bin:$PATH"

# The wasm-bindgen version the crate pins (=x.y.z); the CLI must match it exactly.
bindgen_version=$(sed -n 's/^wasm-bindgen = { *version = "=\([0-9.]*\)".*/\1/p; s/^wasm-bindgen = "=\([0-9.]*\)"/\1/p' wasm-core/wasm/Cargo.toml | head -n 1)
if [ -z "$bindgen_version" ]; then
  say "cannot read the pinned wasm-bindgen version from wasm-core/wasm/Cargo.toml" >&2
  exit 1
fi

if ! command -v cargo >/dev/null 2>&1; then
  say "cargo is not on PATH: install Rust (rustup) first" >&2
  exit 1
fi

if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown Rust target (the core is compiled to WebAssembly; ~30 s)"
  rustup target add wasm32-unknown-unknown
fi

if ! command -v wasm-pack >/dev/null 2>&1; then
  say "installing wasm-pack with cargo (builds the wasm package; 2-6 min on 2 cores, once)"
  cargo install wasm-pack --locked --quiet
fi

have_bindgen=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
if [ "$have_bindgen" != "$bindgen_version" ]; then
  say "installing wasm-bindgen-cli $bindgen_version with cargo (found '${have_bindgen:-none}'; wasm-pack needs the exact version the crate pins; 2-10 min on 2 cores, once)"
  # Its lock file names a webpki-roots release the registry no longer serves, so --locked can
  # fail at resolution (seen with 0.2.130); then resolve afresh within the same semver ranges.
  cargo install wasm-bindgen-cli --version "$bindgen_version" --locked --force --quiet 2>/dev/null ||
    cargo install wasm-bindgen-cli --version "$bindgen_version" --force --quiet
fi

if [ "$want_browser" = 1 ] && [ ! -x /usr/bin/chromium ]; then
  say "installing Debian's chromium (Playwright drives it for the end-to-end tests; ~1-2 min)"
  if [ "$(id -u)" = 0 ]; then apt_prefix=(); else apt_prefix=(sudo); fi
  "${apt_prefix[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${apt_prefix[@]}" apt-get install -y -qq chromium >/dev/null
fi

# npm packages: reinstall when package-lock.json changed since the last install.
lock_sum=$(sha256sum package-lock.json | cut -d' ' -f1)
stamp=node_modules/.bootstrap-lock-sha256
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$lock_sum" ]; then
  say "installing npm packages (npm ci; ~1 min)"
  npm ci --no-audit --no-fund --loglevel=error
  echo "$lock_sum" > "$stamp"
fi
