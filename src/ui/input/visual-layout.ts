/**
 * Soft wrapping of the buffer to the pane width, the cursor's place in the wrapped rows, and Up/Down motion
 * across them (after gemini-cli's `calculateVisualLayout` in `text-buffer.ts`: logical lines map to visual
 * rows, the cursor is located in both). We wrap ourselves rather than letting ink do it because the cursor
 * cell must be drawn in the right row, and the row count must be known to cap the input's height.
 */
import { cpLength, graphemes, type Grapheme } from "./graphemes.js";
import { setCursor, type TextBuffer } from "./text-buffer.js";

/** One row on screen: a slice `[start, end)` (code points) of logical line `line`. */
export interface VisualRow {
  readonly line: number;
  readonly start: number;
  readonly end: number;
  readonly cells: readonly Grapheme[];
  /** Columns used by the cells. */
  readonly width: number;
}

/** The wrapped buffer with the cursor's row and display column. */
export interface Layout {
  readonly rows: readonly VisualRow[];
  readonly cursorRow: number;
  readonly cursorX: number;
}

type LineRow = Omit<VisualRow, "line">;

const isBlank = (cell: Grapheme) => cell.text === " " || cell.text === "\t";

function makeRow(cells: readonly Grapheme[], from: number, to: number, lineLength: number): LineRow {
  const slice = cells.slice(from, to);
  return {
    start: slice[0]?.start ?? (from === 0 ? 0 : lineLength),
    end: slice.at(-1)?.end ?? lineLength,
    cells: slice,
    width: slice.reduce((sum, cell) => sum + cell.width, 0),
  };
}

/**
 * Wraps one logical line to `width` columns: at the last blank that fits (the blank stays at the end of
 * its row, so every code point belongs to exactly one row and the cursor can sit on it), else mid-word. A
 * wide character that does not fit in the last column moves to the next row whole.
 */
function wrapLineUncached(line: string, width: number): LineRow[] {
  const cells = graphemes(line);
  const length = cpLength(line);
  const rows: LineRow[] = [];
  let rowStart = 0;
  let used = 0;
  let lastBlank = -1;
  cells.forEach((cell, index) => {
    if (used + cell.width > width && index > rowStart) {
      const breakAt = lastBlank >= rowStart ? lastBlank + 1 : index;
      rows.push(makeRow(cells, rowStart, breakAt, length));
      rowStart = breakAt;
      used = cells.slice(breakAt, index).reduce((sum, c) => sum + c.width, 0);
      lastBlank = -1;
    }
    used += cell.width;
    if (isBlank(cell)) lastBlank = index;
  });
  rows.push(makeRow(cells, rowStart, cells.length, length));
  return rows;
}

// Editing one line of a long paste re-wraps only that line: the others hit this cache.
const wrapCache = new Map<string, LineRow[]>();
const WRAP_CACHE_LIMIT = 2000;

/** `wrapLineUncached`, memoized by width and content. */
export function wrapLine(line: string, width: number): readonly LineRow[] {
  const key = `${width}\u0000${line}`;
  let rows = wrapCache.get(key);
  if (!rows) {
    if (wrapCache.size >= WRAP_CACHE_LIMIT) wrapCache.clear();
    rows = wrapLineUncached(line, Math.max(1, width));
    wrapCache.set(key, rows);
  }
  return rows;
}

/** Wraps the whole buffer to `width` columns and locates the cursor. */
export function layoutBuffer(buffer: TextBuffer, width: number): Layout {
  const rows: VisualRow[] = [];
  let cursorRow = 0;
  let cursorX = 0;
  buffer.lines.forEach((line, lineIndex) => {
    const lineRows = wrapLine(line, width);
    if (lineIndex !== buffer.row) {
      for (const row of lineRows) rows.push({ ...row, line: lineIndex });
      return;
    }
    lineRows.forEach((row, index) => {
      const isLast = index === lineRows.length - 1;
      rows.push({ ...row, line: lineIndex });
      if (buffer.col >= row.start && (buffer.col < row.end || isLast)) {
        cursorRow = rows.length - 1;
        cursorX = row.cells.filter((cell) => cell.start < buffer.col).reduce((sum, cell) => sum + cell.width, 0);
      }
    });
    const last = lineRows.at(-1);
    // A cursor after a full last row has no cell left to draw in: give it an empty row, as editors do.
    if (last && buffer.col === last.end && last.width >= width && last.cells.length > 0) {
      rows.push({ line: lineIndex, start: last.end, end: last.end, cells: [], width: 0 });
      cursorRow = rows.length - 1;
      cursorX = 0;
    }
  });
  return { rows, cursorRow, cursorX };
}

/**
 * Moves the cursor one visual row up (`-1`) or down (`1`), aiming for the remembered display column.
 * Returns undefined when the cursor is already on the first / last row, where Up/Down recall history.
 */
export function moveVertical(buffer: TextBuffer, width: number, direction: -1 | 1): TextBuffer | undefined {
  const layout = layoutBuffer(buffer, width);
  const target = layout.rows[layout.cursorRow + direction];
  if (!target) return undefined;
  const goalX = buffer.goalX ?? layout.cursorX;
  const isLastOfLine = layout.rows[layout.cursorRow + direction + 1]?.line !== target.line;
  let x = 0;
  let col = isLastOfLine ? target.end : (target.cells.at(-1)?.start ?? target.start);
  for (const cell of target.cells) {
    if (x + cell.width > goalX) {
      col = cell.start;
      break;
    }
    x += cell.width;
  }
  return { ...setCursor(buffer, target.line, col), goalX };
}

/**
 * The first visible row of a window of `maxRows` that keeps the cursor in view, moving the previous window
 * as little as possible (so the text does not jump while the cursor moves inside the window).
 */
export function scrollTop(previousTop: number, cursorRow: number, rowCount: number, maxRows: number): number {
  const highest = Math.max(0, rowCount - maxRows);
  let top = Math.min(Math.max(0, previousTop), highest);
  if (cursorRow < top) top = cursorRow;
  if (cursorRow >= top + maxRows) top = cursorRow - maxRows + 1;
  return top;
}
