#!/usr/bin/env bash
# Compiles the nanoarrow peer, nanoarrow_check.c with the nanoarrow IPC reader vendored in nanoarrow/ (see its
# README.md), for the interop tests. Called by Maven (process-test-resources) as: setup-nanoarrow.sh <dir>
#
# On success <dir>/nanoarrow_check is the checker and <dir>/codecs names the IPC codecs it decompresses (zstd,
# lz4: linked to the machine's libzstd.so.1 / liblz4.so.1, declared by the headers in codecs/ since the machines
# have the libraries but not their -dev headers). When it cannot be built, the reason goes to <dir>.unavailable
# and the tests that need it skip with it; with CI=true that is a build failure, as is a missing codec library.
set -u
dir=$1
here=$(cd "$(dirname "$0")" && pwd)
reason_file=$dir.unavailable

unavailable() {
  rm -rf "$dir"
  mkdir -p "$(dirname "$dir")"
  echo "$1" > "$reason_file"
  if [ "${CI:-}" = "true" ]; then
    echo "[arrowfile] ERROR: the nanoarrow interop peer could not be built (CI=true requires it): $1" >&2
    exit 1
  fi
  echo "[arrowfile] nanoarrow interop tests will skip: $1" >&2
  exit 0
}

cc=${ARROWFILE_CC:-gcc}
command -v "$cc" >/dev/null 2>&1 \
  || unavailable "no '$cc' on PATH; install a C compiler (Debian: gcc) and run the build again"

# A codec is built in when the machine has its shared library; gcc finds it where the linker would.
libs=()
codecs=()
defines=()
for codec in zstd:libzstd.so.1:NANOARROW_IPC_WITH_ZSTD:libzstd1 lz4:liblz4.so.1:NANOARROW_IPC_WITH_LZ4:liblz4-1; do
  IFS=: read -r name lib define package <<< "$codec"
  path=$("$cc" -print-file-name="$lib" 2>/dev/null)
  if [ "${path#/}" != "$path" ] && [ -e "$path" ]; then
    libs+=("$path")
    codecs+=("$name")
    defines+=("-D$define")
  elif [ "${CI:-}" = "true" ]; then
    unavailable "no $lib for the $name codec; install it (Debian: $package) and run the build again"
  else
    echo "[arrowfile] nanoarrow peer without the $name codec: no $lib (Debian: $package)" >&2
  fi
done

n=$here/nanoarrow
sources=("$here/nanoarrow_check.c"
  "$n"/src/nanoarrow/common/{array,schema,utils,array_stream}.c
  "$n"/src/nanoarrow/ipc/{decoder,encoder,reader,codecs}.c
  "$n"/thirdparty/flatcc/src/runtime/{builder,emitter,refmap,verifier}.c)
# C99 is enough for flatcc with gcc (its portable/ headers cover alignas and static_assert).
flags=(-O1 -std=c99 "${defines[@]}" -I"$here/codecs" -I"$n/src" -I"$n/thirdparty/flatcc/include")

# Up to date: nothing to do. The hash covers every source and header, this script and the command, so an update
# of the vendored sources, a new codec library or another compiler rebuilds.
stamp=$( (cd "$here" && find . -type f \( -name '*.c' -o -name '*.h' -o -name '*.sh' \) | LC_ALL=C sort \
  | xargs sha256sum; echo "$cc $("$cc" -dumpfullversion 2>/dev/null) ${flags[*]} ${libs[*]}") | sha256sum)
if [ -x "$dir/nanoarrow_check" ] && [ "$stamp" = "$(cat "$dir/.sources.sha256" 2>/dev/null)" ]; then
  rm -f "$reason_file"
  exit 0
fi
rm -f "$reason_file"

rm -rf "$dir"
mkdir -p "$dir"
log=$dir.gcc.log
if ! "$cc" "${flags[@]}" -o "$dir/nanoarrow_check" "${sources[@]}" "${libs[@]}" >"$log" 2>&1; then
  tail -5 "$log" >&2
  unavailable "$cc could not compile testkit/c/nanoarrow_check.c with the vendored nanoarrow (see $log)"
fi
"$dir/nanoarrow_check" 2>/dev/null
[ $? -eq 2 ] || unavailable "the compiled $dir/nanoarrow_check does not run (see $log)"
echo "${codecs[*]}" > "$dir/codecs"
echo "$stamp" > "$dir/.sources.sha256"
version=$(sed -n 's/^#define NANOARROW_VERSION "\(.*\)"$/\1/p' "$n/src/nanoarrow/nanoarrow_config.h")
echo "[arrowfile] nanoarrow interop peer: nanoarrow $version IPC reader, codecs: ${codecs[*]:-none}" >&2
