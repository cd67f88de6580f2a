import { afterEach, describe, expect, it, vi } from "vitest";
import { KEYS } from "../../helpers/ink.js";
import { renderPrompt, WIDTHS } from "./prompt-harness.js";

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

describe.each(WIDTHS)("Ctrl+G composes in $EDITOR (%i columns)", (columns) => {
  it("calls openEditor with the current text and takes the result (trailing newline dropped)", async () => {
    const openEditor = vi.fn(async (text: string) => `${text}\nadded in the editor\n`);
    const onChange = vi.fn();
    const pane = await renderPrompt({ openEditor, onChange }, columns);
    cleanup = pane.unmount;
    await pane.type("start");
    await pane.press(KEYS.ctrlG);
    expect(openEditor).toHaveBeenCalledWith("start");
    await pane.waitForFrame((frame) => frame.includes("added in the editor"));
    expect(pane.inputLines()).toEqual(["> start", "  added in the editor"]);
    expect(onChange).toHaveBeenLastCalledWith("start\nadded in the editor");
    expect(pane.seen).toHaveLength(0);
    await pane.type("!");
    await pane.press(KEYS.enter);
    expect(pane.onSubmit).toHaveBeenCalledWith("start\nadded in the editor!", []);
  });

  it("keeps the text when the editor returns undefined or fails", async () => {
    let calls = 0;
    const openEditor = vi.fn(async (): Promise<string | undefined> => {
      calls++;
      if (calls === 2) throw new Error("no $EDITOR");
      return undefined;
    });
    const pane = await renderPrompt({ openEditor }, columns);
    cleanup = pane.unmount;
    await pane.type("draft");
    await pane.press(KEYS.ctrlG);
    await pane.press(KEYS.ctrlG);
    await pane.settle();
    expect(openEditor).toHaveBeenCalledTimes(2);
    expect(pane.inputLines()).toEqual(["> draft"]);
  });
});
