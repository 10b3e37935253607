// Allocates without end at its top level, before it defines anything.
var kept = [];
for (;;) {
  kept.push(new Array(100000).fill(1));
}
