// The esbuild options of the CLI bundle, shared by the build and the benchmark (which bundles its minimal
// Ink floor the same way, so start-up is compared bundle to bundle).
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/**
 * marked-terminal imports cli-highlight, which requires the whole of highlight.js (190 grammars, ~140 ms to
 * load). Our code renderer replaces marked-terminal's (src/markdown/code-highlight.ts registers the languages
 * it highlights), so the bare `highlight.js` of that path gets the grammar-less core.
 */
const highlightCoreOnly = {
  name: "highlight-core-only",
  setup(build) {
    build.onResolve({ filter: /^highlight\.js$/ }, () => ({ path: require.resolve("highlight.js/lib/core.js") }));
  },
};

export const bundleOptions = {
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  legalComments: "none",
  // Ink imports react-devtools-core only when DEV is set; it is not installed and must stay out.
  external: ["react-devtools-core"],
  define: { "process.env.NODE_ENV": '"production"' },
  // Some bundled CommonJS dependencies call require() for Node built-ins.
  banner: {
    js: "import { createRequire as __zcCreateRequire } from 'node:module'; const require = __zcCreateRequire(import.meta.url);",
  },
  plugins: [highlightCoreOnly],
  logLevel: "warning",
};
