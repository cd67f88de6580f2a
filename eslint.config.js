// Lint: typescript-eslint's recommended rules (syntax only: TypeScript 7 does the type checking) and the
// React hooks rules, since Ink is React and a hooks mistake is a real bug here (stale input handlers, lost keys).
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist/", ".tmp/", "bench/", "node_modules/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  reactHooks.configs.flat["recommended-latest"] ?? reactHooks.configs.flat.recommended,
  {
    files: ["**/*.js", "**/*.mjs"],
    languageOptions: {
      globals: {
        process: "readonly",
        console: "readonly",
        setTimeout: "readonly",
        clearTimeout: "readonly",
        setInterval: "readonly",
        clearInterval: "readonly",
        URL: "readonly",
        Buffer: "readonly",
        structuredClone: "readonly",
      },
    },
  },
  {
    rules: {
      // `let x; … x = …` read by a closure before the assignment is intentional (handlers set up first).
      "prefer-const": ["error", { ignoreReadBeforeAssign: true }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      // A terminal client matches escape sequences and control characters on purpose (the sanitizer, tests).
      "no-control-regex": "off",
    },
  },
);
