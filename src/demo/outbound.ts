import { isRecord } from "./json.js";
import type { LineWriter } from "./line-writer.js";
import { encodeRequest } from "./wire.js";

/** How a server-to-client request ended. A timeout is not an error reply: callers word it themselves. */
export type OutboundReply =
  | { readonly kind: "result"; readonly result: unknown }
  | { readonly kind: "error"; readonly code: number; readonly message: string }
  | { readonly kind: "timeout" };

interface Pending {
  settle(reply: OutboundReply): void;
}

/** Longest delay `setTimeout` accepts; longer approval timeouts are clamped to it (about 24.8 days). */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * Server-to-client requests (`session/request_permission`, `elicitation/create`), as ZeroClaw's
 * `RpcOutbound` does them (protocol.md §7): ids are the strings `zc-out-<n>`, `n` counting from 0 for the
 * whole process and shared by all sessions; a reply is matched on its id as a string, so a numeric `5`
 * never matches `zc-out-5`; a reply to an unknown, timed-out or abandoned request is dropped.
 */
export class OutboundRequests {
  private nextId = 0;
  private readonly pending = new Map<string, Pending>();
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(private readonly writer: LineWriter) {}

  /**
   * Sends `method` and resolves with the peer's reply, or `timeout` after `timeoutMs`. When `signal`
   * aborts first (a tool raced against cancel, §5.4), the pending entry is forgotten, so a late reply is
   * ignored, and the promise rejects with the signal's reason.
   */
  request(
    method: string,
    params: unknown,
    options: { timeoutMs: number; signal?: AbortSignal },
  ): Promise<OutboundReply> {
    const id = `zc-out-${this.nextId++}`;
    return new Promise<OutboundReply>((resolve, reject) => {
      const { signal } = options;
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const onAbort = () => {
        cleanup();
        reject(signal?.reason);
      };
      const timer = setTimeout(
        () => {
          cleanup();
          resolve({ kind: "timeout" });
        },
        Math.min(Math.max(options.timeoutMs, 0), MAX_TIMER_MS),
      );
      this.timers.add(timer);
      const cleanup = () => {
        clearTimeout(timer);
        this.timers.delete(timer);
        this.pending.delete(id);
        signal?.removeEventListener("abort", onAbort);
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.pending.set(id, {
        settle: (reply) => {
          cleanup();
          resolve(reply);
        },
      });
      this.writer.writeLine(encodeRequest(method, params, id));
    });
  }

  /**
   * Routes a response-shaped message (`id` plus `result` or `error`). `error` counts only when it is a
   * well-formed `{code, message}`; otherwise the reply is read as its `result` (null when absent), which is
   * how ZeroClaw's `dispatch_response` treats it.
   */
  dispatch(idKey: string, message: Readonly<Record<string, unknown>>): void {
    const entry = this.pending.get(idKey);
    if (!entry) return;
    const error = message["error"];
    if (isWireError(error)) {
      entry.settle({ kind: "error", code: error.code, message: error.message });
    } else {
      entry.settle({ kind: "result", result: message["result"] ?? null });
    }
  }

  /** Forgets every pending request and its timer (stdin closed: the turns waiting on them are abandoned). */
  abandonAll(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.pending.clear();
  }
}

function isWireError(value: unknown): value is { code: number; message: string } {
  return isRecord(value) && Number.isInteger(value["code"]) && typeof value["message"] === "string";
}
