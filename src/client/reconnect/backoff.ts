/** Options of a {@link Backoff}. */
export interface BackoffOptions {
  /** The first delay, in ms. Default 1 s (design.md §7). */
  readonly initialMs?: number;
  /** The longest delay, in ms. Default 30 s. */
  readonly maxMs?: number;
  /** Relative jitter: each delay is scaled by a factor in [1 − jitter, 1 + jitter]. Default 0.2. */
  readonly jitter?: number;
  /** A number in [0, 1); tests pass a fixed one. */
  readonly random?: () => number;
}

/**
 * Reconnect delays: 1 s doubling to 30 s, each jittered by ±20 %, so that many panes dropped by the same
 * gateway restart do not all knock at the same instant. {@link reset} after a successful reconnect starts
 * over at 1 s: the next outage is a new one, not the tail of the last.
 */
export class Backoff {
  private readonly initialMs: number;
  private readonly maxMs: number;
  private readonly jitter: number;
  private readonly random: () => number;
  private attempts = 0;

  constructor(options: BackoffOptions = {}) {
    this.initialMs = options.initialMs ?? 1000;
    this.maxMs = options.maxMs ?? 30_000;
    this.jitter = options.jitter ?? 0.2;
    this.random = options.random ?? Math.random;
  }

  /** How many delays were handed out since the last reset. */
  get attempt(): number {
    return this.attempts;
  }

  /** The un-jittered delay of attempt `n` (0-based): initial × 2ⁿ, capped. */
  baseDelay(n: number): number {
    // 2^n overflows to Infinity long after the cap; Math.min keeps it finite.
    return Math.min(this.maxMs, this.initialMs * 2 ** n);
  }

  /** The next delay, in ms (jittered, never below 0). */
  next(): number {
    const base = this.baseDelay(this.attempts++);
    const factor = 1 + this.jitter * (2 * this.random() - 1);
    return Math.max(0, Math.round(base * factor));
  }

  /** Starts over at the first delay. */
  reset(): void {
    this.attempts = 0;
  }
}
