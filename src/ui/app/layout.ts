import cliTruncate from "cli-truncate";
import { visibleWidth } from "../../markdown/wrap.js";

/**
 * Line accounting for the dynamic part of the screen. Ink 6.8 clears the screen and scrollback and reprints
 * the whole history on every frame once the dynamic output reaches the terminal's height (style.md), so
 * every part below the transcript is given a number of lines up front and never draws more.
 */

/** Lines kept free below the dynamic region: it must stay strictly shorter than the terminal. */
export const SAFETY_LINES = 1;

/** The line budget of each part of the dynamic region for a terminal of `rows` lines. */
export interface DynamicBudget {
  readonly live: number;
  readonly modal: number;
  readonly input: number;
}

/**
 * Splits the rows between the live region, the permission modal and the input. Fixed lines (header, footer,
 * a confirm line) come off first, then `SAFETY_LINES`, plus the line ink's cursor sits on. The input gets
 * what it measured (at most half of the rest); an open modal gets what it measured of the rest; the live
 * region gets the remainder. The total never exceeds `rows − 2`.
 */
export function dynamicBudget(options: {
  readonly rows: number;
  readonly fixedLines: number;
  readonly inputLines: number;
  readonly modalOpen: boolean;
  readonly modalLines: number;
}): DynamicBudget {
  const available = Math.max(0, options.rows - 1 - SAFETY_LINES - options.fixedLines);
  const input = Math.min(Math.max(1, options.inputLines), Math.max(1, Math.floor(available / 2)));
  let rest = Math.max(0, available - input);
  let modal = 0;
  if (options.modalOpen) {
    // The decision comes first: the modal gets all it needs, the live region what is left.
    modal = Math.max(0, Math.min(options.modalLines > 0 ? options.modalLines : rest, rest));
    rest -= modal;
  }
  return { live: rest, modal, input: Math.min(input, available) };
}

/** A part of the live region asking for lines: it always gets `min` if there is room, then up to `want`. */
export interface BlockRequest {
  readonly key: string;
  readonly min: number;
  readonly want: number;
  /** Order in which extra lines (beyond `min`) are handed out, lowest first; default: the block's position. */
  readonly rank?: number;
}

/**
 * Gives each block its `min` in order (the first ones are the most important), then shares what is left
 * out by `rank` up to each block's `want`. Returns lines per block key; the sum never exceeds `budget`.
 */
export function allocateLines(budget: number, blocks: readonly BlockRequest[]): Record<string, number> {
  const lines: Record<string, number> = {};
  let left = Math.max(0, Math.floor(budget));
  for (const block of blocks) {
    const give = Math.min(left, Math.max(0, block.min));
    lines[block.key] = give;
    left -= give;
  }
  const byRank = blocks.map((block, index) => ({ block, rank: block.rank ?? index })).sort((a, b) => a.rank - b.rank);
  for (const { block } of byRank) {
    const extra = Math.min(left, Math.max(0, block.want - (lines[block.key] ?? 0)));
    lines[block.key] = (lines[block.key] ?? 0) + extra;
    left -= extra;
  }
  return lines;
}

/** Cuts one line to `width` columns with an ellipsis (styling-aware). */
export function fitLine(text: string, width: number): string {
  const columns = Math.max(1, Math.floor(width));
  if (text.length <= columns && !/[\u1100-\uffff\u001b]/.test(text)) return text;
  if (visibleWidth(text) <= columns) return text;
  return cliTruncate(text, columns, { truncationCharacter: "…" });
}

/** Shows `ms` as a short duration: `0.4s`, `12s`, `3m05s`. */
export function formatElapsed(ms: number): string {
  if (ms < 10_000) return `${(Math.max(0, ms) / 1000).toFixed(1)}s`;
  const seconds = Math.floor(ms / 1000);
  if (seconds < 60) return `${seconds}s`;
  return `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, "0")}s`;
}
