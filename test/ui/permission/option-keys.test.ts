import { describe, expect, it } from "vitest";
import { createKeyMatcher, DEFAULT_KEYMAP, type KeyPress } from "../../../src/config/keymap.js";
import { isAskUserRequest, permissionView } from "../../../src/state/permission-view.js";
import { digitIndex, optionActions, packHints } from "../../../src/ui/permission/option-keys.js";
import { askUserRequest, EDIT_OPTIONS, pending, SHELL_OPTIONS } from "./fixtures.js";

/** The options of a request with `options`, as the modal gets them. */
const viewOptions = (options: typeof SHELL_OPTIONS) => permissionView(pending({ title: "t" }, options)).options;

describe("optionActions", () => {
  it("maps each kind to its key action, reject_with_edit to e", () => {
    expect(optionActions(viewOptions(EDIT_OPTIONS), false)).toEqual([
      "modal.allowOnce",
      "modal.allowAlways",
      "modal.rejectWithEdit",
      "modal.rejectOnce",
    ]);
  });

  it("gives a letter to the first option of a kind only, and none to unknown kinds", () => {
    const options = [
      { optionId: "a", name: "A", kind: "allow_once" },
      { optionId: "b", name: "B", kind: "allow_once" },
      { optionId: "c", name: "C", kind: "defer" },
      { optionId: "d", name: "D", kind: "reject_always" },
    ];
    expect(optionActions(viewOptions(options), false)).toEqual([
      "modal.allowOnce",
      undefined,
      undefined,
      "modal.rejectAlways",
    ]);
  });

  it("gives no letters to an ask_user question, whose kinds say nothing about approve or deny", () => {
    const { options } = askUserRequest();
    expect(isAskUserRequest(options)).toBe(true);
    const view = permissionView(askUserRequest());
    expect(view.question).toBe(true);
    expect(optionActions(view.options, view.question)).toEqual([undefined, undefined, undefined]);
    expect(isAskUserRequest(SHELL_OPTIONS)).toBe(false);
    expect(isAskUserRequest([])).toBe(false);
  });
});

describe("digitIndex", () => {
  it("reads 1–9 as option indexes and nothing else", () => {
    expect(digitIndex("1")).toBe(0);
    expect(digitIndex("9")).toBe(8);
    expect(digitIndex("0")).toBeUndefined();
    expect(digitIndex("12")).toBeUndefined();
    expect(digitIndex("y")).toBeUndefined();
  });
});

describe("packHints", () => {
  it("joins hints with a dot and starts a new line when the next one would not fit", () => {
    expect(packHints(["↑↓ ⏎ choose", "1-3 pick", "esc cancel"], 40)).toEqual(["↑↓ ⏎ choose · 1-3 pick · esc cancel"]);
    expect(packHints(["↑↓ ⏎ choose", "1-3 pick", "esc cancel"], 22)).toEqual(["↑↓ ⏎ choose · 1-3 pick", "esc cancel"]);
    expect(packHints(["a very long hint", "b"], 4)).toEqual(["a very long hint", "b"]);
  });
});

describe("Esc as Ink 6.8 reports it", () => {
  const key = {
    ctrl: false,
    meta: true,
    shift: false,
    return: false,
    escape: true,
    tab: false,
    backspace: false,
    delete: false,
    upArrow: false,
    downArrow: false,
    leftArrow: false,
    rightArrow: false,
    pageUp: false,
    pageDown: false,
  };
  it("lets the escape binding match Ink 6.8's Esc, which always carries meta", () => {
    const esc: KeyPress = { input: "", key };
    const matches = createKeyMatcher(DEFAULT_KEYMAP);
    expect(matches("modal.cancel", esc)).toBe(true);
  });
});
