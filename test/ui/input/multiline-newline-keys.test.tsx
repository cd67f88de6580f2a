import { afterEach, describe, expect, it } from "vitest";
import { KEYS } from "../../helpers/ink.js";
import { renderPrompt, WIDTHS } from "./prompt-harness.js";

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

describe.each(WIDTHS)("newline keys never submit (%i columns)", (columns) => {
  it.each([
    ["Ctrl+J", KEYS.ctrlJ],
    ["Alt+Enter", KEYS.altEnter],
    ["modifyOtherKeys Shift+Enter", "\u001b[27;2;13~"],
    ["kitty Shift+Enter", "\u001b[13;2u"],
  ])("%s inserts a newline", async (_name, sequence) => {
    const pane = await renderPrompt({}, columns);
    cleanup = pane.unmount;
    await pane.type("one");
    await pane.press(sequence);
    await pane.type("two");
    expect(pane.onSubmit).not.toHaveBeenCalled();
    expect(pane.inputLines()).toEqual(["> one", "  two"]);
    await pane.press(KEYS.enter);
    expect(pane.onSubmit).toHaveBeenCalledWith("one\ntwo", []);
  });

  it("\\ then Enter replaces the backslash with a newline", async () => {
    const pane = await renderPrompt({}, columns);
    cleanup = pane.unmount;
    await pane.type("one\\");
    await pane.press(KEYS.enter);
    await pane.type("two");
    expect(pane.onSubmit).not.toHaveBeenCalled();
    expect(pane.inputLines()).toEqual(["> one", "  two"]);
    await pane.press(KEYS.enter);
    expect(pane.onSubmit).toHaveBeenCalledWith("one\ntwo", []);
  });

  it("a pasted multi-line string (LF and CRLF) shows three lines and does not submit", async () => {
    const pane = await renderPrompt({}, columns);
    cleanup = pane.unmount;
    await pane.press("a\nb\r\nc");
    expect(pane.onSubmit).not.toHaveBeenCalled();
    expect(pane.inputLines()).toEqual(["> a", "  b", "  c"]);
    await pane.press(KEYS.enter);
    expect(pane.onSubmit).toHaveBeenCalledWith("a\nb\nc", []);
  });

  it("backspace at a line start joins the lines back", async () => {
    const pane = await renderPrompt({}, columns);
    cleanup = pane.unmount;
    await pane.type("ab");
    await pane.press(KEYS.ctrlJ);
    await pane.press(KEYS.backspace);
    await pane.type("c");
    expect(pane.inputLines()).toEqual(["> abc"]);
  });
});
