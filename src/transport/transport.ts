/**
 * How a connection to an agent ended. `message` is a one-line, user-facing explanation; the rest is detail
 * for the "agent died" view (exit code, signal, the last lines the agent wrote to stderr).
 */
export interface TransportClose {
  readonly reason: "exited" | "closed-by-us" | "socket-closed" | "spawn-failed" | "error";
  readonly message: string;
  readonly exitCode?: number | null;
  readonly signal?: string | null;
  readonly stderrTail?: string;
}

/** A problem with incoming data that did not end the connection (a malformed or oversized line). */
export interface TransportProblem {
  readonly kind: "malformed-json" | "oversized-message" | "stderr";
  readonly message: string;
}

/**
 * One bidirectional JSON-RPC message channel. Implementations: NDJSON over a child's stdio, one message per
 * WebSocket text frame. Messages arrive parsed; `raw` is the exact text received (for `prompt --json`, which
 * must echo what the agent sent, unchanged).
 */
export interface Transport {
  /** Serializes and writes one JSON-RPC message. Throws {@link TransportClosedError} after close. */
  send(message: object): void;
  onMessage(handler: (message: unknown, raw: string) => void): () => void;
  onProblem(handler: (problem: TransportProblem) => void): () => void;
  onClose(handler: (close: TransportClose) => void): () => void;
  /** Ends the connection (and, for stdio, the agent's process group). Resolves once it is gone. */
  close(): Promise<void>;
  readonly closed: TransportClose | undefined;
}

/** Raised by `send` on a transport that has already closed. */
export class TransportClosedError extends Error {
  constructor(readonly close: TransportClose) {
    super(`connection to the agent is closed: ${close.message}`);
    this.name = "TransportClosedError";
  }
}

/** A tiny typed listener list, shared by the transports so each does not grow its own. */
export class Listeners<T> {
  private readonly handlers = new Set<(value: T) => void>();

  add(handler: (value: T) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  emit(value: T): void {
    for (const handler of this.handlers) handler(value);
  }

  get size(): number {
    return this.handlers.size;
  }
}
