import type { ElicitationQueue, PendingElicitation } from "../client/elicitation-queue.js";
import type { ElicitationResult } from "../protocol/index.js";

/** Open elicitations as the modal reads them (`useSyncExternalStore`) and answers them. */
export interface ElicitationSource {
  readonly subscribe: (listener: () => void) => () => void;
  readonly getPending: () => readonly PendingElicitation[];
  readonly answer: (key: string, result: ElicitationResult) => void;
}

const NONE: readonly PendingElicitation[] = [];

/** The elicitation queue of whichever client is current (a restarted agent comes with a new one). */
export class ElicitationRelay implements ElicitationSource {
  private queue: ElicitationQueue | undefined;
  private unsubscribeQueue: (() => void) | undefined;
  private readonly listeners = new Set<() => void>();

  follow(queue: ElicitationQueue | undefined): void {
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

  readonly getPending = (): readonly PendingElicitation[] => this.queue?.pending ?? NONE;

  readonly answer = (key: string, result: ElicitationResult): void => {
    this.queue?.answer(key, result);
  };

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}
