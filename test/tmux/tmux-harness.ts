import { withoutCi } from "../helpers/user-env.js";
import { execFileSync, spawnSync, type ExecFileSyncOptions } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { CLI } from "../helpers/demo-agent.js";

/** The plugin under test. */
export const PLUGIN = resolve(import.meta.dirname, "../../tmux/zc-pane.tmux");

let counter = 0;

/** One pane as `list-panes` describes it. */
export interface PaneInfo {
  readonly id: string;
  readonly active: boolean;
  readonly marked: boolean;
  readonly path: string;
  readonly startCommand: string;
  readonly width: number;
  readonly left: number;
  readonly state: string;
}

/**
 * A private tmux server (`-L`, `-f /dev/null`) for the plugin's end-to-end tests, with everything a user's
 * machine would have: `zc-pane` on PATH (a wrapper around the built CLI), a HOME and XDG dirs of its own, a
 * project directory the first pane starts in. Key bindings only run for a real client, so
 * {@link attachClient} attaches one from inside a second private server: keys typed into that outer pane
 * reach the inner client exactly as a user's keyboard would. Every wait is bounded; {@link kill} ends both
 * servers and removes the files.
 */
export class TmuxHarness {
  readonly socket = `zcp-plugin-${process.pid}-${counter++}`;
  readonly outerSocket = `${this.socket}-outer`;
  readonly root = mkdtempSync(join(tmpdir(), "zcp-tmux-"));
  readonly home = join(this.root, "home");
  readonly project = join(this.root, "project");
  readonly bin = join(this.root, "bin");
  readonly env: NodeJS.ProcessEnv;

  constructor(
    readonly width = 100,
    readonly height = 30,
  ) {
    for (const dir of [this.home, this.project, this.bin, join(this.home, "run")])
      mkdirSync(dir, { recursive: true, mode: 0o700 });
    const wrapper = join(this.bin, "zc-pane");
    writeFileSync(wrapper, `#!/bin/sh\nexec ${shellQuote(process.execPath)} ${shellQuote(CLI)} "$@"\n`);
    chmodSync(wrapper, 0o755);
    const {
      TMUX: _tmux,
      TMUX_PANE: _pane,
      ZELLIJ: _zellij,
      ZELLIJ_SESSION_NAME: _session,
      ZELLIJ_PANE_ID: _id,
      ...inherited
    } = process.env;
    this.env = {
      ...withoutCi(inherited),
      HOME: this.home,
      PATH: `${this.bin}:${process.env.PATH ?? "/usr/bin:/bin"}`,
      XDG_STATE_HOME: join(this.home, "state"),
      XDG_CONFIG_HOME: join(this.home, "config"),
      XDG_RUNTIME_DIR: join(this.home, "run"),
      PS1: "$ ",
      ENV: "",
    };
  }

  /** Runs a tmux command on the inner server and returns its output. */
  tmux(...args: string[]): string {
    return execFileSync("tmux", ["-L", this.socket, "-f", "/dev/null", ...args], this.execOptions());
  }

  /** Like {@link tmux}, on the outer server (the one hosting the attached client). */
  outer(...args: string[]): string {
    return execFileSync("tmux", ["-L", this.outerSocket, "-f", "/dev/null", ...args], this.execOptions());
  }

  private execOptions(): ExecFileSyncOptions & { encoding: "utf8" } {
    return { encoding: "utf8", env: this.env, timeout: 10_000, stdio: ["ignore", "pipe", "pipe"] };
  }

  /** Starts the server with one session `main` running `sh` in the project dir. */
  start(): void {
    this.tmux(
      "new-session",
      "-d",
      "-s",
      "main",
      "-x",
      String(this.width),
      "-y",
      String(this.height),
      "-c",
      this.project,
      "sh",
    );
  }

  /** Sets global options, then loads the plugin the way a `run-shell` line in ~/.tmux.conf does. */
  loadPlugin(options: Record<string, string> = {}): void {
    for (const [name, value] of Object.entries(options)) this.tmux("set-option", "-g", name, value);
    this.tmux("run-shell", PLUGIN);
  }

  /** Attaches a client to `main`, from a pane of the outer server, and waits until tmux lists it. */
  async attachClient(): Promise<void> {
    this.outer(
      "new-session",
      "-d",
      "-s",
      "outer",
      "-x",
      String(this.width),
      "-y",
      String(this.height),
      `env -u TMUX tmux -L ${this.socket} -f /dev/null attach-session -t main`,
    );
    await this.waitUntil(() => this.tmux("list-clients", "-F", "#{client_name}").trim() !== "", "a client attached");
  }

  /** Types keys on the attached client's keyboard (`press("C-b", "a")` is prefix+a). */
  press(...keys: string[]): void {
    this.outer("send-keys", "-t", "outer", ...keys);
  }

  /** Panes of a window (default: the current window of `main`). */
  panes(target = "main:"): PaneInfo[] {
    const format =
      "#{pane_id}\t#{pane_active}\t#{@zc-pane}\t#{pane_current_path}\t#{pane_start_command}\t#{pane_width}\t#{pane_left}\t#{@zc-pane-state}";
    return this.tmux("list-panes", "-t", target, "-F", format)
      .trim()
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => {
        const [id = "", active, marked, path = "", startCommand = "", width, left, state = ""] = line.split("\t");
        return {
          id,
          active: active === "1",
          marked: marked === "1",
          path,
          startCommand,
          width: Number(width),
          left: Number(left),
          state,
        };
      });
  }

  /** The marked zc-pane pane of `main`'s current window, if any. */
  agentPane(target = "main:"): PaneInfo | undefined {
    return this.panes(target).find((pane) => pane.marked);
  }

  /** The visible text of a pane (`history` adds the scrollback, as copy-mode search sees it). */
  capture(pane: string, options: { history?: boolean } = {}): string {
    return this.tmux("capture-pane", "-p", "-J", "-t", pane, ...(options.history ? ["-S", "-"] : []));
  }

  /** A pane option (`-p`) or window option (`-w`) value; "" when unset. */
  option(scope: "-p" | "-w", target: string, name: string): string {
    return this.tmux("show-options", scope, "-q", "-v", "-t", target, name).trim();
  }

  /** Polls `check` every 50 ms until it returns something truthy; throws `what` after `timeoutMs`. */
  async waitUntil<T>(check: () => T | undefined | false | null | "", what: string, timeoutMs = 15_000): Promise<T> {
    const started = Date.now();
    let lastError: unknown;
    for (;;) {
      try {
        const value = check();
        if (value) return value;
      } catch (error) {
        lastError = error;
      }
      if (Date.now() - started > timeoutMs)
        throw new Error(
          `timed out after ${timeoutMs} ms waiting for ${what}${lastError ? ` (last error: ${String(lastError)})` : ""}`,
        );
      await new Promise((resolvePromise) => setTimeout(resolvePromise, 50));
    }
  }

  /** Waits until the pane shows `pattern`; returns the screen. */
  async waitForText(pane: string, pattern: RegExp | string, timeoutMs = 15_000, history = false): Promise<string> {
    let last = "";
    try {
      return await this.waitUntil(
        () => {
          last = this.capture(pane, { history });
          return (typeof pattern === "string" ? last.includes(pattern) : pattern.test(last)) && last;
        },
        `${String(pattern)} in ${pane}`,
        timeoutMs,
      );
    } catch (error) {
      throw new Error(`${(error as Error).message}; screen:\n${last}`, { cause: error });
    }
  }

  /**
   * Types `text` into zc-pane in `pane` and sends it. Enter goes only once the input holds the text: sent
   * right after it, a busy pane (the turn before still ending, a loaded machine) reads both at once, and a
   * line break in what arrives at once is pasted text, not a submit, so the prompt never went out.
   */
  async submit(pane: string, text: string): Promise<void> {
    this.tmux("send-keys", "-t", pane, "-l", text);
    const typed = text.replace(/\s+/g, "");
    await this.waitUntil(() => inputText(this.capture(pane)) === typed, `the input holding ${text}`);
    this.tmux("send-keys", "-t", pane, "Enter");
  }

  /** Runs the built CLI with the harness's environment, in the project dir (as a pane of this server would). */
  cli(
    args: string[],
    options: { input?: string; env?: NodeJS.ProcessEnv } = {},
  ): { status: number; stdout: string; stderr: string } {
    const result = spawnSync(process.execPath, [CLI, ...args], {
      cwd: this.project,
      encoding: "utf8",
      env: { ...this.env, ...options.env },
      input: options.input ?? "",
      timeout: 20_000,
    });
    return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
  }

  /** `$TMUX` as a pane of the inner server has it (socket path, server pid, session). */
  tmuxVar(): string {
    const [path, pid] = this.tmux("display-message", "-p", "#{socket_path}\t#{pid}").trim().split("\t");
    return `${path},${pid},0`;
  }

  /** Kills both servers and removes the temporary files, the servers' socket files included. */
  kill(): void {
    for (const socket of [this.outerSocket, this.socket]) {
      try {
        execFileSync("tmux", ["-L", socket, "kill-server"], { stdio: "ignore", timeout: 5000 });
      } catch {
        // Not started, or already gone.
      }
      // tmux leaves its socket file behind; a test run would leave hundreds.
      rmSync(join(process.env.TMUX_TMPDIR || "/tmp", `tmux-${process.getuid?.() ?? 0}`, socket), { force: true });
    }
    // The panes' processes end on the server's SIGHUP and may still be writing their state files.
    try {
      rmSync(this.root, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    } catch {
      // A temporary directory left behind is not worth failing a test for.
    }
  }
}

/** zc-pane's input as typed: its `> ` row and the rows that continue it, without the markers and spaces. */
function inputText(screen: string): string {
  const lines = screen.split("\n");
  const first = lines.findLastIndex((line) => line.startsWith("> "));
  if (first < 0) return "";
  const rows = [lines[first]!];
  for (const line of lines.slice(first + 1)) {
    if (!line.startsWith("  ")) break;
    rows.push(line);
  }
  return rows.map((row) => row.slice(2).replace(/\s+/g, "")).join("");
}

/** Quotes a word for a POSIX shell. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}
