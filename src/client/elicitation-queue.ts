import type { ElicitationFormRequest, ElicitationResult, ElicitationUrlRequest, JsonRpcId } from "../protocol/index.js";
import { cancelElicitation } from "../protocol/index.js";

/** One `elicitation/create` waiting for the user: a form to fill, or a URL to visit. */
export interface PendingElicitation {
  /** `String(requestId)`: unique among open requests on one connection. */
  readonly key: string;
  readonly requestId: JsonRpcId;
  readonly request: ElicitationFormRequest | ElicitationUrlRequest;
  readonly receivedAt: number;
}

interface Entry {
  readonly pending: PendingElicitation;
  readonly resolve: (result: ElicitationResult) => void;
}

/**
 * Open elicitations in arrival order, one promise each, settled by the UI's answer, a cancel of the turn
 * (`cancel`) or the agent withdrawing the request. Answers are never invented.
 */
export class ElicitationQueue {
  private readonly entries = new Map<string, Entry>();
  private readonly listeners = new Set<() => void>();
  private snapshot: readonly PendingElicitation[] = [];

  /** Open requests, oldest first; the array identity changes only when the queue changes. */
  get pending(): readonly PendingElicitation[] {
    return this.snapshot;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Queues a request; the promise settles with the result to send back. `signal` withdraws it. */
  add(pending: PendingElicitation, signal?: AbortSignal): Promise<ElicitationResult> {
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        if (this.entries.delete(pending.key)) {
          this.changed();
          reject(new Error("the agent withdrew the elicitation"));
        }
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.entries.set(pending.key, {
        pending,
        resolve: (result) => {
          signal?.removeEventListener("abort", onAbort);
          resolve(result);
        },
      });
      this.changed();
    });
  }

  /** Answers one request; false when it is no longer open. */
  answer(key: string, result: ElicitationResult): boolean {
    const entry = this.entries.get(key);
    if (!entry) return false;
    this.entries.delete(key);
    this.changed();
    entry.resolve(result);
    return true;
  }

  /** Answers every open request of a session (or all) `cancel`: the turn was cancelled. */
  cancelAll(sessionId?: string): void {
    let changed = false;
    for (const [key, entry] of [...this.entries]) {
      if (sessionId !== undefined && entry.pending.request.sessionId !== sessionId) continue;
      this.entries.delete(key);
      entry.resolve(cancelElicitation());
      changed = true;
    }
    if (changed) this.changed();
  }

  private changed(): void {
    this.snapshot = [...this.entries.values()].map((entry) => entry.pending);
    for (const listener of this.listeners) listener();
  }
}
