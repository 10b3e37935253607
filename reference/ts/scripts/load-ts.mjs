// loadTs bundles a few exports of the reference's TypeScript source with esbuild into a
// temporary ES module and imports it, so that node tests exercise the source itself,
// not the committed bundle. (Used by test/*.test.mjs.)

import { buildSync } from "esbuild";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

export async function loadTs(exportsText, name) {
  const dir = mkdtempSync(join(tmpdir(), `a0-${name}-`));
  const out = join(dir, `${name}.mjs`);
  buildSync({
    stdin: { contents: exportsText, resolveDir: root, loader: "ts" },
    bundle: true,
    format: "esm",
    target: "es2019",
    outfile: out,
    logLevel: "warning",
  });
  try {
    return await import(pathToFileURL(out).href);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
