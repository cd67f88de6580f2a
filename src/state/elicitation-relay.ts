import type { ElicitationQueue, PendingElicitation } from "../client/elicitation-queue.js";
import {
  elicitationAnswer,
  elicitationView,
  type ElicitationDecision,
  type ElicitationView,
} from "./elicitation-view.js";

/** Open elicitations as the modal reads them (`useSyncExternalStore`), and the way it answers them. */
export interface ElicitationSource {
  readonly subscribe: (listener: () => void) => () => void;
  /** Open elicitations, oldest first; the array identity changes only when they change. */
  readonly getPending: () => readonly ElicitationView[];
  /** The user's decision on the elicitation `key`: the relay sends the answer. */
  readonly decide: (key: string, decision: ElicitationDecision) => void;
}

const NONE: readonly ElicitationView[] = [];

/** The elicitation queue of whichever client is current (a restarted agent comes with a new one), as views. */
export class ElicitationRelay implements ElicitationSource {
  private queue: ElicitationQueue | undefined;
  private unsubscribeQueue: (() => void) | undefined;
  private readonly listeners = new Set<() => void>();
  private viewsOf: readonly PendingElicitation[] | undefined;
  private views: readonly ElicitationView[] = NONE;

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

  readonly getPending = (): readonly ElicitationView[] => {
    const pending = this.queue?.pending;
    if (pending !== this.viewsOf) {
      this.viewsOf = pending;
      this.views = pending && pending.length > 0 ? pending.map(elicitationView) : NONE;
    }
    return this.views;
  };

  readonly decide = (key: string, decision: ElicitationDecision): void => {
    this.queue?.answer(key, elicitationAnswer(decision));
  };

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}
