import { afterEach, describe, expect, it } from "vitest";
import { KEYS } from "../../helpers/ink.js";
import { renderPrompt, WIDTHS } from "./prompt-harness.js";

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

describe.each(WIDTHS)("Enter submits exactly the text (%i columns)", (columns) => {
  it("submits the typed text trimmed, with no attachments, and clears the input", async () => {
    const pane = await renderPrompt({}, columns);
    cleanup = pane.unmount;
    await pane.type("  hello world ");
    expect(pane.inputLines()[0]).toBe(">   hello world");
    await pane.press(KEYS.enter);
    expect(pane.onSubmit).toHaveBeenCalledTimes(1);
    expect(pane.onSubmit).toHaveBeenCalledWith("hello world", []);
    expect(pane.inputLines()).toEqual([">"]);
  });

  it("does not submit an empty or blank input", async () => {
    const pane = await renderPrompt({}, columns);
    cleanup = pane.unmount;
    await pane.press(KEYS.enter);
    await pane.type("   ");
    await pane.press(KEYS.enter);
    expect(pane.onSubmit).not.toHaveBeenCalled();
  });

  it("edits with readline keys before submitting", async () => {
    const pane = await renderPrompt({}, columns);
    cleanup = pane.unmount;
    await pane.type("wrold");
    for (let i = 0; i < 3; i++) await pane.press(KEYS.left);
    await pane.press(KEYS.backspace);
    await pane.press(KEYS.right);
    await pane.type("r");
    await pane.press("\u0001"); // Ctrl+A
    await pane.type("hi ");
    await pane.press("\u0005"); // Ctrl+E
    await pane.type("!");
    await pane.press(KEYS.enter);
    expect(pane.onSubmit).toHaveBeenCalledWith("hi world!", []);
  });

  it("shows the placeholder while empty", async () => {
    const pane = await renderPrompt({ placeholder: "Ask anything" }, columns);
    cleanup = pane.unmount;
    expect(pane.inputLines()[0]).toBe(">  Ask anything");
    await pane.type("x");
    expect(pane.frame()).not.toContain("Ask anything");
  });
});
