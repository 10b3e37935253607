// A reference with two planted defects, for the tests that compare campaign workers with
// the per-case workers (batch_test.go): the test appends this to the embedded bundle, so
// that a generated campaign diverges on the programs that call an http tool or assert.
;(function () {
  var ref = globalThis.A0Reference, run = ref.run;
  globalThis.A0Reference = {
    version: ref.version + "+planted-defects",
    limits: ref.limits,
    run: function (source, config, host) {
      // The wrapper edits the Outcome text: the inner run gets a host without the
      // optional host.outcome, so that it returns its text.
      var out = run(source, config, { tools: host.tools, validate: host.validate, call: host.call });
      if (source.indexOf("http.") < 0 && source.indexOf("assert") < 0) return out;
      var o = JSON.parse(out);
      o.exitCode = source.indexOf("http.") >= 0 ? 6 : 7;
      return JSON.stringify(o);
    }
  };
})();
