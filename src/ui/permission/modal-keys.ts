import type { KeyPress } from "../../config/keymap.js";

/**
 * True for a press that would type text: no Ctrl or Alt, and some input. The modal swallows these so that a
 * stray letter cannot fall through to the prompt input underneath while a decision is pending.
 */
export function isPlainText(press: KeyPress): boolean {
  return press.input.length > 0 && !press.key.ctrl && !press.key.meta;
}
