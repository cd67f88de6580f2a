import { createLogger } from "../log/logger.js";

const log = createLogger("transport");

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
  /** An oversized message's first KiB: the JSON-RPC peer reads a request's id there to answer it. */
  readonly head?: string;
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

/**
 * What every transport shares: the listener lists, the close record, and turning received text into a
 * message (or a reported, skipped problem). Subclasses only move bytes.
 */
export abstract class BaseTransport<C extends TransportClose = TransportClose> implements Transport {
  protected readonly messages = new Listeners<{ message: unknown; raw: string }>();
  protected readonly problems = new Listeners<TransportProblem>();
  private readonly closes = new Listeners<C>();
  protected closeInfo: C | undefined;

  abstract send(message: object): void;
  abstract close(): Promise<void>;

  get closed(): C | undefined {
    return this.closeInfo;
  }

  onMessage(handler: (message: unknown, raw: string) => void): () => void {
    return this.messages.add(({ message, raw }) => handler(message, raw));
  }

  onProblem(handler: (problem: TransportProblem) => void): () => void {
    return this.problems.add(handler);
  }

  onClose(handler: (close: C) => void): () => void {
    if (this.closeInfo) {
      const info = this.closeInfo;
      queueMicrotask(() => handler(info));
      return () => {};
    }
    return this.closes.add(handler);
  }

  /**
   * Parses one received text (a line, a frame) as one JSON message. Anything else is reported as a problem
   * and skipped: agents print banners on stdout by mistake, and a malformed message must never be fatal.
   * `what` names the unit in the message ("the agent wrote a line", "the gateway sent a frame").
   */
  protected receiveText(raw: string, what: string): void {
    let message: unknown;
    try {
      message = JSON.parse(raw);
    } catch {
      const preview = raw.length > 200 ? `${raw.slice(0, 200)}…` : raw;
      log.warn(`skipped: ${what} that is not one JSON message`, { preview });
      this.problems.emit({ kind: "malformed-json", message: `${what} that is not one JSON message: ${preview}` });
      return;
    }
    this.messages.emit({ message, raw });
  }

  /** Records the close once and tells the listeners; returns false when it was already closed. */
  protected recordClose(info: C): boolean {
    if (this.closeInfo) return false;
    this.closeInfo = info;
    this.closes.emit(info);
    return true;
  }
}
