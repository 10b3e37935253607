// Command gj evaluates a JavaScript file in goja — the engine that hosts the A0
// reference — and prints the script's completion value, to see what goja itself does
// (V8, through node, is the authority the testdata's expectations come from):
//
//	go run ./runtime/value/testdata/gj FILE.js
//
// It lives under testdata so that `go build ./...` and `go test ./...` skip it.
package main

import (
	"fmt"
	"os"

	"github.com/dop251/goja"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: gj FILE.js")
		os.Exit(2)
	}
	src, err := os.ReadFile(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, "gj:", err)
		os.Exit(1)
	}
	v, err := goja.New().RunScript(os.Args[1], string(src))
	if err != nil {
		fmt.Fprintln(os.Stderr, "gj:", err)
		os.Exit(1)
	}
	fmt.Println(v.String())
}
