// A hostile reference bundle: run allocates without bound (a string doubled until the
// engine or the process gives out), as the upstream bundle's replaceAll did in goja.
globalThis.A0Reference = {
  version: "hostile memory bomb",
  run(source, configJSON, host) {
    const keep = [];
    let s = "x".repeat(1 << 20);
    for (;;) {
      keep.push(s + keep.length);
    }
  },
};
