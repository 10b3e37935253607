#!/usr/bin/env bash
# Builds the ClusterFuzzLite fuzz targets without Docker, on a Debian/Ubuntu machine, and
# runs each briefly: a check of build.sh and of the targets under libFuzzer, not a
# replacement for the real build image.
#
#   apt-get install clang libfuzzer-14-dev      # clang with libFuzzer's runtime
#   .clusterfuzzlite/check-local.sh [RUNS]      # RUNS inputs per target (default 2000)
#
# It stands in for the image: $SRC, $OUT and $WORK are temporary directories, the
# working tree's files (tracked and untracked, less the ignored) are copied to
# $SRC/a0diff (build.sh edits go.mod there, never here), and compile_native_go_fuzzer is approximated by go-118-fuzz-build (pinned below,
# from the module proxy) and a link with clang++ -fsanitize=fuzzer. The image's own
# script also handles coverage builds and other sanitizers.
set -euo pipefail
runs=${1:-2000}
repo=$(cd "$(dirname "$0")/.." && pwd)
GO118FUZZBUILD=github.com/AdamKorcz/go-118-fuzz-build@v0.0.0-20250520111509-a70c2aa677fa

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export SRC=$tmp/src OUT=$tmp/out WORK=$tmp/work
mkdir -p "$SRC/a0diff" "$OUT" "$WORK" "$tmp/bin"
(cd "$repo" && git ls-files -z --cached --others --exclude-standard | tar --null -T - --ignore-failed-read -cf -) | tar -x -C "$SRC/a0diff"
cp "$repo/.clusterfuzzlite/build.sh" "$SRC/"

GOBIN=$tmp/bin go install "$GO118FUZZBUILD"
cat > "$tmp/bin/compile_native_go_fuzzer" <<'SCRIPT'
#!/usr/bin/env bash
# compile_native_go_fuzzer PACKAGE FUNCTION NAME: instrument the package's fuzz target
# FUNCTION for libFuzzer and link it as $OUT/NAME.
set -euo pipefail
go-118-fuzz-build -o "$WORK/$3.a" -func "$2" "$1"
${CXX:-clang++} ${CXXFLAGS:-} ${LIB_FUZZING_ENGINE:--fsanitize=fuzzer} "$WORK/$3.a" -lpthread -o "$OUT/$3"
SCRIPT
chmod +x "$tmp/bin/compile_native_go_fuzzer"
export PATH=$tmp/bin:$PATH CXX=clang++ CXXFLAGS= LIB_FUZZING_ENGINE=-fsanitize=fuzzer SANITIZER=address

echo "== build.sh"
(cd "$SRC" && bash -eu build.sh)
ls -l "$OUT"

status=0
for target in FuzzParse FuzzDiff FuzzGen; do
  echo "== $target: $runs runs"
  corpus=$WORK/corpus-$target
  mkdir -p "$corpus" "$WORK/$target"
  if [ -f "$OUT/${target}_seed_corpus.zip" ]; then
    (cd "$corpus" && unzip -q "$OUT/${target}_seed_corpus.zip")
  fi
  # libFuzzer runs the seeds, then mutates; a failing input is saved in $WORK/TARGET/.
  if (cd "$WORK/$target" && "$OUT/$target" -runs="$runs" -timeout=30 "$corpus" > "$WORK/$target.log" 2>&1); then
    grep -E '^(INFO: seed corpus|#[0-9]+[[:space:]]+(INITED|DONE))' "$WORK/$target.log"
  else
    status=1
    grep -E -A30 'panic|ERROR' "$WORK/$target.log" | head -60
    echo "$target failed: its log and the failing input are kept in $WORK/$target*" >&2
    trap - EXIT
  fi
done
exit "$status"
