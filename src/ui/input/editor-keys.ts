/**
 * Readline-style editing keys of the prompt, mapped onto the pure buffer functions. The keymap table holds
 * the keys with a product meaning (submit, newline, history, editor); these are the terminal conventions
 * every shell user's fingers already know, so they are fixed here rather than rebindable.
 */
import type { KeyPress } from "../../config/keymap.js";
import {
  backspace,
  deleteWordBack,
  deleteWordLeft,
  deleteWordRight,
  insertNewline,
  insertText,
  killToLineEnd,
  killToLineStart,
  moveLeft,
  moveLineEnd,
  moveLineStart,
  moveRight,
  moveWordLeft,
  moveWordRight,
  type TextBuffer,
} from "./text-buffer.js";

type Edit = (buffer: TextBuffer) => TextBuffer;

const CTRL_KEYS: ReadonlyMap<string, Edit> = new Map([
  ["a", moveLineStart],
  ["e", moveLineEnd],
  ["b", moveLeft],
  ["f", moveRight],
  ["u", killToLineStart],
  ["k", killToLineEnd],
  ["w", deleteWordBack],
]);

const ALT_KEYS: ReadonlyMap<string, Edit> = new Map([
  ["b", moveWordLeft],
  ["f", moveWordRight],
  ["d", deleteWordRight],
]);

/**
 * xterm's modifyOtherKeys form of a modified Enter (`ESC[27;<mod>;13~`, iTerm2's default for Shift+Enter),
 * which ink does not parse and hands over as text without its ESC; codex-cli's `multiline-editor.tsx`
 * treats it as a newline too.
 */
const MODIFIED_ENTER = /^\[27;\d+;13~$/;

/**
 * Other CSI sequences ink does not know (bracketed-paste markers `[200~`, unmapped function keys) also arrive
 * as text with the ESC stripped. A parameter digit is required, so fast typing that lands in one chunk
 * (`[a`) is still text.
 */
const STRAY_CSI = /^\[\d[\d;]*[~A-Za-z]$/;

/**
 * The buffer after an editing key, or undefined when `press` is not one (the caller then lets it fall
 * through to lower key layers). Backspace and Delete both delete backwards: ink 6.8 reports the
 * Backspace key of most terminals (0x7f) as `delete`, and the key press does not carry the raw sequence.
 */
export function applyEditingKey(buffer: TextBuffer, press: KeyPress): TextBuffer | undefined {
  const { input, key } = press;
  const byWord = key.ctrl || key.meta;
  if (key.upArrow || key.downArrow || key.tab || key.escape || key.pageUp || key.pageDown) return undefined;
  if (key.leftArrow) return byWord ? moveWordLeft(buffer) : moveLeft(buffer);
  if (key.rightArrow) return byWord ? moveWordRight(buffer) : moveRight(buffer);
  if (key.home) return moveLineStart(buffer);
  if (key.end) return moveLineEnd(buffer);
  if (key.backspace || key.delete) return key.meta ? deleteWordLeft(buffer) : backspace(buffer);
  if (key.ctrl && !key.meta) return CTRL_KEYS.get(input)?.(buffer);
  if (key.meta && !key.ctrl) return ALT_KEYS.get(input)?.(buffer);
  if (key.ctrl || key.meta || input === "") return undefined;
  if (MODIFIED_ENTER.test(input)) return insertNewline(buffer);
  if (STRAY_CSI.test(input)) return buffer;
  // A paste arrives as one input string; its line breaks (LF, CRLF, CR) become newlines, never a submit.
  return insertText(buffer, input);
}
