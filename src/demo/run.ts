import type { Readable, Writable } from "node:stream";
import { LineSplitter } from "../transport/line-splitter.js";
import type { AgentContext } from "./context.js";
import { LineWriter } from "./line-writer.js";
import { OutboundRequests } from "./outbound.js";
import { processLine } from "./server.js";
import { SessionRegistry } from "./sessions.js";
import { SessionStore } from "./store.js";

export interface DemoAgentOptions {
  /** NDJSON from the client (stdin). */
  readonly input: Readable;
  /** NDJSON to the client (stdout). */
  readonly output: Writable;
  /** Where logs go (stderr); also the `stderr` and `crash` scenarios. */
  readonly errorOutput: Writable;
  /** Session files and default workspaces live here. */
  readonly stateDir: string;
  /** Idle sessions are reaped after this long; also the approval timeout. ZeroClaw's default: 3600. */
  readonly sessionTimeoutSecs: number;
  /** Active plus restoring sessions allowed at once. ZeroClaw's default: 10. */
  readonly maxSessions: number;
}

/**
 * Runs the demo agent over a pair of streams until the input ends (resolves 0, in-flight turns are
 * abandoned and not persisted, §1.1) or a `crash` turn asks for an exit (resolves with its code, after
 * stdout is flushed). The caller owns the process: it exits with the resolved code.
 */
export async function runDemoAgent(options: DemoAgentOptions): Promise<number> {
  const writer = new LineWriter(options.output);
  const store = await SessionStore.open(options.stateDir);
  let finish!: (code: number) => void;
  const finished = new Promise<number>((resolve) => (finish = resolve));
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
    log: (line) => {
      options.errorOutput.write(`${line}\n`);
    },
    crash: (code) => {
      void writer.flushed().then(() => {
        writer.close();
        finish(code);
      });
    },
  };

  // The stdio reaper (§11.3): ZeroClaw checks every 60 s; a shorter timeout is checked as often as it lasts.
  const timeoutMs = options.sessionTimeoutSecs * 1000;
  const reaper = setInterval(() => context.sessions.reap(timeoutMs), Math.min(60_000, timeoutMs));
  reaper.unref();

  const splitter = new LineSplitter(
    (line) => processLine(context, line),
    (bytes) => context.log(`WARN demo-agent: dropped an inbound line of ${bytes} bytes (over the line limit)`),
  );
  const onData = (chunk: Buffer | string) => splitter.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  const onEnd = () => {
    splitter.end();
    void writer.flushed().then(() => {
      // In-flight turns are abandoned (§1.1): the writer is closed first, so aborting them (which only
      // clears their timers) writes no cancelled results; nothing more is persisted.
      writer.close();
      for (const controller of turns.values()) controller.abort();
      turns.clear();
      outbound.abandonAll();
      finish(0);
    });
  };
  options.input.on("data", onData);
  options.input.once("end", onEnd);
  options.input.once("error", onEnd);

  const code = await finished;
  clearInterval(reaper);
  options.input.off("data", onData);
  options.input.off("end", onEnd);
  return code;
}
