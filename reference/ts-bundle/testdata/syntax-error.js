// A bundle with a syntax error on line 3.
globalThis.A0Reference = {
  run: function (source, configJSON, host) { return ; ) },
};
