// Tests see what users see: no CI variable at all (not one set to false). Ink reads CI through is-in-ci when it is
// imported, which comes after this file; spawned processes inherit the cleaned environment.
import { format } from "node:util";
import { afterEach, beforeEach, vi } from "vitest";
import { unmountAll } from "./helpers/mounted.js";
import { isCiVariable } from "./helpers/user-env.js";

for (const name of Object.keys(process.env)) if (isCiVariable(name)) delete process.env[name];
process.env.FORCE_COLOR = process.env.FORCE_COLOR ?? "1";
// React warns about a state update outside act() only where this is true: the Ink tests drive the pane
// through test/helpers/ink.tsx, which wraps keys, waits and renders in act, so an update that escapes it (a
// test asserting on a frame React has not drawn yet) prints the warning and fails below.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// A console.error during a test is a bug somewhere (React's act and key warnings, an unhandled rejection a
// component logged): the test fails with what was printed, instead of passing with noise in the output.
let consoleErrors: string[] = [];
let consoleSpy: { mockRestore(): void } | undefined;
beforeEach(() => {
  consoleErrors = [];
  consoleSpy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    consoleErrors.push(format(...args));
  });
});

afterEach(() => {
  unmountAll();
  consoleSpy?.mockRestore();
  const printed = consoleErrors;
  consoleErrors = [];
  if (printed.length > 0) throw new Error(`console.error during the test:\n${printed.join("\n---\n")}`);
});
