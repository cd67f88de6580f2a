/**
 * Agent commands in real tmux windows (`@zc-pane-terminals window`) or panes beside the agent (`pane`): the
 * user watches them, scrolls them and types into them (a REPL, a password prompt), while the agent still
 * gets `terminal/output`, `wait_for_exit`, `kill` and `release` as with a hidden terminal.
 *
 * Each command runs from a script written into a private directory (0700, files 0600): the requested
 * environment (exactly the one a hidden terminal gets, cleared with `env -i` first), the working directory,
 * and the command with its output teed to a file, so what the agent reads never depends on tmux's history
 * limit. Nothing the agent sent reaches tmux as an argument it would expand: the script's path is ours, and
 * the window name has every `#` doubled.
 */
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readSync,
  closeSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { constants } from "node:os";
import { join } from "node:path";
import {
  commandLine,
  terminateTree,
  TerminalProcess,
  type RunningTerminal,
  type TerminalSpec,
  type TerminalStarter,
} from "../client/capabilities/terminal-process.js";
import { OutputBuffer } from "../client/capabilities/output-buffer.js";
import type { TerminalExit } from "../client/events.js";
import { runtimeDir } from "../config/paths.js";
import { createLogger } from "../log/logger.js";
import { sanitizeLine } from "../markdown/sanitize.js";
import { trackChild, untrackChild } from "../transport/process-groups.js";
import type { ProcessTree } from "../transport/process-tree.js";
import { ensurePrivateDir } from "./private-dir.js";
import type { TmuxRunner } from "./tmux-command.js";

const log = createLogger("control.tmux-terminal");

/** The tmux option that chooses where agent commands run: `off` (hidden), `window` or `pane`. */
export const TERMINALS_OPTION = "@zc-pane-terminals";
/** The pane option marking a terminal's pane, with the mode it was opened in. */
const TERMINAL_MARK_OPTION = "@zc-pane-terminal";

/** How often the output file and the exit are looked at: the hidden terminals' event pace. */
const POLL_MS = 100;
/** After the command exited, how long background children may keep its output open (as hidden ones). */
const DRAIN_MS = 200;

/** Quotes a word for a POSIX shell. */
function shellWord(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** Text for a tmux argument that tmux expands as a format (a window name): every `#` doubled. */
export function tmuxLiteral(text: string): string {
  return text.replace(/#/g, "##");
}

/** The window's name: the command line, sanitized and short. */
export function windowName(spec: Pick<TerminalSpec, "command" | "args">): string {
  const line = sanitizeLine([spec.command, ...spec.args].join(" ")).trim();
  return line.length > 40 ? `${line.slice(0, 39)}…` : line || "command";
}

/**
 * The script a terminal runs: the env, the cwd, the command teed to `output` with its status written to
 * `status.tmp` when it exits and renamed to `status` once tee has written everything. Then it waits to be
 * ended: the pane stays until the agent releases the terminal, whatever tmux's remain-on-exit says.
 */
export function terminalScript(spec: TerminalSpec, dir: string): string {
  const [file, args] = commandLine(spec.command, spec.args);
  const exports = Object.entries(spec.env)
    .filter(([name]) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(name))
    .map(([name, value]) => `export ${name}=${shellWord(value)}`);
  const at = (name: string) => shellWord(join(dir, name));
  return [
    ...exports,
    `cd -- ${shellWord(spec.cwd)} || echo 127 > ${at("status.tmp")}`,
    // `$?` of the pipeline would be tee's: the command's status is written inside it.
    `[ -e ${at("status.tmp")} ] || { ${[file, ...args].map(shellWord).join(" ")}; echo $? > ${at("status.tmp")}; } 2>&1 | tee ${at("output")}`,
    `mv ${at("status.tmp")} ${at("status")}`,
    "exec sleep 2147483647",
    "",
  ].join("\n");
}

/** A shell's exit status as ACP's `{exitCode, signal}`: above 128 is death by signal 128+N. */
export function exitFromStatus(status: number): TerminalExit {
  if (status <= 128) return { exitCode: status, signal: null };
  const name = Object.entries(constants.signals).find(([, number]) => number === status - 128)?.[0];
  return name ? { exitCode: null, signal: name } : { exitCode: status, signal: null };
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** One command in a tmux window or pane. */
class TmuxTerminal implements RunningTerminal {
  readonly output: OutputBuffer;
  readonly exited: Promise<TerminalExit>;
  private status: TerminalExit | undefined;
  private offset = 0;
  private lastSignal: NodeJS.Signals | undefined;
  private readonly timer: NodeJS.Timeout;

  constructor(
    readonly pid: number,
    private readonly tree: ProcessTree,
    private readonly paneId: string,
    private readonly dir: string,
    private readonly tmux: TmuxRunner,
    outputByteLimit: number,
    private readonly onOutput: (text: string) => void,
  ) {
    this.output = new OutputBuffer(outputByteLimit);
    let resolveExit!: (status: TerminalExit) => void;
    this.exited = new Promise((resolve) => (resolveExit = resolve));
    let exitSeenAt: number | undefined;
    this.timer = setInterval(() => {
      this.readOutput();
      let code = this.readStatus("status");
      if (code === undefined) {
        // The command exited but something it left in the background still holds the output open.
        const early = this.readStatus("status.tmp");
        if (early !== undefined) exitSeenAt ??= Date.now();
        if (early !== undefined && Date.now() - exitSeenAt! >= DRAIN_MS) code = early;
      }
      // Without a status, the command is still running, unless its group is gone (killed, pane closed).
      if (code === undefined && groupAlive(pid)) return;
      clearInterval(this.timer);
      this.readOutput();
      this.emit(this.output.end());
      this.status = code !== undefined ? exitFromStatus(code) : { exitCode: null, signal: this.lastSignal ?? "SIGHUP" };
      resolveExit(this.status);
    }, POLL_MS);
  }

  get exitStatus(): TerminalExit | undefined {
    return this.status;
  }

  async terminate(graceMs: number): Promise<void> {
    this.lastSignal = this.status ? this.lastSignal : "SIGTERM";
    await terminateTree(this.tree, this.exited, this.status !== undefined, graceMs);
  }

  /**
   * Released: the window (or pane) closes, unless the user went there (it is the current or the previous
   * window of its session, or, for a pane, the active or previous pane): then it stays, named `done: …`.
   */
  forget(): void {
    clearInterval(this.timer);
    untrackChild(this.pid);
    rmSync(this.dir, { recursive: true, force: true });
    void this.close().catch((error: unknown) => log.debug("could not close the terminal's tmux pane", error));
  }

  private async close(): Promise<void> {
    const [mode, windowVisited, paneVisited, panes = ""] = (
      await this.tmux([
        "display-message",
        "-p",
        "-t",
        this.paneId,
        `#{${TERMINAL_MARK_OPTION}} #{?#{||:#{window_active},#{window_last_flag}},1,0} #{?#{||:#{pane_active},#{pane_last}},1,0} #{window_panes}`,
      ])
    )
      .trim()
      .split(" ");
    const window = mode === "window";
    if ((window ? windowVisited : paneVisited) === "1") {
      if (window) {
        const name = (await this.tmux(["display-message", "-p", "-t", this.paneId, "#{window_name}"])).trim();
        await this.tmux(["rename-window", "-t", this.paneId, tmuxLiteral(`done: ${name}`)]);
      }
      return;
    }
    await this.tmux([window && panes === "1" ? "kill-window" : "kill-pane", "-t", this.paneId]);
  }

  private readOutput(): void {
    const path = join(this.dir, "output");
    let fd: number;
    try {
      fd = openSync(path, "r");
    } catch {
      return;
    }
    try {
      const chunk = Buffer.alloc(64 * 1024);
      for (;;) {
        const read = readSync(fd, chunk, 0, chunk.length, this.offset);
        if (read === 0) break;
        this.offset += read;
        this.emit(this.output.push("stdout", chunk.subarray(0, read)));
      }
    } finally {
      closeSync(fd);
    }
  }

  private readStatus(name: "status" | "status.tmp"): number | undefined {
    const path = join(this.dir, name);
    if (!existsSync(path)) return undefined;
    const text = readFileSync(path, "utf8");
    return /^\d+\n$/.test(text) ? Number(text.trim()) : undefined;
  }

  private emit(text: string): void {
    if (text !== "") this.onOutput(text);
  }
}

/** What {@link tmuxTerminalStarter} needs: the agent pane, tmux, and where private files go. */
export interface TmuxTerminalOptions {
  /** The agent pane (`%3`): windows open in its session, panes split it. */
  readonly paneId: string;
  readonly tmux: TmuxRunner;
  readonly env?: NodeJS.ProcessEnv;
}

/**
 * Starts each command where `@zc-pane-terminals` says, read at every `terminal/create` so `tmux set -g`
 * applies at once: `window` (a new window after the agent's, not selected), `pane` (a split below the agent
 * pane, not focused), anything else a hidden process.
 */
export function tmuxTerminalStarter(options: TmuxTerminalOptions): TerminalStarter {
  return async (spec, onOutput) => {
    let mode: string;
    try {
      mode = (await options.tmux(["show-option", "-gqv", TERMINALS_OPTION])).trim();
    } catch (error) {
      log.warn("could not read @zc-pane-terminals; running the command hidden", error);
      mode = "off";
    }
    if (mode !== "window" && mode !== "pane") return TerminalProcess.start(spec, onOutput);

    const base = join(runtimeDir(options.env ?? process.env), "terminals");
    ensurePrivateDir(base);
    const dir = mkdtempSync(join(base, "t-"));
    chmodSync(dir, 0o700);
    const script = join(dir, "run.sh");
    writeFileSync(join(dir, "output"), "", { mode: 0o600 });
    writeFileSync(script, terminalScript(spec, dir), { mode: 0o600 });
    // new-window takes a window, not a pane: the agent pane's window id (`@N`).
    const agentWindow =
      mode === "window"
        ? (await options.tmux(["display-message", "-p", "-t", options.paneId, "#{window_id}"])).trim()
        : "";
    const where =
      mode === "window"
        ? ["new-window", "-d", "-a", "-t", agentWindow, "-n", tmuxLiteral(windowName(spec))]
        : ["split-window", "-d", "-v", "-t", options.paneId];
    let created: string;
    try {
      created = await options.tmux([...where, "-P", "-F", "#{pane_id} #{pane_pid}", "env", "-i", "/bin/sh", script]);
    } catch (error) {
      rmSync(dir, { recursive: true, force: true });
      throw error;
    }
    const [paneId, pidText] = created.trim().split(" ");
    const pid = Number(pidText);
    if (!paneId || !Number.isInteger(pid)) {
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`tmux did not say which pane it opened (${created.trim()})`);
    }
    const tree = trackChild(pid);
    // The dead pane stays after the group is ended at release, for close() to keep or remove; the script
    // never ends by itself, so this cannot come too late.
    await options.tmux([
      "set-option",
      "-p",
      "-t",
      paneId,
      "remain-on-exit",
      "on",
      ";",
      "set-option",
      "-p",
      "-t",
      paneId,
      TERMINAL_MARK_OPTION,
      mode,
    ]);
    log.info("terminal in tmux", { paneId, pid, mode });
    return new TmuxTerminal(pid, tree, paneId, dir, options.tmux, spec.outputByteLimit, onOutput);
  };
}
