#!/usr/bin/env bash
# Replaces testkit/c/nanoarrow with the files of nanoarrow's IPC reader at a tag of apache/arrow-nanoarrow:
#   update-nanoarrow.sh <git dir of a clone of https://github.com/apache/arrow-nanoarrow> <tag>
# e.g. update-nanoarrow.sh /tmp/arrow-nanoarrow.git apache-arrow-nanoarrow-0.8.0. Then update the tag in
# nanoarrow/README.md and run the nanoarrow tests (docs/development.md).
set -eu
repo=$1
tag=$2
here=$(cd "$(dirname "$0")" && pwd)
out=$here/nanoarrow

rm -rf "$out.new"
mkdir -p "$out.new"
# encoder.c too: decoder.c calls its ArrowIpcFooterInit/Reset; flatcc's builder and emitter are encoder.c's.
git -C "$repo" archive "$tag" LICENSE.txt NOTICE.txt \
  src/nanoarrow/nanoarrow.h src/nanoarrow/nanoarrow_ipc.h src/nanoarrow/nanoarrow_config.h.in \
  src/nanoarrow/common/{array,schema,utils,array_stream}.c src/nanoarrow/common/inline_{array,buffer,types}.h \
  src/nanoarrow/ipc/{decoder,encoder,reader,codecs}.c src/nanoarrow/ipc/flatcc_generated.h \
  thirdparty/flatcc/LICENSE thirdparty/flatcc/include \
  thirdparty/flatcc/src/runtime/{builder,emitter,refmap,verifier}.c | tar -x -C "$out.new"

# What CMake makes of nanoarrow_config.h.in, without a namespace (NANOARROW_NAMESPACE unset).
version=${tag#apache-arrow-nanoarrow-}
IFS=. read -r major minor patch <<< "$version"
sed -e "s/@NANOARROW_VERSION_MAJOR@/$major/" -e "s/@NANOARROW_VERSION_MINOR@/$minor/" \
  -e "s/@NANOARROW_VERSION_PATCH@/$patch/" -e "s/@NANOARROW_VERSION@/$version/" \
  -e 's|@NANOARROW_NAMESPACE_DEFINE@|// #define NANOARROW_NAMESPACE YourNamespaceHere|' \
  "$out.new/src/nanoarrow/nanoarrow_config.h.in" > "$out.new/src/nanoarrow/nanoarrow_config.h"
rm "$out.new/src/nanoarrow/nanoarrow_config.h.in"

# Only the headers gcc includes when it compiles the checker (flatcc's portability layer has more).
n=$out.new
used=$(gcc -std=c99 -MM -DNANOARROW_IPC_WITH_ZSTD -DNANOARROW_IPC_WITH_LZ4 -I"$here/codecs" -I"$n/src" \
  -I"$n/thirdparty/flatcc/include" "$here/nanoarrow_check.c" \
  "$n"/src/nanoarrow/common/{array,schema,utils,array_stream}.c \
  "$n"/src/nanoarrow/ipc/{decoder,encoder,reader,codecs}.c \
  "$n"/thirdparty/flatcc/src/runtime/{builder,emitter,refmap,verifier}.c \
  | tr ' \\' '\n\n' | grep '\.h$' | xargs -n1 realpath | sort -u)
find "$n/thirdparty/flatcc/include" -name '*.h' | while read -r h; do
  grep -qxF "$(realpath "$h")" <<< "$used" || rm "$h"
done

[ ! -f "$out/README.md" ] || cp "$out/README.md" "$out.new/"
rm -rf "$out"
mv "$out.new" "$out"
echo "testkit/c/nanoarrow: $tag ($(git -C "$repo" rev-parse "$tag^{commit}"))"
