import { unsetCiArgs } from "../helpers/user-env.js";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

let counter = 0;

/**
 * A private tmux server (`-L`, no user config) holding one pane of a fixed size, for measuring what a user
 * sees. The pane starts with `sleep` and each measured command is started with `respawn-pane`, so the tmux
 * server's own start-up is outside every timing and the same for the command and its baseline.
 */
export class BenchTmux {
  readonly socket = `zcp-bench-${process.pid}-${counter++}`;

  constructor(
    readonly width: number,
    readonly height: number,
    private readonly env: Record<string, string>,
  ) {
    this.tmux("new-session", "-d", "-s", "b", "-x", String(width), "-y", String(height), "sleep 100000");
    // A measured program that exits (an error) must leave its last screen for the timeout message, not end
    // the session and the server with it.
    this.tmux("set-option", "-g", "remain-on-exit", "on");
  }

  private tmux(...args: string[]): string {
    return execFileSync("tmux", ["-L", this.socket, "-f", "/dev/null", ...args], { encoding: "utf8" });
  }

  /** Replaces whatever runs in the pane with `argv` (run through `env`, so the pane's pid is the command's). */
  respawn(argv: readonly string[]): void {
    const vars = Object.entries(this.env).map(([key, value]) => `${key}=${quote(value)}`);
    this.tmux("respawn-pane", "-k", "-t", "b", `exec env ${unsetCiArgs()} ${vars.join(" ")} ${argv.map(quote).join(" ")}`);
  }

  screen(): string {
    return this.tmux("capture-pane", "-p", "-t", "b");
  }

  pid(): number {
    return Number(this.tmux("display", "-p", "-t", "b", "#{pane_pid}").trim());
  }

  type(text: string): void {
    this.tmux("send-keys", "-t", "b", "-l", text);
  }

  key(name: string): void {
    this.tmux("send-keys", "-t", "b", name);
  }

  /** Appends every byte the pane's program writes to `file` (pipe-pane -o), or stops with no file. */
  pipe(file?: string): void {
    if (file) this.tmux("pipe-pane", "-O", "-t", "b", `cat >> ${quote(file)}`);
    else this.tmux("pipe-pane", "-t", "b");
  }

  /**
   * Polls the screen every `everyMs` until `test` accepts it; returns the time (performance.now()) of the
   * capture that matched. A capture costs a few ms, so the resolution is that plus `everyMs`.
   */
  async waitFor(test: (screen: string) => boolean, timeoutMs: number, everyMs = 2): Promise<{ at: number; screen: string }> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const screen = this.screen();
      const at = performance.now();
      if (test(screen)) return { at, screen };
      if (at > deadline || screen.includes("Pane is dead")) throw new Error(`tmux: timed out after ${timeoutMs} ms; screen:\n${screen}`);
      if (everyMs > 0) await sleep(everyMs);
    }
  }

  kill(): void {
    try {
      this.tmux("kill-server");
    } catch {
      // Already gone.
    }
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function quote(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

/** CPU seconds (user + system) a process has used, from /proc (Linux); NaN elsewhere. */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime and stime are fields 14 and 15 (1-based) of the whole line, 12 and 13 after "pid (comm) ".
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** Resident memory of a process in MB, from /proc (Linux); NaN elsewhere. */
export function rssMb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}
