import { ClientError } from "../errors.js";
import type { TransportClose } from "../../transport/transport.js";
import type { WebSocketClose } from "../../transport/websocket.js";
import { Backoff, type BackoffOptions } from "./backoff.js";

/** What a {@link Reconnector} tells its owner (the session controller turns it into header states). */
export interface ReconnectHooks {
  /** The next attempt is scheduled at `retryAt` (ms since epoch); `error` is why the previous one failed. */
  readonly onWaiting: (info: { readonly retryAt: number; readonly attempt: number; readonly error?: unknown }) => void;
  /** An attempt starts now. */
  readonly onAttempt?: (attempt: number) => void;
  /** An attempt succeeded: the loop is over and the backoff starts again at 1 s. */
  readonly onRestored?: () => void;
  /** An attempt failed in a way retrying cannot fix (a refused token, an unknown session): the loop is over. */
  readonly onFatal: (error: unknown) => void;
}

/** Options of a {@link Reconnector}. */
export interface ReconnectorOptions extends ReconnectHooks {
  /** One attempt: connect again, initialize, restore the session. Throws when it did not work. */
  readonly attempt: () => Promise<void>;
  /** Whether a failed attempt is worth another try; default {@link isRetryableFailure}. */
  readonly isRetryable?: (error: unknown) => boolean;
  readonly backoff?: Backoff | BackoffOptions;
  readonly now?: () => number;
}

/**
 * Runs reconnect attempts with {@link Backoff} until one succeeds or fails for good. {@link retryNow} (any key
 * in the pane) skips the wait; {@link stop} (quitting) ends the loop. At most one attempt runs at a time.
 */
export class Reconnector {
  private readonly backoff: Backoff;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running = false;
  private active = false;
  private stopped = false;

  constructor(private readonly options: ReconnectorOptions) {
    this.backoff = options.backoff instanceof Backoff ? options.backoff : new Backoff(options.backoff);
  }

  /** Whether the loop runs (waiting or attempting). */
  get reconnecting(): boolean {
    return this.active;
  }

  /** Starts the loop (no-op while it runs): the first attempt after the first delay. */
  start(error?: unknown): void {
    if (this.active || this.stopped) return;
    this.active = true;
    this.schedule(error);
  }

  /** Attempts now instead of waiting out the delay (no-op unless waiting). */
  retryNow(): void {
    if (!this.active || this.running || this.timer === undefined) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    void this.run();
  }

  /** Ends the loop for good. */
  stop(): void {
    this.stopped = true;
    this.active = false;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(error?: unknown): void {
    const delay = this.backoff.next();
    const retryAt = (this.options.now ?? Date.now)() + delay;
    this.options.onWaiting({ retryAt, attempt: this.backoff.attempt, ...(error !== undefined ? { error } : {}) });
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.run();
    }, delay);
  }

  private async run(): Promise<void> {
    if (this.stopped) return;
    this.running = true;
    this.options.onAttempt?.(this.backoff.attempt);
    try {
      await this.options.attempt();
    } catch (error) {
      this.running = false;
      if (this.stopped) return;
      if ((this.options.isRetryable ?? isRetryableFailure)(error)) {
        this.schedule(error);
        return;
      }
      this.active = false;
      this.backoff.reset();
      this.options.onFatal(error);
      return;
    }
    this.running = false;
    this.active = false;
    this.backoff.reset();
    if (!this.stopped) this.options.onRestored?.();
  }
}

/**
 * Whether a closed connection should be reconnected by itself: a WebSocket that dropped, or whose handshake
 * failed for a reason time can fix (`refused`, `timeout`, `network`). Never a stdio agent that exited (the
 * user's `r` restarts it), never a refused token (`unauthorized`: retrying cannot help, the message says
 * how to pair), never our own close.
 */
export function shouldReconnect(close: TransportClose): boolean {
  if (close.reason === "socket-closed") return true;
  const handshake = (close as WebSocketClose).handshake;
  return close.reason === "error" && (handshake === "refused" || handshake === "timeout" || handshake === "network");
}

/**
 * Whether a failed reconnect attempt is worth another try: the gateway is still unreachable, or the
 * connection dropped again before the session was restored. A refused token, an unknown session or an
 * agent that cannot restore are final.
 */
export function isRetryableFailure(error: unknown): boolean {
  const cause = error instanceof ClientError ? error.cause : error;
  // Matched by shape, not `instanceof`: importing the WebSocket transport here would load `ws` before the
  // pane's first frame.
  const close =
    (cause as { name?: unknown; close?: TransportClose } | undefined)?.name === "WebSocketConnectError"
      ? (cause as { close?: TransportClose }).close
      : undefined;
  if (close) return shouldReconnect(close);
  if (error instanceof ClientError) return error.code === "connection" || error.code === "initialize-timeout";
  return false;
}
