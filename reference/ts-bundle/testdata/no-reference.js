// Evaluates fine but defines nothing.
var a0 = 1;
