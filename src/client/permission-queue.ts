import type { PermissionOption, PermissionOutcome, PermissionToolCall } from "../protocol/index.js";
import type { JsonRpcId } from "../protocol/index.js";

/** One `session/request_permission` waiting for a decision, as the UI and policies see it. */
export interface PendingPermission {
  /** `String(requestId)`: unique among open requests on one connection. */
  readonly key: string;
  /** The JSON-RPC id exactly as the agent sent it; the answer must echo it (e.g. `zc-out-0`). */
  readonly requestId: JsonRpcId;
  readonly sessionId: string;
  readonly toolCall: PermissionToolCall;
  readonly options: readonly PermissionOption[];
  /** `Date.now()` when it arrived, for the countdown to the agent's own timeout. */
  readonly receivedAt: number;
}

/** Decides a request without asking (e.g. `prompt --approve reject`); `undefined` means "ask the user". */
export type PermissionPolicy = (request: PendingPermission) => PermissionOutcome | undefined;

interface Entry {
  readonly request: PendingPermission;
  readonly resolve: (outcome: PermissionOutcome) => void;
}

/**
 * Open permission requests in arrival order, one promise each, resolved by the UI or a policy (the codex-cli
 * pattern: the agent loop awaits a promise the modal resolves). Answers are never invented: only `answer`,
 * a cancel of the turn, or the agent withdrawing the request settle an entry.
 */
export class PermissionQueue {
  private readonly entries = new Map<string, Entry>();
  private readonly listeners = new Set<() => void>();
  private snapshot: readonly PendingPermission[] = [];

  /** Open requests, oldest first. The array identity changes only when the queue changes. */
  get pending(): readonly PendingPermission[] {
    return this.snapshot;
  }

  /** Called on every change (a request added or settled). */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Queues a request; the promise settles with the outcome to send back. `signal` withdraws it. */
  add(request: PendingPermission, signal?: AbortSignal): Promise<PermissionOutcome> {
    return new Promise<PermissionOutcome>((resolve, reject) => {
      const entry: Entry = {
        request,
        resolve: (outcome) => {
          signal?.removeEventListener("abort", onAbort);
          resolve(outcome);
        },
      };
      const onAbort = () => {
        if (this.remove(request.key)) reject(new Error("the agent withdrew the permission request"));
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.entries.set(request.key, entry);
      this.changed();
    });
  }

  /**
   * Answers one request. A selected option must be one the agent offered; returns false when the request
   * is no longer open (answered, cancelled or withdrawn meanwhile).
   */
  answer(key: string, outcome: PermissionOutcome): boolean {
    const entry = this.entries.get(key);
    if (!entry) return false;
    if (
      outcome.outcome === "selected" &&
      !entry.request.options.some((option) => option.optionId === outcome.optionId)
    ) {
      throw new Error(`option ${outcome.optionId} was not offered by the agent`);
    }
    this.remove(key);
    entry.resolve(outcome);
    return true;
  }

  /** Answers every open request (of one session, or all) `cancelled`; returns how many were answered. */
  cancelAll(sessionId?: string): number {
    let count = 0;
    for (const [key, entry] of [...this.entries]) {
      if (sessionId !== undefined && entry.request.sessionId !== sessionId) continue;
      this.entries.delete(key);
      entry.resolve({ outcome: "cancelled" });
      count++;
    }
    if (count > 0) this.changed();
    return count;
  }

  private remove(key: string): boolean {
    const removed = this.entries.delete(key);
    if (removed) this.changed();
    return removed;
  }

  private changed(): void {
    this.snapshot = [...this.entries.values()].map((entry) => entry.request);
    for (const listener of this.listeners) listener();
  }
}
