import type { KeyAction } from "../../config/keymap.js";
import type { PermissionOption } from "../../protocol/index.js";
import { REJECT_WITH_EDIT_KIND } from "../../protocol/index.js";

/** The keymap action that picks an option of each kind (design.md §3: y / a / n / N, and e for the edit). */
const ACTION_BY_KIND: Readonly<Record<string, KeyAction>> = {
  allow_once: "modal.allowOnce",
  allow_always: "modal.allowAlways",
  reject_once: "modal.rejectOnce",
  reject_always: "modal.rejectAlways",
  [REJECT_WITH_EDIT_KIND]: "modal.rejectWithEdit",
};

/** The letter-key actions a modal checks, in the order it checks them. */
export const KIND_ACTIONS: readonly KeyAction[] = Object.values(ACTION_BY_KIND);

/** Options numbered 1–9 can be picked by their digit; further ones only with the arrows. */
export const MAX_NUMBERED_OPTIONS = 9;

const CHOICE_ID = /^choice-\d+$/;

/**
 * True for ZeroClaw's `ask_user` fallback (protocol.md §7.2): every optionId is `choice-N`. Its kinds are
 * `allow_once` for every answer but the last, so y/n would pick an answer by accident of position; such
 * requests get numbers and arrows only.
 */
export function isAskUserRequest(options: readonly PermissionOption[]): boolean {
  return options.length > 0 && options.every((option) => CHOICE_ID.test(option.optionId));
}

/**
 * The letter action of each option, aligned with `options`: by kind, each action given to the first option
 * of its kind only (a second `allow_once` would otherwise make `y` ambiguous), none for unknown kinds, and
 * none at all for an ask_user question.
 */
export function optionActions(options: readonly PermissionOption[]): (KeyAction | undefined)[] {
  if (isAskUserRequest(options)) return options.map(() => undefined);
  const taken = new Set<KeyAction>();
  return options.map((option) => {
    const action = ACTION_BY_KIND[option.kind];
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

/** True for ZeroClaw's reject-with-edit option, which needs the user's text before it can be sent. */
export function isEditOption(option: PermissionOption): boolean {
  return option.kind === REJECT_WITH_EDIT_KIND;
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
