/**
 * Code-point and grapheme helpers for the prompt editor. The buffer counts columns in code points (as
 * gemini-cli's `text-buffer.ts` does with `toCodePoints`/`cpLen`), so a surrogate pair is one column; the
 * cursor then moves by whole grapheme clusters so it never lands inside an emoji ZWJ sequence or between a
 * letter and its combining accent.
 *
 * Widths come from `string-width`, ink's own measure (hoisted in node_modules, as `src/markdown/wrap.ts`
 * uses it): a row we call `width` columns wide is one ink lays out in `width` columns, so ink never
 * re-wraps our pre-wrapped rows.
 */
import stringWidth from "string-width";

/** Columns a tab takes on screen (string-width counts it as 0, which would hide it and the cursor on it). */
export const TAB_WIDTH = 4;

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** One grapheme cluster of a line, located in code points. */
export interface Grapheme {
  /** The cluster as stored in the buffer. */
  readonly text: string;
  /** What is drawn for it (a tab becomes spaces). */
  readonly display: string;
  /** Code-point offset of the cluster in its line. */
  readonly start: number;
  /** Code-point offset just past the cluster. */
  readonly end: number;
  /** Terminal columns it occupies. */
  readonly width: number;
}

/** Number of code points in `text`. */
export function cpLength(text: string): number {
  let length = 0;
  for (const _ of text) length++;
  return length;
}

/** `text` sliced by code-point offsets, like `String.prototype.slice`. */
export function cpSlice(text: string, start: number, end?: number): string {
  return Array.from(text).slice(start, end).join("");
}

/** Splits a line (no newlines) into grapheme clusters with their code-point offsets and widths. */
export function graphemes(line: string): Grapheme[] {
  const result: Grapheme[] = [];
  let offset = 0;
  for (const { segment } of segmenter.segment(line)) {
    const length = cpLength(segment);
    const isTab = segment === "\t";
    result.push({
      text: segment,
      display: isTab ? " ".repeat(TAB_WIDTH) : segment,
      start: offset,
      end: offset + length,
      width: isTab ? TAB_WIDTH : stringWidth(segment),
    });
    offset += length;
  }
  return result;
}

/** The grapheme boundary before `col` (0 at the line start). */
export function previousBoundary(line: string, col: number): number {
  let boundary = 0;
  for (const grapheme of graphemes(line)) {
    if (grapheme.start >= col) break;
    boundary = grapheme.start;
  }
  return boundary;
}

/** The grapheme boundary after `col` (the line length at its end). */
export function nextBoundary(line: string, col: number): number {
  for (const grapheme of graphemes(line)) {
    if (grapheme.end > col) return grapheme.end;
  }
  return cpLength(line);
}

/**
 * Moves `col` out of the middle of a grapheme cluster: to the cluster's start when `toward` is `"start"`,
 * else to its end. Word scans step by code point and could stop between an emoji and its variation selector.
 */
export function snapToBoundary(line: string, col: number, toward: "start" | "end"): number {
  for (const grapheme of graphemes(line)) {
    if (grapheme.start < col && col < grapheme.end) return toward === "start" ? grapheme.start : grapheme.end;
    if (grapheme.start >= col) break;
  }
  return col;
}

/** Display width of a string as drawn by the editor (tabs expanded). */
export function displayWidth(text: string): number {
  return graphemes(text).reduce((sum, grapheme) => sum + grapheme.width, 0);
}

/** Cuts `text` to at most `width` columns, ending with `…` when something was cut. */
export function truncateToWidth(text: string, width: number): string {
  if (width <= 0) return "";
  if (displayWidth(text) <= width) return text;
  let result = "";
  let used = 0;
  for (const grapheme of graphemes(text)) {
    if (used + grapheme.width > width - 1) break;
    result += grapheme.display;
    used += grapheme.width;
  }
  return `${result}…`;
}
