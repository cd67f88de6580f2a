import type { Writable } from "node:stream";

/** Above this many buffered bytes a producer should wait for {@link LineWriter.ready}. */
const HIGH_WATER_BYTES = 256 * 1024;

/**
 * The single writer that owns the output stream, like ZeroClaw's writer task: every outbound message goes
 * through it, so lines never interleave and keep the order they were produced in.
 *
 * Lines produced in the same tick are joined into one `write` (a 100,000-chunk burst would otherwise cost
 * 100,000 syscalls); each batch is handed over on the next `setImmediate`, so a paced stream still reaches
 * the peer chunk by chunk. When the stream reports backpressure, batching continues in memory and
 * producers that respect {@link needsDrain} / {@link ready} pause until `drain`.
 */
export class LineWriter {
  private pending: string[] = [];
  private pendingBytes = 0;
  private scheduled = false;
  private blocked = false;
  private closed = false;
  private readyWaiters: (() => void)[] = [];
  private lastWrite: Promise<void> = Promise.resolve();

  constructor(private readonly output: Writable) {
    output.on("error", () => {
      // The peer closed its end (EPIPE): nobody is listening any more, so drop everything quietly.
      this.closed = true;
      this.pending = [];
      this.pendingBytes = 0;
      this.wakeReadyWaiters();
    });
  }

  /** Queues one line; `line` must not contain a newline (compact JSON never does). */
  writeLine(line: string): void {
    if (this.closed) return;
    this.pending.push(line, "\n");
    this.pendingBytes += line.length + 1;
    if (this.pendingBytes >= HIGH_WATER_BYTES) {
      this.flush();
    } else if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        this.flush();
      });
    }
  }

  /** True when a producer should await {@link ready} before queuing more (checked per chunk, so sync). */
  get needsDrain(): boolean {
    return this.blocked || this.pendingBytes >= HIGH_WATER_BYTES;
  }

  /** Resolves once the buffered output is below the high-water mark and the stream accepts writes. */
  ready(): Promise<void> {
    if (!this.needsDrain || this.closed) return Promise.resolve();
    return new Promise((resolve) => this.readyWaiters.push(resolve));
  }

  /** Hands everything queued so far to the stream and resolves when the stream has taken it. */
  async flushed(): Promise<void> {
    while (!this.closed && (this.pendingBytes > 0 || this.blocked)) {
      this.flush();
      if (this.blocked) await new Promise<void>((resolve) => this.readyWaiters.push(resolve));
    }
    await this.lastWrite;
  }

  /** Stops writing: later lines are dropped (used when the process is about to exit). */
  close(): void {
    this.closed = true;
    this.wakeReadyWaiters();
  }

  private flush(): void {
    if (this.closed || this.blocked || this.pendingBytes === 0) return;
    const data = this.pending.join("");
    this.pending = [];
    this.pendingBytes = 0;
    let accepted = true;
    this.lastWrite = new Promise<void>((resolve) => {
      accepted = this.output.write(data, () => resolve());
    });
    if (!accepted) {
      this.blocked = true;
      this.output.once("drain", () => {
        this.blocked = false;
        this.flush();
        if (!this.needsDrain) this.wakeReadyWaiters();
      });
      return;
    }
    this.wakeReadyWaiters();
  }

  private wakeReadyWaiters(): void {
    const waiters = this.readyWaiters;
    this.readyWaiters = [];
    for (const wake of waiters) wake();
  }
}
