import { formatBytes } from "../common/format.js";
import { execa } from "execa";
import { createLogger } from "../log/logger.js";
import { LineSplitter, MAX_LINE_BYTES } from "./line-splitter.js";
import { BaseTransport, TransportClosedError, type TransportClose } from "./transport.js";
import { trackChild, untrackChild } from "./process-groups.js";
import type { ProcessTree } from "./process-tree.js";
import type { AgentCommand } from "./agent-command.js";

const log = createLogger("transport.stdio");

/** How much of the agent's stderr is kept for error reports (the whole stream goes to the log). */
const STDERR_TAIL_BYTES = 4096;
/** After SIGTERM, how long an agent gets to exit before SIGKILL. */
const KILL_GRACE_MS = 1500;

export interface StdioTransportOptions {
  readonly maxLineBytes?: number;
}

/**
 * NDJSON over a child's stdin/stdout (ACP's stdio transport). The child runs in its own process group so
 * that closing the transport, or zc-pane exiting (SIGHUP when tmux closes the pane), ends the agent and
 * everything it started.
 */
export class StdioTransport extends BaseTransport {
  private readonly child: ReturnType<typeof spawnAgent>;
  private stderrTail = "";
  private closingByUs = false;
  private readonly exited: Promise<void>;
  /** The agent and what it started, ended together (see process-tree.ts). */
  private readonly tree: ProcessTree | undefined;

  constructor(
    readonly agent: AgentCommand,
    options: StdioTransportOptions = {},
  ) {
    super();
    this.child = spawnAgent(agent);
    const pid = this.child.pid;
    this.tree = pid !== undefined ? trackChild(pid) : undefined;
    log.info(`spawned ${agent.command} ${agent.args.join(" ")}`, { pid });

    const splitter = new LineSplitter(
      (line) => this.receiveText(line, "the agent wrote a line"),
      (bytes, head) => {
        const message = `the agent sent a message of ${bytes} bytes, over the ${formatBytes(options.maxLineBytes ?? MAX_LINE_BYTES)} limit; it was skipped`;
        log.warn(message);
        this.problems.emit({ kind: "oversized-message", message, head });
      },
      options.maxLineBytes,
    );
    this.child.stdout.on("data", (chunk: Buffer) => splitter.push(chunk));
    this.child.stdout.on("end", () => splitter.end());
    this.child.stderr.on("data", (chunk: Buffer) => this.receiveStderr(chunk));
    // EPIPE when the agent dies while we write: reported through the exit, not as a crash.
    this.child.stdin.on("error", (error) => log.warn("agent stdin error", error));

    this.exited = this.child.then((result) => {
      if (pid !== undefined) untrackChild(pid);
      const spawnFailed = result.failed && result.exitCode === undefined && result.signal === undefined;
      const signal = result.signal ?? null;
      const exitCode = result.exitCode ?? null;
      const info: TransportClose = spawnFailed
        ? {
            reason: "spawn-failed",
            message: describeSpawnFailure(agent, result.originalMessage ?? result.shortMessage ?? ""),
          }
        : {
            reason: this.closingByUs ? "closed-by-us" : "exited",
            message: this.closingByUs
              ? "closed"
              : `the agent exited${exitCode !== null ? ` with code ${exitCode}` : ""}${signal ? ` (signal ${signal})` : ""}`,
            exitCode,
            signal,
            stderrTail: this.stderrTail.trimEnd(),
          };
      this.finish(info);
    });
  }

  /** The last few KiB the agent wrote to stderr, for error messages (initialize timeout, death). */
  get stderr(): string {
    return this.stderrTail;
  }

  send(message: object): void {
    if (this.closeInfo) throw new TransportClosedError(this.closeInfo);
    this.child.stdin.write(`${JSON.stringify(message)}\n`);
  }

  async close(): Promise<void> {
    if (this.closeInfo) return;
    this.closingByUs = true;
    this.child.stdin.end();
    const tree = this.tree;
    if (tree) {
      tree.signal("SIGTERM");
      const timer = setTimeout(() => tree.signal("SIGKILL"), KILL_GRACE_MS);
      await this.exited;
      clearTimeout(timer);
    } else {
      await this.exited;
    }
  }

  private receiveStderr(chunk: Buffer): void {
    const text = chunk.toString("utf8");
    log.info("agent stderr", { text });
    this.stderrTail = (this.stderrTail + text).slice(-STDERR_TAIL_BYTES);
  }

  private finish(info: TransportClose): void {
    if (this.recordClose(info)) log.info("transport closed", info);
  }
}

function spawnAgent(agent: AgentCommand) {
  return execa(agent.command, [...agent.args], {
    cwd: agent.cwd,
    env: agent.env ? { ...process.env, ...agent.env } : process.env,
    extendEnv: false,
    stdin: "pipe",
    stdout: "pipe",
    stderr: "pipe",
    detached: true,
    buffer: false,
    reject: false,
    encoding: "buffer",
    // We end the whole process group ourselves (process-groups.ts); execa's cleanup only kills the child.
    cleanup: false,
  });
}

function describeSpawnFailure(agent: AgentCommand, detail: string): string {
  if (/ENOENT/.test(detail)) return `cannot start the agent: \`${agent.command}\` was not found on PATH`;
  if (/EACCES/.test(detail)) return `cannot start the agent: \`${agent.command}\` is not executable`;
  return `cannot start the agent \`${agent.command}\`: ${detail}`;
}
