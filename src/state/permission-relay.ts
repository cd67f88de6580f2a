import type { PendingPermission, PermissionQueue } from "../client/permission-queue.js";
import { createLogger } from "../log/logger.js";
import type { PermissionOutcome } from "../protocol/index.js";
import { outcomeOf, permissionView, type PermissionDecision, type PermissionView } from "./permission-view.js";
import type { ToolDiffLookup } from "./permission-body.js";

const log = createLogger("pane.permissions");

/** Open permission requests as the modal reads them (`useSyncExternalStore`), and the way it answers them. */
export interface PermissionSource {
  readonly subscribe: (listener: () => void) => () => void;
  /** Open requests, oldest first; the array identity changes only when the requests change. */
  readonly getPending: () => readonly PermissionView[];
  /** The user's decision on the request `key`: the relay sends the answer (or cancels the turn). */
  readonly decide: (key: string, decision: PermissionDecision) => void;
}

/** The open requests as the agent sent them, and answers given as such (`zc-pane answer`, the popup). */
export interface PermissionRequests {
  readonly getRequests: () => readonly PendingPermission[];
  /** Answers a request; an answer the queue refuses (an option it never offered) is logged, not thrown. */
  readonly answer: (key: string, outcome: PermissionOutcome) => void;
}

/** What the relay needs from the session. */
export interface PermissionRelayOptions {
  /**
   * Cancels the running turn: `session/cancel`, then every open request answered `cancelled` (the client
   * does both). False when no turn runs: the open requests are then answered `cancelled` here.
   */
  readonly cancelTurn: () => boolean;
  /** Diffs that earlier updates of a tool call carried, for requests that come without one. */
  readonly toolDiffs?: ToolDiffLookup;
}

const NO_REQUESTS: readonly PermissionView[] = [];

/**
 * The permission queue of whichever client is current, as views for the modal. A restarted agent comes with
 * a new client and a new queue; the modal keeps one subscription to this relay instead of re-subscribing.
 */
export class PermissionRelay implements PermissionSource, PermissionRequests {
  private queue: PermissionQueue | undefined;
  private unsubscribeQueue: (() => void) | undefined;
  private readonly listeners = new Set<() => void>();
  private viewsOf: readonly PendingPermission[] | undefined;
  private views: readonly PermissionView[] = NO_REQUESTS;

  /** Without options no turn can be cancelled: Esc answers the open requests `cancelled` itself. */
  constructor(private readonly options: PermissionRelayOptions = { cancelTurn: () => false }) {}

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

  readonly getPending = (): readonly PermissionView[] => {
    const pending = this.queue?.pending;
    if (!pending || pending.length === 0) return NO_REQUESTS;
    if (pending !== this.viewsOf) {
      this.viewsOf = pending;
      this.views = pending.map((request) => permissionView(request, this.options.toolDiffs));
    }
    return this.views;
  };

  readonly decide = (key: string, decision: PermissionDecision): void => {
    const queue = this.queue;
    if (!queue) return;
    if (decision.type === "cancel-turn") {
      if (!this.options.cancelTurn()) queue.cancelAll();
      return;
    }
    const request = queue.pending.find((candidate) => candidate.key === key);
    const outcome = request ? outcomeOf(request, decision) : undefined;
    if (outcome) this.answer(key, outcome);
  };

  readonly getRequests = (): readonly PendingPermission[] => this.queue?.pending ?? [];

  readonly answer = (key: string, outcome: PermissionOutcome): void => {
    try {
      this.queue?.answer(key, outcome);
    } catch (error) {
      // An option the agent never offered: logged, never thrown into the UI.
      log.warn("a permission answer was refused", error);
    }
  };

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}
