// Defines A0Reference without run.
globalThis.A0Reference = { version: "no run" };
