// Bundles the CLI with esbuild. Why a bundle: importing ink, zod and execa unbundled costs ~1 s of start-up
// (design.md §6); one ESM file with split chunks loads the rarely used parts (markdown highlighter,
// demo agent) only when asked for.
import { build } from "esbuild";
import { readdirSync, statSync, existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { bundleOptions } from "./bundle-options.mjs";

const root = new URL("..", import.meta.url).pathname;
const out = join(root, "dist", "cli.js");

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

if (process.argv.includes("--if-needed") && existsSync(out)) {
  const sources = Math.max(newestMtime(join(root, "src")), statSync(join(root, "package.json")).mtimeMs);
  if (statSync(out).mtimeMs >= sources) process.exit(0);
}

// Chunk names carry content hashes: without a clean dist, every build would leave the previous chunks behind.
rmSync(join(root, "dist"), { recursive: true, force: true });

await build({
  ...bundleOptions,
  entryPoints: { cli: join(root, "src/cli/main.ts") },
  outdir: join(root, "dist"),
  sourcemap: "linked",
});
