/**
 * Capping what reaches layout (style.md): tool output can be megabytes and a single line of it (a minified
 * bundle, a base64 blob) can be a megabyte wide. Ink would lay all of it out, on every frame.
 */
import { sliceColumns, visibleWidth } from "./width.js";

/** Which end of the text {@link truncateLines} keeps. */
export type KeepLines = "head" | "tail";

/** Result of {@link truncateLines}: the kept lines and how many were left out. */
export interface TruncatedLines {
  /** The kept lines, joined with `\n`; the input itself when nothing was cut. */
  text: string;
  /** How many lines were left out (0 when `text` is the whole input). */
  hiddenLines: number;
}

/** Counts `\n` in `text` from `from` to `to` without splitting it. */
function countNewlines(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = text.indexOf("\n", from); i !== -1 && i < to; i = text.indexOf("\n", i + 1)) count++;
  return count;
}

/**
 * Keeps at most `maxLines` lines of `text` (the first ones, or the last ones with `keep: "tail"`, e.g. for the
 * live output of a running command) and says how many were hidden, for a "… N more lines" row (see
 * {@link formatHiddenLines}). A trailing newline does not count as an extra line. The cost is proportional to
 * the kept part plus one newline count over the rest: the text is never split into an array.
 */
export function truncateLines(text: string, maxLines: number, keep: KeepLines = "head"): TruncatedLines {
  const body = text.endsWith("\n") ? text.slice(0, -1) : text;
  const limit = Math.max(0, Math.floor(maxLines));
  if (limit === 0) return { text: "", hiddenLines: text === "" ? 0 : countNewlines(body, 0, body.length) + 1 };
  if (keep === "head") {
    let cut = -1;
    for (let i = 0; i < limit; i++) {
      cut = body.indexOf("\n", cut + 1);
      if (cut === -1) return { text, hiddenLines: 0 };
    }
    return { text: body.slice(0, cut), hiddenLines: countNewlines(body, cut + 1, body.length) + 1 };
  }
  let cut = body.length;
  for (let i = 0; i < limit; i++) {
    cut = body.lastIndexOf("\n", cut - 1);
    if (cut === -1) return { text, hiddenLines: 0 };
  }
  return { text: body.slice(cut + 1), hiddenLines: countNewlines(body, 0, cut) + 1 };
}

/** The row shown in place of hidden lines: `… 1 more line`, `… 12 more lines`. */
export function formatHiddenLines(hiddenLines: number): string {
  return `… ${hiddenLines} more ${hiddenLines === 1 ? "line" : "lines"}`;
}

/**
 * Cuts every line of `text` wider than `maxColumns` to `maxColumns` columns, the last one an ellipsis, so that
 * one huge line cannot make Ink wrap it into thousands of rows. Work per line is bounded by `maxColumns`, not
 * by the line's length. Returns `text` itself when no line is cut.
 */
export function capLineLength(text: string, maxColumns: number): string {
  const max = Math.max(1, Math.floor(maxColumns));
  const lines = text.split("\n");
  let changed = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    // One code unit is at most two columns wide, so a line of up to max/2 units always fits.
    if (line.length * 2 <= max) continue;
    // Look only at a prefix that surely holds more than max columns (escape codes aside).
    const head = line.length > max * 2 + 32 ? line.slice(0, max * 2 + 32) : line;
    if (head === line && visibleWidth(line) <= max) continue;
    lines[i] = `${sliceColumns(head, max - 1)}…`;
    changed = true;
  }
  return changed ? lines.join("\n") : text;
}
