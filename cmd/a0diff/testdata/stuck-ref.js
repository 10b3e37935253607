// A reference that runs past the deadline on a few generated programs, chosen by a hash
// of their text, for the tests of runs past their deadline in campaign workers
// (batch_test.go): the test appends this to the embedded bundle. On a hash of 1 it loops
// in JavaScript, which the host interrupts at the deadline; on a hash of 2 it is stuck in
// a native built-in (indexOf over an array-like of 2^32 elements, minutes of work that
// goja cannot interrupt), which only the supervisor can end.
;(function () {
  var ref = globalThis.A0Reference, run = ref.run;
  function hash(s) {
    var h = 0;
    for (var i = 0; i < s.length; i++) h = (h * 31 + s.charCodeAt(i)) | 0;
    return (h >>> 0) % 40;
  }
  globalThis.A0Reference = {
    version: ref.version + "+stuck",
    limits: ref.limits,
    run: function (source, config, host) {
      switch (hash(source)) {
        case 1:
          for (;;) {}
        case 2:
          Array.prototype.indexOf.call({ length: 4294967296 }, 1);
      }
      return run(source, config, host);
    }
  };
})();
