// Package layers holds the test that keeps a0diff's package graph layered (DESIGN.md's
// "nevers"): every package of the module has a level, and no package imports one on a
// higher level, nor one a rule of its own forbids. It has no code; run
//
//	go test ./tools/layers
//
// after adding a package (give it its level in layers_test.go) or an import.
package layers
