import type { PendingPermission, PermissionQueue } from "../client/permission-queue.js";
import { createLogger } from "../log/logger.js";
import type { PermissionOutcome } from "../protocol/index.js";

const log = createLogger("pane.permissions");

/** Open permission requests as the modal reads them (`useSyncExternalStore`) and answers them. */
export interface PermissionSource {
  readonly subscribe: (listener: () => void) => () => void;
  readonly getPending: () => readonly PendingPermission[];
  readonly answer: (key: string, outcome: PermissionOutcome) => void;
}

const NO_REQUESTS: readonly PendingPermission[] = [];

/**
 * The permission queue of whichever client is current. A restarted agent comes with a new client and a new
 * queue; the modal keeps one subscription to this relay instead of having to re-subscribe.
 */
export class PermissionRelay implements PermissionSource {
  private queue: PermissionQueue | undefined;
  private unsubscribeQueue: (() => void) | undefined;
  private readonly listeners = new Set<() => void>();

  /** Follows `queue` from now on (undefined: no client, no requests). */
  follow(queue: PermissionQueue | undefined): void {
    this.unsubscribeQueue?.();
    this.queue = queue;
    this.unsubscribeQueue = queue?.subscribe(() => this.notify());
    this.notify();
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  readonly getPending = (): readonly PendingPermission[] => this.queue?.pending ?? NO_REQUESTS;

  /** Answers a request; an answer the queue refuses (an option it never offered) is logged, not thrown. */
  readonly answer = (key: string, outcome: PermissionOutcome): void => {
    try {
      this.queue?.answer(key, outcome);
    } catch (error) {
      log.warn("a permission answer was refused", error);
    }
  };

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}
