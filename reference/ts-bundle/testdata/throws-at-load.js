// Throws while the bundle is evaluated.
(function setup() {
  throw new Error("cannot initialise");
})();
