import type { KeyAction } from "../../config/keymap.js";
import type { PermissionOptionView } from "../../state/permission-view.js";

/** The keymap action that picks an option of each standard kind (design.md §3: y / a / n / N). */
const ACTION_BY_KIND: Readonly<Record<string, KeyAction>> = {
  allow_once: "modal.allowOnce",
  allow_always: "modal.allowAlways",
  reject_once: "modal.rejectOnce",
  reject_always: "modal.rejectAlways",
};

/** Options numbered 1–9 can be picked by their digit; further ones only with the arrows. */
export const MAX_NUMBERED_OPTIONS = 9;

/**
 * The letter action of each option, aligned with `options`: by kind (`e` for ZeroClaw's reject-with-edit),
 * each action given to the first option of its kind only (a second `allow_once` would otherwise make `y`
 * ambiguous), none for unknown kinds, and none at all for an ask_user question.
 */
export function optionActions(options: readonly PermissionOptionView[], question: boolean): (KeyAction | undefined)[] {
  if (question) return options.map(() => undefined);
  const taken = new Set<KeyAction>();
  return options.map((option) => {
    const action = option.intent === "reject_with_edit" ? "modal.rejectWithEdit" : ACTION_BY_KIND[option.kind];
    if (action === undefined || taken.has(action)) return undefined;
    taken.add(action);
    return action;
  });
}

/** The option index a digit key picks (`"1"` → 0), or undefined when the input is not a digit 1–9. */
export function digitIndex(input: string): number | undefined {
  if (input.length !== 1 || input < "1" || input > "9") return undefined;
  return input.charCodeAt(0) - 0x31;
}

/**
 * Packs hint segments (`⏎ choose`, `esc cancel`) into lines of at most `width` columns, joined by ` · `.
 * A segment wider than a line gets a line of its own; the caller cuts it.
 */
export function packHints(segments: readonly string[], width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const segment of segments) {
    const joined = line === "" ? segment : `${line} · ${segment}`;
    if (line !== "" && [...joined].length > width) {
      lines.push(line);
      line = segment;
    } else {
      line = joined;
    }
  }
  if (line !== "") lines.push(line);
  return lines;
}
