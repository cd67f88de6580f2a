/**
 * Keeps ink's live region from leaving ghost copies in the scrollback when the terminal narrows: the pieces
 * `LiveScreen` (live-screen.ts) uses.
 *
 * When tmux narrows a pane it re-wraps every line wider than the new width into several rows, the live region's
 * last frame included, while ink 6.8 erases a frame by its old line count (`eraseLines` in log-update). Two
 * cases, two remedies:
 *
 * - A frame already on screen when the pane narrows: its bytes may still sit in the pty when tmux re-wraps
 *   (ink wrote them at the old width a few ms before the resize), so no count taken at write time is right
 *   for it. On a narrowing, ink's own clear is therefore replaced by a clear of the screen and its history
 *   and a repaint of the transcript from its records at the new width: whatever the re-wrap left behind goes
 *   with the clear.
 * - A frame ink writes after the narrowing but still at the old width (the layout's width is React state and
 *   catches up a render later): the terminal soft-wraps it into more rows than its lines, so in front of each
 *   erase the rows it gained are erased too, counted at the live width.
 */
import { stripVTControlCharacters } from "node:util";
import stringWidth from "string-width";

const ESC = "\u001b";
/** `ansiEscapes.eraseLines(n)` for n ≥ 1, as log-update puts it in front of every frame and alone for a clear. */
export const ERASE_LINES = /^\u001b\[2K(?:\u001b\[1A\u001b\[2K)*\u001b\[G/;
/** Ink's fullscreen path (`clearTerminal` + static + frame): no frame we could measure follows. */
export const CLEAR_TERMINAL = "\u001b[2J";
/** Clears the screen and its scrollback (tmux moves a cleared screen into the history; 3J drops that too). */
export const CLEAR_SCREEN_AND_HISTORY = "\u001b[2J\u001b[3J\u001b[H";

/**
 * How many more rows the frame's lines take once a terminal re-wraps them at `columns`: each line becomes
 * `ceil(width / columns)` rows (at least one, an empty line stays one row); lines that fit are untouched.
 */
export function extraReflowRows(lines: readonly string[], columns: number): number {
  if (columns <= 0) return 0;
  let extra = 0;
  for (const line of lines) {
    const width = stringWidth(stripVTControlCharacters(line));
    extra += Math.max(1, Math.ceil(width / columns)) - 1;
  }
  return extra;
}

/**
 * What erases `extra` rows above the cursor's row, the cursor's row included, leaving the cursor on the topmost
 * erased row; "" when nothing was added. Ink's `eraseLines(oldCount)` continues from there.
 */
export function eraseReflowRows(extra: number): string {
  return extra > 0 ? `${ESC}[2K${`${ESC}[1A${ESC}[2K`.repeat(extra)}` : "";
}

/**
 * The visible lines of the frame a write of log-update leaves on screen, `[]` for a clear, or `undefined` when
 * the write is not a frame (synchronized-output marks, cursor show/hide: escape sequences alone).
 * A write of text without an erase in front is a frame too: ink's first one, and the one after a clear.
 */
export function frameOfWrite(chunk: string): readonly string[] | undefined {
  if (chunk.includes(CLEAR_TERMINAL)) return [];
  const erase = ERASE_LINES.exec(chunk);
  const body = erase ? chunk.slice(erase[0].length) : chunk;
  if (stripVTControlCharacters(body) === "") return erase ? [] : undefined;
  const lines = body.split("\n");
  // The frame ends in "\n": the empty row after it is where the cursor sits, and a re-wrap leaves it one row.
  if (lines.at(-1) === "") lines.pop();
  return lines;
}

/** `ansiEscapes.eraseLines(count)`, as log-update writes it: erases the frame's rows, the cursor left on its top one. */
export function eraseLines(count: number): string {
  if (count <= 0) return "";
  return `${`${ESC}[2K${ESC}[1A`.repeat(count - 1)}${ESC}[2K${ESC}[G`;
}
