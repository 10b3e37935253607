// A hostile reference bundle: run is stuck in a native built-in that goja cannot
// interrupt (indexOf over an array-like of 2^32 elements, minutes of work). A per-case
// worker abandons the run at the deadline plus the host's grace, and is replaced; an
// entry or campaign worker, which runs it on its own goroutine, is killed by the
// supervisor once its progress cell has stayed on the entry past both deadlines and
// their graces, and the entry is run again per case.
globalThis.A0Reference = {
  version: "hostile stuck in indexOf",
  run(source, configJSON, host) {
    Array.prototype.indexOf.call({ length: 4294967296 }, 1);
    return "{}";
  },
};
