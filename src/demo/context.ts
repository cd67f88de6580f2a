import type { LineWriter } from "./line-writer.js";
import type { OutboundRequests } from "./outbound.js";
import type { SessionRegistry } from "./sessions.js";
import type { SessionStore } from "./store.js";
import type { Update } from "./updates.js";
import { encodeNotification } from "./wire.js";

/** Effective limits, reported in `initialize` as `_meta.zeroclaw`. */
export interface AgentLimits {
  readonly maxSessions: number;
  readonly sessionTimeoutSecs: number;
}

/** Everything the method handlers share: one instance per server (per stdio process). */
export interface AgentContext {
  readonly writer: LineWriter;
  readonly outbound: OutboundRequests;
  readonly sessions: SessionRegistry;
  /** Undefined when the state dir is unusable: memory-only mode (`loadSession: false`, §3). */
  readonly store: SessionStore | undefined;
  readonly stateDir: string;
  readonly limits: AgentLimits;
  /** Cancel handles of in-flight turns by session id (ZeroClaw's `cancel_tokens`; also the busy check). */
  readonly turns: Map<string, AbortController>;
  /** The client's elicitation capability from the last `initialize` (§3); sessions copy it. */
  elicitationForm: boolean;
  /** Writes a log line to stderr, where ZeroClaw's logs go. */
  log(line: string): void;
  /** Simulates the agent dying: flushes stdout and ends the process with `code`. */
  crash(code: number): void;
}

export function sendUpdate(context: AgentContext, sessionId: string, update: Update): void {
  context.writer.writeLine(encodeNotification("session/update", { sessionId, update }));
}
