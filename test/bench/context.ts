import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Paths and switches shared by the bench parts. */
export interface BenchContext {
  readonly root: string;
  readonly bin: string;
  readonly helloBundle: string;
  readonly self: string;
  readonly quick: boolean;
  /** A fresh HOME/XDG environment (own state, config and socket dirs) for one measured program. */
  env(): Record<string, string>;
}

export function createContext(root: string, self: string, quick: boolean): BenchContext {
  return {
    root,
    bin: join(root, "bin", "zc-pane.js"),
    helloBundle: join(root, ".tmp", "bench", "ink-hello.js"),
    self,
    quick,
    env() {
      const home = mkdtempSync(join(tmpdir(), "zc-pane-bench-"));
      // The control socket wants a private runtime dir, as a login session provides.
      mkdirSync(join(home, "run"), { mode: 0o700 });
      return { HOME: home, XDG_STATE_HOME: join(home, "state"), XDG_CONFIG_HOME: join(home, "config"), XDG_RUNTIME_DIR: join(home, "run") };
    },
  };
}
