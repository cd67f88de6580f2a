// `npm run bench [-- --quick] [-- --only=startup,streaming,bursts,core,long,replay]`: bundles the harness
// (test/bench/) and the minimal Ink "hello" floor with the same esbuild options as the CLI (scripts/build.mjs),
// so start-up is compared bundle to bundle, then runs it. The CLI itself is built by `npm run build` first.
import { build } from "esbuild";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { bundleOptions } from "./bundle-options.mjs";

const root = new URL("..", import.meta.url).pathname;
const outdir = join(root, ".tmp", "bench");

await build({
  ...bundleOptions,
  entryPoints: { main: join(root, "test/bench/main.ts"), "ink-hello": join(root, "test/bench/ink-hello.tsx") },
  outdir,
});

const result = spawnSync(process.execPath, [join(outdir, "main.js"), ...process.argv.slice(2)], {
  stdio: "inherit",
  // No CI variable at all, as in a user's terminal (ink and supports-color read any CI, even CI=false).
  env: Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => name !== "CI" && name !== "CONTINUOUS_INTEGRATION" && !name.startsWith("CI_"),
    ),
  ),
});
process.exit(result.status ?? 1);
