import { withTimeout } from "../../common/timeout.js";
import { existsSync } from "node:fs";
import { execa } from "execa";
import { trackChild, untrackChild } from "../../transport/process-groups.js";
import type { ProcessTree } from "../../transport/process-tree.js";
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
  /** Ends the command and every descendant (see {@link terminateTree}); safe to call again and after an exit. */
  terminate(graceMs: number): Promise<void>;
  /** The terminal is released: stop tracking its processes and let go of what it holds. */
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
 * One command started by `terminal/create`: its own process group (tracked with its descendants, so
 * zc-pane's exit ends them),
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
    private readonly tree: ProcessTree,
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
    const tree = trackChild(pid);
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
    return new TerminalProcess(pid, tree, output, exited);
  }

  /** The exit status once the process has exited, else `undefined`. */
  get exitStatus(): TerminalExit | undefined {
    return this.status;
  }

  /**
   * Ends the command and everything it started (setsid descendants included): see {@link terminateTree}.
   * Safe to call again, and after a natural exit.
   */
  async terminate(graceMs: number): Promise<void> {
    await terminateTree(this.tree, this.exited, this.status !== undefined, graceMs);
  }

  /** Stops tracking the processes for zc-pane's exit handler; call once they have been terminated. */
  forget(): void {
    untrackChild(this.pid);
  }
}

/**
 * Ends a command and its descendants: SIGTERM to its group and every process it started (unless it already
 * exited), then SIGKILL after `graceMs` or as soon as the leader is gone, so descendants that ignore SIGTERM,
 * were left in the background, or left the group with setsid die too. Resolves when `exited` does, or after
 * a second grace period if even SIGKILL did not take.
 */
export async function terminateTree(
  tree: ProcessTree,
  exited: Promise<unknown>,
  alreadyExited: boolean,
  graceMs: number,
): Promise<void> {
  if (!alreadyExited) {
    tree.signal("SIGTERM");
    await withTimeout(exited, graceMs);
  }
  tree.signal("SIGKILL");
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
