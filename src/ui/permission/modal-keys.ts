import { useCallback } from "react";
import type { KeyAction, KeyPress } from "../../config/keymap.js";
import { useKeyMatcher } from "../keys/key-router.js";

/**
 * Ink 6.8 reports every Esc with `meta: true` (use-input.js sets `meta` when the key name is `escape`), and
 * the keymap matcher requires `meta` to equal the spec's `alt`, so a plain `escape` binding never matches a
 * real Esc press. Clearing `meta` on Esc before matching keeps `modal.cancel` working; Alt+Esc reads as Esc.
 */
export function normalizePress(press: KeyPress): KeyPress {
  return press.key.escape && press.key.meta ? { input: press.input, key: { ...press.key, meta: false } } : press;
}

/** The keymap matcher for the permission modal, with {@link normalizePress} applied. */
export function useModalMatcher(): (action: KeyAction, press: KeyPress) => boolean {
  const matches = useKeyMatcher();
  return useCallback((action: KeyAction, press: KeyPress) => matches(action, normalizePress(press)), [matches]);
}

/**
 * True for a press that would type text: no Ctrl or Alt, and some input. The modal swallows these so that a
 * stray letter cannot fall through to the prompt input underneath while a decision is pending.
 */
export function isPlainText(press: KeyPress): boolean {
  return press.input.length > 0 && !press.key.ctrl && !press.key.meta;
}
