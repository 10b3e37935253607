// Table-driven tests of the reference evaluator and stdlib: whole programs run through the
// bundled reference with the in-memory tool kit (scripts/fake-host.cjs). The cases live in
// testdata/eval/*.txt (format: testdata/eval/README.md). The sources are bundled afresh
// with esbuild, exactly as `npm run bundle` does, so the tests see the current src/.

import { test } from "node:test";
import assert from "node:assert/strict";
import { buildSync } from "esbuild";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..");
const harness = require("../scripts/harness.cjs");

const dir = mkdtempSync(join(tmpdir(), "a0-eval-"));
const bundle = join(dir, "a0-reference.js");
buildSync({
  entryPoints: [join(root, "src", "index.ts")],
  bundle: true,
  format: "iife",
  target: "es2019",
  outfile: bundle,
  logLevel: "warning",
});
harness.loadReference(bundle);
rmSync(dir, { recursive: true, force: true });

const dataDir = join(here, "testdata", "eval");
for (const f of readdirSync(dataDir).filter((n) => n.endsWith(".txt")).sort()) {
  for (const c of harness.parseCases(readFileSync(join(dataDir, f), "utf8"), f)) {
    test(`${f}: ${c.name}`, () => {
      const problems = harness.checkCase(c);
      assert.ok(problems.length === 0, `${c.where} ${c.name}\n  ${problems.join("\n  ")}`);
    });
  }
}
