import { withTimeout } from "../../common/timeout.js";
import { existsSync } from "node:fs";
import { execa } from "execa";
import { trackChild, untrackChild } from "../../transport/process-groups.js";
import type { TerminalExit } from "../events.js";
import { OutputBuffer } from "./output-buffer.js";

/** What `terminal/create` asked for, already checked (cwd inside the roots, env merged). */
export interface TerminalSpec {
  readonly command: string;
  readonly args: readonly string[];
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
  readonly outputByteLimit: number;
}

/**
 * A command started by `terminal/create`: hidden ({@link TerminalProcess}) or in a tmux window the user can
 * watch (`control/tmux-terminal.ts`). Either way it leads its own process group.
 */
export interface RunningTerminal {
  readonly pid: number;
  readonly output: OutputBuffer;
  /** Resolves once the command exited (and its output is all read). */
  readonly exited: Promise<TerminalExit>;
  /** The exit status once the command has exited, else `undefined`. */
  readonly exitStatus: TerminalExit | undefined;
  /** Ends the whole process group (see {@link terminateGroup}); safe to call again and after an exit. */
  terminate(graceMs: number): Promise<void>;
  /** The terminal is released: stop tracking the group and let go of what it holds. */
  forget(): void;
}

/** Starts a terminal's command; `onOutput` receives decoded text as it arrives. */
export type TerminalStarter = (spec: TerminalSpec, onOutput: (text: string) => void) => Promise<RunningTerminal>;

/**
 * After the leader exits, how long to wait for its pipes to close before calling it exited anyway. A
 * grandchild left running in the background (`server &`) keeps them open for as long as it lives.
 */
const PIPE_DRAIN_MS = 200;

// Characters that only mean something to a shell. Without them a command is a plain program name.
const SHELL_SYNTAX = /[\s|&;<>()$`\\"'*?[\]#~=%{}!]/;

/**
 * One command started by `terminal/create`: its own process group (tracked, so zc-pane's exit ends it),
 * stdin from /dev/null so nothing waits for input that cannot come, and stdout and stderr merged into one
 * {@link OutputBuffer}.
 */
export class TerminalProcess implements RunningTerminal {
  readonly output: OutputBuffer;
  /** Resolves once the process exited and its pipes closed (or {@link PIPE_DRAIN_MS} passed). */
  readonly exited: Promise<TerminalExit>;
  private status: TerminalExit | undefined;

  private constructor(
    readonly pid: number,
    output: OutputBuffer,
    exited: Promise<TerminalExit>,
  ) {
    this.output = output;
    this.exited = exited.then((status) => (this.status = status));
  }

  /**
   * Spawns the command; `onOutput` receives decoded text as it arrives. Rejects with the spawn error's
   * message when the program cannot be started (not found, not executable).
   */
  static async start(spec: TerminalSpec, onOutput: (text: string) => void): Promise<TerminalProcess> {
    const [file, args] = commandLine(spec.command, spec.args);
    const child = execa(file, args, {
      cwd: spec.cwd,
      env: spec.env,
      extendEnv: false,
      stdin: "ignore",
      stdout: "pipe",
      stderr: "pipe",
      detached: true,
      buffer: false,
      reject: false,
      encoding: "buffer",
      // We end the whole process group ourselves; execa's cleanup would only kill the leader.
      cleanup: false,
    });
    const pid = child.pid;
    if (pid === undefined) {
      const result = await child;
      throw new Error(result.originalMessage || result.shortMessage || `cannot start ${spec.command}`);
    }
    trackChild(pid);
    const output = new OutputBuffer(spec.outputByteLimit);
    const emit = (text: string) => {
      if (text !== "") onOutput(text);
    };
    child.stdout?.on("data", (chunk: Buffer) => emit(output.push("stdout", chunk)));
    child.stderr?.on("data", (chunk: Buffer) => emit(output.push("stderr", chunk)));
    const closed = new Promise<void>((resolve) => child.once("close", () => resolve()));
    void closed.then(() => emit(output.end()));
    // execa's promise settles only when the pipes close; the exit code comes from the process itself.
    void child.catch(() => undefined);
    const exited = new Promise<TerminalExit>((resolve) => {
      child.once("exit", (code, signal) => {
        const status = { exitCode: code, signal };
        void withTimeout(closed, PIPE_DRAIN_MS).then(() => resolve(status));
      });
    });
    return new TerminalProcess(pid, output, exited);
  }

  /** The exit status once the process has exited, else `undefined`. */
  get exitStatus(): TerminalExit | undefined {
    return this.status;
  }

  /**
   * Ends the whole process group: SIGTERM, then SIGKILL after `graceMs` or as soon as the leader is gone
   * (so grandchildren that ignore SIGTERM, or were left in the background, die too). Resolves when the
   * leader has exited, or after a second grace period if even SIGKILL did not take (a process stuck in the
   * kernel). Safe to call again, and after a natural exit.
   */
  async terminate(graceMs: number): Promise<void> {
    await terminateGroup(this.pid, this.exited, this.status !== undefined, graceMs);
  }

  /** Stops tracking the group for zc-pane's exit handler; call once it has been terminated. */
  forget(): void {
    untrackChild(this.pid);
  }
}

/**
 * Ends the process group led by `pid`: SIGTERM (unless it already exited), then SIGKILL after `graceMs` or
 * as soon as the leader is gone, so grandchildren that ignore SIGTERM, or were left in the background, die
 * too. Resolves when `exited` does, or after a second grace period if even SIGKILL did not take.
 */
export async function terminateGroup(
  pid: number,
  exited: Promise<unknown>,
  alreadyExited: boolean,
  graceMs: number,
): Promise<void> {
  if (!alreadyExited) {
    signalGroup(pid, "SIGTERM");
    await withTimeout(exited, graceMs);
  }
  signalGroup(pid, "SIGKILL");
  await withTimeout(exited, graceMs);
}

/**
 * ACP gives `command` and `args`. With args, the program runs directly: no shell, so nothing in them is
 * expanded. Without args, a command with shell syntax (`npm test`, `make && ./run`) is a command line:
 * Claude's adapter sends its Bash tool's whole line as `command`, and Zed, the reference client, runs
 * every command through a shell. bash when present, because that is the syntax models write.
 */
export function commandLine(command: string, args: readonly string[]): [string, string[]] {
  if (args.length > 0 || !SHELL_SYNTAX.test(command)) return [command, [...args]];
  return [existsSync("/bin/bash") ? "/bin/bash" : "/bin/sh", ["-c", command]];
}

/** Sends `signal` to the process group led by `pid`; a group that is already gone is not an error. */
function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: every member has exited.
  }
}
