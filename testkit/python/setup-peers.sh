#!/usr/bin/env bash
# Installs the Python peers (pyarrow, Polars, pandas, GeoPandas, Hugging Face datasets) into a virtual environment for the interop tests.
# Called by Maven (process-test-resources) as: setup-peers.sh <venv-dir>
#
# On success <venv-dir>/bin/python has them. When they cannot be set up, the reason goes to
# <venv-dir>.unavailable and the tests that need them skip with it; with CI=true that is a build failure.
set -u
venv=$1
here=$(cd "$(dirname "$0")" && pwd)
req=$here/requirements.txt
reason_file=$venv.unavailable

unavailable() {
  mkdir -p "$(dirname "$venv")"
  echo "$1" > "$reason_file"
  if [ "${CI:-}" = "true" ]; then
    echo "[arrowfile] ERROR: Python interop peers could not be set up (CI=true requires them): $1" >&2
    exit 1
  fi
  echo "[arrowfile] Python interop tests will skip: $1" >&2
  exit 0
}

# Up to date: nothing to do (the requirements are compared, so editing them reinstalls).
if [ -x "$venv/bin/python" ] && cmp -s "$req" "$venv/.requirements" 2>/dev/null; then
  rm -f "$reason_file"
  exit 0
fi
rm -f "$reason_file"

python=${ARROWFILE_PYTHON:-python3}
command -v "$python" >/dev/null 2>&1 \
  || unavailable "no '$python' on PATH; install Python 3 with venv and pip (or set ARROWFILE_PYTHON) and run the build again"

rm -rf "$venv"
"$python" -m venv "$venv" >/dev/null 2>&1 \
  || unavailable "'$python -m venv' failed; install Python's venv module (Debian: python3-venv) and run the build again"

# --retries 0: on machines whose pip reaches only local indexes, a refused host fails at once instead of
# backing off for a minute per package.
log=$venv.pip.log
if ! "$venv/bin/pip" install --disable-pip-version-check --retries 0 -q -r "$req" >"$log" 2>&1; then
  tail -5 "$log" >&2
  unavailable "pip could not install $(grep -v '^#' "$req" | tr '\n' ' ')(see $log)"
fi
"$venv/bin/python" -c 'import pyarrow, polars, pandas, geopandas, datasets' >>"$log" 2>&1 \
  || unavailable "the peers installed but do not import (see $log)"
cp "$req" "$venv/.requirements"
"$venv/bin/python" -c 'import pyarrow, polars, pandas, geopandas, datasets, sys; print("[arrowfile] Python interop peers: python %s, pyarrow %s, polars %s, pandas %s, geopandas %s, datasets %s" % (sys.version.split()[0], pyarrow.__version__, polars.__version__, pandas.__version__, geopandas.__version__, datasets.__version__))'
