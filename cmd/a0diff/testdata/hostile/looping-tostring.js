// A hostile reference bundle (issue 9, item 2): run throws an object whose toString
// never returns. In process, the host reads the exception's text outside the deadline;
// in a worker the supervisor kills the worker at the deadline plus its grace.
globalThis.A0Reference = {
  version: "hostile looping toString",
  run(source, configJSON, host) {
    throw { toString() { for (;;) {} } };
  },
};
