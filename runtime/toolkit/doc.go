// Package toolkit is the hermetic tool kit of a0diff: the one implementation of A0's six
// tools (spec §4.1, §9) that both the Go evaluator and the TypeScript reference (through
// its goja host) call. Tools never touch the real host: they run over a case's Fixtures —
// an in-memory file system, a table of HTTP responses and a table of shell command
// results — and the kit (the Kit role, implemented here by Virtual) records every call in
// order, so that the calls themselves can be compared between implementations.
//
// Because both implementations share this code, its behaviour *is* A0 tool behaviour for
// a0diff. It models what the Node.js 20 host of the original A0 does on Linux, error
// texts included, and is deterministic: no clock, no randomness, no real I/O.
//
//   - Paths resolve like path.resolve against Fixtures.Cwd; the file system enforces
//     NAME_MAX and PATH_MAX and answers like fs.readFileSync, fs.mkdirSync(recursive),
//     fs.writeFileSync and fs.readdirSync (ENOENT, ENOTDIR, EISDIR, EEXIST,
//     ENAMETOOLONG, and ERR_INVALID_ARG_VALUE for NUL bytes, value shown as util.inspect
//     shows it). fs.write creates the parent directories before it checks its data, as
//     the Node host does.
//   - http.get follows fetch: the URL is parsed with the WHATWG algorithm (url.go; host
//     names outside ASCII approximate UTS #46), data: URLs are decoded by the kit,
//     http(s) URLs are answered from the fixtures (redirects followed), anything else
//     fails with fetch's texts.
//   - sh.exec follows child_process.execSync with dash as /bin/sh: fixture commands give
//     their recorded result, unknown ones dash's "not found" (exit 127), invalid options
//     exit code 1.
//   - Text crossing to the host is UTF-8 with lone surrogates as U+FFFD (spec §10.3);
//     bytes coming back are decoded as the WHATWG UTF-8 decoder does.
//
// testdata/tools holds the behaviour as readable scenarios; testdata/node/verify.js
// replays them against real Node.js (see testdata/README.md).
//
// Section numbers (§N) and appendices refer to doc/a0.md, the project's reference of A0.
package toolkit
