#!/usr/bin/env bash
# The Python binding's environment for npm test: a virtual environment in
# wasm-core/target/pyenv with maturin, pandas, Dask and pytest from PyPI
# (wasm-core/python/requirements-test.txt; installed again when that file changes), the
# binding built into it (maturin develop, profile ci, beside the CLI's build), and clippy on
# the binding (the workspace's default members leave it out: it needs this Python).
# Quiet when everything is present; says what it installs and why.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
say() { printf '[python] %s\n' "$*"; }
venv=wasm-core/target/pyenv
req=wasm-core/python/requirements-test.txt

if ! python3 -c 'import ensurepip, venv' >/dev/null 2>&1; then
  say "installing Debian's python3-venv (python3 -m venv needs it; ~20 s)"
  if [ "$(id -u)" = 0 ]; then apt_prefix=(); else apt_prefix=(sudo); fi
  "${apt_prefix[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${apt_prefix[@]}" apt-get install -y -qq python3-venv >/dev/null
fi
if [ ! -x "$venv/bin/python" ]; then
  say "creating the virtual environment $venv"
  python3 -m venv "$venv"
fi
sum=$(sha256sum "$req" | cut -d' ' -f1)
stamp="$venv/.requirements-sha256"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$sum" ]; then
  say "installing maturin, pandas, dask[distributed] and pytest from PyPI into $venv (~1 min, once)"
  "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$req"
  echo "$sum" > "$stamp"
fi
# Builds (incrementally) and installs the binding into the environment.
if ! out=$(cd wasm-core/python && VIRTUAL_ENV="$PWD/../../$venv" "../../$venv/bin/maturin" develop --profile ci --quiet 2>&1); then
  printf '%s\n' "$out" >&2
  say "maturin could not build the binding" >&2
  exit 1
fi
# pip's chatter about what is already there left out
printf '%s\n' "$out" | grep -v 'Requirement already satisfied\|^Ignoring \|^Looking in links\|^📦\|^✏️\|^🛠\|^🍹\|^🐍\|^🔗\|^$' || true
"$venv/bin/python" -c 'import scheduler_playground' || { say "the binding did not install" >&2; exit 1; }
PYO3_PYTHON="$PWD/$venv/bin/python" cargo clippy --manifest-path wasm-core/Cargo.toml -p sched-py --quiet -- -D warnings
