import { stat } from "node:fs/promises";
import { createLogger } from "../../log/logger.js";
import {
  parseCreateTerminalParams,
  parseTerminalRefParams,
  type CreateTerminalResult,
  type KillTerminalResult,
  type ReleaseTerminalResult,
  type TerminalOutputResult,
  type WaitForTerminalExitResult,
} from "../../protocol/client-methods.js";
import { ERROR_CODES, RpcHandlerError } from "../../rpc/errors.js";
import type { CapabilityHost } from "./host.js";
import { invalidParams, ioFailure, unknownSession, unknownTerminal } from "./refusals.js";
import { resolveInsideRoots } from "./roots.js";
import { TerminalProcess, type RunningTerminal, type TerminalStarter } from "./terminal-process.js";
import { errorMessage } from "../../common/error-message.js";

const log = createLogger("client.terminals");

/** Output kept when the agent sets no `outputByteLimit`; the agent's own limit is clamped to the max. */
export const DEFAULT_OUTPUT_BYTE_LIMIT = 1024 * 1024;
export const MAX_OUTPUT_BYTE_LIMIT = 16 * 1024 * 1024;
/** The pane shows live output in a tool row; ten updates a second per terminal is smooth and cheap. */
const OUTPUT_EVENT_INTERVAL_MS = 100;
/**
 * A flood between two events is cut to its tail (what goes is counted): as much as the pane keeps of one
 * command (TERMINAL_KEEP_CHARS in src/state/terminals.ts), so a cut here loses only what the pane would
 * have dropped anyway, and up to ~20 MiB a second reaches it whole.
 */
const MAX_EVENT_CHUNK_CHARS = 2 * 1024 * 1024;
const KILL_GRACE_MS = 1500;

/** Tunables of {@link Terminals}; the defaults suit the pane, tests shorten them. */
export interface TerminalsOptions {
  readonly defaultOutputByteLimit?: number;
  readonly killGraceMs?: number;
  readonly outputEventIntervalMs?: number;
  /** Variables and values no command may inherit. */
  readonly secrets?: { readonly names: readonly string[]; readonly values: readonly string[] };
  /** Where commands run: hidden processes by default; the pane passes tmux windows when asked to. */
  readonly start?: TerminalStarter;
}

interface Terminal {
  readonly id: string;
  readonly sessionId: string;
  readonly child: RunningTerminal;
  pending: string;
  /** Bytes cut from `pending` since the last event (a flood). */
  droppedBytes: number;
  timer: NodeJS.Timeout | undefined;
  lastEventAt: number;
}

/**
 * The `terminal/*` methods: commands the agent runs on this machine, each in its own process group, in the
 * session's cwd or another directory inside its roots. A terminal lives until `terminal/release`, until its
 * session is closed, or until the client is disposed; each of those kills whatever still runs in its group.
 * Live output and the exit are emitted as events so the pane can show them in the tool row that embeds
 * `{type:"terminal", terminalId}`.
 */
export class Terminals {
  private readonly terminals = new Map<string, Terminal>();
  private nextId = 1;
  private closed = false;
  private readonly killGraceMs: number;
  private readonly intervalMs: number;

  constructor(
    private readonly host: CapabilityHost,
    private readonly options: TerminalsOptions = {},
  ) {
    this.killGraceMs = options.killGraceMs ?? KILL_GRACE_MS;
    this.intervalMs = options.outputEventIntervalMs ?? OUTPUT_EVENT_INTERVAL_MS;
  }

  /** Handles `terminal/create`. */
  async create(raw: unknown): Promise<CreateTerminalResult> {
    const parsed = parseCreateTerminalParams(raw);
    if (!parsed.ok) throw invalidParams(parsed.error);
    const { sessionId, command, args = [], env = [], cwd, outputByteLimit } = parsed.value;
    const roots = this.host.sessionRoots(sessionId);
    if (!roots || roots.length === 0) throw unknownSession(sessionId);
    if (this.closed)
      throw new RpcHandlerError(ERROR_CODES.internalError, "Internal error: the client is shutting down");
    if (command.trim() === "") throw invalidParams("command is empty");
    const directory = await this.workingDirectory(cwd ?? roots[0]!, roots);
    const limit = Math.min(
      outputByteLimit ?? this.options.defaultOutputByteLimit ?? DEFAULT_OUTPUT_BYTE_LIMIT,
      MAX_OUTPUT_BYTE_LIMIT,
    );
    const id = `term-${this.nextId++}`;
    let terminal: Terminal | undefined;
    const early: string[] = [];
    let child: RunningTerminal;
    const start = this.options.start ?? TerminalProcess.start;
    try {
      child = await start(
        { command, args, cwd: directory, env: commandEnv(env, this.options.secrets), outputByteLimit: limit },
        (text) => {
          if (terminal) this.receiveOutput(terminal, text);
          else early.push(text);
        },
      );
    } catch (error) {
      throw new RpcHandlerError(
        ERROR_CODES.internalError,
        `Internal error: cannot run ${command}: ${errorMessage(error)}`,
        {
          command,
        },
      );
    }
    if (this.closed || !this.host.sessionRoots(sessionId)) {
      // The session was closed (or the client disposed) while the command started: nobody would release it.
      await child.terminate(this.killGraceMs);
      child.forget();
      throw unknownSession(sessionId);
    }
    terminal = { id, sessionId, child, pending: "", droppedBytes: 0, timer: undefined, lastEventAt: 0 };
    this.terminals.set(id, terminal);
    log.info("terminal created", { id, sessionId, pid: child.pid });
    // The command line can carry credentials the agent put there; only debug logs keep it.
    log.debug("terminal command", { id, command, args, cwd: directory });
    this.host.emit({ type: "terminal-created", sessionId, terminalId: id, command, args, cwd: directory });
    if (early.length > 0) this.receiveOutput(terminal, early.join(""));
    const created = terminal;
    void child.exited.then((status) => {
      this.flush(created);
      log.info("terminal exited", { id, ...status });
      this.host.emit({ type: "terminal-exited", sessionId, terminalId: id, exitStatus: status });
    });
    return { terminalId: id };
  }

  /** Handles `terminal/output`: what is kept so far, and the exit status once there is one. */
  output(raw: unknown): TerminalOutputResult {
    const { child } = this.find(raw, "terminal/output");
    const exitStatus = child.exitStatus;
    return { output: child.output.text, truncated: child.output.truncated, ...(exitStatus ? { exitStatus } : {}) };
  }

  /** Handles `terminal/wait_for_exit`: no timeout of our own; the agent cancels with `$/cancel_request`. */
  async waitForExit(raw: unknown, signal: AbortSignal): Promise<WaitForTerminalExitResult> {
    const { child } = this.find(raw, "terminal/wait_for_exit");
    return await abortable(child.exited, signal);
  }

  /** Handles `terminal/kill`: ends the process group; the terminal and its output stay until release. */
  async kill(raw: unknown): Promise<KillTerminalResult> {
    const terminal = this.find(raw, "terminal/kill");
    await terminal.child.terminate(this.killGraceMs);
    return {};
  }

  /** Handles `terminal/release`: kills what still runs and forgets the id. */
  async release(raw: unknown): Promise<ReleaseTerminalResult> {
    const terminal = this.find(raw, "terminal/release");
    await this.free(terminal);
    return {};
  }

  /** Releases every terminal of a session (the session was closed or stopped). */
  async releaseSession(sessionId: string): Promise<void> {
    await Promise.all(
      [...this.terminals.values()]
        .filter((terminal) => terminal.sessionId === sessionId)
        .map((terminal) => this.free(terminal)),
    );
  }

  /** Releases every terminal and refuses new ones (the client or its connection is going away). */
  async releaseAll(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.terminals.values()].map((terminal) => this.free(terminal)));
  }

  private async free(terminal: Terminal): Promise<void> {
    // Forget the id first: a request that races the kill gets "unknown terminal", not a half-dead one.
    if (this.terminals.get(terminal.id) !== terminal) return;
    this.terminals.delete(terminal.id);
    await terminal.child.terminate(this.killGraceMs);
    terminal.child.forget();
    this.flush(terminal);
    log.info("terminal released", { id: terminal.id });
    this.host.emit({ type: "terminal-released", sessionId: terminal.sessionId, terminalId: terminal.id });
  }

  private find(raw: unknown, method: string): Terminal {
    const parsed = parseTerminalRefParams(raw, method);
    if (!parsed.ok) throw invalidParams(parsed.error);
    const { sessionId, terminalId } = parsed.value;
    if (!this.host.sessionRoots(sessionId)) throw unknownSession(sessionId);
    const terminal = this.terminals.get(terminalId);
    // A terminal of another session is treated as unknown: ids are not a way to reach across sessions.
    if (!terminal || terminal.sessionId !== sessionId) throw unknownTerminal(terminalId);
    return terminal;
  }

  private async workingDirectory(cwd: string, roots: readonly string[]): Promise<string> {
    const resolved = await resolveInsideRoots(cwd, roots);
    let isDirectory: boolean;
    try {
      isDirectory = resolved.exists && (await stat(resolved.real)).isDirectory();
    } catch (error) {
      throw ioFailure("use the working directory", resolved.requested, error);
    }
    if (!isDirectory)
      throw invalidParams(`cwd ${resolved.requested} is not an existing directory`, { cwd: resolved.requested });
    return resolved.real;
  }

  private receiveOutput(terminal: Terminal, text: string): void {
    terminal.pending += text;
    if (terminal.pending.length > MAX_EVENT_CHUNK_CHARS) {
      const kept = tail(terminal.pending, MAX_EVENT_CHUNK_CHARS);
      terminal.droppedBytes += Buffer.byteLength(terminal.pending.slice(0, terminal.pending.length - kept.length));
      terminal.pending = kept;
    }
    if (terminal.timer) return;
    const wait = Math.max(0, terminal.lastEventAt + this.intervalMs - Date.now());
    terminal.timer = setTimeout(() => this.flush(terminal), wait);
  }

  private flush(terminal: Terminal): void {
    if (terminal.timer) clearTimeout(terminal.timer);
    terminal.timer = undefined;
    if (terminal.pending === "") return;
    const chunk = terminal.pending;
    const droppedBytes = terminal.droppedBytes;
    terminal.pending = "";
    terminal.droppedBytes = 0;
    terminal.lastEventAt = Date.now();
    this.host.emit({
      type: "terminal-output",
      sessionId: terminal.sessionId,
      terminalId: terminal.id,
      chunk,
      droppedBytes,
    });
  }
}

/**
 * Our environment without our secrets (variables named secret, and any variable holding a secret value),
 * plus the agent's additions (theirs win: they are its own to give).
 */
function commandEnv(
  additions: readonly { readonly name: string; readonly value: string }[],
  secrets: TerminalsOptions["secrets"] = { names: [], values: [] },
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value === undefined || secrets.names.includes(name)) continue;
    if (secrets.values.some((secret) => secret !== "" && value.includes(secret))) continue;
    env[name] = value;
  }
  for (const { name, value } of additions) env[name] = value;
  return env;
}

/** The last `max` UTF-16 units of `text`, not starting on the second half of a surrogate pair. */
function tail(text: string, max: number): string {
  let start = text.length - max;
  const code = text.charCodeAt(start);
  if (code >= 0xdc00 && code <= 0xdfff) start++;
  return text.slice(start);
}

/** Rejects when `signal` aborts (the peer then answers -32800), else settles with `promise`. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new Error("cancelled"));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Error("cancelled"));
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error instanceof Error ? error : new Error(errorMessage(error)));
      },
    );
  });
}
