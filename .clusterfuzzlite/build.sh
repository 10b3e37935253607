#!/bin/bash -eu
# Builds the native Go fuzz targets of fuzz/ (FuzzParse, FuzzDiff, FuzzGen) as libFuzzer
# binaries in $OUT, with their seed corpora. Run by ClusterFuzzLite/OSS-Fuzz inside the
# image of the Dockerfile beside this file; .clusterfuzzlite/check-local.sh runs it on an
# ordinary Debian machine.

cd "$SRC/a0diff"

# compile_native_go_fuzzer (go-118-fuzz-build) rewrites the targets to import its own
# testing package in place of the standard one: the module must require it. This edits
# go.mod and go.sum inside the build image only.
go get github.com/AdamKorcz/go-118-fuzz-build/testing

for target in FuzzParse FuzzDiff FuzzGen; do
  compile_native_go_fuzzer github.com/a0diff/a0diff/fuzz "$target" "$target"
done

# Seed corpora. libFuzzer ignores f.Add; it starts from $OUT/TARGET_seed_corpus.zip,
# whose inputs must be framed the way the rewritten targets decode their []byte argument.
go run ./fuzz/libfuzzerseeds -o "$OUT/FuzzParse_seed_corpus.zip" corpus
cp "$OUT/FuzzParse_seed_corpus.zip" "$OUT/FuzzDiff_seed_corpus.zip"
