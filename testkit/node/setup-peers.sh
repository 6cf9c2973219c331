#!/usr/bin/env bash
# Installs the JavaScript peers (apache-arrow, @uwdata/flechette, parquet-wasm: arrow-rs in WebAssembly, and the
# codecs lz4js and @bokuweb/zstd-wasm) from the npm registry, at the versions package-lock.json pins, for the
# interop tests. Called by Maven (process-test-resources) as: setup-peers.sh <dir>
#
# On success <dir>/node_modules has them. When they cannot be set up, the reason goes to <dir>.unavailable and
# the tests that need them skip with it; with CI=true that is a build failure.
set -u
dir=$1
here=$(cd "$(dirname "$0")" && pwd)
reason_file=$dir.unavailable

unavailable() {
  mkdir -p "$(dirname "$dir")"
  echo "$1" > "$reason_file"
  if [ "${CI:-}" = "true" ]; then
    echo "[arrowfile] ERROR: Node.js interop peers could not be set up (CI=true requires them): $1" >&2
    exit 1
  fi
  echo "[arrowfile] Node.js interop tests will skip: $1" >&2
  exit 0
}

# Up to date: nothing to do (the lock file is compared, so a new pin reinstalls).
if [ -d "$dir/node_modules" ] && cmp -s "$here/package-lock.json" "$dir/.package-lock.json" 2>/dev/null; then
  rm -f "$reason_file"
  exit 0
fi
rm -f "$reason_file"

node=${ARROWFILE_NODE:-node}
command -v "$node" >/dev/null 2>&1 \
  || unavailable "no '$node' on PATH; install Node.js 20 or later with npm (Debian: nodejs npm) and run the build again"
command -v npm >/dev/null 2>&1 \
  || unavailable "no 'npm' on PATH; install npm (Debian: npm) and run the build again"
major=$("$node" -p 'process.versions.node.split(".")[0]' 2>/dev/null)
[ "${major:-0}" -ge 20 ] 2>/dev/null \
  || unavailable "'$node' is Node.js ${major:-?}; the peers need Node.js 20 or later"

rm -rf "$dir"
mkdir -p "$dir"
cp "$here/package.json" "$here/package-lock.json" "$dir/"
log=$dir.npm.log
if ! (cd "$dir" && npm ci --no-audit --no-fund --ignore-scripts) >"$log" 2>&1; then
  tail -5 "$log" >&2
  unavailable "npm ci could not install $(cd "$here" && "$node" -p 'Object.entries(require("./package.json").dependencies).map(([k, v]) => k + "@" + v).join(" ")') (see $log)"
fi
(cd "$dir" && "$node" -e '
const fs = require("fs");
for (const m of ["apache-arrow", "@uwdata/flechette", "parquet-wasm/node", "lz4js", "@bokuweb/zstd-wasm"]) require(m);
const v = n => JSON.parse(fs.readFileSync("node_modules/" + n + "/package.json", "utf8")).version;
console.log("[arrowfile] Node.js interop peers: node " + process.versions.node + ", apache-arrow " + v("apache-arrow")
  + ", @uwdata/flechette " + v("@uwdata/flechette") + ", parquet-wasm " + v("parquet-wasm"));' 2>>"$log") \
  || unavailable "the peers installed but do not load (see $log)"
cp "$here/package-lock.json" "$dir/.package-lock.json"
