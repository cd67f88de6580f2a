/**
 * The environment a user's terminal has: no `CI`, `CONTINUOUS_INTEGRATION` or `CI_*` variable. Ink (is-in-ci)
 * writes nothing until exit when any is set, and supports-color turns colours off on any `CI`, even
 * `CI` set to false, so a test with one set would miss every styling bug. Shared by the test setup, the spawned panes
 * and the bench.
 */
export function isCiVariable(name: string): boolean {
  return name === "CI" || name === "CONTINUOUS_INTEGRATION" || name.startsWith("CI_");
}

/** `env` without the CI variables. */
export function withoutCi(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const clean: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) if (value !== undefined && !isCiVariable(name)) clean[name] = value;
  return clean;
}

/** `env -u …` arguments that unset every CI variable of `env` (for a command line run by tmux's shell). */
export function unsetCiArgs(env: NodeJS.ProcessEnv = process.env): string {
  const names = new Set(["CI", "CONTINUOUS_INTEGRATION", ...Object.keys(env).filter(isCiVariable)]);
  return [...names].map((name) => `-u ${name}`).join(" ");
}
