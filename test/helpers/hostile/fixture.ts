import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { execa, type ResultPromise } from "execa";
import { CLI } from "../demo-agent.js";

/** The stdio form of the hostile peer. */
export const HOSTILE_AGENT = resolve(import.meta.dirname, "hostile-agent.mjs");

/** One action of a hostile script (see hostile-peer.mjs). */
export type HostileAction = Record<string, unknown> & { readonly do: string };

export interface HostileScript {
  readonly sessionId?: string;
  readonly stopReason?: string;
  readonly prompt: readonly HostileAction[];
}

/**
 * A scratch world for one hostile test: HOME and XDG dirs of its own, a project directory, the script and
 * the log of what the hostile peer received. `prompt()` runs the built `zc-pane prompt` in the project.
 */
export class HostileFixture {
  readonly root = mkdtempSync(join(tmpdir(), "zcp-hostile-"));
  readonly home = join(this.root, "home");
  readonly project = join(this.root, "project");
  readonly script = join(this.root, "script.json");
  readonly log = join(this.root, "received.ndjson");

  constructor(script: HostileScript = { prompt: [] }) {
    mkdirSync(this.home, { recursive: true });
    mkdirSync(this.project, { recursive: true });
    this.writeScript(script);
  }

  /** Replaces the script (for scripts that name the fixture's own paths). */
  writeScript(script: HostileScript): void {
    writeFileSync(this.script, JSON.stringify(script));
  }

  /** The environment of a zc-pane under test: its own dirs, and where the hostile agent finds its script. */
  env(extra: Record<string, string> = {}): Record<string, string> {
    const inherited = Object.fromEntries(
      Object.entries(process.env).filter(
        ([name, value]) =>
          value !== undefined && name !== "CI" && name !== "CONTINUOUS_INTEGRATION" && !name.startsWith("CI_"),
      ),
    ) as Record<string, string>;
    return {
      ...inherited,
      HOME: this.home,
      XDG_STATE_HOME: join(this.home, "state"),
      XDG_CONFIG_HOME: join(this.home, "config"),
      XDG_RUNTIME_DIR: join(this.home, "run"),
      XDG_DOWNLOAD_DIR: join(this.home, "downloads"),
      HOSTILE_SCRIPT: this.script,
      HOSTILE_LOG: this.log,
      ...extra,
    };
  }

  /** `--agent-cmd` for the stdio hostile agent. */
  get agentCommand(): string {
    return `${process.execPath} ${HOSTILE_AGENT}`;
  }

  /** Runs `zc-pane prompt ARGS…` (no terminal) in the project directory. */
  prompt(args: readonly string[], extraEnv: Record<string, string> = {}): ResultPromise<{ reject: false }> {
    return execa(process.execPath, [CLI, "prompt", ...args], {
      cwd: this.project,
      reject: false,
      stdin: "ignore",
      extendEnv: false,
      env: this.env(extraEnv),
      timeout: 60_000,
    }) as ResultPromise<{ reject: false }>;
  }

  /** Every message the hostile peer received, in order. */
  received(): Record<string, unknown>[] {
    let text: string;
    try {
      text = readFileSync(this.log, "utf8");
    } catch {
      return [];
    }
    return text
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  /** The answers the peer got to its requests with these ids (id null included), in order. */
  answers(): Record<string, unknown>[] {
    return this.received().filter((message) => message.method === undefined);
  }

  remove(): void {
    rmSync(this.root, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
}
