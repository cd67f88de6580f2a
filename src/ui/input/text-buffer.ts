/**
 * The prompt editor's text model: lines and a cursor, with pure, immutable edit and motion functions (the
 * same split as gemini-cli's `text-buffer.ts` reducer and codex-cli's `TextBuffer`: no Ink, unit-tested
 * alone). Columns are code points; horizontal motion and deletion step over whole grapheme clusters.
 * Vertical motion depends on the wrap width and lives in `visual-layout.ts`.
 */
import { cpLength, cpSlice, nextBoundary, previousBoundary, snapToBoundary } from "./graphemes.js";

/** An editor state. Never mutated: every function returns a new one. */
export interface TextBuffer {
  /** The logical lines, without their newlines; at least one. */
  readonly lines: readonly string[];
  /** Cursor line. */
  readonly row: number;
  /** Cursor column, in code points, always on a grapheme boundary. */
  readonly col: number;
  /**
   * The display column Up/Down aim for, kept across vertical moves so the cursor returns to its column after
   * crossing a shorter line; any other change drops it.
   */
  readonly goalX?: number;
}

interface Position {
  readonly row: number;
  readonly col: number;
}

/** A buffer holding `text` (newline-normalized), with the cursor at its end. */
export function createBuffer(text = ""): TextBuffer {
  const lines = normalizeText(text).split("\n");
  const row = lines.length - 1;
  return { lines, row, col: cpLength(lines[row] ?? "") };
}

/** The whole text, lines joined with `\n`. */
export function bufferText(buffer: TextBuffer): string {
  return buffer.lines.join("\n");
}

/** The line the cursor is on. */
export function currentLine(buffer: TextBuffer): string {
  return buffer.lines[buffer.row] ?? "";
}

/** The character just before the cursor on its line, if any. */
export function charBeforeCursor(buffer: TextBuffer): string | undefined {
  return buffer.col === 0 ? undefined : cpSlice(currentLine(buffer), buffer.col - 1, buffer.col);
}

/** C0/C1 controls other than tab and newline: a paste of terminal output must not smuggle escapes in. */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/**
 * Normalizes typed or pasted text: CRLF and lone CR become LF (a paste from a Windows file or a terminal
 * that sends CR for Enter keeps its line structure and never submits), other control characters go.
 */
export function normalizeText(text: string): string {
  return text.replace(/\r\n?/g, "\n").replace(CONTROL, "");
}

/** Moves the cursor to (row, col), clamped into the text. */
export function setCursor(buffer: TextBuffer, row: number, col: number): TextBuffer {
  const clampedRow = Math.max(0, Math.min(row, buffer.lines.length - 1));
  const length = cpLength(buffer.lines[clampedRow] ?? "");
  return { lines: buffer.lines, row: clampedRow, col: Math.max(0, Math.min(col, length)) };
}

/** Replaces the text between two positions (`from` ≤ `to`) and puts the cursor after the new text. */
function replaceRange(buffer: TextBuffer, from: Position, to: Position, text: string): TextBuffer {
  const head = cpSlice(buffer.lines[from.row] ?? "", 0, from.col);
  const tail = cpSlice(buffer.lines[to.row] ?? "", to.col);
  const pieces = normalizeText(text).split("\n");
  const last = pieces.length - 1;
  const middle = pieces.map((piece, index) => (index === 0 ? head : "") + piece + (index === last ? tail : ""));
  const lines = [...buffer.lines.slice(0, from.row), ...middle, ...buffer.lines.slice(to.row + 1)];
  const col = (last === 0 ? cpLength(head) : 0) + cpLength(pieces[last] ?? "");
  return { lines, row: from.row + last, col };
}

const cursorOf = (buffer: TextBuffer): Position => ({ row: buffer.row, col: buffer.col });

/** Inserts text at the cursor; newlines in it (LF, CRLF or CR) become line breaks. */
export function insertText(buffer: TextBuffer, text: string): TextBuffer {
  return replaceRange(buffer, cursorOf(buffer), cursorOf(buffer), text);
}

/** Splits the line at the cursor. */
export function insertNewline(buffer: TextBuffer): TextBuffer {
  return insertText(buffer, "\n");
}

/** Deletes from `target` (before the cursor) up to the cursor. */
function deleteBackTo(buffer: TextBuffer, target: Position): TextBuffer {
  return replaceRange(buffer, target, cursorOf(buffer), "");
}

/** Deletes from the cursor up to `target` (after it), leaving the cursor in place. */
function deleteForwardTo(buffer: TextBuffer, target: Position): TextBuffer {
  return replaceRange(buffer, cursorOf(buffer), target, "");
}

/** Deletes the grapheme before the cursor; at a line start, joins the line to the previous one. */
export function backspace(buffer: TextBuffer): TextBuffer {
  return deleteBackTo(buffer, moveLeft(buffer));
}

/** Deletes the grapheme under the cursor; at a line end, joins the next line to this one. */
export function deleteForward(buffer: TextBuffer): TextBuffer {
  return deleteForwardTo(buffer, moveRight(buffer));
}

/** One grapheme left, or to the end of the previous line. */
export function moveLeft(buffer: TextBuffer): TextBuffer {
  if (buffer.col > 0) return setCursor(buffer, buffer.row, previousBoundary(currentLine(buffer), buffer.col));
  if (buffer.row === 0) return setCursor(buffer, 0, 0);
  return setCursor(buffer, buffer.row - 1, cpLength(buffer.lines[buffer.row - 1] ?? ""));
}

/** One grapheme right, or to the start of the next line. */
export function moveRight(buffer: TextBuffer): TextBuffer {
  const line = currentLine(buffer);
  if (buffer.col < cpLength(line)) return setCursor(buffer, buffer.row, nextBoundary(line, buffer.col));
  if (buffer.row === buffer.lines.length - 1) return setCursor(buffer, buffer.row, buffer.col);
  return setCursor(buffer, buffer.row + 1, 0);
}

/** Start of the current line (Home, Ctrl+A). */
export function moveLineStart(buffer: TextBuffer): TextBuffer {
  return setCursor(buffer, buffer.row, 0);
}

/** End of the current line (End, Ctrl+E). */
export function moveLineEnd(buffer: TextBuffer): TextBuffer {
  return setCursor(buffer, buffer.row, cpLength(currentLine(buffer)));
}

/** Letters, digits, underscore and combining marks make words (so `café` is one word). */
const isWordChar = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}\p{M}_]/u.test(char);
const isSpace = (char: string | undefined) => char !== undefined && /\s/u.test(char);

/** Column reached by skipping back over chars matching `skip`, then over chars matching `take`. */
function scanBack(
  chars: readonly string[],
  col: number,
  skip: (c?: string) => boolean,
  take: (c?: string) => boolean,
): number {
  let index = col;
  while (index > 0 && skip(chars[index - 1])) index--;
  while (index > 0 && take(chars[index - 1])) index--;
  return index;
}

/** Start of the word before the cursor (Alt+Left, Alt+B); from a line start, the previous line's end. */
export function moveWordLeft(buffer: TextBuffer): TextBuffer {
  if (buffer.col === 0) return moveLeft(buffer);
  const line = currentLine(buffer);
  const col = scanBack(Array.from(line), buffer.col, (c) => !isWordChar(c), isWordChar);
  return setCursor(buffer, buffer.row, snapToBoundary(line, col, "start"));
}

/** End of the word after the cursor (Alt+Right, Alt+F), as readline's forward-word. */
export function moveWordRight(buffer: TextBuffer): TextBuffer {
  const line = currentLine(buffer);
  const chars = Array.from(line);
  if (buffer.col >= chars.length) return moveRight(buffer);
  let index = buffer.col;
  while (index < chars.length && !isWordChar(chars[index])) index++;
  while (index < chars.length && isWordChar(chars[index])) index++;
  return setCursor(buffer, buffer.row, snapToBoundary(line, index, "end"));
}

/** Ctrl+U: deletes back to the line start; at the line start, joins with the previous line. */
export function killToLineStart(buffer: TextBuffer): TextBuffer {
  return buffer.col === 0 ? backspace(buffer) : deleteBackTo(buffer, { row: buffer.row, col: 0 });
}

/** Ctrl+K: deletes to the line end; at the line end, joins the next line (as Emacs kill-line). */
export function killToLineEnd(buffer: TextBuffer): TextBuffer {
  const length = cpLength(currentLine(buffer));
  return buffer.col === length ? deleteForward(buffer) : deleteForwardTo(buffer, { row: buffer.row, col: length });
}

/**
 * Ctrl+W: deletes back to the previous whitespace (readline's unix-word-rubout, so `@src/ui/x.ts` goes in
 * one press); at a line start, joins with the previous line.
 */
export function deleteWordBack(buffer: TextBuffer): TextBuffer {
  if (buffer.col === 0) return backspace(buffer);
  const line = currentLine(buffer);
  const col = scanBack(Array.from(line), buffer.col, isSpace, (c) => !isSpace(c));
  return deleteBackTo(buffer, { row: buffer.row, col: snapToBoundary(line, col, "start") });
}

/** Alt+Backspace: deletes back to the start of the previous word (word characters only). */
export function deleteWordLeft(buffer: TextBuffer): TextBuffer {
  return deleteBackTo(buffer, cursorOf(moveWordLeft(buffer)));
}

/** Alt+D: deletes forward to the end of the next word. */
export function deleteWordRight(buffer: TextBuffer): TextBuffer {
  return deleteForwardTo(buffer, cursorOf(moveWordRight(buffer)));
}
