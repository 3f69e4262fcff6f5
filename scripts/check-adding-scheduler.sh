#!/usr/bin/env bash
# Proves the README's "Adding a scheduler": copies the core to a scratch tree, adds the file and
# the list line the README shows (the blocks after its `<!-- adding-a-scheduler: ... -->`
# markers), and checks that the toy scheduler is registered and passes its contract case, and
# that the change is one new file plus one line.
#   bash scripts/check-adding-scheduler.sh [--keep]   (--keep: leave the scratch tree, print its path)
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
keep=0
[ "${1:-}" = "--keep" ] && keep=1

scratch=$(mktemp -d /tmp/adding-a-scheduler.XXXXXX)
[ "$keep" = 1 ] || trap 'rm -rf "$scratch"' EXIT

# The README's blocks: the file (its path in the marker) and the line (its family in the marker).
read -r file_path family < <(node -e '
  const md = require("fs").readFileSync("README.md", "utf8");
  const file = md.match(/<!-- adding-a-scheduler: file (\S+) -->/);
  const line = md.match(/<!-- adding-a-scheduler: line (\w+) -->/);
  if (!file || !line) { console.error("README.md: the adding-a-scheduler markers are missing"); process.exit(1); }
  console.log(file[1], line[1]);')
block() {
  node -e '
    const md = require("fs").readFileSync("README.md", "utf8");
    const at = md.indexOf(process.argv[1]);
    const m = md.slice(at).match(/```\w*\n([\s\S]*?)```/);
    process.stdout.write(m[1]);' "$1"
}

mkdir -p "$scratch/wasm-core"
tar -C wasm-core --exclude=./target -cf - . | tar -C "$scratch/wasm-core" -xf -
git -C "$scratch" init -q && git -C "$scratch" add -A && git -C "$scratch" -c user.email=x@x -c user.name=x commit -qm base

block "<!-- adding-a-scheduler: file" > "$scratch/$file_path"
line=$(block "<!-- adding-a-scheduler: line")
name=$(sed -n 's/^ *name: "\([a-z_0-9]*\)",.*/\1/p' "$scratch/$file_path" | head -n 1)
# The line goes last in its family's block of the list in sched/mod.rs.
node -e '
  const fs = require("fs");
  const [path, family, line] = process.argv.slice(1);
  const lines = fs.readFileSync(path, "utf8").split("\n");
  const start = lines.findIndex((l) => new RegExp(`^    ${family}(\\(|\\s*\\{)`).test(l));
  if (start < 0) { console.error(`no family ${family} in ${path}`); process.exit(1); }
  const end = lines.findIndex((l, i) => i > start && l === "    }");
  lines.splice(end, 0, line.replace(/\n$/, ""));
  fs.writeFileSync(path, lines.join("\n"));' "$scratch/wasm-core/sim/src/sched/mod.rs" "$family" "$line"

git -C "$scratch" add -A
stat=$(git -C "$scratch" diff --cached --shortstat)
files=$(git -C "$scratch" diff --cached --name-only | wc -l)
lines_in_list=$(git -C "$scratch" diff --cached --numstat -- wasm-core/sim/src/sched/mod.rs | cut -f1)
echo "the change:$stat"
git -C "$scratch" diff --cached --stat | sed 's/^/  /'
if [ "$files" != 2 ] || [ "$lines_in_list" != 1 ]; then
  echo "adding a scheduler took more than one new file and one line" >&2
  exit 1
fi

# Its own target directory under ours: the dependencies build once and are kept between runs.
export CARGO_TARGET_DIR="$PWD/wasm-core/target/adding-a-scheduler"
manifest=(--manifest-path "$scratch/wasm-core/Cargo.toml")
cargo run "${manifest[@]}" --quiet -p sched-cli -- schedulers | node -e '
  const name = process.argv[1];
  const all = JSON.parse(require("fs").readFileSync(0, "utf8"));
  if (!all.some((s) => s.name === name)) { console.error(`${name} is not in sched-cli schedulers`); process.exit(1); }
  console.log(`sched-cli schedulers lists ${name} (${all.length} schedulers)`);' "$name"
cargo test "${manifest[@]}" --quiet -p sched-sim --test contract -- --exact "contract::$name"
[ "$keep" = 1 ] && echo "scratch tree: $scratch"
echo "README's Adding a scheduler holds: $name is one file and one line, registered, and keeps the contract"
