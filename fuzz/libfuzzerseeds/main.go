// Command libfuzzerseeds writes the seed corpus of a libFuzzer build of the native fuzz
// targets FuzzParse and FuzzDiff (.clusterfuzzlite/build.sh): a zip with one input per
// corpus entry found under the given paths.
//
//	go run ./fuzz/libfuzzerseeds -o OUT.zip PATH...
//
// libFuzzer passes each input to the target as raw bytes, and go-118-fuzz-build's
// rewritten target decodes its []byte argument from them as a 4-byte big-endian length
// followed by that many bytes. A raw .a0 file would therefore lose its first four bytes
// and be cut at a length read from its text; each entry is written framed instead, so
// that the target sees exactly the file. The output must not exist; an empty entry
// (which the framing cannot carry) is an error naming it.
package main

import (
	"archive/zip"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/a0diff/a0diff/corpus"
)

func main() {
	out := flag.String("o", "", "the zip file to write (must not exist)")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: libfuzzerseeds -o OUT.zip PATH...\n\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if *out == "" || flag.NArg() == 0 {
		flag.Usage()
		os.Exit(2)
	}
	n, err := writeSeeds(*out, flag.Args())
	if err != nil {
		fmt.Fprintf(os.Stderr, "libfuzzerseeds: %v\n", err)
		os.Exit(1)
	}
	fmt.Printf("%s: %d seeds\n", *out, n)
}

// frame encodes data as go-118-fuzz-build's testing shim reads a []byte argument that
// takes the whole input: its length (big-endian uint32), then the bytes.
func frame(data []byte) []byte {
	b := make([]byte, 4, 4+len(data))
	binary.BigEndian.PutUint32(b, uint32(len(data)))
	return append(b, data...)
}

// writeSeeds writes every corpus entry under paths to a new zip at out and returns how
// many it wrote. Nothing is left at out on an error.
func writeSeeds(out string, paths []string) (n int, err error) {
	files, err := corpus.Discover(paths...)
	if err != nil {
		return 0, err
	}
	f, err := os.OpenFile(out, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return 0, err
	}
	defer func() {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			os.Remove(out)
		}
	}()
	z := zip.NewWriter(f)
	names := map[string]string{}
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			return 0, err
		}
		if len(data) == 0 {
			return 0, fmt.Errorf("%s: an empty entry cannot be framed as a seed", path)
		}
		if len(data) > 1<<31 {
			return 0, fmt.Errorf("%s: too large for a seed", path)
		}
		// A flat name from the path, so that seeds from different directories do not
		// collide (libFuzzer reads the zip's members as one directory).
		name := strings.ReplaceAll(filepath.ToSlash(filepath.Clean(path)), "/", "__")
		if prev, ok := names[name]; ok {
			return 0, fmt.Errorf("%s and %s map to the same seed name %s", prev, path, name)
		}
		names[name] = path
		w, err := z.Create(name)
		if err != nil {
			return 0, err
		}
		if _, err := w.Write(frame(data)); err != nil {
			return 0, err
		}
		n++
	}
	if err := z.Close(); err != nil {
		return 0, err
	}
	if n == 0 {
		return 0, errors.New("no corpus entries found")
	}
	return n, nil
}
