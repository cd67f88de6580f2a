/**
 * The text and cursor of the reject-with-edit editor, with pure editing operations. The cursor is a UTF-16
 * offset into `text` that never sits inside a surrogate pair.
 */
export interface EditBuffer {
  readonly text: string;
  readonly cursor: number;
}

/** A buffer holding `text` with the cursor at its end (where the user most often continues typing). */
export function createBuffer(text: string): EditBuffer {
  return { text, cursor: text.length };
}

const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** The offset one character before `at` (a surrogate pair counts as one character). */
function previousOffset(text: string, at: number): number {
  if (at <= 0) return 0;
  return at >= 2 && isLow(text.charCodeAt(at - 1)) && isHigh(text.charCodeAt(at - 2)) ? at - 2 : at - 1;
}

/** The offset one character after `at`. */
function nextOffset(text: string, at: number): number {
  if (at >= text.length) return text.length;
  return isHigh(text.charCodeAt(at)) && isLow(text.charCodeAt(at + 1)) ? at + 2 : at + 1;
}

/** Inserts `input` at the cursor and moves the cursor after it. */
export function insertText(buffer: EditBuffer, input: string): EditBuffer {
  const { text, cursor } = buffer;
  return { text: text.slice(0, cursor) + input + text.slice(cursor), cursor: cursor + input.length };
}

/** Deletes the character before the cursor. */
export function deleteBackward(buffer: EditBuffer): EditBuffer {
  const { text, cursor } = buffer;
  const from = previousOffset(text, cursor);
  return from === cursor ? buffer : { text: text.slice(0, from) + text.slice(cursor), cursor: from };
}

/** Moves the cursor one character left or right. */
export function moveHorizontal(buffer: EditBuffer, direction: -1 | 1): EditBuffer {
  const cursor = direction < 0 ? previousOffset(buffer.text, buffer.cursor) : nextOffset(buffer.text, buffer.cursor);
  return cursor === buffer.cursor ? buffer : { text: buffer.text, cursor };
}

/** The cursor's line (0-based), the offset where that line starts, and the column in code units. */
export function cursorPosition(buffer: EditBuffer): { line: number; lineStart: number; column: number } {
  const before = buffer.text.slice(0, buffer.cursor);
  let line = 0;
  for (let i = before.indexOf("\n"); i !== -1; i = before.indexOf("\n", i + 1)) line++;
  const lineStart = before.lastIndexOf("\n") + 1;
  return { line, lineStart, column: buffer.cursor - lineStart };
}

/**
 * Moves the cursor to the line above or below, keeping its column where that line is long enough (else its
 * end). On the first or last line it goes to the start or end of the text, as most editors do.
 */
export function moveVertical(buffer: EditBuffer, direction: -1 | 1): EditBuffer {
  const { text } = buffer;
  const { lineStart, column } = cursorPosition(buffer);
  let targetStart: number;
  if (direction < 0) {
    if (lineStart === 0) return { text, cursor: 0 };
    // The previous line ends at lineStart − 1; search before that (lastIndexOf clamps −1 to 0, so guard it).
    targetStart = lineStart < 2 ? 0 : text.lastIndexOf("\n", lineStart - 2) + 1;
  } else {
    const lineEnd = text.indexOf("\n", lineStart);
    if (lineEnd === -1) return { text, cursor: text.length };
    targetStart = lineEnd + 1;
  }
  const targetEnd = text.indexOf("\n", targetStart);
  const targetLength = (targetEnd === -1 ? text.length : targetEnd) - targetStart;
  let cursor = targetStart + Math.min(column, targetLength);
  // Landing between the halves of a surrogate pair would split the character on the next edit.
  if (cursor > 0 && isLow(text.charCodeAt(cursor)) && isHigh(text.charCodeAt(cursor - 1))) cursor--;
  return { text, cursor };
}
