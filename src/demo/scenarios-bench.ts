import type { Turn } from "./turn.js";

/** Upper bounds that keep a typo from streaming gigabytes or running for hours. */
export const MAX_STAMP_CHUNKS = 100_000;
export const MAX_STAMP_INTERVAL_MS = 10_000;
/** The widest `burst N xW` chunk: 2 MB in 50,000 chunks needs 40 bytes each. */
export const MAX_BURST_WIDTH = 4096;

/**
 * `stamp N MS`: N chunks, one every MS ms, each about 100 bytes and starting with `s<i>@<Date.now()>`, so
 * a benchmark reading the screen can compute chunk-to-screen latency. Every tenth chunk ends its paragraph
 * with a blank line, as model output does; without line breaks the answer would be one huge paragraph.
 * The clock, not per-chunk sleeps, paces the chunks: timers drift on a loaded machine and a slower stream
 * would measure a different budget.
 */
export async function stampScenario(turn: Turn, count: number, intervalMs: number): Promise<void> {
  const chunks = Math.min(Math.max(count, 1), MAX_STAMP_CHUNKS);
  const interval = Math.min(Math.max(intervalMs, 0), MAX_STAMP_INTERVAL_MS);
  const started = Date.now();
  for (let index = 0; index < chunks; index++) {
    const due = started + index * interval;
    const wait = due - Date.now();
    if (wait > 0) await turn.sleep(wait);
    turn.checkpoint();
    turn.chunk(stampChunk(index, Date.now()));
    if (turn.writer.needsDrain) await turn.writer.ready();
  }
}

/** One stamped chunk of exactly 100 bytes (ASCII): the stamp, filler words, a space or a paragraph break. */
export function stampChunk(index: number, now: number): string {
  const head = `s${index}@${now} `;
  const tail = index % 10 === 9 ? "\n\n" : " ";
  const filler = "words that a model streams while it answers a question about the build ";
  let body = head;
  while (body.length + tail.length < 100) body += filler.slice(0, 100 - tail.length - body.length);
  return body.trimEnd().padEnd(100 - tail.length, ".") + tail;
}

/** Chunk i of `burst N xW`: `c<i> `, padded with dots before the space to W bytes (never cut shorter). */
export function burstChunk(index: number, width: number): string {
  const core = `c${index}`;
  const size = Math.min(Math.max(width, 0), MAX_BURST_WIDTH);
  return size > core.length + 1 ? `${core}${".".repeat(size - core.length - 1)} ` : `${core} `;
}
