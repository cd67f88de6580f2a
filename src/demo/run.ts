import type { Readable, Writable } from "node:stream";
import { LineSplitter } from "../transport/line-splitter.js";
import type { AgentContext } from "./context.js";
import { LineWriter } from "./line-writer.js";
import { OutboundRequests } from "./outbound.js";
import { processLine } from "./server.js";
import { SessionRegistry } from "./sessions.js";
import { SessionStore } from "./store.js";

/** The settings one server instance runs with (ZeroClaw's `[acp]` section). */
export interface DemoAgentSettings {
  /** Session files and default workspaces live here. */
  readonly stateDir: string;
  /** Idle sessions are reaped after this long (stdio only); also the approval timeout. ZeroClaw's default: 3600. */
  readonly sessionTimeoutSecs: number;
  /** Active plus restoring sessions allowed at once, per instance. ZeroClaw's default: 10. */
  readonly maxSessions: number;
}

/** The stdio agent: its settings and the three standard streams. */
export interface DemoAgentOptions extends DemoAgentSettings {
  /** NDJSON from the client (stdin). */
  readonly input: Readable;
  /** NDJSON to the client (stdout). */
  readonly output: Writable;
  /** Where logs go (stderr); also the `stderr` and `crash` scenarios. */
  readonly errorOutput: Writable;
}

/** What an instance needs besides its settings: where its lines go and what a simulated crash does. */
export interface AgentInstanceOptions extends DemoAgentSettings {
  /** Receives the outbound messages, `\n`-terminated and possibly several per write. */
  readonly output: Writable;
  readonly log: (line: string) => void;
  /** The stdio reaper of §11.3; the gateway has none. */
  readonly reaper: boolean;
  /** The `crash` scenario: called once the output is flushed and closed, with the exit code to simulate. */
  readonly onCrash: (code: number) => void;
}

/**
 * One ACP server instance: its own session map and `max_sessions` count, its own `zc-out-N` counter, its own
 * writer. Stdio runs one per process; the gateway one per WebSocket connection (protocol.md §1.2). Sessions
 * are shared only through the store in the state dir.
 */
export interface AgentInstance {
  readonly context: AgentContext;
  /** Handles one inbound message (a line, or a frame's text) with ZeroClaw's envelope rules. */
  handleMessage(text: string): void;
  /**
   * The peer is gone: flushes what is queued, then abandons in-flight turns (they are not persisted, §1.1)
   * and pending server-to-client requests. Resolves when done; safe to call more than once.
   */
  shutdown(): Promise<void>;
}

/** Starts one {@link AgentInstance} (opening the session store in the state dir, or running memory-only). */
export async function startAgentInstance(options: AgentInstanceOptions): Promise<AgentInstance> {
  const writer = new LineWriter(options.output);
  const store = await SessionStore.open(options.stateDir);
  const turns = new Map<string, AbortController>();
  const outbound = new OutboundRequests(writer);
  const context: AgentContext = {
    writer,
    outbound,
    sessions: new SessionRegistry(options.maxSessions),
    store,
    stateDir: options.stateDir,
    limits: { maxSessions: options.maxSessions, sessionTimeoutSecs: options.sessionTimeoutSecs },
    turns,
    elicitationForm: false,
    log: options.log,
    crash: (code) => {
      void writer.flushed().then(() => {
        writer.close();
        options.onCrash(code);
      });
    },
  };

  let reaper: NodeJS.Timeout | undefined;
  if (options.reaper) {
    // The stdio reaper (§11.3): ZeroClaw checks every 60 s; a shorter timeout is checked as often as it lasts.
    const timeoutMs = options.sessionTimeoutSecs * 1000;
    reaper = setInterval(() => context.sessions.reap(timeoutMs), Math.min(60_000, timeoutMs));
    reaper.unref();
  }

  let shutdown: Promise<void> | undefined;
  return {
    context,
    handleMessage: (text) => processLine(context, text),
    shutdown: () =>
      (shutdown ??= writer.flushed().then(() => {
        clearInterval(reaper);
        // The writer is closed first, so aborting the turns (which only clears their timers) writes no
        // cancelled results; nothing more is persisted.
        writer.close();
        for (const controller of turns.values()) controller.abort();
        turns.clear();
        outbound.abandonAll();
      })),
  };
}

/**
 * Runs the demo agent over a pair of streams until the input ends (resolves 0, in-flight turns are
 * abandoned and not persisted, §1.1) or a `crash` turn asks for an exit (resolves with its code, after
 * stdout is flushed). The caller owns the process: it exits with the resolved code.
 */
export async function runDemoAgent(options: DemoAgentOptions): Promise<number> {
  let finish!: (code: number) => void;
  const finished = new Promise<number>((resolve) => (finish = resolve));
  const instance = await startAgentInstance({
    stateDir: options.stateDir,
    sessionTimeoutSecs: options.sessionTimeoutSecs,
    maxSessions: options.maxSessions,
    output: options.output,
    log: (line) => {
      options.errorOutput.write(`${line}\n`);
    },
    reaper: true,
    onCrash: finish,
  });

  const splitter = new LineSplitter(
    (line) => instance.handleMessage(line),
    (bytes) => instance.context.log(`WARN demo-agent: dropped an inbound line of ${bytes} bytes (over the line limit)`),
  );
  const onData = (chunk: Buffer | string) => splitter.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  const onEnd = () => {
    splitter.end();
    void instance.shutdown().then(() => finish(0));
  };
  options.input.on("data", onData);
  options.input.once("end", onEnd);
  options.input.once("error", onEnd);

  const code = await finished;
  await instance.shutdown();
  options.input.off("data", onData);
  options.input.off("end", onEnd);
  return code;
}
