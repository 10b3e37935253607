// Package doc holds the project's reference of A0, a0.md, whose section numbers are the
// ones cited as "spec §N" throughout the module (they follow the shared A0
// specification's numbering), and the test that keeps every such citation and every
// link of a0.md resolving. It has no code.
package doc
