/** 32 MiB: the cap on one NDJSON line, as in the ACP SDK's `ndJsonStream` and design.md §7. */
export const MAX_LINE_BYTES = 32 * 1024 * 1024;

/** How much of an over-long line is kept for its report: enough for the `id` and `method` at its start. */
export const OVERSIZED_HEAD_BYTES = 1024;

/**
 * Splits a byte stream into newline-terminated lines with a hard size cap. An over-long line is reported
 * once through `onOversized` (its size and its first KiB, so a request's id can still be answered) and
 * skipped up to its newline, instead of growing memory without bound.
 * CR before LF is dropped (ZeroClaw trims lines, so CRLF peers exist). Empty lines are skipped.
 */
export class LineSplitter {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private discarding = false;
  private head = "";

  constructor(
    private readonly onLine: (line: string) => void,
    private readonly onOversized: (bytes: number, head: string) => void,
    private readonly maxBytes = MAX_LINE_BYTES,
  ) {}

  push(chunk: Buffer): void {
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf(0x0a, start);
      if (newline === -1) break;
      this.append(chunk.subarray(start, newline));
      this.finishLine();
      start = newline + 1;
    }
    if (start < chunk.length) this.append(chunk.subarray(start));
  }

  /** Delivers a final unterminated line at end of stream. */
  end(): void {
    if (this.pendingBytes > 0 || this.discarding) this.finishLine();
  }

  private append(part: Buffer): void {
    if (part.length === 0) return;
    if (this.discarding) {
      this.pendingBytes += part.length;
      return;
    }
    if (this.pendingBytes + part.length > this.maxBytes) {
      this.discarding = true;
      this.head = Buffer.concat([...this.pending, part.subarray(0, OVERSIZED_HEAD_BYTES)])
        .subarray(0, OVERSIZED_HEAD_BYTES)
        .toString("utf8");
      this.pending = [];
    } else {
      this.pending.push(part);
    }
    this.pendingBytes += part.length;
  }

  private finishLine(): void {
    if (this.discarding) {
      this.onOversized(this.pendingBytes, this.head);
    } else if (this.pendingBytes > 0) {
      const buffer = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending, this.pendingBytes);
      let line = buffer.toString("utf8");
      if (line.endsWith("\r")) line = line.slice(0, -1);
      if (line.trim().length > 0) this.onLine(line);
    }
    this.pending = [];
    this.pendingBytes = 0;
    this.discarding = false;
    this.head = "";
  }
}
