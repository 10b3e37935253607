#!/usr/bin/env bash
# mkcorpus.sh OUT: the corpus of the `a0diff run` throughput figure (README, "Figures"):
# 186 Appendix-B-sized programs — the 61 entries of corpus/spec/appendix-b and the first
# 125 other corpus entries (by path) no larger than the largest of them, without a
# @timeout of their own — copied ten times under OUT (OUT/copy-0 … OUT/copy-9, each
# keeping corpus/'s directories, since file names show in spans), 1 860 entries in all.
# Then: `a0diff run -j 2 OUT`.
set -euo pipefail
out=${1:?usage: tools/runbench/mkcorpus.sh OUT}
cd "$(dirname "$0")/../.."
if [ -e "$out" ]; then
	echo "mkcorpus.sh: $out already exists" >&2
	exit 2
fi
max=$(wc -c corpus/spec/appendix-b/*.a0 | sort -n | tail -2 | head -1 | awk '{print $1}')
list=$(mktemp)
trap 'rm -f "$list"' EXIT
ls corpus/spec/appendix-b/*.a0 >"$list"
find corpus -name '*.a0' -not -path 'corpus/spec/appendix-b/*' -size -"$((max + 1))"c | LC_ALL=C sort |
	while read -r f; do grep -q '^# @timeout' "$f" || echo "$f"; done | awk 'NR <= 125' >>"$list"
n=$(wc -l <"$list")
if [ "$n" -ne 186 ]; then
	echo "mkcorpus.sh: found $n programs, not 186" >&2
	exit 1
fi
for k in 0 1 2 3 4 5 6 7 8 9; do
	while read -r f; do
		mkdir -p "$(dirname "$out/copy-$k/${f#corpus/}")"
		cp "$f" "$out/copy-$k/${f#corpus/}"
	done <"$list"
done
echo "$out: $((n * 10)) entries"
