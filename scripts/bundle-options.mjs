// The esbuild options of the CLI bundle, shared by the build and the benchmark (which bundles its minimal
// Ink floor the same way, so start-up is compared bundle to bundle).
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
  logLevel: "warning",
};
