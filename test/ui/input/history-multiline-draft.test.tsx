import { afterEach, describe, expect, it } from "vitest";
import { KEYS } from "../../helpers/ink.js";
import { renderPrompt, WIDTHS } from "./prompt-harness.js";

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

const history = ["oldest", "two\nlines", "newest"];

describe.each(WIDTHS)("history Up/Down with a multi-line draft (%i columns)", (columns) => {
  it("moves inside the draft first, recalls history from the first line, restores the draft", async () => {
    const pane = await renderPrompt({ history }, columns);
    cleanup = pane.unmount;
    await pane.type("draft 1");
    await pane.press(KEYS.ctrlJ);
    await pane.type("draft 2");
    // Cursor on the last line: Up moves to the first line, it does not recall.
    await pane.press(KEYS.up);
    expect(pane.inputLines()).toEqual(["> draft 1", "  draft 2"]);
    await pane.press(KEYS.up);
    expect(pane.inputLines()).toEqual(["> newest"]);
    await pane.press(KEYS.up);
    expect(pane.inputLines()).toEqual(["> two", "  lines"]);
    // The recalled prompt opens on its first line, so Up keeps paging.
    await pane.press(KEYS.up);
    expect(pane.inputLines()).toEqual(["> oldest"]);
    await pane.press(KEYS.up);
    expect(pane.inputLines()).toEqual(["> oldest"]);
    await pane.press(KEYS.down);
    expect(pane.inputLines()).toEqual(["> two", "  lines"]);
    await pane.press(KEYS.down);
    expect(pane.inputLines()).toEqual(["> newest"]);
    await pane.press(KEYS.down);
    expect(pane.inputLines()).toEqual(["> draft 1", "  draft 2"]);
    await pane.press(KEYS.enter);
    expect(pane.onSubmit).toHaveBeenCalledWith("draft 1\ndraft 2", []);
  });

  it("Down on a recalled multi-line prompt moves inside it before going newer", async () => {
    const pane = await renderPrompt({ history }, columns);
    cleanup = pane.unmount;
    await pane.press(KEYS.up);
    await pane.press(KEYS.up);
    expect(pane.inputLines()).toEqual(["> two", "  lines"]);
    await pane.press(KEYS.down);
    expect(pane.inputLines()).toEqual(["> two", "  lines"]);
    await pane.press(KEYS.down);
    expect(pane.inputLines()).toEqual(["> newest"]);
    await pane.press(KEYS.enter);
    expect(pane.onSubmit).toHaveBeenCalledWith("newest", []);
  });
});
