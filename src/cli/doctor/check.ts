/** How a check came out. `warn`: works, but something deserves attention; only `fail` makes doctor exit 1. */
export type CheckStatus = "ok" | "warn" | "fail";

/** One line of `zc-pane doctor`: what was checked, what was found, and for a warn or fail, what to do. */
export interface Check {
  /** Stable id for scripts reading `--json` (`command`, `initialize`, `auth`, …). */
  readonly id: string;
  readonly title: string;
  readonly status: CheckStatus;
  /** What was found; may span lines (an agent's stderr tail). Agent-provided text is already sanitized. */
  readonly detail: string;
  readonly fix?: string;
}

/** A check that passed. */
export const ok = (id: string, title: string, detail: string): Check => ({ id, title, status: "ok", detail });

/** A check that passed with something to look at; `fix` says what. */
export const warn = (id: string, title: string, detail: string, fix?: string): Check => ({
  id,
  title,
  status: "warn",
  detail,
  ...(fix ? { fix } : {}),
});

/** A check that failed (doctor exits 1); `fix` says what to do. */
export const fail = (id: string, title: string, detail: string, fix?: string): Check => ({
  id,
  title,
  status: "fail",
  detail,
  ...(fix ? { fix } : {}),
});
